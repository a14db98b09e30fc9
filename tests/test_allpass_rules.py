"""The rules of all-pass, seed §6.1, sentence by sentence, through the engine's replay."""

from __future__ import annotations

import pytest

from advisor.allpass.rules import (
    AllPassRules,
    Deal,
    format_deal,
    legal_cards,
    parse_deal,
    parse_play,
    replay,
    talon_taker,
    trick_taker,
)
from advisor.cards import Card, CardSet, Suit, parse_cards
from advisor.errors import CardCountError, DuplicateCardError, LayoutError, NotationError, PlayError
from advisor.seats import Position
from advisor.table import Progression, TalonCard, default_table, merge_table

SUIT = AllPassRules(TalonCard.SUIT)
DEALER_3 = AllPassRules(TalonCard.DEALER, players=3)
DEALER_4 = AllPassRules(TalonCard.DEALER, players=4)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_play(text)


def _ending(first: str, second: str, third: str, talon: str = "") -> Deal:
    hands = (parse_cards(first), parse_cards(second), parse_cards(third))
    return Deal(hands, _cards(talon))


# Four tricks: two talon tricks, then first hand leads, then the winner.
FOUR = _ending("♥8 ♠A ♣7 ♦7", "♥K ♠7 ♣8 ♦8", "♥10 ♠8 ♦A ♦9", "9♥ 9♣")
FOUR_PLAY = "8♥ K♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ 9♦"


def _takers(deal: Deal, play: str, rules: AllPassRules) -> list[Position | None]:
    return [trick.taker for trick in replay(deal, parse_play(play), rules).tricks]


def test_the_turned_up_card_sets_the_suit_and_the_highest_card_of_it_takes_the_trick() -> None:
    """Trick 1: hearts turned up; ♥K is the highest heart played, second hand takes it."""
    played = replay(FOUR, parse_play(FOUR_PLAY), SUIT)
    first = played.tricks[0]
    assert (first.turned, first.leader, first.taker) == (
        Card.parse("9♥"),
        Position.FIRST,
        Position.SECOND,
    )
    assert [str(c) for c in first.cards] == ["8♥", "K♥", "10♥"]


def test_other_suits_do_not_count() -> None:
    """Trick 2: clubs turned up; third hand's ♦A is of another suit and takes nothing, the
    highest club (second hand's ♣8) takes it."""
    assert _takers(FOUR, FOUR_PLAY, SUIT)[1] is Position.SECOND


def test_a_void_player_may_play_anything() -> None:
    """Third hand has no club: his ♦A on the club trick is no revoke."""
    assert replay(FOUR, parse_play(FOUR_PLAY), SUIT).revokes == ()


def test_first_hand_leads_trick_3_then_the_winner_leads() -> None:
    """Second hand took trick 2, yet first hand leads trick 3 (and takes it with ♠A); he
    then leads trick 4, which third hand's ♦9 takes."""
    tricks = replay(FOUR, parse_play(FOUR_PLAY), SUIT).tricks
    assert [t.leader for t in tricks] == [
        Position.FIRST,
        Position.FIRST,
        Position.FIRST,
        Position.FIRST,
    ]
    assert [t.taker for t in tricks] == [
        Position.SECOND,
        Position.SECOND,
        Position.FIRST,
        Position.THIRD,
    ]
    assert (tricks[2].turned, tricks[3].turned) == (None, None)
    again = replay(
        _ending("♠7 ♣7", "♠8 ♣8", "♠A ♣9"), parse_play("7♠ 8♠ A♠  9♣ 7♣ 8♣"), SUIT
    ).tricks
    assert [t.leader for t in again] == [
        Position.FIRST,
        Position.THIRD,
    ]  # the winner of trick 1 leads


