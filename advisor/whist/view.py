"""The declarer's own view: what he names after the talon, seeing his twelve cards only.

This is ``advisor declare``'s model (:mod:`advisor.exact.declare`) made small enough to ask of
every layout ``advisor whist`` draws. The declarer holds twelve cards; the defenders' twenty are
split in :data:`VIEW_SPLITS` ways drawn once per run (the same split numbers for every hand and
every choice: common random numbers, as in ``declare``). Every choice is a discard worth playing
(:func:`advisor.exact.game.dominant_discards`: keeping the higher card is never worse; by
default only the likeliest one a strain, :data:`VIEW_DISCARDS`) and a contract allowed by the
bid (:func:`advisor.exact.declare.allowed_contracts`), scored by
:class:`advisor.exact.game.GameObjective` (the convention's points, the defence's whist model in
each split, the first hand's lead): its **value** is the mean of the declarer's points over
those splits, his tricks double dummy in each. His answer is the choice of the highest value
(ties: the lower contract, then the discard ``declare`` lists first), or giving the lowest
allowed contract up three down when no value is above that. A suit of fewer than
:data:`VIEW_TRUMPS` of his cards is not considered as trumps, but for the bid's strain.

**The keep rule** (:meth:`DeclarerView.names`): the declarer named this contract when, his bid
being this contract, his answer is this contract: it beats every higher contract of its
strain, every contract of a higher strain at its level or above, of a lower strain a level
above, and giving up. The auction before the talon is not modelled: a declarer whose bid was
lower and who names this contract names it with this bid too (fewer choices, the same best),
and one who would have named a lower contract names this one only if his bid forced the level
up to it, which is what this question asks.

The answer is found without solving every choice: each is first asked the cheap question
(:func:`advisor.game.solver.makes_ranked`: does it take the lowest level it may name), which
bounds its value on every split (made: at most ten tricks' points; not made: at most one trick
short's; asked again a trick lower where it failed, up to :data:`DEEPER_STEPS` times, which is
cheap and bounds a hopeless choice below giving up); a choice is then solved exactly
(:func:`advisor.game.solver.solve_ranked`) only while its bound could still beat the best value
found, best bound first. A strain the twelve cards
cannot make is dropped on its bound. The answer is the same as valuing every choice exactly (a
test compares it with a plain loop over ``solve_ranked``).

Measured against ``advisor declare`` itself (``benchmarks/whist_view.py``: 240 held-out hands,
seeds 310 and 311, half of them the declarer's twelve cards of a deal on which he makes a game
double dummy, the bid being that game, half random twelve cards under a random six or seven;
``declare`` plays every discard on up to 400 splits): with the defaults (:data:`VIEW_SPLITS`
splits, the likeliest discard a strain) the two name the same strain and level, or both give
up, on 213 of 240 hands (88.8 %, 95 % interval 84.2-92.1 %), and agree whether the bid itself
is named, the question ``advisor whist`` asks of a layout, on 229 (95.4 %, 92.0-97.4 %).
Considering every strain: 215 and 229; with 8 splits, 214 and 230; with every discard worth
playing (8 splits, every strain), 111 of the first 120 (92.5 %) against 108 (90.0 %), at three to
four times the cost.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from advisor.cards import CardSet
from advisor.contract import Bid, Contract, Strain
from advisor.defence import WHISTS, decisions_of_counts, folk_counts, rest_of
from advisor.exact.declare import allowed_contracts
from advisor.exact.game import GameObjective, dominant_discards
from advisor.game.position import Position
from advisor.game.solver import declarer_tricks
from advisor.points import TRICKS, Whist
from advisor.solver import split_hands
from advisor.splits import sample_ranks
from advisor.whist.declaring import Declared, ModelName, likeliest_first

VIEW_SPLITS = 6
"""Splits of the defenders' cards the declarer's choice is valued on (as close to ``advisor
declare`` as 8 were, a quarter cheaper: see the module)."""

VIEW_TRUMPS = 4
"""Trumps among his twelve cards below which the declarer does not consider a suit contract
other than his bid's (a rule of thumb, not a bound: measured, it changed the answer on 2 of 240
hands against ``advisor declare``, and none of the bids named; it saves a sixth of the work)."""

DEEPER_STEPS = 2
"""Times the cheap question is asked again, a trick lower, before a choice is solved."""

VIEW_DISCARDS: int | None = 1
"""Discards tried a strain, the likeliest first (None: every one worth playing); the
likeliest: :func:`advisor.whist.declaring.likeliest_first`."""


class ViewAnswer(NamedTuple):
    """The declarer's choice: his discard, the contract he names and its value (mean points)."""

    discards: CardSet
    contract: Contract
    value: float


