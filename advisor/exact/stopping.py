"""When a sequential estimate has told enough, and the one verdict rule it is weighed by.

The exact odds of a hand (:mod:`advisor.exact.analysis`) and the scores of a hand's discards
(:mod:`advisor.exact.discard_odds`) are worked out on growing numbers of deals and stop as soon as
the figures tell enough: the verdict is the same anywhere in the 99.9 % intervals
(:data:`Z_CLEAR`), and, for a figure cheap to work out, the score is known to :data:`PRECISION`
points either way. The verdict itself is :meth:`Goal.declares`: declare when the expected score
is above the score of passing and, where the table sets ``exact_threshold``, the catch chance
is at most that many percent.

>>> goal = Goal(0.0, 20.0)
>>> goal.declares(3.5, 0.1), goal.declares(3.5, 0.25), goal.declares(-1.0, 0.0)
(True, False, False)
>>> known(2.0, 3.9), known(2.0, 4.5)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

Z_CLEAR = 3.290526731491926  # a verdict is clear when its 99.9 % interval leaves passing aside
PRECISION = 1.0  # a score cheap to work out is known to a point either way


class Intervals(Protocol):
    """A seat's figures so far, as the verdict weighs them."""

    def score_interval(self, z: float) -> tuple[float, float]: ...

    def caught_interval(self, z: float) -> tuple[float, float]: ...


@dataclass(frozen=True)
class Goal:
    """What the verdict weighs the figures against: the table's ``pass_score`` (or what
    passing costs if everyone passes) and its optional ``exact_threshold`` (percent)."""

    pass_score: float
    threshold: float | None

    def declares(self, score: float, p_caught: float) -> bool:
        """The verdict: the score beats passing, the catch chance within the threshold."""
        return score > self.pass_score and (
            self.threshold is None or 100 * p_caught <= self.threshold
        )

    def clear(self, seats: Sequence[Intervals]) -> bool:
        """Whether the verdict is the same anywhere in the seats' 99.9 % intervals (averaged
        over the seats)."""
        if self.clear_pass(seats):
            return True
        score_low, _ = mean_bounds(seat.score_interval(Z_CLEAR) for seat in seats)
        _, caught_high = mean_bounds(seat.caught_interval(Z_CLEAR) for seat in seats)
        return self.declares(score_low, caught_high)

    def clear_pass(self, seats: Sequence[Intervals]) -> bool:
        """Whether the 99.9 % intervals leave no room for declaring: the score's at most
        passing, or the catch chance's above ``exact_threshold`` (the side a bound can
        settle)."""
        _, score_high = mean_bounds(seat.score_interval(Z_CLEAR) for seat in seats)
        caught_low, _ = mean_bounds(seat.caught_interval(Z_CLEAR) for seat in seats)
        return not self.declares(score_high, caught_low)


def known(low: float, high: float) -> bool:
    """Whether a score's interval pins it to :data:`PRECISION` points either way."""
    return high - low <= 2 * PRECISION


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def mean_bounds(bounds: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """The mean low and the mean high of intervals."""
    found = list(bounds)
    return mean([low for low, _ in found]), mean([high for _, high in found])