def test_under_dealer_the_turned_up_card_is_the_dealers() -> None:
    """Clubs turned up with the ♣9: the best club played is ♣8, so nobody beats the dealer's
    card. Three-handed the dealer is third hand and takes the trick; four-handed he sits out
    and it is charged to him, to nobody at the table."""
    assert _takers(FOUR, FOUR_PLAY, DEALER_3)[1] is Position.THIRD
    assert _takers(FOUR, FOUR_PLAY, DEALER_4)[1] is None
    played = replay(FOUR, parse_play(FOUR_PLAY), DEALER_4)
    assert (played.taken(None), [played.taken(s) for s in Position]) == (1, [1, 1, 1])


@pytest.mark.parametrize(("rules", "taker"), [(SUIT, Position.FIRST), (DEALER_3, Position.THIRD),
                                              (DEALER_4, None)])  # fmt: skip
def test_a_turned_up_ace(rules: AllPassRules, taker: Position | None) -> None:
    """Under "dealer" a turned-up ace is the dealer's trick: nobody can beat it."""
    three = _cards("K♠ 7♠ 9♠")
    assert talon_taker(Card.parse("A♠"), three, rules) is taker


@pytest.mark.parametrize("rules", [SUIT, DEALER_3, DEALER_4])
def test_a_turned_up_seven_is_beaten_by_the_highest_card_of_its_suit(rules: AllPassRules) -> None:
    assert talon_taker(Card.parse("7♠"), _cards("9♠ Q♠ 8♠"), rules) is Position.SECOND
    assert talon_taker(Card.parse("7♠"), _cards("A♥ 8♠ K♦"), rules) is Position.SECOND


@pytest.mark.parametrize(("rules", "taker"), [(SUIT, None), (DEALER_3, Position.THIRD),
                                              (DEALER_4, None)])  # fmt: skip
def test_a_talon_trick_nobody_follows(rules: AllPassRules, taker: Position | None) -> None:
    """Only in an ending: no player holds the turned-up card's suit. Nobody played a card of
    it: under "suit" the trick goes to nobody; under "dealer" nobody beat the dealer's card."""
    assert talon_taker(Card.parse("8♥"), _cards("A♠ K♣ Q♦"), rules) is taker
    played = replay(
        _ending("♠A ♠7", "♣K ♣7", "♦Q ♦7", "8♥"), parse_play("A♠ K♣ Q♦ 7♠ 7♣ 7♦"), rules
    )
    assert played.tricks[0].taker is taker
    assert played.revokes == ()


def test_an_ordinary_trick_goes_to_the_highest_card_of_the_led_suit() -> None:
    assert trick_taker(Position.SECOND, _cards("9♦ A♠ 10♦")) is Position.FIRST  # 10♦, played third
    assert trick_taker(Position.THIRD, _cards("7♣ A♦ K♥")) is Position.THIRD


def test_following_suit_is_compulsory_when_possible() -> None:
    hand = parse_cards("♠7 K ♥9")
    assert legal_cards(hand, Suit.SPADES) == parse_cards("♠7 K")
    assert legal_cards(hand, Suit.CLUBS) == hand
    assert legal_cards(hand, None) == hand


# ----------------------------------------------------------------------------------------------
# The revoke and the score

REVOKE_PLAY = "8♥ K♥ 10♥  7♦ 8♣ A♦  A♠ 7♠ 8♠  7♣ 8♦ 9♦"  # trick 2: first hand keeps his ♣7


def test_a_revoke_charges_the_whole_deal() -> None:
    """First hand throws ♦7 on the club trick while holding ♣7: he is charged every trick of
    the deal, as if he had taken them all, and the others nothing."""
    played = replay(FOUR, parse_play(REVOKE_PLAY), SUIT)
    (revoke,) = played.revokes
    assert (revoke.trick, revoke.seat, str(revoke.card), revoke.suit) == (
        2, Position.FIRST, "7♦", Suit.CLUBS
    )  # fmt: skip
    assert [played.taken(s) for s in Position] == [2, 2, 0]
    assert [played.charged(s) for s in Position] == [4, 0, 0]
    assert [played.penalty(s) for s in Position] == [4.0, 0.0, 0.0]


