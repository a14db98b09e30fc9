"""The seats: first, second and third hand, in playing order from the dealer's left."""

from __future__ import annotations

import pytest

from advisor.errors import NotationError
from advisor.seats import Seat


def test_seats_play_in_order_from_the_dealers_left() -> None:
    assert list(Seat) == [Seat.FIRST, Seat.SECOND, Seat.THIRD]
    assert [seat.after() for seat in Seat] == [Seat.SECOND, Seat.THIRD, Seat.FIRST]
    assert Seat.SECOND.after(2) is Seat.FIRST


def test_seat_words() -> None:
    assert [seat.word for seat in Seat] == ["first", "second", "third"]
    assert Seat.THIRD.label == "third hand"
    assert Seat.FIRST.russian == "первая рука"
    assert str(Seat.SECOND) == "second"


@pytest.mark.parametrize(
    ("text", "seat"),
    [("first", Seat.FIRST), ("First Hand", Seat.FIRST), ("1", Seat.FIRST), ("2nd", Seat.SECOND),
     ("третья рука", Seat.THIRD), ("THIRD", Seat.THIRD)],
)  # fmt: skip
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_seat_round_trips() -> None:
    for seat in Seat:
        assert Seat.parse(seat.word) is seat
        assert Seat.parse(seat.label) is seat
        assert Seat.parse(seat.russian) is seat


def test_unknown_seat_is_named() -> None:
    with pytest.raises(NotationError, match="'dealer' is not a seat: write first, second or third"):
        Seat.parse("dealer")
