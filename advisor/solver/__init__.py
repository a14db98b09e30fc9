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
import itertools
import math
import mmap
import random
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor.build import compiled
from advisor.cards import DECK_MASK, HAND_SIZE, Card, CardSet, Suit
from advisor.errors import LayoutError, SolverUnavailableError
from advisor.holdings import Holding
from advisor.i18n import Phrase, as_cards
from advisor.limits import check_jobs, check_samples, no_interval, reported_interval
from advisor.parallel import in_order
from advisor.sampling import Z95, wilson_interval
from advisor.seats import Seat
from advisor.solver.layout import Layout, check_layout, format_layout, parse_layout

__all__ = [
    "EXACT_LAYOUTS",
    "GAVE_UP",
    "HandOdds",
    "Layout",
    "LayoutResult",
    "Odds",
    "ProgressCallback",
    "SolverUnavailableError",
    "SuitCatches",
    "Trick",
    "catch_odds",
    "catchers_pool",
    "caught_through",
    "core_available",
    "format_layout",
    "lead_values",
    "left_hand_of_rank",
    "nodes_searched",
    "parse_layout",
    "sample_ranks",
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
    _core = compiled("advisor.solver._core")

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(layouts_done, layouts_total)`` while :func:`catch_odds` runs."""

DISCARD_COUNT = 2
GAVE_UP = 255
"""What :func:`solve_many` says of a layout its node budget did not settle."""
EXACT_LAYOUTS = math.comb(2 * HAND_SIZE, HAND_SIZE)  # 184,756
_CHUNKS_PER_JOB = 16
_SUIT_SETS = 1 << len(Suit)  # the sets of suits a layout can be caught through, as bit masks


@dataclass(frozen=True)
class Trick:
    """One trick of a line of play: who led, the three cards in the order played, the winner."""

    leader: Seat
    cards: tuple[Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played."""
        return self.cards[(seat - self.leader) % 3]


@dataclass(frozen=True)
class LayoutResult:
    """The exact result of one layout under best play by both sides."""

    tricks: int
    """The most tricks the catchers can force M to take (0: M stays clean)."""
    line: tuple[Trick, ...]
    """One best line of play, all tricks to the end."""
    hands: Layout
    leader: Seat
    through: frozenset[Suit] = frozenset()
    """The suits M is caught through (:func:`caught_through`): empty when he is clean, or
    caught whichever suit he protects."""

    @property
    def caught(self) -> bool:
        return self.tricks > 0

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --layout --json`` form; documented in the README."""
        return {
            "hands": {seat.name: str(cards) for seat, cards in zip(Seat, self.hands, strict=True)},
            "lead": self.leader.lead.value,
            "caught": self.caught,
            "tricks": self.tricks,
            "through": [suit.glyph for suit in sorted(self.through)],
            "line": [
                {
                    "leader": trick.leader.name,
                    "cards": [str(card) for card in trick.cards],
                    "winner": trick.winner.name,
                }
                for trick in self.line
            ],
        }


def suits_of(mask: int) -> tuple[Suit, ...]:
    """The suits of a mask :func:`through_many` gives (bit ``s``: ``Suit(s)``), in order."""
    return tuple(suit for suit in Suit if mask >> suit & 1)


@dataclass(frozen=True)
class SuitCatches:
    """The caught layouts of a hand, counted by the suits they are caught through."""

    by_suits: tuple[int, ...]
    """``by_suits[mask]``: caught layouts caught through exactly the suits of ``mask`` (bit
    ``s``: ``Suit(s)``); ``by_suits[0]``: those caught whichever suit M protects."""

    @classmethod
    def of(cls, masks: Iterable[int]) -> SuitCatches:
        """Counted from the masks of caught layouts (as :func:`through_many` gives them)."""
        counts = [0] * _SUIT_SETS
        for mask in masks:
            counts[mask] += 1
        return cls(tuple(counts))

    def __add__(self, other: SuitCatches) -> SuitCatches:
        return SuitCatches(tuple(a + b for a, b in zip(self.by_suits, other.by_suits, strict=True)))

    def caught(self, suit: Suit) -> int:
        """Layouts caught through ``suit``."""
        return sum(n for mask, n in enumerate(self.by_suits) if mask >> suit & 1)

    @property
    def whichever(self) -> int:
        """Layouts caught whichever suit M protects: caught, but through no single suit."""
        return self.by_suits[0]


NO_CATCHES = SuitCatches((0,) * _SUIT_SETS)


@dataclass(frozen=True)
class Odds:
    """Forced tricks over many layouts of one hand (all of them, or a sample)."""

    histogram: tuple[int, ...]
    """``histogram[t]``: layouts where the catchers force exactly ``t`` tricks (t = 0..10)."""
    exact: bool
    """True when every layout was solved; False for a sample."""
    through: SuitCatches | None = None
    """The caught layouts by the suits they are caught through, when asked for."""

    def share_interval(self, count: int) -> tuple[float, float]:
        """The 95 % Wilson interval of ``count`` layouts' share (a point when exact)."""
        if not self.layouts:
            return 0.0, 0.0
        if self.exact:
            return count / self.layouts, count / self.layouts
        return wilson_interval(count, self.layouts)

    @property
    def layouts(self) -> int:
        return sum(self.histogram)

    @property
    def caught(self) -> int:
        """Layouts where M is caught (takes at least one trick)."""
        return self.layouts - self.histogram[0]

    @property
    def fraction(self) -> float:
        return self.caught / self.layouts if self.layouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of the caught fraction (a point when exact)."""
        return self.share_interval(self.caught)

    @property
    def expected_tricks(self) -> float:
        """The mean number of tricks the catchers force."""
        if not self.layouts:
            return 0.0
        return sum(t * n for t, n in enumerate(self.histogram)) / self.layouts

    @property
    def expected_score(self) -> float:
        """Expected points: +10 to the pool when clean, minus 10 to the mountain per trick."""
        return 10 * (1 - self.fraction) - 10 * self.expected_tricks

    @property
    def score_interval(self) -> tuple[float, float]:
        """95 % interval of the expected score (normal, from the layouts' spread; a point
        when exact)."""
        mean, n = self.expected_score, self.layouts
        if self.exact or n < 2:
            return mean, mean
        squares = sum(count * _score(t) ** 2 for t, count in enumerate(self.histogram))
        variance = max(0.0, (squares - n * mean * mean) / (n - 1))
        half = Z95 * math.sqrt(variance / n)
        return mean - half, mean + half


def _score(tricks: int) -> int:
    """One layout's score: +10 when clean, -10 per trick."""
    return 10 if tricks == 0 else -10 * tricks


@dataclass(frozen=True)
class HandOdds:
    """:func:`catch_odds` of a hand, with what it was asked for: ``advisor solve``'s answer."""

    hand: CardSet
    discards: CardSet
    leader: Seat
    odds: Odds
    seed: int | None
    """The sampling seed, or None when every layout was solved."""

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --json`` form; documented in the README."""
        odds = self.odds
        interval = reported_interval(odds.interval, odds.layouts)
        data: dict[str, Any] = {
            "hand": str(self.hand),
            "discards": str(self.discards),
            "lead": self.leader.lead.value,
            "exact": odds.exact,
            "layouts": odds.layouts,
            "caught": odds.caught,
            "fraction": round(odds.fraction, SHARE_DIGITS),
            "interval": _rounded(interval),
            "histogram": list(odds.histogram),
            "expected_tricks": round(odds.expected_tricks, 4),
            "expected_score": round(odds.expected_score, 2),
        }
        if interval is None:
            data["no_interval"] = str(no_interval(odds.layouts))
        through = odds.through
        if through is not None:
            data["suits"] = {
                suit.glyph: {
                    "holding": str(Holding(self.hand.suit_mask(suit))),
                    **self._share(through.caught(suit)),
                }
                for suit in Suit
            }
            data["whichever"] = self._share(through.whichever)
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    def _share(self, count: int) -> dict[str, Any]:
        """A count of layouts, its share of all and, for a sample, the share's interval (None
        below :data:`~advisor.limits.MIN_INTERVAL_SAMPLES`, like the catch chance's)."""
        odds = self.odds
        share = round(count / odds.layouts, SHARE_DIGITS)
        found: dict[str, Any] = {"caught": count, "p_caught": share}
        if not odds.exact:
            interval = reported_interval(odds.share_interval(count), odds.layouts)
            found["interval"] = _rounded(interval)
        return found


SHARE_DIGITS = 6  # of a share in JSON: finer than one layout in 184,756, no float noise


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(bound, SHARE_DIGITS) for bound in interval]


