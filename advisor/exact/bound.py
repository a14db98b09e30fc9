"""A bound on what any discard of a talon can score (``check --exact``'s first look,
:class:`TalonBound`): the catches of the discards that keep the lowest cards, lowered by
proving second and third tricks where the bound is highest."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from advisor.cards import CardSet
from advisor.exact.dominance import Catches, Discards
from advisor.exact.objective import Objective
from advisor.seats import Seat

REFINE_BUDGET = 2000
"""Search nodes a bound spends on one more trick of a layout (a catch usually takes a few
hundred, a second or third trick a thousand or two)."""
REFINE_CAP = 4
"""Bounds prove at most this many tricks on a layout: past it, a proof takes long and the
bound has long said what it can."""


class DiscardBound:
    """One discard's bound on its total score over a talon's layouts: +10 for each layout not
    proven caught, -10 for each trick proven on the others; lowered by :meth:`refine`."""

    def __init__(
        self,
        objective: Objective,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        caught: list[int],
    ) -> None:
        self.objective, self.scoring = objective, objective.scoring
        self.hand, self.pool, self.seat, self.layouts = hand, pool, seat, layouts
        self.least = dict.fromkeys(caught, 1)  # the tricks proven so far, by layout
        self.open = set(caught)  # the caught layouts where one more trick may yet be proven
        self.bound = self.scoring.catch_bound(len(layouts), len(caught))

    def refine(self, budget: int | None = REFINE_BUDGET) -> bool:
        """Try to prove one more trick on the open layouts with the fewest proven (each within
        ``budget`` nodes): the bound falls by 10 for each one proven. False when no layout is
        left to try."""
        if not self.open:
            return False
        fewest = min(self.least[index] for index in self.open)
        asked = [index for index in self.open if self.least[index] == fewest]
        masks = array("I", (self.layouts[index] for index in asked))
        answers = self.objective.short(
            self.hand, self.pool, self.seat, masks, cap=fewest + 1, budget=budget
        )
        for index, answer in zip(asked, answers, strict=True):
            if answer == fewest + 1:
                self.least[index] = answer
                self.bound -= self.scoring.per_trick
            if answer != fewest + 1 or answer == REFINE_CAP:
                self.open.discard(index)  # settled, or too costly to go on
        return True


class TalonBound:
    """A bound on the total score, over one talon's layouts, of whichever of the allowed
    discards of ``discards``' twelve cards M throws away: the highest of theirs
    (:class:`DiscardBound`); and the fewest layouts any of them is caught on.

    All 66 allowed (``candidates`` None): each pair of suits has one discard below all the
    others of the pair (:attr:`Discards.patterns`), caught wherever any of them is clean, so
    the fewest catches are among those few, and the others are screened only when that
    discard's bound is lowered (:meth:`refine`). A few candidates are screened each. Catches
    are looked for within the objective's ``screen_budget`` nodes a layout, and a layout left
    open counts as clean: the figures are true bounds, never too low."""

    def __init__(
        self,
        discards: Discards,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        candidates: Iterable[CardSet] | None = None,
    ) -> None:
        self.discards, self.pool, self.seat, self.layouts = discards, pool, seat, layouts
        self.catches = Catches(discards, len(layouts))
        if candidates is None:
            self.groups = [_Group(self, members) for members in discards.patterns]
        else:
            self.groups = [_Group(self, (discards.number[c.mask],)) for c in candidates]
        for group in self.groups:
            group.start()
            if not group.parts[0].least:  # caught nowhere: the bound is the most it can be
                break

    @property
    def least_caught(self) -> int:
        return min(len(group.parts[0].least) for group in self.groups if group.parts)

    @property
    def bound(self) -> int:
        return max(group.bound for group in self.groups if group.parts)

    def refine(self) -> bool:
        """Lower the bound of the discards at the top by a step; False when it can go no
        lower (the talon's bound is then final)."""
        top = max((group for group in self.groups if group.parts), key=lambda g: g.bound)
        return top.refine()

    def part(self, number: int) -> DiscardBound:
        """Discard ``number`` screened for catches (what the others told is used)."""
        hand = self.discards.cards - CardSet(self.discards.masks[number])
        found = self.catches.screen(
            number,
            hand,
            self.pool,
            self.seat,
            self.layouts,
            budget=self.discards.objective.screen_budget,
        )
        assert found is not None, "a screen without a limit always ends"
        return DiscardBound(
            self.discards.objective, hand, self.pool, self.seat, self.layouts, found[0]
        )


class _Group:
    """The allowed discards of one pair of suits, lowest-keeping first, of a
    :class:`TalonBound`: only the first is screened until the group is :meth:`refine`-d."""

    def __init__(self, talon: TalonBound, members: Sequence[int]) -> None:
        seen: set[tuple[int, int]] = set()
        self.members = []
        for number in members:  # one of each set of discards the same to the play
            if talon.discards.key[number] not in seen:
                seen.add(talon.discards.key[number])
                self.members.append(number)
        self.talon = talon
        self.parts: list[DiscardBound] = []

    def start(self) -> None:
        self.parts = [self.talon.part(self.members[0])]

    @property
    def whole(self) -> bool:
        return len(self.parts) == len(self.members)

    @property
    def bound(self) -> int:
        """The most any of the group can score: the others are caught at least wherever the
        first is, until they are screened themselves."""
        if self.whole:
            return max(part.bound for part in self.parts)
        first = self.parts[0]
        return first.scoring.catch_bound(len(first.layouts), len(first.least))

    def refine(self) -> bool:
        if not self.parts[0].least:  # the first is caught nowhere: nothing lowers it
            return False
        if not self.whole:
            self.parts += [self.talon.part(number) for number in self.members[1:]]
            return True
        return max(self.parts, key=lambda part: part.bound).refine()
