"""The talon: what its two cards can do for a misère hand, and which two cards to discard.

The misère player M bids on ten cards, takes the two-card talon and discards two of the twelve.
Everything here applies the same table, lead and founding rules as :func:`advisor.verdict.assess`.

**Discard order.** Of the 66 ways to discard two of twelve cards, the best leaves the ten-card hand
that declares rather than passes, then has the lowest combined catch chance, then the fewest
holes; a tie after that goes to the discard of the higher cards (the higher card of each pair
compared first, by rank, then in the suit order ♠ ♣ ♦ ♥).

**Outlook.** :func:`talon_outlook` goes through the C(22, 2) = 231 talons the 22 unseen cards can
form; for each it takes the best discard. The hand is *clean* after a talon when that best hand
declares with no hole, and *declarable* when it declares.

**Outs.** An unseen card is an out for a hole when M, holding the hand plus that card and
discarding one card, can reach a hand the discard order puts strictly ahead of the hand as dealt,
in which that suit is no hole or a hole with a lower catch chance. With ``n`` outs that all close a
single hole, the talon brings at least one of them with chance ``1 - C(22-n, 2) / C(22, 2)``
(:func:`chance_of_any`).

The outlook is fast because a suit's judgement depends only on its holding: a holding is judged
at most once per table and lead, and for the cards a discard takes from one suit only the
outcomes no other outcome beats in every respect are tried (:class:`_Scorer`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, inf
from typing import Any

from advisor.cards import HAND_SIZE, TALON_SIZE, WITH_TALON, CardSet, Suit, check_count
from advisor.holdings import Holding
from advisor.rules import Judge, Outcome, judge
from advisor.seats import Lead
from advisor.table import Table
from advisor.verdict import Assessment, assess, json_number

UNSEEN_CARDS = 22

# (not declare, combined, holes): smaller is better
_Key = tuple[bool, float, int]
# one suit's holding as the rules see it: (breaks the no-seven rule, is a hole, catch percent)
_Outcome = tuple[bool, bool, float]


def chance_of_any(outs: int, unseen: int = UNSEEN_CARDS) -> float:
    """The chance that a two-card talon holds at least one of ``outs`` given unseen cards:
    the "rule of seven cards".

    >>> round(chance_of_any(7), 3), round(chance_of_any(11), 3)
    (0.545, 0.762)
    """
    return 1 - comb(unseen - outs, TALON_SIZE) / comb(unseen, TALON_SIZE)


def check_hand_size(hand: CardSet) -> None:
    """Raise :class:`~advisor.errors.CardCountError` unless ``hand`` holds ten cards."""
    check_count(hand, HAND_SIZE)


def check_twelve(cards: CardSet) -> None:
    """Raise :class:`~advisor.errors.CardCountError` unless ``cards`` are twelve: a hand and
    the talon."""
    check_count(cards, WITH_TALON)


# --- the discard -------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardOption:
    """Two discarded cards and the ten-card hand they leave, judged."""

    discards: CardSet
    assessment: Assessment

    @property
    def hand(self) -> CardSet:
        return self.assessment.hand

    @property
    def order(self) -> tuple[bool, float, int, tuple[int, ...]]:
        """The discard order's key (smaller is better); see the module docstring."""
        a = self.assessment
        return (not a.declare, a.combined, a.holes, _tie_break(self.discards))

    def to_dict(self) -> dict[str, Any]:
        a = self.assessment
        return {
            "discards": str(self.discards),
            "hand": str(a.hand),
            "verdict": a.verdict,
            "holes": a.holes,
            "combined": json_number(a.combined),
            "assessment": a.to_dict(),
        }


def _tie_break(discards: CardSet) -> tuple[int, ...]:
    """Higher cards first: by rank, then ♠ before ♣ ♦ ♥ (smaller key is preferred)."""
    worth = sorted((card.rank * 4 + 3 - card.suit for card in discards), reverse=True)
    return tuple(-w for w in worth)


def best_discards(
    cards: CardSet, lead: Lead, table: Table, top: int | None = 3
) -> list[DiscardOption]:
    """The ``top`` best ways to discard two of twelve ``cards`` (all 66 with ``top=None``),
    best first, each judged by :func:`~advisor.verdict.assess`."""
    check_twelve(cards)
    options = [
        DiscardOption(pair, assess(cards - pair, lead, table))
        for pair in (CardSet.of(two) for two in itertools.combinations(cards, 2))
    ]
    options.sort(key=lambda option: option.order)
    return options if top is None else options[:top]


