"""Whether the declarer could have named the contract on a layout, and his tricks in it.

The defender does not see the declarer's twelve cards; the layouts he keeps are those on which
the declarer would have bid and named this contract. That is a model of the declarer, behind
one small interface (:class:`DeclareModel`): given a layout (the declarer's twelve cards, the
defenders' hands), the tricks he takes in the contract with his discard, or None when he would
not have named it.

The model here (:class:`DoubleDummyDeclare`, until ``advisor declare``'s own rule is in the
library) is cheap and stated: the declarer discards the two cards that leave him the most
tricks double dummy in the contract's strain **on this layout**, and he named the contract
when those tricks reach its level. It reads the layout, not only his cards, so it keeps the
layouts on which he makes the contract: an optimistic declarer, and a defence that falls short
of its quota more often than against a declarer who bids on his cards alone.

The best discard is found with few searches: only the discards worth playing are tried (for
each pattern of suits the one that throws the lowest cards, the rule of ``advisor declare``:
ten at most), first whether any leaves the contract's level (a null-window search each; a
layout the model rejects costs no more), then one is solved exactly and every other only asked
whether it takes one trick more, the bar raised each time one does.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple, Protocol

from advisor.cards import CardSet, Suit
from advisor.contract import Contract
from advisor.exact.game import dominant_discards
from advisor.game.position import Position
from advisor.game.solver import declarer_tricks, makes_many
from advisor.seats import Seat
from advisor.words import Word


class ModelName(Word):
    """The declare models the analysis may use."""

    DOUBLE_DUMMY = "double-dummy"


class Declared(NamedTuple):
    """The declarer's discard and his double-dummy tricks in the contract after it."""

    discards: CardSet
    tricks: int


class DeclareModel(Protocol):
    """Could these twelve cards have named the contract, and with which discard."""

    name: ModelName

    def declared(
        self, twelve: CardSet, left: CardSet, right: CardSet, contract: Contract, leader: Seat
    ) -> Declared | None: ...


class DoubleDummyDeclare:
    """The declarer's double-dummy best discard on the layout; he named the contract when it
    takes at least its level (see the module's docstring)."""

    name = ModelName.DOUBLE_DUMMY

    def declared(
        self, twelve: CardSet, left: CardSet, right: CardSet, contract: Contract, leader: Seat
    ) -> Declared | None:
        return best_discard(twelve, left, right, contract.trump, leader, at_least=contract.level)


def best_discard(
    twelve: CardSet,
    left: CardSet,
    right: CardSet,
    trump: Suit | None,
    leader: Seat,
    *,
    at_least: int = 0,
) -> Declared | None:
    """The discard of ``twelve`` that leaves the declarer the most tricks double dummy (the
    first of the candidates' order among equals) and those tricks; None when no discard
    leaves him ``at_least`` tricks (found first, a null-window search a discard: most layouts
    a model rejects cost no exact count)."""
    candidates = discard_candidates(twelve, trump)
    pool, lefts = left | right, array("I", (left.mask,))
    start = 0
    if at_least > 0:
        for start, discards in enumerate(candidates):  # noqa: B007 - the first that makes
            if makes_many(twelve - discards, pool, trump, leader, lefts, at_least)[0]:
                break
        else:
            return None
    chosen = candidates[start]
    hand = twelve - chosen
    best = declarer_tricks(Position((hand, left, right), trump, leader))
    for discards in candidates[start + 1 :]:
        if best == len(hand):
            break
        kept = twelve - discards
        while best < len(hand) and makes_many(kept, pool, trump, leader, lefts, best + 1)[0]:
            best += 1
            chosen = discards
    return Declared(chosen, best)


def discard_candidates(twelve: CardSet, trump: Suit | None) -> list[CardSet]:
    """The discards worth playing (:func:`advisor.exact.game.dominant_discards`: for each
    pattern of suits the one that throws the lowest cards, keeping higher cards being never
    worse), those that keep every trump first, then by the higher rank thrown (the likely best
    is solved exactly first)."""
    trump_mask = 0 if trump is None else 0xFF << (8 * int(trump))

    def order(cards: CardSet) -> tuple[int, int, int]:
        mask = cards.mask
        high, low = mask.bit_length() - 1, (mask & -mask).bit_length() - 1
        return (mask & trump_mask).bit_count(), max(high & 7, low & 7), mask

    return sorted(dominant_discards(twelve), key=order)
