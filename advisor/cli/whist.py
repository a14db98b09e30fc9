"""``advisor whist``: pass, whist or half-whist against a declared game, each priced in points
for this defender over the layouts on which the declarer could have named the contract."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from advisor.cards import HAND_SIZE, TALON_SIZE, parse_cards
from advisor.cli.help import Command
from advisor.cli.options import (
    convention_option,
    effective_convention,
    jobs_option,
    json_option,
    option_cards,
    samples_option,
    seed_option,
    table_option,
)
from advisor.defaults import WHIST_LAYOUTS
from advisor.errors import AdvisorError
from advisor.i18n import N_, Phrase
from advisor.limits import MIN_INTERVAL_SAMPLES

if TYPE_CHECKING:
    from advisor.whist import WhistAdvice

T = TypeVar("T")


@click.command(
    cls=Command,
    help=N_(
        "Whist or pass against a declared game: HAND is the defender's ten cards, --contract "
        "the game declared, --declarer where the declarer sits (left or right of the "
        "defender), --talon the talon shown to the table.\n\n"
        "The declarer's ten cards and the partner's are drawn at random from the 20 the "
        "defender does not see; a layout is kept when the declarer, seeing only his twelve "
        "cards, would name the contract: the advisor's declare, his discards and the contracts "
        "allowed by a bid of this one valued over a few splits of the defenders' cards, names "
        "it rather than a higher contract or giving up. On each kept layout the game is played "
        "double dummy with the discard so chosen (a lone whister plays open; "
        "closed play is not priced) and each call of the defender (pass, whist, half-whist "
        "where the rules allow it) is scored by the convention: his points, a 95% interval, "
        "and the chance the defence falls short of its quota.\n\n"
        "Seats: the defender on the declarer's left speaks first; the one on his right may "
        "half-whist a six or a seven after his partner passed. --partner is the partner's "
        "call; unknown: the convention's whist model decides it in each layout (folk: his "
        "folk call, whist with half the quota in sure tricks; both: he whists). --lead says "
        "who leads the first trick (the first hand), seen from the defender: me, partner or "
        "declarer."
    ),
    examples=(
        'advisor whist "7S 8S JS 10C QC AC 9D KD 7H AH" --contract 6S --declarer left '
        '--talon "QS 9H"',
    ),
)
@click.argument("hand", nargs=-1, required=True)
@click.option("--contract", required=True, metavar="7S", help=N_("The game declared (6S … 10NT)."))
@click.option(
    "--declarer",
    required=True,
    type=click.Choice(["left", "right"], case_sensitive=False),
    help=N_("Where the declarer sits: on the defender's left or right."),
)
@click.option("--talon", required=True, metavar='"C1 C2"', help=N_("The talon, shown to all."))
@click.option(
    "--partner",
    type=click.Choice(["pass", "whist", "half", "unknown"], case_sensitive=False),
    default="unknown",
    show_default=True,
    help=N_("The partner's call (half: he half-whisted, on the declarer's right); unknown: "
            "the convention's whist model decides it in each layout."),
)  # fmt: skip
@click.option(
    "--lead",
    type=click.Choice(["me", "partner", "declarer"], case_sensitive=False),
    default="partner",
    show_default=True,
    help=N_("Who leads the first trick (the first hand), seen from the defender."),
)
@convention_option
@table_option
@samples_option(
    N_("Layouts to keep (at most {limit:,}); splits are drawn until there are as many, or five "
       "times as many were drawn"),
    WHIST_LAYOUTS,
    minimum=MIN_INTERVAL_SAMPLES,
)  # fmt: skip
@seed_option(N_("The sampling seed (same seed, same answer)."))
@jobs_option(N_("Threads to solve with (0: all cores; the answer is the same)."), default=0)
@json_option
def whist(
    hand: tuple[str, ...],
    contract: str,
    declarer: str,
    talon: str,
    partner: str,
    lead: str,
    convention: str | None,
    table_path: str | None,
    samples: int,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.contract import Contract
    from advisor.defence import Call
    from advisor.whist import Leader, Side, WhistProblem, whist_advice

    problem = WhistProblem(
        parse_cards(" ".join(hand), count=HAND_SIZE),
        option_cards("--talon", talon, TALON_SIZE),
        _option(Contract.parse, "--contract", contract),
        Side(declarer.lower()),
        Leader(lead.lower()),
        None if partner.lower() == "unknown" else Call(partner.lower()),
        effective_convention(table_path, convention),
    )
    run = functools.partial(whist_advice, problem, samples=samples, seed=seed, jobs=jobs)
    from advisor.cli.progress import answered

    answered(run, as_json, _render)


def _render(found: WhistAdvice) -> None:
    """The text report (rich loaded for it alone: ``--json`` starts without it)."""
    from advisor.cli.render_whist import render_whist

    render_whist(found)


def _option(parse: Callable[[str], T], option: str, text: str) -> T:
    """``parse(text)``; an error in it names the option."""
    try:
        return parse(text)
    except AdvisorError as error:
        raise type(error)(Phrase("{option}: {error}", option=option, error=error.phrase)) from None
