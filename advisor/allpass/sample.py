"""What passing costs: a hand's all-pass tricks over random deals of the cards it does not see.

The 22 unseen cards are dealt at random (the talon, in the order it is turned up, and the other
two hands) from a PRNG seeded by ``seed``, so the same seed gives the same answer; each deal is
solved exactly (:mod:`advisor.allpass.solver`) for the hand's seat. The expected penalty is the
mean of the forced tricks (what the player can count on whatever the others do) times the price
of a trick.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from advisor.allpass.rules import AllPassRules, Deal
from advisor.allpass.solver import solve_deals
from advisor.cards import DECK_MASK, HAND_SIZE, Card, CardSet
from advisor.defaults import ALLPASS_DEALS
from advisor.errors import LayoutError
from advisor.i18n import Phrase
from advisor.limits import check_samples, no_interval, reported_interval
from advisor.seats import Position

DEFAULT_SAMPLES = ALLPASS_DEALS
ESTIMATE_CHUNK = 4096  # deals drawn and solved at a time: an estimate's memory stays flat
TRICK_COUNTS = HAND_SIZE + 1  # a histogram has a count for 0..10 tricks
_Z95 = 1.959963984540054  # two-sided 95 % normal quantile


@dataclass(frozen=True)
class Spread:
    """How one value fell over the sampled deals: ``histogram[t]`` deals gave ``t`` tricks."""

    histogram: tuple[int, ...]

    @property
    def deals(self) -> int:
        return sum(self.histogram)

    @property
    def mean(self) -> float:
        return sum(t * n for t, n in enumerate(self.histogram)) / self.deals

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95 % normal interval of the mean; None from too few deals for one
        (:func:`~advisor.limits.reported_interval`)."""
        n, mean = self.deals, self.mean
        squares = sum(count * (t - mean) ** 2 for t, count in enumerate(self.histogram))
        half = _Z95 * math.sqrt(squares / (n - 1) / n) if n > 1 else 0.0
        return reported_interval((max(0.0, mean - half), mean + half), n)

    def to_dict(self) -> dict[str, Any]:
        interval = self.interval
        return {
            "mean": round(self.mean, 4),
            "low": None if interval is None else round(interval[0], 4),
            "high": None if interval is None else round(interval[1], 4),
            "histogram": list(self.histogram),
        }


@dataclass(frozen=True)
class AllPassEstimate:
    """A hand's all-pass values from its seat over sampled deals."""

    hand: CardSet
    seat: Position
    rules: AllPassRules
    samples: int
    seed: int
    repeat: int
    forced: Spread
    fewest: Spread

    @property
    def price(self) -> float:
        """Mountain points a trick (with the progression of the ``repeat``-th all-pass)."""
        return self.rules.price(self.repeat)

    @property
    def expected_penalty(self) -> float:
        """Mountain points the player can expect: mean forced tricks times the price."""
        return self.forced.mean * self.price

    @property
    def penalty_interval(self) -> tuple[float, float] | None:
        """The 95 % interval of :attr:`expected_penalty`; None from too few deals for one."""
        interval = self.forced.interval
        if interval is None:
            return None
        low, high = interval
        return low * self.price, high * self.price

    def to_dict(self) -> dict[str, Any]:
        interval = self.penalty_interval
        data: dict[str, Any] = {
            "hand": str(self.hand),
            "seat": self.seat.word,
            "rules": self.rules.to_dict(),
            "samples": self.samples,
            "seed": self.seed,
            "repeat": self.repeat,
            "price": self.price,
            "forced": self.forced.to_dict(),
            "fewest": self.fewest.to_dict(),
            "expected_penalty": round(self.expected_penalty, 4),
            "penalty_interval": None if interval is None else [round(b, 4) for b in interval],
        }
        if interval is None:
            data["no_interval"] = str(no_interval(self.samples))
        return data


