"""The discard exact play makes: of the 66 ways to throw two of twelve cards away, the one with
the highest expected score, every discard scored on the same layouts of the catchers' cards.

Whatever M throws away, the catchers hold the same 20 cards, so every discard of one twelve-card
hand is scored on the same layouts (common random numbers): the comparison is paired, and a
layout that is hard for one discard is hard for all. A layout scores +10 when M stays clean and
-10 per trick the catchers force; the best discard has the highest total, ties going to the
table's order of discards (:mod:`advisor.talon`).

Scoring all 66 in full would cost seconds a talon; the work goes where the choice is open, on
bounds that never drop the best:

- **Caught or not first.** A caught layout scores at most -10, so a discard caught on ``c`` of
  ``n`` layouts totals at most ``10 * (n - 2c)``. The solver is first asked only whether M is
  caught (the cheapest question), and a discard is dropped as soon as that bound is no better
  than the best total so far; a poor discard is usually dropped after a catch or two.
- **Deepening, best first.** The discards left are deepened: their caught layouts are asked
  "at least 2 tricks?", then 3, ..., each answer lowering the bound; the discard with the
  highest bound is always the next one deepened, so that none is deepened further than the
  best total makes necessary, and the first one settled at the top is the best.

Touching cards and the discards that keep lower cards answer for each other
(:mod:`advisor.exact.dominance`). :func:`choose_discard` picks one discard this way (``advisor
check --exact``, once a talon and seat); :func:`advisor.exact.scores.score_discards` scores all
66 for ``advisor discard --exact``, where every discard's catch chance is wanted and only the
trick counts of the hopeless ones are left as a bound.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterable, Sequence

from advisor.cards import HAND_SIZE, CardSet
from advisor.exact.dominance import Catches, Discards
from advisor.exact.objective import Objective
from advisor.seats import Seat

HISTOGRAM_SIZE = HAND_SIZE + 1  # 0..10 forced tricks


def steps_below(room: int, step: int) -> int:
    """How many steps of ``step`` take a bound ``room`` above a target (or at it) below the
    target: the least ``r`` with ``r * step > room`` (1 when the bound is already below)."""
    return max(0, room) // step + 1


class Deepening:
    """One discard (and seat) on its way to an exact histogram over the layouts of ``span`` (by
    index; all of ``layouts`` by default): the tricks of the settled layouts, for each open
    (caught) layout the tricks it is known to cost at least, and the layouts not yet known to
    catch M or not (counted clean until they are)."""

    def __init__(
        self,
        objective: Objective,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        caught: list[int],
        unknown: Sequence[int] = (),
        span: range | None = None,
    ) -> None:
        self.objective, self.scoring = objective, objective.scoring
        self.hand, self.pool, self.seat, self.layouts = hand, pool, seat, layouts
        self.span = range(len(layouts)) if span is None else span
        self.histogram = [0] * HISTOGRAM_SIZE
        self.histogram[0] = len(self.span) - len(caught) - len(unknown)
        self.tricks = bytearray(len(self.span))
        """Each layout's tricks where settled (one byte a layout; 0 for the others)."""
        self.open = list(caught)
        self.least = [1] * len(caught)  # a caught layout costs at least one trick
        self.unknown = list(unknown)
        # the bound, kept as the layouts change: settled exactly, each open one at its least
        self.bound = self.scoring.catch_bound(len(self.span), len(caught))

    @property
    def caught(self) -> int:
        """The layouts known to catch M."""
        return len(self.open) + sum(self.histogram[1:])

    @property
    def settled(self) -> bool:
        return not self.open and not self.unknown

    def upper_scores(self) -> dict[int, int]:
        """Each layout's score, or the most it can be (by layout index): settled exactly,
        open at its least, unknown as clean."""
        start = self.span.start
        found = {start + i: self.scoring.layout(tricks) for i, tricks in enumerate(self.tricks)}
        found.update(
            (index, self.scoring.layout(least))
            for index, least in zip(self.open, self.least, strict=True)
        )
        return found

    def _masks(self, indexes: Iterable[int]) -> array[int]:
        return array("I", (self.layouts[index] for index in indexes))

    def deepen(self, needed: int | None = None) -> None:
        """One step towards the exact total, the cheap kind first: ask the open layouts known
        to cost the fewest tricks whether they cost one more, or else the unknown ones whether
        they catch M at all; with ``needed`` (at most :attr:`bound`), stop asking once enough
        of them do that the bound falls below it."""
        if not self.open:
            self._resolve(needed)
            return
        fewest = min(self.least)
        cap = fewest + 1
        asked = [i for i, least in enumerate(self.least) if least == fewest]
        stop = None if needed is None else steps_below(self.bound - needed, self.scoring.per_trick)
        layouts = self._masks(self.open[i] for i in asked)
        tricks = self.objective.short(self.hand, self.pool, self.seat, layouts, cap=cap, stop=stop)
        done = []
        for i, count in zip(asked, tricks, strict=False):
            if count < cap or cap == HAND_SIZE:
                self.histogram[count] += 1
                self.tricks[self.open[i] - self.span.start] = count
                self.bound -= self.scoring.per_trick * (count - fewest)
                done.append(i)
            else:
                self.least[i] = cap
                self.bound -= self.scoring.per_trick
        if done:
            gone = set(done)
            kept = [i for i in range(len(self.open)) if i not in gone]
            self.open = [self.open[i] for i in kept]
            self.least = [self.least[i] for i in kept]

    def _resolve(self, needed: int | None) -> None:
        """Ask the unknown layouts whether they catch M (a catch lowers the bound by 20)."""
        step = self.scoring.failure_step  # a catch takes its +10 away and costs 10 more
        stop = None if needed is None else steps_below(self.bound - needed, step)
        asked = self._masks(self.unknown)
        answers = self.objective.short(self.hand, self.pool, self.seat, asked, cap=1, stop=stop)
        for index, answer in zip(self.unknown, answers, strict=False):
            if answer:
                self.open.append(index)
                self.least.append(1)
                self.bound -= step
            else:
                self.histogram[0] += 1
        self.unknown = self.unknown[len(answers) :]

    def settle(self) -> None:
        """Every layout's tricks, in full."""
        indexes = self.open + self.unknown
        least = self.least + [0] * len(self.unknown)
        if indexes:
            tricks = self.objective.short(self.hand, self.pool, self.seat, self._masks(indexes))
            for index, count, known in zip(indexes, tricks, least, strict=True):
                self.histogram[count] += 1
                self.tricks[index - self.span.start] = count
                self.bound -= self.scoring.layout(known) - self.scoring.layout(count)
            self.open, self.least, self.unknown = [], [], []


