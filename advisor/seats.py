"""Who sits where: the misère seats (M, L, R), who leads the first trick, and the all-pass seats.

In a misère deal the seats are seen from the declarer M: **L** sits to his left and plays right
after him, **R** to his right and plays right before him; a trick led by M goes M, L, R, led by L
goes L, R, M. The first trick is led by the *first hand* (the player to the dealer's left), so
M has the first lead when he is first hand (:attr:`Lead.ME`), else one of the catchers does.

In all-pass (распас) the seats are counted from the dealer's left: **first hand** (первая
рука), **second hand** (вторая рука), **third hand** (третья рука). In a three-handed game the
dealer is third hand; in a four-handed game the dealer sits the deal out. A trick led by seat
``s`` is played s, s+1, s+2 (mod 3) either way.
"""

from __future__ import annotations

from enum import IntEnum

from advisor.errors import NotationError
from advisor.i18n import N_, Phrase
from advisor.text import cut_short
from advisor.words import Word

SEAT_COUNT = 3


class Seat(IntEnum):
    """The three players of a misère deal, clockwise: M (the declarer), L (left of M, plays
    after him), R (right of M)."""

    M = 0
    L = 1
    R = 2

    def after(self, steps: int = 1) -> Seat:
        """The seat that plays ``steps`` cards after this one in a trick."""
        return Seat((self + steps) % SEAT_COUNT)

    @property
    def lead(self) -> Lead:
        """The lead of this seat: ``me``, ``left`` or ``right``."""
        return (Lead.ME, Lead.LEFT, Lead.RIGHT)[self]


class Lead(Word):
    """Who leads the first trick, seen from the misère player: ``me``, one catcher (``left``,
    ``right``), or ``them``, either catcher (both seats, averaged, where the play is solved)."""

    ME = "me"
    LEFT = "left"
    RIGHT = "right"
    THEM = "them"

    @property
    def own(self) -> bool:
        """Whether the misère player leads first (the table's ``own`` values apply)."""
        return self is Lead.ME

    @property
    def table_column(self) -> str:
        """The table's word for the lead's values: ``own`` (M leads) or ``their``.

        >>> Lead.ME.table_column, Lead.LEFT.table_column
        ('own', 'their')
        """
        return "own" if self.own else "their"

    @property
    def founding(self) -> Lead:
        """The lead as the founding table and rules know it: ``me`` or ``them``."""
        return Lead.ME if self is Lead.ME else Lead.THEM

    @property
    def positions(self) -> tuple[Position, ...]:
        """Where the misère player sits if everyone passes: the first hand leads, and play
        goes M, L, R, so he is first hand on his own lead, third when L leads, second when R
        does (both for ``them``).

        >>> [lead.positions for lead in (Lead.ME, Lead.LEFT, Lead.RIGHT)]
        [(<Position.FIRST: 0>,), (<Position.THIRD: 2>,), (<Position.SECOND: 1>,)]
        """
        return _POSITIONS_OF[self]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that may lead: one, or both catchers' for ``them``.

        >>> Lead.THEM.seats, Lead.LEFT.founding
        ((<Seat.L: 1>, <Seat.R: 2>), <Lead.THEM: 'them'>)
        """
        return _SEATS_OF[self]


_SEATS_OF = {
    Lead.ME: (Seat.M,),
    Lead.LEFT: (Seat.L,),
    Lead.RIGHT: (Seat.R,),
    Lead.THEM: (Seat.L, Seat.R),
}


class Position(IntEnum):
    """The three all-pass seats that hold cards, in playing order from the dealer's left."""

    FIRST = 0
    SECOND = 1
    THIRD = 2

    @property
    def word(self) -> str:
        """``first``, ``second``, ``third``: how the command line and JSON spell the seat."""
        return self.name.lower()

    @property
    def label(self) -> Phrase:
        """``first hand`` (``первая рука``), a phrase for messages."""
        return Phrase(_LABELS[self])

    @property
    def russian(self) -> str:
        return ("первая", "вторая", "третья")[self] + " рука"

    def after(self, steps: int = 1) -> Position:
        """The seat that plays ``steps`` cards after this one in a trick."""
        return Position((self + steps) % SEAT_COUNT)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``first``, ``first hand``, ``1``, ``1st`` (any case), or the Russian words."""
        key = " ".join(text.lower().replace("_", " ").split())
        key = key.removesuffix(" hand").removesuffix(" рука")
        found = _SPELLINGS.get(key)
        if found is None:
            raise NotationError(
                Phrase("'{text}' is not a seat: write first, second or third", text=cut_short(text))
            )
        return found

    def __str__(self) -> str:
        return self.word


_LABELS = (N_("first hand"), N_("second hand"), N_("third hand"))

_SPELLINGS = {
    spelling: seat
    for seat, spellings in (
        (Position.FIRST, ("first", "1", "1st", "первая")),
        (Position.SECOND, ("second", "2", "2nd", "вторая")),
        (Position.THIRD, ("third", "3", "3rd", "третья")),
    )
    for spelling in spellings
}


_POSITIONS_OF = {
    Lead.ME: (Position.FIRST,),
    Lead.LEFT: (Position.THIRD,),
    Lead.RIGHT: (Position.SECOND,),
    Lead.THEM: (Position.SECOND, Position.THIRD),
}
