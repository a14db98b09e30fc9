"""Exact odds for the bid: how often the catchers really catch a hand, what it scores, talon and
discard included.

The bid is made on ten cards, before the talon is seen. For each of the C(22, 2) = 231 talons
the 22 unseen cards can form, M takes the talon and discards two of the twelve cards, then the
catchers' 20 cards are split 10/10 at random and the compiled solver says how many tricks the
catchers can force on M (:func:`advisor.solver.solve_many`). The discard (``discard``):

- ``exact`` (the default): the one exact play makes, the highest expected score of all 66
  (:func:`advisor.exact_discard.choose_discard`), chosen on splits of its own for each talon
  and seat (8 a talon), so that the splits reported do not flatter the choice;
- ``table``: the founding table's choice (:func:`advisor.talon.talon_discards`, the same as
  ``check --talon``);
- ``solver``: the table's three best discards scored on the reported splits (the highest total
  wins, the table's order breaks ties; choosing on the splits then reported flatters it).

**Stratified sampling.** Every talon gets the same number of splits (4 by default: 924 in all),
drawn from one PRNG seeded with ``seed`` (the choice splits from a second one), so a hand gets
the same answer every run and in every process. Each talon is equally likely, so the plain
mean over all splits estimates the catch chance and the score; the 95 % intervals are the
Wilson interval of the caught count and the normal interval of the mean score.

**Seats.** ``me``, ``left`` or ``right`` says who leads the first trick (``left``: the catcher
on M's left is first hand). ``them`` solves both catchers' seats on the same splits, reports
each, and averages them: the averaged intervals run from the mean of the two lower bounds to the
mean of the two upper ones (conservative: the seats share the splits, so their errors go
together, and the spread of a mean is at most the mean of the spreads).

**The exact-play verdict** declares when the expected score of the misère (+10 clean, -10 per
trick) is above the score of passing, the table's ``pass_score`` (default 0), and, when the table
sets ``exact_threshold``, the catch chance is at most that many percent. The founding verdict is
:func:`advisor.verdict.assess` on the ten cards as dealt (their lead for ``left``, ``right`` and
``them``); when the two differ, :attr:`ExactOdds.reason` says why in one line.
"""

from __future__ import annotations

import itertools
import math
import random
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.allpass import AllPassRules, PassingCost, passing_cost
from advisor.cards import HAND_SIZE, Card, CardSet
from advisor.defaults import EXACT_DEALS, TALON_COUNT
from advisor.errors import ExactError
from advisor.exact_discard import choose_discard, total_score
from advisor.i18n import Phrase, as_cards
from advisor.limits import check_samples
from advisor.seats import Lead, Seat
from advisor.solver import Odds, SolverUnavailableError, core_available, solve_many
from advisor.table import Table
from advisor.talon import check_hand_size, talon_discard_order, talon_discards
from advisor.verdict import DECLARE, PASS, Assessment, assess, json_number
from advisor.words import Word

DEFAULT_SAMPLES = EXACT_DEALS
CHOICE_SPLITS_PER_TALON = 8  # with discard="exact": the splits each talon's choice is made on
SOLVER_CANDIDATES = 3  # with discard="solver": the table's best few, scored by the solver
_MAX_TRICKS = HAND_SIZE + 1


class DiscardMode(Word):
    """How M chooses his discard after each talon in the exact analysis."""

    EXACT = "exact"
    TABLE = "table"
    SOLVER = "solver"


def splits_per_talon(samples: int) -> int:
    """``samples`` rounded to the nearest multiple of 231 (at least 231), divided by 231."""
    check_samples(samples)
    return max(1, round(samples / TALON_COUNT))


def discard_mode(value: str | DiscardMode) -> DiscardMode:
    try:
        return DiscardMode(value)
    except ValueError:
        raise ExactError(
            Phrase("discard '{value}' must be exact, table or solver", value=value)
        ) from None


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