def best_first(
    entries: list[tuple[int, list[Deepening]]],
    best: tuple[int, int] | None,
    tolerance: int = 0,
) -> tuple[int, int] | None:
    """Deepen the discards (by table rank, each a list of seats) always at the highest summed
    bound, until the top one is settled and none left can beat it by more than ``tolerance``
    points; returns the best (total, rank): ``best`` if none beats it. A deepening stops as
    soon as its bound falls below the next one's (or the best's, plus the tolerance), and the
    ones that cannot win are left where they stopped."""
    heap = [(-summed_bound(parts), rank, parts) for rank, parts in entries]
    heapq.heapify(heap)
    while heap:
        negative, rank, parts = heap[0]
        if best is not None and not _beats(-negative - tolerance, rank, *best):
            return best
        unsettled = [part for part in parts if not part.settled]
        if not unsettled:  # above every other bound: the best so far
            best = -negative, rank
            heapq.heappop(heap)
            continue
        part = max(unsettled, key=lambda p: len(p.open))
        rival = _rival(heap, best, tolerance)
        if rival is None:
            part.deepen()
        else:  # the part's share of what keeps this discard on top
            part.deepen(_needed(rank, *rival) - (-negative - part.bound))
        heapq.heapreplace(heap, (-summed_bound(parts), rank, parts))
    return best


def _rival(heap: list[tuple[int, int, list[Deepening]]], best: tuple[int, int] | None,
           tolerance: int = 0) -> tuple[int, int] | None:  # fmt: skip
    """What the top of the heap must stay above: the best settled (total, rank) plus the
    tolerance, or the next entry's (bound, rank), whichever is higher."""
    following = [(-heap[i][0], heap[i][1]) for i in (1, 2) if i < len(heap)]
    candidates = ([(best[0] + tolerance, best[1])] if best is not None else []) + following
    return max(candidates, key=lambda c: (c[0], -c[1])) if candidates else None


def _needed(rank: int, total: int, other_rank: int) -> int:
    """The least total with which the discard at ``rank`` stays ahead of ``total`` at
    ``other_rank`` (totals are whole; on a tie the lower rank is ahead)."""
    return total if rank < other_rank else total + 1


def summed_bound(parts: Sequence[Deepening]) -> int:
    """The bound of a discard's parts (seats, batches) together."""
    return parts[0].bound if len(parts) == 1 else sum(part.bound for part in parts)


def _beats(total: int, rank: int, best_total: int, best_rank: int) -> bool:
    """Whether ``total`` at table rank ``rank`` beats the best so far (ties: the lower rank)."""
    return total > best_total or (total == best_total and rank < best_rank)


def choose_discard(
    twelve: CardSet,
    pool: CardSet,
    seat: Seat,
    layouts: array[int],
    order: Iterable[CardSet],
    tolerance: int = 0,
    *,
    objective: Objective,
) -> CardSet:
    """The discard (two of ``twelve``) with the highest total score on ``layouts`` (L's hands
    out of ``pool``) with ``seat`` on lead, or one at most ``tolerance`` points below it;
    ``order`` gives the 66 candidates in the table's order, lazily (the first is often clean
    on every layout, and then nothing else is looked at), and breaks ties; for ``objective``."""
    candidates = iter(order)
    first = next(candidates)
    discards = Discards(twelve, objective)
    scoring = objective.scoring
    catches = Catches(discards, len(layouts))
    screened = catches.screen(discards.number[first.mask], twelve - first, pool, seat, layouts)
    assert screened is not None, "a screen without a limit always ends"
    caught, _ = screened
    if not caught:
        return first
    opening = Deepening(objective, twelve - first, pool, seat, layouts, caught)
    opening.settle()
    first_total = scoring.histogram_total(opening.histogram)
    # the catches that take a bound of +10 a layout below first_total + 1 (a tie loses)
    perfect = scoring.best * len(layouts)
    limit = steps_below(perfect - (first_total + 1), scoring.failure_step)
    ranked = [first]
    entries = []
    seen = {discards.key[discards.number[first.mask]]}
    for rank, discard in enumerate(candidates, start=1):
        ranked.append(discard)
        number = discards.number[discard.mask]
        if discards.key[number] in seen:  # the same discard as one before it in the order
            continue
        seen.add(discards.key[number])
        hand = twelve - discard
        found = catches.screen(number, hand, pool, seat, layouts, limit, objective.screen_budget)
        if found is not None:
            entries.append((rank, [Deepening(objective, hand, pool, seat, layouts, *found)]))
    best = best_first(entries, (first_total, 0), tolerance)
    assert best is not None, "the first discard is the best unless another beats it"
    return ranked[best[1]]
