"""``advisor table set / unset / diff / compare / calibrate``: tuning the table with feedback.

Thin commands: they parse options, call the library (:mod:`advisor.table_edit`,
:mod:`advisor.table_diff`, :mod:`advisor.compare`, :mod:`advisor.calibrate`) and render.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click

from advisor.cli.guard import ExitCode, say
from advisor.cli.help import Command
from advisor.cli.options import (
    EXACT_SETTINGS,
    config_dir,
    effective_table,
    exact_options,
    input_format_option,
    jobs_option,
    json_option,
    lead_option,
    require_exact,
    samples_option,
    seed_option,
    table_option,
)
from advisor.defaults import CALIBRATE_SAMPLES
from advisor.i18n import N_, _
from advisor.seats import Lead
from advisor.table import BuiltIn, Table, load_table, table_reference
from advisor.text import shown

if TYPE_CHECKING:
    from advisor.batch import Source
    from advisor.compare import Comparison, ComparisonTally, ExactComparison


def _user_file(table_path: str | None) -> Path:
    from advisor.table_edit import user_table_file

    return user_table_file(table_path, os.environ, config_dir())


@click.command(
    name="set",
    cls=Command,
    help=N_(
        "Set KEY to VALUE in your table file, keeping its comments and layout.\n\n"
        'KEY is a holding ("7 Q", "7 8|9 Q"), a setting (threshold, combine, ...) or a rule '
        "(rules.no_seven). A holding takes one percent for both leads, or --own and/or "
        "--their. The file is the one --table, $ADVISOR_TABLE or the config directory names, "
        "made from the starter table if it is missing. The edited table is checked as `table "
        "check` does before it is written: a refused value changes nothing (exit code 2)."
    ),
    examples=(
        'advisor table set "7 Q" 82 --table my-table.toml',
        "advisor table set 8 --own 1 --their 10 --table my-table.toml",
        "advisor table set rules.no_seven false --table my-table.toml",
    ),
)
@click.argument("key")
@click.argument("value", required=False)
@click.option("--own", type=float, metavar="N", help=N_("A holding's percent on your own lead."))
@click.option("--their", type=float, metavar="N", help=N_("A holding's percent on their lead."))
@click.option(
    "--source", metavar="TEXT", help=N_("A holding's source: where its value comes from.")
)
@table_option
def set_key(
    key: str,
    value: str | None,
    own: float | None,
    their: float | None,
    source: str | None,
    table_path: str | None,
) -> None:
    from advisor.cli.render_table_tools import render_edit
    from advisor.table_edit import set_key as set_in_file

    path = _user_file(table_path)
    render_edit(set_in_file(path, key, value, own=own, their=their, source=source))


@click.command(
    cls=Command,
    help=N_("Remove KEY from your table file: the built-in value applies again."),
    examples=('advisor table unset "7 Q" --table my-table.toml',),
)
@click.argument("key")
@table_option
def unset(key: str, table_path: str | None) -> None:
    from advisor.cli.render_table_tools import render_edit
    from advisor.table_edit import unset_key

    render_edit(unset_key(_user_file(table_path), key))


def _named_table(name: str) -> Table:
    """A table argument: a built-in table's name (founding, exact) or a table file."""
    return load_table(table_reference(name))


@click.command(
    cls=Command,
    help=N_(
        "Show the settings and holdings whose values differ between two tables.\n\n"
        "A and B are table files or built-in tables (founding, exact). With neither, the "
        "built-in founding table and the effective one (--table, $ADVISOR_TABLE, the config "
        "file); with one, the founding table and that one. Each value comes with where it "
        "came from."
    ),
    examples=("advisor table diff founding exact",),
)
@click.argument("tables", nargs=-1, metavar="[A] [B]")
@table_option
@json_option
def diff(tables: tuple[str, ...], table_path: str | None, as_json: bool) -> None:
    from advisor.cli.render_table_tools import render_diff
    from advisor.table_diff import diff_tables

    if len(tables) > 2:
        raise click.UsageError(_("diff takes at most two tables, not {count}", count=len(tables)))
    if len(tables) == 2:
        a, b = (_named_table(name) for name in tables)
    else:
        a = load_table(BuiltIn.FOUNDING)
        b = _named_table(tables[0]) if tables else effective_table(table_path)
    render_diff(diff_tables(a, b), as_json)


