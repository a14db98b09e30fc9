"""``advisor check``: one hand, its holes, the founding rules, declare or pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from advisor.cards import parse_hand
from advisor.cli.guard import ExitCode
from advisor.cli.help import Command
from advisor.cli.options import (
    allpass_options,
    allpass_seats,
    effective_table,
    exact_options,
    json_option,
    lead_option,
    require_exact,
    table_option,
)
from advisor.i18n import N_, _
from advisor.jsonout import json_text
from advisor.seats import Lead, Position
from advisor.verdict import Assessment, assess

if TYPE_CHECKING:
    from advisor.allpass import PassingCost
    from advisor.exact import ExactOdds
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
    allpass: bool,
    seat: str | None,
) -> None:
    require_exact(ctx, exact)
    if as_json and quiet:
        raise click.UsageError(_("--json and --quiet exclude each other"), ctx)
    founding_lead = _founding_lead(ctx, lead.lower(), exact)
    seats = allpass_seats(ctx, allpass, seat, Lead(lead.lower()))
    assessment = assess(parse_hand(hand), founding_lead, effective_table(table_path))
    passing = _passing(assessment, seats) if allpass else None
    found = _exact(assessment, lead.lower(), samples, seed, discard, passing) if exact else None
    if as_json:
        data = assessment.to_dict()
        if talon:
            data["talon"] = _outlook(assessment).to_dict()
        if passing is not None:
            data["allpass"] = passing.to_dict()
        if found is not None:
            data["exact"] = found.to_dict()
        click.echo(json_text(data, indent=2))
    elif not quiet:
        from advisor.cli.render_check import render_assessment, render_talon_hint

        render_assessment(assessment)
        if talon:
            from advisor.cli.render_talon import render_outlook

            render_outlook(_outlook(assessment))
        else:
            render_talon_hint()
        if passing is not None:
            from advisor.cli.render_allpass import render_passing

            render_passing(passing)
        if found is not None:
            from advisor.cli.render_exact import render_exact

            render_exact(found)
    declare = assessment.declare if found is None else found.declare
    raise SystemExit(ExitCode.DECLARE if declare else ExitCode.PASS)


def _outlook(assessment: Assessment) -> TalonOutlook:
    """Imported here: the plain check never loads the talon module."""
    from advisor.talon import talon_outlook

    return talon_outlook(assessment.hand, assessment.lead, assessment.table)


def _founding_lead(ctx: click.Context, lead: str, exact: bool) -> Lead:
    """The founding rules' lead: me, or them for any catcher's seat (left and right need
    --exact, and get the plain check's own error without it)."""
    if not exact:
        param = next(p for p in ctx.command.params if p.name == "lead")
        lead = click.Choice(["me", "them"], case_sensitive=False).convert(lead, param, ctx)
    return Lead.ME if lead == "me" else Lead.THEM


def _passing(assessment: Assessment, seats: tuple[Position, ...]) -> PassingCost:
    """Imported here: the plain check never loads all-pass."""
    from advisor.allpass import AllPassRules, passing_cost

    return passing_cost(assessment.hand, seats, AllPassRules.from_table(assessment.table))


def _exact(
    assessment: Assessment,
    lead: str,
    samples: int,
    seed: int,
    discard: str,
    passing: PassingCost | None,
) -> ExactOdds:
    """Imported here: the plain check never loads the solver."""
    from advisor.exact import exact_odds

    return exact_odds(
        assessment.hand,
        Lead(lead),
        assessment.table,
        samples=samples,
        seed=seed,
        discard=discard,
        passing=passing,
    )
