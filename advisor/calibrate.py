"""Holding the table against exact play: each holding's exact catch chance in representative
hands, beside the table's value (``advisor table calibrate``).

A table entry prices one suit's holding alone, whatever the rest of the hand; exact play can
only price whole deals. So a holding is put into **representative hands** and the solver plays
them out (:func:`advisor.solver.solve_many`, asking only whether M is caught):

- **The holding** is one suit of M's ten cards (suits are alike without trumps: it is spades).
- **The other suits are clean and low**: M's other ``10 - k`` cards are dealt at random from
  the 24 cards of the other suits, and each suit's share is then replaced by the lowest cards of
  that suit (three clubs become ♣7 8 9). So every shape of the other suits counts as often as a
  deal gives it beside the holding (3-3-2 beside a doubleton far more often than 8-0-0), voids
  included, and no other suit can be caught: what is caught is the holding.
- **The discards** are two of the other suits' cards that M does not hold, every pair as likely
  (as if the talon brought them and M threw them away; a talon that helps the holding is what
  ``check --talon`` and ``--exact`` add on top). Above M's lowest cards every card of a suit
  plays alike, so only how many come from each suit matters: the hand uses the highest ones.
- **The catchers' 20 cards** are split 10/10, every split as likely.

A hand is then one shape (the other suits' lengths and where the two discards come from), with
the number of deals and talons it stands for as its weight: :func:`representative_hands`.
``own`` is the catch chance with M on lead; ``their`` the mean of L leading and R leading.

**What counts as caught** (``figure``, :class:`CatchFigure`): by default the deals M is caught
through the holding's suit (:func:`advisor.solver.through_many`: his first trick forced into
it, however he tries to take it elsewhere), the per-suit chance a table entry stands for; or
every deal he is caught in (``hand``: the hand's whole catch chance). The two differ only on
his own lead: with a catcher on lead his other suits, all below the catchers' cards, can take
no trick, so his first trick is of the holding whenever he is caught; on lead he may have to
lead a card of another suit into catchers void in it, which catches the hand but not the
holding.

With ``samples`` (default :data:`~advisor.defaults.CALIBRATE_SAMPLES`) each holding gets that
many deals: the hands drawn by weight, the splits at random, from PRNGs seeded by ``seed`` and
the holding (the same answer every run, with any number of jobs); the 95 % interval is Wilson's
(for ``their`` the seats' bounds averaged). With ``samples=None`` every split of every hand is
solved: the exact weighted mean (slow: from seconds to ten minutes a holding).

Which holdings: every entry of the table, each ``|`` alternative separately, and every holding
of up to four cards that is not clean and that no entry lists (:func:`calibration_holdings`).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import random
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.cards import DECK_MASK, HAND_SIZE, RANK_SYMBOLS, CardSet, Suit
from advisor.defaults import CALIBRATE_SAMPLES
from advisor.errors import CalibrationError
from advisor.holdings import Holding
from advisor.i18n import Phrase
from advisor.limits import (
    MIN_INTERVAL_SAMPLES,
    check_run,
    no_interval,
    reported_interval,
)
from advisor.parallel import ProgressCallback, in_order
from advisor.rules import SuitJudgement, judge
from advisor.sampling import wilson_interval
from advisor.seats import Lead, Seat
from advisor.solver import require_core, solve_many, stop_searches, through_many
from advisor.splits import EXACT_LAYOUTS, drawn_lefts
from advisor.table import Table
from advisor.words import Word

COMMON_LENGTH = 4
"""Holdings the table lacks are calibrated up to this many cards."""
SUIT_CARDS = len(RANK_SYMBOLS)
HOLDING_SUIT = Suit.SPADES
OTHER_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
LEADS = (Lead.ME, Lead.THEM)
"""The leads a holding is calibrated for: ``own`` (M leads) and ``their`` (L and R, averaged)."""
# where the two discards come from, by other suit
_DISCARD_SPLITS = ((2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1))


class CatchFigure(Word):
    """What a calibration counts as the holding caught."""

    SUIT = "suit"
    """Caught through the holding's suit: M's first trick forced into it (the default)."""
    HAND = "hand"
    """Caught at all, whatever the suit of his first trick: the hand's whole catch chance."""


