"""What a declare model answers, and the declarer's double-dummy best discard on one layout.

The defender does not see the declarer's twelve cards; the layouts he keeps are those on which
the declarer would have named this contract. That is a model of the declarer, behind one small
interface (:class:`DeclareModel`): given a layout (the declarer's twelve cards, the defenders'
hands), the discard he plays the contract with and his tricks in it, or None when he would not
have named it. ``advisor whist``'s model is the declarer's own view
(:class:`advisor.whist.view.ViewDeclare`).

:func:`best_discard` is the double-dummy best discard on a layout that every card is seen in
(the benchmark deals its games with it). It needs few searches: only the discards worth
playing are tried (for each pattern of suits the one that throws the lowest cards, the rule of
``advisor declare``: ten at most), first whether any leaves a given number of tricks (a
null-window search each), then one is solved exactly and every other only asked whether it
takes one trick more, the bar raised each time one does.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple, Protocol

from advisor.cards import CardSet, Suit
from advisor.exact.game import dominant_discards
from advisor.game.position import Position
from advisor.game.solver import declarer_tricks, makes_many
from advisor.seats import Seat
from advisor.words import Word


class ModelName(Word):
    """The declare models the analysis may use."""

    DECLARER_VIEW = "declarer-view"
    """The declarer's own choice, on his twelve cards only (:mod:`advisor.whist.view`)."""


class Declared(NamedTuple):
    """The declarer's discard and his double-dummy tricks in the contract after it."""

    discards: CardSet
    tricks: int


class DeclareModel(Protocol):
    """Whether these twelve cards would have named the contract, and with which discard."""

    name: ModelName

    @property
    def splits(self) -> int:
        """Splits of the defenders' cards the declarer's choice is judged on."""

    @property
    def discards(self) -> int | None:
        """Discards tried a strain (None: every one worth playing)."""

    def declared(self, twelve: CardSet, left: CardSet, right: CardSet) -> Declared | None: ...


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
    worse) in the order of :func:`likeliest_first`."""
    return likeliest_first(twelve, dominant_discards(twelve), trump)


def likeliest_first(twelve: CardSet, discards: list[CardSet], trump: Suit | None) -> list[CardSet]:
    """``discards`` of ``twelve`` in the order a declarer tries them: those that keep every
    trump first; in a trump contract, those that void more side suits (to ruff them); then
    those that throw lower cards, then from shorter suits."""
    trump_mask = 0 if trump is None else 0xFF << (8 * int(trump))
    suits = [0xFF << (8 * suit) for suit in range(4)]
    length = [(twelve.mask & suit).bit_count() for suit in suits]

    def order(cards: CardSet) -> tuple[int, int, int, int, int]:
        mask, kept = cards.mask, twelve.mask & ~cards.mask
        voids = sum(bool(mask & suit) and not kept & suit for suit in suits) if trump_mask else 0
        high, low = mask.bit_length() - 1, (mask & -mask).bit_length() - 1
        shorter = length[high >> 3] + length[low >> 3]
        return (mask & trump_mask).bit_count(), -voids, max(high & 7, low & 7), shorter, mask

    return sorted(discards, key=order)
