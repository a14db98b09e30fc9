"""Exact odds for the bid: how often the catchers really catch a hand, what it scores, talon and
discard included.

The bid is made on ten cards, before the talon is seen. For each of the C(22, 2) = 231 talons
the 22 unseen cards can form, M takes the talon and discards two of the twelve cards, then the
catchers' 20 cards are split 10/10 at random and the compiled solver says how many tricks the
catchers can force on M (:func:`advisor.solver.solve_many`). The discard (``discard``):

- ``exact`` (the default): the one exact play makes, the highest expected score of all 66
  (:func:`advisor.exact.discards.choose_discard`), chosen on splits of its own for each talon
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

- *bounds* first (:class:`advisor.exact.discards.TalonBound`): whatever M discards after a
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

**Per suit** (``per_suit``, the default): the same reported deals, with the discard each talon
got, also say through which suits M is caught (:func:`advisor.solver.through_many`, asked of
the caught deals only): the catchers can force his first trick into that suit, however he
tries to take it in another. Each suit's share of the deals, and the share caught whichever
suit M protects (caught, but through no one suit), with intervals as for the catch chance;
and the holding M keeps in the suit after the discard, most often over the talons. Bounds
(:attr:`Method.BOUNDS`) solve no deal to the end, so they have no per-suit figures.

**The exact-play verdict** declares when the expected score of the misère (+10 clean, -10 per
trick) is above the score of passing, the table's ``pass_score`` (default 0), and, when the table
sets ``exact_threshold``, the catch chance is at most that many percent. The founding verdict is
:func:`advisor.verdict.assess` on the ten cards as dealt (their lead for ``left``, ``right`` and
``them``); when the two differ, :attr:`ExactOdds.reason` says why in one line.
"""

from __future__ import annotations

import contextlib
import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from advisor.cards import HAND_SIZE, Card, CardSet, Suit
from advisor.defaults import EXACT_DEALS, TALON_COUNT
from advisor.errors import ExactError
from advisor.exact.deals import Deals, Stratum
from advisor.exact.discards import Discards, TalonBound, choose_discard
from advisor.exact.stopping import Goal, known, mean, mean_bounds
from advisor.holdings import Holding
from advisor.i18n import Phrase, as_cards
from advisor.limits import check_jobs, check_samples
from advisor.parallel import ProgressCallback, in_order
from advisor.sampling import Z95, ClusterMean, normal_interval, share_interval
from advisor.scoring import MISERE
from advisor.seats import Lead, Seat
from advisor.solver import require_core, stop_searches
from advisor.table import Table
from advisor.talon import check_hand_size, talon_discard_order, talon_discards
from advisor.verdict import DECLARE, PASS, Assessment, assess, json_number
from advisor.words import Word

if TYPE_CHECKING:
    from advisor.allpass import PassingCost

DEFAULT_SAMPLES = EXACT_DEALS
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


class DiscardMode(Word):
    """How M chooses his discard after each talon in the exact analysis."""

    EXACT = "exact"
    TABLE = "table"
    SOLVER = "solver"


class Method(Word):
    """How the figures of an exact analysis were found."""

    FULL = "full"
    """Every talon worked out."""
    SEQUENTIAL = "sequential"
    """The first talons of a shuffle, until the verdict was clear."""
    BOUNDS = "bounds"
    """Bounds that settle the verdict: the catch chance at least, the score at most."""


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


# --- the results -------------------------------------------------------------------------------


class Share(NamedTuple):
    """A share of the deals worked out and its 95 % interval."""

    p: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"p_caught": round(self.p, 4), "low": round(self.low, 4),
                "high": round(self.high, 4)}  # fmt: skip


def _mean_share(shares: Sequence[Share]) -> Share:
    """The seats' shares averaged, their bounds too (as for the catch chance)."""
    low, high = mean_bounds((share.low, share.high) for share in shares)
    return Share(mean([share.p for share in shares]), low, high)


