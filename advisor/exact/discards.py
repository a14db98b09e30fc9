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
- **Touching cards are one card.** The catchers hold every card the twelve do not, so two
  cards of M's in one suit with no card between them that M lacks (``♠8 9``) are the same card
  to the play: the discards that differ only by which of them goes are one discard, solved
  once (the first in the table's order stands for the others; ``Discards.key``).
- **Lower cards are never caught more often.** Keeping the lower of two cards of a suit (and
  throwing the higher) is never caught where keeping the higher is clean: M can play the lower
  card wherever he would have played the higher, and while he takes no trick the play is the
  same. So when a discard is caught on a layout, every discard that keeps higher cards in the
  same suits is caught there too, and when one is clean, every discard keeping lower cards is
  clean: those answers need no search (:class:`Discards`). The trick count is *not* monotone
  this way (once M is caught the lead passes differently), so only catches are inferred.
- **Deepening, best first.** The discards left are deepened: their caught layouts are asked
  "at least 2 tricks?", then 3, ..., each answer lowering the bound; the discard with the
  highest bound is always the next one deepened, so that none is deepened further than the
  best total makes necessary, and the first one settled at the top is the best.

:func:`choose_discard` picks one discard this way (``advisor check --exact``, once a talon and
seat); :func:`score_discards` scores all 66 for ``advisor discard --exact``, where every discard's
catch chance is wanted and only the trick counts of the hopeless ones are left as a bound.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from advisor.cards import HAND_SIZE, WITH_TALON, CardSet
from advisor.parallel import even_pieces, in_order
from advisor.sampling import wilson_interval
from advisor.scoring import MISERE
from advisor.seats import Seat
from advisor.solver import GAVE_UP, solve_many, stop_searches

HISTOGRAM_SIZE = HAND_SIZE + 1  # 0..10 forced tricks
SCREEN_BUDGET = 400
"""Search nodes a catch is first looked for in (most are found in a few dozen, while proving
M clean takes thousands): what is left open is settled only if the discard is still in the
running."""


def steps_below(room: int, step: int) -> int:
    """How many steps of ``step`` take a bound ``room`` above a target (or at it) below the
    target: the least ``r`` with ``r * step > room`` (1 when the bound is already below)."""
    return max(0, room) // step + 1


# --- which discards keep lower cards ------------------------------------------------------------


class Discards:
    """The 66 discards of twelve cards, numbered by the positions of their two cards among the
    twelve (sorted by suit, then rank), with the order "keeps lower cards" between them.

    Discard ``x`` keeps lower cards than ``y`` (``x`` below ``y``) when their cards come from
    the same suits and each of ``x``'s is at least as high as ``y``'s in its suit: ``x``'s kept
    hand is ``y``'s with cards swapped for lower ones of their suits. A catch of ``x`` on a
    layout is then a catch of ``y``; a clean ``y`` means a clean ``x``.
    """

    def __init__(self, twelve: CardSet) -> None:
        cards = [card.index for card in twelve]
        if len(cards) != WITH_TALON:
            raise ValueError(f"{len(cards)} cards, not twelve")
        self.cards = twelve
        self.masks = [1 << cards[i] | 1 << cards[j] for i, j in _POSITION_PAIRS]
        self.number = {mask: number for number, mask in enumerate(self.masks)}
        self.below, self.above = _dominance(tuple(card >> 3 for card in cards))
        run = _runs(cards)
        self.key = [(run[i], run[j]) for i, j in _POSITION_PAIRS]
        """Discards with one key are the same discard to the play: they differ only by which
        of two touching cards (a run of ranks of one suit, all M's) goes."""
        members: dict[tuple[int, int], int] = {}
        for number, key in enumerate(self.key):
            members[key] = members.get(key, 0) | 1 << number
        self.alike = [members[key] for key in self.key]
        """The bit set of the discards with the same key (itself included)."""
        self.patterns = _patterns(tuple(card >> 3 for card in cards))
        """The discards of each pair of suits, lowest-keeping first: the first is below every
        other one of its pair (it throws the highest cards of those suits)."""


_POSITION_PAIRS = tuple((i, j) for i in range(WITH_TALON) for j in range(i + 1, WITH_TALON))


def _runs(cards: Sequence[int]) -> list[int]:
    """For each of the (sorted) card indexes, the number of its run: the cards of one suit
    with consecutive ranks."""
    runs = [0] * len(cards)
    for position in range(1, len(cards)):
        touching = cards[position] == cards[position - 1] + 1 and cards[position] & 7
        runs[position] = runs[position - 1] + (0 if touching else 1)
    return runs


@lru_cache(maxsize=512)
def _patterns(suits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The discards (by :data:`_POSITION_PAIRS`) of twelve cards whose suits are ``suits``,
    grouped by the suits of their two cards, each group lowest-keeping first (by the positions
    of its cards, highest first)."""
    groups: dict[tuple[int, int], list[int]] = {}
    for number, (i, j) in enumerate(_POSITION_PAIRS):
        groups.setdefault((suits[i], suits[j]), []).append(number)
    return tuple(
        tuple(sorted(members, key=lambda n: -sum(_POSITION_PAIRS[n])))
        for members in groups.values()
    )


@lru_cache(maxsize=512)
def _dominance(suits: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each discard (by :data:`_POSITION_PAIRS`) of twelve cards whose suits are ``suits``:
    the bit set of the discards below it (keeping lower cards, itself included) and of those
    above it. It depends on the suits' lengths only, a few hundred shapes."""
    pairs = _POSITION_PAIRS
    below = [0] * len(pairs)
    above = [0] * len(pairs)
    for x, (i1, j1) in enumerate(pairs):
        for y, (i2, j2) in enumerate(pairs):
            same_suits = suits[i1] == suits[i2] and suits[j1] == suits[j2]
            if same_suits and i1 >= i2 and j1 >= j2:  # x throws higher cards: x is below y
                below[y] |= 1 << x
                above[x] |= 1 << y
    return tuple(below), tuple(above)


class Catches:
    """What is known of which discards are caught on each layout (bit sets by discard number),
    so that :class:`Discards`'s order answers without a search where it can; and how often
    each layout has caught a discard so far, to ask the likeliest catches first."""

    def __init__(self, discards: Discards, layouts: int) -> None:
        self.discards = discards
        self.caught = [0] * layouts
        self.clean = [0] * layouts
        self.catches = [0] * layouts

    def extend(self, layouts: int) -> None:
        """Room for ``layouts`` more layouts, nothing known of them yet."""
        self.caught += [0] * layouts
        self.clean += [0] * layouts
        self.catches += [0] * layouts

    def screen(
        self,
        number: int,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        limit: int | None = None,
        budget: int | None = None,
        start: int = 0,
        end: int | None = None,
    ) -> tuple[list[int], list[int]] | None:
        """The layouts (their indexes, from ``start`` up to ``end``) where discard ``number`` is
        caught,
        and those the node ``budget`` left open; None as soon as ``limit`` are caught (its
        bound is then no longer good enough). With a limit, the layouts that caught most
        discards so far are asked first: a catch is quick to find and a clean layout slow to
        prove, so the limit is reached after fewer proofs (and with a budget, fewer still are
        finished)."""
        below, above = self.discards.below[number], self.discards.above[number]
        caught, unknown = [], []
        for index in range(start, len(self.caught) if end is None else end):
            caught_here, clean_here = self.caught[index], self.clean[index]
            if caught_here & below:
                caught.append(index)
            elif not clean_here & above:
                unknown.append(index)
        if limit is not None:
            if len(caught) >= limit:
                return None
            unknown.sort(key=self.catches.__getitem__, reverse=True)
        if not unknown:  # every answer inferred
            return None if limit is not None and len(caught) >= limit else (caught, [])
        stop = None if limit is None else limit - len(caught)
        asked = array("I", (layouts[index] for index in unknown))
        answers = solve_many(hand, pool, seat, asked, cap=1, stop=stop, budget=budget)
        alike = self.discards.alike[number]
        left = []
        for index, answer in zip(unknown, answers, strict=False):
            if answer == GAVE_UP:
                left.append(index)
            elif answer:
                caught.append(index)
                self.caught[index] |= alike
                self.catches[index] += 1
            else:
                self.clean[index] |= alike
        if len(answers) < len(unknown) or (limit is not None and len(caught) >= limit):
            return None
        return sorted(caught), left


PIECE_LAYOUTS = 16  # layouts a piece of a screened batch holds at least


def _pieces(span: range, jobs: int) -> list[range]:
    """``span`` in ``jobs`` pieces of about the same size (fewer when it is small), for the
    threads to screen apart."""
    return even_pieces(span, max(1, min(jobs, len(span) // PIECE_LAYOUTS)))


# --- deepening ---------------------------------------------------------------------------------


class _Deepening:
    """One discard (and seat) on its way to an exact histogram over the layouts of ``span`` (by
    index; all of ``layouts`` by default): the tricks of the settled layouts, for each open
    (caught) layout the tricks it is known to cost at least, and the layouts not yet known to
    catch M or not (counted clean until they are)."""

    def __init__(
        self,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        caught: list[int],
        unknown: Sequence[int] = (),
        span: range | None = None,
    ) -> None:
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
        self.bound = MISERE.catch_bound(len(self.span), len(caught))

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
        found = {start + i: MISERE.layout(tricks) for i, tricks in enumerate(self.tricks)}
        found.update(
            (index, MISERE.layout(least))
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
        stop = None if needed is None else steps_below(self.bound - needed, MISERE.per_trick)
        layouts = self._masks(self.open[i] for i in asked)
        tricks = solve_many(self.hand, self.pool, self.seat, layouts, cap=cap, stop=stop)
        done = []
        for i, count in zip(asked, tricks, strict=False):
            if count < cap or cap == HAND_SIZE:
                self.histogram[count] += 1
                self.tricks[self.open[i] - self.span.start] = count
                self.bound -= MISERE.per_trick * (count - fewest)
                done.append(i)
            else:
                self.least[i] = cap
                self.bound -= MISERE.per_trick
        if done:
            gone = set(done)
            kept = [i for i in range(len(self.open)) if i not in gone]
            self.open = [self.open[i] for i in kept]
            self.least = [self.least[i] for i in kept]

    def _resolve(self, needed: int | None) -> None:
        """Ask the unknown layouts whether they catch M (a catch lowers the bound by 20)."""
        step = MISERE.failure_step  # a catch takes its +10 away and costs 10 more
        stop = None if needed is None else steps_below(self.bound - needed, step)
        answers = solve_many(self.hand, self.pool, self.seat, self._masks(self.unknown), cap=1,
                             stop=stop)  # fmt: skip
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
            tricks = solve_many(self.hand, self.pool, self.seat, self._masks(indexes))
            for index, count, known in zip(indexes, tricks, least, strict=True):
                self.histogram[count] += 1
                self.tricks[index - self.span.start] = count
                self.bound -= MISERE.layout(known) - MISERE.layout(count)
            self.open, self.least, self.unknown = [], [], []


def _best_first(
    entries: list[tuple[int, list[_Deepening]]],
    best: tuple[int, int] | None,
    tolerance: int = 0,
) -> tuple[int, int] | None:
    """Deepen the discards (by table rank, each a list of seats) always at the highest summed
    bound, until the top one is settled and none left can beat it by more than ``tolerance``
    points; returns the best (total, rank): ``best`` if none beats it. A deepening stops as
    soon as its bound falls below the next one's (or the best's, plus the tolerance), and the
    ones that cannot win are left where they stopped."""
    heap = [(-_bound(parts), rank, parts) for rank, parts in entries]
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
        heapq.heapreplace(heap, (-_bound(parts), rank, parts))
    return best


def _rival(heap: list[tuple[int, int, list[_Deepening]]], best: tuple[int, int] | None,
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


def _kept_height(discard: CardSet) -> int:
    """An order of screening in which a discard keeping higher cards comes before one keeping
    lower cards (it throws lower ones): a clean answer, which takes the longest to find, then
    answers for every discard below it. (The sum of the two cards' ranks.)"""
    mask = discard.mask
    return sum(index & 7 for index in range(32) if mask >> index & 1)


def _bound(parts: Sequence[_Deepening]) -> int:
    return parts[0].bound if len(parts) == 1 else sum(part.bound for part in parts)


def _beats(total: int, rank: int, best_total: int, best_rank: int) -> bool:
    """Whether ``total`` at table rank ``rank`` beats the best so far (ties: the lower rank)."""
    return total > best_total or (total == best_total and rank < best_rank)


# --- one discard -------------------------------------------------------------------------------


def choose_discard(
    twelve: CardSet,
    pool: CardSet,
    seat: Seat,
    layouts: array[int],
    order: Iterable[CardSet],
    tolerance: int = 0,
) -> CardSet:
    """The discard (two of ``twelve``) with the highest total score on ``layouts`` (L's hands
    out of ``pool``) with ``seat`` on lead, or one at most ``tolerance`` points below it;
    ``order`` gives the 66 candidates in the table's order, lazily (the first is often clean
    on every layout, and then nothing else is looked at), and breaks ties."""
    candidates = iter(order)
    first = next(candidates)
    discards = Discards(twelve)
    catches = Catches(discards, len(layouts))
    screened = catches.screen(discards.number[first.mask], twelve - first, pool, seat, layouts)
    assert screened is not None, "a screen without a limit always ends"
    caught, _ = screened
    if not caught:
        return first
    opening = _Deepening(twelve - first, pool, seat, layouts, caught)
    opening.settle()
    first_total = MISERE.histogram_total(opening.histogram)
    # the catches that take a bound of +10 a layout below first_total + 1 (a tie loses)
    perfect = MISERE.best * len(layouts)
    limit = steps_below(perfect - (first_total + 1), MISERE.failure_step)
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
        found = catches.screen(number, hand, pool, seat, layouts, limit, SCREEN_BUDGET)
        if found is not None:
            entries.append((rank, [_Deepening(hand, pool, seat, layouts, *found)]))
    best = _best_first(entries, (first_total, 0), tolerance)
    assert best is not None, "the first discard is the best unless another beats it"
    return ranked[best[1]]


# --- all of them -------------------------------------------------------------------------------


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
    ) -> None:
        self.twelve, self.pool, self.seats, self.order = twelve, pool, tuple(seats), order
        self.jobs = jobs
        """Threads the seats' screens and the settling share (the answer is the same)."""
        self.discards = Discards(twelve)
        self.layouts = array("I")
        self.catches = [Catches(self.discards, 0) for _ in seats]
        self.alike: dict[tuple[int, int], list[int]] = {}
        for rank in range(len(order)):
            self.alike.setdefault(self._key(rank), []).append(rank)
        firsts = (ranks[0] for ranks in self.alike.values())
        self.ranks = sorted(firsts, key=lambda r: _kept_height(order[r]))
        """One rank of each set of discards the same to the play, in screening order."""
        self.live = list(self.ranks)
        """The ranks still screened on each batch (:meth:`drop_far_below` leaves some out)."""
        self.parts: dict[int, list[_Deepening]] = {rank: [] for rank in self.ranks}
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
                part = _Deepening(hand, self.pool, seat, self.layouts, caught, left, span=span)
                self.parts[rank].append(part)
                self.caught[rank][index] += len(part.open)

    def choose(self, settle_best: int = 1, tolerance: float = 0.0) -> None:
        """Settle the ``settle_best`` best by bound, then deepen best-first until the best by
        total is settled and no other can beat it by more than ``tolerance`` points of
        expected score (:func:`_best_first`)."""
        entries = [(rank, self.parts[rank]) for rank in self.live]
        by_bound = sorted(entries, key=lambda entry: (-_bound(entry[1]), entry[0]))
        unsettled = [p for _, parts in by_bound[:settle_best] for p in parts if not p.settled]
        for _ in in_order(_Deepening.settle, unsettled, self.jobs, stop_searches):
            pass
        points = int(tolerance * len(self.layouts) * len(self.seats))  # in the totals' terms
        _best_first(entries, None, points)

    def best(self) -> int:
        """The rank of the best settled discard (by total, then the table's order)."""
        settled = [rank for rank in self.live if all(p.settled for p in self.parts[rank])]
        return max(settled, key=lambda rank: (_bound(self.parts[rank]), -rank))

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
        rarely_clean = MISERE.rarely_made(most_caught)
        return min(mean - half, rarely_clean), min(mean + half, float(MISERE.best))

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
                          histogram if settled else None, _bound(mine))  # fmt: skip


def score_discards(
    twelve: CardSet,
    pool: CardSet,
    seats: Sequence[Seat],
    layouts: array[int],
    order: Sequence[CardSet],
    settle_best: int = 1,
) -> list[ScoredDiscard]:
    """Every discard of ``order`` on ``layouts``, all at once (:class:`DiscardScores`)."""
    scores = DiscardScores(twelve, pool, seats, order)
    scores.add(layouts)
    scores.choose(settle_best)
    return scores.results()


# --- a bound for any discard -------------------------------------------------------------------

REFINE_BUDGET = 2000
"""Search nodes a bound spends on one more trick of a layout (a catch usually takes a few
hundred, a second or third trick a thousand or two)."""
REFINE_CAP = 4
"""Bounds prove at most this many tricks on a layout: past it, a proof takes long and the
bound has long said what it can."""


class DiscardBound:
    """One discard's bound on its total score over a talon's layouts: +10 for each layout not
    proven caught, -10 for each trick proven on the others; lowered by :meth:`refine`."""

    def __init__(
        self, hand: CardSet, pool: CardSet, seat: Seat, layouts: array[int], caught: list[int]
    ) -> None:
        self.hand, self.pool, self.seat, self.layouts = hand, pool, seat, layouts
        self.least = dict.fromkeys(caught, 1)  # the tricks proven so far, by layout
        self.open = set(caught)  # the caught layouts where one more trick may yet be proven
        self.bound = MISERE.catch_bound(len(layouts), len(caught))

    def refine(self, budget: int | None = REFINE_BUDGET) -> bool:
        """Try to prove one more trick on the open layouts with the fewest proven (each within
        ``budget`` nodes): the bound falls by 10 for each one proven. False when no layout is
        left to try."""
        if not self.open:
            return False
        fewest = min(self.least[index] for index in self.open)
        asked = [index for index in self.open if self.least[index] == fewest]
        masks = array("I", (self.layouts[index] for index in asked))
        answers = solve_many(self.hand, self.pool, self.seat, masks, cap=fewest + 1, budget=budget)
        for index, answer in zip(asked, answers, strict=True):
            if answer == fewest + 1:
                self.least[index] = answer
                self.bound -= MISERE.per_trick
            if answer != fewest + 1 or answer == REFINE_CAP:
                self.open.discard(index)  # settled, or too costly to go on
        return True


class TalonBound:
    """A bound on the total score, over one talon's layouts, of whichever of the allowed
    discards of ``discards``' twelve cards M throws away: the highest of theirs
    (:class:`DiscardBound`); and the fewest layouts any of them is caught on.

    All 66 allowed (``candidates`` None): each pair of suits has one discard below all the
    others of the pair (:attr:`Discards.patterns`), caught wherever any of them is clean, so
    the fewest catches are among those few, and the others are screened only when that
    discard's bound is lowered (:meth:`refine`). A few candidates are screened each. Catches
    are looked for within :data:`SCREEN_BUDGET` nodes a layout, and a layout left open counts
    as clean: the figures are true bounds, never too low."""

    def __init__(
        self,
        discards: Discards,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        candidates: Iterable[CardSet] | None = None,
    ) -> None:
        self.discards, self.pool, self.seat, self.layouts = discards, pool, seat, layouts
        self.catches = Catches(discards, len(layouts))
        if candidates is None:
            self.groups = [_Group(self, members) for members in discards.patterns]
        else:
            self.groups = [_Group(self, (discards.number[c.mask],)) for c in candidates]
        for group in self.groups:
            group.start()
            if not group.parts[0].least:  # caught nowhere: the bound is the most it can be
                break

    @property
    def least_caught(self) -> int:
        return min(len(group.parts[0].least) for group in self.groups if group.parts)

    @property
    def bound(self) -> int:
        return max(group.bound for group in self.groups if group.parts)

    def refine(self) -> bool:
        """Lower the bound of the discards at the top by a step; False when it can go no
        lower (the talon's bound is then final)."""
        top = max((group for group in self.groups if group.parts), key=lambda g: g.bound)
        return top.refine()

    def part(self, number: int) -> DiscardBound:
        """Discard ``number`` screened for catches (what the others told is used)."""
        hand = self.discards.cards - CardSet(self.discards.masks[number])
        found = self.catches.screen(
            number, hand, self.pool, self.seat, self.layouts, budget=SCREEN_BUDGET
        )
        assert found is not None, "a screen without a limit always ends"
        return DiscardBound(hand, self.pool, self.seat, self.layouts, found[0])


class _Group:
    """The allowed discards of one pair of suits, lowest-keeping first, of a
    :class:`TalonBound`: only the first is screened until the group is :meth:`refine`-d."""

    def __init__(self, talon: TalonBound, members: Sequence[int]) -> None:
        seen: set[tuple[int, int]] = set()
        self.members = []
        for number in members:  # one of each set of discards the same to the play
            if talon.discards.key[number] not in seen:
                seen.add(talon.discards.key[number])
                self.members.append(number)
        self.talon = talon
        self.parts: list[DiscardBound] = []

    def start(self) -> None:
        self.parts = [self.talon.part(self.members[0])]

    @property
    def whole(self) -> bool:
        return len(self.parts) == len(self.members)

    @property
    def bound(self) -> int:
        """The most any of the group can score: the others are caught at least wherever the
        first is, until they are screened themselves."""
        if self.whole:
            return max(part.bound for part in self.parts)
        first = self.parts[0]
        return MISERE.catch_bound(len(first.layouts), len(first.least))

    def refine(self) -> bool:
        if not self.parts[0].least:  # the first is caught nowhere: nothing lowers it
            return False
        if not self.whole:
            self.parts += [self.talon.part(number) for number in self.members[1:]]
            return True
        return max(self.parts, key=lambda part: part.bound).refine()
