"""The deals of the exact analysis: every talon the 22 unseen cards can form, and uniform splits of
the catchers' 20 cards for each.

Each talon has streams of its own, seeded by the run's seed and the talon's number: the splits
reported (as many for every talon) and, apart from them, the few the exact discard is chosen on.
So a talon's deals are the same whichever talons are worked out before it and in what order,
and asking for more splits extends them. The talons are worked out in an order of their own,
drawn from the seed too, so that the first ``n`` of them are a uniform sample of the 231.
"""

from __future__ import annotations

import itertools
import random
from array import array
from dataclasses import dataclass

from advisor.cards import HAND_SIZE, CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.objective import Objective
from advisor.seats import Seat

CHOICE_SPLITS_PER_TALON = 8  # the splits each talon's exact discard is chosen on


@dataclass(frozen=True)
class Stratum:
    """One talon, the catchers' 20 cards it leaves, and L's hands of the splits drawn."""

    number: int
    """The talon's place among the 231 (the order of :func:`~advisor.talon.talon_outlook`)."""
    talon: CardSet
    pool: CardSet
    splits: array[int]

    def solve(self, objective: Objective, hand: CardSet, discards: CardSet, seat: Seat) -> bytes:
        """Forced tricks per split when M holds ``hand`` and the talon and discards ``discards``
        (two of the twelve cards), ``seat`` leading."""
        return objective.short((hand | self.talon) - discards, self.pool, seat, self.splits)


class Deals:
    """The talons of a ten-card hand and their splits, drawn from ``seed``: ``per_talon``
    reported splits a talon, and :data:`CHOICE_SPLITS_PER_TALON` others to choose the discard
    on."""

    def __init__(self, hand: CardSet, per_talon: int, seed: int) -> None:
        self.hand, self.per_talon, self.seed = hand, per_talon, seed
        self._sampler = SplitSampler(hand.complement())
        self.talons = [
            CardSet(1 << low | 1 << high)
            for low, high in itertools.combinations(self._sampler.cards, 2)
        ]
        assert len(self.talons) == TALON_COUNT

    def order(self) -> list[int]:
        """The talons' numbers in the order they are worked out: a shuffle drawn from the
        seed."""
        numbers = list(range(TALON_COUNT))
        random.Random(f"talon order {self.seed}").shuffle(numbers)
        return numbers

    def reported(self, number: int, most: int | None = None) -> Stratum:
        """Talon ``number`` with its reported splits (the first ``most`` of them)."""
        count = self.per_talon if most is None else min(most, self.per_talon)
        return self._stratum(number, count, f"talon {number} seed {self.seed}")

    def choosing(self, number: int, splits: int = CHOICE_SPLITS_PER_TALON) -> Stratum:
        """Talon ``number`` with the ``splits`` splits its discard is chosen on (never
        reported, so that the figures do not flatter the choice; more of them extend the
        same stream)."""
        seed = f"talon {number} discard choice {self.seed}"
        return self._stratum(number, splits, seed)

    def _stratum(self, number: int, splits: int, seed: str) -> Stratum:
        return self._sampler.stratum(number, self.talons[number], splits, random.Random(seed))


class SplitSampler:
    """Uniform 10/10 splits of the catchers' 20 cards, for any talon from the 22 ``unseen``.

    A split is a uniform 20-bit number with ten bits set (drawn by rejection: about one in
    5.7 numbers has ten), read over the 20 cards the talon leaves: L holds those at its bits.
    """

    def __init__(self, unseen: CardSet) -> None:
        self.unseen = unseen
        self.cards = _indexes(unseen.mask)  # the unseen cards' indexes, lowest first
        self._position = {index: position for position, index in enumerate(self.cards)}
        bits = [1 << index for index in self.cards]
        self._tables = [_subset_masks(bits[start : start + 8]) for start in range(0, 24, 8)]

    def stratum(self, number: int, talon: CardSet, splits: int, rng: random.Random) -> Stratum:
        """``splits`` splits of ``unseen`` less ``talon`` (two of the unseen cards)."""
        a, b = sorted(self._position[index] for index in _indexes(talon.mask))
        low_a, low_b = (1 << a) - 1, (1 << b) - 1
        low, middle, high = self._tables
        draw = rng.getrandbits
        hands = array("I")
        while len(hands) < splits:
            x = draw(2 * HAND_SIZE)
            if x.bit_count() != HAND_SIZE:
                continue
            x = x & low_a | x >> a << (a + 1)  # skip the talon's positions among the unseen
            x = x & low_b | x >> b << (b + 1)
            hands.append(low[x & 0xFF] | middle[x >> 8 & 0xFF] | high[x >> 16])
        return Stratum(number, talon, self.unseen - talon, hands)


def _subset_masks(bits: list[int]) -> list[int]:
    """``table[v]``: the union of ``bits[i]`` for every bit ``i`` set in ``v``."""
    table = [0]
    for bit in bits:
        table += [entry | bit for entry in table]
    return table


def _indexes(mask: int) -> list[int]:
    return [index for index in range(32) if mask >> index & 1]
