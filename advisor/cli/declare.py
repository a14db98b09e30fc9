"""``advisor declare``: after the talon, which two cards to discard and which game to name."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import click

from advisor.cards import WITH_TALON, parse_cards
from advisor.cli.guard import ExitCode
from advisor.cli.help import Command
from advisor.cli.options import effective_convention, game_run_options
from advisor.contract import PASS, Bid
from advisor.errors import BidError
from advisor.i18n import N_, Phrase
from advisor.seats import Lead

if TYPE_CHECKING:
    from advisor.exact.declare import Declaration

DECLARE_LAYOUTS = 400  # advisor.exact.declare.DECLARE_LAYOUTS, which help must not load


@click.command(
    cls=Command,
    help=N_(
        "After the talon: which two cards to discard and which game to name.\n\n"
        "CARDS is twelve cards, the hand and the talon. Every discard worth playing (keeping "
        "the higher card of a suit is never worse) and every strain is played out double "
        "dummy on the same random splits of the defenders' 20 cards; each contract at least "
        "the bid is ranked by its expected points (the misère scale: a clean misère +10), with "
        "the chance of making it, the mean tricks and a 95% interval, beside giving up three "
        "down, in the table's convention ([convention]: its preset, ten, who pays, whist model) or "
        "--convention's. The defenders' whist decision in each layout is the whist model's.\n\n"
        "Exit code: 0 if a game beats giving up, 1 if giving up is best, 2 bad input."
    ),
    examples=(
        'advisor declare "♠9 10 J Q K A ♣K A ♦7 A ♥7 8"',
        'advisor declare "♠7 A ♣10 Q K A ♦7 8 A ♥7 9 A" --bid 7C --lead left',
    ),
)
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--bid",
    metavar="BID",
    help=N_("The bid that won the auction (7S, 7♠, 6NT, 7 пик); the contract named is no lower "
            "[default: none, any game]."),
)  # fmt: skip
@click.option(
    "--lead",
    type=click.Choice(
        [lead.value for lead in (Lead.ME, Lead.LEFT, Lead.RIGHT)], case_sensitive=False
    ),
    default="me",
    show_default=True,
    help=N_("Who leads the first trick: me (the declarer), left or right."),
)
@game_run_options(
    N_("The random splits every choice is played on at most (at most {limit:,})."),
    DECLARE_LAYOUTS,
    N_("Play every choice on all the splits."),
)
def declare(
    cards: tuple[str, ...],
    bid: str | None,
    lead: str,
    convention: str | None,
    table_path: str | None,
    samples: int,
    seed: int,
    full: bool,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.exact.settings import ExactSettings
    from advisor.seats import Seat
    from advisor.solver import require_core

    twelve = parse_cards(cards, count=WITH_TALON)
    won = PASS if bid is None else Bid.parse(bid)
    if won.is_pass and bid is not None:
        raise BidError(Phrase("pass wins no auction: give the bid that won it"))
    if won.is_misere:
        raise BidError(
            Phrase("misère was bid: it is played as bid; its discard is 'advisor discard --exact'")
        )
    require_core("advisor.game._core", N_("game solver"))
    from advisor.exact.declare import declare_odds
    from advisor.exact.game import GameObjective

    rules = effective_convention(table_path, convention)
    seat = {Lead.ME: Seat.M, Lead.LEFT: Seat.L, Lead.RIGHT: Seat.R}[Lead(lead)]
    settings = ExactSettings(samples, seed, full=full, jobs=jobs)
    run = functools.partial(declare_odds, twelve, won, GameObjective(rules, seat), settings)
    from advisor.cli.progress import answered

    found = answered(run, as_json, _render)
    raise SystemExit(ExitCode.DECLARE if found.best is not None else ExitCode.PASS)


def _render(found: Declaration) -> None:
    """The text report (rich loaded for it alone: ``--json`` starts without it)."""
    from advisor.cli.render_declare import render_declaration

    render_declaration(found)
