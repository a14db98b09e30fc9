"""``advisor lead``: the first card, chosen blind, by M on first hand or by a catcher on lead.

The player who leads the first trick sees only his own cards (and the talon): the catchers lay
theirs open after the first card. Double-dummy play (``advisor solve``, the ``--exact``
analyses) lets him pick that card knowing every hand; here each card he may lead is valued over
the layouts his view allows, the same layouts for every card. In each layout the value of a lead
comes from the compiled solver (:func:`advisor.solver.lead_values`): the trick's other two cards
are played with every card in view, then the position is solved double-dummy. Beside the leads
stands the double-dummy figure on the same layouts, the leader choosing his card in each with
every hand in view: what seeing the other hands would be worth.

- **M on first hand** (:func:`lead_odds`): his ten cards and two discards; the layouts are
  splits of the other 20 cards between L and R, drawn as ``advisor solve --samples`` draws them
  (the same seed gives the same splits, and so ``solve``'s figures for double dummy), or all
  184,756. With twelve cards (:func:`lead_odds_after_discard`) the discard comes first: the one
  ``advisor discard --exact --lead me`` makes with the same samples and seed.
- **A catcher on lead** (:func:`catcher_lead_odds`): his ten cards and the talon; the layouts
  are the splits of the other 20 cards into M's ten as dealt and his partner's ten in which M,
  discarding the table's best two of his twelve cards, holds a hand the table declares (he did
  declare misère), drawn from the same stream of split numbers until there are enough, or all
  such splits. M's discard in each is the table's (``advisor.talon.declaring_discard``):
  the discard exact play makes takes about 0.2 s a layout, minutes for the default sample.

Cards equal to the play are one lead: the leader's cards of one suit with no card between them
but his own or cards out of play (M's discards, when M leads) (:func:`lead_classes`).

The best lead has the lowest catch chance for M (the highest for a catcher), then the better
expected score for the leader's side, then the lower card. Every lead's catch chance is found in
every layout (a quick question to the solver); the forced tricks, and so the mean tricks and the
expected score, are found for the leads whose 95 % interval of the catch chance reaches the best
one's (for all of them with ``full``). For the others only a bound is known: a caught deal
costs M at least ten points, so his expected score is at most ``10 - 20 x P(caught)``.

**The tricks on the first layouts.** Counting every trick is most of the work on a hand caught
nearly always (every lead could be the best there, and a trick count is many questions to the
solver), and a player reads the tricks to a tenth. So they are counted on the first layouts, a
round of :data:`TRICK_ROUND` caught ones at a time, until every figure shown, double dummy's
too, is known to :data:`TRICK_TOLERANCE` tricks (95 %) of what counting all of them would say:
the catch chance is still every layout's, and a figure's mean tricks are the catch chance times
the mean tricks of its caught layouts counted (:class:`TrickFigures`). On a hand caught in a
fifth of the layouts or less this is all of them or nearly; on one caught nearly always for four
tricks, an eighth. Every layout is counted with ``full`` and when every split is asked for
(exact figures).
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from advisor.cards import DECK_MASK, HAND_SIZE, WITH_TALON, CardSet
from advisor.defaults import LEAD_LAYOUTS
from advisor.errors import ExactError, LayoutError, LimitError
from advisor.i18n import Phrase, as_cards
from advisor.lead_figures import BlindLead, DiscardRule, LeadFigures, TrickFigures
from advisor.limits import MIN_INTERVAL_SAMPLES, check_run
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, Stages, in_order, runs
from advisor.sampling import wilson_interval
from advisor.seats import Lead, Seat
from advisor.solver import (
    catchers_pool,
    lead_values,
    require_core,
    split_hands,
    stop_searches,
)
from advisor.splits import EXACT_LAYOUTS, drawn_ranks, every_rank, rank_blocks

if TYPE_CHECKING:
    from advisor.table import Table

MAX_CHUNK = 2048  # layouts a piece of work at most (over all 184,756: a bar that moves)
DRAWS_PER_SAMPLE = 50
"""A catcher's view: split numbers drawn at most, per layout asked for, in search of splits on
which M could have declared (a tenth of them or fewer on the hands measured; 5 %: 20 draws a
layout)."""
TRICK_TOLERANCE = 0.1
"""Tricks: the 95 % half-width, against counting every layout, to which a lead's mean tricks
(and so its expected score, to a point) is counted on the first layouts (see
:meth:`_Solving.run`); on a hand caught nearly always for three tricks and more that is a
quarter to a half of them."""
TRICK_ROUND = 250  # asked layouts counted between two looks at the figures' margins
LEAST_CAUGHT_COUNTED = 30  # caught layouts a figure's tricks are counted on at least


# --- the entry points --------------------------------------------------------------------------


def lead_odds(
    hand: CardSet,
    discards: CardSet,
    *,
    samples: int | None = LEAD_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    full: bool = False,
    progress: ProgressCallback | None = None,
) -> BlindLead:
    """M on first hand leads from ``hand`` (ten cards) having thrown ``discards``: every lead
    over ``samples`` random splits of the other 20 cards (seeded by ``seed``, as ``advisor solve
    --samples`` draws them), or over all of them when ``samples`` is None."""
    pool = catchers_pool(hand, discards)
    _check_run(samples, jobs)
    require_core()
    triples = array("I")
    for ranks in rank_blocks(samples, seed):  # a block at a time: no array of every rank
        for left in split_hands(pool, ranks):
            triples.extend((hand.mask, left, pool.mask & ~left))
    classes = lead_classes(hand, discards)
    work = _Solving(Seat.M, classes, samples is None, jobs, full, Stages(progress, 2))
    leads, double_dummy = work.run(triples)
    return BlindLead(Seat.M, hand, discards, DiscardRule.GIVEN, None, samples, seed,
                     len(triples) // 3, full, leads, double_dummy)  # fmt: skip


def lead_odds_after_discard(
    twelve: CardSet,
    table: Table,
    *,
    samples: int | None = LEAD_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    full: bool = False,
    progress: ProgressCallback | None = None,
) -> BlindLead:
    """:func:`lead_odds` after the discard exact play makes from ``twelve`` (the hand and the
    talon): the one ``advisor discard --exact --lead me`` makes with the same samples and seed
    (with :data:`LEAD_LAYOUTS` of them when every split is asked for). ``progress`` is told of
    the discard's work, then of the leads'."""
    from advisor.exact.discard_odds import discard_odds
    from advisor.exact.settings import ExactSettings

    _check_run(samples, jobs)
    if table.pass_score is None:  # passing's price then needs the ten dealt, not the twelve
        raise ExactError(
            Phrase(
                'pass_score = "allpass" needs the ten cards as dealt to choose the discard: '
                "give HAND as the ten kept, with --discards"
            )
        )
    settings = ExactSettings(samples=samples or LEAD_LAYOUTS, seed=seed, jobs=jobs)
    chosen = discard_odds(twelve, Lead.ME, table, settings, progress=progress).best
    found = lead_odds(chosen.hand, chosen.discards, samples=samples, seed=seed, jobs=jobs,
                      full=full, progress=progress)  # fmt: skip
    return replace(found, discard_rule=DiscardRule.EXACT)


def catcher_lead_odds(
    hand: CardSet,
    talon: CardSet,
    seat: Seat,
    table: Table,
    *,
    samples: int | None = LEAD_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    full: bool = False,
    progress: ProgressCallback | None = None,
) -> BlindLead:
    """The catcher in ``seat`` (L or R) leads from ``hand`` (ten cards), having seen ``talon``:
    every lead over ``samples`` layouts (all of them when ``samples`` is None) of the other 20
    cards into M's ten as dealt and his partner's ten, those in which M, discarding the table's
    best two of his twelve cards, holds a hand the table declares (see the module docstring).
    :class:`LayoutError` when fewer than :data:`MIN_INTERVAL_SAMPLES` are found."""
    unseen = _unseen(hand, talon, seat)
    _check_run(samples, jobs)
    require_core()
    stages = Stages(progress, 3)
    drawing = _Drawing(hand, talon, seat, table, unseen)
    triples, drawn = drawing.layouts(samples, seed, stages)
    layouts = len(triples) // 3
    if layouts < MIN_INTERVAL_SAMPLES:
        raise LayoutError(
            Phrase.counted(
                "M could have declared misère in {count:,} of the {drawn:,} splits of the other "
                "20 cards looked at, by the table's rules: too few to say (at least {least})",
                "M could have declared misère in {count:,} of the {drawn:,} splits of the other "
                "20 cards looked at, by the table's rules: too few to say (at least {least})",
                layouts,
                drawn=drawn,
                least=MIN_INTERVAL_SAMPLES,
            )
        )
    work = _Solving(seat, lead_classes(hand, CardSet(0)), samples is None, jobs, full, stages)
    leads, double_dummy = work.run(triples)
    return BlindLead(seat, hand, None, DiscardRule.TABLE, talon, samples, seed, drawn, full,
                     leads, double_dummy)  # fmt: skip


# --- what the leader may lead --------------------------------------------------------------------


def lead_classes(hand: CardSet, out_of_play: CardSet) -> list[CardSet]:
    """The leader's cards in leads of equal cards, lowest first: cards of one suit with no card
    between them but his own and those ``out_of_play``, which no other hand can hold.

    >>> [str(c) for c in lead_classes(CardSet.parse("7S 9S 10S 7C 9C"), CardSet.parse("8C"))]
    ['♠7', '♠9 10', '♣7 9']
    """
    known = hand.mask | out_of_play.mask
    classes: list[int] = []
    previous = -1
    for card in hand:
        index = card.index
        between = (1 << index) - (1 << (previous + 1))
        if previous >= 0 and previous >> 3 == index >> 3 and not between & ~known:
            classes[-1] |= 1 << index
        else:
            classes.append(1 << index)
        previous = index
    return [CardSet(mask) for mask in classes]


# --- a catcher's layouts -----------------------------------------------------------------------


class _Drawing:
    """The layouts of a catcher's view: splits of the 20 cards he does not see into M's ten
    as dealt and his partner's, kept when M could have declared on them."""

    def __init__(
        self, hand: CardSet, talon: CardSet, seat: Seat, table: Table, unseen: CardSet
    ) -> None:
        from advisor.talon import declaring_discard  # only here: M's view needs no table

        self.hand, self.talon, self.seat, self.table, self.unseen = hand, talon, seat, table, unseen
        self.discarding = declaring_discard

    def layouts(self, samples: int | None, seed: int, stages: Stages) -> tuple[array[int], int]:
        """Three hands a layout (M's after his discard, L's, R's), ``samples`` of them (or as
        many as :data:`DRAWS_PER_SAMPLE` a layout finds) or all; and the splits drawn."""
        most = EXACT_LAYOUTS if samples is None else DRAWS_PER_SAMPLE * samples
        wanted = EXACT_LAYOUTS if samples is None else samples
        blocks = every_rank() if samples is None else drawn_ranks(seed)
        triples, drawn = array("I"), 0
        for ranks in blocks:
            for dealt in split_hands(self.unseen, ranks[: most - drawn]):
                drawn += 1
                self._add(triples, dealt)
                if len(triples) == 3 * wanted:
                    return triples, drawn
            stages.report(0, drawn, most)
            if drawn == most:
                break
        return triples, drawn

    def _add(self, triples: array[int], dealt: int) -> None:
        """The layout of M's cards as ``dealt``, if he could have declared on them."""
        twelve = CardSet(dealt | self.talon.mask)
        discards = self.discarding(twelve, Lead.THEM, self.table)
        if discards is None:
            return
        kept, partner = (twelve - discards).mask, self.unseen.mask & ~dealt
        if self.seat is Seat.L:
            triples.extend((kept, self.hand.mask, partner))
        else:
            triples.extend((kept, partner, self.hand.mask))


