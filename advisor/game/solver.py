"""Exact double-dummy play of game contracts: how many tricks the declarer takes.

The search runs in the compiled core :mod:`advisor.game._core` (C99, built by ``setup.py``);
this module is the one place that imports it, and defines the typed API on top of it:

- :func:`declarer_tricks` and :func:`solve_position`: one position (a full deal, equal smaller
  hands, or one in the middle of a trick): the declarer's tricks, and one best line of play;
- :func:`solve_many` and :func:`solve_ranked`: the bulk calls, the declarer's tricks in many
  layouts of one hand in a single call into C (which lets go of the GIL, and stops as
  :func:`stop_searches` asks);
- :func:`makes_many` and :func:`makes_ranked`: the screening question, whether he takes at
  least so many tricks, one null-window search a layout;
- :func:`trick_histogram`: his tricks over every split of the defenders' 20 cards, or a range;
- :func:`lead_tricks`: the first card fixed, for the blind first lead: his tricks in many
  layouts, the leader free and leading each of some cards.

The declarer M takes the most tricks he can, the defenders L and R together the fewest, every
card in view. Every pruning rule of the search can be switched off (:class:`Pruning`), for the
tests that prove each against a brute force.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntFlag
from typing import TYPE_CHECKING

from advisor.build import compiled
from advisor.cards import HAND_SIZE, Card, CardSet, Suit
from advisor.game.position import TRICK_CARDS, Position, legal_cards
from advisor.i18n import N_
from advisor.seats import Seat
from advisor.solver import catchers_pool, require_core
from advisor.splits import EXACT_LAYOUTS

GAME_CORE = "advisor.game._core"

if TYPE_CHECKING:
    from advisor.game import _core
else:
    _core = compiled(GAME_CORE)

NO_TRUMP = 4
"""The core's number for no-trump (the suits are 0..3)."""


class Pruning(IntFlag):
    """The search's pruning rules; every answer is the same with any of them off."""

    NONE = 0
    EQUIVALENT = 1
    """Cards of one hand with no other card in play between them are one move."""
    QUICK = 2
    """Sure tricks bound the answer: top trumps, trumps beyond the other side's, and the top
    cards the seat on lead cashes."""
    TABLE = 4
    """A transposition table of bounds, shared by every call (its keys are exact)."""
    REGAIN = 8
    """With a defender on lead: the declarer wins the trick whatever suit is led (its top card,
    or a ruff of a side suit he is void in, the other defender not ruffing too), then cashes
    his sure tricks."""
    ALL = 15


