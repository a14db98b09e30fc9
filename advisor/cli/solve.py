"""``advisor solve``: exact double-dummy play, for one layout or over all the layouts of a hand."""

from __future__ import annotations

import functools
import sys
from math import comb

import click

from advisor.cli.help import Command, Option
from advisor.cli.options import jobs_option, json_option, samples_option, seed_option
from advisor.errors import AdvisorError
from advisor.i18n import N_, Phrase, _
from advisor.jsonout import json_text
from advisor.seats import Lead

LEADS = (Lead.ME, Lead.LEFT, Lead.RIGHT)  # one seat leads: them is not a choice here
ALL_LAYOUTS = comb(20, 10)  # advisor.solver.EXACT_LAYOUTS, which help must not load
_PROGRESS_FROM = 20_000  # layouts: below this a run is too short for a progress bar


@click.command(
    cls=Command,
    help=N_(
        "Solve misère exactly, every card in view (double dummy).\n\n"
        "With --layout: whether the catchers can catch M in that deal, the most tricks they can "
        "force, and one best line of play. With HAND (M's ten cards after the discard) and "
        "--discards: the same over every split of the other 20 cards between L and R, or over "
        "--samples N random splits, with the chance to be caught, the forced tricks and the "
        "expected score (+10 to the pool when clean, 10 to the mountain per trick)."
    ),
    examples=(
        'advisor solve "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H" --discards "AD AH" --lead left',
        'advisor solve --layout "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ',
        '                        R: ♠QKA ♣QKA ♦QK ♥QK" --lead me',
    ),
)
@click.argument("hand", nargs=-1)
@click.option(
    "--layout",
    metavar='"M: ... L: ... R: ..."',
    help=N_("Solve this one deal of three 10-card hands instead of all the layouts of HAND."),
)
@click.option("--discards", metavar='"C1 C2"', help=N_("M's two discards (with HAND)."))
@click.option(
    "--lead",
    type=click.Choice([lead.value for lead in LEADS], case_sensitive=False),
    required=True,
    help=N_("Who leads the first trick: me (M), left (L, who plays after M) or right (R)."),
)
@click.option(
    "--exact",
    "exact",
    is_flag=True,
    cls=Option,
    help=N_("Solve all {layouts:,} layouts (the default)."),
    help_values={"layouts": ALL_LAYOUTS},
)
@samples_option(N_("Solve N random layouts instead"), None)
@seed_option(N_("Seed of --samples."))
@jobs_option(
    N_("Threads to solve with, the layouts shared out (0: all cores; at most 4 a core)."),
    short=False,
)
@json_option
def solve(
    hand: tuple[str, ...],
    layout: str | None,
    discards: str | None,
    lead: str,
    exact: bool,
    samples: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    if layout is not None:
        if hand or discards or exact or samples:
            raise click.UsageError(_("--layout takes no HAND, --discards, --exact or --samples"))
        _solve_layout(layout, lead.lower(), as_json)
        return
    if not hand:
        raise click.UsageError(_("give HAND (with --discards) or --layout"))
    if discards is None:
        raise click.UsageError(_("--discards is required with HAND"))
    if exact and samples:
        raise click.UsageError(_("--exact and --samples exclude each other"))
    _solve_odds(" ".join(hand), discards, lead.lower(), samples, seed, jobs, as_json)


def _solve_layout(text: str, lead: str, as_json: bool) -> None:
    from advisor.solver import parse_layout, solve_layout

    (seat,) = Lead(lead).seats
    result = solve_layout(*parse_layout(text), seat)
    if as_json:
        click.echo(json_text(result.to_dict(), indent=2))
        return
    from advisor.cli.render_solve import render_layout

    render_layout(result)


def _solve_odds(
    hand_text: str,
    discards_text: str,
    lead: str,
    samples: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.cards import parse_cards, parse_hand
    from advisor.solver import HandOdds, catch_odds
    from advisor.splits import EXACT_LAYOUTS

    hand = parse_hand(hand_text)
    try:
        discards = parse_cards(discards_text, count=2)
    except AdvisorError as error:
        raise type(error)(Phrase("--discards: {error}", error=error.phrase)) from None
    (seat,) = Lead(lead).seats
    run = functools.partial(
        catch_odds, hand, discards, seat, samples=samples, seed=seed, jobs=jobs, per_suit=True
    )
    if sys.stderr.isatty() and (samples or EXACT_LAYOUTS) >= _PROGRESS_FROM:
        from advisor.cli.render import with_progress

        odds = with_progress(run)
    else:
        odds = run()
    found = HandOdds(hand, discards, seat, odds, None if samples is None else seed)
    if as_json:
        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_solve import render_odds

    render_odds(found)
