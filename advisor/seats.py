"""The seats at the table, in the words players use.

Play goes clockwise from the dealer's left: **first hand** (первая рука), **second hand**
(вторая рука), **third hand** (третья рука). In a three-handed game the dealer is third hand; in
a four-handed game the dealer sits the deal out and the other three are first, second and third
hand. A trick led by seat ``s`` is played s, s+1, s+2 (mod 3).
"""

from __future__ import annotations

from enum import IntEnum

from advisor.errors import NotationError

SEAT_COUNT = 3


class Seat(IntEnum):
    """The three seats that hold cards, in playing order from the dealer's left."""

    FIRST = 0
    SECOND = 1
    THIRD = 2

    @property
    def word(self) -> str:
        """``first``, ``second``, ``third``: how the command line and JSON spell the seat."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """``first hand``."""
        return f"{self.word} hand"

    @property
    def russian(self) -> str:
        return ("первая", "вторая", "третья")[self] + " рука"

    def after(self, steps: int = 1) -> Seat:
        """The seat that plays ``steps`` cards after this one in a trick."""
        return Seat((self + steps) % SEAT_COUNT)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``first``, ``first hand``, ``1``, ``1st`` (any case), or the Russian words."""
        key = " ".join(text.lower().replace("_", " ").split())
        key = key.removesuffix(" hand").removesuffix(" рука")
        found = _SPELLINGS.get(key)
        if found is None:
            raise NotationError(f"'{text}' is not a seat: write first, second or third")
        return found

    def __str__(self) -> str:
        return self.word


_SPELLINGS = {
    spelling: seat
    for seat, spellings in (
        (Seat.FIRST, ("first", "1", "1st", "первая")),
        (Seat.SECOND, ("second", "2", "2nd", "вторая")),
        (Seat.THIRD, ("third", "3", "3rd", "третья")),
    )
    for spelling in spellings
}