@dataclass(frozen=True)
class GameTrick:
    """One trick of a line of play: who led, the three cards in the order played, the winner."""

    leader: Seat
    cards: tuple[Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played."""
        return self.cards[(seat - self.leader) % TRICK_CARDS]


@dataclass(frozen=True)
class GameResult:
    """A position's value under best play by both sides, and one best line."""

    position: Position
    tricks: int
    """The tricks the declarer takes from the position, the trick in progress included."""
    line: tuple[GameTrick, ...]
    """One best line of play to the end (its first trick holds the cards already played)."""


def core_available() -> bool:
    """Whether the compiled game solver was built."""
    return _core is not None


def _require_core() -> None:
    """The one check of :func:`advisor.solver.require_core`, for this solver's core: asked
    only when the core did not load (every solver call asks, some 1,700 times an
    ``advisor bid``, and the full check imports afresh: 10 ms a bid)."""
    if not core_available():
        require_core(GAME_CORE, N_("game solver"))


def _trump(trump: Suit | None) -> int:
    return NO_TRUMP if trump is None else int(trump)


def stop_searches(stop: bool) -> None:
    """With True, every search running in another thread gives up at once (its call raises
    ``_core.Stopped``), and so does every one begun, until ``stop_searches(False)``: what
    :func:`advisor.parallel.in_order` needs to stop its threads."""
    _require_core()
    _core.stop(stop)


def nodes_searched() -> int:
    """Search nodes the compiled core visited since :func:`clear_table` (for benchmarks)."""
    _require_core()
    return _core.nodes()


def clear_table() -> None:
    """Empty the transposition table and zero :func:`nodes_searched` (for benchmarks: the
    table otherwise keeps what earlier calls learnt, which changes no answer)."""
    _require_core()
    _core.clear()


# ----------------------------------------------------------------------------------------------
# One position


def declarer_tricks(position: Position, *, pruning: Pruning = Pruning.ALL) -> int:
    """The tricks the declarer takes from ``position`` (the trick in progress included)."""
    _require_core()
    m, left, right = (hand.mask for hand in position.hands)
    table = [card.index for card in position.table]
    table += [-1] * (TRICK_CARDS - 1 - len(table))
    return _core.tricks(
        m, left, right, _trump(position.trump), position.leader, table[0], table[1], int(pruning)
    )


def solve_position(position: Position, *, pruning: Pruning = Pruning.ALL) -> GameResult:
    """The declarer's tricks from ``position`` and one best line of play: at each turn the
    card that keeps the value (the declarer's first best card, else a defender's), found by
    valuing the position after each legal card."""
    tricks = declarer_tricks(position, pruning=pruning)
    line: list[GameTrick] = []
    current, taken, played = position, 0, list(position.table)
    while current.tricks_left:
        seat = current.to_play
        for card in legal_cards(current.hands[seat], current.led, current.trump):
            after = current.after(card)
            won = int(not after.table and after.leader == Seat.M)
            if taken + won + _tricks_after(after, pruning) == tricks:
                break
        played.append(card)
        taken += won
        if not after.table:
            cards = (played[0], played[1], played[2])
            line.append(GameTrick(current.leader, cards, after.leader))
            played = []
        current = after
    return GameResult(position, tricks, tuple(line))


def _tricks_after(position: Position, pruning: Pruning) -> int:
    return declarer_tricks(position, pruning=pruning) if position.tricks_left else 0


# ----------------------------------------------------------------------------------------------
# Many layouts of one hand


def _masks(values: Sequence[int]) -> array[int]:
    return values if isinstance(values, array) else array("I", values)


def solve_many(
    m: CardSet,
    pool: CardSet,
    trump: Suit | None,
    leader: Seat,
    l_masks: Sequence[int],
    *,
    pruning: Pruning = Pruning.ALL,
) -> bytes:
    """The declarer's tricks in many layouts of his hand ``m``, one byte each, in one call into
    C. ``pool`` holds the defenders' cards (twice as many as ``m``); each entry of ``l_masks``
    is L's hand as a card mask, and R holds the rest of the pool. Each layout's search starts
    from the value of the one before, and all share the transposition table."""
    _require_core()
    return _core.solve_many(
        m.mask, pool.mask, _trump(trump), leader, _masks(l_masks), 0, int(pruning)
    )


def solve_ranked(
    m: CardSet,
    pool: CardSet,
    trump: Suit | None,
    leader: Seat,
    ranks: Sequence[int],
    *,
    pruning: Pruning = Pruning.ALL,
) -> bytes:
    """:func:`solve_many` for the splits of ``pool`` numbered ``ranks`` (colex ranks, as
    :func:`advisor.solver.sample_ranks` draws them and :func:`advisor.solver.split_hands`
    turns them into L's hands)."""
    _require_core()
    return _core.solve_ranked(
        m.mask, pool.mask, _trump(trump), leader, _masks(ranks), 0, int(pruning)
    )


def _check_tricks(tricks: int) -> None:
    if not 1 <= tricks <= HAND_SIZE:
        raise ValueError(f"the declarer's tricks must be 1 to 10, not {tricks}")


def makes_many(
    m: CardSet,
    pool: CardSet,
    trump: Suit | None,
    leader: Seat,
    l_masks: Sequence[int],
    tricks: int,
    *,
    pruning: Pruning = Pruning.ALL,
) -> bytes:
    """Whether the declarer takes at least ``tricks`` (1..10) in each layout (as for
    :func:`solve_many`): one byte each, 1 or 0, from a single null-window search a layout
    (cheaper than the exact count)."""
    _check_tricks(tricks)
    _require_core()
    return _core.solve_many(
        m.mask, pool.mask, _trump(trump), leader, _masks(l_masks), tricks, int(pruning)
    )


def makes_ranked(
    m: CardSet,
    pool: CardSet,
    trump: Suit | None,
    leader: Seat,
    ranks: Sequence[int],
    tricks: int,
    *,
    pruning: Pruning = Pruning.ALL,
) -> bytes:
    """:func:`makes_many` for the splits of ``pool`` numbered ``ranks``."""
    _check_tricks(tricks)
    _require_core()
    return _core.solve_ranked(
        m.mask, pool.mask, _trump(trump), leader, _masks(ranks), tricks, int(pruning)
    )


def trick_histogram(
    hand: CardSet,
    discards: CardSet,
    trump: Suit | None,
    leader: Seat,
    *,
    start: int = 0,
    count: int = EXACT_LAYOUTS,
    pruning: Pruning = Pruning.ALL,
) -> tuple[int, ...]:
    """The declarer's tricks over the splits ``start .. start + count - 1`` of the defenders'
    20 cards (every one of the 184,756 by default) when he holds ``hand`` (ten cards) and threw
    ``discards`` (two others): ``histogram[t]`` splits in which he takes ``t`` tricks (0..10).
    The splits are numbered as :func:`advisor.solver.left_hand_of_rank` numbers them; disjoint
    ranges can be worked out apart and their histograms added."""
    pool = catchers_pool(hand, discards)  # the LayoutError of a bad hand, built or not
    if start < 0 or count < 0 or start + count > EXACT_LAYOUTS:
        raise ValueError(f"splits {start} .. {start + count - 1} are not all of 0 .. 184755")
    _require_core()
    found = _core.enumerate(hand.mask, pool.mask, _trump(trump), leader, start, count, int(pruning))
    return tuple(found)


def lead_tricks(
    trump: Suit | None,
    leader: Seat,
    layouts: array[int],
    leads: CardSet,
    *,
    pruning: Pruning = Pruning.ALL,
) -> bytes:
    """The first card fixed, in many layouts in one call into C (it lets go of the GIL, and
    stops as :func:`stop_searches` asks). ``layouts`` holds three card masks a layout, M's,
    L's and R's hands (every card in play); ``leads`` cards that ``leader`` holds in every
    one. For each layout ``1 + len(leads)`` bytes: the declarer's tricks with the leader free
    to choose his first card (the solver's own answer), then for each card of ``leads``,
    lowest first, his tricks when the leader leads it, the trick's other two cards and the
    rest played with every card in view (the first trick counted)."""
    _require_core()
    return _core.lead_many(_trump(trump), leader, layouts, leads.mask, int(pruning))