# --- the solving -------------------------------------------------------------------------------


class _Solving:
    """Every lead over the layouts, in two passes over pieces of them (in ``jobs`` threads):
    whether M is caught after each lead, and double-dummy; then, on the layouts where any of
    them is, the forced tricks of double dummy and of the leads that could be the best."""

    def __init__(
        self,
        leader: Seat,
        classes: Sequence[CardSet],
        exact: bool,
        jobs: int,
        full: bool,
        stages: Stages,
    ) -> None:
        self.leader, self.classes, self.exact = leader, list(classes), exact
        self.jobs, self.full, self.stages = jobs, full, stages
        self.stage = stages.stages - 2  # the solving is the last two stages

    def run(self, triples: array[int]) -> tuple[tuple[LeadFigures, ...], TrickFigures]:
        """The leads, best first, and the double-dummy figure."""
        total = len(triples) // 3
        width = 1 + len(self.classes)
        caught = self._ask(triples, range(total), self._lead_mask(range(len(self.classes))), 1)
        counts = [caught[column::width].count(1) for column in range(width)]
        contenders = (
            list(range(len(self.classes))) if self.full else self._contenders(counts[1:], total)
        )
        columns = (0, *(1 + number for number in contenders))
        asked = _caught_in_any(caught, width, columns)
        tricks, counted = self._count_tricks(
            triples, asked, contenders, [counts[column] for column in columns], total
        )
        histograms = _histograms(tricks, len(columns), counted)
        found = dict(zip(contenders, histograms[1:], strict=True))
        figures = [
            LeadFigures(total, counts[1 + number], found.get(number), self.exact, cards=cards)
            for number, cards in enumerate(self.classes)
        ]
        figures.sort(key=self._order)
        return tuple(figures), TrickFigures(total, counts[0], histograms[0], self.exact)

    def _count_tricks(
        self,
        triples: array[int],
        asked: Sequence[int],
        contenders: Sequence[int],
        caught: Sequence[int],
        total: int,
    ) -> tuple[array[int], int]:
        """The forced tricks of double dummy and of the ``contenders`` (caught in ``caught``
        layouts, double dummy first) on the ``asked`` layouts, a row each, and the layouts
        they were counted on: the first ones. All of them for exact figures or ``full``;
        else :data:`TRICK_ROUND` asked layouts at a time, until every figure is known to
        :data:`TRICK_TOLERANCE` (:func:`_counted_enough`)."""
        leads = self._lead_mask(contenders)
        whole = self.exact or self.full
        rounds = [range(len(asked))] if whole else runs(len(asked), TRICK_ROUND)
        rows = array("B")
        for span in rounds:
            rows.extend(self._ask(triples, asked[span.start : span.stop], leads, HAND_SIZE,
                                  before=span.start, of=len(asked)))  # fmt: skip
            if span.stop < len(asked):
                counted = asked[span.stop - 1] + 1
                if _counted_enough(rows, caught, total, counted):
                    self.stages.report(self.stage + 1, 1, 1)
                    return rows, counted
        return rows, total

    def _lead_mask(self, numbers: Sequence[int] | range) -> CardSet:
        """One card of each of these leads (its lowest), as the solver is asked them."""
        return CardSet(sum(1 << min(self.classes[number]).index for number in numbers))

    def _ask(
        self,
        triples: array[int],
        layouts: Sequence[int],
        leads: CardSet,
        cap: int,
        *,
        before: int = 0,
        of: int | None = None,
    ) -> array[int]:
        """:func:`~advisor.solver.lead_values` of ``leads`` (capped) on the layouts of these
        indexes, a row of bytes a layout, in pieces and in threads; the progress bar counts
        ``before`` layouts done already, of ``of`` (default: these)."""
        second = cap > 1
        spans = _spans(len(layouts), self.jobs)
        whole = len(layouts) if of is None else of

        def work(span: range) -> bytes:
            chosen = array("I")
            for index in layouts[span.start : span.stop]:
                chosen.extend(triples[3 * index : 3 * index + 3])
            return lead_values(self.leader, chosen, leads, cap=cap)

        rows = array("B")
        for span, answers in zip(
            spans, in_order(work, spans, self.jobs, stop_searches), strict=True
        ):
            rows.frombytes(answers)
            self.stages.report(self.stage + second, before + span.stop, whole)
        return rows

    def _contenders(self, caught: Sequence[int], layouts: int) -> list[int]:
        """The leads (by number) that could be the best: those whose 95 % interval of the
        catch chance reaches the best one's (with every layout solved: those caught as
        often)."""
        for_m = self.leader is Seat.M
        best = min(caught) if for_m else max(caught)
        if self.exact:
            return [number for number, count in enumerate(caught) if count == best]
        low, high = wilson_interval(best, layouts)
        found = []
        for number, count in enumerate(caught):
            other_low, other_high = wilson_interval(count, layouts)
            if (other_low <= high) if for_m else (other_high >= low):
                found.append(number)
        return found

    def _order(self, lead: LeadFigures) -> tuple[int, float, int]:
        """Best first: for M the lowest catch chance, then the highest expected score (its
        bound where the tricks were not found), then the lowest card; for a catcher the
        highest catch chance, then M's lowest expected score."""
        if self.leader is Seat.M:
            return lead.caught, -lead.score_bound, lead.card.index
        return -lead.caught, lead.score_bound, lead.card.index


