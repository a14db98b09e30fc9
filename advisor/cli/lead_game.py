"""``advisor lead --contract``: the blind first lead of a game, the declarer's on first hand (HAND
and --discards) or a defender's (--defender), read from the options of ``advisor lead``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from advisor.cards import HAND_SIZE, TALON_SIZE, parse_cards
from advisor.cli.options import effective_convention, option_cards
from advisor.i18n import _
from advisor.points import Whist
from advisor.seats import Seat

if TYPE_CHECKING:
    from advisor.contract import Contract
    from advisor.convention import Convention
    from advisor.game_lead import GameLead

DECLARER_DEFENCES = ("both", "left", "right")
"""What the declarer heard: both defenders whisted, or L (on his left) or R alone."""
DEFENDER_DEFENCES = ("both", "me", "partner")
"""What a defender heard: both whisted, he alone, or his partner alone."""
DEFENCES = (*DECLARER_DEFENCES, *DEFENDER_DEFENCES[1:])


@dataclass(frozen=True)
class GameOptions:
    """``advisor lead``'s options as a game's lead reads them."""

    hand: str
    discards: str | None
    defender: str | None
    talon: str | None
    declarer: str | None
    defence: str | None
    seat: str | None
    full: bool
    convention: str | None
    table_path: str | None


def game_run(contract: Contract, options: GameOptions) -> Callable[..., GameLead]:
    """The analysis of the lead against ``contract`` the options ask for (called with
    ``samples``, ``seed`` and ``jobs``); a usage error for options that do not go with a game,
    or with the leader given."""
    if options.full:
        raise click.UsageError(_("--full counts a misère's tricks: a game's leads are all counted"))
    if options.seat is not None:
        raise click.UsageError(
            _("--seat is a catcher's: against a game --defender takes --declarer")
        )
    convention = effective_convention(options.table_path, options.convention)
    defence = None if options.defence is None else options.defence.lower()
    if options.defender is None:
        return _declarer_run(contract, convention, defence, options)
    return _defender_run(contract, convention, defence, options)


def _declarer_run(
    contract: Contract, convention: Convention, defence: str | None, options: GameOptions
) -> Callable[..., GameLead]:
    from advisor.game_lead import declarer_lead

    if options.talon is not None or options.declarer is not None:
        raise click.UsageError(_("--talon and --declarer go with --defender"))
    if not options.hand:
        raise click.UsageError(_("give HAND (the declarer's ten cards) or --defender"))
    if options.discards is None:
        raise click.UsageError(_("against a game the declarer's ten cards need --discards"))
    if defence is not None and defence not in DECLARER_DEFENCES:
        raise click.UsageError(
            _("--defence {value}: the declarer heard both, left or right", value=defence)
        )
    hand = parse_cards(options.hand, count=HAND_SIZE)
    discards = option_cards("--discards", options.discards, TALON_SIZE)
    heard = None if defence is None else {"both": Whist.BOTH, "left": Whist.LEFT,
                                          "right": Whist.RIGHT}[defence]  # fmt: skip
    return functools.partial(declarer_lead, hand, discards, contract, convention, heard)


def _defender_run(
    contract: Contract, convention: Convention, defence: str | None, options: GameOptions
) -> Callable[..., GameLead]:
    from advisor.game_lead import defender_lead
    from advisor.whist import Leader, Side, WhistProblem

    if options.hand or options.discards is not None:
        raise click.UsageError(_("--defender takes no HAND or --discards"))
    if options.talon is None:
        raise click.UsageError(_("--defender needs --talon"))
    if defence is not None and defence not in DEFENDER_DEFENCES:
        raise click.UsageError(
            _("--defence {value}: a defender heard both, me or partner", value=defence)
        )
    assert options.defender is not None
    problem = WhistProblem(
        option_cards("--defender", options.defender, HAND_SIZE),
        option_cards("--talon", options.talon, TALON_SIZE),
        contract,
        Side((options.declarer or "left").lower()),
        Leader.ME,
        convention=convention,
    )
    alone = {"me": problem.defender, "partner": problem.partner_seat}
    heard = (None if defence is None else Whist.BOTH if defence == "both"
             else _alone(alone[defence]))  # fmt: skip
    return functools.partial(defender_lead, problem, heard)


def _alone(seat: Seat) -> Whist:
    return Whist.LEFT if seat is Seat.L else Whist.RIGHT