@dataclass
class _Choice:
    """A discard and a strain: bounds on the declarer's tricks in each split, and on each of
    its contracts' values (the values themselves once solved)."""

    discards: CardSet
    order: int
    strain: Strain
    contracts: tuple[Contract, ...]
    rows: list[list[tuple[float, ...]]]
    """Each contract's points, split by split, by the declarer's tricks."""
    low: list[int]
    high: list[int]
    uppers: list[float] = field(default_factory=list)
    solved: bool = False
    steps: int = 0

    def bound(self) -> None:
        """Each contract's value where the declarer takes ``high`` tricks: its most (points
        never fall with more tricks), its value once ``low`` meets ``high``."""
        count = len(self.high)
        self.uppers = [
            sum(row[t] for row, t in zip(rows, self.high, strict=True)) / count
            for rows in self.rows
        ]  # fmt: skip

    @property
    def upper(self) -> float:
        return max(self.uppers)

    @property
    def best(self) -> tuple[float, int]:
        """A solved choice's best value and its contract's index (ties: the lower)."""
        index = max(range(len(self.uppers)), key=lambda i: (self.uppers[i], -i))
        return self.uppers[index], index


class _Hand:
    """One twelve-card hand seen by the declarer: the splits and their defence's decisions."""

    def __init__(
        self,
        objective: GameObjective,
        twelve: CardSet,
        ranks: array[int],
        tables: Callable[[Contract], dict[Whist, tuple[float, ...]]],
    ) -> None:
        self.objective, self.twelve, self.ranks, self.tables = objective, twelve, ranks, tables
        self.pool = twelve.complement()
        self.lefts = split_hands(self.pool, ranks)
        self.rights = rest_of(self.pool.mask, self.lefts)
        self._rows: dict[int, list[tuple[float, ...]]] = {}
        self._folk: dict[Strain, tuple[bytes, bytes]] = {}

    def choice(self, discards: CardSet, order: int, strain: Strain,
               contracts: tuple[Contract, ...]) -> _Choice:  # fmt: skip
        count = len(self.ranks)
        rows = [self.rows(contract) for contract in contracts]
        found = _Choice(discards, order, strain, contracts, rows, [0] * count, [TRICKS] * count)
        found.bound()
        return found

    def rows(self, contract: Contract) -> list[tuple[float, ...]]:
        """The declarer's points in ``contract`` by his tricks, split by split (the defence's
        decision in each split is the convention's whist model, as ``declare`` reads it)."""
        key = contract.order
        if key not in self._rows:
            convention = self.objective.convention
            table = self.tables(contract)
            lefts, rights = self._counts(contract)
            found = decisions_of_counts(
                convention.whist_model, contract, lefts, rights, convention.ten
            )
            rows = [table[whist] for whist in WHISTS]
            self._rows[key] = [rows[number] for number in found]
        return self._rows[key]

    def _counts(self, contract: Contract) -> tuple[bytes, bytes]:
        """L's and R's folk counts against ``contract`` split by split: counted once a strain
        (every level's rows read them)."""
        strain = contract.strain
        if strain not in self._folk:
            lefts, rights = self.lefts, self.rights
            self._folk[strain] = folk_counts(lefts, contract), folk_counts(rights, contract)
        return self._folk[strain]

    def ask(self, choice: _Choice) -> None:
        """The cheap question at the lowest level the choice may name."""
        self._ask(choice, range(len(self.ranks)), choice.contracts[0].level)

    def deepen(self, choice: _Choice, below: float) -> bool:
        """The cheap question one trick lower where the choice failed (a question far from the
        true count is cheap, and it bounds a hopeless choice low); False when there is none
        left to ask (:data:`DEEPER_STEPS` asked, no failure left open) or when no answer could
        bring the bound of its best contract to ``below`` (the failures taking no trick)."""
        failed = [i for i in range(len(self.ranks)) if choice.low[i] == 0 < choice.high[i]]
        if choice.steps >= DEEPER_STEPS or not failed or _floor(choice) > below:
            return False
        by_level: dict[int, list[int]] = {}
        for i in failed:
            by_level.setdefault(choice.high[i], []).append(i)
        for level, splits in sorted(by_level.items()):
            self._ask(choice, splits, level)
        choice.steps += 1
        return True

    def _ask(self, choice: _Choice, splits: Sequence[int], level: int) -> None:
        hand = self.twelve - choice.discards
        ranks = array("I", (self.ranks[i] for i in splits))
        made = self.objective.makes(hand, self.pool, choice.strain, ranks, level)
        for i, answer in zip(splits, made, strict=True):
            if answer:
                choice.low[i] = level
            else:
                choice.high[i] = level - 1
        choice.bound()

    def solve(self, choice: _Choice) -> None:
        """The exact tricks where they are not known yet: every contract's value."""
        unknown = [i for i in range(len(self.ranks)) if choice.low[i] != choice.high[i]]
        if unknown:
            ranks = array("I", (self.ranks[i] for i in unknown))
            hand = self.twelve - choice.discards
            found = self.objective.tricks(hand, self.pool, choice.strain, ranks)
            for i, tricks in zip(unknown, found, strict=True):
                choice.low[i] = choice.high[i] = tricks
            choice.bound()
        choice.solved = True