@dataclass(frozen=True)
class RepresentativeHand:
    """M's ten cards (the holding and the other suits' lowest cards), the two discards, and
    how many deals and talons this shape stands for."""

    hand: CardSet
    discards: CardSet
    weight: int

    @property
    def pool(self) -> CardSet:
        """The catchers' 20 cards."""
        return CardSet(DECK_MASK) - self.hand - self.discards

    @property
    def shape(self) -> tuple[tuple[int, int], ...]:
        """(cards M holds, cards discarded) in each other suit."""
        return tuple(
            (len(Holding(self.hand.suit_mask(suit))), len(Holding(self.discards.suit_mask(suit))))
            for suit in OTHER_SUITS
        )


def representative_hands(holding: Holding) -> tuple[RepresentativeHand, ...]:
    """The shapes of the other suits beside ``holding`` and their weights (see the module
    docstring), heaviest first. Shapes that differ only by which suit is which are one hand."""
    if holding.is_void:
        raise CalibrationError(Phrase("a void is never caught: there is nothing to calibrate"))
    rest = HAND_SIZE - len(holding)
    weights: Counter[tuple[tuple[int, int], ...]] = Counter()
    for lengths in itertools.product(range(SUIT_CARDS + 1), repeat=len(OTHER_SUITS)):
        if sum(lengths) != rest:
            continue
        for split in _DISCARD_SPLITS:
            ways = math.prod(
                math.comb(SUIT_CARDS, n) * math.comb(SUIT_CARDS - n, d)
                for n, d in zip(lengths, split, strict=True)
            )
            if ways:
                weights[tuple(sorted(zip(lengths, split, strict=True), reverse=True))] += ways
    hands = [_hand_of(holding, shape, weight) for shape, weight in weights.items()]
    return tuple(sorted(hands, key=lambda h: (-h.weight, h.shape)))


def _hand_of(
    holding: Holding, shape: tuple[tuple[int, int], ...], weight: int
) -> RepresentativeHand:
    hand = holding.mask << HOLDING_SUIT.shift
    discards = 0
    for suit, (held, thrown) in zip(OTHER_SUITS, shape, strict=True):
        hand |= ((1 << held) - 1) << suit.shift  # the lowest cards
        top = ((1 << thrown) - 1) << (SUIT_CARDS - thrown)  # the highest cards
        discards |= top << suit.shift
    return RepresentativeHand(CardSet(hand), CardSet(discards), weight)


