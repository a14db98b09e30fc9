"""Output of ``advisor table calibrate``: the table's values beside exact play's, a progress
bar."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from advisor.calibrate import Calibration, CatchFigure, Figure, HoldingCalibration
from advisor.cli.grid import Cell, Column, Grid, paragraph
from advisor.cli.render import console, fields, percent, plain
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.jsonout import json_text
from advisor.limits import MIN_INTERVAL_SAMPLES
from advisor.parallel import ProgressCallback
from advisor.seats import Lead
from advisor.table import Table

_FIGURE_WORDS = {
    CatchFigure.SUIT: N_("through the holding: M's first trick forced into its suit (per suit)"),
    CatchFigure.HAND: N_("at all, whatever the suit of M's first trick (the hand's whole chance)"),
}
"""What the figures count as caught."""
_LEAD_HEADS = {Lead.ME: N_("Own: table"), Lead.THEM: N_("Their: table")}
"""The head of a lead's column of table values (exact play's column is headed ``exact``)."""


@contextlib.contextmanager
def progress_bar(show: bool) -> Iterator[ProgressCallback | None]:
    """A progress bar on standard error over the pieces of work (a hand of a holding)."""
    if not show:
        yield None
        return
    columns = (TextColumn(_("solving")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console(stderr=True), transient=True) as progress:
        task = progress.add_task("calibrate", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield advance


def render_calibration(calibration: Calibration, table: Table, as_json: bool) -> None:
    if as_json:
        click.echo(json_text({"table": table.name, **calibration.to_dict()}))
        return
    out = console()
    if calibration.samples is None:
        deals = _("every split of every representative hand (exact)")
    elif calibration.samples < MIN_INTERVAL_SAMPLES:
        deals = ngettext(
            "{count:,} random deal a holding (seed {seed}), too few for a 95% interval",
            "{count:,} random deals a holding (seed {seed}), too few for a 95% interval",
            calibration.samples,
            seed=calibration.seed,
        )
    else:
        deals = ngettext(
            "{count:,} random deal a holding (seed {seed}), ± half the 95% interval",
            "{count:,} random deals a holding (seed {seed}), ± half the 95% interval",
            calibration.samples,
            seed=calibration.seed,
        )
    lines: list[tuple[str, Cell]] = [
        (_("Table"), plain(table.name)),
        (_("Exact"), deals),
        (_("Caught"), _(_FIGURE_WORDS[calibration.figure])),
    ]
    out.print(fields(lines, out.width))
    out.print(_rows(calibration, out.width))
    note = _(
        "own: you lead; their: L or R leads (averaged); in hands whose other suits are\n"
        "clean and low as dealt, two of their cards discarded"
    )
    out.print(paragraph(note, out.width))


def _rows(calibration: Calibration, width: int) -> Text:
    columns = [Column(_("Holding"))]
    for lead in calibration.leads:
        columns += [Column(_(_LEAD_HEADS[lead]), right=True), Column(_("exact"), right=True)]
    columns.append(Column(_("Table's value"), wrap=True))
    rows: list[list[Cell]] = []
    for row in calibration.holdings:
        cells: list[Cell] = [shown_cards(row.holding)]
        for lead in calibration.leads:
            cells += [percent(row.table[lead].percent), _figure(row.exact[lead], calibration)]
        cells.append(plain(_source(row)))
        rows.append(cells)
    return Grid.of(columns, rows, width).text(rows)


def _figure(figure: Figure, calibration: Calibration) -> str:
    if calibration.exact or figure.low is None or figure.high is None:
        return number(figure.percent, ".1f") + "%"
    return f"{number(figure.percent, '.1f')}% ±{number((figure.high - figure.low) / 2, '.1f')}"


def _source(row: HoldingCalibration) -> str:
    """Where the table's values come from (once when both leads agree)."""
    return "; ".join(dict.fromkeys(judged.source.text() for judged in row.table.values()))
