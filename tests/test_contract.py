"""Game contracts and the auction's ladder: notation, order, quotas, which bid may follow which."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.cards import Suit
from advisor.contract import (
    CONTRACTS,
    LADDER,
    MISERE,
    PASS,
    Bid,
    Contract,
    Strain,
    Ten,
    check_bid,
    check_named,
    lowest_answer,
)
from advisor.errors import AdvisorError, BidError, ContractError
from advisor.i18n import speaking

contracts = st.sampled_from(CONTRACTS)
bids = st.sampled_from((*LADDER, PASS))


def test_strains_rank_spades_clubs_diamonds_hearts_no_trump() -> None:
    assert sorted(Strain) == [Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS,
                              Strain.NO_TRUMP]  # fmt: skip
    assert [strain.suit for strain in Strain] == [*Suit, None]
    assert all(Strain.of(strain.suit) is strain for strain in Strain)


def test_prices_and_quotas() -> None:
    assert [Contract(level, Strain.HEARTS).price for level in range(6, 11)] == [2, 4, 6, 8, 10]
    quotas = [Contract(level, Strain.SPADES).quota() for level in range(6, 11)]
    assert quotas == [4, 2, 1, 1, None]  # a ten is checked by default: no quota
    assert Contract(10, Strain.SPADES).quota(Ten.WHISTED) == 1
    assert Contract(6, Strain.SPADES).quota(Ten.WHISTED) == 4


def test_the_ladder_puts_misere_between_eight_no_trump_and_nine_spades() -> None:
    words = [str(bid) for bid in LADDER]
    assert words[:6] == ["6♠", "6♣", "6♦", "6♥", "6NT", "7♠"]
    assert words[14:17] == ["8NT", "misère", "9♠"]
    assert words[-1] == "10NT" and len(LADDER) == 26
    assert list(LADDER) == sorted(LADDER)
    assert all(bid > PASS for bid in LADDER)
    assert [bid.contract for bid in LADDER if bid.contract is not None] == list(CONTRACTS)


@given(contracts, contracts)
def test_contracts_order_as_their_bids(one: Contract, two: Contract) -> None:
    assert (one < two) == (Bid.game(one) < Bid.game(two))
    assert (one <= two) == ((one.level, one.strain) <= (two.level, two.strain))


def test_next_walks_the_ladder() -> None:
    assert PASS.next() == Bid.parse("6S")
    assert Bid.parse("8NT").next() is not None and Bid.parse("8NT").next() == MISERE
    assert MISERE.next() == Bid.parse("9S")
    assert Bid.parse("10NT").next() is None
    walked = [PASS]
    while (step := walked[-1].next()) is not None:
        walked.append(step)
    assert walked[1:] == list(LADDER)


@given(bids, bids)
def test_at_least(one: Bid, two: Bid) -> None:
    assert one.at_least(two) == (one >= two)
    assert one.at_least(one)


@pytest.mark.parametrize(
    ("text", "contract"),
    [("7S", "7♠"), ("7s", "7♠"), ("7♠", "7♠"), ("7♤", "7♠"), ("7 пик", "7♠"), ("7п", "7♠"),
     ("7 ПИКИ", "7♠"), ("6 треф", "6♣"), ("6т", "6♣"), ("8 бубен", "8♦"), ("8Б", "8♦"),
     ("9 червей", "9♥"), ("9ч", "9♥"), ("10NT", "10NT"), ("10nt", "10NT"), ("6 БК", "6NT"),
     ("6бк", "6NT"), ("6 б/к", "6NT"), ("6 без козыря", "6NT"), ("7 no-trump", "7NT"),
     ("  7   hearts ", "7♥"), ("7♥\ufe0f", "7♥")],
)  # fmt: skip
def test_players_notations(text: str, contract: str) -> None:
    assert str(Contract.parse(text)) == contract


@given(contracts)
def test_contract_round_trips(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(contract.ascii()) == contract
    assert Contract.parse(contract.ascii().lower()) == contract
    assert eval(repr(contract)) == contract  # repr pastes back
    assert pickle.loads(pickle.dumps(contract)) == contract
    with speaking("ru"):
        assert Contract.parse(contract.label.text()) == contract  # "6БК" reads back


@given(bids)
def test_bid_round_trips(bid: Bid) -> None:
    assert Bid.parse(str(bid)) == bid
    assert Bid.parse(bid.ascii()) == bid
    assert Bid.parse(str(bid.label)) == bid
    with speaking("ru"):
        assert Bid.parse(bid.label.text()) == bid  # мизер, пас
    assert pickle.loads(pickle.dumps(bid)) == bid


@pytest.mark.parametrize("text", ["misere", "MISÈRE", "мизер", "Мизер"])
def test_misere_spellings(text: str) -> None:
    assert Bid.parse(text) == MISERE


@pytest.mark.parametrize("text", ["pass", "Pass", "пас", "ПАС"])
def test_pass_spellings(text: str) -> None:
    assert Bid.parse(text) == PASS


@pytest.mark.parametrize(
    ("text", "message"),
    [("11S", "'11S': a contract is six to ten tricks, not 11"),
     ("5NT", "'5NT': a contract is six to ten tricks, not 5"),
     ("666S", "'666S': a contract is six to ten tricks, not 666"),
     ("100S", "'100S': a contract is six to ten tricks, not 100"),
     ("0S", "'0S': a contract is six to ten tricks, not 0"),
     ("9" * 5000 + "S", "'" + "9" * 39 + "…': a contract is six to ten tricks, not "
                        + "9" * 39 + "…"),
     ("6X", "'6X': 'X' is not a strain (S C D H NT, ♠ ♣ ♦ ♥, п т б ч бк)"),
     ("7 spade", "'7 spade': 'spade' is not a strain (S C D H NT, ♠ ♣ ♦ ♥, п т б ч бк)"),
     ("S7", "'S7' is not a bid: write a level 6..10 and a strain (7S, 7♠, 6NT, 7 пик, 6 бк), "
            "misère or pass"),
     ("misere", "'misere' is misère: a game contract (6♠ … 10NT) is needed here"),
     ("мизер", "'мизер' is misère: a game contract (6♠ … 10NT) is needed here"),
     ("pass", "'pass' is pass: a game contract (6♠ … 10NT) is needed here"),
     ("7\x1b[31mS", "'7\\x1b[31mS': '\\x1b[31mS' is not a strain (S C D H NT, ♠ ♣ ♦ ♥, "
                    "п т б ч бк)")],
)  # fmt: skip
def test_bad_contracts_name_the_text(text: str, message: str) -> None:
    with pytest.raises(ContractError) as caught:
        Contract.parse(text)
    assert str(caught.value) == message
    assert isinstance(caught.value, AdvisorError) and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["06S", "006S", "0010NT"])
def test_a_level_may_be_written_with_leading_zeros(text: str) -> None:
    assert Contract.parse(text) == Contract.parse(text.lstrip("0"))


def test_a_long_bad_text_is_cut_short() -> None:
    with pytest.raises(ContractError) as caught:
        Contract.parse("7" + "x" * 500)
    assert len(str(caught.value)) < 150


def test_contract_errors_in_russian() -> None:
    with pytest.raises(ContractError) as caught:
        Contract.parse("11S")
    with speaking("ru"):
        assert caught.value.text() == "'11S': в игре от шести до десяти взяток, не 11"
    with pytest.raises(ContractError) as caught:
        Contract.parse("мизер")
    with speaking("ru"):
        assert caught.value.text() == "'мизер' — это мизер, а здесь нужна игра (6♠ … 10БК)"


def test_a_bad_level_in_code_is_a_contract_error() -> None:
    with pytest.raises(ContractError, match="six to ten tricks, not 11"):
        Contract(11, Strain.SPADES)


def test_contracts_cannot_change() -> None:
    contract = Contract(7, Strain.SPADES)
    with pytest.raises(AttributeError):
        contract.level = 8
    with pytest.raises(AttributeError):
        PASS.step = 3


def test_lowest_answers() -> None:
    seven = Bid.parse("7S")
    assert lowest_answer(PASS) == Bid.parse("6S")
    assert lowest_answer(seven) == Bid.parse("7C")
    assert lowest_answer(seven, senior=True) == seven  # "здесь"
    assert lowest_answer(Bid.parse("8NT")) == MISERE
    assert lowest_answer(Bid.parse("8NT"), first_call=False) == Bid.parse("9S")
    assert lowest_answer(MISERE) == Bid.parse("9S")
    assert lowest_answer(MISERE, senior=True) == Bid.parse("9S")  # misère is never held
    assert lowest_answer(Bid.parse("10NT")) is None
    assert lowest_answer(Bid.parse("10NT"), senior=True) == Bid.parse("10NT")


def test_check_bid() -> None:
    check_bid(Bid.parse("7H"), Bid.parse("7D"))
    check_bid(Bid.parse("7D"), Bid.parse("7D"), senior=True)
    check_bid(PASS, Bid.parse("10NT"))
    check_bid(MISERE, Bid.parse("7S"))
    with pytest.raises(BidError, match=r"^7♦ is not above the standing bid 7♦$"):
        check_bid(Bid.parse("7D"), Bid.parse("7D"))
    with pytest.raises(BidError, match=r"^6NT is not above the standing bid 7♠$"):
        check_bid(Bid.parse("6NT"), Bid.parse("7S"), senior=True)
    with pytest.raises(BidError, match=r"^misère can only be a player's first bid$"):
        check_bid(MISERE, Bid.parse("6S"), first_call=False)
    with pytest.raises(BidError, match=r"^8NT is not above the standing bid misère$"):
        check_bid(Bid.parse("8NT"), MISERE)


def test_check_named() -> None:
    check_named(Contract.parse("7H"), Bid.parse("7H"))
    check_named(Contract.parse("8S"), Bid.parse("7H"))
    with pytest.raises(BidError, match=r"^7♠ is below the bid 7♥"):
        check_named(Contract.parse("7S"), Bid.parse("7H"))
    with pytest.raises(BidError, match=r"^misère was bid"):
        check_named(Contract.parse("7S"), MISERE)