@dataclass(frozen=True)
class SuitOdds:
    """One suit of one seat (or of the seats averaged): the deals caught through it, and the
    holdings M kept in it after the discard."""

    suit: Suit
    caught: Share
    """The share of the deals M is caught through this suit (his first trick forced into
    it, however he tries to take it elsewhere)."""
    holdings: tuple[tuple[Holding, int], ...]
    """Each holding M kept in the suit after the discard, with the talons (times seats) that
    left it, most often first."""

    @property
    def holding(self) -> Holding:
        """The holding M kept most often."""
        return self.holdings[0][0]

    @property
    def holding_share(self) -> float:
        """The share of the talons that left :attr:`holding`."""
        return self.holdings[0][1] / sum(n for _, n in self.holdings)


@dataclass(frozen=True)
class SeatOdds:
    """One leading seat: the catch chance and the score over the deals worked out, and the
    cards M discarded; or, for :attr:`Method.BOUNDS`, a lower bound on the catch chance and an
    upper bound on the score (:attr:`bound`)."""

    seat: Seat
    p_caught: float
    interval: tuple[float, float]
    """The 95 % interval of :attr:`p_caught` (for a bound: its own lower limit, and 1)."""
    expected_score: float
    score_interval: tuple[float, float]
    """The 95 % interval of :attr:`expected_score` (for a bound: the lowest score a deal can
    have, and the bound's own upper limit)."""
    histogram: tuple[int, ...] | None
    """``histogram[t]``: deals where the catchers force exactly ``t`` tricks (None: a bound)."""
    discarded: tuple[tuple[Card, int], ...] = ()
    """Each card of the hand as dealt that M discarded, with the number of talons it went in."""
    bound: bool = False
    suits: tuple[SuitOdds, ...] = ()
    """Each suit's figures (empty for a bound, or when not asked for)."""
    whichever: Share | None = None
    """The share of the deals caught whichever suit M protects (None: no per-suit figures)."""

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        score_low, score_high = self.score_interval
        return {
            "lead": self.seat.lead.value,
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": None if self.bound else round(high, 4),
            "histogram": None if self.histogram is None else list(self.histogram),
            "expected_score": round(self.expected_score, 2),
            "score_low": None if self.bound else round(score_low, 2),
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
    """Splits drawn over all the talons, the same for every seat: a multiple of 231."""
    seats: tuple[SeatOdds, ...]
    method: Method = Method.FULL
    talons_used: int = TALON_COUNT
    """The talons the figures come from (fewer than 231 for a sequential estimate)."""
    passing: PassingCost | None = None
    """What passing costs if everyone passes, when the table's ``pass_score`` is
    ``"allpass"``."""

    @property
    def hand(self) -> CardSet:
        return self.founding.hand

    @property
    def bound(self) -> bool:
        """Whether the figures are bounds (:attr:`Method.BOUNDS`): the catch chance at least,
        the score at most."""
        return self.method is Method.BOUNDS

    @property
    def deals(self) -> int:
        """The deals the figures come from."""
        return self.samples // TALON_COUNT * self.talons_used

    @property
    def threshold(self) -> float | None:
        """The table's optional limit on P(caught), in percent (``exact_threshold``)."""
        return self.founding.table.exact_threshold

    @property
    def pass_score(self) -> float:
        """What passing is worth, to compare the misère's expected score with: the table's
        ``pass_score``, or minus the expected all-pass penalty."""
        return _pass_score(self.founding.table, self.passing)

    @property
    def p_caught(self) -> float:
        """P(caught) with best play, averaged over the seats."""
        return mean([seat.p_caught for seat in self.seats])

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval (for ``them``: the seats' bounds averaged)."""
        return mean_bounds(seat.interval for seat in self.seats)

    @property
    def histogram(self) -> tuple[int, ...] | None:
        """Forced tricks 0..10, counted over every seat's deals (None for bounds)."""
        found = [seat.histogram for seat in self.seats]
        if any(histogram is None for histogram in found):
            return None
        return tuple(sum(column) for column in zip(*found, strict=True))

    @property
    def expected_score(self) -> float:
        return mean([seat.expected_score for seat in self.seats])

    @property
    def score_interval(self) -> tuple[float, float]:
        """The 95 % interval of the expected score (for ``them``: the bounds averaged)."""
        return mean_bounds(seat.score_interval for seat in self.seats)

    @property
    def tricks_when_caught(self) -> float:
        """The mean number of tricks the catchers force in the deals where M is caught."""
        histogram = self.histogram or ()
        caught = sum(histogram[1:])
        return sum(t * n for t, n in enumerate(histogram)) / caught if caught else 0.0

    @property
    def declare(self) -> bool:
        """The exact-play verdict: declare when the expected score beats passing (and P(caught)
        is within ``exact_threshold`` when the table sets one)."""
        return Goal(self.pass_score, self.threshold).declares(self.expected_score, self.p_caught)

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def too_close(self) -> bool:
        """Whether the expected score's interval holds the pass score: the verdict follows
        the point estimate, but more deals could turn it."""
        low, high = self.score_interval
        return not self.bound and low <= self.pass_score <= high

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
            return self._reason_to_pass(caught, score)
        usual = self.usual_discards
        if not usual:
            return Phrase(
                "with the talon and best play it is caught in only {caught:.1f}%: "
                "expected {score:+.1f}",
                caught=caught,
                score=score,
            )
        share = 100 * max(n for _, n in usual) / self.talons
        cards = CardSet.of(card for card, _ in usual)
        return Phrase(
            "the talon usually lets the player discard {cards} ({share:.0f}% of talons)",
            cards=as_cards(cards),
            share=share,
        )

    def _reason_to_pass(self, caught: float, score: float) -> Phrase:
        if self.bound:
            return Phrase(
                "whatever the discard, the catchers catch it in at least {caught:.1f}%: "
                "expected at most {score:+.1f}",
                caught=caught,
                score=score,
            )
        if self.expected_score > self.pass_score and self.threshold is not None:
            return Phrase(
                "with best play the catchers catch it in {caught:.1f}%, above the {limit:g}% limit",
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
        half = self.talons / 2
        return tuple(sorted((card, n) for card, n in self.discarded if n > half))

    @property
    def talons(self) -> int:
        """Talons worked out times seats: what :attr:`discarded` counts out of."""
        return self.talons_used * len(self.seats)

    @property
    def per_suit(self) -> bool:
        """Whether there are per-suit figures (not for bounds, nor when not asked for)."""
        return all(seat.whichever is not None for seat in self.seats)

    @property
    def suits(self) -> tuple[SuitOdds, ...]:
        """Each suit's figures averaged over the seats (their holdings counted together);
        empty without per-suit figures."""
        if not self.per_suit:
            return ()
        found = []
        for each in zip(*(seat.suits for seat in self.seats), strict=True):
            counts: dict[Holding, int] = {}
            for suit in each:
                for holding, n in suit.holdings:
                    counts[holding] = counts.get(holding, 0) + n
            caught = _mean_share([suit.caught for suit in each])
            found.append(SuitOdds(each[0].suit, caught, _most_often(counts)))
        return tuple(found)

    @property
    def whichever(self) -> Share | None:
        """The share of the deals caught whichever suit M protects, averaged over the seats."""
        shares = [seat.whichever for seat in self.seats]
        return None if None in shares else _mean_share([s for s in shares if s is not None])

    def to_dict(self) -> dict[str, Any]:
        """The ``exact`` object of ``--json``; documented in the README."""
        low, high = self.interval
        score_low, score_high = self.score_interval
        histogram = self.histogram
        return {
            "lead": self.lead.value,
            "discard": self.discard.value,
            "seed": self.seed,
            "samples": self.samples,
            "method": self.method.value,
            "talons": self.talons_used,
            "deals": self.deals,
            "bound": {"p_caught": "lower", "expected_score": "upper"} if self.bound else None,
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": None if self.bound else round(high, 4),
            "histogram": None if histogram is None else list(histogram),
            "expected_score": round(self.expected_score, 2),
            "score_low": None if self.bound else round(score_low, 2),
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
            "suits": self._suits_dict(),
            "whichever": self._whichever_dict(),
        }

    def _suits_dict(self) -> list[dict[str, Any]] | None:
        """Each suit: as dealt, kept most often after the discard (and the share of talons that
        leave it), the share caught through it, then the same per seat."""
        if not self.per_suit:
            return None
        found = []
        for index, suit in enumerate(self.suits):
            seats = [
                {"lead": seat.seat.lead.value, **seat.suits[index].caught.to_dict()}
                for seat in self.seats
            ]
            found.append(
                {
                    "suit": suit.suit.glyph,
                    "dealt": str(Holding(self.hand.suit_mask(suit.suit))),
                    "holding": str(suit.holding),
                    "holding_share": round(suit.holding_share, 4),
                    **suit.caught.to_dict(),
                    "seats": seats,
                }
            )
        return found

    def _whichever_dict(self) -> dict[str, Any] | None:
        whichever = self.whichever
        if whichever is None:
            return None
        seats = [
            {"lead": seat.seat.lead.value, **seat.whichever.to_dict()}
            for seat in self.seats
            if seat.whichever is not None
        ]
        of_caught = whichever.p / self.p_caught if self.p_caught else 0.0
        return {**whichever.to_dict(), "of_caught": round(of_caught, 4), "seats": seats}


def _most_often(counts: dict[Holding, int]) -> tuple[tuple[Holding, int], ...]:
    """Holdings with their counts, most often first (the shorter, then the lower, of equals)."""
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], len(item[0]), item[0])))


