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

import contextlib
import math
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.cards import HAND_SIZE, CardSet
from advisor.game.solver import stop_searches
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, in_order, runs
from advisor.seats import Seat
from advisor.splits import subset_of_rank
from advisor.whist.declaring import DeclareModel
from advisor.whist.problem import WhistProblem

MAX_PIECE = 32  # layouts a piece of work at most (a few milliseconds each: a bar that moves)
MAX_ROUND_PIECE = 8  # at most, when the layouts are looked at until there are enough: the
# pieces begun ahead in other threads when there are (up to two a thread) are work lost


@dataclass(frozen=True)
class Layouts:
    """The layouts kept: the declarer's tricks, the partner's cards and the declarer's ten
    after his discard of each, in the order drawn, and how many splits were drawn (all of them
    when ``exact``)."""

    drawn: int
    exact: bool
    tricks: bytes
    partners: array[int]
    declarers: array[int]

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
    allowed), looked at in the order drawn until there are enough or :data:`DRAWS_PER_SAMPLE`
    a layout were looked at (``drawn``: up to the last one kept, or all of them); or every
    split kept when ``samples`` is None."""
    total = split_count(problem)
    if samples is None:
        found = kept_layouts(problem, model, range(total), jobs=jobs, progress=progress)
        return Layouts(found.drawn, True, found.tricks, found.partners, found.declarers)
    rng = random.Random(seed)
    ranks = array("Q", (rng.randrange(total) for _ in range(DRAWS_PER_SAMPLE * samples)))
    return kept_layouts(problem, model, ranks, jobs=jobs, progress=progress, enough=samples)


def kept_layouts(
    problem: WhistProblem,
    model: DeclareModel,
    ranks: Sequence[int],
    *,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    enough: int | None = None,
) -> Layouts:
    """The splits numbered ``ranks`` on which ``model`` says the declarer named the contract,
    looked at in order until ``enough`` are kept (None: all of them); ``drawn`` counts those
    looked at, up to the last one kept when there are enough (the same for every ``jobs``:
    the pieces worked out beyond it in other threads are stopped and not counted)."""
    pool = [card.index for card in problem.unseen]
    share = _declarer_share(problem)
    largest = MAX_PIECE if enough is None else MAX_ROUND_PIECE
    size = max(1, min(largest, math.ceil(len(ranks) / (CHUNKS_PER_JOB * jobs))))
    spans = runs(len(ranks), size)

    def work(span: range) -> list[tuple[int, int, int, int]]:
        found = []
        for index in span:
            dealt = subset_of_rank(pool, share, ranks[index])
            declared = _declared(problem, model, dealt)
            if declared is not None:
                found.append((index, *declared))
        return found

    tricks, partners, declarers, drawn = bytearray(), array("I"), array("I"), len(ranks)
    with contextlib.closing(in_order(work, spans, jobs, stop_searches)) as pieces:
        for span, piece in zip(spans, pieces, strict=False):
            for index, taken, partner, kept in piece[
                : None if enough is None else enough - len(tricks)
            ]:
                tricks.append(taken)
                partners.append(partner)
                declarers.append(kept)
                drawn = index + 1
            if progress is not None:
                progress(span.stop, len(ranks))
            if enough is not None and len(tricks) == enough:
                break
        else:
            drawn = len(ranks)
    return Layouts(drawn, False, bytes(tricks), partners, declarers)


def _declared(
    problem: WhistProblem, model: DeclareModel, dealt: int
) -> tuple[int, int, int] | None:
    """The declarer's tricks, the partner's cards and the declarer's ten after his discard
    when the declarer holds ``dealt`` (the unseen cards he was dealt) and could have named
    the contract; else None."""
    declarer = CardSet(dealt) | problem.known.declarer
    partner = problem.unseen - CardSet(dealt) | problem.known.partner
    twelve = declarer | problem.talon
    hand = problem.hand
    left, right = (hand, partner) if problem.defender is Seat.L else (partner, hand)
    found = model.declared(twelve, left, right)
    return None if found is None else (found.tricks, partner.mask, (twelve - found.discards).mask)


def _declarer_share(problem: WhistProblem) -> int:
    return HAND_SIZE - len(problem.known.declarer)