def draw_strata(hand: CardSet, per_talon: int, seed: int | str) -> list[Stratum]:
    """Every talon of ``hand`` (in the order of :func:`~advisor.talon.talon_outlook`) with
    ``per_talon`` splits each, all from one PRNG seeded with ``seed``."""
    rng = random.Random(seed)
    sampler = SplitSampler(hand.complement())
    return [
        sampler.stratum(CardSet(1 << low | 1 << high), per_talon, rng)
        for low, high in itertools.combinations(sampler.cards, 2)
    ]


def choice_seed(seed: int) -> str:
    """The seed of the splits the exact discard is chosen on: another stream than the one
    reported (``seed`` itself), and the same in every process."""
    return f"discard choice {seed}"


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

    @property
    def expected_score(self) -> float:
        return self.odds.expected_score

    @property
    def score_interval(self) -> tuple[float, float]:
        """The 95 % interval of :attr:`expected_score`."""
        return self.odds.score_interval

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        score_low, score_high = self.score_interval
        return {
            "lead": self.seat.lead.value,
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "histogram": list(self.odds.histogram),
            "expected_score": round(self.expected_score, 2),
            "score_low": round(score_low, 2),
            "score_high": round(score_high, 2),
        }


@dataclass(frozen=True)
class ExactOdds:
    """The exact analysis of a hand over the talons, its discards and the catchers' splits."""

    founding: Assessment
    """The founding rules on the ten cards as dealt."""
    lead: Lead
    discard: DiscardMode
    seed: int
    samples: int
    """Splits drawn, the same for every seat: a multiple of 231."""
    seats: tuple[SeatOdds, ...]
    passing: PassingCost | None = None
    """What passing costs if everyone passes, when the table's ``pass_score`` is
    ``"allpass"``."""

    @property
    def hand(self) -> CardSet:
        return self.founding.hand

    @property
    def threshold(self) -> float | None:
        """The table's optional limit on P(caught), in percent (``exact_threshold``)."""
        return self.founding.table.exact_threshold

    @property
    def pass_score(self) -> float:
        """What passing is worth, to compare the misère's expected score with: the table's
        ``pass_score``, or minus the expected all-pass penalty."""
        if self.passing is not None:
            return self.passing.pass_score
        fixed = self.founding.table.pass_score
        assert fixed is not None, "a table passing by all-pass has its cost here"
        return fixed

    @property
    def p_caught(self) -> float:
        """P(caught) with best play, averaged over the seats."""
        return _mean(seat.p_caught for seat in self.seats)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval (for ``them``: the seats' bounds averaged)."""
        return _mean_bounds(seat.interval for seat in self.seats)

    @property
    def histogram(self) -> tuple[int, ...]:
        """Forced tricks 0..10, counted over every seat's splits."""
        return tuple(
            sum(column) for column in zip(*(s.odds.histogram for s in self.seats), strict=True)
        )

    @property
    def expected_score(self) -> float:
        return _mean(seat.expected_score for seat in self.seats)

    @property
    def score_interval(self) -> tuple[float, float]:
        """The 95 % interval of the expected score (for ``them``: the bounds averaged)."""
        return _mean_bounds(seat.score_interval for seat in self.seats)

    @property
    def tricks_when_caught(self) -> float:
        """The mean number of tricks the catchers force in the deals where M is caught."""
        histogram = self.histogram
        caught = sum(histogram[1:])
        return sum(t * n for t, n in enumerate(histogram)) / caught if caught else 0.0

    @property
    def declare(self) -> bool:
        """The exact-play verdict: declare when the expected score beats passing (and P(caught)
        is within ``exact_threshold`` when the table sets one)."""
        if self.expected_score <= self.pass_score:
            return False
        return self.threshold is None or 100 * self.p_caught <= self.threshold

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def too_close(self) -> bool:
        """Whether the expected score's interval holds the pass score: the verdict follows
        the point estimate, but more deals could turn it."""
        low, high = self.score_interval
        return low <= self.pass_score <= high

    @property
    def samples_to_decide(self) -> int:
        """About how many deals would narrow the score's interval enough to leave the pass
        score outside it (a multiple of 231; at least twice the deals drawn)."""
        low, high = self.score_interval
        gap = abs(self.expected_score - self.pass_score)
        factor = ((high - low) / 2 / gap) ** 2 if gap else 4.0
        wanted = max(2 * self.samples, math.ceil(factor * self.samples))
        return math.ceil(wanted / TALON_COUNT) * TALON_COUNT

    @property
    def reason(self) -> Phrase | None:
        """Why the exact-play verdict differs from the founding one, in one line (None when
        they agree)."""
        if self.declare == self.founding.declare:
            return None
        caught, score = 100 * self.p_caught, self.expected_score
        if self.founding.declare:
            if self.expected_score > self.pass_score and self.threshold is not None:
                return Phrase(
                    "with best play the catchers catch it in {caught:.1f}%, above the "
                    "{limit:g}% limit",
                    caught=caught,
                    limit=self.threshold,
                )
            return Phrase(
                "caught in {caught:.1f}%, then for {tricks:.1f} tricks on average: "
                "expected {score:+.1f}",
                caught=caught,
                tricks=self.tricks_when_caught,
                score=score,
            )
        usual = self.usual_discards
        if not usual:
            return Phrase(
                "with the talon and best play it is caught in only {caught:.1f}%: "
                "expected {score:+.1f}",
                caught=caught,
                score=score,
            )
        share = 100 * max(n for _, n in usual) / (TALON_COUNT * len(self.seats))
        cards = CardSet.of(card for card, _ in usual)
        return Phrase(
            "the talon usually lets the player discard {cards} ({share:.0f}% of talons)",
            cards=as_cards(cards),
            share=share,
        )

    @property
    def discarded(self) -> tuple[tuple[Card, int], ...]:
        """Each card of the hand as dealt that M discarded, with the number of talons it went
        in (summed over the seats), most often first."""
        counts: dict[Card, int] = {}
        for seat in self.seats:
            for card, count in seat.discarded:
                counts[card] = counts.get(card, 0) + count
        return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    @property
    def usual_discards(self) -> tuple[tuple[Card, int], ...]:
        """The cards of the hand discarded after most talons (summed over the seats)."""
        half = TALON_COUNT * len(self.seats) / 2
        return tuple(sorted((card, n) for card, n in self.discarded if n > half))

    @property
    def talons(self) -> int:
        """Talons times seats: what :attr:`discarded` counts out of."""
        return TALON_COUNT * len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        """The ``exact`` object of ``--json``; documented in the README."""
        low, high = self.interval
        score_low, score_high = self.score_interval
        return {
            "lead": self.lead.value,
            "discard": self.discard.value,
            "seed": self.seed,
            "samples": self.samples,
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "histogram": list(self.histogram),
            "expected_score": round(self.expected_score, 2),
            "score_low": round(score_low, 2),
            "score_high": round(score_high, 2),
            "pass_score": json_number(
                self.pass_score if self.passing is None else round(self.pass_score, 2)
            ),
            "passing": None if self.passing is None else self.passing.to_dict(),
            "threshold": None if self.threshold is None else json_number(self.threshold),
            "verdict": self.verdict,
            "reason": None if self.reason is None else str(self.reason),
            "discarded": [{"card": str(card), "talons": n} for card, n in self.discarded],
            "seats": [seat.to_dict() for seat in self.seats],
        }


def _mean(values: Iterator[float] | Sequence[float]) -> float:
    found = list(values)
    return sum(found) / len(found)


def _mean_bounds(bounds: Iterator[tuple[float, float]]) -> tuple[float, float]:
    found = list(bounds)
    return _mean([low for low, _ in found]), _mean([high for _, high in found])


# --- the analysis ------------------------------------------------------------------------------


def exact_odds(
    hand: CardSet,
    lead: Lead,
    table: Table,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    discard: DiscardMode | str = DiscardMode.EXACT,
    passing: PassingCost | None = None,
) -> ExactOdds:
    """The exact analysis of ten cards as dealt; see the module docstring.

    With the table's ``pass_score = "allpass"`` the cost of passing is ``passing`` (what
    :func:`advisor.allpass.passing_cost` says of the hand from ``lead.positions``), computed
    here when not given (or given for other seats).

    Raises :class:`~advisor.solver.SolverUnavailableError` when the compiled solver is missing,
    :class:`ExactError` for bad options and :class:`~advisor.errors.CardCountError` unless the
    hand holds ten cards.
    """
    mode = discard_mode(discard)
    check_hand_size(hand)
    per_talon = splits_per_talon(samples)
    if not core_available():
        raise SolverUnavailableError()
    founding = assess(hand, lead.founding, table)
    strata = draw_strata(hand, per_talon, seed)
    choose = _chooser(hand, lead, table, mode, seed)
    seats = tuple(_seat_odds(hand, strata, choose, seat) for seat in lead.seats)
    if not table.pass_from_allpass:
        passing = None
    elif passing is None or passing.seats != lead.positions:  # not the seats the lead needs
        passing = passing_cost(hand, lead.positions, AllPassRules.from_table(table))
    return ExactOdds(founding, lead, mode, seed, per_talon * TALON_COUNT, seats, passing)


_Chooser = Callable[[int, "Stratum", Seat], CardSet]
"""M's discard for the talon numbered ``number`` (its stratum) and the leading seat."""


def _chooser(hand: CardSet, lead: Lead, table: Table, mode: DiscardMode, seed: int) -> _Chooser:
    """How M picks his discard for a talon and seat, by ``mode``."""
    if mode is DiscardMode.EXACT:
        return _ExactChoice(hand, lead.founding, table, choice_seed(seed))
    top = SOLVER_CANDIDATES if mode is DiscardMode.SOLVER else 1
    candidates = [found for _, found in talon_discards(hand, lead.founding, table, top)]

    def by_table(number: int, stratum: Stratum, seat: Seat) -> CardSet:
        return _best_option(hand, stratum, candidates[number], seat)

    return by_table


class _ExactChoice:
    """The exact discard of each talon and seat, chosen on splits that are not reported."""

    def __init__(self, hand: CardSet, lead: Lead, table: Table, seed: str) -> None:
        self.hand, self.lead, self.table = hand, lead, table
        self.strata = draw_strata(hand, CHOICE_SPLITS_PER_TALON, seed)

    def __call__(self, number: int, stratum: Stratum, seat: Seat) -> CardSet:
        choice = self.strata[number]
        twelve = self.hand | choice.talon
        order = talon_discard_order(twelve, self.lead, self.table)
        return choose_discard(twelve, choice.pool, seat, choice.splits, order)


def _seat_odds(hand: CardSet, strata: Sequence[Stratum], choose: _Chooser, seat: Seat) -> SeatOdds:
    histogram = [0] * _MAX_TRICKS
    counts: dict[Card, int] = {}
    for number, stratum in enumerate(strata):
        discards = choose(number, stratum, seat)
        for t in stratum.solve(hand, discards, seat):
            histogram[t] += 1
        for card in discards & hand:
            counts[card] = counts.get(card, 0) + 1
    return SeatOdds(seat, Odds(tuple(histogram), exact=False), tuple(sorted(counts.items())))


def _best_option(
    hand: CardSet, stratum: Stratum, options: Sequence[CardSet], seat: Seat
) -> CardSet:
    """The discard (of the table's candidates, best first) that scores most on the stratum's
    splits; the first of equals wins."""
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda discards: total_score(stratum.solve(hand, discards, seat)))
