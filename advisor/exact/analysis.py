"""Exact odds for the bid: how often the catchers really catch a hand, what it scores, talon and
discard included.

The bid is made on ten cards, before the talon is seen. For each of the C(22, 2) = 231 talons
the 22 unseen cards can form, M takes the talon and discards two of the twelve cards, then the
catchers' 20 cards are split 10/10 at random and the compiled solver says how many tricks the
catchers can force on M (:func:`advisor.solver.solve_many`). The discard (``discard``):

- ``exact`` (the default): the one exact play makes, the highest expected score of all 66
  (:func:`advisor.exact.deepening.choose_discard`), chosen on splits of its own for each talon
  and seat (8 a talon), so that the splits reported do not flatter the choice (within
  :data:`CHOICE_TOLERANCE` of the best total there: the same choice to a player);
- ``table``: the founding table's choice (:func:`advisor.talon.talon_discards`, the same as
  ``check --talon``);
- ``solver``: the table's three best discards scored on the reported splits (the highest total
  wins, the table's order breaks ties; choosing on the splits then reported flatters it).

**The sample** (:mod:`advisor.exact.deals`): every talon gets the same number of splits (4 by
default: 924 deals in all), drawn from the seed, so a hand gets the same answer every run, in
every process and with any number of threads. Each talon is equally likely, so the mean over the
deals estimates the catch chance and the score; the 95 % intervals are Wilson's for the caught
share and the normal one for the mean score (:mod:`advisor.sampling`).

**As much work as the verdict needs.** The talons are worked out in a shuffled order, and the
analysis stops as soon as the verdict is clear, unless ``full`` asks for every talon:

- *bounds* first (:class:`advisor.exact.bound.TalonBound`): whatever M discards after a
  talon, he is caught on at least as many of its deals as the discard caught least often, and a
  caught deal costs at least 10, so the score is at most ``10 - 20 x`` that share; where that
  is highest it is lowered by proving second and third tricks. Finding catches is quick
  (proving a deal clean is what takes time), so on a hand caught nearly always these bounds cost
  a fraction of the exact figures and already say pass. The bounds of the first 16 talons tell
  whether they can; if so every talon's bound is worked out (on its first
  :data:`BOUND_SPLITS` reported splits), and when their 99.9 % limit is below passing that is
  the answer: the catch chance at least, the score at most;
- then the exact figures, talon after talon, looking at the verdict every 16 talons: once the
  99.9 % interval of the score (and of the catch chance, with ``exact_threshold``) lies on one
  side of passing, at least 32 talons in, the verdict is clear, and unless the hand is cheap to
  work out (the catchers force under :data:`COSTLY_TRICKS` a deal: then it goes on until the
  score is known to :data:`~advisor.exact.stopping.PRECISION` either way) the figures are a
  *sequential* estimate from the talons worked out, with the intervals of a two-stage sample;
  else all 231.

The result says which (:class:`Method`); the intervals are honest in each case.

**Seats.** ``me``, ``left`` or ``right`` says who leads the first trick (``left``: the catcher
on M's left is first hand). ``them`` solves both catchers' seats on the same splits, reports
each, and averages them: the averaged intervals run from the mean of the two lower bounds to the
mean of the two upper ones (conservative: the seats share the splits, so their errors go
together, and the spread of a mean is at most the mean of the spreads).

**An objective's annotation** (``annotation``, an :class:`~advisor.exact.objective.Annotation`):
the same reported deals, with the discard each talon got, are also handed to it, and each seat's
sums of what it says go into the seat's result; the driver never reads them. Misère's
(:data:`advisor.exact.suits.CAUGHT_THROUGH`, ``per_suit`` of
:func:`~advisor.exact.misere.exact_odds`) says through which suits M is caught, and the holding
he keeps in each suit. Bounds (:attr:`Method.BOUNDS`) solve no deal to the end, so they have no
annotations.

**The exact-play verdict** declares when the expected score of the misère (+10 clean, -10 per
trick) is above the score of passing, the table's ``pass_score`` (default 0), and, when the table
sets ``exact_threshold``, the catch chance is at most that many percent. The founding verdict is
:func:`advisor.verdict.assess` on the ten cards as dealt (their lead for ``left``, ``right`` and
``them``); when the two differ, :attr:`ExactOdds.reason` says why in one line.
"""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Callable, Sequence

