"""The layouts a defender's view allows, kept when the declarer could have named the contract.

The cards the defender does not see (:attr:`WhistProblem.unseen`) are split between the
declarer's ten as dealt and the partner's ten, every split equally likely: numbered as
:mod:`advisor.splits` numbers them (the declarer's share as the rank-th subset in colex
order), drawn as uniform numbers from a PRNG seeded with the command's seed, or every one.
The declare model (:mod:`advisor.whist.declaring`, :mod:`advisor.whist.view`) keeps a split
when the declarer, holding those ten and the talon, would have named the contract, and gives
his double-dummy tricks after his discard. The work is cut into pieces solved in threads (the
searches let go of the GIL); the kept layouts come back in the order drawn, so the answer is
the same for every number of threads.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.cards import HAND_SIZE, CardSet
from advisor.game.solver import stop_searches
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, in_order, runs
from advisor.seats import Seat
from advisor.whist.declaring import DeclareModel
from advisor.whist.problem import WhistProblem

MAX_PIECE = 32  # layouts a piece of work at most (a few milliseconds each: a bar that moves)


@dataclass(frozen=True)
class Layouts:
    """The layouts kept: the declarer's tricks and the partner's cards of each, in the order
    drawn, and how many splits were drawn (all of them when ``exact``)."""

    drawn: int
    exact: bool
    tricks: bytes
    partners: array[int]

    @property
    def kept(self) -> int:
        return len(self.tricks)


def split_count(problem: WhistProblem) -> int:
    """How many splits the defender's view allows."""
    return math.comb(len(problem.unseen), _declarer_share(problem))


DRAWS_PER_SAMPLE = 5
"""Splits drawn at most per layout asked for, in search of those on which the declarer could
have named the contract."""


def layouts_for(
    problem: WhistProblem,
    model: DeclareModel,
    samples: int | None,
    seed: int,
    *,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> Layouts:
    """``samples`` kept layouts, from uniform split numbers seeded with ``seed`` (repeats
    allowed), drawn in rounds until there are enough or :data:`DRAWS_PER_SAMPLE` a layout
    were drawn (the first ``samples`` kept, in the order drawn); or every split kept when
    ``samples`` is None."""
    total = split_count(problem)
    if samples is None:
        found = kept_layouts(problem, model, range(total), jobs=jobs, progress=progress)
        return Layouts(found.drawn, True, found.tricks, found.partners)
    rng = random.Random(seed)
    most = DRAWS_PER_SAMPLE * samples
    tricks, partners, drawn = b"", array("I"), 0
    while len(tricks) < samples and drawn < most:
        wanted = samples - len(tricks)
        size = min(most - drawn, max(wanted, 2 * wanted * max(1, drawn) // max(1, len(tricks))))
        ranks = array("Q", (rng.randrange(total) for _ in range(size)))

        found = kept_layouts(
            problem, model, ranks, jobs=jobs, progress=_shifted(progress, drawn, most)
        )
        tricks += found.tricks
        partners.extend(found.partners)
        drawn += size
    if len(tricks) > samples:  # the draws after the last layout asked for are not counted
        tricks, partners = tricks[:samples], partners[:samples]
    return Layouts(drawn, False, tricks, partners)


def kept_layouts(
    problem: WhistProblem,
    model: DeclareModel,
    ranks: Sequence[int],
    *,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> Layouts:
    """The splits numbered ``ranks`` on which ``model`` says the declarer named the contract."""
    pool = [card.index for card in problem.unseen]
    share = _declarer_share(problem)
    size = max(1, min(MAX_PIECE, math.ceil(len(ranks) / (CHUNKS_PER_JOB * jobs))))
    spans = runs(len(ranks), size)

    def work(span: range) -> tuple[bytes, array[int]]:
        tricks, partners = bytearray(), array("I")
        for rank in ranks[span.start : span.stop]:
            dealt = _subset_of_rank(pool, share, rank)
            found = _declared(problem, model, dealt)
            if found is not None:
                tricks.append(found[0])
                partners.append(found[1])
        return bytes(tricks), partners

    tricks, partners = bytearray(), array("I")
    pieces = in_order(work, spans, jobs, stop_searches)
    for span, (piece, hands) in zip(spans, pieces, strict=True):
        tricks += piece
        partners.extend(hands)
        if progress is not None:
            progress(span.stop, len(ranks))
    return Layouts(len(ranks), False, bytes(tricks), partners)


def _shifted(progress: ProgressCallback | None, before: int, most: int) -> ProgressCallback | None:
    """A round's progress as the draws' progress (of ``most`` at most)."""
    if progress is None:
        return None
    told = progress
    return lambda done, of: told(before + done, most)


def _declared(problem: WhistProblem, model: DeclareModel, dealt: int) -> tuple[int, int] | None:
    """The declarer's tricks and the partner's cards when the declarer holds ``dealt`` (the
    unseen cards he was dealt) and could have named the contract; else None."""
    declarer = CardSet(dealt) | problem.known.declarer
    partner = problem.unseen - CardSet(dealt) | problem.known.partner
    twelve = declarer | problem.talon
    hand = problem.hand
    left, right = (hand, partner) if problem.defender is Seat.L else (partner, hand)
    found = model.declared(twelve, left, right)
    return None if found is None else (found.tricks, partner.mask)


def _declarer_share(problem: WhistProblem) -> int:
    return HAND_SIZE - len(problem.known.declarer)


def _subset_of_rank(cards: Sequence[int], size: int, rank: int) -> int:
    """The mask of the rank-th ``size``-card subset of ``cards`` in colex order (as
    :func:`advisor.splits.left_hand_of_rank`, for a pool of any size)."""
    mask, top = 0, len(cards)
    for chosen in range(size, 0, -1):
        position = chosen - 1
        while position + 1 < top and math.comb(position + 1, chosen) <= rank:
            position += 1
        rank -= math.comb(position, chosen)
        mask |= 1 << cards[position]
        top = position
    return mask
