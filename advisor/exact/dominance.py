"""Which of a twelve-card hand's 66 discards are one to the play, and which keeps lower cards
than which: what one discard's catch on a layout says of the others (:class:`Discards`), and
the screen that asks the solver only what it does not say (:class:`Catches`).

- **Touching cards are one card.** The catchers hold every card the twelve do not, so two
  cards of M's in one suit with no card between them that M lacks (``♠8 9``) are the same card
  to the play: the discards that differ only by which of them goes are one discard, solved
  once (the first in the table's order stands for the others; ``Discards.key``).
- **Lower cards are never caught more often.** Keeping the lower of two cards of a suit (and
  throwing the higher) is never caught where keeping the higher is clean: M can play the lower
  card wherever he would have played the higher, and while he takes no trick the play is the
  same. So when a discard is caught on a layout, every discard that keeps higher cards in the
  same suits is caught there too, and when one is clean, every discard keeping lower cards is
  clean: those answers need no search (:class:`Discards`). The trick count is *not* monotone
  this way (once M is caught the lead passes differently), so only catches are inferred.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache

from advisor.cards import WITH_TALON, CardSet
from advisor.exact.objective import Objective
from advisor.seats import Seat
from advisor.solver import GAVE_UP


class Discards:
    """The 66 discards of twelve cards, numbered by the positions of their two cards among the
    twelve (sorted by suit, then rank), with the order "is never worse" between them, for
    ``objective``.

    Discard ``x`` keeps lower cards than ``y`` when their cards come from the same suits and
    each of ``x``'s is at least as high as ``y``'s in its suit: ``x``'s kept hand is ``y``'s
    with cards swapped for lower ones of their suits. Where keeping the lower card is never
    worse (:attr:`~advisor.exact.objective.Objective.keeps_lower`: misère), ``x`` is *below*
    ``y``; otherwise ``y`` is below ``x``. A failure of the discard below on a layout is then a
    failure of the one above; the one above made means the one below made.
    """

    def __init__(self, twelve: CardSet, objective: Objective) -> None:
        cards = [index for index in range(32) if twelve.mask >> index & 1]  # no Card objects
        if len(cards) != WITH_TALON:
            raise ValueError(f"{len(cards)} cards, not twelve")
        self.cards = twelve
        self.masks = [1 << cards[i] | 1 << cards[j] for i, j in _POSITION_PAIRS]
        self.number = {mask: number for number, mask in enumerate(self.masks)}
        self.objective = objective
        lower, higher = _dominance(tuple(card >> 3 for card in cards))
        self.below, self.above = (lower, higher) if objective.keeps_lower else (higher, lower)
        """For each discard, the bit sets of those never worse than it (itself included) and
        of those it is never worse than."""
        run = _runs(cards)
        self.key = [(run[i], run[j]) for i, j in _POSITION_PAIRS]
        """Discards with one key are the same discard to the play: they differ only by which
        of two touching cards (a run of ranks of one suit, all M's) goes."""
        members: dict[tuple[int, int], int] = {}
        for number, key in enumerate(self.key):
            members[key] = members.get(key, 0) | 1 << number
        self.alike = [members[key] for key in self.key]
        """The bit set of the discards with the same key (itself included)."""
        patterns = _patterns(tuple(card >> 3 for card in cards))
        self.patterns = patterns if objective.keeps_lower else tuple(p[::-1] for p in patterns)
        """The discards of each pair of suits, the safest first: the first is below every
        other one of its pair (in misère, it throws the highest cards of those suits)."""


_POSITION_PAIRS = tuple((i, j) for i in range(WITH_TALON) for j in range(i + 1, WITH_TALON))


def _runs(cards: Sequence[int]) -> list[int]:
    """For each of the (sorted) card indexes, the number of its run: the cards of one suit
    with consecutive ranks."""
    runs = [0] * len(cards)
    for position in range(1, len(cards)):
        touching = cards[position] == cards[position - 1] + 1 and cards[position] & 7
        runs[position] = runs[position - 1] + (0 if touching else 1)
    return runs


@lru_cache(maxsize=512)
def _patterns(suits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The discards (by :data:`_POSITION_PAIRS`) of twelve cards whose suits are ``suits``,
    grouped by the suits of their two cards, each group lowest-keeping first (by the positions
    of its cards, highest first)."""
    groups: dict[tuple[int, int], list[int]] = {}
    for number, (i, j) in enumerate(_POSITION_PAIRS):
        groups.setdefault((suits[i], suits[j]), []).append(number)
    return tuple(
        tuple(sorted(members, key=lambda n: -sum(_POSITION_PAIRS[n])))
        for members in groups.values()
    )


@lru_cache(maxsize=512)
def _dominance(suits: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each discard (by :data:`_POSITION_PAIRS`) of twelve cards whose suits are ``suits``:
    the bit set of the discards below it (keeping lower cards, itself included) and of those
    above it. It depends on the suits' lengths only, a few hundred shapes."""
    pairs = _POSITION_PAIRS
    below = [0] * len(pairs)
    above = [0] * len(pairs)
    for x, (i1, j1) in enumerate(pairs):
        for y, (i2, j2) in enumerate(pairs):
            same_suits = suits[i1] == suits[i2] and suits[j1] == suits[j2]
            if same_suits and i1 >= i2 and j1 >= j2:  # x throws higher cards: x is below y
                below[y] |= 1 << x
                above[x] |= 1 << y
    return tuple(below), tuple(above)


class Catches:
    """What is known of which discards are caught on each layout (bit sets by discard number),
    so that :class:`Discards`'s order answers without a search where it can; and how often
    each layout has caught a discard so far, to ask the likeliest catches first."""

    def __init__(self, discards: Discards, layouts: int) -> None:
        self.discards = discards
        self.caught = [0] * layouts
        self.clean = [0] * layouts
        self.catches = [0] * layouts

    def extend(self, layouts: int) -> None:
        """Room for ``layouts`` more layouts, nothing known of them yet."""
        self.caught += [0] * layouts
        self.clean += [0] * layouts
        self.catches += [0] * layouts

    def screen(
        self,
        number: int,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        limit: int | None = None,
        budget: int | None = None,
        start: int = 0,
        end: int | None = None,
    ) -> tuple[list[int], list[int]] | None:
        """The layouts (their indexes, from ``start`` up to ``end``) where discard ``number`` is
        caught,
        and those the node ``budget`` left open; None as soon as ``limit`` are caught (its
        bound is then no longer good enough). With a limit, the layouts that caught most
        discards so far are asked first: a catch is quick to find and a clean layout slow to
        prove, so the limit is reached after fewer proofs (and with a budget, fewer still are
        finished)."""
        below, above = self.discards.below[number], self.discards.above[number]
        caught, unknown = [], []
        for index in range(start, len(self.caught) if end is None else end):
            caught_here, clean_here = self.caught[index], self.clean[index]
            if caught_here & below:
                caught.append(index)
            elif not clean_here & above:
                unknown.append(index)
        if limit is not None:
            if len(caught) >= limit:
                return None
            unknown.sort(key=self.catches.__getitem__, reverse=True)
        if not unknown:  # every answer inferred
            return None if limit is not None and len(caught) >= limit else (caught, [])
        stop = None if limit is None else limit - len(caught)
        asked = array("I", (layouts[index] for index in unknown))
        answers = self.discards.objective.short(
            hand, pool, seat, asked, cap=1, stop=stop, budget=budget
        )
        alike = self.discards.alike[number]
        left = []
        for index, answer in zip(unknown, answers, strict=False):
            if answer == GAVE_UP:
                left.append(index)
            elif answer:
                caught.append(index)
                self.caught[index] |= alike
                self.catches[index] += 1
            else:
                self.clean[index] |= alike
        if len(answers) < len(unknown) or (limit is not None and len(caught) >= limit):
            return None
        return sorted(caught), left