def core_available() -> bool:
    """Whether the compiled solver was built."""
    return _core is not None


def _require_core() -> None:
    if _core is None:
        raise SolverUnavailableError()


def stop_searches(stop: bool) -> None:
    """With True, every search running in another thread gives up at once (its call raises
    ``_core.Stopped``), and so does every one begun, until ``stop_searches(False)``: how
    :func:`advisor.parallel.in_order` stops its threads."""
    _require_core()
    _core.stop(stop)


def nodes_searched() -> int:
    """Search nodes the compiled core visited in this process (for benchmarks)."""
    _require_core()
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
    _require_core()
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
    _require_core()
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
    _require_core()
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
    _require_core()
    return _core.lead_many(leader, layouts, leads.mask, cap)


def split_hands(pool: CardSet, ranks: array[int]) -> array[int]:
    """L's hands (card masks) in the splits of ``pool`` numbered ``ranks``: what
    :func:`left_hand_of_rank` gives, for many ranks in one call into C."""
    _require_core()
    hands = array("I")
    hands.frombytes(_core.split_hands(pool.mask, ranks))
    return hands


def through_many(m: CardSet, pool: CardSet, leader: Seat, l_masks: Sequence[int]) -> bytes:
    """The suits M is caught through (see :func:`caught_through`) in many layouts of one hand,
    in one call into C: one byte per layout, bit ``s`` set for ``Suit(s)`` (:func:`suits_of`).
    ``pool`` and ``l_masks`` as for :func:`solve_many`. Only the caught layouts need asking:
    the others are caught through no suit, and the search would only prove it again."""
    _require_core()
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
    check_jobs(jobs)
    if samples is not None:
        check_samples(samples)
    _require_core()
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
    chunks = _CHUNKS_PER_JOB * jobs
    bounds = [EXACT_LAYOUTS * i // chunks for i in range(chunks + 1)]
    return [
        _Chunk(hand.mask, pool.mask, int(leader), per_suit, start=start, count=stop - start)
        for start, stop in itertools.pairwise(bounds)
    ]


def sample_ranks(samples: int, seed: int) -> array[int]:
    """``samples`` uniform split numbers (ranks in the colex order of :func:`catch_odds`'s
    enumeration) from a PRNG seeded with ``seed``: a uniform split is a uniform rank, and
    drawing ranks is ten times faster than drawing cards."""
    rng = random.Random(seed)
    return array("I", (rng.randrange(EXACT_LAYOUTS) for _ in range(samples)))


def left_hand_of_rank(pool: CardSet, rank: int) -> CardSet:
    """L's hand in the split of ``pool`` (20 cards) numbered ``rank``: the rank-th ten-card
    subset of the pool in colexicographic order, as the compiled enumeration walks them."""
    cards = [card.index for card in pool]
    if len(cards) != 2 * HAND_SIZE or not 0 <= rank < EXACT_LAYOUTS:
        raise ValueError(f"rank {rank} of a pool of {len(cards)} cards")
    mask, top = 0, len(cards)
    for chosen in range(HAND_SIZE, 0, -1):
        position = chosen - 1
        while position + 1 < top and math.comb(position + 1, chosen) <= rank:
            position += 1
        rank -= math.comb(position, chosen)
        mask |= 1 << cards[position]
        top = position
    return CardSet(mask)


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
    chunks = _CHUNKS_PER_JOB * jobs
    bounds = [samples * i // chunks for i in range(chunks + 1)]
    return [
        _Chunk(hand.mask, pool.mask, int(leader), per_suit, ranks=ranks[start:stop].tobytes())
        for start, stop in itertools.pairwise(bounds)
        if stop > start
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
