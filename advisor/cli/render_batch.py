"""Terminal output of ``advisor batch``: the results table, the progress bar, the summary."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any

from rich.console import JustifyMethod, OverflowMethod
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TaskProgressColumn, TextColumn
from rich.table import Table as RichTable
from rich.text import Text

from advisor.batch import BANDS, Row, Tally
from advisor.batch.reader import printable
from advisor.cli.render import VERDICT_STYLE, VERDICT_WORDS, console, percent, plain
from advisor.i18n import N_, _, ngettext, number, shown_cards, text
from advisor.jsonout import json_text

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


_COLUMNS: tuple[tuple[str, int, JustifyMethod], ...] = (  # header, English width, justification
    (N_("Line"), 6, "right"),
    (N_("Id"), 10, "left"),
    (N_("Hand"), 28, "left"),
    (N_("Lead"), 4, "left"),
    (N_("Holes"), 5, "right"),
    (N_("Caught"), 6, "right"),
    (N_("Verdict"), 7, "left"),
)
LEAD_WORDS = {"me": N_("me"), "them": N_("them")}
"""A line's lead in the table's Lead column (``свой``/``чужой`` in Russian)."""
_VERDICT_CELLS = {**VERDICT_WORDS, "error": N_("error")}
"""A verdict, or a bad line's ``error``, in the table's Verdict column."""
_WORDS_IN = {3: LEAD_WORDS, 6: _VERDICT_CELLS}  # the columns showing one of a few words


def _table(show_header: bool) -> RichTable:
    """The results table: each column as wide as in English, or as its translated header or
    words need."""
    table = RichTable(box=None, pad_edge=False, show_header=show_header, header_style="bold")
    for index, (header, width, justify) in enumerate(_COLUMNS):
        words = [_(word) for word in _WORDS_IN.get(index, {}).values()]
        width = max(width, len(_(header)), *(len(word) for word in words))
        overflow: OverflowMethod = "fold" if index == 2 else "ellipsis"
        table.add_column(_(header), width=width, justify=justify, overflow=overflow,
                         no_wrap=index == 1)  # fmt: skip
    return table


def _cells(row: Row) -> list[str | Text]:
    if row.error is not None:
        verdict = "error"
        problem = plain(printable(text(row.error)), style="red")
        cells: list[str | Text] = [str(row.line), "", problem, "", "", ""]
    else:
        verdict = row.verdict
        cells = [str(row.line), plain(row.id or ""), shown_cards(row.hand),
                 _(LEAD_WORDS.get(row.lead, row.lead)), number(row.holes),
                 percent(row.combined)]  # fmt: skip
    return [*cells, Text(_(_VERDICT_CELLS[verdict]), style=VERDICT_STYLE[verdict])]


_TALON_FIELDS = ("talon_clean", "talon_declare", "talon_expected_combined", "talon_outs")


def _extra_text(extra: Mapping[str, Any]) -> str:
    """``talon_clean=0.5 ... all-pass: ...``: the extra fields, numbers and text as they are,
    anything else as JSON."""
    parts = []
    talon = all(field in extra for field in _TALON_FIELDS)
    for name, value in extra.items():
        if talon and name in _TALON_FIELDS:
            if name == _TALON_FIELDS[0]:
                parts.append(_talon_text(extra))
            continue
        parts.append(_field_text(name, value))
    return " ".join(parts)


def _talon_text(extra: Mapping[str, Any]) -> str:
    """The fields of ``--talon`` in one template (in Russian, words for the field names)."""
    clean, declare, expected, outs = (extra[field] for field in _TALON_FIELDS)
    return _(
        "talon_clean={clean} talon_declare={declare} talon_expected_combined={expected} "
        "talon_outs={outs}",
        clean=_value(clean),
        declare=_value(declare),
        expected=_value(expected),
        outs=shown_cards(_shown(outs)),
    )


def _field_text(name: str, value: Any) -> str:
    if name == "exact":  # --exact: its object in one line
        from advisor.cli.render_exact import exact_summary

        return exact_summary(value)
    if name == "allpass":  # --allpass: what passing costs, in one line
        return _(
            "all-pass: {tricks:.2f} tricks, {score:+.2f}",
            tricks=value["expected_tricks"],
            score=-value["expected_penalty"],
        )
    return f"{name}={_shown(value)}"


def _value(value: Any) -> Any:
    """A number as it is (written the language's way when filled in), anything else shown."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return _shown(value)


def _shown(value: Any) -> str:
    if isinstance(value, (str, int, float)):
        return str(value)
    return json_text(value)


def band_label(band: int) -> str:
    """``0`` -> ``'0–10%'`` ... ``10`` -> ``'≥100%'``: bands include their lower bound."""
    if band == BANDS - 1:
        return f"≥{number(10 * band)}%"
    return f"{number(10 * band)}–{number(10 * band + 10)}%"


def render_summary(tally: Tally, to_stdout: bool) -> None:
    """Hands read, declare, pass, bad lines, and a bar chart of the combined chances."""
    out = console(stderr=not to_stdout)
    bad = ngettext("{count:,} bad line", "{count:,} bad lines", tally.bad)
    out.print(
        ngettext(
            "{count:,} hand read: {declare:,} declare, {passed:,} pass, {bad}",
            "{count:,} hands read: {declare:,} declare, {passed:,} pass, {bad}",
            tally.hands,
            declare=tally.declare,
            passed=tally.passed,
            bad=bad,
        )
    )
    if tally.failed_files:
        files = tally.failed_files
        out.print(
            ngettext("{count} file could not be read", "{count} files could not be read", files)
        )
    valid = tally.declare + tally.passed
    if not valid:
        return
    out.print(_("Combined catch chance of the valid hands:"))
    top = max(tally.bands)
    for band, count in enumerate(tally.bands):
        length = round(BAR_WIDTH * count / top)
        bar = "█" * length or ("▏" if count else "")
        out.print(
            Text.assemble(
                f"{band_label(band):>8}  ",
                (f"{bar:<{BAR_WIDTH}}", "cyan"),
                f" {number(count, ',')}",
            )
        )


class _HandsPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        hands = task.fields.get("hands", 0)
        speed = hands / task.elapsed if task.elapsed else 0
        return Text(
            ngettext(
                "{count:,} hand, {speed:,.0f}/s",
                "{count:,} hands, {speed:,.0f}/s",
                hands,
                speed=speed,
            )
        )


@contextlib.contextmanager
def progress_bar(total_bytes: int, show: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error over ``total_bytes`` of input; yields
    ``advance(bytes, hands)``. Nothing at all when ``show`` is false."""
    if not show:
        yield lambda size, hands: None
        return
    columns = (TextColumn(_("checking")), BarColumn(), TaskProgressColumn(), _HandsPerSecond())
    with Progress(*columns, console=console(stderr=True), transient=True) as progress:
        task = progress.add_task("batch", total=total_bytes, hands=0)
        counted = 0

        def advance(size: int, hands: int) -> None:
            nonlocal counted
            counted += hands
            progress.update(task, advance=size, hands=counted)

        yield advance
