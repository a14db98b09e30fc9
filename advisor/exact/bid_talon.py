"""One talon of ``advisor bid``: the declarer's choice after it, made on splits of its own, and
what that choice scores on other splits.

Before the talon the declarer cannot know the defenders' split, nor can he after it: with his
twelve cards he chooses one discard and one contract (or giving up three down) for each bid he
might win the auction with, and plays it whatever the split. The value of winning at bid ``b``
on this talon is what that choice scores, on average over the splits. Were the choice scored on
the splits it was made on, the best of many choices would look better than it is (the winner's
curse); so each talon has two streams of splits (:class:`~advisor.exact.deals.Deals`): the
*choosing* splits, on which every choice's mean points are compared, and the *scoring* splits,
on which only the choices made are played and scored.

The choice on the choosing splits is exact: the argmax over every dominant discard
(:func:`~advisor.exact.game.dominant_discards`), every strain and every contract the bid allows,
and giving up. Most (discard, strain) pairs are settled without their exact tricks. The pairs
are weighed the likeliest best first (a rough guess of their tricks: trumps, aces and kings,
short side suits; the order changes no choice, only how soon the others drop); the first is
solved. Each other one is asked the cheap question (does the declarer take at least ``level``
tricks?) at its *decisive* level: the highest level whose failure on every split would put the
pair's best mean below the best found, at every bid (a question far above a pair's true count
is cheap; asked at the lowest open level instead, a strong pair made it everywhere and was
bounded by nothing). Where it fails, the pair's points there are at most one trick short's;
where it is made, at least the level's, which raises the best found (a pair's value is at
least its points at the tricks it is known to take). A pair whose bound is still not below the
best at some bid is solved. So the choice is the exact argmax on the choosing splits, the same
as solving every pair (a test compares them).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import getitem, itemgetter, lt

from advisor.cards import CardSet
from advisor.contract import CONTRACTS, LEVELS, Contract, Strain
from advisor.exact.game import GameObjective, dominant_discards
from advisor.points import TRICKS


@dataclass(frozen=True)
class Pair:
    """A discard and a strain: the ten cards played and the trumps."""

    discards: CardSet
    hand: CardSet
    strain: Strain


@dataclass(frozen=True)
class Pick:
    """The choice for one bid: a pair (its index among the talon's pairs) and a contract, or
    giving up three down (``pair`` None)."""

    pair: int | None
    contract: Contract
    """The contract named, or the one given up."""
    points: float
    """Its mean points on the splits it was chosen on."""


@dataclass(frozen=True)
class TalonValue:
    """One talon's figures for every open bid, in the order of the bids: the choice made and
    its points on each scoring split (a give-up scores the same on every split)."""

    number: int
    contracts: tuple[Contract | None, ...]
    """What was named for each bid: a contract, or None for giving up."""
    totals: tuple[float, ...]
    squares: tuple[float, ...]
    splits: int


def talon_pairs(twelve: CardSet) -> list[Pair]:
    """Every dominant discard of ``twelve`` with every strain, in a fixed order."""
    return [
        Pair(discards, twelve - discards, strain)
        for discards in dominant_discards(twelve)
        for strain in Strain
    ]


class Choosing:
    """The exact choice for every bid of ``bids`` (their lowest contracts, ascending) on the
    splits ``lefts`` (L's hands) of ``pool``."""

    def __init__(
        self,
        objective: GameObjective,
        pairs: Sequence[Pair],
        pool: CardSet,
        lefts: array[int],
        bids: Sequence[Contract],
    ) -> None:
        self.objective, self.pairs, self.pool, self.lefts = objective, pairs, pool, lefts
        self.bids = bids
        self.contracts = [c for c in CONTRACTS if c >= bids[0]]
        self.tables = {
            c: _per_layout(objective, c, pool, lefts) for c in self.contracts
        }  # fmt: skip
        self.give_up = [objective.give_up(b) for b in bids]
        self.rows = {
            strain: [self.tables.get(contract) for contract in _levels(strain)]
            for strain in Strain
        }  # fmt: skip
        """For each strain, each contract's points per split by tricks (a contract not open:
        None), levels 6 … 10."""
        self.start = _starts(tuple(bids))
        """For each strain and bid, the index of its lowest contract allowed (by level)."""
        self.exact: dict[int, list[float]] = {}
        """A solved pair's mean points per contract of its strain (by level, 6 … 10)."""

    def means(self, strain: Strain, tricks: Sequence[int]) -> list[float]:
        """The mean points of a pair of ``strain`` taking ``tricks`` on the splits, for each
        contract of the strain, levels 6 … 10 (a contract not open: no value)."""
        count = len(tricks)
        return [
            float("-inf") if rows is None else sum(map(getitem, rows, tricks)) / count
            for rows in self.rows[strain]
        ]  # fmt: skip

    def flat_means(self, strain: Strain, tricks: int) -> list[float]:
        """:meth:`means` of ``tricks`` on every split (the same sums, in the same order)."""
        count, row = len(self.lefts), itemgetter(tricks)
        return [
            float("-inf") if rows is None else sum(map(row, rows)) / count
            for rows in self.rows[strain]
        ]  # fmt: skip

    def best_by_bid(self, means: Sequence[float], strain: Strain) -> list[float]:
        """For each bid, the best of a pair's contract means that a win at it allows."""
        ceilings = [*means, float("-inf")]  # then each the best from it on
        for j in range(len(means) - 1, -1, -1):
            if ceilings[j + 1] > ceilings[j]:
                ceilings[j] = ceilings[j + 1]
        return list(map(ceilings.__getitem__, self.start[strain]))

    def run(self) -> list[Pick]:
        """The choice for every bid (see the module)."""
        best = list(self.give_up)
        flat: dict[Strain, list[list[float] | None]] = {s: [None] * (TRICKS + 1) for s in Strain}
        """For each strain and tricks t, each bid's best of a pair taking t on every split
        (worked out when first asked: the cheap question's level is sought from ten down)."""

        def flat_best(strain: Strain, tricks: int) -> list[float]:
            found = flat[strain][tricks]
            if found is None:
                found = flat[strain][tricks] = self.best_by_bid(
                    self.flat_means(strain, tricks), strain
                )
            return found

        def raise_best(pair: Pair, tricks: Sequence[int]) -> list[float]:
            means = self.means(pair.strain, tricks)
            found = self.best_by_bid(means, pair.strain)
            best[:] = list(map(max, best, found))
            return means

        order = sorted(range(len(self.pairs)), key=lambda i: -_promise(self.pairs[i]))
        for index in order:
            pair = self.pairs[index]
            if self.exact:  # the first is solved at once: the others are weighed against it
                level = _decisive(functools.partial(flat_best, pair.strain), best)
                if level is not None:
                    if level > TRICKS:
                        continue  # never the best: its tricks are not needed
                    made = self._makes(pair, self.lefts, level)
                    raise_best(pair, [level if m else 0 for m in made])  # its value's lower bound
                    high = self.means(pair.strain, [TRICKS if m else level - 1 for m in made])
                    found = self.best_by_bid(high, pair.strain)
                    if all(map(lt, found, best)):
                        continue
            tricks = self.objective.tricks_masks(pair.hand, self.pool, pair.strain, self.lefts)
            self.exact[index] = raise_best(pair, tricks)
        return self._picks()

    def _makes(self, pair: Pair, lefts: array[int], level: int) -> bytes:
        """The cheap question: 1 on each split of ``lefts`` where the declarer takes at least
        ``level``."""
        return self.objective.makes_masks(pair.hand, self.pool, pair.strain, lefts, level)

    def _picks(self) -> list[Pick]:
        """The best play for each bid (the first pair and lowest contract on ties), or giving
        up when it is strictly better."""
        solved = [(index, self.pairs[index].strain) for index in sorted(self.exact)]
        firsts = {index: _firsts(self.exact[index]) for index, _ in solved}
        picks = []
        for k, bid in enumerate(self.bids):
            chosen: tuple[int, Contract] | None = None
            points = 0.0
            for index, strain in solved:
                first = firsts[index][self.start[strain][k]]
                if first is not None and (chosen is None or first[0] > points):
                    chosen, points = (index, _levels(strain)[first[1]]), first[0]
            if chosen is None or self.give_up[k] > points:
                picks.append(Pick(None, bid, self.give_up[k]))
            else:
                picks.append(Pick(*chosen, points))
        return picks


def _firsts(means: Sequence[float]) -> list[tuple[float, int] | None]:
    """For each start j, the best of ``means[j:]`` and the first place it is at (None: none
    left)."""
    firsts: list[tuple[float, int] | None] = [None] * (len(means) + 1)
    for j in range(len(means) - 1, -1, -1):
        after = firsts[j + 1]
        firsts[j] = (means[j], j) if after is None or means[j] >= after[0] else after
    return firsts


def _decisive(flat: Callable[[int], Sequence[float]], best: Sequence[float]) -> int | None:
    """The highest level whose failure on every split would drop a pair (``flat(t)``: its
    best at each bid taking t tricks everywhere): 11 when even ten tricks would, None when
    not even none would."""
    for tricks in range(TRICKS, -1, -1):
        if all(map(lt, flat(tricks), best)):
            return tricks + 1
    return None


_ACES = 0x80808080  # the aces' bits of a card mask (bit suit * 8 + rank, the ace rank 7)
_KINGS = 0x40404040


def _promise(pair: Pair) -> int:
    """A rough guess of the pair's tricks, to weigh the likeliest best first (the order
    changes no choice, only how soon the others are dropped): its aces and kings, its trumps
    twice and its short side suits (the ruffs), no-trump's aces twice."""
    mask = pair.hand.mask
    aces = (mask & _ACES).bit_count()
    tops = 2 * aces + (mask & _KINGS).bit_count()
    if pair.strain is Strain.NO_TRUMP:
        return tops + aces
    lengths = [(mask >> shift & 0xFF).bit_count() for shift in (0, 8, 16, 24)]
    trumps = lengths[pair.strain]  # a suit strain's number is its suit's
    short = sum(max(0, 2 - length) for length in lengths) - max(0, 2 - trumps)  # side suits
    return tops + 2 * trumps + short


_LEVELS = {strain: CONTRACTS[strain :: len(Strain)] for strain in Strain}


def _levels(strain: Strain) -> tuple[Contract, ...]:
    """The contracts of ``strain``, six to ten."""
    return _LEVELS[strain]


@functools.cache
def _starts(bids: tuple[Contract, ...]) -> dict[Strain, tuple[int, ...]]:
    """For each strain, the index (by level) of its lowest contract each of ``bids`` allows
    (5: none); the same for every talon, worked out once."""
    return {
        strain: tuple(next((i for i, c in enumerate(_levels(strain)) if c >= b), len(LEVELS))
                      for b in bids)
        for strain in Strain
    }  # fmt: skip


def _per_layout(
    objective: GameObjective, contract: Contract, pool: CardSet, lefts: array[int]
) -> list[tuple[float, ...]]:
    """For each split, the declarer's points by his tricks (the defence's decision there)."""
    table = objective.table(contract)
    return [table[d] for d in objective.decisions(contract, pool, lefts)]


def score_picks(
    objective: GameObjective,
    pairs: Sequence[Pair],
    picks: Sequence[Pick],
    pool: CardSet,
    lefts: array[int],
) -> tuple[list[float], list[float]]:
    """Each pick's total points and total squared points on the splits ``lefts``: the pairs
    picked solved there once each."""
    tricks = {
        index: objective.tricks_masks(pairs[index].hand, pool, pairs[index].strain, lefts)
        for index in sorted({pick.pair for pick in picks if pick.pair is not None})
    }
    totals, squares = [], []
    scored: dict[tuple[int | None, Contract, float], tuple[float, float]] = {}
    for pick in picks:  # the bids that pick one play alike score it once
        key = (pick.pair, pick.contract, pick.points)
        if key not in scored:
            if pick.pair is None:
                points = [pick.points] * len(lefts)
            else:
                rows = _per_layout(objective, pick.contract, pool, lefts)
                points = [row[t] for row, t in zip(rows, tricks[pick.pair], strict=True)]
            scored[key] = sum(points), sum(p * p for p in points)
        total, square = scored[key]
        totals.append(total)
        squares.append(square)
    return totals, squares
