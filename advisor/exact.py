"""Exact odds for the bid: how often the catchers really catch a hand, talon and discard included.

The bid is made on ten cards, before the talon is seen. For each of the C(22, 2) = 231 talons
the 22 unseen cards can form, M takes the talon and discards two of the twelve cards: by default
the founding table's choice (:func:`advisor.talon.talon_discards`, the same as ``check --talon``);
with ``discard="solver"`` the solver picks, for each talon and seat, among the table's three best
discards, each scored on the same sampled splits (the highest total score wins, the table's order
breaks ties; choosing on the splits then reported flatters the choice a little). The
catchers' 20 cards are then split 10/10 at random and the compiled solver says how many tricks
the catchers can force on M (:func:`advisor.solver.solve_many`).

**Stratified sampling.** Every talon gets the same number of splits (4 by default: 924 in all),
drawn from one PRNG seeded with ``seed``, so a hand gets the same answer every run and in every
process. Each talon is equally likely, so the plain mean over all splits estimates the catch
chance; its 95 % interval is the Wilson interval of the caught count.

**Seats.** ``me``, ``left`` or ``right`` says who leads the first trick (``left``: the catcher
on M's left is first hand). ``them`` solves both catchers' seats on the same splits, reports
each, and averages them: the averaged interval runs from the mean of the two lower bounds to the
mean of the two upper ones (conservative: the seats share the splits, so their errors go
together, and the spread of a mean is at most the mean of the spreads).

**The exact-play verdict** declares when P(caught) is at most the table's ``exact_threshold``
(percent, default 50). The founding verdict is :func:`advisor.verdict.assess` on the ten cards
as dealt (their lead for ``left``, ``right`` and ``them``); when the two differ,
:attr:`ExactOdds.reason` says why in one line.
"""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from advisor.cards import HAND_SIZE, Card, CardSet
from advisor.errors import AdvisorError, CardCountError
from advisor.limits import check_samples
from advisor.solver import Odds, Seat, SolverUnavailableError, core_available, solve_many
from advisor.table import Lead, Table
from advisor.talon import TALON_COUNT, talon_discards
from advisor.verdict import DECLARE, PASS, Assessment, assess

SPLITS_PER_TALON = 4
DEFAULT_SAMPLES = SPLITS_PER_TALON * TALON_COUNT  # 924
DISCARD_MODES = ("table", "solver")
SOLVER_CANDIDATES = 3  # with discard="solver": the table's best few, scored by the solver
CLEAN_SCORE = 10  # to the pool for a clean misère
TRICK_SCORE = 10  # to the mountain per trick taken
_MAX_TRICKS = HAND_SIZE + 1


class ExactError(AdvisorError):
    """Options of the exact analysis that cannot be used (samples, discard mode)."""


class ExactLead(str, Enum):
    """Who leads the first trick in the exact analysis; ``them`` is both catchers' seats."""

    ME = "me"
    LEFT = "left"
    RIGHT = "right"
    THEM = "them"

    def __str__(self) -> str:
        return self.value

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats solved: one, or both catchers' for ``them``."""
        return _SEATS[self.value]

    @property
    def table_lead(self) -> Lead:
        """The lead the founding table and the table's discard use."""
        return Lead.ME if self is ExactLead.ME else Lead.THEM

    @classmethod
    def of(cls, lead: Lead) -> ExactLead:
        """``me`` stays ``me``; ``them`` means both catchers' seats."""
        return cls(lead.value)


SEAT_NAMES = {Seat.M: "me", Seat.L: "left", Seat.R: "right"}
_SEATS = {"me": (Seat.M,), "left": (Seat.L,), "right": (Seat.R,), "them": (Seat.L, Seat.R)}


def splits_per_talon(samples: int) -> int:
    """``samples`` rounded to the nearest multiple of 231 (at least 231), divided by 231."""
    if samples < 1:
        raise ExactError(f"the number of samples must be at least 1, not {samples}")
    check_samples(samples)
    return max(1, round(samples / TALON_COUNT))


# --- the sample --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stratum:
    """One talon, the catchers' 20 cards it leaves, and L's hands of the splits drawn."""

    talon: CardSet
    pool: CardSet
    splits: array[int]

    def solve(self, hand: CardSet, discards: CardSet, seat: Seat) -> bytes:
        """Forced tricks per split when M holds ``hand`` and the talon and discards ``discards``
        (two of the twelve cards), ``seat`` leading."""
        return solve_many((hand | self.talon) - discards, self.pool, seat, self.splits)


