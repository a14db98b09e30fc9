"""``advisor declare``: after the talon, which two cards to discard and which game to name, by
exact play over sampled splits of the defenders' 20 cards.

The declarer's twelve cards fix the defenders' 20, so every discard and strain is played on the
**same** splits (common random numbers: their differences are measured far more precisely than
their values), and a strain's tricks on a layout give every level's points at once. The work:

1. the discards worth playing are :func:`~advisor.exact.game.dominant_discards` (keeping higher
   cards is never worse), each with every strain in which some contract is allowed by the bid:
   the *candidates*;
2. on the first batch of splits, each candidate is asked the cheap question only, whether the
   declarer takes the lowest level he may name; that bounds every level's points on each
   layout (made: at most ten tricks' points; not made: at most one trick short's). Candidates
   are then solved exactly in the order of their bounds, and one whose bound is clearly below
   the best found (a paired comparison on the same layouts, at :data:`~advisor.exact.stopping.
   Z_CLEAR`), or below giving up three down, is dropped with its bound;
3. the candidates left are played on growing batches of splits, and a candidate clearly worse
   than the best (the same paired test) is dropped, until one is left, the best is within
   :data:`TOLERANCE` points of every rival, or the samples are spent. With ``full`` nothing
   is screened or dropped: every candidate is played on all the splits.

Figures are each (discard, contract)'s on the splits it was played on: the chance of making,
the mean tricks, the expected points with a 95 % interval (a normal one, its spread never
below one extreme layout in the count, so that a sample that never saw a failure does not
claim a point for an interval).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.cards import WITH_TALON, CardSet, parse_cards
from advisor.contract import CONTRACTS, PASS, Bid, Contract, Strain
from advisor.defence import WHISTS
from advisor.exact.game import GameObjective, dominant_discards
from advisor.exact.settings import ExactSettings
from advisor.exact.stopping import PRECISION, Z_CLEAR
from advisor.game.solver import stop_searches
from advisor.jsonout import contract_json
from advisor.limits import MAX_DISCARD_SAMPLES, check_jobs, check_samples, reported_interval
from advisor.parallel import ProgressCallback, even_pieces, in_order
from advisor.points import TRICKS, Whist
from advisor.sampling import Z95, wilson_interval
from advisor.solver import catchers_pool, split_hands
from advisor.splits import sample_ranks

DECLARE_LAYOUTS = 400  # the splits a candidate is played on at most, by default
FIRST_BATCH = 16  # splits of the first look (the cheap question, then the exact tricks)
MIN_LAYOUTS = 128  # splits the choice is played on at least (its figures' interval)
DECLARE_SETTINGS = ExactSettings(samples=DECLARE_LAYOUTS)
Z99 = 2.5758293035489  # two-sided 99 %: how sure the choice is to be within the tolerance
TOLERANCE = 0.5  # points within which two choices are the same to a player
PIECE = 16  # splits a thread's piece of a batch holds at least


@dataclass
class _Candidate:
    """One discard and strain, and its tricks on the splits played so far."""

    discards: CardSet
    hand: CardSet
    strain: Strain
    contracts: tuple[Contract, ...]
    tricks: bytearray = field(default_factory=bytearray)
    bound: float | None = None
    """When it was dropped on its bound: the most its expected points can be."""


@dataclass(frozen=True)
class Choice:
    """One discard and contract: the declarer's tricks over ``layouts`` splits and his points."""

    discards: CardSet
    contract: Contract
    histogram: tuple[int, ...]
    expected: float
    interval: tuple[float, float]

    @property
    def layouts(self) -> int:
        return sum(self.histogram)

    @property
    def p_make(self) -> float:
        return sum(self.histogram[self.contract.level :]) / self.layouts

    @property
    def mean_tricks(self) -> float:
        return sum(t * n for t, n in enumerate(self.histogram)) / self.layouts

    def to_dict(self) -> dict[str, Any]:
        shown = reported_interval(self.interval, self.layouts)
        return {
            "discards": str(self.discards),
            "contract": contract_json(self.contract),
            "layouts": self.layouts,
            "p_make": round(self.p_make, 4),
            "mean_tricks": round(self.mean_tricks, 3),
            "expected_points": round(self.expected, 3),
            "interval": None if shown is None else [round(x, 3) for x in shown],
            "histogram": list(self.histogram),
        }


