"""The defenders' folk model: sure tricks, the threshold, each defender's call, the outcome."""

from __future__ import annotations

import random
from array import array
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.cards import CardSet, Suit, parse_cards, parse_hand, parse_ranks
from advisor.contract import Contract, Ten
from advisor.convention import WhistModel
from advisor.defence import (
    Call,
    defence_outcome,
    folk_call,
    folk_counts,
    model_decisions,
    model_outcome,
    model_outcomes,
    quick_tricks,
    reaches,
    rest_of,
    suit_tricks,
    sure_halves,
    sure_tricks,
    threshold,
    top_sequence,
)
from advisor.errors import DealError
from advisor.points import Whist

STRONG = parse_hand("AS KS AC 8C 9C KD 7D 7H 8H 9H")  # ♠A K ♣A 8 9 ♦K 7 ♥7 8 9
ONE_ACE = parse_hand("AC 7S 8S 7D 8D 9D 7H 8H 9H 10H")  # ♣A alone counts
GUARDED_KING = parse_hand("KC 7C 7S 8S 7D 8D 9D 7H 8H 9H")  # ♣K 7: half a trick
NOTHING = parse_hand("7S 8S 7C 8C 9C 7D 8D 9D 7H 8H")


def contract(text: str) -> Contract:
    return Contract.parse(text)


@pytest.mark.parametrize(
    ("ranks", "quick"),
    [("A K", 2), ("A K Q J", 2), ("A Q", Fraction(3, 2)), ("A Q 7", Fraction(3, 2)), ("A", 1),
     ("A 10 7", 1), ("K Q", 1), ("K Q J", 1), ("K 7", Fraction(1, 2)), ("K 7 8 9", Fraction(1, 2)),
     ("K", 0), ("Q J 10", 0), ("7", 0)],
)  # fmt: skip
def test_quick_tricks(ranks: str, quick: Fraction) -> None:
    assert quick_tricks(parse_ranks(ranks)) == quick


@pytest.mark.parametrize(
    ("ranks", "top"), [("A K Q 7", 3), ("A K Q J 10 9 8 7", 8), ("K Q", 0), ("A Q", 1), ("7", 0)]
)
def test_top_sequence(ranks: str, top: int) -> None:
    assert top_sequence(parse_ranks(ranks)) == top


@pytest.mark.parametrize(
    ("ranks", "side", "trump", "no_trump"),
    [("A K Q J", 2, 4, 4),  # a side suit is ruffed on the third round
     ("A K Q", 2, 3, 3),
     ("A Q", Fraction(3, 2), Fraction(3, 2), Fraction(3, 2)),
     ("K 7", Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)),
     ("K 7 8", Fraction(1, 2), 1, Fraction(1, 2)),  # K x x of trumps is a trick
     ("7 8 9 10", 0, 1, 0),  # four trumps: one by length
     ("7 8 9 10 J", 0, 2, 0),
     ("A 7 8 9 10", 1, 2, 1),
     ("Q J 10 9", 0, 1, 0),
     ("7 8 9", 0, 0, 0)],
)  # fmt: skip
def test_suit_tricks(ranks: str, side: Fraction, trump: Fraction, no_trump: Fraction) -> None:
    mask = parse_ranks(ranks)
    assert suit_tricks(mask, False) == side
    assert suit_tricks(mask, True) == trump
    assert suit_tricks(mask, None) == no_trump


