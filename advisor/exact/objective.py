"""What the exact machinery optimises: a contract's objective, handed to it the way a chess
library hands a variant to its tablebase code.

The machinery (talons and splits, the discard among 66 with its dominance and deepening, the
bounds, the sequential estimate, threads and stopping) is the same for every contract; what
differs is said here:

- :attr:`Objective.scoring`: the score of a layout by the tricks the declarer falls short
  (:mod:`advisor.scoring`);
- :meth:`Objective.short`: the solver call, each layout's tricks short at most ``cap``
  (``cap=1``: the cheap first question, whether the declarer fails at all), within a node
  budget where one is given (:data:`advisor.solver.GAVE_UP` where it ran out);
- :attr:`Objective.keeps_lower`: which kept card of a suit is never worse. In misère keeping
  the lower of two cards is never caught where keeping the higher is clean; in a trump or
  no-trump game the declarer keeping the higher card is never worse, and the dominance runs
  the other way;
- :attr:`Objective.screen_budget`: the nodes a failure is first looked for in;
- :meth:`Objective.discard_order`: the order of the 66 discards that breaks ties (and is
  tried first);
- optionally an :class:`Annotation`, the objective's own figures of the talons worked out,
  which the driver asks for and hands on without reading them (misère's: through which suits
  M is caught, :data:`advisor.exact.suits.CAUGHT_THROUGH`).

Misère is the first objective (:data:`advisor.exact.misere.MISERE_PLAY`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from advisor.cards import HAND_SIZE, CardSet
from advisor.scoring import Scoring
from advisor.seats import Lead, Seat

if TYPE_CHECKING:
    from array import array

    from advisor.table import Table


class Objective(Protocol):
    """A contract as the exact machinery sees it (see the module docstring)."""

    @property
    def scoring(self) -> Scoring: ...

    @property
    def keeps_lower(self) -> bool: ...

    @property
    def screen_budget(self) -> int: ...

    def short(
        self,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        *,
        cap: int = HAND_SIZE,
        stop: int | None = None,
        budget: int | None = None,
    ) -> bytes:
        """For each layout (L's hand out of ``pool``; the declarer holds ``hand``, ``seat``
        leads) the tricks the declarer falls short, at most ``cap``; the search ends early once
        ``stop`` layouts reach the cap (fewer answers)."""
        ...

    def discard_order(self, twelve: CardSet, lead: Lead, table: Table) -> Iterable[CardSet]:
        """The discards of ``twelve`` in the order that breaks ties, lazily."""
        ...


class Annotation(Protocol):
    """An objective's own figures of the talons worked out, beside the score and the catches:
    asked of each talon's layouts in the talon's thread (:meth:`of_talon`), summed per seat
    (:meth:`tally`) and put in the seat's result; the driver never reads them."""

    def of_talon(
        self, kept: CardSet, pool: CardSet, seat: Seat, layouts: array[int], tricks: bytes
    ) -> bytes:
        """What the layouts say (the declarer keeps ``kept``; L's hands out of ``pool``;
        ``tricks``: each layout's tricks short), as bytes for :meth:`Tally.add`."""
        ...

    def tally(self) -> Tally:
        """Empty sums for one seat."""
        ...


class Tally(Protocol):
    """One seat's sums of an :class:`Annotation` over the talons worked out."""

    def add(self, kept: CardSet, tricks: bytes, note: bytes) -> None:
        """A talon's layouts: the hand kept, their tricks short, what :meth:`Annotation.of_talon`
        said of them."""
        ...

    def fields(self) -> dict[str, Any]:
        """The fields of the seat's result (:class:`~advisor.exact.result.SeatOdds`) the sums
        fill in."""
        ...