def _histograms(rows: array[int], width: int, layouts: int) -> list[tuple[int, ...]]:
    """For each column of ``rows`` (``width`` bytes a row: forced tricks), the histogram over
    ``layouts`` layouts, those without a row counted clean."""
    found = []
    for column in range(width):
        counts = [0] * (HAND_SIZE + 1)
        for tricks in rows[column::width]:
            counts[tricks] += 1
        counts[0] += layouts - len(rows) // width
        found.append(tuple(counts))
    return found


def _caught_in_any(rows: array[int], width: int, columns: Sequence[int]) -> array[int]:
    """The indexes of the layouts (``rows``: ``width`` bytes a layout, 1 where caught) caught in
    any of these columns, in order: as a compact array, the columns OR-ed as whole numbers (a
    Python list of ten million indexes would take 360 MB)."""
    layouts = len(rows) // width
    anywhere = 0
    for column in columns:
        anywhere |= int.from_bytes(rows[column::width].tobytes(), "little")
    flags = anywhere.to_bytes(layouts, "little")
    return array("I", itertools.compress(range(layouts), flags))


def _counted_enough(rows: array[int], caught: Sequence[int], layouts: int, counted: int) -> bool:
    """Whether the tricks counted so far (``rows``, a column a figure) on the first ``counted``
    of the ``layouts`` tell every figure to :data:`TRICK_TOLERANCE`: each column's caught
    layouts counted are at least :data:`LEAST_CAUGHT_COUNTED` (or all of its ``caught``) and its
    mean tricks' margin is within the tolerance."""
    width = len(caught)
    for column, histogram in enumerate(_histograms(rows, width, counted)):
        figure = TrickFigures(layouts, caught[column], histogram, exact=False)
        caught_counted = counted - histogram[0]
        if caught_counted < min(caught[column], LEAST_CAUGHT_COUNTED):
            return False
        if figure.tricks_margin > TRICK_TOLERANCE:
            return False
    return True