def test_two_revokers_are_each_charged_the_whole_deal() -> None:
    deal = _ending("♠7 ♣7", "♠8 ♣8", "♠9 ♣9")
    played = replay(deal, parse_play("7♠ 8♣ 9♣  7♣ 8♠ 9♠"), SUIT)
    assert [r.seat for r in played.revokes] == [Position.SECOND, Position.THIRD]
    assert [played.charged(s) for s in Position] == [0, 2, 2]


def test_without_a_revoke_each_is_charged_his_tricks_at_the_price() -> None:
    rules = AllPassRules(TalonCard.SUIT, penalty=2, progression=Progression.GEOMETRIC)
    played = replay(FOUR, parse_play(FOUR_PLAY), rules, repeat=3)
    assert played.price == 8.0  # 2 points a trick, times 4 for the third all-pass in a row
    assert [played.charged(s) for s in Position] == [1, 2, 1]
    assert [played.penalty(s) for s in Position] == [8.0, 16.0, 8.0]


def test_rules_come_from_the_table_and_the_command_line() -> None:
    table = merge_table(
        default_table(),
        'talon_card = "dealer"\nplayers = 4\nallpass_penalty = 3\n'
        'allpass_progression = "arithmetic"',
        "my.toml",
    )
    rules = AllPassRules.from_table(table)
    assert rules == AllPassRules(TalonCard.DEALER, 4, 3, Progression.ARITHMETIC)
    assert rules.dealer is None and rules.price(2) == 6
    assert AllPassRules.from_table(table, TalonCard.SUIT).talon_card is TalonCard.SUIT
    assert AllPassRules.from_table(default_table()) == AllPassRules()
    assert AllPassRules().dealer is Position.THIRD


# ----------------------------------------------------------------------------------------------
# Cards that cannot have been played


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ("8♥ K♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦",
         "the play gives 11 cards; a deal of 4 tricks has 12, three a trick in the order played"),
        ("8♥ K♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ 9♦ 7♥",
         "the play gives 13 cards; a deal of 4 tricks has 12, three a trick in the order played"),
        ("K♥ 8♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ 9♦",
         "trick 1: K♥ is second hand's card, not first hand's, who plays now "
         "(a player plays his own cards, in turn)"),
        ("8♥ K♥ 9♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ 9♦",
         "trick 1: 9♥ is a talon card, not third hand's (a player plays his own cards)"),
        ("8♥ K♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ A♦",
         "trick 4: A♦ was already played in trick 2 (a card is played once)"),
        ("8♥ K♥ 10♥  7♣ 8♣ A♦  A♠ 7♠ 8♠  7♦ 8♦ J♦",
         "trick 4: J♦ is not in the deal (a player plays his own cards)"),
    ],
)  # fmt: skip
def test_impossible_plays_are_named(play: str, message: str) -> None:
    with pytest.raises(PlayError) as raised:
        replay(FOUR, parse_play(play), SUIT)
    assert str(raised.value) == message


def test_a_play_word_is_one_card() -> None:
    with pytest.raises(PlayError, match="'♠78' is not one card: write the cards one by one"):
        parse_play("♠78 9♠")
    with pytest.raises(NotationError):
        parse_play("8♥ 6♠")


# ----------------------------------------------------------------------------------------------
# The deal notation

DEAL_TEXT = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)


def test_deal_notation_round_trips() -> None:
    deal = parse_deal(DEAL_TEXT)
    assert format_deal(deal) == DEAL_TEXT
    assert parse_deal(format_deal(deal)) == deal
    assert deal.talon == (Card.parse("K♥"), Card.parse("A♥"))  # in the order turned up
    assert parse_deal(DEAL_TEXT.replace("talon: K♥ A♥", "talon: AH KH")).talon[0] == Card.parse(
        "AH"
    )