# --- figures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A catch chance in percent with its 95 % interval (a point when exact; None from too few
    deals for one, :func:`~advisor.limits.reported_interval`)."""

    percent: float
    low: float | None
    high: float | None

    @property
    def rounded(self) -> float:
        """The percent as a table file gives it: one decimal."""
        return round(self.percent, 1)

    def to_dict(self) -> dict[str, float | None]:
        return {"percent": round(self.percent, 2), "low": _rounded(self.low),
                "high": _rounded(self.high)}  # fmt: skip


def _rounded(bound: float | None) -> float | None:
    return None if bound is None else round(bound, 2)


def _mean_figure(figures: Sequence[Figure]) -> Figure:
    """The mean of the seats' figures, with their bounds averaged (the seats share their
    deals, so their errors go together: averaging the bounds is on the safe side)."""
    n = len(figures)
    percent = sum(f.percent for f in figures) / n
    lows = [f.low for f in figures if f.low is not None]
    highs = [f.high for f in figures if f.high is not None]
    if len(lows) < n or len(highs) < n:
        return Figure(percent, None, None)
    return Figure(percent, sum(lows) / n, sum(highs) / n)


@dataclass(frozen=True)
class HoldingCalibration:
    """One holding: the table's judgement and exact play's figure, for each lead calibrated."""

    holding: Holding
    entry: str | None
    """The key of the table entry that lists the holding, or None when none does."""
    table: dict[Lead, SuitJudgement]
    exact: dict[Lead, Figure]

    def to_dict(self) -> dict[str, Any]:
        leads = {}
        for lead, figure in self.exact.items():
            judged = self.table[lead]
            leads[lead.table_column] = {
                "table": judged.percent,
                "table_source": str(judged.source),
                "exact": figure.to_dict(),
            }
        return {"holding": str(self.holding), "entry": self.entry, **leads}


@dataclass(frozen=True)
class Calibration:
    """Every holding calibrated, and how: the leads, the samples (None: every split) and seed."""

    holdings: tuple[HoldingCalibration, ...]
    leads: tuple[Lead, ...]
    samples: int | None
    seed: int
    figure: CatchFigure = CatchFigure.SUIT

    @property
    def exact(self) -> bool:
        """Whether every split of every representative hand was solved."""
        return self.samples is None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "leads": [lead.table_column for lead in self.leads],
            "figure": self.figure.value,
            "samples": self.samples,
            "seed": self.seed,
            "exact": self.exact,
            "holdings": [row.to_dict() for row in self.holdings],
        }
        if self.samples is not None and self.samples < MIN_INTERVAL_SAMPLES:
            data["no_interval"] = str(no_interval(self.samples))
        return data


# --- which holdings ----------------------------------------------------------------------------


def calibration_holdings(table: Table) -> list[tuple[Holding, str | None]]:
    """Every holding a table entry lists (in the table's order, each ``|`` alternative on its
    own, under the entry that prices it), then every holding of up to four cards that is not
    clean and that no entry lists, shortest first: each with its entry's key or None."""
    found: list[tuple[Holding, str | None]] = []
    lookup = table.lookup
    for key, entry in table.entries.items():
        found += [(h, key) for h in entry.pattern.holdings() if lookup[h.mask] is entry]
    lacking = [
        Holding(mask)
        for mask in range(1, 256)
        if mask.bit_count() <= COMMON_LENGTH and mask not in lookup and not Holding(mask).is_clean
    ]
    lacking.sort(key=lambda h: (len(h), h.ranks))
    return found + [(h, None) for h in lacking]


# --- solving -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    """One representative hand of one holding, and how many of its splits to solve (None:
    all), drawn from the PRNG seeded with ``seed``."""

    holding: Holding
    hand: RepresentativeHand
    splits: int | None
    seed: str


def _pieces(holding: Holding, samples: int | None, seed: int) -> list[_Piece]:
    hands = representative_hands(holding)
    if samples is None:
        return [_Piece(holding, hand, None, "") for hand in hands]
    rng = random.Random(f"calibrate {seed} {holding}")
    drawn = Counter(rng.choices(range(len(hands)), weights=[h.weight for h in hands], k=samples))
    return [
        _Piece(holding, hands[n], drawn[n], f"calibrate {seed} {holding} {n}")
        for n in sorted(drawn)
    ]


def _solve(
    piece: _Piece, seats: Sequence[Seat], figure: CatchFigure = CatchFigure.SUIT
) -> dict[Seat, int]:
    """Caught layouts of the piece for each seat leading (the same layouts for every seat):
    caught through the holding's suit, or at all (``figure``)."""
    hand, pool = piece.hand.hand, piece.hand.pool
    lefts = drawn_lefts(pool, piece.splits, piece.seed)
    caught = {}
    for seat in seats:
        tricks = solve_many(hand, pool, seat, lefts, cap=1)
        if figure is CatchFigure.HAND:
            caught[seat] = len(tricks) - tricks.count(0)
            continue
        held = array("I", (left for left, t in zip(lefts, tricks, strict=True) if t))
        masks = through_many(hand, pool, seat, held)
        caught[seat] = sum(1 for mask in masks if mask >> HOLDING_SUIT & 1)
    return caught