@click.command(
    cls=Command,
    help=N_(
        "Check every hand of HANDS_FILE with two tables: which verdicts stay, which flip.\n\n"
        'The files are read as `advisor batch` reads them (text or CSV, "; lead=" and '
        '"; id=" options); a bad line is reported as batch reports it and the rest is '
        "compared. The table is the effective one (--table, $ADVISOR_TABLE, the config file), "
        "compared --against the founding table by default. --exact also scores both tables' "
        "verdicts against exact play's (`check --exact` on every hand, with the first table's "
        "pass_score). Exit code: 0 when every line was a hand, 2 otherwise."
    ),
    examples=("advisor table compare examples/tuning-hands.txt --against exact",),
)
@click.argument("files", nargs=-1, required=True, metavar="HANDS_FILE...")
@table_option
@click.option(
    "--against",
    metavar="TABLE",
    default=BuiltIn.FOUNDING.value,
    show_default=True,
    help=N_("The table to compare with: a file, or founding or exact."),
)
@lead_option("me", "them", default="them")
@input_format_option
@exact_options
@jobs_option(N_("With --exact: processes to run exact play in (0: all cores; at most 4 a core)."))
@click.option("-q", "--quiet", is_flag=True, help=N_("No progress bar."))
@json_option
@click.pass_context
def compare(
    ctx: click.Context,
    files: tuple[str, ...],
    table_path: str | None,
    against: str,
    lead: str,
    input_format: str | None,
    exact: bool,
    samples: int,
    seed: int,
    discard: str,
    jobs: int,
    quiet: bool,
    as_json: bool,
) -> None:
    from advisor.cli.batch import hand_source
    from advisor.compare import Comparison

    require_exact(ctx, exact, (*EXACT_SETTINGS, "jobs"))
    sources = [hand_source(name, input_format) for name in files]
    mine, theirs = effective_table(table_path), _named_table(against)
    setting = _exact_comparison(samples, seed, discard, jobs) if exact else None
    with Comparison(mine, theirs, Lead(lead.lower()), setting) as comparison:
        tally = _run_comparison(comparison, sources, as_json, show_progress=not quiet)
    raise SystemExit(ExitCode.BAD_INPUT if tally.bad or tally.failed_files else ExitCode.SUCCESS)


def _exact_comparison(samples: int, seed: int, discard: str, jobs: int) -> ExactComparison:
    """``--exact``: checked for the compiled solver before the run starts."""
    from advisor.batch import ExactFields
    from advisor.compare import ExactComparison
    from advisor.exact.settings import ExactSettings
    from advisor.solver import require_core

    require_core()
    return ExactComparison(ExactFields(ExactSettings(samples, seed, discard, full=True)), jobs)


def _run_comparison(
    comparison: Comparison, sources: list[Source], as_json: bool, show_progress: bool
) -> ComparisonTally:
    """Compare every source, printing the flips as they come and the summary at the end; bad
    lines and files go to standard error as batch gives them."""
    from advisor.batch import FileFailure
    from advisor.cli.render_batch import progress_bar
    from advisor.cli.render_compare import comparison_output
    from advisor.compare import ComparisonTally

    tally = ComparisonTally()
    output = comparison_output(comparison, len(sources) > 1, as_json)
    sizes = [source.size() for source in sources]
    show = show_progress and sys.stderr.isatty() and None not in sizes
    output.start()
    chunks = comparison.chunks(sources)  # with --exact the workers start here, before the bar
    with progress_bar(sum(size or 0 for size in sizes), show) as advance:
        for chunk in chunks:
            if isinstance(chunk, FileFailure):
                tally.failed_files += 1
                say(chunk.message.text())
                continue
            tally.add(chunk)
            output.add(chunk)
            if chunk.messages:
                say("\n".join(message.text() for message in chunk.messages))
            advance(chunk.size, chunk.verdicts.hands + chunk.bad)
    output.finish(tally)
    return tally