def talon_discards(
    hand: CardSet, lead: Lead, table: Table, top: int = 1
) -> list[tuple[CardSet, tuple[CardSet, ...]]]:
    """Every talon the 22 unseen cards can form (in the order of :func:`talon_outlook`), each
    with the ``top`` best discards of the twelve cards, best first: the same discards as
    ``best_discards(hand | talon, lead, table, top)``, without judging the 66 hands one by one.
    """
    check_hand_size(hand)
    scorer = _scorer(lead, table)
    unseen = [card.index for card in hand.complement()]
    found = []
    for low, high in itertools.combinations(unseen, 2):
        talon = 1 << low | 1 << high
        pairs = scorer.discards(hand.mask | talon, top)
        found.append((CardSet(talon), tuple(CardSet(pair) for pair in pairs)))
    return found


def talon_discard_order(cards: CardSet, lead: Lead, table: Table) -> Iterator[CardSet]:
    """The 66 discards of twelve ``cards`` in the discard order, best first, lazily: the best
    is found without ordering the others, which are often not wanted."""
    scorer = _scorer(lead, table)
    (best,) = scorer.discards(cards.mask, 1)
    yield CardSet(best)
    for pair in scorer.discards(cards.mask, len(cards) * (len(cards) - 1) // 2):
        if pair != best:
            yield CardSet(pair)


def declaring_discard(cards: CardSet, lead: Lead, table: Table) -> CardSet | None:
    """The first of :func:`talon_discard_order` when the hand it leaves declares, else None
    (every discard of the twelve ``cards`` passes): whether a player holding them could have
    declared misère, asked of many hands at a time (``advisor lead --catcher``)."""
    check_twelve(cards)
    scorer = _scorer(lead, table)
    passes, _, _ = scorer.best([cards.mask >> shift & 0xFF for shift in _SHIFTS])
    if passes:
        return None
    (best,) = scorer.discards(cards.mask, 1)
    return CardSet(best)


# --- the outlook -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TalonOutcome:
    """One talon and the hand after its best discard (declare, combined, holes)."""

    talon: CardSet
    declare: bool
    combined: float
    holes: int

    @property
    def clean(self) -> bool:
        return self.declare and self.holes == 0


@dataclass(frozen=True)
class HoleOuts:
    """One hole of the hand as dealt and the unseen cards that close or improve it."""

    suit: Suit
    holding: Holding
    percent: float
    outs: CardSet

    @property
    def chance(self) -> float:
        """The chance that the talon brings at least one out."""
        return chance_of_any(len(self.outs))

    def to_dict(self) -> dict[str, Any]:
        return {
            "suit": self.suit.glyph,
            "holding": str(self.holding),
            "percent": json_number(self.percent),
            "outs": [str(card) for card in self.outs],
            "count": len(self.outs),
            "chance": round(self.chance, 4),
        }


@dataclass(frozen=True)
class TalonOutlook:
    """The hand over all 231 talons, each with its best discard."""

    hand: CardSet
    lead: Lead
    outcomes: tuple[TalonOutcome, ...]
    holes: tuple[HoleOuts, ...]

    @property
    def talons(self) -> int:
        return len(self.outcomes)

    @property
    def clean_count(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.clean)

    @property
    def declare_count(self) -> int:
        """Talons after which the hand declares (the clean ones included)."""
        return sum(1 for outcome in self.outcomes if outcome.declare)

    @property
    def pass_count(self) -> int:
        return self.talons - self.declare_count

    @property
    def clean(self) -> float:
        return self.clean_count / self.talons

    @property
    def declare(self) -> float:
        return self.declare_count / self.talons

    @property
    def expected_combined(self) -> float:
        """The combined catch chance after the best discard, averaged over the talons."""
        return sum(outcome.combined for outcome in self.outcomes) / self.talons

    def to_dict(self) -> dict[str, Any]:
        return {
            "talons": self.talons,
            "clean": round(self.clean, 4),
            "declare": round(self.declare, 4),
            "expected_combined": round(self.expected_combined, 2),
            "counts": {
                "clean": self.clean_count,
                "declare": self.declare_count - self.clean_count,
                "pass": self.pass_count,
            },
            "outs": [hole.to_dict() for hole in self.holes],
        }


def talon_outlook(hand: CardSet, lead: Lead, table: Table) -> TalonOutlook:
    """Every talon the 22 unseen cards can form, each with the best discard of the twelve."""
    check_hand_size(hand)
    scorer = _scorer(lead, table)
    masks = tuple(hand.suit_mask(suit) for suit in Suit)
    unseen = [card.index for card in hand.complement()]
    outcomes = []
    for low, high in itertools.combinations(unseen, 2):
        not_declare, combined, holes = scorer.best(_with_cards(masks, (low, high)))
        outcome = TalonOutcome(CardSet(1 << low | 1 << high), not not_declare, combined, holes)
        outcomes.append(outcome)
    return TalonOutlook(hand, lead, tuple(outcomes), _outs(scorer, masks, unseen))


def _outs(scorer: _Scorer, masks: tuple[int, ...], unseen: Sequence[int]) -> tuple[HoleOuts, ...]:
    dealt = [scorer.values[mask] for mask in masks]
    dealt_rank = scorer.rank(dealt)
    found = []
    for suit in Suit:
        _, is_hole, percent = dealt[suit]
        if not is_hole:
            continue
        outs = 0
        for index in unseen:
            if scorer.improves(_with_cards(masks, (index,)), suit, dealt_rank, percent):
                outs |= 1 << index
        found.append(HoleOuts(suit, Holding(masks[suit]), percent, CardSet(outs)))
    return tuple(found)


def _with_cards(masks: tuple[int, ...], indexes: Sequence[int]) -> list[int]:
    grown = list(masks)
    for index in indexes:
        grown[index >> 3] |= 1 << (index & 7)
    return grown


_SHIFTS = (0, 8, 16, 24)  # the bit offset of each suit's holding in a card mask

# How two discards can fall on the four suits: (cards taken from each suit).
_SPLITS = tuple(
    split
    for split in itertools.product(range(TALON_SIZE + 1), repeat=4)
    if sum(split) == TALON_SIZE
)
_CLEAN: _Key = (False, 0.0, 0)  # no key is better
_WORST: _Key = (True, inf, 5)


class _Scorer:
    """The rules of one table and lead, applied to suits given as 8-bit holdings."""

    def __init__(self, lead: Lead, table: Table) -> None:
        self.judge = judge(table, lead)
        self.values = _Judged(self.judge)
        self._fronts: dict[tuple[int, int], list[_Outcome]] = {}
        self._ranks: dict[tuple[_Outcome, ...], _Key] = {}
        # the hot loop of best() works on small ids of outcomes (at most 256 distinct)
        self._ids: dict[_Outcome, int] = {}
        self._outcomes: list[_Outcome] = []
        self._packed: dict[tuple[int, int], tuple[list[int], ...]] = {}
        self._packed_ranks: dict[int, _Key] = {}

    def rank(self, outcomes: Sequence[_Outcome]) -> _Key:
        """The discard order's key of a hand whose suits come out as ``outcomes``."""
        key = tuple(outcomes)
        found = self._ranks.get(key)
        if found is None:
            broken = [Outcome.BROKEN] if any(outcome[0] for outcome in key) else []
            percents = [outcome[2] for outcome in key if outcome[1]]
            decision = self.judge.decide(percents, self.judge.no_seven_of(broken))
            found = self._ranks[key] = (not decision.declare, decision.combined, decision.holes)
        return found

    def best(self, masks: Sequence[int]) -> _Key:
        """The key of the best hand two discards leave from twelve cards held as ``masks``."""
        f0, f1, f2, f3 = (self._packed_fronts(mask, suit) for suit, mask in enumerate(masks))
        best = _WORST
        for k0, k1, k2, k3 in _SPLITS:
            for a in f0[k0]:
                for b in f1[k1]:
                    for c in f2[k2]:
                        for d in f3[k3]:
                            key = self._packed_rank(a | b | c | d)
                            if key < best:
                                best = key
                                if key == _CLEAN:
                                    return key
        return best

    def _packed_rank(self, packed: int) -> _Key:
        """:meth:`rank` of four outcome ids packed one byte a suit."""
        found = self._packed_ranks.get(packed)
        if found is None:
            outcomes = [self._outcomes[packed >> shift & 0xFF] for shift in _SHIFTS]
            found = self._packed_ranks[packed] = self.rank(outcomes)
        return found

    def _packed_fronts(self, mask: int, suit: int) -> tuple[list[int], ...]:
        """For 0, 1, 2 cards taken from the holding: the :meth:`_front` outcomes as ids
        shifted into ``suit``'s byte."""
        found = self._packed.get((mask, suit))
        if found is None:
            shift = _SHIFTS[suit]
            found = self._packed[(mask, suit)] = tuple(
                [self._id(outcome) << shift for outcome in self._front(mask, taken)]
                for taken in range(TALON_SIZE + 1)
            )
        return found

    def _id(self, outcome: _Outcome) -> int:
        found = self._ids.get(outcome)
        if found is None:
            found = self._ids[outcome] = len(self._outcomes)
            self._outcomes.append(outcome)
        return found

    def discards(self, cards: int, top: int) -> list[int]:
        """The ``top`` best discards (two-card masks) from twelve ``cards``, best first."""
        pairs = _pairs_by_tie_break(cards)
        if top == 1:  # the best key is known: the first pair in tie-break order that has it
            best = self.best([cards >> shift & 0xFF for shift in _SHIFTS])
            return [next(pair for pair in pairs if self._key_after(cards, pair) == best)]
        return sorted(pairs, key=lambda pair: self._key_after(cards, pair))[:top]

    def _key_after(self, cards: int, pair: int) -> _Key:
        rest = cards & ~pair
        values = self.values
        return self.rank([values[rest >> shift & 0xFF] for shift in _SHIFTS])

    def improves(self, masks: Sequence[int], suit: Suit, than: _Key, percent: float) -> bool:
        """Whether one discard from eleven cards beats ``than`` and improves ``suit``."""
        outcomes = [self.values[mask] for mask in masks]
        for s, mask in enumerate(masks):
            for rest in _without(mask, 1):
                changed = list(outcomes)
                changed[s] = self.values[rest]
                _, is_hole, now = changed[suit]
                if (not is_hole or now < percent) and self.rank(changed) < than:
                    return True
        return False

    def _front(self, mask: int, taken: int) -> list[_Outcome]:
        """The outcomes of taking ``taken`` cards from the holding that no other outcome
        matches or beats in every respect (broken, hole, percent)."""
        found = self._fronts.get((mask, taken))
        if found is None:
            outcomes = {self.values[rest] for rest in _without(mask, taken)}
            found = self._fronts[(mask, taken)] = [
                o for o in sorted(outcomes) if not any(_dominates(p, o) for p in outcomes)
            ]
        return found


# Card indexes from the most to the least worth discarding first (see _tie_break).
_BY_WORTH = sorted(range(32), key=lambda index: (index & 7) * 4 + 3 - (index >> 3), reverse=True)


def _pairs_by_tie_break(cards: int) -> Iterator[int]:
    """The two-card masks of ``cards`` in the tie-break order of :func:`_tie_break`, lazily
    (the best discard is usually among the first few)."""
    bits = [1 << index for index in _BY_WORTH if cards >> index & 1]
    return (a | b for a, b in itertools.combinations(bits, 2))


def _dominates(better: _Outcome, worse: _Outcome) -> bool:
    return better != worse and all(b <= w for b, w in zip(better, worse, strict=True))


def _without(mask: int, taken: int) -> Iterator[int]:
    """Every holding left after taking ``taken`` cards from ``mask``."""
    bits = [1 << rank for rank in range(8) if mask >> rank & 1]
    for combo in itertools.combinations(bits, taken):
        yield mask & ~sum(combo)


class _Judged(dict[int, _Outcome]):
    """Holding mask -> the judge's facts as an outcome tuple, made when first asked for (a hand
    reaches only some of the 256 holdings)."""

    def __init__(self, judged_by: Judge) -> None:
        super().__init__()
        self.judge = judged_by

    def __missing__(self, mask: int) -> _Outcome:
        facts = self.judge.facts(mask)
        hole = facts.hole
        outcome = (facts.no_seven is Outcome.BROKEN, hole is not None, hole or 0.0)
        self[mask] = outcome
        return outcome


@lru_cache(maxsize=16)
def _scorer(lead: Lead, table: Table) -> _Scorer:
    return _Scorer(lead, table)
