"""``advisor solve``: exact double-dummy play, for one layout or over all the layouts of a hand."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, Any

import click

from advisor.cli.options import example, jobs_option, json_option
from advisor.errors import AdvisorError
from advisor.limits import MAX_SAMPLES

if TYPE_CHECKING:
    from advisor.solver import Layout, LayoutResult, Odds

LEADERS = {"me": 0, "left": 1, "right": 2}  # Seat.M, Seat.L, Seat.R without importing it
_PROGRESS_FROM = 20_000  # layouts: below this a run is too short for a progress bar


@click.command(
    epilog=example(
        'advisor solve "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H" --discards "AD AH" --lead left',
        'advisor solve --layout "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ',
        '                        R: ♠QKA ♣QKA ♦QK ♥QK" --lead me',
    )
)
@click.argument("hand", nargs=-1)
@click.option(
    "--layout",
    metavar='"M: ... L: ... R: ..."',
    help="Solve this one deal of three 10-card hands instead of all the layouts of HAND.",
)
@click.option("--discards", metavar='"C1 C2"', help="M's two discards (with HAND).")
@click.option(
    "--lead",
    type=click.Choice(list(LEADERS), case_sensitive=False),
    required=True,
    help="Who leads the first trick: me (M), left (L, who plays after M) or right (R).",
)
@click.option("--exact", "exact", is_flag=True, help="Solve all 184,756 layouts (the default).")
@click.option(
    "--samples",
    type=click.IntRange(min=1, max=MAX_SAMPLES),
    metavar="N",
    help=f"Solve N random layouts instead (at most {MAX_SAMPLES:,}).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of --samples.")
@jobs_option("Threads to solve with, at most 4 a core (the layouts are shared out).", short=False)
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
    """Solve misère exactly, every card in view (double dummy).

    With --layout: whether the catchers can catch M in that deal, the most tricks they can
    force, and one best line of play. With HAND (M's ten cards after the discard) and
    --discards: the same over every split of the other 20 cards between L and R, or over
    --samples N random splits, with the chance to be caught, the forced tricks and the
    expected score (+10 to the pool when clean, 10 to the mountain per trick).
    """
    if layout is not None:
        if hand or discards or exact or samples:
            raise click.UsageError("--layout takes no HAND, --discards, --exact or --samples")
        _solve_layout(layout, lead.lower(), as_json)
        return
    if not hand:
        raise click.UsageError("give HAND (with --discards) or --layout")
    if discards is None:
        raise click.UsageError("--discards is required with HAND")
    if exact and samples:
        raise click.UsageError("--exact and --samples exclude each other")
    _solve_odds(" ".join(hand), discards, lead.lower(), samples, seed, jobs, as_json)


def _solve_layout(text: str, lead: str, as_json: bool) -> None:
    from advisor.solver import Seat, parse_layout, solve_layout

    hands = parse_layout(text)
    result = solve_layout(*hands, Seat(LEADERS[lead]))
    if as_json:
        _echo_json(_layout_json(hands, lead, result))
        return
    from advisor.cli.render_solve import render_layout

    render_layout(hands, Seat(LEADERS[lead]), result)


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
    from advisor.solver import EXACT_LAYOUTS, Seat, catch_odds

    hand = parse_hand(hand_text)
    try:
        discards = parse_cards(discards_text, count=2)
    except AdvisorError as error:
        raise type(error)(f"--discards: {error}") from None
    seat = Seat(LEADERS[lead])
    run = functools.partial(catch_odds, hand, discards, seat, samples=samples, seed=seed, jobs=jobs)
    if sys.stderr.isatty() and (samples or EXACT_LAYOUTS) >= _PROGRESS_FROM:
        from advisor.cli.render_solve import with_progress

        odds = with_progress(run)
    else:
        odds = run()
    if as_json:
        _echo_json(_odds_json(str(hand), str(discards), lead, samples, seed, odds))
        return
    from advisor.cli.render_solve import render_odds

    render_odds(hand, discards, seat, odds, seed)


def _echo_json(data: dict[str, Any]) -> None:
    import json

    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _layout_json(hands: Layout, lead: str, result: LayoutResult) -> dict[str, Any]:
    return {
        "hands": {seat: str(cards) for seat, cards in zip("MLR", hands, strict=True)},
        "lead": lead,
        "caught": result.caught,
        "tricks": result.tricks,
        "line": [
            {
                "leader": trick.leader.name,
                "cards": [str(card) for card in trick.cards],
                "winner": trick.winner.name,
            }
            for trick in result.line
        ],
    }


def _odds_json(
    hand: str, discards: str, lead: str, samples: int | None, seed: int, odds: Odds
) -> dict[str, Any]:
    low, high = odds.interval
    data: dict[str, Any] = {
        "hand": hand,
        "discards": discards,
        "lead": lead,
        "exact": odds.exact,
        "layouts": odds.layouts,
        "caught": odds.caught,
        "fraction": odds.fraction,
        "interval": [low, high],
        "histogram": list(odds.histogram),
        "expected_tricks": odds.expected_tricks,
        "expected_score": odds.expected_score,
    }
    if samples is not None:
        data["seed"] = seed
    return data