@dataclass(frozen=True)
class Dropped:
    """A discard and strain dropped on the cheap question's bound."""

    discards: CardSet
    strain: Strain
    bound: float
    """The most its best contract's expected points can be (on the first splits)."""

    def to_dict(self) -> dict[str, Any]:
        return {"discards": str(self.discards), "strain": self.strain.letter,
                "bound": round(self.bound, 3)}  # fmt: skip


@dataclass(frozen=True)
class Declaration:
    """``advisor declare``'s answer: every choice played, best first, and giving up."""

    twelve: CardSet
    bid: Bid
    objective: GameObjective
    choices: tuple[Choice, ...]
    dropped: tuple[Dropped, ...]
    give_up: float
    give_up_contract: Contract
    layouts: int
    samples: int
    seed: int

    @property
    def best(self) -> Choice | None:
        """The best choice, or None when giving up three down beats playing."""
        played = [choice for choice in self.choices if choice.layouts == self.layouts]
        top = played[0] if played else None
        return top if top is not None and top.expected > self.give_up else None

    def best_by_contract(self) -> list[Choice]:
        """Each contract's best discard, best contract first (ties: the one played on more
        splits first)."""
        seen: set[Contract] = set()
        found = []
        best = self.best
        first = [] if best is None else [best]
        for choice in first + sorted(
            self.choices, key=lambda c: (-round(c.expected, 6), -c.layouts)
        ):
            if choice.contract not in seen:
                seen.add(choice.contract)
                found.append(choice)
        return found

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        convention = self.objective.convention
        return {
            "cards": str(self.twelve),
            "bid": None if self.bid == PASS else contract_json(self.bid),  # None: no bid given
            "lead": self.objective.leader.lead.value,
            "convention": convention.to_dict(),
            "whist_model": convention.whist_model.value,
            "samples": self.samples,
            "seed": self.seed,
            "layouts": self.layouts,
            "answer": "give up" if best is None else contract_json(best.contract),
            "discards": None if best is None else str(best.discards),
            "give_up": {
                "contract": contract_json(self.give_up_contract),
                "points": round(self.give_up, 3),
            },
            "choices": [choice.to_dict() for choice in self.choices],
            "dropped": [item.to_dict() for item in self.dropped],
        }


def allowed_contracts(bid: Bid) -> tuple[Contract, ...]:
    """The contracts a declarer who won the auction with ``bid`` may name (pass: any)."""
    lowest = bid.contract
    return tuple(c for c in CONTRACTS if lowest is None or c >= lowest)


