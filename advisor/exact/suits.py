"""Misère's own annotations of the exact figures: through which suits M is caught, and the
holding he keeps in each suit after the discard (``check --exact``'s suit table).

The caught deals of the talons worked out are asked through which suits the catchers can force
M's first trick (:func:`advisor.solver.through_many`); each suit's share of the deals, and the
share caught whichever suit M protects, get intervals as the catch chance does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from advisor.cards import Suit
from advisor.exact.stopping import mean, mean_bounds
from advisor.holdings import Holding


class Share(NamedTuple):
    """A share of the deals worked out and its 95 % interval."""

    p: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"p_caught": round(self.p, 4), "low": round(self.low, 4),
                "high": round(self.high, 4)}  # fmt: skip


def mean_share(shares: Sequence[Share]) -> Share:
    """The seats' shares averaged, their bounds too (as for the catch chance)."""
    low, high = mean_bounds((share.low, share.high) for share in shares)
    return Share(mean([share.p for share in shares]), low, high)


@dataclass(frozen=True)
class SuitOdds:
    """One suit of one seat (or of the seats averaged): the deals caught through it, and the
    holdings M kept in it after the discard."""

    suit: Suit
    caught: Share
    """The share of the deals M is caught through this suit (his first trick forced into
    it, however he tries to take it elsewhere)."""
    holdings: tuple[tuple[Holding, int], ...]
    """Each holding M kept in the suit after the discard, with the talons (times seats) that
    left it, most often first."""

    @property
    def holding(self) -> Holding:
        """The holding M kept most often."""
        return self.holdings[0][0]

    @property
    def holding_share(self) -> float:
        """The share of the talons that left :attr:`holding`."""
        return self.holdings[0][1] / sum(n for _, n in self.holdings)


def most_often(counts: dict[Holding, int]) -> tuple[tuple[Holding, int], ...]:
    """Holdings with their counts, most often first (the shorter, then the lower, of equals)."""
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], len(item[0]), item[0])))
