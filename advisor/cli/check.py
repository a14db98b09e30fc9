"""``advisor check``: one hand, its holes, the founding rules, declare or pass."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NamedTuple

import click

from advisor.cards import parse_hand
from advisor.cli.guard import ExitCode
from advisor.cli.help import Command
from advisor.cli.options import (
    EXACT_SETTINGS,
    allpass_options,
    allpass_seats,
    effective_table,
    exact_options,
    exact_run_options,
    founding_lead,
    json_option,
    lead_option,
    require_exact,
    table_option,
)
from advisor.cli.progress import on_terminal
from advisor.i18n import N_, _
from advisor.seats import Lead, Position
from advisor.verdict import Assessment, assess

if TYPE_CHECKING:
    from advisor.allpass import PassingCost
    from advisor.exact.game_check import GameCheck
    from advisor.exact.result import ExactOdds
    from advisor.exact.settings import ExactSettings
    from advisor.talon import TalonOutlook


@click.command(
    cls=Command,
    help=N_(
        "Say whether to declare misère with HAND, and why.\n\n"
        "HAND is ten cards in any notation (one quoted argument or several): 7S 8S 10S ..., "
        "7♠ 8♠ 10♠ ...,  ♠7810 ♣79J ...,  S:7,8,10 C:..., 78T.79J.78.79, or Russian "
        "7п 8п 10п ... Вт.\n\n"
        "With --exact, --lead also takes left or right (that catcher is first hand); them "
        "then means both catchers' seats, averaged. --allpass adds what passing costs if "
        'everyone passes; with the table\'s pass_score = "allpass", --exact compares the '
        "misère with it.\n\n"
        "Exit code: 0 declare, 1 pass, 2 bad input (for the hand as dealt, also with --talon; "
        "with --exact, the exact-play verdict: declare when the expected score beats "
        "pass_score)."
    ),
    examples=(
        'advisor check "♠7810 ♣79J ♦78 ♥79" --lead me',
        'advisor check "♠K ♣789 ♦78J ♥78J" --exact --lead left',
    ),
)
@click.argument("hand", nargs=-1, required=True)
@lead_option("me", "left", "right", "them", default="them")
@table_option
@json_option
@click.option("-q", "--quiet", is_flag=True, help=N_("Print nothing; the exit code is the answer."))
@click.option(
    "-t",
    "--talon",
    is_flag=True,
    help=N_(
        "Also go through the 231 possible talons, each with its best discard: the chances "
        "to end clean or worth declaring, and the outs of each hole."
    ),
)
@exact_options
@exact_run_options
@allpass_options
@click.pass_context
def check(
    ctx: click.Context,
    hand: tuple[str, ...],
    lead: str,
    table_path: str | None,
    as_json: bool,
    quiet: bool,
    talon: bool,
    exact: bool,
    samples: int,
    seed: int,
    discard: str,
    full: bool,
    jobs: int,
    allpass: bool,
    seat: str | None,
) -> None:
    require_exact(ctx, exact, (*EXACT_SETTINGS, "full", "jobs"))
    if as_json and quiet:
        raise click.UsageError(_("--json and --quiet exclude each other"), ctx)
    founding = founding_lead(ctx, lead, exact)
    seats = allpass_seats(ctx, allpass, seat, Lead(lead.lower()))
    assessment = assess(parse_hand(hand), founding, effective_table(table_path))
    settings = _exact_run(Lead(lead.lower()), samples, seed, discard, full, jobs) if exact else None
    if as_json or quiet:
        passing = _passing(assessment, seats) if allpass else None
        found = None if settings is None else _exact(assessment, settings, passing, False)
        if as_json:  # --quiet: the exit code alone, the misère's verdict; no word on games
            game = None if found is None or settings is None else _game(found, settings)
            _print_json(assessment, talon, passing, found, game)
    else:  # the founding rules at once, then each slower part as it is done
        passing, found = _render(assessment, talon, seats if allpass else None, settings)
    declare = assessment.declare if found is None else found.declare
    raise SystemExit(ExitCode.DECLARE if declare else ExitCode.PASS)


def _render(
    assessment: Assessment,
    talon: bool,
    seats: tuple[Position, ...] | None,
    settings: _ExactRun | None,
) -> tuple[PassingCost | None, ExactOdds | None]:
    """The text output, each part printed as soon as it is known."""
    from advisor.cli.render_check import render_assessment, render_talon_hint

    render_assessment(assessment)
    if talon:
        from advisor.cli.render_talon import render_outlook

        render_outlook(_outlook(assessment))
    else:
        render_talon_hint()
    sys.stdout.flush()
    passing = None
    if seats is not None:
        from advisor.cli.render_allpass import render_passing

        passing = _passing(assessment, seats)
        render_passing(passing)
        sys.stdout.flush()
    found = None
    if settings is not None:
        from advisor.cli.render_exact import render_exact, render_game

        found = _exact(assessment, settings, passing, sys.stderr.isatty())
        render_exact(found)
        sys.stdout.flush()
        game = _game(found, settings)
        if game is not None:
            render_game(game)
    return passing, found


def _print_json(
    assessment: Assessment,
    talon: bool,
    passing: PassingCost | None,
    found: ExactOdds | None,
    game: GameCheck | None,
) -> None:
    from advisor.jsonout import json_text  # the text path loads no JSON (start-up)

    data = assessment.to_dict()
    if talon:
        data["talon"] = _outlook(assessment).to_dict()
    if passing is not None:
        data["allpass"] = passing.to_dict()
    if found is not None:
        data["exact"] = found.to_dict()
    if game is not None:
        data["game"] = game.to_dict()
    click.echo(json_text(data, indent=2))


def _outlook(assessment: Assessment) -> TalonOutlook:
    """Imported here: the plain check never loads the talon module."""
    from advisor.talon import talon_outlook

    return talon_outlook(assessment.hand, assessment.lead, assessment.table)


def _passing(assessment: Assessment, seats: tuple[Position, ...]) -> PassingCost:
    """Imported here: the plain check never loads all-pass."""
    from advisor.allpass import AllPassRules, passing_cost

    return passing_cost(assessment.hand, seats, AllPassRules.from_table(assessment.table))


def _exact_run(
    lead: Lead, samples: int, seed: int, discard: str, full: bool, jobs: int
) -> _ExactRun:
    """What ``--exact`` is asked to do; bad settings, or a missing solver, are told before
    anything is printed. Imported here: the plain check never loads the exact analysis."""
    from advisor.exact.settings import ExactSettings

    settings = ExactSettings(samples, seed, discard, full, jobs)
    settings.checked()
    return _ExactRun(lead, settings)


class _ExactRun(NamedTuple):
    """The seats ``--exact`` is asked about, and its settings."""

    lead: Lead
    settings: ExactSettings


def _exact(
    assessment: Assessment,
    settings: _ExactRun,
    passing: PassingCost | None,
    show_progress: bool,
) -> ExactOdds:
    """The exact analysis, under a progress bar on standard error when ``show_progress``.
    Imported here: the plain check never loads the solver."""
    import functools

    from advisor.exact.misere import exact_odds

    run = functools.partial(
        exact_odds,
        assessment.hand,
        settings.lead,
        assessment.table,
        settings.settings,
        passing=passing,
    )
    return on_terminal(run, show=show_progress, label=N_("Exact play"))


def _game(found: ExactOdds, settings: _ExactRun) -> GameCheck | None:
    """Whether a game is worth more than the misère (:mod:`advisor.exact.game_check`; None
    when the screen rules it out, or the compiled game solver is missing: the misère's
    verdict does not need it)."""
    from advisor.game.solver import core_available

    if not core_available():
        return None
    from advisor.exact.game_check import game_beside_misere

    return game_beside_misere(found, settings.settings.seed, settings.settings.jobs)
