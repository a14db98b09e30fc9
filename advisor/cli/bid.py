"""``advisor bid``: before the talon, what passing, misère and each game bid are worth."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import click

from advisor.cards import parse_hand
from advisor.cli.guard import ExitCode
from advisor.cli.help import Command
from advisor.cli.options import (
    SEAT_WORDS,
    effective_convention,
    effective_table,
    game_run_options,
)
from advisor.i18n import N_

if TYPE_CHECKING:
    from advisor.exact.bid import BidAdvice

BID_SAMPLES = 320  # advisor.exact.bid.BID_SAMPLES, which help must not load


@click.command(
    cls=Command,
    help=N_(
        "Before the talon: what passing, misère and each game bid are worth, and how high to "
        "bid.\n\n"
        "HAND is ten cards. For each bid still open in the auction, the value of winning it: "
        "on each talon the declarer picks one discard and one contract at least the bid (or "
        "gives up three down) from his twelve cards, on splits of the defenders' cards of its "
        "own, and that choice is scored, double dummy, on other splits. Misère is check "
        "--exact's exact odds, passing the table's pass_score. All in points (a clean misère "
        "+10) under the table's convention or --convention; the first hand leads. The ceiling "
        "is the highest bid still worth more than passing.\n\n"
        "Exit code: 0 if a bid or misère is worth making, 1 if passing is best, 2 bad input."
    ),
    examples=(
        'advisor bid "♠9 10 J Q K A ♣K A ♦7 A"',
        'advisor bid "7S QS AS KC AC 9D QD AD KH AH" --seat second --auction "6S"',
    ),
)
@click.argument("hand", nargs=-1, required=True)
@click.option(
    "--seat",
    type=click.Choice(SEAT_WORDS, case_sensitive=False),
    default="first",
    show_default=True,
    help=N_("Your seat: first, second or third hand (first hand leads the first trick)."),
)
@click.option(
    "--auction",
    metavar="CALLS",
    help=N_('The calls so far from first hand on, ending at your turn ("6S pass 7C"; '
            "default: every hand before yours passed)."),
)  # fmt: skip
@game_run_options(
    N_(
        "The splits the games are scored on at most, eight a talon, but 16 talons (128 "
        "splits) at the least (at most {limit:,})."
    ),
    BID_SAMPLES,
    N_("Work out every talon, no stopping early."),
    least=8,
)
def bid(
    hand: tuple[str, ...],
    seat: str,
    auction: str | None,
    convention: str | None,
    table_path: str | None,
    samples: int,
    seed: int,
    full: bool,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.auction import read_auction
    from advisor.exact.settings import ExactSettings
    from advisor.seats import Position
    from advisor.solver import require_core

    cards = parse_hand(hand)
    position = Position.parse(seat)
    state = read_auction(" ".join(["pass"] * position) if auction is None else auction, position)
    table = effective_table(table_path)
    rules = effective_convention(table_path, convention)
    settings = ExactSettings(samples, seed, full=full, jobs=jobs)
    settings.checked()
    require_core("advisor.game._core", N_("game solver"))
    from advisor.exact.bid import bid_odds

    run = functools.partial(bid_odds, cards, state, table, rules, settings)
    from advisor.cli.progress import answered

    found = answered(run, as_json, _render)
    raise SystemExit(ExitCode.PASS if found.answer.is_pass else ExitCode.DECLARE)


def _render(found: BidAdvice) -> None:
    """The text report (rich loaded for it alone: ``--json`` starts without it)."""
    from advisor.cli.render_bid import render_bid

    render_bid(found)