def _seat_figure(
    pieces: Sequence[_Piece], results: Sequence[dict[Seat, int]], seat: Seat, samples: int | None
) -> Figure:
    """The catch chance with ``seat`` leading: the weighted mean over the hands when every
    split was solved, else the share of the deals drawn."""
    if samples is None:
        total = sum(p.hand.weight for p in pieces)
        weighted = sum(p.hand.weight * r[seat] for p, r in zip(pieces, results, strict=True))
        percent = 100 * weighted / (total * EXACT_LAYOUTS)
        return Figure(percent, percent, percent)
    caught = sum(r[seat] for r in results)
    interval = reported_interval(wilson_interval(caught, samples), samples)
    if interval is None:
        return Figure(100 * caught / samples, None, None)
    return Figure(100 * caught / samples, 100 * interval[0], 100 * interval[1])


def calibrate(
    table: Table,
    *,
    leads: Sequence[Lead] = LEADS,
    samples: int | None = CALIBRATE_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
    holdings: Iterable[Holding] | None = None,
    figure: CatchFigure | str = CatchFigure.SUIT,
    progress: ProgressCallback | None = None,
) -> Calibration:
    """Calibrate ``table`` (see the module docstring): every holding of
    :func:`calibration_holdings`, or only ``holdings``; caught through the holding's suit, or
    at all (``figure``). ``jobs`` threads solve at once (the answer does not depend on it);
    ``progress(done, total)`` is called as each piece of work (a representative hand of a
    holding) is done."""
    figure = _catch_figure(figure)
    check_run(samples, jobs)
    if not leads:
        raise CalibrationError(Phrase("there is no lead to calibrate: give me, them or both"))
    if any(lead not in LEADS for lead in leads):
        raise CalibrationError(Phrase("a holding is calibrated on the lead me or them only"))
    require_core()
    chosen = calibration_holdings(table) if holdings is None else _listed(table, holdings)
    seats = [seat for lead in leads for seat in lead.seats]
    pieces = {holding: _pieces(holding, samples, seed) for holding, _ in chosen}
    work = [piece for found in pieces.values() for piece in found]
    solved = _run(work, functools.partial(_solve, seats=seats, figure=figure), jobs, progress)
    rows = []
    for holding, key in chosen:
        mine = pieces[holding]
        results = [next(solved) for _ in mine]
        exact = {
            lead: _mean_figure([_seat_figure(mine, results, s, samples) for s in lead.seats])
            for lead in leads
        }
        judged = {lead: judge(table, lead).facts(holding.mask).judgement for lead in leads}
        rows.append(HoldingCalibration(holding, key, judged, exact))
    return Calibration(tuple(rows), tuple(leads), samples, seed, figure)


def _catch_figure(value: CatchFigure | str) -> CatchFigure:
    try:
        return CatchFigure(value)
    except ValueError:
        raise CalibrationError(
            Phrase("figure '{value}' must be suit or hand", value=value)
        ) from None


def _listed(table: Table, holdings: Iterable[Holding]) -> list[tuple[Holding, str | None]]:
    found = []
    for holding in dict.fromkeys(holdings):
        entry = table.lookup.get(holding.mask)
        found.append((holding, None if entry is None else entry.key))
    return found


def _run(
    work: Sequence[_Piece],
    solve: Callable[[_Piece], dict[Seat, int]],
    jobs: int,
    progress: ProgressCallback | None,
) -> Iterator[dict[Seat, int]]:
    """Each piece's caught counts, in order; with jobs > 1 in that many threads (the compiled
    search lets go of the GIL and the threads share its transposition table), stopped at once
    when the caller stops reading or is interrupted (:func:`advisor.parallel.in_order`)."""
    with contextlib.closing(in_order(solve, work, jobs, stop_searches)) as solved:
        for done, counts in enumerate(solved, 1):
            yield counts
            if progress is not None:
                progress(done, len(work))
