"""Exact double-dummy misère: can the catchers force M to take a trick, and how many?

The search runs in the compiled core :mod:`advisor.solver._core` (C99, built by ``setup.py``);
this module is the one place that imports it, and defines the typed API on top of it:

- :func:`solve_layout`: one deal of all 30 cards: caught, the most tricks the catchers can
  force, and one best line of play;
- :func:`catch_odds`: a hand and its discards against every split of the other 20 cards
  (C(20,10) = 184,756 layouts) or a seeded uniform sample of them;
- :func:`solve_many`: the bulk entry point, forced tricks for many layouts of one hand in a
  single call into C;
- :func:`lead_values`: the value of fixed first cards in many layouts (``advisor lead``).
- :func:`caught_through` and :func:`through_many`: the suits M is caught through in a layout,
  the table's language: the catchers can force his first trick to be one led in that suit,
  however he tries to take it in another. A caught layout may be caught through several suits,
  or through none ("caught whichever suit M protects": he chooses where to lose his first
  trick, and the catchers have an answer to each choice).

Seats go clockwise M -> L -> R: a trick led by M goes M, L, R; led by L goes L, R, M.
"""

from __future__ import annotations

import contextlib
import mmap
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from advisor.build import compiled
from advisor.cards import DECK_MASK, HAND_SIZE, Card, CardSet, Suit
from advisor.errors import LayoutError, SolverUnavailableError
from advisor.i18n import N_, Phrase, as_cards
from advisor.limits import check_run
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, even_pieces, in_order
from advisor.sampling import wilson_interval
from advisor.seats import Seat
from advisor.solver.layout import Layout, check_layout, format_layout, parse_layout
from advisor.solver.results import (
    NO_CATCHES,
    HandOdds,
    LayoutResult,
    Odds,
    SuitCatches,
    Trick,
    suits_of,
)
from advisor.splits import EXACT_LAYOUTS, sample_ranks

CORE_MODULE = "advisor.solver._core"

__all__ = [
    "GAVE_UP",
    "HandOdds",
    "Layout",
    "LayoutResult",
    "Odds",
    "SolverUnavailableError",
    "SuitCatches",
    "Trick",
    "catch_odds",
    "catchers_pool",
    "caught_through",
    "core_available",
    "format_layout",
    "lead_values",
    "nodes_searched",
    "parse_layout",
    "require_core",
    "solve_layout",
    "solve_many",
    "split_hands",
    "stop_searches",
    "suits_of",
    "through_many",
    "wilson_interval",
]

# built without a C compiler (or ADVISOR_PUREPYTHON set): the library works, the solver says so
if TYPE_CHECKING:
    from advisor.solver import _core
else:
    _core = compiled(CORE_MODULE)

"""Called as ``progress(layouts_done, layouts_total)`` while :func:`catch_odds` runs."""

DISCARD_COUNT = 2
GAVE_UP = 255
"""What :func:`solve_many` says of a layout its node budget did not settle."""


def core_available() -> bool:
    """Whether the compiled solver was built."""
    return _core is not None


def require_core(module: str = CORE_MODULE, part: str = N_("solver")) -> None:
    """:class:`SolverUnavailableError` unless the compiled solver was built: the one check
    every analysis makes before it solves (and every command before it begins). ``module``
    and ``part`` name another compiled solver (the game solver's check is this one too)."""
    if module == CORE_MODULE:
        if not core_available():
            raise SolverUnavailableError()
    elif compiled(module) is None:
        raise SolverUnavailableError(part, module)


def stop_searches(stop: bool) -> None:
    """With True, every search running in another thread gives up at once (its call raises
    ``_core.Stopped``), and so does every one begun, until ``stop_searches(False)``: how
    :func:`advisor.parallel.in_order` stops its threads."""
    require_core()
    _core.stop(stop)


def nodes_searched() -> int:
    """Search nodes the compiled core visited in this process (for benchmarks)."""
    require_core()
    return _core.nodes()


# ----------------------------------------------------------------------------------------------
# One layout


