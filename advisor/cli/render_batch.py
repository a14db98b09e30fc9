"""Terminal output of ``advisor batch``: the results table, the progress bar, the summary."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TaskProgressColumn, TextColumn
from rich.text import Text

from advisor.batch import BANDS, Row, Tally
from advisor.batch.reader import printable
from advisor.cli.grid import Column, Grid, Paint, fit
from advisor.cli.render import VERDICT_STYLE, VERDICT_WORDS, console, percent
from advisor.i18n import N_, _, ngettext, number, shown_cards, text
from advisor.jsonout import json_text
from advisor.text import shown

BAR_WIDTH = 30


class ResultTable:
    """Rows printed as they come, under one header, in columns laid out once for the width of
    the terminal (folded when it is narrow); with several files, each file's rows come under its
    name. Written as plain text (with the styles' escape codes on a colour terminal), without a
    rich table: a hundred thousand rows take well under a second to write."""

    def __init__(self, stream: IO[str], several_files: bool) -> None:
        self.console = console(stream=stream)
        self.stream = stream
        self.several_files = several_files
        self.file: str | None = None
        self.grid = _grid(self.console.width)
        self.paint = _Paint(self.console)
        # the words and figures of the cells, translated once
        self.leads = {lead: _(word) for lead, word in LEAD_WORDS.items()}
        self.verdicts = {verdict: _(word) for verdict, word in _VERDICT_CELLS.items()}
        self.painters = {verdict: self.paint.columns({_VERDICT: style})
                         for verdict, style in VERDICT_STYLE.items()}  # fmt: skip
        self.error_painter = self.paint.columns({_HAND: "red", _VERDICT: VERDICT_STYLE["error"]})
        self.extra_painter = self.paint.columns({_HAND: "dim"})
        self.holes = [number(holes) for holes in range(5)]
        self.percents: dict[float, str] = {}
        self.usual = self.grid.template((_VERDICT,)) + "\n" if self._roomy() else None
        self.painted = {verdict: _painted(self.painters[verdict], word)
                        for verdict, word in self.verdicts.items()}  # fmt: skip

    def _roomy(self) -> bool:
        """Whether every usual row fits on one line as it is: one band, a hand column as wide
        as the widest hand, a line number of up to six digits."""
        widths = self.grid.layout.widths
        return (
            len(self.grid.layout.bands) == 1
            and widths[_HAND] >= _WIDEST_HAND
            and widths[0] >= len(str(_MILLION - 1))
        )

    def add(self, rows: Sequence[Row]) -> None:
        out: list[str] = []
        for row in rows:
            if row.file != self.file:
                self._start_file(row.file, out)
            out.append(self._row(row))
        self.stream.write("".join(out))
        self.stream.flush()  # before the chunk's messages on standard error

    def _start_file(self, file: str, out: list[str]) -> None:
        first = self.file is None
        self.file = file
        if self.several_files:
            out.append(self.paint.line(shown(file), "bold"))
        if first or self.several_files:
            header = [column.header for column in self.grid.columns]
            out.append(self.grid.line(header, self.paint.all("bold")))

    def _row(self, row: Row) -> str:
        if row.error is not None:
            problem = printable(text(row.error))
            cells = [str(row.line), "", problem, "", "", "", self.verdicts["error"]]
            return self.grid.line(cells, self.error_painter)
        combined = self.percents.get(row.combined)
        if combined is None:
            combined = percent(row.combined)
            if len(self.percents) < _REMEMBERED:
                self.percents[row.combined] = combined
        if self.usual is not None and row.id is None and not row.extra and row.line < _MILLION:
            # the usual row, which fits its columns as it is: by the template, at once
            return self.usual.format(
                row.line,
                "",
                shown_cards(row.hand),
                self.leads[row.lead],
                self.holes[row.holes],
                combined,
                self.painted[row.verdict],
            )
        cells = [str(row.line), "" if row.id is None else shown(row.id), shown_cards(row.hand),
                 self.leads.get(row.lead, row.lead), self.holes[row.holes], combined,
                 self.verdicts[row.verdict]]  # fmt: skip
        found = self.grid.line(cells, self.painters[row.verdict])
        if row.extra:  # --talon, --exact: the extra fields, under the hand
            extra = ["", "", shown(_extra_text(row.extra)), "", "", "", ""]
            found += self.grid.line(extra, self.extra_painter)
        return found


_COLUMNS: tuple[tuple[str, int, bool], ...] = (  # header, English width, at the right
    (N_("Line"), 6, True),
    (N_("Id"), 10, False),
    (N_("Hand"), 28, False),
    (N_("Lead"), 4, False),
    (N_("Holes"), 5, True),
    (N_("Caught"), 6, True),
    (N_("Verdict"), 7, False),
)
_HAND, _ID, _VERDICT = 2, 1, 6
_WIDEST_HAND = len("♠7 8 10 ♣7 8 10 ♦7 10 ♥7 10")  # ten cards, four of them tens: 27
_MILLION = 1_000_000  # line numbers below it fit the Line column
_REMEMBERED = 4096  # combined chances whose cell is kept (a run has a few hundred)
_WIDEST_SUIT = len("♠7 8 9 10 J Q K A")  # the Hand column is never narrower (a hand breaks
# between its suits)
LEAD_WORDS = {"me": N_("me"), "them": N_("them")}
"""A line's lead in the table's Lead column (``свой``/``чужой`` in Russian)."""
_VERDICT_CELLS = {**VERDICT_WORDS, "error": N_("error")}
"""A verdict, or a bad line's ``error``, in the table's Verdict column."""
_WORDS_IN = {3: LEAD_WORDS, _VERDICT: _VERDICT_CELLS}  # the columns showing one of a few words


def _grid(width: int) -> Grid:
    """The results table: each column as wide as in English, or as its translated header or
    words need; laid out once for ``width`` (the rows come later, as a stream)."""
    columns, natural, narrowest = [], [], []
    for index, (header, least, right) in enumerate(_COLUMNS):
        words = [_(word) for word in _WORDS_IN.get(index, {}).values()]
        natural.append(max(least, len(_(header)), *(len(word) for word in words)))
        narrowest.append({_HAND: _WIDEST_SUIT, _ID: 4}.get(index, natural[-1]))
        columns.append(Column(_(header), right=right, wrap=index == _HAND, truncate=index == _ID))
    return Grid(columns, fit(natural, narrowest, width, [column.truncate for column in columns]))


def _painted(paint: Paint | None, word: str) -> str:
    """``word`` (the last column's) with the escape codes of its column around it."""
    if paint is None or _VERDICT not in paint:
        return word
    before, after = paint[_VERDICT]
    return f"{before}{word}{after}"


class _Paint:
    """The escape codes of styles on a colour terminal (none elsewhere), made once each, by
    the console itself."""

    def __init__(self, out: Console) -> None:
        self.console = out
        self.color_system = out.color_system
        self._codes: dict[str, tuple[str, str]] = {}

    def codes(self, style: str) -> tuple[str, str]:
        found = self._codes.get(style)
        if found is None:
            with self.console.capture() as captured:
                self.console.print(Text("\0", style=style), end="")
            before, _, after = captured.get().partition("\0")
            found = self._codes[style] = (before, after)
        return found

    def line(self, text: str, style: str) -> str:
        before, after = self.codes(style)
        return f"{before}{text}{after}\n"

    def columns(self, styles: Mapping[int, str]) -> Paint | None:
        """The escape codes of these columns' styles, for :meth:`Grid.line`; None without
        colour."""
        if self.color_system is None:
            return None
        return {index: self.codes(style) for index, style in styles.items()}

    def all(self, style: str) -> Paint | None:
        """Every column in ``style``."""
        return self.columns(dict.fromkeys(range(len(_COLUMNS)), style))


_TALON_FIELDS = ("talon_clean", "talon_declare", "talon_expected_combined", "talon_outs")


def _extra_text(extra: Mapping[str, Any]) -> str:
    """``talon_clean=0.5 ... all-pass: ...``: the extra fields, numbers and text as they are,
    anything else as JSON."""
    parts = []
    talon = all(field in extra for field in _TALON_FIELDS)
    for name, value in extra.items():
        if "bid" in extra and name.startswith("bid_"):
            continue  # --bid: its object says it in one line
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
    if name == "bid":  # --bid: the seat and the answer
        from advisor.cli.render_bid import answer_text
        from advisor.contract import MISERE, PASS, Bid
        from advisor.seats import Position

        ceiling, words = value["ceiling"], value["answer"]
        answer = MISERE if words == "misere" else PASS if ceiling is None else Bid.parse(ceiling)
        return _(
            "bid, {seat}: {answer}",
            seat=Position.parse(value["seat"]).label.text(),
            answer=answer_text(answer),
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
    # the label, two spaces, the bar, a space and the largest count, in the terminal's width
    bar_width = max(1, min(BAR_WIDTH, out.width - 8 - 2 - 1 - len(number(top, ","))))
    for band, count in enumerate(tally.bands):
        length = round(bar_width * count / top)
        bar = "█" * length or ("▏" if count else "")
        out.print(
            Text.assemble(
                f"{band_label(band):>8}  ",
                (f"{bar:<{bar_width}}", "cyan"),
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
