"""Terminal output of ``advisor batch``: the results table, the progress bar, the summary."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any

from rich.progress import BarColumn, Progress, ProgressColumn, Task, TaskProgressColumn, TextColumn
from rich.table import Table as RichTable
from rich.text import Text

from advisor.batch import BANDS, Row, Tally
from advisor.cli.render import VERDICT_STYLE, console, percent, plain

BAR_WIDTH = 30


class ResultTable:
    """Rows printed as they come, in chunks sharing one header and fixed column widths; with
    several files, each file's rows come under its name."""

    def __init__(self, stream: IO[str], several_files: bool) -> None:
        self.console = console(stream=stream)
        self.several_files = several_files
        self.file: str | None = None

    def add(self, rows: Sequence[Row]) -> None:
        start = 0
        for end in range(1, len(rows) + 1):
            if end == len(rows) or rows[end].file != rows[start].file:
                self._print(rows[start:end])
                start = end

    def _print(self, rows: Sequence[Row]) -> None:
        first = self.file is None
        if rows[0].file != self.file:
            self.file = rows[0].file
            if self.several_files:
                self.console.print(plain(self.file, style="bold"))
                first = True
        table = _table(show_header=first)
        for row in rows:
            table.add_row(*_cells(row))
            if row.extra:  # --talon, --exact: the extra fields, under the hand
                table.add_row("", "", plain(_extra_text(row.extra), style="dim"), "", "", "", "")
        self.console.print(table)


def _table(show_header: bool) -> RichTable:
    table = RichTable(box=None, pad_edge=False, show_header=show_header, header_style="bold")
    table.add_column("Line", width=6, justify="right")
    table.add_column("Id", width=10, no_wrap=True, overflow="ellipsis")
    table.add_column("Hand", width=28, overflow="fold")
    table.add_column("Lead", width=4)
    table.add_column("Holes", width=5, justify="right")
    table.add_column("Caught", width=6, justify="right")
    table.add_column("Verdict", width=7)
    return table


def _cells(row: Row) -> list[str | Text]:
    if row.error is not None:
        verdict = "error"
        cells: list[str | Text] = [str(row.line), "", plain(row.error, style="red"), "", "", ""]
    else:
        verdict = row.verdict
        cells = [str(row.line), plain(row.id or ""), row.hand, row.lead, str(row.holes),
                 percent(row.combined)]  # fmt: skip
    return [*cells, Text(verdict, style=VERDICT_STYLE[verdict])]


def _extra_text(extra: Mapping[str, Any]) -> str:
    """``talon_clean=0.5 outs=["♠8"]``: numbers and text as they are, anything else as JSON."""
    return " ".join(_field_text(name, value) for name, value in extra.items())


def _field_text(name: str, value: Any) -> str:
    if name == "exact":  # --exact: its object in one line
        from advisor.cli.render_exact import exact_summary

        return exact_summary(value)
    if name == "allpass":  # --allpass: what passing costs, in one line
        return f"all-pass: {value['expected_tricks']:.2f} tricks, {-value['expected_penalty']:+.2f}"
    return f"{name}={_shown(value)}"


def _shown(value: Any) -> str:
    if isinstance(value, (str, int, float)):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def band_label(band: int) -> str:
    """``0`` -> ``'0–10%'`` ... ``10`` -> ``'≥100%'``: bands include their lower bound."""
    if band == BANDS - 1:
        return f"≥{10 * band}%"
    return f"{10 * band}–{10 * band + 10}%"


def render_summary(tally: Tally, to_stdout: bool) -> None:
    """Hands read, declare, pass, bad lines, and a bar chart of the combined chances."""
    out = console(stderr=not to_stdout)
    bad = f"{tally.bad:,} bad line{'s' if tally.bad != 1 else ''}"
    out.print(
        f"{tally.hands:,} hand{'s' if tally.hands != 1 else ''} read: "
        f"{tally.declare:,} declare, {tally.passed:,} pass, {bad}"
    )
    if tally.failed_files:
        files = "1 file" if tally.failed_files == 1 else f"{tally.failed_files} files"
        out.print(f"{files} could not be read")
    valid = tally.declare + tally.passed
    if not valid:
        return
    out.print("Combined catch chance of the valid hands:")
    top = max(tally.bands)
    for band, count in enumerate(tally.bands):
        length = round(BAR_WIDTH * count / top)
        bar = "█" * length or ("▏" if count else "")
        out.print(
            Text.assemble(
                f"{band_label(band):>8}  ", (f"{bar:<{BAR_WIDTH}}", "cyan"), f" {count:>,}"
            )
        )


class _HandsPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        hands = task.fields.get("hands", 0)
        speed = hands / task.elapsed if task.elapsed else 0
        return Text(f"{hands:,} hands, {speed:,.0f}/s")


@contextlib.contextmanager
def progress_bar(total_bytes: int, show: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error over ``total_bytes`` of input; yields
    ``advance(bytes, hands)``. Nothing at all when ``show`` is false."""
    if not show:
        yield lambda size, hands: None
        return
    columns = (TextColumn("checking"), BarColumn(), TaskProgressColumn(), _HandsPerSecond())
    with Progress(*columns, console=console(stderr=True), transient=True) as progress:
        task = progress.add_task("batch", total=total_bytes, hands=0)
        counted = 0

        def advance(size: int, hands: int) -> None:
            nonlocal counted
            counted += hands
            progress.update(task, advance=size, hands=counted)

        yield advance
