"""All 66 discards of twelve cards scored on the same layouts, a batch at a time, for
``advisor discard --exact`` (:func:`score_discards`): every discard's catch chance, the forced
tricks of the best ones, a bound for the others (the deepening of
:mod:`advisor.exact.deepening`)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.cards import CardSet
from advisor.exact.deepening import Deepening, best_first, summed_bound
from advisor.exact.dominance import Catches, Discards
from advisor.exact.objective import Objective
from advisor.parallel import even_pieces, in_order
from advisor.sampling import wilson_interval
from advisor.seats import Seat
from advisor.solver import stop_searches

PIECE_LAYOUTS = 16  # layouts a piece of a screened batch holds at least


def _pieces(span: range, jobs: int) -> list[range]:
    """``span`` in ``jobs`` pieces of about the same size (fewer when it is small), for the
    threads to screen apart."""
    return even_pieces(span, max(1, min(jobs, len(span) // PIECE_LAYOUTS)))


def kept_height(discard: CardSet) -> int:
    """An order of screening in which a discard keeping higher cards comes before one keeping
    lower cards (it throws lower ones): in misère a clean answer, which takes the longest to
    find, then answers for every discard below it (where keeping the higher card is safer the
    order runs the other way). (The sum of the two cards' ranks.)"""
    mask = discard.mask
    return sum(index & 7 for index in range(32) if mask >> index & 1)


@dataclass(frozen=True)
class SeatTricks:
    """One discard and leading seat over the shared layouts: the layouts where M is caught, and
    either every layout's forced tricks or, when the discard was dropped on a bound, only
    ``bound``, the most its total can be."""

    seat: Seat
    layouts: int
    caught: int
    histogram: tuple[int, ...] | None
    bound: int

    @property
    def settled(self) -> bool:
        return self.histogram is not None


@dataclass(frozen=True)
class ScoredDiscard:
    """One discard of :func:`score_discards`: its seats, and the discard before it in the
    table's order that is the same to the play (touching cards), or None."""

    discards: CardSet
    rank: int
    """Its place in the table's order (0 first)."""
    seats: tuple[SeatTricks, ...]
    same_as: CardSet | None = None


class DiscardScores:
    """Every discard of ``order`` (the table's order: all 66) for each of ``seats``, on layouts
    (L's hands out of ``pool``) added a batch at a time (:meth:`add`): whether M is caught on
    each, and, once :meth:`choose` has run, the forced tricks of the best by their total summed
    over the seats (ties: the table's order) and of the few best by their bound; the others
    keep their bound. Each batch is screened and deepened apart, and the totals summed, so a
    discard's figures on the layouts so far are those it would have on them all at once (for
    one :meth:`drop_far_below` left out: on the first layouts, those it was screened on)."""

    def __init__(
        self,
        twelve: CardSet,
        pool: CardSet,
        seats: Sequence[Seat],
        order: Sequence[CardSet],
        jobs: int = 1,
        *,
        objective: Objective,
    ) -> None:
        self.twelve, self.pool, self.seats, self.order = twelve, pool, tuple(seats), order
        self.objective, self.scoring = objective, objective.scoring
        self.jobs = jobs
        """Threads the seats' screens and the settling share (the answer is the same)."""
        self.discards = Discards(twelve, objective)
        self.layouts = array("I")
        self.catches = [Catches(self.discards, 0) for _ in seats]
        self.alike: dict[tuple[int, int], list[int]] = {}
        for rank in range(len(order)):
            self.alike.setdefault(self._key(rank), []).append(rank)
        firsts = (ranks[0] for ranks in self.alike.values())
        sign = 1 if objective.keeps_lower else -1
        self.ranks = sorted(firsts, key=lambda r: sign * kept_height(order[r]))
        """One rank of each set of discards the same to the play, in screening order."""
        self.live = list(self.ranks)
        """The ranks still screened on each batch (:meth:`drop_far_below` leaves some out)."""
        self.parts: dict[int, list[Deepening]] = {rank: [] for rank in self.ranks}
        """A discard's deepenings, for each batch then each seat."""
        self.caught: dict[int, list[int]] = {rank: [0] * len(seats) for rank in self.ranks}
        """Each discard's catches, by seat."""

    def _key(self, rank: int) -> tuple[int, int]:
        return self.discards.key[self.discards.number[self.order[rank].mask]]

    def add(self, layouts: array[int]) -> None:
        """Another batch of layouts, screened for catches by every discard still live."""
        start = len(self.layouts)
        self.layouts.extend(layouts)
        span = range(start, len(self.layouts))
        for known in self.catches:
            known.extend(len(layouts))

        pieces = [
            (index, piece) for index in range(len(self.seats)) for piece in _pieces(span, self.jobs)
        ]

        def screened(work: tuple[int, range]) -> list[tuple[list[int], list[int]]]:
            """Every discard screened for a seat (by number) on a piece of the batch, in
            :attr:`ranks`: what is inferred of a layout comes from the discards screened on it
            before, so pieces of layouts screen apart with the same answers."""
            index, piece = work
            seat, known, found = self.seats[index], self.catches[index], []
            for rank in self.live:
                number = self.discards.number[self.order[rank].mask]
                hand = self.twelve - self.order[rank]
                screen = known.screen(number, hand, self.pool, seat, self.layouts,
                                      start=piece.start, end=piece.stop)  # fmt: skip
                assert screen is not None, "a screen without a limit always ends"
                found.append(screen)
            return found

        by_seat: list[list[list[tuple[list[int], list[int]]]]] = [[] for _ in self.seats]
        jobs = min(self.jobs, len(pieces))
        for (owner, _), found in zip(
            pieces, in_order(screened, pieces, jobs, stop_searches), strict=True
        ):
            by_seat[owner].append(found)  # a seat's pieces in the order of their layouts
        for position, rank in enumerate(self.live):
            hand = self.twelve - self.order[rank]
            for index, seat in enumerate(self.seats):
                caught = [i for found in by_seat[index] for i in found[position][0]]
                left = [i for found in by_seat[index] for i in found[position][1]]
                part = Deepening(
                    self.objective, hand, self.pool, seat, self.layouts, caught, left, span=span
                )
                self.parts[rank].append(part)
                self.caught[rank][index] += len(part.open)

    def choose(self, settle_best: int = 1, tolerance: float = 0.0) -> None:
        """Settle the ``settle_best`` best by bound, then deepen best-first until the best by
        total is settled and no other can beat it by more than ``tolerance`` points of
        expected score (:func:`best_first`)."""
        entries = [(rank, self.parts[rank]) for rank in self.live]
        by_bound = sorted(entries, key=lambda entry: (-summed_bound(entry[1]), entry[0]))
        unsettled = [p for _, parts in by_bound[:settle_best] for p in parts if not p.settled]
        for _ in in_order(Deepening.settle, unsettled, self.jobs, stop_searches):
            pass
        points = int(tolerance * len(self.layouts) * len(self.seats))  # in the totals' terms
        best_first(entries, None, points)

    def best(self) -> int:
        """The rank of the best settled discard (by total, then the table's order)."""
        settled = [rank for rank in self.live if all(p.settled for p in self.parts[rank])]
        return max(settled, key=lambda rank: (summed_bound(self.parts[rank]), -rank))

    def interval(self, rank: int, z: float) -> tuple[float, float]:
        """The normal interval, at ``z``, of a discard's mean score over the layouts so far
        (the seats' mean): of its mean bound where it is not settled (an upper bound, then).
        Its bottom also allows for M being caught as often as the top of the catch share's
        Wilson interval, each catch costing a trick at least, so that a discard never caught
        so far does not get a point for an interval."""
        scores = self._upper_scores(rank)
        n = len(scores)
        mean = sum(scores) / n
        spread = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
        half = z * (spread / n) ** 0.5
        trials = n * len(self.seats)
        most_caught = wilson_interval(sum(self.caught[rank]), trials, z)[1]
        rarely_clean = self.scoring.rarely_made(most_caught)
        return min(mean - half, rarely_clean), min(mean + half, float(self.scoring.best))

    def caught_share(self, rank: int) -> float:
        """The share of the layouts it was screened on on which a discard is known to be
        caught (the seats' mean)."""
        return sum(self.caught[rank]) / (self._screened(rank) * len(self.seats))

    def _screened(self, rank: int) -> int:
        """The layouts a discard was screened on: the first ones, its batches' (those of its
        first seat's parts)."""
        return sum(len(part.span) for part in self.parts[rank][:: len(self.seats)])

    def drop_far_below(self, z: float, gap: float) -> None:
        """Screen no further the discards whose score is below the best's by ``gap`` points
        at least, at ``z`` on either side (the top of theirs under the bottom of the best's):
        they cannot be the choice, nor reach passing before it does, and they keep the figures
        of the layouts screened so far. A close call plays every layout; on the one measured,
        a sixth of the search was theirs (the rest is the few near the best proving layouts
        clean, which they cannot answer for)."""
        best = self.best()
        floor = self.interval(best, z)[0] - gap
        self.live = [r for r in self.live if r == best or self.interval(r, z)[1] >= floor]

    def ceiling(self, z: float) -> float:
        """The most any discard's mean score can be, at ``z``: the highest top of their
        intervals."""
        return max(self.interval(rank, z)[1] for rank in self.ranks)

    def _upper_scores(self, rank: int) -> list[float]:
        """A discard's score on each layout, or the most it can be, the seats' mean."""
        totals = [0.0] * self._screened(rank)
        for part in self.parts[rank]:
            for index, score in part.upper_scores().items():
                totals[index] += score
        return [total / len(self.seats) for total in totals]

    def results(self) -> list[ScoredDiscard]:
        """Every discard, best first: the settled ones by total, then the rest by bound (a
        layout's mean, for those screened on fewer), each followed by the discards that are
        the same to the play."""
        scored = []
        for rank in self.parts:
            layouts = self._screened(rank)
            seats = tuple(
                self._seat_tricks(rank, index, layouts) for index in range(len(self.seats))
            )
            scored.append((rank, seats))
        scored.sort(key=lambda item: (not all(s.settled for s in item[1]),
                                      -sum(s.bound / s.layouts for s in item[1]),
                                      item[0]))  # fmt: skip
        found = []
        for rank, seat_results in scored:
            members = self.alike[self._key(rank)]
            found.append(ScoredDiscard(self.order[rank], rank, seat_results))
            found += [ScoredDiscard(self.order[other], other, seat_results, self.order[rank])
                      for other in members[1:]]  # fmt: skip
        return found

    def _seat_tricks(self, rank: int, index: int, layouts: int) -> SeatTricks:
        """Discard ``rank``'s figures for the seat numbered ``index``, over every batch."""
        mine = self.parts[rank][index :: len(self.seats)]
        settled = all(part.settled for part in mine)
        histograms = (part.histogram for part in mine)
        histogram = tuple(sum(column) for column in zip(*histograms, strict=True))
        return SeatTricks(self.seats[index], layouts, self.caught[rank][index],
                          histogram if settled else None, summed_bound(mine))  # fmt: skip


def score_discards(
    twelve: CardSet,
    pool: CardSet,
    seats: Sequence[Seat],
    layouts: array[int],
    order: Sequence[CardSet],
    settle_best: int = 1,
    *,
    objective: Objective,
) -> list[ScoredDiscard]:
    """Every discard of ``order`` on ``layouts``, all at once (:class:`DiscardScores`)."""
    scores = DiscardScores(twelve, pool, seats, order, objective=objective)
    scores.add(layouts)
    scores.choose(settle_best)
    return scores.results()
