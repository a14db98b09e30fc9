"""Type stub of the compiled all-pass solver ``advisor.allpass._core`` (source: ``_core.c``).

Cards are bits of a 32-bit mask, bit ``suit * 8 + rank`` (as :class:`advisor.cards.CardSet`).
Seats are ints in playing order from the dealer's left: 0 = first hand, 1 = second, 2 = third.
``value`` is 0 for forced (the other two maximise P's tricks, P minimises them) or 1 for fewest
(everyone minimises them). ``dealer`` says what a turned-up talon card does: -1 (``SUIT_ONLY``)
it only names the suit, and a talon trick nobody follows goes to nobody; 0..2 it is the card of
the dealer in that seat, who takes the trick when no player beats it; 3 (``DEALER_OUT``) the same
with a dealer who sits out (four-handed). The search keeps one transposition table per process,
shared by every call and thread; ``solve_deals`` releases the GIL while it searches.
"""

from typing_extensions import Buffer

class Stopped(Exception):
    """``solve_deals`` gave up because :func:`stop` asked every search to."""

def stop(flag: bool, /) -> None:
    """With True, every ``solve_deals`` running (in any thread) or begun gives up between two
    deals and raises :class:`Stopped`; with False, they run again. (In the main thread it
    also runs the Python handlers of signals that arrive, between deals.)"""

NOT_ASKED: int
"""The byte ``solve_deals`` writes for a value it was not asked for (255)."""
SUIT_ONLY: int
DEALER_OUT: int

def value(
    first: int,
    second: int,
    third: int,
    talon: bytes,
    leader: int,
    player: int,
    value: int,
    dealer: int,
    /,
) -> int:
    """P's (``player``'s) tricks from a position: three disjoint hands of equal size (at most
    10), the talon cards still to be turned up (``talon``: their indices in order, at most two),
    and the seat that leads once the talon tricks are over. Raises ValueError for a bad
    position."""

def solve_deals(records: Buffer, seats: int, values: int, dealer: int, /) -> bytes:
    """The bulk entry point: ``records`` holds 4 native 4-byte unsigned ints a deal (first,
    second and third hand's 10 cards; the talon, first card | second << 8); first hand leads
    trick 3. ``seats`` is a bit mask of the players to solve for, ``values`` a bit mask (1
    forced, 2 fewest). Returns 6 bytes a deal: forced for seats 0..2, then fewest for seats
    0..2, ``NOT_ASKED`` where not asked. Raises ValueError for a record that is not a deal."""

def static_answer(p: int, next: int, prev: int, leader: int, k: int, value: int, /) -> int:
    """What the cutoffs answer to "does P take at least k more tricks?" after the talon tricks,
    without searching: 1, 0, or -1 (they cannot tell). The cutoffs: the last trick played out;
    P safe in every suit with another seat on lead, or with a safe exit on his own lead (no
    more tricks); under forced, one suit catching P by itself (at least one); P able to lose
    the next trick whatever the others do (not all of them); P on lead with only top cards (all
    of them). Hands relative to P: ``next`` plays
    right after P, ``prev`` right before; ``leader`` 0 = P, 1 = next, 2 = prev."""

def nodes() -> int:
    """Search nodes visited since the last ``clear()`` (for benchmarks)."""

def clear() -> None:
    """Empty the transposition table and zero ``nodes()``."""