def _spans(count: int, jobs: int) -> list[range]:
    """``count`` items in pieces: :data:`CHUNKS_PER_JOB` a thread, at most :data:`MAX_CHUNK`
    items each."""
    return runs(count, min(MAX_CHUNK, max(1, math.ceil(count / (CHUNKS_PER_JOB * jobs)))))


# --- input -------------------------------------------------------------------------------------


def _check_run(samples: int | None, jobs: int) -> None:
    check_run(samples, jobs)
    if samples is not None and samples < MIN_INTERVAL_SAMPLES:
        raise LimitError(
            Phrase(
                "the number of samples must be at least {least} (the fewest a 95% interval is "
                "given for), not {samples}",
                least=MIN_INTERVAL_SAMPLES,
                samples=samples,
            )
        )


def _unseen(hand: CardSet, talon: CardSet, seat: Seat) -> CardSet:
    """The 20 cards a catcher in ``seat`` does not see."""
    if seat is Seat.M:
        raise ValueError("a catcher sits left or right of M")
    if len(hand) != HAND_SIZE:
        raise LayoutError(
            Phrase.counted(
                "the catcher's hand holds {count} card, not 10",
                "the catcher's hand holds {count} cards, not 10",
                len(hand),
            )
        )
    if len(talon) != WITH_TALON - HAND_SIZE:
        raise LayoutError(
            Phrase.counted(
                "the talon holds {count} card, not 2",
                "the talon holds {count} cards, not 2",
                len(talon),
            )
        )
    if hand & talon:
        raise LayoutError(
            Phrase("the talon's {cards} are in the catcher's hand", cards=as_cards(hand & talon))
        )
    return CardSet(DECK_MASK) - hand - talon
