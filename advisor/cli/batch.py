"""``advisor batch``: check every hand in files of hands, one record per line, in order."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import IO

import click
from click.core import ParameterSource

from advisor.batch import (
    STDIN_LABEL,
    AllPassFields,
    BatchJob,
    BatchRun,
    BidFields,
    ExactFields,
    FileFailure,
    Source,
    Tally,
    csv_header,
    extra_analysis,
    refuse_overwriting_inputs,
)
from advisor.cli.bid import BID_SAMPLES
from advisor.cli.guard import ExitCode, say
from advisor.cli.help import Command
from advisor.cli.options import (
    allpass_options,
    effective_table,
    exact_options,
    full_option,
    input_format_option,
    jobs_option,
    json_option,
    lead_option,
    named_file,
    require_exact,
    samples_option,
    table_option,
)
from advisor.fileio import atomic_output
from advisor.i18n import N_, Phrase, _
from advisor.limits import MAX_DISCARD_SAMPLES
from advisor.seats import Lead, Position
from advisor.text import shown as shown_text


@click.command(
    cls=Command,
    help=N_(
        "Check every hand in FILEs (no FILE or - : standard input), one result per line.\n\n"
        "A text file has one hand per line in any notation `advisor check` reads; blank lines "
        'and lines starting with # are skipped. A line may end with "; lead=me" (or them) '
        'and "; id=NAME". A CSV file (*.csv) has a header with a hand column and optional '
        "lead and id columns.\n\n"
        "Every other line yields one record: jsonl has the fields of `advisor check --json` "
        'plus file, line and id; a bad line gives {"file", "line", "error"} and a '
        "FILE:LINE message on standard error. Exit code: 0 when every line was a valid hand, "
        "2 otherwise.\n\n"
        '--exact adds the "exact" object of `advisor check --exact --json` (a line\'s lead '
        "them means both catchers' seats, averaged).\n\n"
        "--bid adds advisor bid's figures, every hand before the player's seat passing: "
        "bid_seat, bid_answer, bid_ceiling, bid_pass, bid_misere, bid_best_game_points and "
        'bid_best_contract in every format, and the whole "bid" object of `advisor bid '
        "--json` in jsonl. The seat is --seat, else first hand on a line's lead me, second "
        "hand on them. --seed and --full serve --exact and --bid alike."
    ),
    examples=(
        "advisor batch examples/hands.txt examples/hands.csv --format jsonl -o results.jsonl",
    ),
)
@click.argument("files", nargs=-1, metavar="[FILE]...")
@lead_option("me", "them", default="them")
@table_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["table", "jsonl", "csv"], case_sensitive=False),
    help=N_("How to write the results [default: table on a terminal, else jsonl]."),
)
@json_option
@input_format_option
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    callback=named_file,
    help=N_("Write the results to FILE, whole or not at all (-: standard output)."),
)
@jobs_option(N_("Processes to check with (0: all cores; at most 4 a core)."))
@click.option("-q", "--quiet", is_flag=True, help=N_("No progress bar and no summary."))
@click.option(
    "-t", "--talon", is_flag=True, help=N_("Add the talon outlook of advisor check --talon.")
)
@exact_options
@full_option
@allpass_options
@click.option(
    "--bid",
    "bid",
    is_flag=True,
    help=N_("Add advisor bid's figures: what passing, misère and each game bid are worth."),
)
@samples_option(
    N_("With --bid: the splits the games are scored on at most, eight a talon, but 16 talons "
       "(128 splits) at the least (at most {limit:,})."),
    BID_SAMPLES, MAX_DISCARD_SAMPLES, 8, name="--bid-samples",
)  # fmt: skip
@click.pass_context
def batch(
    ctx: click.Context,
    files: tuple[str, ...],
    lead: str,
    table_path: str | None,
    output_format: str | None,
    as_json: bool,
    input_format: str | None,
    output: str | None,
    jobs: int,
    quiet: bool,
    talon: bool,
    exact: bool,
    samples: int,
    seed: int,
    discard: str,
    full: bool,
    allpass: bool,
    seat: str | None,
    bid: bool,
    bid_samples: int,
) -> None:
    """``advisor batch``: its help is the command's ``help`` above (translated when shown)."""
    if output == "-":  # standard output, as "-" among the files is standard input
        output = None
    if as_json and output_format not in (None, "jsonl"):
        raise click.UsageError(
            _("--json asks for jsonl, --format asks for {format}", format=output_format)
        )
    require_exact(ctx, exact, ("samples", "discard"))
    _require_either(ctx, exact, bid)
    shown = "jsonl" if as_json else output_format or _default_format(output)
    job = BatchJob(
        effective_table(table_path),
        Lead(lead.lower()),
        "rows" if shown == "table" else shown,
        extra_analysis(
            talon,
            _exact_fields(samples, seed, discard, full) if exact else None,
            _allpass_fields(ctx, allpass, seat, bid),
            _bid_fields(bid_samples, seed, full, seat) if bid else None,
        ),
    )
    sources = [hand_source(name, input_format) for name in files or ("-",)]
    if output is None:
        refuse_overwriting_inputs(sources, sys.stdout, Phrase("standard output"))
    else:
        refuse_overwriting_inputs(sources, output, output)
    with _destination(output) as out, BatchRun(job, jobs, out) as run:
        tally = _run(run, sources, out, shown, quiet)
    raise SystemExit(ExitCode.BAD_INPUT if tally.bad or tally.failed_files else ExitCode.SUCCESS)