def plausible(twelve: CardSet, strain: Strain) -> bool:
    """Whether the declarer considers naming ``strain`` with ``twelve``: no-trump, or a suit of
    which he holds :data:`VIEW_TRUMPS` cards at least (the bid's own strain always)."""
    suit = strain.suit
    return suit is None or (twelve.mask >> (8 * int(suit)) & 0xFF).bit_count() >= VIEW_TRUMPS


def _floor(choice: _Choice) -> float:
    """The least the bound of the choice's best contract can come to by asking lower where it
    failed: those splits at no trick, the others as they are bounded."""
    count = len(choice.high)
    tricks = [0 if low == 0 else high for low, high in zip(choice.low, choice.high, strict=True)]
    return max(
        sum(row[t] for row, t in zip(rows, tricks, strict=True)) / count for rows in choice.rows
    )


def _rank(choice: _Choice) -> tuple[float, int, int]:
    """The order of solved choices, best last: the value, then the lower contract, then the
    discard listed first."""
    value, index = choice.best
    return value, -choice.contracts[index].order, -choice.order


class DeclarerView:
    """The declarer's answer from his twelve cards (see the module): discards, contracts and
    giving up valued on the same :data:`VIEW_SPLITS` splits for every hand."""

    def __init__(
        self, objective: GameObjective, ranks: array[int], discards: int | None = VIEW_DISCARDS
    ) -> None:
        self.objective, self.ranks, self.discards = objective, ranks, discards
        self._given_up: dict[Contract, float] = {}
        self._tables: dict[Contract, dict[Whist, tuple[float, ...]]] = {}

    @classmethod
    def drawn(
        cls,
        objective: GameObjective,
        seed: int,
        splits: int = VIEW_SPLITS,
        discards: int | None = VIEW_DISCARDS,
    ) -> DeclarerView:
        """The view on ``splits`` split numbers drawn with ``seed``."""
        return cls(objective, sample_ranks(splits, seed), discards)

    def _table(self, contract: Contract) -> dict[Whist, tuple[float, ...]]:
        """The declarer's points in ``contract`` by the defence's decision, then his tricks
        (the objective's table, kept at hand: every hand reads it)."""
        if contract not in self._tables:
            self._tables[contract] = dict(zip(WHISTS, self.objective.table(contract), strict=True))
        return self._tables[contract]

    def _give_up(self, contract: Contract) -> float:
        if contract not in self._given_up:
            self._given_up[contract] = self.objective.give_up(contract)
        return self._given_up[contract]

    def _choices(
        self, hand: _Hand, every: list[CardSet], contracts: tuple[Contract, ...], strain: Strain
    ) -> list[_Choice]:
        """The choices of ``strain`` (none when the bid allows none of its contracts): the
        discards tried, in ``every``'s order (ties go to the first)."""
        mine = tuple(c for c in contracts if c.strain is strain)
        if not mine:
            return []
        tried = every
        if self.discards is not None:
            tried = sorted(
                likeliest_first(hand.twelve, every, strain.suit)[: self.discards], key=every.index
            )
        return [hand.choice(discards, order, strain, mine) for order, discards in enumerate(tried)]

    def answer(self, twelve: CardSet, bid: Bid) -> ViewAnswer | None:
        """What the declarer names after winning the auction with ``bid`` (pass: any game);
        None when he gives up."""
        return self._search(twelve, bid, None)

    def names(self, twelve: CardSet, contract: Contract) -> ViewAnswer | None:
        """His answer when ``contract`` is the lowest he may name (his bid), if it is
        ``contract`` itself; else None (he names another, or gives up): asked so, a hand that
        cannot name it is rejected early, on the cheap question's bounds."""
        return self._search(twelve, Bid.game(contract), contract)

    def _search(self, twelve: CardSet, bid: Bid, target: Contract | None) -> ViewAnswer | None:
        hand = _Hand(self.objective, twelve, self.ranks, self._table)
        contracts = allowed_contracts(bid)
        give_up = self._give_up(contracts[0])
        every = dominant_discards(twelve)
        first = None if target is None else target.strain
        bidden = None if bid.contract is None else bid.contract.strain  # always considered
        targets = [] if first is None else self._choices(hand, every, contracts, first)
        for choice in targets:
            hand.ask(choice)
        while targets and _most(targets) > give_up:
            if not any(hand.deepen(c, give_up) for c in targets if c.uppers[0] > give_up):
                break
        if targets and _most(targets) <= give_up:
            return None  # he would rather give up than play the target
        for choice in targets:  # solved first: often a higher level of it is better
            hand.solve(choice)
        best = max(targets, key=_rank, default=None)
        if best is not None and best.contracts[best.best[1]] != target:
            return None
        choices = list(targets)
        for strain in Strain:
            if strain is not first and (strain is bidden or plausible(twelve, strain)):
                for choice in self._choices(hand, every, contracts, strain):
                    hand.ask(choice)
                    choices.append(choice)
        while True:
            found = max((c for c in choices if c.solved), key=_rank, default=None)
            value = give_up if found is None else max(give_up, found.best[0])
            if (
                target is not None
                and found is not None
                and found.contracts[found.best[1]] != target
                and found.best[0] > _most(targets)
            ):
                return None  # something else is better than the target can be
            open_ = [c for c in choices if not c.solved and c.upper > give_up and c.upper >= value]
            if not open_:
                break
            top = max(open_, key=lambda c: (c.upper, -c.order))
            if not hand.deepen(top, value):
                hand.solve(top)
        if found is None or found.best[0] <= give_up:
            return None
        value, index = found.best
        answer = ViewAnswer(found.discards, found.contracts[index], value)
        return answer if target is None or answer.contract == target else None


def _most(targets: list[_Choice]) -> float:
    """The most the target contract's value can be (the first contract of each choice)."""
    return max(choice.uppers[0] for choice in targets)


class ViewDeclare:
    """``advisor whist``'s declare model: a layout is kept when the declarer, seeing his
    twelve cards only, names the contract (:meth:`DeclarerView.names`: with it as his bid, he
    names it rather than a higher contract or giving up); he plays it with the discard he
    chose so, his double-dummy tricks on the layout."""

    name = ModelName.DECLARER_VIEW

    def __init__(self, view: DeclarerView, contract: Contract) -> None:
        self.view, self.contract = view, contract

    @property
    def splits(self) -> int:
        return len(self.view.ranks)

    @property
    def discards(self) -> int | None:
        return self.view.discards

    def declared(self, twelve: CardSet, left: CardSet, right: CardSet) -> Declared | None:
        found = self.view.names(twelve, self.contract)
        if found is None:
            return None
        leader = self.view.objective.leader
        hands = (twelve - found.discards, left, right)
        return Declared(
            found.discards, declarer_tricks(Position(hands, self.contract.trump, leader))
        )