@click.command(
    cls=Command,
    help=N_(
        "Hold the table against exact play: each holding's exact catch chance beside the "
        "table's.\n\n"
        "Every entry of the effective table (each | alternative on its own) and every holding "
        "of up to four cards that is not clean, in representative hands: the other suits "
        "clean and low as dealt, two cards of the other suits discarded, the catchers' cards "
        "split at random; own = you lead, their = either catcher leads (averaged). --output "
        "writes a complete table file of the figures, each entry with its conditions as its "
        "source."
    ),
    examples=('advisor table calibrate --holding "7 Q" --holding 9',),
)
@table_option
@click.option(
    "--lead",
    type=click.Choice(["me", "them"], case_sensitive=False),
    help=N_("Only this lead: me (M leads) or them (L and R leading, averaged) [default: both]."),
)
@samples_option(
    N_("Deals solved for each holding and lead (drawn at random, seeded)"),
    CALIBRATE_SAMPLES,
)
@click.option("--all", "every_split", is_flag=True, help=N_("Solve every deal: exact, and slow."))
@click.option(
    "--figure",
    type=click.Choice(["suit", "hand"], case_sensitive=False),
    default="suit",
    show_default=True,
    help=N_(
        "What counts as caught: suit, the deals caught through the holding (M's first trick "
        "forced into its suit); hand, every deal the hand is caught in."
    ),
)
@seed_option(N_("The sampling seed (same seed, same figures)."))
@click.option(
    "--holding",
    "holdings",
    multiple=True,
    metavar="KEY",
    help=N_("Calibrate only this holding (repeatable) [default: the table's and the common ones]."),
)
@jobs_option(N_("Threads to solve with (0: all cores; at most 4 a core)."))
@click.option(
    "-o", "--output", metavar="FILE", help=N_("Write a complete table file of the figures.")
)
@click.option("-q", "--quiet", is_flag=True, help=N_("No progress bar."))
@json_option
@click.pass_context
def calibrate(
    ctx: click.Context,
    table_path: str | None,
    lead: str | None,
    samples: int,
    every_split: bool,
    figure: str,
    seed: int,
    holdings: tuple[str, ...],
    jobs: int,
    output: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    from advisor.calibrate import calibrate as run_calibration
    from advisor.calibrate_file import table_file_text
    from advisor.cli.render_calibrate import progress_bar, render_calibration
    from advisor.holdings import HoldingPattern

    source = ctx.get_parameter_source("samples")
    if every_split and source is click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError(_("--samples and --all exclude each other"), ctx)
    if output is not None and lead is not None:
        raise click.UsageError(_("--output writes both leads: leave out --lead"), ctx)
    table = effective_table(table_path)
    leads = (Lead.ME, Lead.THEM) if lead is None else (Lead(lead.lower()),)
    chosen = [found for key in holdings for found in HoldingPattern.parse(key).holdings()]
    count = None if every_split else samples
    # The output is opened before the work (a folder that refuses it is named at once, not
    # after minutes) and written before anything is printed (a failed print loses no file).
    with _opened(output) as out:
        with progress_bar(not quiet and sys.stderr.isatty()) as progress:
            found = run_calibration(table, leads=leads, samples=count, seed=seed, jobs=jobs,
                                    holdings=chosen or None, figure=figure.lower(),
                                    progress=progress)  # fmt: skip
        if out is not None and output is not None:
            deals = "--all" if every_split else f"--samples {samples}"
            if found.figure.value != "suit":
                deals += f" --figure {found.figure.value}"
            table_name = shlex.quote(table.name)
            command = f"advisor table calibrate {deals} --seed {seed} --table {table_name}"
            command += "".join(f" --holding {shlex.quote(key)}" for key in holdings)
            out.write(table_file_text(output, found, table, command).encode("utf-8"))
    render_calibration(found, table, as_json)
    if output is not None:
        click.echo(_("wrote {path}", path=shown(output)))


def _opened(output: str | None) -> contextlib.AbstractContextManager[IO[bytes] | None]:
    """``--output``'s file, written whole or not at all when the block ends; None without."""
    from advisor.fileio import atomic_output

    return contextlib.nullcontext() if output is None else atomic_output(output)
