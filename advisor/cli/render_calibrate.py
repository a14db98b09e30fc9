"""Output of ``advisor table calibrate``: the table's values beside exact play's, a progress
bar."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable
from rich.text import Text

from advisor.calibrate import Calibration, Figure, HoldingCalibration
from advisor.cli.render import console, percent, plain
from advisor.seats import Lead
from advisor.solver import ProgressCallback
from advisor.table import Table

_LEAD_HEADS = {Lead.ME: "Own", Lead.THEM: "Their"}


@contextlib.contextmanager
def progress_bar(show: bool) -> Iterator[ProgressCallback | None]:
    """A progress bar on standard error over the pieces of work (a hand of a holding)."""
    if not show:
        yield None
        return
    columns = (TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console(stderr=True), transient=True) as progress:
        task = progress.add_task("calibrate", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield advance


def render_calibration(calibration: Calibration, table: Table, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"table": table.name, **calibration.to_dict()}, ensure_ascii=False))
        return
    out = console()
    out.print(Text.assemble(("Table  ", "bold"), plain(table.name)))
    if calibration.exact:
        deals = "every split of every representative hand (exact)"
    else:
        deals = (
            f"{calibration.samples:,} random deals a holding (seed {calibration.seed}), "
            "± half the 95% interval"
        )
    out.print(Text.assemble(("Exact  ", "bold"), deals))
    out.print(_rows(calibration))
    out.print("own: you lead; their: L or R leads (averaged); in hands whose other suits are")
    out.print("clean and low as dealt, two of their cards discarded")


def _rows(calibration: Calibration) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, header_style="bold")
    shown.add_column("Holding")
    for lead in calibration.leads:
        shown.add_column(f"{_LEAD_HEADS[lead]}: table", justify="right")
        shown.add_column("exact", justify="right")
    shown.add_column("Table's value", overflow="fold")
    for row in calibration.holdings:
        cells: list[str | Text] = [str(row.holding)]
        for lead in calibration.leads:
            cells += [percent(row.table[lead].percent), _figure(row.exact[lead], calibration)]
        cells.append(plain(_source(row)))
        shown.add_row(*cells)
    return shown


def _figure(figure: Figure, calibration: Calibration) -> str:
    if calibration.exact:
        return f"{figure.percent:.1f}%"
    return f"{figure.percent:.1f}% ±{(figure.high - figure.low) / 2:.1f}"


def _source(row: HoldingCalibration) -> str:
    """Where the table's values come from (once when both leads agree)."""
    return "; ".join(dict.fromkeys(judged.source for judged in row.table.values()))