def _pass_score(table: Table, passing: PassingCost | None) -> float:
    if passing is not None:
        return passing.pass_score
    fixed = table.pass_score
    assert fixed is not None, "a table passing by all-pass has its cost here"
    return fixed


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
    full: bool = False,
    jobs: int = 1,
    per_suit: bool = True,
    progress: ProgressCallback | None = None,
) -> ExactOdds:
    """The exact analysis of ten cards as dealt; see the module docstring. ``full`` works out
    every talon (no bounds, no sequential estimate); ``jobs`` threads share the work (the
    answer does not depend on it); ``per_suit`` adds each suit's figures.

    With the table's ``pass_score = "allpass"`` the cost of passing is ``passing`` (what
    :func:`advisor.allpass.passing_cost` says of the hand from ``lead.positions``), computed
    here when not given (or given for other seats).

    Raises :class:`~advisor.solver.SolverUnavailableError` when the compiled solver is missing,
    :class:`ExactError` for bad options and :class:`~advisor.errors.CardCountError` unless the
    hand holds ten cards.
    """
    mode = check_settings(samples, discard, jobs)
    check_hand_size(hand)
    per_talon = splits_per_talon(samples)
    founding = assess(hand, lead.founding, table)
    if not table.pass_from_allpass:
        passing = None
    elif passing is None or passing.seats != lead.positions:  # not the seats the lead needs
        from advisor.allpass import AllPassRules, passing_cost  # only for an all-pass table

        passing = passing_cost(hand, lead.positions, AllPassRules.from_table(table))
    goal = Goal(_pass_score(table, passing), table.exact_threshold)
    deals = Deals(hand, per_talon, seed)
    analysis = _Analysis(hand, lead, table, mode, deals, jobs, per_suit)
    method, seats, talons = analysis.run(goal, full, progress)
    samples = per_talon * TALON_COUNT
    return ExactOdds(founding, lead, mode, seed, samples, seats, method, talons, passing)


