"""The seats: M, L and R of a misère deal, who leads, and first, second and third hand."""

from __future__ import annotations

import pytest

from advisor.errors import NotationError
from advisor.seats import Lead, Position, Seat


def test_seats_play_in_order_from_the_dealers_left() -> None:
    assert list(Position) == [Position.FIRST, Position.SECOND, Position.THIRD]
    assert [seat.after() for seat in Position] == [Position.SECOND, Position.THIRD, Position.FIRST]
    assert Position.SECOND.after(2) is Position.FIRST


def test_seat_words() -> None:
    assert [seat.word for seat in Position] == ["first", "second", "third"]
    assert str(Position.THIRD.label) == "third hand"
    assert Position.FIRST.russian == "первая рука"
    assert str(Position.SECOND) == "second"


@pytest.mark.parametrize(
    ("text", "seat"),
    [("first", Position.FIRST), ("First Hand", Position.FIRST), ("1", Position.FIRST),
     ("2nd", Position.SECOND), ("третья рука", Position.THIRD), ("THIRD", Position.THIRD)],
)  # fmt: skip
def test_seat_parse(text: str, seat: Position) -> None:
    assert Position.parse(text) is seat


def test_seat_round_trips() -> None:
    for seat in Position:
        assert Position.parse(seat.word) is seat
        assert Position.parse(str(seat.label)) is seat
        assert Position.parse(seat.russian) is seat


def test_unknown_seat_is_named() -> None:
    with pytest.raises(NotationError, match="'dealer' is not a seat: write first, second or third"):
        Position.parse("dealer")


def test_misere_seats_play_clockwise_from_the_declarer() -> None:
    assert list(Seat) == [Seat.M, Seat.L, Seat.R]
    assert [seat.after() for seat in Seat] == [Seat.L, Seat.R, Seat.M]
    assert [seat.lead for seat in Seat] == [Lead.ME, Lead.LEFT, Lead.RIGHT]


@pytest.mark.parametrize(
    ("lead", "seats", "founding"),
    [
        (Lead.ME, (Seat.M,), Lead.ME),
        (Lead.LEFT, (Seat.L,), Lead.THEM),
        (Lead.RIGHT, (Seat.R,), Lead.THEM),
        (Lead.THEM, (Seat.L, Seat.R), Lead.THEM),
    ],
)
def test_a_lead_and_its_seats(lead: Lead, seats: tuple[Seat, ...], founding: Lead) -> None:
    assert lead.seats == seats and lead.founding is founding
    assert lead.own is (lead is Lead.ME)
    assert Lead(str(lead)) is lead