def draw_strata(hand: CardSet, per_talon: int, seed: int) -> list[Stratum]:
    """Every talon of ``hand`` (in the order of :func:`~advisor.talon.talon_outlook`) with
    ``per_talon`` splits each, all from one PRNG seeded with ``seed``."""
    rng = random.Random(seed)
    sampler = SplitSampler(hand.complement())
    return [
        sampler.stratum(CardSet(1 << low | 1 << high), per_talon, rng)
        for low, high in itertools.combinations(sampler.cards, 2)
    ]


class SplitSampler:
    """Uniform 10/10 splits of the catchers' 20 cards, for any talon from the 22 ``unseen``.

    A split is a uniform 20-bit number with ten bits set (drawn by rejection: about one in
    5.7 numbers has ten), read over the 20 cards the talon leaves: L holds those at its bits.
    """

    def __init__(self, unseen: CardSet) -> None:
        self.unseen = unseen
        self.cards = _indexes(unseen.mask)  # the unseen cards' indexes, lowest first
        self._position = {index: position for position, index in enumerate(self.cards)}
        bits = [1 << index for index in self.cards]
        self._tables = [_subset_masks(bits[start : start + 8]) for start in range(0, 24, 8)]

    def stratum(self, talon: CardSet, splits: int, rng: random.Random) -> Stratum:
        """``splits`` splits of ``unseen`` less ``talon`` (two of the unseen cards)."""
        a, b = sorted(self._position[index] for index in _indexes(talon.mask))
        low_a, low_b = (1 << a) - 1, (1 << b) - 1
        low, middle, high = self._tables
        draw = rng.getrandbits
        hands = array("I")
        while len(hands) < splits:
            x = draw(2 * HAND_SIZE)
            if x.bit_count() != HAND_SIZE:
                continue
            x = x & low_a | x >> a << (a + 1)  # skip the talon's positions among the unseen
            x = x & low_b | x >> b << (b + 1)
            hands.append(low[x & 0xFF] | middle[x >> 8 & 0xFF] | high[x >> 16])
        return Stratum(talon, self.unseen - talon, hands)


def _subset_masks(bits: list[int]) -> list[int]:
    """``table[v]``: the union of ``bits[i]`` for every bit ``i`` set in ``v``."""
    table = [0]
    for bit in bits:
        table += [entry | bit for entry in table]
    return table


def _indexes(mask: int) -> list[int]:
    return [index for index in range(32) if mask >> index & 1]