def test_deal_labels_in_any_order_and_any_notation() -> None:
    text = (
        "TALON: KH AH third: KC AC KD AD 7H 8H 9H TH JH QH "
        "Second: JS QS KS AS TC JC QC TD JD QD first: 789T.789.789.-"
    )
    assert parse_deal(text) == parse_deal(DEAL_TEXT)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        (DEAL_TEXT.replace("third: ♣K", "third: ♠7 ♣K").replace("♥7 8", "♥8"), LayoutError,
         "first hand and third hand both hold ♠7"),
        (DEAL_TEXT.replace("talon: K♥ A♥", "talon: K♥ Q♥"), LayoutError,
         "the talon's Q♥ is also in third hand"),
        (DEAL_TEXT.replace("talon: K♥ A♥", "talon: K♥"), CardCountError,
         "talon: 1 card given, the talon has 2"),
        (DEAL_TEXT.replace("talon: K♥ A♥", "talon: K♥ A♥ 7♠"), CardCountError,
         "talon: 3 cards given, the talon has 2"),
        (DEAL_TEXT.replace("talon: K♥ A♥", "talon: K♥ K♥"), DuplicateCardError,
         "talon: K♥ is given twice"),
        (DEAL_TEXT.replace("♦7 8 9 second", "♦7 8 second"), CardCountError,
         "first: 9 cards given, a hand has 10"),
        (DEAL_TEXT.replace("talon: K♥ A♥", ""), LayoutError, "the deal has no talon: part"),
        (DEAL_TEXT + " first: 7S", LayoutError, "the deal gives first: twice"),
        ("my deal " + DEAL_TEXT, LayoutError,
         "'my deal' comes before a label: write first: ... second: ... third: ... talon: ..."),
        (DEAL_TEXT.replace("♠7 8 9 10", "♠6 8 9 10"), NotationError,
         "first: '♠6' is not a Preferans card: the deck runs 7..A"),
    ],
)  # fmt: skip
def test_bad_deals_are_named(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        parse_deal(text)
    assert str(raised.value) == message


def test_endings_are_checked() -> None:
    with pytest.raises(LayoutError, match="same number of cards, at most 10: first 2, second 1"):
        _ending("♠7 8", "♠9", "♠10")
    with pytest.raises(LayoutError, match="3 talon cards to turn up, but at most 2"):
        Deal((CardSet(1), CardSet(2), CardSet(4)), _cards("8♥ 9♥ 10♥"))
    with pytest.raises(
        LayoutError, match="2 talon cards to turn up, but at most 2 and one a trick"
    ):
        Deal((CardSet(1), CardSet(2), CardSet(4)), _cards("8♥ 9♥"))


def test_the_suit_group_reader_agrees_with_parse_cards() -> None:
    """The fast way to read a hand written suit by suit gives what parse_cards gives, and
    leaves everything else (and every error) to it."""
    import random

    from advisor.allpass.rules import _hand_by_suit_groups

    rng = random.Random(3)
    for _ in range(500):
        hand = CardSet.of(Card.from_index(i) for i in rng.sample(range(32), 10))
        for text in (str(hand), str(hand).replace(" ", "  "), " " + str(hand) + " "):
            assert _hand_by_suit_groups(text) == parse_cards(text) == hand
    for text in (
        "7S 8S 9S 10S 7C 8C 9C 7D 8D 9D",
        "♠7 8 9 10 ♣7 8 9 ♦7 8",
        "♠7 8 9 10 ♠7 ♣8 9 ♦7 8 9",
        "♠7 8 9 10 ♣7 8 9 ♦7 8 6",
        "x ♠7 8 9 10 ♣7 8 9 ♦7 8 9",
    ):
        assert _hand_by_suit_groups(text) is None
    assert _hand_by_suit_groups("♠7810 ♣789 ♦7 8 9 10") == parse_cards("♠7 8 10 ♣7 8 9 ♦7 8 9 10")


def test_a_tricks_price_is_written_as_a_player_would() -> None:
    """0.1 x 3 is 0.3, not 0.30000000000000004 (the price goes into JSON as it is)."""
    from advisor.limits import check_trick_price

    assert check_trick_price(0.1, 3, 3) == 0.3
    assert str(check_trick_price(0.7, 3, 2)) == "2.1"