def solve_layout(m_hand: CardSet, l_hand: CardSet, r_hand: CardSet, leader: Seat) -> LayoutResult:
    """Solve one deal: M's, L's and R's hands, ``leader`` to lead the first trick; when M is
    caught, also the suits he is caught through.

    The hands must be disjoint and of equal size (10 cards each for a full deal; fewer for an
    endgame). Raises :class:`LayoutError` otherwise.
    """
    check_layout(m_hand, l_hand, r_hand)  # bad input is named whether or not C is built
    require_core()
    hands = [m_hand.mask, l_hand.mask, r_hand.mask]
    tricks = _core.forced_tricks(m_hand.mask, l_hand.mask, r_hand.mask, leader)
    line = []
    to_lead = leader
    while hands[Seat.M]:
        trick = _best_trick(hands, to_lead)
        line.append(trick)
        for seat in Seat:
            hands[seat] &= ~(1 << trick.card_of(seat).index)
        to_lead = trick.winner
    through = caught_through(m_hand, l_hand, r_hand, leader) if tricks else frozenset()
    return LayoutResult(tricks, tuple(line), (m_hand, l_hand, r_hand), leader, through)


def caught_through(
    m_hand: CardSet, l_hand: CardSet, r_hand: CardSet, leader: Seat
) -> frozenset[Suit]:
    """The suits M is caught through in one deal: for each, the catchers can force M's first
    trick to be a trick led in that suit (won by his card of it), however he tries to take his
    first trick in another suit instead. Empty when M is clean, and also when he is caught
    whichever suit he protects. Raises :class:`LayoutError` as :func:`solve_layout` does."""
    check_layout(m_hand, l_hand, r_hand)
    require_core()
    return frozenset(suits_of(_core.through(m_hand.mask, l_hand.mask, r_hand.mask, leader)))


