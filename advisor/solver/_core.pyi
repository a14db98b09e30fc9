"""Type stub of the compiled solver ``advisor.solver._core`` (source: ``_core.c``).

Cards are bits of a 32-bit mask, bit ``suit * 8 + rank`` (as :class:`advisor.cards.CardSet`).
Seats are ints: 0 = M (the declarer), 1 = L (plays after M), 2 = R; a trick led by seat ``s``
goes s, s+1, s+2 (mod 3). The search keeps one transposition table per process, shared by
every call and every thread (its keys are whole normalised positions, so it never goes stale;
its entries are lockless, safe to write from several threads). ``enumerate`` and
``solve_many`` release the GIL while they search, so threads solve in parallel.
"""

from typing_extensions import Buffer

TABLE_ENTRIES: int
"""Entries of the module's own transposition table."""
ENTRY_SIZE: int
"""Bytes per table entry (8)."""

class Stopped(Exception):
    """A search gave up because :func:`stop` asked every search to."""

def stop(flag: bool, /) -> None:
    """With True, every search running (in any thread) or begun gives up at its next check, a
    few milliseconds away, and its call raises :class:`Stopped`; with False, searches run
    again. (A search in the main thread also runs the Python handlers of signals that
    arrive, every few milliseconds, and gives up when one raises.)"""

def forced_tricks(m: int, l: int, r: int, leader: int, /) -> int:
    """The most tricks the catchers can force M to take (0: M stays clean) in the layout of
    three disjoint hands of equal size (at most 10); ``leader`` leads the first trick.
    Raises ValueError for overlapping hands, unequal sizes or a bad leader."""

def solve_many(
    m: int,
    pool: int,
    leader: int,
    l_masks: Buffer,
    cap: int = 10,
    stop: int = -1,
    budget: int = -1,
    /,
) -> bytes:
    """The bulk entry point: forced tricks for many layouts of one M hand in one call.

    ``pool`` is the catchers' cards (twice as many as M's); ``l_masks`` a buffer of native
    4-byte unsigned ints (e.g. ``array('I')``), each L's hand; R holds ``pool & ~l``.
    Returns one byte per layout, the most tricks the catchers can force there, or ``cap``
    (at least 1) when they can force that many or more: ``cap`` 1 only asks whether M is
    caught. With ``stop`` >= 0 the layouts are solved in order until ``stop`` of them reach
    ``cap``, and only those solved are returned (the bytes may be shorter). With ``budget``
    >= 0, a layout whose search visits more nodes gives 255 (the search gives up and stores
    nothing unfinished in the table).
    Raises ValueError when an L hand is not half of the pool."""

def solve_ranked(
    m: int,
    pool: int,
    leader: int,
    ranks: Buffer,
    cap: int = 10,
    stop: int = -1,
    budget: int = -1,
    /,
) -> bytes:
    """Forced tricks for the splits of ``pool`` whose ranks (in ``enumerate``'s order) are in
    ``ranks``, a buffer of native 4-byte unsigned ints: a uniform sample of layouts is a
    uniform sample of ranks. One byte per rank; ``cap``, ``stop`` and ``budget`` as for
    ``solve_many``.
    Raises ValueError for a rank not below C(n, n/2)."""

def enumerate(m: int, pool: int, leader: int, start: int, count: int, /) -> list[int]:
    """Exact enumeration: the histogram (11 counts, 0..10 forced tricks) over the splits
    ``start .. start + count - 1`` of ``pool`` into L's and R's hands, in colexicographic
    order of L's positions within the pool (rank 0 .. C(n, n/2) - 1). Disjoint ranges can run
    in separate processes and their histograms be added."""

def lead_value(m: int, l: int, r: int, leader: int, card: int, /) -> int:
    """The most tricks the catchers can force on M (the first trick counted) in the layout of
    three disjoint hands of equal size when ``leader``'s first card is ``card`` (a bit index of
    his hand): the trick's other two cards are played with every card in view, then the
    position is solved double-dummy. The best of these over the leader's cards (M: the least,
    a catcher: the most) is :func:`forced_tricks`. Raises ValueError when the leader does not
    hold the card."""

