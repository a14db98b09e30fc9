"""The value of each game bid as the ladder has it: never below giving up, never above a lower bid.

Whoever wins the auction at a bid may name any contract at least that bid, or give up three
down. So a lower bid allows everything a higher one does, and its value is at least the higher
one's; and giving up is always open, so no bid is worth less than giving its lowest contract
up. The talons' estimates (:mod:`advisor.exact.bid`) need not show it: each bid's choice after
the talon is made on a few splits of its own and scored on others, and a choice among more
contracts can be unlucky on the splits it is scored on. :func:`on_the_ladder` puts each bid at
the best of three plays open to it, each priced on the same talons:

- its own choices (:attr:`Source.OWN`);
- the choices after a higher bid, when they scored more (:attr:`Source.HIGHER`: whoever won
  this bid can play as after that one);
- giving up on every talon, when that is worth more (:attr:`Source.GIVE_UP`, an exact figure).

A bid worked out on fewer talons (above one clearly worth less than passing, and so stopped
early) cannot borrow from a lower bid nor lend to one: its estimate comes from other talons. It
is shown at most at the value of the bid below it, which bounds it (:attr:`Source.BOUND`, with
no interval). The best of several unbiased estimates leans a little high; the lean is at most
the spread between the estimates borrowed from, which are within one another's intervals.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from advisor.contract import Bid, Contract
from advisor.jsonout import contract_json


class Source(enum.Enum):
    """Which play a bid's figure is the value of (:func:`on_the_ladder`)."""

    OWN = "own"
    HIGHER = "higher"
    GIVE_UP = "give up"
    BOUND = "bound"


@dataclass(frozen=True)
class BidFigure:
    """A game bid: the value of winning the auction with it, and what was named after the
    talon (the contract named most often, and how often giving up three down was best)."""

    bid: Bid
    points: float
    interval: tuple[float, float] | None
    """The 95 % interval of ``points`` (None: a bound, :attr:`Source.BOUND`)."""
    named: tuple[tuple[Contract | None, int], ...]
    """What was named after the talons, most often first (None: given up), with its count."""
    source: Source = Source.OWN
    via: Bid | None = None
    """The bid whose play this figure is the value of (:attr:`Source.HIGHER`) or which bounds
    it (:attr:`Source.BOUND`); None for the bid's own figure and for giving up."""

    @property
    def talons(self) -> int:
        return sum(count for _, count in self.named)

    @property
    def best(self) -> tuple[Contract | None, float]:
        """The choice made most often after the talon (None: giving up), and its share."""
        choice, count = self.named[0]
        return choice, count / self.talons

    def to_dict(self) -> dict[str, Any]:
        choice, share = self.best
        return {
            "bid": contract_json(self.bid),
            "points": round(self.points, 3) + 0.0,  # + 0.0: never -0.0
            "interval": None if self.interval is None else [round(x, 3) for x in self.interval],
            "source": self.source.value,
            "via": None if self.via is None else contract_json(self.via),
            "talons": self.talons,
            "best_contract": "give up" if choice is None else contract_json(choice),
            "best_share": round(share, 4),
            "named": {("give up" if c is None else contract_json(c)): n for c, n in self.named},
        }


def on_the_ladder(own: Sequence[BidFigure], floors: Sequence[float]) -> tuple[BidFigure, ...]:
    """Each bid's figure as the best play open to it (see the module), from ``own``, the bids'
    own figures up the ladder, and ``floors``, what giving each bid up scores."""
    found: list[BidFigure] = []
    above: BidFigure | None = None
    for figure, floor in zip(reversed(own), reversed(floors), strict=True):
        best = figure  # among equals: its own play, then giving up, then a higher bid's
        if floor > best.points:
            best = BidFigure(figure.bid, floor, (floor, floor), ((None, figure.talons),),
                             Source.GIVE_UP)  # fmt: skip
        if above is not None and _lends(above, figure) and above.points > best.points:
            best = replace(above, bid=figure.bid, source=Source.HIGHER, via=above.via or above.bid)
        found.append(best)
        above = best
    found.reverse()
    for k in range(1, len(found)):
        below = found[k - 1]
        if found[k].points > below.points:  # worked out on fewer talons (else it would lend)
            via = below.via if below.source is Source.BOUND else below.bid
            found[k] = replace(found[k], points=below.points, interval=None,
                               source=Source.BOUND, via=via)  # fmt: skip
    return tuple(found)


def _lends(above: BidFigure, figure: BidFigure) -> bool:
    """Whether the bid above may lend ``figure`` its play: priced on the same talons, and a
    play after the talon (giving up is lent by the lower bid's own floor, which is no lower)."""
    return above.talons == figure.talons and above.source in (Source.OWN, Source.HIGHER)


__all__ = ["BidFigure", "Source", "on_the_ladder"]