from advisor.cards import CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.bound import TalonBound
from advisor.exact.deals import Deals, Stratum
from advisor.exact.deepening import choose_discard
from advisor.exact.dominance import Discards
from advisor.exact.figures import Bounds, Play, SeatPlay
from advisor.exact.objective import Annotation, Objective
from advisor.exact.result import Method, SeatOdds
from advisor.exact.settings import DiscardMode
from advisor.exact.stopping import Goal, known, mean, mean_bounds
from advisor.parallel import ProgressCallback, in_order
from advisor.sampling import Z95
from advisor.seats import Lead, Seat
from advisor.solver import stop_searches
from advisor.table import Table
from advisor.talon import talon_discards

SOLVER_CANDIDATES = 3  # with discard="solver": the table's best few, scored by the solver
CHOICE_TOLERANCE = 10
"""Points of total score on a talon's eight choosing splits within which the exact discard may
be any of the best: a trick on one split, where the sampling noise of such a total is about
forty, so deepening further would only pick between them at random (measured: it moves the
expected score by a tenth of a point, and saves a tenth to a fifth of the time)."""
ROUND_TALONS = 16  # talons worked out between two looks at the verdict
LEAST_SEQUENTIAL_TALONS = 32  # talons a sequential estimate comes from at least
PROBE_TALONS = 16  # talons whose bounds tell whether bounds can settle the verdict
BOUND_SPLITS = 8  # a talon's reported splits its bounds are worked out on, at most
PROMISING_GAP = 5  # ... by their catches being at most this far above passing
REFINE_STEPS = 16  # steps of lowering the bounds tried, a talon and seat at most
PROBE_MARGIN = 1.0  # points below passing the probe's lowered bounds must reach
COSTLY_TRICKS = 0.25
"""Tricks a deal the catchers force on average, from which a hand is costly to work out (the
solver searches deeper the more tricks there are to count): it stops once the verdict is clear,
however wide the interval."""


class Analysis:
    """The work of :func:`~advisor.exact.misere.exact_odds` for one hand, lead and discard
    mode, for ``objective`` (its score, solver and order of discards)."""

    def __init__(
        self,
        hand: CardSet,
        lead: Lead,
        table: Table,
        mode: DiscardMode,
        deals: Deals,
        jobs: int,
        *,
        objective: Objective,
        annotation: Annotation | None = None,
    ) -> None:
        self.objective, self.annotation = objective, annotation
        self.hand, self.lead, self.table, self.mode = hand, lead, table, mode
        self.deals, self.jobs = deals, jobs
        self.seats = lead.seats
        self.candidates: list[tuple[CardSet, ...]] = []
        if mode is not DiscardMode.EXACT:
            top = SOLVER_CANDIDATES if mode is DiscardMode.SOLVER else 1
            self.candidates = [
                found for _, found in talon_discards(hand, lead.founding, table, top)
            ]

    def run(
        self, goal: Goal, full: bool, progress: ProgressCallback | None
    ) -> tuple[Method, tuple[SeatOdds, ...], int]:
        """The method used, each seat's figures and the talons they come from."""
        order = self.deals.order()
        if not full:
            bounds = self._bounds(order, goal)
            if bounds is not None:
                return Method.BOUNDS, bounds, TALON_COUNT
        annotation = self.annotation
        plays = [
            Play(seat, self.objective.scoring, None if annotation is None else annotation.tally())
            for seat in self.seats
        ]
        done = 0
        with contextlib.closing(in_order(self._play, order, self.jobs, stop_searches)) as results:
            for found in results:
                for figures, seat_play in zip(plays, found, strict=True):
                    figures.add(self.hand, seat_play)
                done += 1
                if progress is not None:
                    progress(done, TALON_COUNT)
                if not full and self._clear(done, plays, goal):
                    break
        method = Method.FULL if done == TALON_COUNT else Method.SEQUENTIAL
        return method, tuple(figures.odds() for figures in plays), done

    @staticmethod
    def _clear(done: int, plays: Sequence[Play], goal: Goal) -> bool:
        """Whether to stop after ``done`` talons: the verdict is clear and, unless the hand is
        costly to work out, its score known to :data:`~advisor.exact.stopping.PRECISION`
        points either way."""
        looked_at = done % ROUND_TALONS == 0 and done >= LEAST_SEQUENTIAL_TALONS
        if not looked_at or done == TALON_COUNT or not goal.clear(plays):
            return False
        low, high = mean_bounds(figures.score_interval(Z95) for figures in plays)
        return known(low, high) or mean([f.tricks for f in plays]) >= COSTLY_TRICKS

    def _bounds(self, order: Sequence[int], goal: Goal) -> tuple[SeatOdds, ...] | None:
        """Every talon's bounds, when those of the first few, lowered where they are highest,
        promise to settle the verdict and all of them do; else None."""
        bounds = [Bounds(seat, self.objective.scoring) for seat in self.seats]
        for done, number in enumerate(order, start=1):
            stratum = self.deals.reported(number, BOUND_SPLITS)
            discards = Discards(self.hand | stratum.talon, self.objective)
            for figures in bounds:
                allowed = self._allowed(number)
                figures.add(
                    TalonBound(discards, stratum.pool, figures.seat, stratum.splits, allowed)
                )
            if done == PROBE_TALONS and not _probe_promises(bounds, goal):
                return None
        if not _refined(bounds, goal.clear_pass):
            return None
        return tuple(figures.odds() for figures in bounds)

    def _allowed(self, number: int) -> Sequence[CardSet] | None:
        """The discards the mode may choose after talon ``number`` (None: any of the 66)."""
        return None if self.mode is DiscardMode.EXACT else self.candidates[number]

    def _play(self, number: int) -> tuple[SeatPlay, ...]:
        """Talon ``number`` worked out for every seat."""
        stratum = self.deals.reported(number)
        found = []
        for seat in self.seats:
            discards = self._discard(number, stratum, seat)
            tricks = stratum.solve(self.objective, self.hand, discards, seat)
            kept = (self.hand | stratum.talon) - discards
            note = b""
            if self.annotation is not None:
                note = self.annotation.of_talon(kept, stratum.pool, seat, stratum.splits, tricks)
            found.append(SeatPlay(discards, kept, tricks, note))
        return tuple(found)

    def _discard(self, number: int, stratum: Stratum, seat: Seat) -> CardSet:
        if self.mode is DiscardMode.EXACT:
            choosing = self.deals.choosing(number)
            twelve = self.hand | choosing.talon
            order = self.objective.discard_order(twelve, self.lead, self.table)
            return choose_discard(
                twelve, choosing.pool, seat, choosing.splits, order, CHOICE_TOLERANCE,
                objective=self.objective,
            )  # fmt: skip
        options = self.candidates[number]
        return _best_option(self.objective, self.hand, stratum, options, seat)


