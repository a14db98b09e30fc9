"""What each of the defender's calls is worth over the kept layouts, and the verdict.

In each kept layout the declarer's double-dummy tricks are the same whatever the defence says
(a lone whister plays open: both defenders' cards in view, double dummy); what the defender's
call changes is the defence's outcome (who whists, whether the game is played) and so the
ledger (:func:`advisor.points.game_ledger`) and this defender's points from it. Each call's
figures: the mean of his points and its 95 % interval (normal; a single point when every
layout was counted), and the chance the game is played and the defence falls short of its
quota (Wilson's interval; None against a checked ten, which has no quota). Sampled figures
from fewer than :data:`~advisor.limits.MIN_INTERVAL_SAMPLES` layouts have no interval, as
everywhere in the advisor (:func:`~advisor.limits.reported_interval`). The calls are
compared on the same layouts, so the verdict reads the interval of the paired difference: it
is *clear* when the best call's lead over each other one is above zero at 95 %.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.cards import CardSet
from advisor.contract import Contract
from advisor.convention import Convention
from advisor.limits import reported_interval
from advisor.points import TRICKS, Whist, game_ledger
from advisor.sampling import mean_interval, wilson_interval
from advisor.seats import Seat
from advisor.whist.layouts import Layouts
from advisor.whist.problem import Choice, WhistProblem


@dataclass(frozen=True)
class ChoiceFigures:
    """One call's figures over the kept layouts."""

    choice: Choice
    points: float
    """This defender's mean points."""
    interval: tuple[float, float] | None
    """The 95 % interval of ``points`` (None: too few layouts sampled for one)."""
    p_short: float | None
    """The chance the game is played and the defence takes fewer tricks than its quota (None:
    a checked ten, no quota)."""
    short_interval: tuple[float, float] | None
    """The 95 % interval of ``p_short`` (None: no quota, or too few layouts sampled)."""
    outcomes: dict[Whist, int]
    """How often the defence said each outcome after this call (the partner's call varies by
    layout when it is his folk call)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "choice": self.choice.value,
            "points": self.points,
            "interval": None if self.interval is None else list(self.interval),
            "p_short": self.p_short,
            "short_interval": None if self.short_interval is None else list(self.short_interval),
            "outcomes": {outcome.value: count for outcome, count in self.outcomes.items()},
        }


@functools.cache
def defender_points(
    contract: Contract, convention: Convention, seat: Seat
) -> dict[Whist, tuple[float, ...]]:
    """``seat``'s points for each outcome and each number of the declarer's tricks (0..10)."""
    quota = contract.quota(convention.ten)
    outcomes = [Whist.BOTH] if quota is None else list(Whist)
    if contract.level > 7:
        outcomes = [outcome for outcome in outcomes if outcome is not Whist.HALF]
    return {
        outcome: tuple(
            float(game_ledger(contract, tricks, outcome, convention).points()[seat])
            for tricks in range(TRICKS + 1)
        )
        for outcome in outcomes
    }


def choice_rows(
    problem: WhistProblem, layouts: Layouts, choice: Choice
) -> tuple[list[float], list[bool] | None, Counter[Whist]]:
    """This defender's points and whether the defence fell short (None: a checked ten, no
    quota), layout by layout, and the outcomes' counts, after ``choice``."""
    table = defender_points(problem.contract, problem.convention, problem.defender)
    quota = problem.contract.quota(problem.convention.ten)
    points, short, outcomes = [], [], Counter[Whist]()
    for tricks, partner in zip(layouts.tricks, layouts.partners, strict=True):
        outcome = problem.outcome(choice, CardSet(partner))
        outcomes[outcome] += 1
        points.append(table[outcome][tricks])
        short.append(quota is not None and outcome.played and TRICKS - tricks < quota)
    return points, None if quota is None else short, outcomes


def figures_of(
    choice: Choice,
    points: list[float],
    short: list[bool] | None,
    outcomes: Counter[Whist],
    exact: bool,
) -> ChoiceFigures:
    """One call's figures from its rows (``short`` None: no quota, no shortfall figures)."""
    count = len(points)
    mean, interval = mean_interval(points, exact)
    ordered = {outcome: outcomes[outcome] for outcome in Whist if outcomes[outcome]}
    if short is None:
        return ChoiceFigures(choice, mean, _reported(interval, count, exact), None, None, ordered)
    shorts = sum(short)
    share = shorts / count
    short_interval = (share, share) if exact else wilson_interval(shorts, count)
    return ChoiceFigures(
        choice, mean, _reported(interval, count, exact), share,
        _reported(short_interval, count, exact), ordered,
    )  # fmt: skip


def difference_interval(
    better: Sequence[float], other: Sequence[float], exact: bool
) -> tuple[float, float] | None:
    """The 95 % interval of the mean of ``better - other``, layout by layout (None: too few
    layouts sampled for one)."""
    differences = [a - b for a, b in zip(better, other, strict=True)]
    return _reported(mean_interval(differences, exact)[1], len(differences), exact)


def _reported(
    interval: tuple[float, float], layouts: int, exact: bool
) -> tuple[float, float] | None:
    """``interval`` unless it is sampled from too few layouts to be one (an exact figure, every
    layout counted, is a point whatever their number)."""
    return interval if exact else reported_interval(interval, layouts)
