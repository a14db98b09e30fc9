"""Holdings, cleanliness, the card-for-card comparison and table keys."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.errors import AdvisorError
from advisor.holdings import Holding, HoldingPattern


@pytest.mark.parametrize("text", ["7", "7 8", "7 9", "7 8 10", "7 9 J", "7 8 9 K", "-"])
def test_clean_holdings_from_the_primer(text: str) -> None:
    assert Holding.parse(text).is_clean


@pytest.mark.parametrize("text", ["8", "7 10", "7 9 Q", "8 9", "9", "7 8 Q", "A"])
def test_unclean_holdings_from_the_primer(text: str) -> None:
    assert not Holding.parse(text).is_clean


def test_clean_means_rank_at_most_twice_the_position() -> None:
    for mask in range(256):
        holding = Holding(mask)
        ranks = [r for r in range(8) if mask >> r & 1]
        assert holding.is_clean == all(r <= 2 * i for i, r in enumerate(ranks))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10 7", "7 10"), ("7 T", "7 10"), ("7T", "7 10"), ("Q 9 7", "7 9 Q"), ("7 X", "7 10")],
)
def test_holding_spellings(text: str, canonical: str) -> None:
    assert str(Holding.parse(text)) == canonical


def test_at_most_card_for_card() -> None:
    assert Holding.parse("7 8 9 A").at_most(Holding.parse("7 8 10 A"))
    assert not Holding.parse("7 8 J A").at_most(Holding.parse("7 8 10 A"))
    assert not Holding.parse("7 8").at_most(Holding.parse("7 8 10"))
    assert Holding.parse("7 10").at_most(Holding.parse("7 10"))


@given(st.integers(0, 255))
def test_holding_round_trips(mask: int) -> None:
    assert Holding.parse(str(Holding(mask))) == Holding(mask)


def test_pattern_spells_its_holdings() -> None:
    pattern = HoldingPattern.parse("7 8|9 10|J A")
    assert [str(h) for h in pattern.holdings()] == ["7 8 10 A", "7 9 10 A", "7 8 J A", "7 9 J A"]
    assert str(pattern) == "7 8|9 10|J A"
    assert str(HoldingPattern.parse("Q 9|8 7")) == "7 8|9 Q"
    assert str(HoldingPattern.parse("T 7")) == "7 10"


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("6 7", "'6 7': '6' is not a Preferans rank (7..A)"),
        ("7 7", "'7 7' names the rank 7 twice"),
        ("7 8 9 10 J Q K A 7", "'7 8 9 10 J Q K A 7' has 9 cards: a suit has only 8"),
        ("", "'' names no cards"),
        ("7 8|8", "'7 8|8': '8|8' names a rank twice"),
        ("7 |8", "'7 |8': '|8' has an empty alternative"),
        ("78 9", "'78 9': '78' is more than one rank (separate them by spaces)"),
    ],
)
def test_impossible_keys(key: str, message: str) -> None:
    with pytest.raises(AdvisorError) as raised:
        HoldingPattern.parse(key)
    assert str(raised.value) == message