def check_settings(samples: int, discard: DiscardMode | str, jobs: int) -> DiscardMode:
    """The discard mode, once the settings of :func:`exact_odds` are known to be good and the
    compiled solver present; else the error :func:`exact_odds` would raise (so that a command
    can say so before it prints anything)."""
    mode = discard_mode(discard)
    splits_per_talon(samples)
    check_jobs(jobs)
    require_core()
    return mode


class _Figures:
    """One seat's sums over the talons worked out: a deal's score and whether it was caught."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.score = ClusterMean()
        self.caught = ClusterMean()

    def score_interval(self, z: float) -> tuple[float, float]:
        return normal_interval(self.score.mean, self.score.variance(TALON_COUNT), z)

    def caught_interval(self, z: float) -> tuple[float, float]:
        return share_interval(self.caught, TALON_COUNT, z)


class _Play(_Figures):
    """One seat's exact figures so far, and the cards of the hand it discarded.

    The score's interval also holds the score the deals would have if M were caught as often as
    the top of the catch chance's interval, each catch costing what they cost so far (at least a
    trick): with no catch or hardly any among the deals, their scores barely vary, and the
    normal interval alone would be far too narrow."""

    def __init__(self, seat: Seat, per_suit: bool) -> None:
        super().__init__(seat)
        self.histogram = [0] * (HAND_SIZE + 1)
        self.discarded: dict[Card, int] = {}
        self.per_suit = per_suit
        self.through = [ClusterMean() for _ in Suit]
        self.whichever = ClusterMean()
        self.holdings: list[dict[Holding, int]] = [{} for _ in Suit]

    def add(self, hand: CardSet, found: _SeatPlay) -> None:
        tricks = found.tricks
        for t in tricks:
            self.histogram[t] += 1
        scores = [MISERE.layout(t) for t in tricks]
        self.score.add(sum(scores), sum(s * s for s in scores), len(tricks))
        caught = sum(1 for t in tricks if t)
        self.caught.add(caught, caught, len(tricks))
        for card in found.discards & hand:
            self.discarded[card] = self.discarded.get(card, 0) + 1
        if self.per_suit:
            self._add_suits(found)

    def _add_suits(self, found: _SeatPlay) -> None:
        """The deals caught through each suit and whichever suit M protects, and the holdings
        he kept."""
        deals = len(found.tricks)
        for suit in Suit:
            through = sum(1 for mask in found.through if mask >> suit & 1)
            self.through[suit].add(through, through, deals)
            kept = Holding(found.kept.suit_mask(suit))
            self.holdings[suit][kept] = self.holdings[suit].get(kept, 0) + 1
        whichever = sum(
            1 for t, mask in zip(found.tricks, found.through, strict=True) if t and not mask
        )
        self.whichever.add(whichever, whichever, deals)

    def _share(self, figure: ClusterMean) -> Share:
        return Share(figure.mean, *share_interval(figure, TALON_COUNT, Z95))

    @property
    def tricks(self) -> float:
        """The tricks the catchers force a deal, on average so far."""
        deals = sum(self.histogram)
        return sum(t * n for t, n in enumerate(self.histogram)) / deals if deals else 0.0

    def score_interval(self, z: float) -> tuple[float, float]:
        low, high = super().score_interval(z)
        caught = sum(self.histogram[1:])
        tricks = sum(t * n for t, n in enumerate(self.histogram)) / caught if caught else 1.0
        rarely_clean = MISERE.rarely_made(self.caught_interval(z)[1], tricks)
        return min(low, rarely_clean), min(high, float(MISERE.best))

    def odds(self) -> SeatOdds:
        suits: tuple[SuitOdds, ...] = ()
        if self.per_suit:
            suits = tuple(
                SuitOdds(suit, self._share(self.through[suit]), _most_often(self.holdings[suit]))
                for suit in Suit
            )
        return SeatOdds(
            self.seat,
            self.caught.mean,
            self.caught_interval(Z95),
            self.score.mean,
            self.score_interval(Z95),
            tuple(self.histogram),
            tuple(sorted(self.discarded.items())),
            suits=suits,
            whichever=self._share(self.whichever) if self.per_suit else None,
        )


class _Bounds:
    """One seat's bounds: per talon (:class:`~advisor.exact.discards.TalonBound`), the share of
    its deals every discard is caught on and the most any can score a deal there. Each talon is
    one value (its deals are not independent of each other), and a value may be lowered
    (:meth:`refine`), so the sums are kept as the values change."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.talons: list[TalonBound] = []
        self.score = _Sums()
        self.caught = _Sums()

    def add(self, talon: TalonBound) -> None:
        self.talons.append(talon)
        deals = len(talon.layouts)
        self.score.add(talon.bound / deals)
        self.caught.add(talon.least_caught / deals)

    def refine(self, index: int) -> bool:
        """Lower talon ``index``'s bound a step; False when it can go no lower."""
        talon = self.talons[index]
        deals = len(talon.layouts)
        before = talon.bound / deals
        if not talon.refine():
            return False
        self.score.change(before, talon.bound / deals)
        return True

    def score_interval(self, z: float) -> tuple[float, float]:
        return self.score.interval(z)

    def caught_interval(self, z: float) -> tuple[float, float]:
        return self.caught.interval(z)

    def odds(self) -> SeatOdds:
        caught_low = max(0.0, self.caught_interval(Z95)[0])
        score_high = min(float(MISERE.best), self.score_interval(Z95)[1])
        return SeatOdds(
            self.seat,
            self.caught.mean,
            (caught_low, 1.0),
            self.score.mean,
            (float(MISERE.worst), score_high),
            None,
            bound=True,
        )