def test_a_hand_counted() -> None:
    # against 6♥: ♠A K 2 + ♣A 8 9 1 + ♦K 7 ½ + ♥7 8 9 (three trumps, no honour) 0 = 3½
    assert sure_tricks(STRONG, contract("6H")) == Fraction(7, 2)
    # against 6♠: ♠A K as trumps is 2 all the same; ♥7 8 9 a side suit: 3½
    assert sure_tricks(STRONG, contract("6S")) == Fraction(7, 2)
    assert sure_tricks(STRONG, contract("6NT")) == Fraction(7, 2)
    # ♦ trumps: ♦K 7 is a guarded king of trumps, ½
    assert sure_tricks(STRONG, contract("7D")) == Fraction(7, 2)
    # ONE_ACE against hearts: ♥7 8 9 10, four trumps, one more trick by length
    assert sure_tricks(ONE_ACE, contract("6H")) == 2
    assert sure_tricks(ONE_ACE, contract("6S")) == 1
    assert sure_tricks(NOTHING, contract("6NT")) == 0


@given(st.integers(0, (1 << 32) - 1), st.sampled_from(["6S", "7C", "8D", "9H", "10NT"]))
def test_the_count_is_the_sum_of_its_suits(mask: int, text: str) -> None:
    hand = CardSet(mask)
    chosen = contract(text)
    trump = chosen.trump
    expected = sum(
        (suit_tricks(hand.suit_mask(s), None if trump is None else s is trump) for s in Suit),
        Fraction(0),
    )
    assert sure_tricks(hand, chosen) == expected


def test_thresholds_are_half_the_quota() -> None:
    assert [threshold(contract(f"{level}S")) for level in range(6, 10)] == [
        2, 1, Fraction(1, 2), Fraction(1, 2)
    ]  # fmt: skip
    assert threshold(contract("10S")) is None
    assert threshold(contract("10S"), Ten.WHISTED) == Fraction(1, 2)


def test_reaching_the_threshold() -> None:
    assert reaches(ONE_ACE, contract("7S")) and not reaches(ONE_ACE, contract("6S"))
    assert reaches(GUARDED_KING, contract("8S")) and not reaches(GUARDED_KING, contract("7S"))
    assert not reaches(NOTHING, contract("9S"))
    assert reaches(NOTHING, contract("10S"))  # checked: played
    assert not reaches(NOTHING, contract("10S"), Ten.WHISTED)


@pytest.mark.parametrize(
    ("hand", "text", "first", "call"),
    [(STRONG, "6S", None, Call.WHIST),
     (STRONG, "6S", Call.WHIST, Call.WHIST),
     (ONE_ACE, "6S", None, Call.PASS),  # one trick, the six needs two
     (ONE_ACE, "6S", Call.PASS, Call.HALF),  # second after a pass: half-whist
     (ONE_ACE, "6S", Call.WHIST, Call.PASS),
     (ONE_ACE, "7S", None, Call.WHIST),
     (GUARDED_KING, "7S", Call.PASS, Call.HALF),
     (GUARDED_KING, "8S", None, Call.WHIST),
     (NOTHING, "8S", Call.PASS, Call.PASS),  # no half-whist above seven
     (NOTHING, "9S", None, Call.PASS),
     (NOTHING, "10S", None, Call.WHIST)],  # a checked ten is played
)  # fmt: skip
def test_the_folk_call(hand: CardSet, text: str, first: Call | None, call: Call) -> None:
    assert folk_call(hand, contract(text), first=first) is call


def test_a_whisted_ten_by_the_folk_rule() -> None:
    ten = contract("10S")
    assert folk_call(NOTHING, ten, Ten.WHISTED) is Call.PASS
    assert folk_call(NOTHING, ten, Ten.WHISTED, Call.PASS) is Call.PASS
    assert folk_call(GUARDED_KING, ten, Ten.WHISTED) is Call.WHIST


@pytest.mark.parametrize(
    ("left", "right", "whist"),
    [(Call.WHIST, Call.WHIST, Whist.BOTH), (Call.WHIST, Call.PASS, Whist.LEFT),
     (Call.PASS, Call.WHIST, Whist.RIGHT), (Call.PASS, Call.PASS, Whist.PASS),
     (Call.PASS, Call.HALF, Whist.HALF)],
)  # fmt: skip
def test_the_defences_outcome(left: Call, right: Call, whist: Whist) -> None:
    assert defence_outcome(left, right) is whist


