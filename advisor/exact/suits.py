"""Misère's own annotations of the exact figures: through which suits M is caught, and the
holding he keeps in each suit after the discard (``check --exact``'s suit table).

The caught deals of the talons worked out are asked through which suits the catchers can force
M's first trick (:func:`advisor.solver.through_many`); each suit's share of the deals, and the
share caught whichever suit M protects, get intervals as the catch chance does. They are
misère's :class:`~advisor.exact.objective.Annotation` (:data:`CAUGHT_THROUGH`), which the driver
asks for without reading it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from advisor.cards import CardSet, Suit
from advisor.defaults import TALON_COUNT
from advisor.exact.stopping import mean, mean_bounds
from advisor.holdings import Holding
from advisor.sampling import Z95, ClusterMean, share_interval
from advisor.seats import Seat
from advisor.solver import through_many


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


class CaughtThrough:
    """Misère's annotation of the talons worked out: through which suits each caught layout is
    caught (:func:`~advisor.solver.through_many`, asked of the caught layouts only)."""

    def of_talon(
        self, kept: CardSet, pool: CardSet, seat: Seat, layouts: array[int], tricks: bytes
    ) -> bytes:
        """The suits M is caught through in each layout (a mask of suits; 0 where he is
        clean)."""
        caught = array("I", (left for left, t in zip(layouts, tricks, strict=True) if t))
        masks = iter(through_many(kept, pool, seat, caught))
        return bytes(next(masks) if t else 0 for t in tricks)

    def tally(self) -> SuitTally:
        return SuitTally()


CAUGHT_THROUGH = CaughtThrough()


class SuitTally:
    """One seat's per-suit sums: the deals caught through each suit and whichever suit M
    protects, and the holdings he kept."""

    def __init__(self) -> None:
        self.through = [ClusterMean() for _ in Suit]
        self.whichever = ClusterMean()
        self.holdings: list[dict[Holding, int]] = [{} for _ in Suit]

    def add(self, kept: CardSet, tricks: bytes, note: bytes) -> None:
        deals = len(tricks)
        for suit in Suit:
            through = sum(1 for mask in note if mask >> suit & 1)
            self.through[suit].add(through, through, deals)
            held = Holding(kept.suit_mask(suit))
            self.holdings[suit][held] = self.holdings[suit].get(held, 0) + 1
        whichever = sum(1 for t, mask in zip(tricks, note, strict=True) if t and not mask)
        self.whichever.add(whichever, whichever, deals)

    def fields(self) -> dict[str, Any]:
        """``suits`` and ``whichever`` of the seat's result."""
        suits = tuple(
            SuitOdds(suit, _share(self.through[suit]), most_often(self.holdings[suit]))
            for suit in Suit
        )
        return {"suits": suits, "whichever": _share(self.whichever)}


def _share(figure: ClusterMean) -> Share:
    return Share(figure.mean, *share_interval(figure, TALON_COUNT, Z95))
