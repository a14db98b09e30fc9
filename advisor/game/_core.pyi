"""Type stub of the compiled game solver ``advisor.game._core`` (source: ``_core.c``).

Cards are bits of a 32-bit mask, bit ``suit * 8 + rank`` (as :class:`advisor.cards.CardSet`).
Seats are ints: 0 = M (the declarer), 1 = L (plays after M), 2 = R; a trick led by seat ``s``
goes s, s+1, s+2 (mod 3). ``trump`` is a suit 0..3, or 4 (``NO_TRUMP``). ``flags`` is a subset
of the pruning rules (``PRUNE_EQUIVALENT | PRUNE_QUICK | PRUNE_TABLE | PRUNE_REGAIN``, all by
default); no answer depends on them. The search keeps one transposition table per process,
shared by every call and thread (its keys are whole normalised positions, so it never goes
stale). Every call lets go of the GIL while it searches, and stops as :func:`stop` asks.
"""

from typing_extensions import Buffer

PRUNE_EQUIVALENT: int
PRUNE_QUICK: int
PRUNE_TABLE: int
PRUNE_REGAIN: int
NO_TRUMP: int

class Stopped(Exception):
    """A search gave up because :func:`stop` asked every search to."""

def stop(flag: bool, /) -> None:
    """With True, every search running (in any thread) or begun gives up at its next check, a
    few milliseconds away, and its call raises :class:`Stopped`; with False, searches run
    again. (A search in the main thread also runs the Python handlers of signals that arrive,
    and gives up when one raises.)"""

def tricks(
    m: int,
    l: int,
    r: int,
    trump: int,
    leader: int,
    first: int = -1,
    second: int = -1,
    flags: int = 15,
    /,
) -> int:
    """The tricks M takes when he takes the most he can and L and R together the fewest, every
    card in view: the hands hold the cards not yet played; ``leader`` led the trick in progress
    (or leads the next), whose cards on the table are ``first`` and ``second`` (bit indexes,
    -1: none). Raises ValueError for overlapping cards, hands of the wrong sizes, a card on the
    table against the rules, a bad trump, leader or flags."""

def solve_many(
    m: int,
    pool: int,
    trump: int,
    leader: int,
    l_masks: Buffer,
    at_least: int = 0,
    flags: int = 15,
    /,
) -> bytes:
    """The bulk call: for each L hand of ``l_masks`` (native 4-byte unsigned ints; R holds the
    rest of ``pool``, which holds twice as many cards as ``m``, none of his), one byte: M's
    tricks, or with ``at_least`` >= 1 whether he takes at least that many (1 or 0). Raises
    ValueError when an L hand is not half of the pool."""

def solve_ranked(
    m: int,
    pool: int,
    trump: int,
    leader: int,
    ranks: Buffer,
    at_least: int = 0,
    flags: int = 15,
    /,
) -> bytes:
    """``solve_many`` for the splits of ``pool`` whose colex ranks (as ``enumerate`` numbers
    them) are in ``ranks``. Raises ValueError for a rank not below C(n, n/2)."""

def enumerate(
    m: int, pool: int, trump: int, leader: int, start: int, count: int, flags: int = 15, /
) -> list[int]:
    """The histogram (11 counts, 0..10 tricks of M) over the splits ``start .. start + count -
    1`` of ``pool`` into L's and R's hands, in colexicographic order of L's positions within
    the pool (as the misère solver's ``enumerate``)."""

def lead_many(trump: int, leader: int, layouts: Buffer, leads: int, flags: int = 15, /) -> bytes:
    """The first card fixed: for each layout of ``layouts`` (three native 4-byte masks a
    layout: M's, L's and R's hands, every card in play), ``1 + popcount(leads)`` bytes: M's
    tricks with ``leader`` free to choose his first card, then with him leading each card of
    ``leads`` (lowest first; he holds them in every layout), the first trick counted. Raises
    ValueError for a bad layout, a lead the leader does not hold, a bad trump, leader or
    flags."""

def nodes() -> int:
    """Search nodes visited since the last ``clear()`` (for benchmarks)."""

def clear() -> None:
    """Empty the transposition table (and the calling thread's counts of root leads) and zero
    ``nodes()``."""