class _Sums:
    """A sum and a sum of squares of values that may change, for their mean and its normal
    interval."""

    def __init__(self) -> None:
        self.count, self.total, self.squares = 0, 0.0, 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def change(self, before: float, after: float) -> None:
        self.total += after - before
        self.squares += after * after - before * before

    @property
    def mean(self) -> float:
        return self.total / self.count

    def interval(self, z: float) -> tuple[float, float]:
        n, mean = self.count, self.mean
        spread = max(0.0, (self.squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        return normal_interval(mean, spread / n, z)


@dataclass(frozen=True)
class _SeatPlay:
    """One talon worked out for one seat: the discard, the hand M kept, the forced tricks of
    the talon's splits and, per suit, the suits each is caught through (b"": not asked)."""

    discards: CardSet
    kept: CardSet
    tricks: bytes
    through: bytes = b""


class _Analysis:
    """The work of :func:`exact_odds` for one hand, lead and discard mode."""

    def __init__(
        self,
        hand: CardSet,
        lead: Lead,
        table: Table,
        mode: DiscardMode,
        deals: Deals,
        jobs: int,
        per_suit: bool = True,
    ) -> None:
        self.hand, self.lead, self.table, self.mode = hand, lead, table, mode
        self.deals, self.jobs, self.per_suit = deals, jobs, per_suit
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
        plays = [_Play(seat, self.per_suit) for seat in self.seats]
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
    def _clear(done: int, plays: Sequence[_Play], goal: Goal) -> bool:
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
        bounds = [_Bounds(seat) for seat in self.seats]
        for done, number in enumerate(order, start=1):
            stratum = self.deals.reported(number, BOUND_SPLITS)
            discards = Discards(self.hand | stratum.talon)
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

    def _play(self, number: int) -> tuple[_SeatPlay, ...]:
        """Talon ``number`` worked out for every seat."""
        stratum = self.deals.reported(number)
        found = []
        for seat in self.seats:
            discards = self._discard(number, stratum, seat)
            tricks = stratum.solve(self.hand, discards, seat)
            through = stratum.through(self.hand, discards, seat, tricks) if self.per_suit else b""
            kept = (self.hand | stratum.talon) - discards
            found.append(_SeatPlay(discards, kept, tricks, through))
        return tuple(found)

    def _discard(self, number: int, stratum: Stratum, seat: Seat) -> CardSet:
        if self.mode is DiscardMode.EXACT:
            choosing = self.deals.choosing(number)
            twelve = self.hand | choosing.talon
            order = talon_discard_order(twelve, self.lead.founding, self.table)
            return choose_discard(
                twelve, choosing.pool, seat, choosing.splits, order, CHOICE_TOLERANCE
            )
        return _best_option(self.hand, stratum, self.candidates[number], seat)


def _probe_promises(bounds: Sequence[_Bounds], goal: Goal) -> bool:
    """Whether the first talons' bounds promise that bounds settle the verdict: their catches
    alone are near enough to saying pass, and once lowered where they are highest, their mean
    score bound is below passing by :data:`PROBE_MARGIN` (the probe's refining is kept)."""
    caught = mean([figures.caught.mean for figures in bounds])
    if goal.threshold is not None and 100 * caught > goal.threshold:
        return True
    if mean([figures.score.mean for figures in bounds]) > goal.pass_score + PROMISING_GAP:
        return False

    def below_passing(seats: Sequence[_Bounds]) -> bool:
        score = mean([figures.score.mean for figures in seats])
        return score <= goal.pass_score - PROBE_MARGIN

    return _refined(bounds, below_passing)


def _refined(bounds: Sequence[_Bounds], enough: Callable[[Sequence[_Bounds]], bool]) -> bool:
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
    hand: CardSet, stratum: Stratum, options: Sequence[CardSet], seat: Seat
) -> CardSet:
    """The discard (of the table's candidates, best first) that scores most on the stratum's
    splits; the first of equals wins."""
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda discards: MISERE.total(stratum.solve(hand, discards, seat)))
