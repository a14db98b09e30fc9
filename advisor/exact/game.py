"""A game contract as an objective of the exact analysis: what the machinery asks of a trump or
no-trump contract, in one place.

- **The score table** is :mod:`advisor.points`'s: the declarer's points for each number of
  tricks he takes (0 … 10), for each whist decision of the defence, under the table's
  convention (:meth:`GameObjective.table`).
- **The defence's decision** in a layout is the convention's whist model
  (:func:`advisor.defence.model_outcomes`): it depends on the defenders' cards and the
  contract only, never on the declarer's discard.
- **The solver call** is the game solver's bulk call over split numbers (its budgets are its
  own: no node budget, the exact tricks), and the cheap first question is
  :func:`~advisor.game.solver.makes_ranked`: does the declarer take at least the level.
- **The discard dominance runs the other way from misère's**: keeping the higher of two cards
  of a suit is never worse, as the declarer can play it wherever he would have played the
  lower one. So of all the discards throwing one card from each of two suits (or two from one
  suit), the one that throws the lowest cards of those suits takes at least as many tricks on
  every layout as any other, and the points of a contract never fall with more tricks (a test
  keeps this): at most ten discards (one a pattern of suits) need playing
  (:func:`dominant_discards`).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.cards import CardSet
from advisor.contract import Contract, Strain
from advisor.convention import Convention
from advisor.defence import WHISTS, model_decisions, rest_of
from advisor.game.solver import makes_many, makes_ranked, solve_many, solve_ranked
from advisor.points import TRICKS, Whist, declarer_points, give_up_ledger, misere_ledger
from advisor.seats import Seat


@functools.cache
def _tables(contract: Contract, convention: Convention) -> tuple[tuple[float, ...], ...]:
    return tuple(
        declarer_points(contract, whist, convention) if _possible(contract, whist, convention)
        else (0.0,) * (TRICKS + 1)
        for whist in WHISTS
    )  # fmt: skip


@functools.cache
def _give_up(contract: Contract, convention: Convention) -> float:
    return float(give_up_ledger(contract, convention).points()[Seat.M])


def _possible(contract: Contract, whist: Whist, convention: Convention) -> bool:
    """Whether the defence can say ``whist`` against ``contract`` (a checked ten is played by
    both; a half-whist only on a six or seven)."""
    if contract.quota(convention.ten) is None:
        return whist is Whist.BOTH
    return whist is not Whist.HALF or contract.level <= 7


@dataclass(frozen=True)
class GameObjective:
    """Game contracts played by the declarer M (``leader`` leads the first trick), scored
    under ``convention``."""

    convention: Convention
    leader: Seat

    def table(self, contract: Contract) -> tuple[tuple[float, ...], ...]:
        """The declarer's points by the defence's decision (numbered as :data:`WHISTS`), then
        by his tricks 0 … 10."""
        return _tables(contract, self.convention)

    def give_up(self, contract: Contract) -> float:
        """The declarer's points when he gives ``contract`` up three down."""
        return _give_up(contract, self.convention)

    def misere_scale(self) -> float:
        """Misère's points a +10 of :data:`advisor.scoring.MISERE`: 1, Leningrad 2 (the pool
        worth two and the mountain doubled alike)."""
        return float(misere_ledger(0, self.convention).points()[Seat.M]) / 10

    def decisions(self, contract: Contract, pool: CardSet, lefts: Sequence[int]) -> bytes:
        """The defence's decision in each layout (L holds ``lefts[i]``, R the rest of
        ``pool``), one byte each, a number of :data:`WHISTS`."""
        masks = lefts if isinstance(lefts, array) else array("I", lefts)
        model, ten = self.convention.whist_model, self.convention.ten
        return model_decisions(model, contract, masks, rest_of(pool.mask, masks), ten)

    def tricks(self, hand: CardSet, pool: CardSet, strain: Strain, ranks: array[int]) -> bytes:
        """The declarer's double-dummy tricks with ``hand`` in the splits ``ranks`` of
        ``pool``."""
        return solve_ranked(hand, pool, strain.suit, self.leader, ranks)

    def makes(
        self, hand: CardSet, pool: CardSet, strain: Strain, ranks: array[int], level: int
    ) -> bytes:
        """The cheap first question: 1 where the declarer takes at least ``level`` tricks."""
        return makes_ranked(hand, pool, strain.suit, self.leader, ranks, level)

    def tricks_masks(
        self, hand: CardSet, pool: CardSet, strain: Strain, lefts: array[int]
    ) -> bytes:
        """:meth:`tricks` of the splits where L holds ``lefts[i]`` (card masks)."""
        return solve_many(hand, pool, strain.suit, self.leader, lefts)

    def makes_masks(
        self, hand: CardSet, pool: CardSet, strain: Strain, lefts: array[int], level: int
    ) -> bytes:
        """:meth:`makes` of the splits where L holds ``lefts[i]`` (card masks)."""
        return makes_many(hand, pool, strain.suit, self.leader, lefts, level)


def dominant_discards(twelve: CardSet) -> list[CardSet]:
    """The discards of ``twelve`` worth playing in a game: for each pattern of suits (one card
    from each of two suits, or two from one), the one throwing the lowest cards; in the order
    of the cards thrown. On the mask: a suit's lowest card is its lowest bit."""
    lows = []  # each suit held: its lowest card's bit, its second lowest's (0: none)
    for shift in range(0, 32, 8):
        held = twelve.mask >> shift & 0xFF
        if held:
            low = held & -held
            rest = held ^ low
            lows.append((low << shift, (rest & -rest) << shift))
    found = []
    for position, (low, second) in enumerate(lows):
        if second:
            found.append(low | second)
        found.extend(low | other for other, _ in lows[position + 1 :])
    found.sort(key=lambda mask: (mask & -mask, mask))  # by the lower card, then the higher
    return [CardSet(mask) for mask in found]
