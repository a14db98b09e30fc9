"""One seat's sums over the talons of an exact analysis: the exact figures of the talons
worked out (:class:`Play`), or every talon's bounds (:class:`Bounds`), each with the intervals
the stopping rule weighs (:mod:`advisor.exact.stopping`) and the seat's result
(:class:`~advisor.exact.result.SeatOdds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.cards import HAND_SIZE, Card, CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.bound import TalonBound
from advisor.exact.objective import Tally
from advisor.exact.reading import BOUND
from advisor.exact.result import SeatOdds
from advisor.sampling import Z95, ClusterMean, normal_interval, share_interval
from advisor.scoring import Scoring
from advisor.seats import Seat


class Figures:
    """One seat's sums over the talons worked out: a deal's score and whether it was caught."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.score = ClusterMean()
        self.caught = ClusterMean()

    def score_interval(self, z: float) -> tuple[float, float]:
        return normal_interval(self.score.mean, self.score.variance(TALON_COUNT), z)

    def caught_interval(self, z: float) -> tuple[float, float]:
        return share_interval(self.caught, TALON_COUNT, z)


class Play(Figures):
    """One seat's exact figures so far, and the cards of the hand it discarded.

    The score's interval also holds the score the deals would have if M were caught as often as
    the top of the catch chance's interval, each catch costing what they cost so far (at least a
    trick): with no catch or hardly any among the deals, their scores barely vary, and the
    normal interval alone would be far too narrow."""

    def __init__(self, seat: Seat, scoring: Scoring, tally: Tally | None = None) -> None:
        super().__init__(seat)
        self.scoring = scoring
        self.histogram = [0] * (HAND_SIZE + 1)
        self.discarded: dict[Card, int] = {}
        self.tally = tally
        """The sums of the objective's own annotation (None: not asked for)."""

    def add(self, hand: CardSet, found: SeatPlay) -> None:
        tricks = found.tricks
        for t in tricks:
            self.histogram[t] += 1
        scores = [self.scoring.layout(t) for t in tricks]
        self.score.add(sum(scores), sum(s * s for s in scores), len(tricks))
        caught = sum(1 for t in tricks if t)
        self.caught.add(caught, caught, len(tricks))
        for card in found.discards & hand:
            self.discarded[card] = self.discarded.get(card, 0) + 1
        if self.tally is not None:
            self.tally.add(found.kept, tricks, found.note)

    @property
    def tricks(self) -> float:
        """The tricks the catchers force a deal, on average so far."""
        deals = sum(self.histogram)
        return sum(t * n for t, n in enumerate(self.histogram)) / deals if deals else 0.0

    def score_interval(self, z: float) -> tuple[float, float]:
        low, high = super().score_interval(z)
        caught = sum(self.histogram[1:])
        tricks = sum(t * n for t, n in enumerate(self.histogram)) / caught if caught else 1.0
        rarely_clean = self.scoring.rarely_made(self.caught_interval(z)[1], tricks)
        return min(low, rarely_clean), min(high, float(self.scoring.best))

    def odds(self) -> SeatOdds:
        annotated = {} if self.tally is None else self.tally.fields()
        return SeatOdds(
            self.seat,
            self.caught.mean,
            self.caught_interval(Z95),
            self.score.mean,
            self.score_interval(Z95),
            tuple(self.histogram),
            tuple(sorted(self.discarded.items())),
            **annotated,
        )


class Bounds:
    """One seat's bounds: per talon (:class:`~advisor.exact.bound.TalonBound`), the share of
    its deals every discard is caught on and the most any can score a deal there. Each talon is
    one value (its deals are not independent of each other), and a value may be lowered
    (:meth:`refine`), so the sums are kept as the values change."""

    def __init__(self, seat: Seat, scoring: Scoring) -> None:
        self.seat, self.scoring = seat, scoring
        self.talons: list[TalonBound] = []
        self.score = Sums()
        self.caught = Sums()

    def add(self, talon: TalonBound) -> None:
        self.talons.append(talon)
        deals = len(talon.layouts)
        self.score.add(talon.bound / deals)
        self.caught.add(talon.least_caught / deals)

    def refine(self, index: int) -> bool:
        """Lower talon ``index``'s bound a step; False when it can go no lower."""
        talon = self.talons[index]
        deals = len(talon.layouts)
        before = talon.bound / deals
        if not talon.refine():
            return False
        self.score.change(before, talon.bound / deals)
        return True

    def score_interval(self, z: float) -> tuple[float, float]:
        return self.score.interval(z)

    def caught_interval(self, z: float) -> tuple[float, float]:
        return self.caught.interval(z)

    def odds(self) -> SeatOdds:
        caught_low = max(0.0, self.caught_interval(Z95)[0])
        score_high = min(float(self.scoring.best), self.score_interval(Z95)[1])
        return SeatOdds(
            self.seat,
            self.caught.mean,
            (caught_low, 1.0),
            self.score.mean,
            (float(self.scoring.worst), score_high),
            None,
            reading=BOUND,
        )


class Sums:
    """A sum and a sum of squares of values that may change, for their mean and its normal
    interval."""

    def __init__(self) -> None:
        self.count, self.total, self.squares = 0, 0.0, 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def change(self, before: float, after: float) -> None:
        self.total += after - before
        self.squares += after * after - before * before

    @property
    def mean(self) -> float:
        return self.total / self.count

    def interval(self, z: float) -> tuple[float, float]:
        n, mean = self.count, self.mean
        spread = max(0.0, (self.squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        return normal_interval(mean, spread / n, z)


@dataclass(frozen=True)
class SeatPlay:
    """One talon worked out for one seat: the discard, the hand M kept, the forced tricks of
    the talon's splits and what the objective's annotation said of them (b"": not asked)."""

    discards: CardSet
    kept: CardSet
    tricks: bytes
    note: bytes = b""
