"""Estimates from a sample of talons, each with its own deals, and their 95 % intervals.

The exact analysis draws deals in two stages: talons (of the 231 a hand can meet), then splits of
the catchers' cards for each talon. When every talon is worked out the deals' mean is the
estimate and its interval is the usual one, as if the deals were independent (which, with the
talons' differences counted as noise, errs on the wide side). When only the first ``n`` talons of
a shuffle were worked out (the analysis stopped once the verdict was clear), the deals of one
talon share its discard and its cards, so they are not independent: the variance then comes from
the spread of the talons' own means, which counts that (two-stage sampling), blended with the
deals' own by the share of talons worked out so that it meets the full figure at 231.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


@dataclass
class ClusterMean:
    """Running sums of one figure over talons (clusters) of deals."""

    deals: int = 0
    total: float = 0.0
    squares: float = 0.0
    means: list[float] = field(default_factory=list)
    """Each talon's own mean, in the order they were added."""

    def add(self, total: float, squares: float, count: int) -> None:
        """One talon: the sum of the figure over its ``count`` deals and of its squares."""
        self.deals += count
        self.total += total
        self.squares += squares
        self.means.append(total / count)

    @property
    def talons(self) -> int:
        return len(self.means)

    @property
    def mean(self) -> float:
        return self.total / self.deals if self.deals else 0.0

    def variance(self, population: int) -> float:
        """The variance of :attr:`mean`, the talons being a uniform sample of ``population``
        (all of them: the deals' own variance, as for independent deals)."""
        deals, mean = self.deals, self.mean
        if deals < 2:
            return 0.0
        spread = max(0.0, (self.squares - deals * mean * mean) / (deals - 1))
        independent = spread / deals
        share = self.talons / population
        if share >= 1 or self.talons < 2:
            return independent
        talons = self.means
        between = sum((m - mean) ** 2 for m in talons) / (len(talons) - 1) / len(talons)
        return (1 - share) * between + share * independent


def normal_interval(mean: float, variance: float, z: float = Z95) -> tuple[float, float]:
    half = z * math.sqrt(variance)
    return mean - half, mean + half


def mean_interval(values: Sequence[float], exact: bool) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` (one a layout) and its 95 % interval: normal, from the sample
    variance; a single point when ``exact`` (every layout counted, nothing sampled)."""
    count = len(values)
    mean = sum(values) / count
    if exact or count < 2:
        return mean, (mean, mean)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, normal_interval(mean, variance / count)


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``trials`` may be an effective,
    fractional number of trials).

    >>> [round(bound, 4) for bound in wilson_interval(4, 10)]
    [0.1682, 0.6873]
    """
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exactly 0 (not a rounding hair above)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def share_interval(caught: ClusterMean, population: int, z: float = Z95) -> tuple[float, float]:
    """The interval of a share (a figure that is 0 or 1 each deal): Wilson's, over the deals
    when every talon was worked out, else over the effective number of deals the two-stage
    variance stands for (never more than the deals themselves)."""
    deals, p = caught.deals, caught.mean
    if not deals:
        return 0.0, 1.0
    trials = float(deals)
    variance = caught.variance(population)
    if caught.talons < population and variance > 0 and 0 < p < 1:
        trials = min(trials, p * (1 - p) / variance)
    return wilson_interval(p * trials, trials, z)