class _Work:
    """The splits, the defence's decisions and the candidates' tricks on them."""

    def __init__(self, twelve: CardSet, objective: GameObjective, jobs: int) -> None:
        self.objective, self.jobs = objective, jobs
        self.pool = twelve.complement()
        self.ranks = array("I")
        self.lefts = array("I")
        self.decided: dict[Contract, bytearray] = {}

    def extend(self, ranks: array[int]) -> None:
        self.ranks.extend(ranks)
        lefts = split_hands(self.pool, ranks)
        self.lefts.extend(lefts)
        for contract, decided in self.decided.items():
            decided.extend(self.objective.decisions(contract, self.pool, lefts))

    def decisions(self, contract: Contract) -> bytearray:
        if contract not in self.decided:
            self.decided[contract] = bytearray(
                self.objective.decisions(contract, self.pool, self.lefts)
            )
        return self.decided[contract]

    def points(self, contract: Contract, tricks: Sequence[int]) -> list[float]:
        """The declarer's points on each layout where he takes ``tricks[i]``."""
        table, decided = self.objective.table(contract), self.decisions(contract)
        return [table[decided[i]][t] for i, t in enumerate(tricks)]

    def _ranks(self, layouts: Sequence[int]) -> array[int]:
        return array("I", (self.ranks[i] for i in layouts))

    def _pieces(self, count: int) -> list[range]:
        return even_pieces(range(count), max(1, min(self.jobs, count // PIECE)))

    def solve(self, items: Sequence[tuple[_Candidate, Sequence[int], int]]) -> list[bytes]:
        """For each (candidate, layouts, level): its tricks on those layouts (their indexes
        among the splits) when ``level`` is 0, else 1 where it takes at least ``level``; the
        layouts cut into pieces for the threads (the answers are the same for any number)."""
        work = [
            (number, candidate, level, self._ranks(layouts[piece.start : piece.stop]))
            for number, (candidate, layouts, level) in enumerate(items)
            for piece in self._pieces(len(layouts))
        ]  # fmt: skip

        def run(item: tuple[int, _Candidate, int, array[int]]) -> bytes:
            _, candidate, level, ranks = item
            if not ranks:
                return b""
            hand, pool, strain = candidate.hand, self.pool, candidate.strain
            if level == 0:
                return self.objective.tricks(hand, pool, strain, ranks)
            return self.objective.makes(hand, pool, strain, ranks, level)

        found = [bytearray() for _ in items]
        jobs = max(1, min(self.jobs, len(work)))
        for (number, *_), answer in zip(
            work, in_order(run, work, jobs, stop_searches), strict=True
        ):
            found[number].extend(answer)
        return [bytes(answer) for answer in found]


def _stats(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the standard error of the mean."""
    n = len(values)
    mean = sum(values) / n
    spread = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(spread / n)


def _upper(differences: Sequence[float], z: float) -> float:
    """The top of a paired difference's interval at ``z``; its standard error never below one
    layout in the count differing by as much as the differences range (a point at least), so
    that differences never seen to vary claim no more than their count allows."""
    mean, error = _stats(differences)
    floor = max(max(differences) - min(differences), 1.0) / len(differences)
    return mean + z * max(error, floor)


def _best_contract(work: _Work, candidate: _Candidate) -> tuple[Contract, list[float]]:
    """The candidate's best contract by its mean points, and its points on each layout."""
    best: tuple[float, Contract, list[float]] | None = None
    for contract in candidate.contracts:
        points = work.points(contract, candidate.tricks)
        mean = sum(points) / len(points)
        if best is None or mean > best[0]:
            best = (mean, contract, points)
    assert best is not None
    return best[1], best[2]


def declare_odds(
    twelve: CardSet,
    bid: Bid,
    objective: GameObjective,
    settings: ExactSettings | None = None,
    progress: ProgressCallback | None = None,
) -> Declaration:
    """The discards and contracts of ``twelve`` after winning the auction with ``bid`` (pass:
    no bid given, any game may be named), ranked by expected points (see the module)."""
    twelve = parse_cards([str(twelve)], count=WITH_TALON)
    settings = settings or DECLARE_SETTINGS
    samples = check_samples(settings.samples, MAX_DISCARD_SAMPLES)
    jobs = check_jobs(settings.jobs)
    contracts = allowed_contracts(bid)
    lowest = contracts[0]
    candidates = [
        _Candidate(discards, twelve - discards, strain,
                   tuple(c for c in contracts if c.strain is strain))
        for discards in dominant_discards(twelve)
        for strain in Strain
        if any(c.strain is strain for c in contracts)
    ]  # fmt: skip
    catchers_pool(twelve - candidates[0].discards, candidates[0].discards)  # a bad hand's error
    work = _Work(twelve, objective, jobs)
    give_up = objective.give_up(lowest)
    all_ranks = sample_ranks(samples, settings.seed)
    first = min(FIRST_BATCH, samples)
    work.extend(all_ranks[:first])
    if progress:
        progress(0, samples)
    if settings.full:
        live = _solved(work, candidates, first)
    else:
        live = _screen(work, candidates, give_up, first)
    done = first
    while done < samples and (
        settings.full or len(live) > 1 or (live and (done < MIN_LAYOUTS or not _known(work, live)))
    ):
        size = min(done, samples - done)
        work.extend(all_ranks[done : done + size])
        asked = [(c, range(done, done + size), 0) for c in live]
        for candidate, found in zip(live, work.solve(asked), strict=True):
            candidate.tricks.extend(found)
        done += size
        if progress:
            progress(done, samples)
        if not settings.full:
            live = _eliminate(work, live, give_up)
    if progress:
        progress(samples, samples)
    choices = [
        _choice(work, candidate, contract)
        for candidate in candidates
        if candidate.bound is None and candidate.tricks
        for contract in candidate.contracts
    ]
    choices.sort(
        key=lambda c: (-c.layouts, -c.expected, c.contract, sorted(x.index for x in c.discards))
    )
    dropped = [Dropped(c.discards, c.strain, c.bound) for c in candidates if c.bound is not None]
    return Declaration(twelve, bid, objective, tuple(choices), tuple(dropped), give_up, lowest,
                       done, samples, settings.seed)  # fmt: skip


CHEAP_STEPS = 3  # levels the cheap question is asked at, from the lowest one named down


def _next_question(lowest: int, low: int, high: int) -> int | None:
    """The level the cheap question asks next of a layout whose tricks are known to be
    ``low`` … ``high``: first the lowest level the candidate may name, then, where it failed,
    one trick fewer each time (a question far from the true count is the cheap one: on a
    hopeless layout these are, and they bound it low enough to drop). Where it made the
    level, nothing more: asking upwards meets the true count soon, as dear as solving."""
    if low == 0 and high == TRICKS:
        return lowest
    return high if low == 0 and high >= 1 else None


def _bound(work: _Work, candidate: _Candidate, most: Sequence[int]) -> tuple[float, list[float]]:
    """The most a candidate's best contract can score on each layout, where the declarer
    takes at most ``most[i]`` tricks (the points never fall with more tricks), and its mean."""
    best: tuple[float, list[float]] | None = None
    for contract in candidate.contracts:
        table, decided = work.objective.table(contract), work.decisions(contract)
        points = [table[decided[i]][t] for i, t in enumerate(most)]
        mean = sum(points) / len(points)
        if best is None or mean > best[0]:
            best = (mean, points)
    assert best is not None
    return best


def _solved(work: _Work, candidates: list[_Candidate], first: int) -> list[_Candidate]:
    """``--full``'s first batch: every candidate solved exactly, none screened out."""
    asked = [(candidate, range(first), 0) for candidate in candidates]
    for candidate, found in zip(candidates, work.solve(asked), strict=True):
        candidate.tricks[:] = found
    return list(candidates)


def _screen(
    work: _Work, candidates: list[_Candidate], give_up: float, first: int
) -> list[_Candidate]:
    """The first batch. Each candidate is asked the cheap question (does it take the lowest
    level it may name, and where not, one trick fewer: :func:`_next_question`), which bounds
    what it can score on each layout; the best bound's candidate is solved exactly first, and
    one whose bound is clearly below giving up or below the best found so far (each a paired
    comparison on the same layouts) is dropped with its bound; the others are solved."""
    low = {id(c): [0] * first for c in candidates}
    high = {id(c): [TRICKS] * first for c in candidates}
    open_ = list(candidates)
    leader: list[float] | None = None
    live: list[_Candidate] = []

    def dropped(candidate: _Candidate) -> bool:
        mean, points = _bound(work, candidate, high[id(candidate)])
        below_give_up = _upper([p - give_up for p in points], Z_CLEAR) < 0
        if below_give_up or (
            leader is not None
            and _upper([p - q for p, q in zip(points, leader, strict=True)], Z_CLEAR) < 0
        ):
            candidate.bound = mean
            return True
        return False

    for _ in range(CHEAP_STEPS):
        asked: list[tuple[_Candidate, Sequence[int], int]] = []
        for candidate in open_:
            lows, highs = low[id(candidate)], high[id(candidate)]
            by_level: dict[int, list[int]] = {}
            for i in range(first):
                level = _next_question(candidate.contracts[0].level, lows[i], highs[i])
                if level is not None:
                    by_level.setdefault(level, []).append(i)
            asked += [(candidate, layouts, level) for level, layouts in sorted(by_level.items())]
        for (candidate, layouts, level), answers in zip(asked, work.solve(asked), strict=True):
            lows, highs = low[id(candidate)], high[id(candidate)]
            for i, made in zip(layouts, answers, strict=True):
                if made:
                    lows[i] = level
                else:
                    highs[i] = level - 1
        if leader is None and open_:
            open_.sort(key=lambda c: -_bound(work, c, high[id(c)])[0])
            top = open_.pop(0)
            top.tricks[:] = work.solve([(top, range(first), 0)])[0]
            leader = _best_contract(work, top)[1]
            live.append(top)
        open_ = [c for c in open_ if not dropped(c)]
    for candidate in open_:
        if dropped(candidate):
            continue
        lows, highs = low[id(candidate)], high[id(candidate)]
        if lows == highs:
            candidate.tricks[:] = bytes(highs)
        else:
            candidate.tricks[:] = work.solve([(candidate, range(first), 0)])[0]
        exact = _best_contract(work, candidate)[1]
        if leader is None or sum(exact) > sum(leader):
            leader = exact
        live.append(candidate)
    return _eliminate(work, live, give_up)


def _eliminate(work: _Work, live: list[_Candidate], give_up: float) -> list[_Candidate]:
    """The candidates left once those clearly worse than the best (at
    :data:`~advisor.exact.stopping.Z_CLEAR`) are dropped; only the best when every other is
    within :data:`TOLERANCE` of it at 99 %; none when the best is clearly below giving up
    (giving up is the answer, and the candidates keep the figures of the splits so far)."""
    if not live:
        return live
    points = [_best_contract(work, candidate)[1] for candidate in live]
    leader = max(range(len(live)), key=lambda i: (sum(points[i]), -i))
    kept, close = [], True
    for index, candidate in enumerate(live):
        if index == leader:
            kept.append(candidate)
            continue
        paired = [p - q for p, q in zip(points[index], points[leader], strict=True)]
        if _upper(paired, Z_CLEAR) >= 0:
            kept.append(candidate)
        close = close and _upper(paired, Z99) < TOLERANCE
    if _upper([p - give_up for p in points[leader]], Z_CLEAR) < 0:
        return []
    return [live[leader]] if close else kept


def _known(work: _Work, live: list[_Candidate]) -> bool:
    """Whether the one candidate left has its best contract's points known to
    :data:`~advisor.exact.stopping.PRECISION` either way (95 %)."""
    if not live:
        return True
    contract, _ = _best_contract(work, live[0])
    low, high = _choice(work, live[0], contract).interval
    return high - low <= 2 * PRECISION


def _choice(work: _Work, candidate: _Candidate, contract: Contract) -> Choice:
    """A discard and contract's figures. The bottom of the interval also allows for failing
    as often as the top of the failure share's Wilson interval, each failure costing what one
    trick short costs against two whisters, so that a contract never seen to fail does not get
    a point for an interval (and, at the top, for making as often as its bottom)."""
    points = work.points(contract, candidate.tricks)
    mean, error = _stats(points)
    half = Z95 * error
    histogram = [0] * (TRICKS + 1)
    for t in candidate.tricks:
        histogram[t] += 1
    n = len(points)
    failed = sum(histogram[: contract.level])
    low_fail, high_fail = wilson_interval(failed, n)
    both = work.objective.table(contract)[WHISTS.index(Whist.BOTH)]
    step = both[contract.level] - both[contract.level - 1]
    low = min(mean - half, mean - (high_fail - failed / n) * step)
    high = max(mean + half, mean + (failed / n - low_fail) * step)
    return Choice(candidate.discards, contract, tuple(histogram), mean, (low, high))


__all__ = ["WHISTS", "Choice", "Declaration", "Dropped", "allowed_contracts", "declare_odds"]
