"""Shared pieces of terminal output (rich)."""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Sequence
from typing import IO, TypeVar

from rich.console import Console
from rich.text import Text

from advisor.cli.grid import NARROWEST_REPORT, Cell, Column, Grid, paragraph
from advisor.i18n import N_, _, number
from advisor.seats import Lead
from advisor.text import shown


class _Console(Console):
    """A rich console that lets a closed pipe through to the one error handler (exit 141,
    quietly), instead of rich's own ``SystemExit(1)``, which would read as a pass."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def console(stderr: bool = False, stream: IO[str] | None = None) -> Console:
    """A console that honours NO_COLOR, keeps 80 columns when piped, and is never narrower than
    :data:`~advisor.cli.grid.NARROWEST_REPORT` columns."""
    stream = stream or (sys.stderr if stderr else sys.stdout)
    out = _Console(file=stream, highlight=False, soft_wrap=False, emoji=False)
    if out.width < NARROWEST_REPORT:
        out.width = NARROWEST_REPORT
    return out


def plain(text: str, style: str = "") -> Text:
    """Text from the user as it is: never read as markup, its control characters escaped."""
    return Text(shown(text), style=style)


def percent(value: float) -> str:
    """A percent figure as the table writes it: ``50%``, ``99.5%`` (in Russian ``99,5%``)."""
    return number(value, "g") + "%"


def note(out: Console, text: str) -> None:
    """A dim line of prose under a report, wrapped at the console's width with no space at
    the end of a line (Rich's own wrapping leaves one where it breaks) and never read as
    markup."""
    out.print(Text(paragraph(text, out.width), style="dim"))


def share(fraction: float, digits: int = 1) -> str:
    """A fraction as a percent: ``0.3377`` -> ``'33.8%'``."""
    return number(100 * fraction, f".{digits}f") + "%"


VERDICT_STYLE = {"declare": "bold green", "pass": "bold red", "error": "bold red"}
"""How a verdict (or a bad line's error) is coloured."""

VERDICT_WORDS = {"declare": N_("declare"), "pass": N_("pass")}
"""A verdict as a table cell or a clause names it (translated where shown)."""

VERDICT_HEADLINES = {"declare": N_("DECLARE"), "pass": N_("PASS")}
"""A verdict as the headline of a verdict line (translated where shown)."""

LEAD_WORDS = {
    "me": N_("me (M leads the first trick)"),
    "left": N_("left (L leads the first trick)"),
    "right": N_("right (R leads the first trick)"),
    "them": N_("them (L's and R's lead, averaged)"),
}
"""Who leads the first trick, by the ``--lead`` value, in the exact analyses (translated where
shown)."""

FOUNDING_LEAD_WORDS = {
    Lead.ME: N_("me (the misère player leads first)"),
    Lead.THEM: N_("them (a catcher leads first)"),
}
"""A lead as the founding rules see it, on screen (translated where shown)."""


def labels(*english: str, gap: int = 2) -> list[str]:
    """``english`` labels translated and padded to one width, the longest plus ``gap``: the
    heads of a column of ``Label  value`` lines, aligned in any language."""
    translated = [_(label) for label in english]
    width = max(len(label) for label in translated) + gap
    return [f"{label:<{width}}" for label in translated]


def fields(rows: Sequence[tuple[str, Cell]], width: int, least: int = 0) -> Text:
    """``Label  value`` lines: the labels (translated already; bold) padded to one width, at
    least ``least``, each value's prose wrapped under itself when it would pass ``width``."""
    columns = (Column(least=least), Column(wrap=True))
    cells = [(Text(label, style="bold"), value) for label, value in rows]
    grid = Grid.of(columns, cells, width, header=False, gaps=(2,))
    return grid.text(cells, header=False)


_NARROWEST_REASON = 24  # a verdict's reason goes under its head rather than in fewer columns


def verdict_line(head: Text, reason: str, more: str, width: int) -> Text:
    """``head — reason; more`` on one line, or with ``more`` on a line of its own, under
    ``reason``, when the whole would not fit in ``width`` columns (any language); either wrapped
    under itself where it is still too long."""
    if len(head) + len(reason) + len(more) + 5 <= width:
        return Text.assemble(head, f" — {reason}; {more}")
    head = Text.assemble(head, " —")
    if width - len(head) - 1 < _NARROWEST_REASON:  # the reason under the head, indented
        cells = [(Text(), f"{reason};\n{more}")]
        grid = Grid.of((Column(), Column(wrap=True)), cells, width, header=False, gaps=(2,))
        return Text("\n").join([head, grid.text(cells, header=False)])
    cells = [(head, f"{reason};\n{more}")]
    grid = Grid.of((Column(), Column(wrap=True)), cells, width, header=False, gaps=(1,))
    return grid.text(cells, header=False)


T = TypeVar("T")


def with_progress(run: Callable[..., T], label: str = N_("Solving")) -> T:
    """Call ``run(progress=...)`` under a rich progress bar on standard error, headed by
    ``label`` (translated), drawn from the first progress report on: bad input, which ``run``
    rejects before it solves anything, is told without a bar drawn first, and a run that ends
    without reporting draws none."""
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    bar = Progress(
        _(label),
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
    )
    task = bar.add_task("work", total=None)

    def update(done: int, total: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        return run(progress=update)
    finally:
        bar.stop()