def _probe_promises(bounds: Sequence[Bounds], goal: Goal) -> bool:
    """Whether the first talons' bounds promise that bounds settle the verdict: their catches
    alone are near enough to saying pass, and once lowered where they are highest, their mean
    score bound is below passing by :data:`PROBE_MARGIN` (the probe's refining is kept)."""
    caught = mean([figures.caught.mean for figures in bounds])
    if goal.threshold is not None and 100 * caught > goal.threshold:
        return True
    if mean([figures.score.mean for figures in bounds]) > goal.pass_score + PROMISING_GAP:
        return False

    def below_passing(seats: Sequence[Bounds]) -> bool:
        score = mean([figures.score.mean for figures in seats])
        return score <= goal.pass_score - PROBE_MARGIN

    return _refined(bounds, below_passing)


def _refined(bounds: Sequence[Bounds], enough: Callable[[Sequence[Bounds]], bool]) -> bool:
    """Lower the highest talon bounds, a step at a time, until ``enough`` says so (True) or
    :data:`REFINE_STEPS` steps a talon and seat are spent or nothing can go lower (False)."""
    heap = [
        (-talon.bound, seat, index)
        for seat, figures in enumerate(bounds)
        for index, talon in enumerate(figures.talons)
    ]
    heapq.heapify(heap)
    most = REFINE_STEPS * len(heap)
    for _ in range(most):
        if enough(bounds):
            return True
        if not heap:
            return False
        _, seat, index = heap[0]
        if bounds[seat].refine(index):
            heapq.heapreplace(heap, (-bounds[seat].talons[index].bound, seat, index))
        else:
            heapq.heappop(heap)
    return enough(bounds)


def _best_option(
    objective: Objective, hand: CardSet, stratum: Stratum, options: Sequence[CardSet], seat: Seat
) -> CardSet:
    """The discard (of the table's candidates, best first) that scores most on the stratum's
    splits; the first of equals wins."""
    if len(options) == 1:
        return options[0]
    total = objective.scoring.total
    return max(options, key=lambda d: total(stratum.solve(objective, hand, d, seat)))