@pytest.mark.parametrize(
    ("left", "right"), [(Call.WHIST, Call.HALF), (Call.HALF, Call.PASS), (Call.HALF, Call.HALF)]
)
def test_a_half_whist_only_after_a_pass(left: Call, right: Call) -> None:
    with pytest.raises(DealError, match="second defender after a pass"):
        defence_outcome(left, right)


def test_the_models() -> None:
    six, eight = contract("6S"), contract("8S")
    left, right = STRONG, parse_cards("7S 10C JC QC 10D JD QD 10H JH QH")
    assert sure_tricks(right, six) == 0
    assert model_outcome(WhistModel.BOTH, six, right, right) is Whist.BOTH
    assert model_outcome(WhistModel.FOLK, six, left, right) is Whist.LEFT
    assert model_outcome(WhistModel.FOLK, six, right, left) is Whist.RIGHT
    assert model_outcome(WhistModel.FOLK, six, left, left) is Whist.BOTH
    assert model_outcome(WhistModel.FOLK, six, right, right) is Whist.HALF
    assert model_outcome(WhistModel.FOLK, eight, right, right) is Whist.PASS
    assert model_outcome(WhistModel.FOLK, contract("10S"), right, right) is Whist.BOTH
    assert model_outcome(WhistModel.FOLK, contract("10S"), right, right, Ten.WHISTED) is (
        Whist.PASS
    )


@given(
    st.lists(st.permutations(range(32)), min_size=1, max_size=20),
    st.sampled_from(["6S", "7C", "8D", "9H", "6NT", "7NT", "10NT"]),
    st.sampled_from(list(Ten)),
)
def test_many_layouts_at_once_as_one_by_one(decks: list[list[int]], text: str, ten: Ten) -> None:
    """The bulk path (the count inlined, the rule decided once for the four ways the hands
    may reach the threshold) gives what each defender's folk call gives."""
    chosen = contract(text)
    layouts = [(sum(1 << c for c in deck[:10]), sum(1 << c for c in deck[10:20])) for deck in decks]
    for model in WhistModel:
        bulk = model_outcomes(model, chosen, layouts, ten)
        for (left, right), whist in zip(layouts, bulk, strict=True):
            if model is WhistModel.BOTH or chosen.quota(ten) is None:
                assert whist is Whist.BOTH
                continue
            first = folk_call(CardSet(left), chosen, ten)
            assert whist is defence_outcome(first, folk_call(CardSet(right), chosen, ten, first))


@given(
    st.lists(st.integers(0, (1 << 32) - 1), max_size=40),
    st.sampled_from(["6S", "7C", "8D", "9H", "10NT"]),
)
def test_the_counts_of_many_hands_are_each_hands_count(masks: list[int], text: str) -> None:
    """The bulk count (the suits' bytes translated and added as big integers) of every hand,
    one byte each, is its own folk count; one strain's levels share it."""
    chosen = contract(text)
    counted = folk_counts(array("I", masks), chosen)
    assert list(counted) == [sure_halves(mask, chosen) for mask in masks]
    higher = Contract(min(chosen.level + 1, 10), chosen.strain)
    assert folk_counts(array("I", masks), higher) == counted


@given(st.permutations(range(32)), st.integers(min_value=0, max_value=40))
def test_the_rest_of_a_pool_is_each_left_hand_flipped(deck: list[int], count: int) -> None:
    pool = sum(1 << card for card in deck[:20])
    rng = random.Random(count)
    lefts = array("I", (sum(1 << card for card in rng.sample(deck[:20], 10)) for _ in range(count)))
    assert list(rest_of(pool, lefts)) == [pool & ~left for left in lefts]


def test_the_decisions_of_no_layouts_are_none() -> None:
    empty = array("I")
    for model in WhistModel:
        assert model_decisions(model, contract("6S"), empty, empty) == b""