def estimate_allpass(
    hand: CardSet,
    seat: Position,
    rules: AllPassRules,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
    repeat: int = 1,
) -> AllPassEstimate:
    """Forced and fewest tricks of ``hand`` (10 cards) from ``seat`` over ``samples`` random
    deals of the other 22 cards; the same ``seed`` gives the same answer, whatever ``jobs``
    (threads) is."""
    if len(hand) != HAND_SIZE:
        raise LayoutError(
            Phrase.counted(
                "the hand holds {count} card, not 10",
                "the hand holds {count} cards, not 10",
                len(hand),
            )
        )
    check_samples(samples)
    rules.price(repeat)  # a bad repeat is named before the work starts
    forced = [0] * TRICK_COUNTS
    fewest = [0] * TRICK_COUNTS
    deals = _deals(hand, seat, seed)
    for start in range(0, samples, ESTIMATE_CHUNK):  # a chunk at a time: memory stays flat
        chunk = list(itertools.islice(deals, min(ESTIMATE_CHUNK, samples - start)))
        for (values,) in solve_deals(chunk, rules, seats=(seat,), jobs=jobs):
            assert values.forced is not None and values.fewest is not None  # both were asked
            forced[values.forced] += 1
            fewest[values.fewest] += 1
    return AllPassEstimate(
        hand, seat, rules, samples, seed, repeat, Spread(tuple(forced)), Spread(tuple(fewest))
    )


def random_deals(hand: CardSet, seat: Position, count: int, seed: int) -> list[Deal]:
    """``count`` deals that give ``seat`` this hand and the 22 other cards at random: the
    talon (in the order turned up), then the hand after ``seat``'s, then the one before."""
    return list(itertools.islice(_deals(hand, seat, seed), count))


def _deals(hand: CardSet, seat: Position, seed: int) -> Iterator[Deal]:
    """:func:`random_deals`, one after another, without end."""
    rng = random.Random(seed)
    unseen = list(CardSet(DECK_MASK & ~hand.mask))
    while True:
        cards = rng.sample(unseen, len(unseen))
        hands = [hand, hand, hand]
        hands[seat.after(1)] = CardSet.of(cards[2:12])
        hands[seat.after(2)] = CardSet.of(cards[12:22])
        talon: tuple[Card, ...] = (cards[0], cards[1])
        yield Deal((hands[0], hands[1], hands[2]), talon)


@dataclass(frozen=True)
class PassingCost:
    """What passing costs a hand if the others pass too: its all-pass estimate from each seat
    the player may hold (both second and third hand when a catcher leads a misère, averaged)."""

    estimates: tuple[AllPassEstimate, ...]

    @property
    def seats(self) -> tuple[Position, ...]:
        return tuple(estimate.seat for estimate in self.estimates)

    @property
    def expected_penalty(self) -> float:
        """Mountain points the player can expect to write (averaged over the seats)."""
        return sum(e.expected_penalty for e in self.estimates) / len(self.estimates)

    @property
    def expected_tricks(self) -> float:
        """The tricks the others can force on him, on average over the deals and seats."""
        return sum(e.forced.mean for e in self.estimates) / len(self.estimates)

    @property
    def pass_score(self) -> float:
        """Passing, as a score: minus the expected penalty (0.0, not -0.0, for none)."""
        return 0.0 - self.expected_penalty

    def to_dict(self) -> dict[str, Any]:
        return {
            "expected_tricks": round(self.expected_tricks, 4),
            "expected_penalty": round(self.expected_penalty, 4),
            "seats": [estimate.to_dict() for estimate in self.estimates],
        }


@functools.lru_cache(maxsize=4)
def passing_cost(
    hand: CardSet,
    seats: tuple[Position, ...],
    rules: AllPassRules,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
) -> PassingCost:
    """:func:`estimate_allpass` of ``hand`` from each of ``seats``.

    Remembered for the last few hands: the same seeded estimate is asked for twice when a
    check prices the misère against passing and also shows passing (``--exact --allpass``
    with ``pass_score = "allpass"``), and it is a second of work for a hard hand.
    """
    return PassingCost(
        tuple(
            estimate_allpass(hand, seat, rules, samples=samples, seed=seed, jobs=jobs)
            for seat in seats
        )
    )