def _legal(hand: int, led_suit: int | None) -> Iterator[int]:
    if led_suit is not None and hand >> (8 * led_suit) & 0xFF:
        hand &= 0xFF << (8 * led_suit)
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def _best_trick(hands: list[int], leader: Seat) -> Trick:
    """The first trick of a best line from this position (a 3-ply minimax over the trick,
    with the compiled solver valuing each position after it)."""

    def value(played: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        seat = Seat((leader + len(played)) % 3)
        if len(played) == 3:
            winner = _trick_winner(leader, played)
            m, left, right = (hands[s] & ~(1 << played[(s - leader) % 3]) for s in Seat)
            return (winner == Seat.M) + _core.forced_tricks(m, left, right, winner), played
        led_suit = played[0] >> 3 if played else None
        options = (value((*played, card)) for card in _legal(hands[seat], led_suit))
        return min(options) if seat == Seat.M else max(options, key=lambda v: v[0])

    _, cards = value(())
    return Trick(
        leader=leader,
        cards=(Card.from_index(cards[0]), Card.from_index(cards[1]), Card.from_index(cards[2])),
        winner=_trick_winner(leader, cards),
    )


def _trick_winner(leader: Seat, cards: Sequence[int]) -> Seat:
    suit = cards[0] >> 3
    best = max(range(3), key=lambda i: cards[i] if cards[i] >> 3 == suit else -1)
    return Seat((leader + best) % 3)


# ----------------------------------------------------------------------------------------------
# Many layouts


def solve_many(
    m: CardSet,
    pool: CardSet,
    leader: Seat,
    l_masks: Sequence[int],
    *,
    cap: int = HAND_SIZE,
    stop: int | None = None,
    budget: int | None = None,
) -> bytes:
    """Forced tricks for many layouts of one hand, in one call into C.

    ``pool`` holds the catchers' cards (twice as many as ``m``); each entry of ``l_masks`` is
    L's hand as a card mask, and R holds the rest of the pool. Returns one byte per layout:
    the most tricks the catchers can force there, or ``cap`` when they can force at least
    that many (``cap=1`` asks only whether M is caught, the cheapest question). With ``stop``
    the layouts are solved in order until ``stop`` of them reach the cap, and only those
    solved so far are returned. With ``budget`` a layout whose search would visit more nodes
    gets :data:`GAVE_UP` instead (a catch is usually found in a few hundred nodes, while
    proving M clean can take thousands).
    """
    require_core()
    masks = l_masks if isinstance(l_masks, array) else array("I", l_masks)
    stop_at = -1 if stop is None else stop
    budget_at = -1 if budget is None else budget
    return _core.solve_many(m.mask, pool.mask, leader, masks, cap, stop_at, budget_at)


def lead_values(
    leader: Seat, layouts: array[int], leads: CardSet, *, cap: int = HAND_SIZE
) -> bytes:
    """The first lead fixed, for many layouts in one call into C (it lets go of the GIL, and
    stops as :func:`stop_searches` asks).

    ``layouts`` holds three card masks a layout, M's, L's and R's hands; ``leads`` cards that
    ``leader`` holds in every one. For each layout, ``1 + len(leads)`` bytes: the most tricks
    the catchers can force with the leader free to choose his first card (the solver's own
    answer), then for each card of ``leads``, lowest first, the most they can force when he
    leads that card, the trick's other two cards and the rest played with every card in view
    (the first trick counted). Each at most ``cap`` (``cap=1``: only whether M is caught).
    """
    require_core()
    return _core.lead_many(leader, layouts, leads.mask, cap)


def split_hands(pool: CardSet, ranks: array[int]) -> array[int]:
    """L's hands (card masks) in the splits of ``pool`` numbered ``ranks``: what
    :func:`left_hand_of_rank` gives, for many ranks in one call into C."""
    require_core()
    hands = array("I")
    hands.frombytes(_core.split_hands(pool.mask, ranks))
    return hands


def through_many(m: CardSet, pool: CardSet, leader: Seat, l_masks: Sequence[int]) -> bytes:
    """The suits M is caught through (see :func:`caught_through`) in many layouts of one hand,
    in one call into C: one byte per layout, bit ``s`` set for ``Suit(s)`` (:func:`suits_of`).
    ``pool`` and ``l_masks`` as for :func:`solve_many`. Only the caught layouts need asking:
    the others are caught through no suit, and the search would only prove it again."""
    require_core()
    masks = l_masks if isinstance(l_masks, array) else array("I", l_masks)
    return _core.through_many(m.mask, pool.mask, leader, masks)


def catch_odds(
    hand: CardSet,
    discards: CardSet,
    leader: Seat,
    *,
    samples: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    per_suit: bool = False,
    progress: ProgressCallback | None = None,
) -> Odds:
    """Forced tricks of ``hand`` (10 cards, after the discard) over the splits of the other 20.

    Exact (every one of the 184,756 splits) unless ``samples`` is given; then that many splits
    drawn uniformly with a PRNG seeded by ``seed`` (same seed, same answer). ``jobs`` > 1
    spreads the work over threads; the answer does not depend on it. With ``per_suit`` the
    caught splits are also counted by the suits M is caught through (:attr:`Odds.through`).
    """
    pool = catchers_pool(hand, discards)  # bad input is named whether or not C is built
    check_run(samples, jobs)
    require_core()
    if samples is None:
        chunks = _exact_chunks(hand, pool, leader, jobs, per_suit)
        total = EXACT_LAYOUTS
    else:
        chunks = _sample_chunks(hand, pool, leader, samples, seed, jobs, per_suit)
        total = samples
    histogram = [0] * (HAND_SIZE + 1)
    through = NO_CATCHES
    done = 0
    for found in _run(chunks, jobs):
        histogram = [a + b for a, b in zip(histogram, found.histogram, strict=True)]
        through += found.through
        done += found.layouts
        if progress is not None:
            progress(done, total)
    return Odds(tuple(histogram), samples is None, through if per_suit else None)


def catchers_pool(hand: CardSet, discards: CardSet) -> CardSet:
    """The catchers' 20 cards when M holds ``hand`` (ten cards) and threw ``discards`` (two
    others); :class:`LayoutError` for any other hand."""
    if len(hand) != HAND_SIZE:
        raise LayoutError(
            Phrase.counted(
                "the hand holds {count} card, not 10",
                "the hand holds {count} cards, not 10",
                len(hand),
            )
        )
    if len(discards) != DISCARD_COUNT:
        raise LayoutError(
            Phrase.counted(
                "{count} discard given, there must be 2",
                "{count} discards given, there must be 2",
                len(discards),
            )
        )
    if hand & discards:
        raise LayoutError(
            Phrase("the discards {cards} are in the hand", cards=as_cards(hand & discards))
        )
    return CardSet(DECK_MASK) - hand - discards


@dataclass(frozen=True)
class _Chunk:
    """A piece of work for one job: splits ``start .. start+count-1`` of the pool in colex
    order, or, when ``ranks`` is given, the splits of those colex ranks (packed as 4-byte
    unsigned integers)."""

    m: int
    pool: int
    leader: int
    per_suit: bool
    start: int = 0
    count: int = 0
    ranks: bytes = b""


@dataclass(frozen=True)
class _Solved:
    """What a chunk found: its layouts, their forced tricks, the suits the caught ones are
    caught through (none counted unless the chunk was asked per suit)."""

    layouts: int
    histogram: list[int]
    through: SuitCatches = NO_CATCHES


def _exact_chunks(
    hand: CardSet, pool: CardSet, leader: Seat, jobs: int, per_suit: bool
) -> list[_Chunk]:
    return [
        _Chunk(hand.mask, pool.mask, int(leader), per_suit, start=span.start, count=len(span))
        for span in even_pieces(range(EXACT_LAYOUTS), CHUNKS_PER_JOB * jobs)
    ]


def _sample_chunks(
    hand: CardSet,
    pool: CardSet,
    leader: Seat,
    samples: int,
    seed: int,
    jobs: int,
    per_suit: bool,
) -> list[_Chunk]:
    ranks = sample_ranks(samples, seed)
    return [
        _Chunk(hand.mask, pool.mask, int(leader), per_suit, ranks=piece.tobytes())
        for span in even_pieces(range(samples), CHUNKS_PER_JOB * jobs)
        if (piece := ranks[span.start : span.stop])
    ]


def _solve_chunk(chunk: _Chunk) -> _Solved:
    """Solve one chunk. Runs in a worker thread with jobs > 1."""
    if chunk.ranks:
        tricks = _core.solve_ranked(chunk.m, chunk.pool, chunk.leader, chunk.ranks)
        histogram = [tricks.count(t) for t in range(HAND_SIZE + 1)]
        if not chunk.per_suit:
            return _Solved(len(tricks), histogram)
        ranks = array("I")
        ranks.frombytes(chunk.ranks)
        caught = array("I", (rank for rank, t in zip(ranks, tricks, strict=True) if t))
        masks = _core.through_ranked(chunk.m, chunk.pool, chunk.leader, caught)
        return _Solved(len(tricks), histogram, SuitCatches.of(masks))
    if not chunk.per_suit:
        found = _core.enumerate(chunk.m, chunk.pool, chunk.leader, chunk.start, chunk.count)
        return _Solved(chunk.count, list(found))
    found, by_suits = _core.enumerate_through(
        chunk.m, chunk.pool, chunk.leader, chunk.start, chunk.count
    )
    return _Solved(chunk.count, list(found), SuitCatches(tuple(by_suits)))


def _run(chunks: list[_Chunk], jobs: int) -> Iterator[_Solved]:
    """Solve the chunks, yielding each result in order. With jobs > 1, in that many threads:
    the compiled search lets go of the GIL, so they run in parallel, and they share one
    transposition table (whose entries are safe to write from several threads at once); a
    caller that stops reading or is interrupted stops them at once
    (:func:`advisor.parallel.in_order`). Threads rather than processes: processes would each
    have to learn a table of their own, or share one without huge pages, and either way gain at
    most 1.5x on two cores."""
    with contextlib.closing(in_order(_solve_chunk, chunks, jobs, stop_searches)) as solved:
        yield from solved


MAPPED_TABLE_ENTRIES = 1 << 23
"""Entries of the mapped table: 64 MB, twice the module's own. The exact odds of a hard hand
(its discards chosen by play) search 50 to 100 million positions, and there the larger table
saves about a quarter of them; elsewhere it changes nothing measurable."""


def _install_table() -> mmap.mmap | None:
    """Give the search a transposition table mapped with huge pages where the system offers
    them (Linux): a probe is then rarely a TLB miss, and the search about 30 % faster."""
    if not hasattr(mmap, "MADV_HUGEPAGE"):
        return None
    size = MAPPED_TABLE_ENTRIES * _core.ENTRY_SIZE
    table = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    try:
        table.madvise(mmap.MADV_HUGEPAGE)
    except OSError:  # a kernel without transparent huge pages: the module's own table will do
        table.close()
        return None
    _core.use_table(table)
    return table


_table = None if _core is None else _install_table()
