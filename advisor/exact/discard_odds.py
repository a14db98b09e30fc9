"""``advisor discard --exact``: every discard of twelve cards (the hand and the talon) scored by
exact play, best first.

All 66 discards are played out on the same sampled splits of the catchers' 20 cards (uniform
splits drawn as ranks of the enumeration, as ``advisor solve --samples`` draws them, so that one
discard's figures are those of ``advisor solve`` on its ten cards with the same seed). Every
discard's catch chance is found on every split worked out; its forced tricks, and so its
expected score, are found for the discards that could still be the best and for the few best by
their bound (:class:`advisor.exact.scores.DiscardScores`); for the others only a bound is known,
``10 - 20 x P(caught)``, below the best score: a caught deal costs at least ten.

The splits are worked out in growing batches, and the work ends once the best discard is certain
to be within :data:`TOLERANCE` points of expected score of any other (each rival's margin under
the best, split by split, at 99 %: the same splits for both make the comparison a paired one),
so a clear choice takes a batch or two, and only a close one all of them (unless ``full``). The
figures are then those of the splits worked out, and say so. From :data:`DROP_FROM` splits on, a
discard whose score is clearly far below the best's (at 99.9 % on either side) is screened no
further, and keeps the figures of the splits it was screened on (``full``: none is).

With ``exact`` the leading discards (those whose score interval reaches the best one's) are then
solved over all 184,756 splits, as ``advisor solve --exact`` does.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from advisor.cards import CardSet
from advisor.defaults import DISCARD_LAYOUTS
from advisor.errors import ExactError
from advisor.exact.misere import MISERE_PLAY
from advisor.exact.scores import DiscardScores, SeatTricks
from advisor.exact.settings import ExactSettings
from advisor.exact.stopping import Z_CLEAR, Goal, known, mean
from advisor.i18n import Phrase
from advisor.limits import MAX_DISCARD_SAMPLES, check_samples, no_interval, reported_interval
from advisor.parallel import ProgressCallback
from advisor.sampling import Z95, wilson_interval
from advisor.seats import Lead, Seat
from advisor.solver import Odds, catch_odds, require_core, split_hands
from advisor.splits import EXACT_LAYOUTS, sample_ranks
from advisor.table import Table
from advisor.talon import check_twelve
from advisor.verdict import DECLARE, PASS, json_number

SHOWN_SETTLED = 3  # discards (by bound) whose figures are found in the end, beside the best
SETTLED_BEST = 1  # discards whose forced tricks are found even when they cannot be the best
MAX_EXACT = 6  # leading discards solved over all splits at most
FIRST_BATCH = 32  # splits worked out before the first look at whether they tell enough
TOLERANCE = 0.5
"""Points of expected score within which two discards are the same choice to a player (or a
quarter of the width of the best one's 95 % interval, if more): well inside the noise of the
figures."""
DROP_FROM = 256
"""Splits worked out from which a discard far below the best is screened no further
(:meth:`~advisor.exact.scores.DiscardScores.drop_far_below`, at 99.9 % on either side and
:data:`TOLERANCE` apart): its figures are then those of these first splits."""

DISCARD_SETTINGS = ExactSettings(samples=DISCARD_LAYOUTS)
"""``discard --exact``'s settings when no option is given."""


@dataclass(frozen=True)
class CandidateSeat:
    """One discard with one seat on lead: caught on ``caught`` of ``layouts`` splits, and the
    forced tricks (``odds``) unless the discard was dropped on its bound."""

    seat: Seat
    layouts: int
    caught: int
    odds: Odds | None
    score_bound: float
    """The most its expected score can be (its expected score when ``odds`` is known)."""

    @property
    def p_caught(self) -> float:
        return self.caught / self.layouts

    @property
    def interval(self) -> tuple[float, float]:
        if self.odds is not None:
            return self.odds.interval
        return wilson_interval(self.caught, self.layouts)

    @classmethod
    def of(cls, found: SeatTricks) -> CandidateSeat:
        odds = None if found.histogram is None else Odds(found.histogram, exact=False)
        return cls(found.seat, found.layouts, found.caught, odds, found.bound / found.layouts)


@dataclass(frozen=True)
class Candidate:
    """One discard: the ten cards it keeps, judged for each seat solved."""

    discards: CardSet
    hand: CardSet
    rank: int
    """Its place in the table's order of discards, which breaks ties."""
    seats: tuple[CandidateSeat, ...]
    same_as: CardSet | None = None
    """The discard before it in the table's order that is the same to the play: they differ
    only by touching cards (``♠8`` or ``♠9`` of ``♠8 9``), so their figures are one."""

    @property
    def settled(self) -> bool:
        """Whether the forced tricks are known (else only the catch chance and a bound)."""
        return all(seat.odds is not None for seat in self.seats)

    @property
    def exact(self) -> bool:
        """Whether every split was solved, not a sample."""
        return all(seat.odds is not None and seat.odds.exact for seat in self.seats)

    @property
    def p_caught(self) -> float:
        return mean([seat.p_caught for seat in self.seats])

    @property
    def interval(self) -> tuple[float, float]:
        bounds = [seat.interval for seat in self.seats]
        return mean([low for low, _ in bounds]), mean([high for _, high in bounds])

    @property
    def expected_score(self) -> float | None:
        odds = self._odds()
        return None if odds is None else mean([o.expected_score for o in odds])

    @property
    def score_interval(self) -> tuple[float, float] | None:
        odds = self._odds()
        if odds is None:
            return None
        bounds = [o.score_interval for o in odds]
        return mean([low for low, _ in bounds]), mean([high for _, high in bounds])

    @property
    def score_bound(self) -> float:
        """The expected score, or the most it can be when it was not found."""
        return mean([seat.score_bound for seat in self.seats])

    @property
    def expected_tricks(self) -> float | None:
        odds = self._odds()
        return None if odds is None else mean([o.expected_tricks for o in odds])

    @property
    def histogram(self) -> tuple[int, ...] | None:
        odds = self._odds()
        if odds is None:
            return None
        return tuple(sum(column) for column in zip(*(o.histogram for o in odds), strict=True))

    def _odds(self) -> list[Odds] | None:
        found = [seat.odds for seat in self.seats]
        return None if any(o is None for o in found) else [o for o in found if o is not None]

    def to_dict(self) -> dict[str, Any]:
        layouts = min(seat.layouts for seat in self.seats)
        low, high = reported_interval(self.interval, layouts) or (None, None)
        score = self.expected_score
        settled = self.score_interval
        scores = None if settled is None else reported_interval(settled, layouts)
        tricks = self.expected_tricks
        data = {
            "discards": str(self.discards),
            "hand": str(self.hand),
            "same_as": None if self.same_as is None else str(self.same_as),
            "exact": self.exact,
            "layouts": layouts,
            "p_caught": round(self.p_caught, 4),
            "low": _rounded(low, 4),
            "high": _rounded(high, 4),
            "expected_score": None if score is None else round(score, 2),
            "score_low": None if scores is None else round(scores[0], 2),
            "score_high": None if scores is None else round(scores[1], 2),
            "score_at_most": round(self.score_bound, 2),
            "expected_tricks": None if tricks is None else round(tricks, 3),
            "histogram": None if self.histogram is None else list(self.histogram),
            "seats": [_seat_dict(seat) for seat in self.seats],
        }
        if low is None:
            data["no_interval"] = str(no_interval(layouts))
        return data


def _seat_dict(seat: CandidateSeat) -> dict[str, Any]:
    low, high = reported_interval(seat.interval, seat.layouts) or (None, None)
    odds = seat.odds
    return {
        "lead": seat.seat.lead.value,
        "p_caught": round(seat.p_caught, 4),
        "low": _rounded(low, 4),
        "high": _rounded(high, 4),
        "expected_score": None if odds is None else round(odds.expected_score, 2),
        "score_at_most": round(seat.score_bound, 2),
        "histogram": None if odds is None else list(odds.histogram),
    }


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


@dataclass(frozen=True)
class DiscardOdds:
    """Every discard of twelve cards, best first (the settled ones by expected score, then the
    others by their bound)."""

    cards: CardSet
    lead: Lead
    samples: int
    seed: int
    exact: bool
    """Whether the leading discards were solved over every split."""
    layouts: int
    """The splits worked out: ``samples``, or fewer once the choice was certain."""
    candidates: tuple[Candidate, ...]
    pass_score: float
    threshold: float | None
    """The table's ``pass_score`` and optional ``exact_threshold``, as in ``check --exact``."""

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def screened_less(self) -> tuple[Candidate, ...]:
        """The discards (one of those the same to the play) screened on fewer splits than
        were worked out: far below the best (:data:`DROP_FROM`)."""
        return tuple(
            c for c in self.candidates
            if c.same_as is None and min(s.layouts for s in c.seats) < self.layouts
        )  # fmt: skip

    @property
    def declare(self) -> bool:
        """Whether the best discard's expected score beats passing (and its catch chance is
        within ``exact_threshold`` when the table sets one), as ``check --exact`` decides."""
        score = self.best.expected_score
        goal = Goal(self.pass_score, self.threshold)
        return score is not None and goal.declares(score, self.best.p_caught)

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form; documented in the README."""
        return {
            "cards": str(self.cards),
            "lead": self.lead.value,
            "samples": self.samples,
            "layouts": self.layouts,
            "seed": self.seed,
            "exact": self.exact,
            "pass_score": json_number(self.pass_score),
            "threshold": None if self.threshold is None else json_number(self.threshold),
            "verdict": self.verdict,
            "best": self.best.to_dict(),
            "candidates": [candidate.to_dict() for candidate in self.candidates],
        }


def discard_odds(
    cards: CardSet,
    lead: Lead,
    table: Table,
    settings: ExactSettings = DISCARD_SETTINGS,
    *,
    progress: ProgressCallback | None = None,
) -> DiscardOdds:
    """Score every discard of twelve ``cards``; see the module docstring: on all the
    settings' ``samples`` splits with ``full``, else until the choice is certain; with
    ``every_layout`` the leading discards are then solved on every split. ``progress`` is told
    of the splits worked out (and of those solved in full); ``jobs`` threads solve them."""
    samples, seed, exact = settings.samples, settings.seed, settings.every_layout
    full, jobs = settings.full, settings.jobs
    check_twelve(cards)
    check_samples(samples, MAX_DISCARD_SAMPLES)
    pass_score = table.pass_score
    if pass_score is None:
        raise ExactError(
            Phrase('pass_score = "allpass" needs the ten cards as dealt: ask advisor check --exact')
        )
    require_core()
    pool = cards.complement()
    ranks = sample_ranks(samples, seed)
    layouts = split_hands(pool, ranks)
    order = list(MISERE_PLAY.discard_order(cards, lead, table))
    scores = DiscardScores(cards, pool, lead.seats, order, jobs, objective=MISERE_PLAY)
    tolerance = 0.0
    for start, stop in _batches(samples):
        scores.add(layouts[start:stop])
        scores.choose(SETTLED_BEST, 0.0 if full else tolerance)
        if progress is not None:
            progress(len(scores.layouts), samples)
        low, high = scores.interval(scores.best(), Z95)
        tolerance = max(TOLERANCE, (high - low) / 4)
        if not full and _enough(scores, Goal(pass_score, table.exact_threshold)):
            break
        if not full and stop >= DROP_FROM:
            scores.drop_far_below(Z_CLEAR, TOLERANCE)
    scores.choose(SHOWN_SETTLED)  # the alternatives a player reads beside the best, in full
    scored = scores.results()
    candidates = [
        Candidate(found.discards, cards - found.discards, found.rank,
                  tuple(CandidateSeat.of(s) for s in found.seats), found.same_as)
        for found in scored
    ]  # fmt: skip
    if exact:
        candidates = _solve_leaders(candidates, jobs, progress)
    return DiscardOdds(cards, lead, samples, seed, exact, len(scores.layouts), tuple(candidates),
                       pass_score, table.exact_threshold)  # fmt: skip


def _enough(scores: DiscardScores, goal: Goal) -> bool:
    """Whether the splits so far tell enough: no discard can reach passing (at 99.9 %: the
    verdict is pass, and the choice only decides how much is lost), or the best clearly beats
    passing and its figure is known to a point either way."""
    if scores.ceiling(Z_CLEAR) <= goal.pass_score:
        return True
    best = scores.best()
    clearly = goal.declares(scores.interval(best, Z_CLEAR)[0], scores.caught_share(best))
    return clearly and known(*scores.interval(best, Z95))


def _batches(samples: int) -> list[tuple[int, int]]:
    """The splits worked out between two looks: :data:`FIRST_BATCH`, then twice as many as so
    far each time, up to ``samples``."""
    bounds = [0, min(samples, FIRST_BATCH)]
    while bounds[-1] < samples:
        bounds.append(min(samples, 2 * bounds[-1]))
    return list(itertools.pairwise(bounds))


def _solve_leaders(
    candidates: list[Candidate], jobs: int, progress: ProgressCallback | None
) -> list[Candidate]:
    """The leading candidates (and those the same to the play) solved over every split, best
    first, ahead of the others."""
    leaders = _leaders(candidates)
    total = EXACT_LAYOUTS * sum(len(c.seats) for c in leaders)
    done = 0

    def report(progress_done: int, _: int) -> None:
        if progress is not None:
            progress(done + progress_done, total)

    solved: dict[CardSet, tuple[CandidateSeat, ...]] = {}
    for candidate in leaders:
        seats = []
        for seat in candidate.seats:
            odds = catch_odds(
                candidate.hand, candidate.discards, seat.seat, jobs=jobs, progress=report
            )
            done += EXACT_LAYOUTS
            whole = replace(seat, layouts=odds.layouts, caught=odds.caught, odds=odds)
            seats.append(replace(whole, score_bound=odds.expected_score))
        solved[candidate.discards] = tuple(seats)
    exact, sampled = [], []
    for candidate in candidates:
        found = solved.get(candidate.same_as or candidate.discards)
        if found is None:
            sampled.append(candidate)
        else:
            exact.append(replace(candidate, seats=found))
    ranks = {c.discards: c.rank for c in candidates}
    exact.sort(key=lambda c: (-c.score_bound, ranks[c.same_as or c.discards], c.rank))
    return exact + sampled


def _leaders(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The settled candidates (one of those the same to the play) whose score interval reaches
    the best one's, at most :data:`MAX_EXACT`: those sampling cannot tell from the best."""
    best = candidates[0].score_interval
    assert best is not None, "the best candidate is always settled"
    found: list[Candidate] = []
    for candidate in (c for c in candidates if c.same_as is None):
        interval = candidate.score_interval
        if interval is None or interval[1] < best[0] or len(found) == MAX_EXACT:
            break
        found.append(candidate)
    return found
