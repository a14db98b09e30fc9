"""The ways of the catchers' 20 cards into two hands of ten, numbered and drawn: one home for
every stream of splits the analyses use.

A split is numbered by its *rank*: L's ten cards as the rank-th ten-card subset of the 20 in
colexicographic order, the order the compiled solver walks them in
(:func:`advisor.solver.split_hands` turns ranks into hands). A uniform split is a uniform rank,
and drawing ranks is ten times faster than drawing cards, so the samples of ``advisor solve``,
``advisor discard --exact`` and ``advisor lead`` are one stream of ranks from a PRNG seeded
with the command's seed (:func:`drawn_ranks`; its first ``n`` are :func:`sample_ranks`).

Two other streams live here too, each kept because figures already published come from it:
the calibration of a holding's catch chance draws cards (:func:`drawn_lefts`, the stream the
exact table's figures were drawn from), and the exact odds of a hand draw a talon's splits by
rejection (:class:`advisor.exact.deals.SplitSampler`, a stream a talon, which leaves the
talon's two cards out without numbering the 20 left).
"""

from __future__ import annotations

import itertools
import math
import random
from array import array
from collections.abc import Iterator, Sequence

from advisor.cards import HAND_SIZE, CardSet

EXACT_LAYOUTS = math.comb(2 * HAND_SIZE, HAND_SIZE)  # 184,756
DRAW_BLOCK = 4096  # split numbers drawn at a time


def sample_ranks(samples: int, seed: int) -> array[int]:
    """``samples`` uniform split numbers from a PRNG seeded with ``seed``."""
    rng = random.Random(seed)
    return array("I", (rng.randrange(EXACT_LAYOUTS) for _ in range(samples)))


def sampled_or_every(samples: int | None) -> int | None:
    """The layouts a count of ``samples`` asks for: None (every split, in order) when it is
    None or reaches :data:`EXACT_LAYOUTS`, as every layout once is exact and no dearer than
    that many drawn with repeats."""
    return None if samples is None or samples >= EXACT_LAYOUTS else samples


def drawn_ranks(seed: int) -> Iterator[array[int]]:
    """The stream of :func:`sample_ranks`, :data:`DRAW_BLOCK` at a time and without end (its
    first ``n`` are ``sample_ranks(n, seed)``)."""
    rng = random.Random(seed)
    while True:
        yield array("I", (rng.randrange(EXACT_LAYOUTS) for _ in range(DRAW_BLOCK)))


def rank_blocks(samples: int | None, seed: int) -> Iterator[array[int]]:
    """``sample_ranks(samples, seed)`` a block at a time (no array of every rank held), or
    every split number when ``samples`` is None."""
    if samples is None:
        yield from every_rank()
        return
    left = samples
    for block in drawn_ranks(seed):
        yield block[:left]
        left -= len(block)
        if left <= 0:
            return


def every_rank() -> Iterator[array[int]]:
    """Every split number in order, :data:`DRAW_BLOCK` at a time."""
    for start in range(0, EXACT_LAYOUTS, DRAW_BLOCK):
        yield array("I", range(start, min(EXACT_LAYOUTS, start + DRAW_BLOCK)))


def left_hand_of_rank(pool: CardSet, rank: int) -> CardSet:
    """L's hand in the split of ``pool`` (20 cards) numbered ``rank``: the rank-th ten-card
    subset of the pool in colexicographic order, as the compiled enumeration walks them."""
    cards = [card.index for card in pool]
    if len(cards) != 2 * HAND_SIZE or not 0 <= rank < EXACT_LAYOUTS:
        raise ValueError(f"rank {rank} of a pool of {len(cards)} cards")
    return CardSet(subset_of_rank(cards, HAND_SIZE, rank))


def subset_of_rank(cards: Sequence[int], size: int, rank: int) -> int:
    """The mask of the rank-th ``size``-card subset of ``cards`` (card indexes, in order) in
    colexicographic order, for a pool of any size."""
    mask, top = 0, len(cards)
    for chosen in range(size, 0, -1):
        position = chosen - 1
        while position + 1 < top and math.comb(position + 1, chosen) <= rank:
            position += 1
        rank -= math.comb(position, chosen)
        mask |= 1 << cards[position]
        top = position
    return mask


def drawn_lefts(pool: CardSet, count: int | None, seed: str) -> array[int]:
    """L's hands (card masks) of ``count`` uniform splits of ``pool``, ten of its cards drawn
    from a PRNG seeded with ``seed``; every split (in lexicographic order) when ``count`` is
    None. The calibration's stream."""
    bits = [1 << card.index for card in pool]
    if count is None:
        return array("I", map(sum, itertools.combinations(bits, HAND_SIZE)))
    rng = random.Random(seed)
    return array("I", (sum(rng.sample(bits, HAND_SIZE)) for _ in range(count)))
