"""A contract's score of a layout, in one place: by the tricks the declarer falls short.

Every figure of the exact analysis that is a score (a layout's, a total over layouts, a bound
on a count not finished, an expected score and the interval's edges) reads it here; no other
module writes a score out. A contract scores ``made`` points when the declarer falls no trick
short and loses ``per_trick`` points for each trick he does: misère (:data:`MISERE`) writes
+10 to the pool when clean and 10 to the mountain for every trick M takes (a trick taken is a
trick short of none). A game contract has the same shape over its undertricks, with points
of its own.

>>> MISERE.layout(0), MISERE.layout(3), MISERE.best, MISERE.worst
(10, -30, 10, -100)
>>> MISERE.catch_bound(8, 3)
20
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from advisor.cards import HAND_SIZE


@dataclass(frozen=True)
class Scoring:
    """The score of a layout by the tricks ``short`` the declarer falls short: ``made`` when
    none, ``-per_trick * short`` otherwise."""

    made: int
    per_trick: int

    def layout(self, short: int) -> int:
        """One layout's score."""
        return self.made if short == 0 else -self.per_trick * short

    @property
    def best(self) -> int:
        """The most a layout can score: made."""
        return self.made

    @property
    def failed_best(self) -> int:
        """The most a layout the declarer fails on can score: one trick short."""
        return -self.per_trick

    @property
    def worst(self) -> int:
        """The least a layout can score: every trick short."""
        return -self.per_trick * HAND_SIZE

    @property
    def failure_step(self) -> int:
        """How far a layout counted as made falls when it turns out one trick short."""
        return self.made + self.per_trick

    def total(self, tricks: bytes) -> int:
        """The score summed over layouts, one byte of tricks short a layout."""
        return self.made * tricks.count(0) - self.per_trick * sum(tricks)

    def histogram_total(self, histogram: Sequence[int]) -> int:
        """:meth:`total` from a histogram of tricks short (``histogram[t]`` layouts ``t``)."""
        return self.made * histogram[0] - self.per_trick * sum(
            t * n for t, n in enumerate(histogram)
        )

    def catch_bound(self, layouts: int, failed: int) -> int:
        """The most ``layouts`` layouts can total when the declarer fails on ``failed`` of
        them (the bound of a count of failures not yet deepened)."""
        return self.made * (layouts - failed) - self.per_trick * failed

    def expected(self, p_failed: float, mean_short: float) -> float:
        """The expected score from the chance of failing and the mean tricks short."""
        return self.made * (1 - p_failed) - self.per_trick * mean_short

    def rarely_made(self, p_failed: float, short: float = 1) -> float:
        """The expected score if the declarer failed as often as ``p_failed``, each failure
        ``short`` tricks short: the low edge of a score's interval where failures are rare
        (their scores barely vary, and a normal interval alone is far too narrow)."""
        return self.made - (self.made + self.per_trick * short) * p_failed


MISERE = Scoring(made=10, per_trick=10)
"""Misère: +10 to the pool when clean, 10 to the mountain for every trick taken."""
