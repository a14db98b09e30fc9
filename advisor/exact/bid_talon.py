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
and giving up. Most (discard, strain) pairs are settled without their exact tricks: each is first
asked the cheap question (does the declarer take the lowest level open?), which bounds its
points on every split from above (made: ten tricks' points; not made: one trick short's), and a
pair whose bound is below the best mean already found, at every bid, is never chosen, so its
tricks are not needed. The pairs are weighed the most promising first: the first is solved;
each other one, unless its bound drops it, is asked once more where it failed (one trick
fewer: a cheap question far from the true count), and solved if its bound still does not drop
it. The best so far counts the lower bounds the questions give too (a pair's value is at
least its points at the tricks it is known to take). So the choice is the exact argmax on
the choosing splits, the same as solving every pair (a test compares them).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

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
        self.start = [
            [next((i for i, c in enumerate(_levels(s)) if c >= b), len(LEVELS)) for s in Strain]
            for b in bids
        ]  # fmt: skip
        """For each bid and strain, the index of its lowest contract allowed (by level)."""
        self.exact: dict[int, list[float]] = {}
        """A solved pair's mean points per contract of its strain (by level, 6 … 10)."""

    def means(self, pair: Pair, tricks: Sequence[int]) -> list[float]:
        """The pair's mean points for each contract of its strain, levels 6 … 10 (a contract
        not open: no value)."""
        found = []
        for contract in _levels(pair.strain):
            table = self.tables.get(contract)
            if table is None:
                found.append(float("-inf"))
            else:
                total = sum(row[t] for row, t in zip(table, tricks, strict=True))
                found.append(total / len(tricks))
        return found

    def best_at(self, means: Sequence[float], k: int, strain: Strain) -> float:
        """The best of a pair's contract means that a win at the ``k``-th bid allows."""
        return max(means[self.start[k][strain] :], default=float("-inf"))

    def run(self) -> list[Pick]:
        """The choice for every bid (see the module)."""
        level = self.bids[0].level
        lows: dict[int, list[int]] = {}
        highs: dict[int, list[int]] = {}
        for index, pair in enumerate(self.pairs):
            made = self.objective.makes_masks(pair.hand, self.pool, pair.strain, self.lefts, level)
            lows[index] = [level if m else 0 for m in made]
            highs[index] = [TRICKS if m else level - 1 for m in made]
        best = list(self.give_up)
        ks = range(len(self.bids))

        def dominated(index: int) -> bool:
            upper = self.means(self.pairs[index], highs[index])
            return all(self.best_at(upper, k, self.pairs[index].strain) < best[k] for k in ks)

        def raise_best(index: int, tricks: Sequence[int]) -> list[float]:
            means = self.means(self.pairs[index], tricks)
            strain = self.pairs[index].strain
            best[:] = [max(best[k], self.best_at(means, k, strain)) for k in ks]
            return means

        upper = {i: self.means(self.pairs[i], highs[i]) for i in highs}
        order = sorted(highs, key=lambda i: -self.best_at(upper[i], 0, self.pairs[i].strain))
        for index in order:
            pair = self.pairs[index]
            if self.exact:  # the first is solved at once: the others are weighed against it
                if dominated(index):
                    continue  # never the best: its tricks are not needed
                self._fewer(pair, lows[index], highs[index])
                raise_best(index, lows[index])  # a lower bound of its value is one of the best
                if dominated(index):
                    continue
            self.exact[index] = raise_best(index, self._tricks(pair))
        return [self._pick(k, bid) for k, bid in enumerate(self.bids)]

    def _tricks(self, pair: Pair) -> bytes:
        return self.objective.tricks_masks(pair.hand, self.pool, pair.strain, self.lefts)

    def _fewer(self, pair: Pair, lows: list[int], highs: list[int]) -> None:
        """Where a level was not made, whether one trick fewer is (far from the true count the
        question is cheap; asking upwards where a level was made meets the true count soon,
        as dear as solving)."""
        self._ask(pair, lows, highs, [high if low == 0 < high else None
                                      for low, high in zip(lows, highs, strict=True)])  # fmt: skip

    def _ask(
        self, pair: Pair, lows: list[int], highs: list[int], levels: Sequence[int | None]
    ) -> None:
        """The cheap question at ``levels[i]`` on each split (None: not asked), the bounds
        narrowed by its answers."""
        asked: dict[int, list[int]] = {}
        for i, level in enumerate(levels):
            if level is not None:
                asked.setdefault(level, []).append(i)
        for level, splits in sorted(asked.items()):
            lefts = array("I", (self.lefts[i] for i in splits))
            made = self.objective.makes_masks(pair.hand, self.pool, pair.strain, lefts, level)
            for i, m in zip(splits, made, strict=True):
                if m:
                    lows[i] = level
                else:
                    highs[i] = level - 1

    def _pick(self, k: int, bid: Contract) -> Pick:
        """The best play for the bid (the first pair and lowest contract on ties), or giving
        up when it is strictly better."""
        found: Pick | None = None
        for index in sorted(self.exact):
            pair = self.pairs[index]
            start = self.start[k][pair.strain]
            means = self.exact[index][start:]
            for contract, mean in zip(_levels(pair.strain)[start:], means, strict=True):
                if found is None or mean > found.points:
                    found = Pick(index, contract, mean)
        if found is None or self.give_up[k] > found.points:
            return Pick(None, bid, self.give_up[k])
        return found


_LEVELS = {strain: CONTRACTS[strain :: len(Strain)] for strain in Strain}


def _levels(strain: Strain) -> tuple[Contract, ...]:
    """The contracts of ``strain``, six to ten."""
    return _LEVELS[strain]


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
    for pick in picks:
        if pick.pair is None:
            points = [pick.points] * len(lefts)
        else:
            rows = _per_layout(objective, pick.contract, pool, lefts)
            points = [row[t] for row, t in zip(rows, tricks[pick.pair], strict=True)]
        totals.append(sum(points))
        squares.append(sum(p * p for p in points))
    return totals, squares