def _exact_fields(samples: int, seed: int, discard: str, full: bool) -> ExactFields:
    """``--exact``: checked for the compiled solver before the run starts."""
    from advisor.exact.settings import ExactSettings
    from advisor.solver import require_core

    require_core()
    return ExactFields(ExactSettings(samples, seed, discard, full))


def _require_either(ctx: click.Context, exact: bool, bid: bool) -> None:
    """A usage error for ``--seed`` or ``--full`` without ``--exact`` or ``--bid``, and for
    ``--bid-samples`` without ``--bid``: they mean nothing then."""
    for name in ("seed", "full"):
        if not (exact or bid) and ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE:
            raise click.UsageError(_("{option} needs --exact or --bid", option="--" + name), ctx)
    if not bid and ctx.get_parameter_source("bid_samples") is ParameterSource.COMMANDLINE:
        raise click.UsageError(_("--bid-samples needs --bid"), ctx)


def _bid_fields(samples: int, seed: int, full: bool, seat: str | None) -> BidFields:
    """``--bid``: checked for both compiled solvers (misère's and the games') before the run
    starts."""
    from advisor.exact.settings import ExactSettings
    from advisor.solver import require_core

    require_core()
    require_core("advisor.game._core", N_("game solver"))
    settings = ExactSettings(samples, seed, full=full)
    settings.checked()
    return BidFields(settings, None if seat is None else Position.parse(seat))


def _allpass_fields(
    ctx: click.Context, allpass: bool, seat: str | None, bid: bool = False
) -> AllPassFields | None:
    """``--allpass``: checked for the compiled all-pass solver before the run starts."""
    if seat is not None and not (allpass or bid):
        raise click.UsageError(_("--seat needs --allpass or --bid"), ctx)
    if not allpass:
        return None
    from advisor.allpass.solver import core_available
    from advisor.errors import AllPassSolverUnavailableError

    if not core_available():
        raise AllPassSolverUnavailableError()
    return AllPassFields(None if seat is None else Position.parse(seat))


def _default_format(output: str | None) -> str:
    return "table" if output is None and sys.stdout.isatty() else "jsonl"


def hand_source(name: str, input_format: str | None) -> Source:
    """A file of hands named on the command line (``-``: standard input), read as text or CSV
    (``--input-format``, else by its name)."""
    is_csv = input_format == "csv" or (input_format is None and name.lower().endswith(".csv"))
    if name == "-":
        return Source(STDIN_LABEL, stream=sys.stdin.buffer, is_csv=is_csv)
    # shown with its control characters escaped, U+FFFD where its bytes are not UTF-8
    return Source(shown_text(name), path=name, is_csv=is_csv)


@contextlib.contextmanager
def _destination(output: str | None) -> Iterator[IO[bytes]]:
    if output is None:
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
    else:
        with atomic_output(output) as handle:
            yield handle


def _run(run: BatchRun, sources: list[Source], out: IO[bytes], shown: str, quiet: bool) -> Tally:
    from advisor.cli.render_batch import ResultTable, progress_bar, render_summary

    tally = Tally()
    sizes = [source.size() for source in sources]
    show_progress = not quiet and sys.stderr.isatty() and None not in sizes
    to_screen = out is sys.stdout.buffer
    wrapper = None if to_screen else io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    text = wrapper or sys.stdout
    table = ResultTable(text, several_files=len(sources) > 1) if shown == "table" else None
    if shown == "csv":
        out.write(csv_header(run.job.extra).encode("utf-8"))
    results = run.results(sources)  # the workers start here, before the progress bar's thread
    with progress_bar(sum(size or 0 for size in sizes), show_progress) as advance:
        for result in results:
            if isinstance(result, FileFailure):
                tally.failed_files += 1
                say(result.message.text())
                continue
            if table is not None:
                table.add(result.rows)
            else:
                result.write_to(out)
            if result.messages:
                say("\n".join(message.text() for message in result.messages))
            tally.add(result.tally)
            advance(result.size, result.tally.hands)
    if wrapper is not None:
        wrapper.detach()  # the output stays open for the caller to close
    if not quiet:
        render_summary(tally, to_stdout=table is not None and to_screen)
    return tally