# --- the results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatOdds:
    """One leading seat: forced tricks over the sample, and the cards M discarded."""

    seat: Seat
    odds: Odds
    discarded: tuple[tuple[Card, int], ...]
    """Each card of the hand as dealt that M discarded, with the number of talons it went in."""

    @property
    def p_caught(self) -> float:
        return self.odds.fraction

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`p_caught`."""
        return self.odds.interval

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "lead": SEAT_NAMES[self.seat],
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "histogram": list(self.odds.histogram),
            "expected_score": round(self.odds.expected_score, 2),
        }


@dataclass(frozen=True)
class ExactOdds:
    """The exact analysis of a hand over the talons, its discards and the catchers' splits."""

    founding: Assessment
    """The founding rules on the ten cards as dealt."""
    lead: ExactLead
    discard: str
    seed: int
    samples: int
    """Splits drawn, the same for every seat: a multiple of 231."""
    seats: tuple[SeatOdds, ...]

    @property
    def hand(self) -> CardSet:
        return self.founding.hand

    @property
    def threshold(self) -> float:
        """The exact-play limit in percent (the table's ``exact_threshold``)."""
        return float(self.founding.table.exact_threshold)

    @property
    def p_caught(self) -> float:
        """P(caught) with best play, averaged over the seats."""
        return sum(seat.p_caught for seat in self.seats) / len(self.seats)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval (for ``them``: the seats' bounds averaged)."""
        bounds = [seat.interval for seat in self.seats]
        return (
            sum(low for low, _ in bounds) / len(bounds),
            sum(high for _, high in bounds) / len(bounds),
        )

    @property
    def histogram(self) -> tuple[int, ...]:
        """Forced tricks 0..10, counted over every seat's splits."""
        return tuple(
            sum(column) for column in zip(*(s.odds.histogram for s in self.seats), strict=True)
        )

    @property
    def expected_score(self) -> float:
        return sum(seat.odds.expected_score for seat in self.seats) / len(self.seats)

    @property
    def declare(self) -> bool:
        """The exact-play verdict: declare when P(caught) is within ``exact_threshold``."""
        return 100 * self.p_caught <= self.threshold

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def reason(self) -> str | None:
        """Why the exact-play verdict differs from the founding one, in one line (None when
        they agree)."""
        if self.declare == self.founding.declare:
            return None
        caught, limit = _percent(self.p_caught), f"{self.threshold:g}%"
        if self.founding.declare:
            return f"with best play the catchers catch it in {caught}, above the {limit} limit"
        usual = self.usual_discards
        if not usual:
            return f"with the talon and best play it is caught in only {caught}, within {limit}"
        share = _percent(max(n for _, n in usual) / (TALON_COUNT * len(self.seats)), 0)
        cards = CardSet.of(card for card, _ in usual)
        return f"the talon usually lets the player discard {cards} ({share} of talons)"

    @property
    def usual_discards(self) -> tuple[tuple[Card, int], ...]:
        """The cards of the hand discarded after most talons (summed over the seats)."""
        counts: dict[Card, int] = {}
        for seat in self.seats:
            for card, count in seat.discarded:
                counts[card] = counts.get(card, 0) + count
        half = TALON_COUNT * len(self.seats) / 2
        return tuple((card, n) for card, n in sorted(counts.items()) if n > half)

    def to_dict(self) -> dict[str, Any]:
        """The ``exact`` object of ``--json``; documented in the README."""
        low, high = self.interval
        return {
            "lead": self.lead.value,
            "discard": self.discard,
            "seed": self.seed,
            "samples": self.samples,
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "histogram": list(self.histogram),
            "expected_score": round(self.expected_score, 2),
            "threshold": _number(self.threshold),
            "verdict": self.verdict,
            "reason": self.reason,
            "seats": [seat.to_dict() for seat in self.seats],
        }


def _percent(fraction: float, digits: int = 1) -> str:
    return f"{100 * fraction:.{digits}f}%"


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


# --- the analysis ------------------------------------------------------------------------------


def exact_odds(
    hand: CardSet,
    lead: ExactLead,
    table: Table,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    discard: str = "table",
) -> ExactOdds:
    """The exact analysis of ten cards as dealt; see the module docstring.

    Raises :class:`~advisor.solver.SolverUnavailableError` when the compiled solver is missing,
    :class:`ExactError` for bad options and :class:`~advisor.errors.CardCountError` unless the
    hand holds ten cards.
    """
    if discard not in DISCARD_MODES:
        raise ExactError(f"discard '{discard}' must be table or solver")
    if len(hand) != HAND_SIZE:
        raise CardCountError(f"{len(hand)} cards given, a hand has {HAND_SIZE}")
    per_talon = splits_per_talon(samples)
    if not core_available():
        raise SolverUnavailableError()
    founding = assess(hand, lead.table_lead, table)
    top = SOLVER_CANDIDATES if discard == "solver" else 1
    candidates = [found for _, found in talon_discards(hand, lead.table_lead, table, top)]
    strata = draw_strata(hand, per_talon, seed)
    seats = tuple(_seat_odds(hand, strata, candidates, seat) for seat in lead.seats)
    return ExactOdds(founding, lead, discard, seed, per_talon * TALON_COUNT, seats)


def _seat_odds(
    hand: CardSet, strata: Sequence[Stratum], candidates: Sequence[tuple[CardSet, ...]], seat: Seat
) -> SeatOdds:
    histogram = [0] * _MAX_TRICKS
    counts: dict[Card, int] = {}
    for stratum, options in zip(strata, candidates, strict=True):
        discards, tricks = _best_option(hand, stratum, options, seat)
        for t in tricks:
            histogram[t] += 1
        for card in discards & hand:
            counts[card] = counts.get(card, 0) + 1
    return SeatOdds(seat, Odds(tuple(histogram), exact=False), tuple(sorted(counts.items())))


def _best_option(
    hand: CardSet, stratum: Stratum, options: Sequence[CardSet], seat: Seat
) -> tuple[CardSet, bytes]:
    """The discard (of the table's candidates, best first) that scores most on the stratum's
    splits, with its forced tricks; the first of equals wins."""
    solved = [(discards, stratum.solve(hand, discards, seat)) for discards in options]
    return max(solved, key=lambda option: _score(option[1]))


def _score(tricks: bytes) -> int:
    """Total score over the splits: +10 when clean, -10 per trick."""
    clean = tricks.count(0)
    return CLEAN_SCORE * clean - TRICK_SCORE * sum(tricks)


# --- advisor batch --exact ---------------------------------------------------------------------

BATCH_FIELDS = ("exact",)
BATCH_CHUNK_HANDS = 2  # hands a batch chunk holds with --exact: hard hands take a second or more


@dataclass(frozen=True)
class BatchExact:
    """The ``exact`` field ``advisor batch --exact`` adds to each record (a batch line's lead
    ``them`` means both catchers' seats). Picklable, for the worker processes."""

    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    discard: str = "table"

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        found = exact_odds(
            hand,
            ExactLead.of(lead),
            table,
            samples=self.samples,
            seed=self.seed,
            discard=self.discard,
        )
        return {"exact": found.to_dict()}