def lead_many(leader: int, layouts: Buffer, leads: int, cap: int = 10, /) -> bytes:
    """The bulk :func:`lead_value`: ``layouts`` holds three native 4-byte unsigned ints a
    layout (M's, L's and R's hands); ``leads`` is a mask of cards the leader holds in every
    layout. For each layout, ``1 + popcount(leads)`` bytes: :func:`forced_tricks`, then
    :func:`lead_value` of each card of ``leads``, lowest first, each at most ``cap`` (at least
    1). Releases the GIL while it searches; stops as ``stop`` asks (raising :class:`Stopped`).
    Raises ValueError for a bad layout or a lead the leader does not hold."""

def split_hands(pool: int, ranks: Buffer, /) -> bytes:
    """The half of ``pool`` (an even number of cards) that each colex rank of ``ranks`` (native
    4-byte unsigned ints) names, as a native 4-byte mask: L's hand in the split that
    ``enumerate`` and ``solve_ranked`` number so. Raises ValueError for a rank not below
    C(n, n/2)."""

def static_answer(m: int, l: int, r: int, leader: int, k: int, /) -> int:
    """What the search's cutoffs answer to "can the catchers force M to take k more tricks?"
    without searching: 1 (yes), 0 (no) or -1 (they cannot tell). The cutoffs, from the
    per-suit games (see ``suit_game``): with a catcher on lead, every holding of M safe (no
    more tricks) or one suit catching M by itself (at least one); with M on lead, a safe exit.
    The tests prove each against brute force."""

def suit_game(a: int, b: int, /) -> tuple[int, int, int, int]:
    """The per-suit games the cutoffs are built on, for one suit's cards given as two bytes,
    ``a`` = M's | R's and ``b`` = L's | R's (a rank in neither has been played): whether M's
    holding is safe with the catchers on lead (they may lead it from either hand and throw
    its cards away at any moment, M only follows); whether leading only this suit catches M
    with L on lead, and with R on lead (nobody throws anything away); and the lowest rank of
    M whose loss leaves the holding safe (8: none)."""

def through(m: int, l: int, r: int, leader: int, /) -> int:
    """The suits M is caught through in the layout (hands and leader as for
    ``forced_tricks``), bit ``s`` for suit ``s``: the catchers can force M's first trick to be a
    trick led in that suit, however he tries to take his first trick in another suit instead
    (then that trick is his first, and the game of that suit is over for him). 0 when M is
    clean, and also when he is caught whichever suit he protects. The through-search shares
    the transposition table with the plain one, under keys the plain search's never meet."""

def through_many(m: int, pool: int, leader: int, l_masks: Buffer, /) -> bytes:
    """``through`` for many layouts of one M hand in one call: ``pool`` and ``l_masks`` as for
    ``solve_many``; one byte per layout."""

def through_ranked(m: int, pool: int, leader: int, ranks: Buffer, /) -> bytes:
    """``through`` for the splits of ``pool`` with these ranks (as for ``solve_ranked``); one
    byte per rank."""

def enumerate_through(
    m: int, pool: int, leader: int, start: int, count: int, /
) -> tuple[list[int], list[int]]:
    """``enumerate``'s histogram of the splits ``start .. start + count - 1``, and their caught
    splits counted by the suits M is caught through: 16 counts, ``counts[mask]`` for the
    splits caught through exactly the suits of ``mask`` (``counts[0]``: caught whichever suit
    he protects)."""

def through_static_answer(m: int, l: int, r: int, leader: int, suit: int, /) -> int:
    """What the through-search's cutoffs answer to "is M caught through ``suit``?" without
    searching: 1 (yes), 0 (no) or -1 (they cannot tell). With a catcher on lead: M void in
    the suit, or the suit safe (0); the suit catching M by itself from the leader, or from his
    partner once the leader has handed him the lead in a suit M follows (1). With M on lead:
    void in it, a sure winner elsewhere, the suit safe with a card elsewhere to lead, or an exit
    in it that leaves it safe (0); every lead of his answered by such a catch (1). The tests
    prove each against brute force."""

def use_table(buffer: Buffer | None, /) -> None:
    """Search with ``buffer`` (writable, 64-byte aligned, a power of two entries of ENTRY_SIZE
    bytes, at least 2**18 of them, zeroed) as the transposition table, e.g. an mmap with huge
    pages; ``None`` goes back
    to the module's own. The buffer stays referenced until the next call. Not while a search
    runs in another thread."""

def nodes() -> int:
    """Search nodes visited since the last ``clear()`` (for benchmarks)."""

def clear() -> None:
    """Empty the transposition table and zero ``nodes()``."""
