"""Cards and the notations players write them in."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from advisor import i18n
from advisor.cards import Card, CardSet, Rank, Suit, parse_cards, parse_hand, parse_ranks
from advisor.errors import AdvisorError, CardCountError, DuplicateCardError, NotationError
from advisor.solver.layout import parse_layout

SAME_HAND = [
    "7S 8S 10S 7C 9C JC 7D 8D 7H 9H",
    "7S 8S TS 7C 9C JC 7D 8D 7H 9H",
    "7s 8s xs 7c 9c jc 7d 8d 7h 9h",
    "7♠ 8♠ 10♠ 7♣ 9♣ J♣ 7♦ 8♦ 7♥ 9♥",
    "7♤ 8♤ 10♤ 7♧ 9♧ J♧ 7♢ 8♢ 7♡ 9♡",
    "♠7810 ♣79J ♦78 ♥79",
    "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9",
    "S:7,8,10 C:7,9,J D:7,8 H:7,9",
    "s:7 8 10, c:7 9 j, d:7 8, h:7 9",
    "78T.79J.78.79",
    "7п 8п 10п 7т 9т Вт 7б 8б 7ч 9ч",
    "7П 8П 10П 7Т 9Т ВТ 7Б 8Б 7Ч 9Ч",
    "7S,8S,10S,7C,9C,JC,7D,8D,7H,9H",
    "  7S   8S 10S\t7C 9C JC 7D 8D 7H 9H  ",
    "♠️7810 ♣️79J ♦️78 ♥️79",
]


@pytest.mark.parametrize("text", SAME_HAND)
def test_every_notation_reads_the_same_hand(text: str) -> None:
    assert str(parse_hand(text)) == "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"


def test_hand_as_several_arguments() -> None:
    assert parse_hand(["7S", "8S", "10S", "7C", "9C", "JC", "7D", "8D", "7H", "9H"]) == parse_hand(
        SAME_HAND[0]
    )


def test_russian_t_is_the_ace_as_a_rank_and_clubs_as_a_suit() -> None:
    assert Card.parse("Тт") == Card(Suit.CLUBS, Rank.ACE)
    assert Card.parse("Тп") == Card(Suit.SPADES, Rank.ACE)
    assert Card.parse("7т") == Card(Suit.CLUBS, Rank.SEVEN)
    assert Card.parse("♣Т") == Card(Suit.CLUBS, Rank.ACE)


def test_dotted_voids() -> None:
    hand = parse_hand("789TJ.-.789.7J")
    assert str(hand) == "♠7 8 9 10 J ♦7 8 9 ♥7 J"
    assert hand.suit_mask(Suit.CLUBS) == 0


def test_canonical_order_and_ascii() -> None:
    hand = parse_hand("9H 7H 8D 7D JC 9C 7C 10S 8S 7S")
    assert str(hand) == "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"
    assert hand.ascii() == "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
    assert repr(hand) == "CardSet.parse('♠7 8 10 ♣7 9 J ♦7 8 ♥7 9')"
    assert eval(repr(hand)) == hand


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("6S 7S 8S 9S 10S JS QS KS AS 7C", NotationError,
         "'6S' is not a Preferans card: the deck runs 7..A"),
        ("2♥", NotationError, "'2♥' is not a Preferans card: the deck runs 7..A"),
        ("♠678", NotationError, "'♠678' is not a Preferans card: the deck runs 7..A"),
        ("7Z", NotationError, "'7Z': 'Z' is not a suit (S C D H, ♠ ♣ ♦ ♥, п т б ч)"),
        ("7С 8С", NotationError,  # a Cyrillic С, not the Latin C of clubs
         "'7С': Cyrillic С (U+0421) is not a suit (S C D H, ♠ ♣ ♦ ♥, п т б ч)"),
        ("7Р", NotationError,
         "'7Р': Cyrillic Р (U+0420) is not a suit (S C D H, ♠ ♣ ♦ ♥, п т б ч)"),
        ("78Τ.79.789.79", NotationError,  # a Greek capital tau
         "'78Τ': Greek Τ (U+03A4) is neither a rank (7..A) nor a suit"),
        ("Хп", NotationError,  # the Cyrillic Х is not the Latin X of the ten
         "'Хп': Cyrillic Х (U+0425) is neither a rank (7..A) nor a suit"),
        ("7☆", NotationError, "'7☆': '☆' (U+2606) is not a suit (S C D H, ♠ ♣ ♦ ♥, п т б ч)"),
        ("7S\u200b", NotationError, "'7S\u200b': '\u200b' is neither a rank (7..A) nor a suit"),
        ("♠7 п", NotationError, "'п': a suit Cyrillic п (U+043F) where a rank (7..A) belongs"),
        ("7", NotationError, "'7' has no suit: write 7S or 7♠, or put ranks after a suit (♠7 8)"),
        ("1S", NotationError, "'1S' is not a Preferans card: the deck runs 7..A"),
        ("?S", NotationError, "'?S': '?' is neither a rank (7..A) nor a suit"),
        ("S7", NotationError, "'S7': a suit 'S' where a rank (7..A) belongs"),
        ("7S 8S 10S 7C 9C JC 7D 8D 7H", CardCountError, "9 cards given, a hand has 10"),
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9H 10H", CardCountError, "11 cards given, a hand has 10"),
        ("", CardCountError, "0 cards given, a hand has 10"),
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 7♠", DuplicateCardError,
         "7♠ is given twice ('7S' and '7♠')"),
        ("7S 7S 10S 7C 9C JC 7D 8D 7H 9H", DuplicateCardError, "7♠ is given twice ('7S')"),
        ("78T.79J.78", NotationError,
         "'78T.79J.78': dotted notation has 4 suits in the order ♠.♣.♦.♥, found 3"),
    ],
)  # fmt: skip
def test_bad_hands_name_the_problem(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        parse_hand(text)
    assert str(raised.value) == message
    assert isinstance(raised.value, AdvisorError)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("78Т.79J.78.79", "'78Т.79J.78.79' mixes alphabets: Cyrillic Т (U+0422) and Latin J"),
        ("7S 8S 10S 7С 9C JC 7D 8D 7H 9H",
         "'7S 8S 10S 7С 9C JC 7D 8D 7H 9H' mixes alphabets: Cyrillic С (U+0421) and Latin S"),
        ("7п 8п 10п 7т 9т Вт 7б 8б 7ч 9H",
         "'7п 8п 10п 7т 9т Вт 7б 8б 7ч 9H' mixes alphabets: Cyrillic п (U+043F) and Latin H"),
        ("♠7 8 10 ♣7 9 J ♦7 8 ♥7 Д", "'♠7 8 10 ♣7 9 J ♦7 8 ♥7 Д' mixes alphabets: Cyrillic Д "
         "(U+0414) and Latin J"),
        ("S:7,8,10 C:7,9,В D:7,8 H:7,9", "'S:7,8,10 C:7,9,В D:7,8 H:7,9' mixes alphabets: "
         "Cyrillic В (U+0412) and Latin S"),
        ("K♠ К♣", "'K♠ К♣' mixes alphabets: Cyrillic К (U+041A) and Latin K"),
        ("7Τ 8т", "'7Τ 8т' mixes alphabets: Greek Τ (U+03A4) and Cyrillic т (U+0442)"),
        ("7S\n8п", "'7S 8п' mixes alphabets: Cyrillic п (U+043F) and Latin S"),
    ],
)  # fmt: skip
def test_cards_in_two_alphabets_are_refused(text: str, message: str) -> None:
    """A Cyrillic Т beside Latin letters would read as an ace where a ten was meant."""
    with pytest.raises(NotationError) as raised:
        parse_cards(text)
    assert str(raised.value) == message + "; write all the cards in one"


@pytest.mark.parametrize(
    "text",
    ["78Т.79В.78.79", "♠7 8 Т ♣7 9 В ♦7 8 ♥7 9", "ſ:7,8,10 C:7,9,J D:7,8 H:7,9", "7п 8п 10п 7т"],
)
def test_cards_in_one_alphabet_pass(text: str) -> None:
    parse_cards(text)


def test_ranks_in_two_alphabets_are_refused() -> None:
    with pytest.raises(NotationError) as raised:
        parse_ranks("7 Д Q")
    assert str(raised.value) == (
        "'7 Д Q' mixes alphabets: Cyrillic Д (U+0414) and Latin Q; write all the cards in one"
    )
    assert parse_ranks("7 8 Д") == parse_ranks("7 8 Q")


def test_the_letters_are_named_in_russian() -> None:
    with i18n.speaking("ru"):
        with pytest.raises(NotationError) as mixed:
            parse_cards("78Т.79J.78.79")
        with pytest.raises(NotationError) as look_alike:
            parse_cards("7С")
        assert mixed.value.text() == (
            "'78Т.79J.78.79': буквы разных алфавитов, кириллическая буква Т (U+0422) и "
            "латинская буква J; пишите все карты одним алфавитом"
        )
        assert look_alike.value.text() == (
            "'7С': кириллическая буква С (U+0421) — не масть (п т б ч, ♠ ♣ ♦ ♥, S C D H)"
        )


def _write(cards: list[Card], style: str, rng: random.Random) -> str:
    """Write ``cards`` in one of the notations players use."""
    symbols = {
        "ascii": ("7", "8", "9", rng.choice(["10", "T", "X"]), "J", "Q", "K", "A"),
        "russian": ("7", "8", "9", "10", "В", "Д", "К", "Т"),
    }
    if style in ("ascii", "glyph", "russian"):
        suits = {"ascii": "SCDH", "glyph": "♠♣♦♥", "russian": "птбч"}[style]
        ranks = symbols["russian" if style == "russian" else "ascii"]
        shuffled = cards[:]
        rng.shuffle(shuffled)
        return rng.choice([" ", ", ", "  "]).join(ranks[c.rank] + suits[c.suit] for c in shuffled)
    ranks_of = {s: [symbols["ascii"][c.rank] for c in cards if c.suit == s] for s in Suit}
    by_suit = {s: "".join(ranks) for s, ranks in ranks_of.items()}
    if style == "dotted":
        return ".".join(by_suit[s] or "-" for s in Suit)
    if style == "colon":
        return " ".join(f"{s.letter}:{','.join(ranks_of[s])}" for s in Suit if ranks_of[s])
    return " ".join(s.glyph + by_suit[s] for s in Suit if by_suit[s])


@given(
    st.randoms(use_true_random=False),
    st.sampled_from(["ascii", "glyph", "russian", "dotted", "colon", "grouped"]),
)
def test_all_notations_give_the_same_hand(rng: random.Random, style: str) -> None:
    cards = [Card.from_index(i) for i in rng.sample(range(32), 10)]
    expected = CardSet.of(cards)
    assert parse_hand(_write(cards, style, rng)) == expected


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_canonical_form_round_trips(mask: int) -> None:
    cards = CardSet(mask)
    assert parse_cards(str(cards)) == cards
    assert parse_cards(cards.ascii()) == cards


@given(st.text(max_size=40))
@example(".\n0")  # dotted notation across lines: the error quotes it on one
@example("7\n8.9..")
def test_garbage_raises_only_the_clear_input_error(text: str) -> None:
    try:
        parse_hand(text)
    except AdvisorError as error:
        assert "\n" not in str(error)


@given(st.text(alphabet="789TJQKAXSCDHВДКТптбч♠♣♦♥10.:-, 6", max_size=40))
def test_near_miss_garbage_raises_only_the_clear_input_error(text: str) -> None:
    try:
        parse_hand(text)
    except AdvisorError as error:
        assert str(error)


def test_card_index_and_set_operations() -> None:
    seven_spades = Card(Suit.SPADES, Rank.SEVEN)
    ace_hearts = Card(Suit.HEARTS, Rank.ACE)
    assert seven_spades.index == 0 and ace_hearts.index == 31
    both = CardSet.of([seven_spades, ace_hearts])
    assert len(both) == 2 and seven_spades in both
    assert list(both) == [seven_spades, ace_hearts]
    assert len(both.complement()) == 30
    assert both - CardSet.of([ace_hearts]) == CardSet.of([seven_spades])
    with pytest.raises(ValueError):
        CardSet(1 << 32)


def test_a_glyph_inside_a_token_switches_the_open_suit() -> None:
    assert str(parse_hand("♦J♥7 8 9 Q ♠7 8 ♣7 8 9")) == "♠7 8 ♣7 8 9 ♦J ♥7 8 9 Q"
    assert str(parse_hand("♠7810♣79J ♦78 ♥79")) == "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"


@pytest.mark.parametrize(
    "read",
    [
        lambda text: parse_cards(text),
        lambda text: parse_cards(f"7S {text}"),
        lambda text: parse_layout(f"M: {text}"),
        lambda text: parse_layout(f"{text} M: 7S"),
    ],
)
def test_a_message_quotes_a_long_token_cut_short(read: Callable[[str], object]) -> None:
    """A 100,000-letter argument is quoted as its first 39 letters and an ellipsis, as a bid's
    or a table value's is (text.cut_short)."""
    with pytest.raises(AdvisorError) as caught:
        read("A" * 100_000)
    message = caught.value.text()
    assert "A" * 39 + "…" in message and "A" * 40 not in message


def test_a_cyrillic_label_is_named_as_one() -> None:
    """A Cyrillic М where the text has no label yet is named; one among Latin labels (or a
    Latin one among Cyrillic labels) is no label of the layout's alphabet."""
    with pytest.raises(AdvisorError) as caught:
        parse_layout("7S М: AS KS")
    assert caught.value.text() == (
        "Cyrillic М (U+041C) is not a label: write M:, L: and R: in Latin letters (or М:, Л: "
        "and П: from the start)"
    )
    with i18n.speaking("ru"):
        assert caught.value.text().startswith("кириллическая буква М (U+041C) — не метка руки")
    hands = (
        "М: AS KS QS JS 10S 9S 8S 7S AC KC L: QC JC 10C 9C 8C 7C AD KD QD JD "
        "R: 10D 9D 8D 7D AH KH QH JH 10H 9H"
    )
    with pytest.raises(AdvisorError, match="М: 'L:' is not a label: the labels are M:, L: and"):
        parse_layout(hands)
    assert parse_layout(hands.replace("М", "M"))[0] == parse_cards("AS KS QS JS 10S 9S 8S 7S AC KC")


def test_the_russian_outputs_labels_are_read() -> None:
    """М: Л: П: (the Russian output's seats) in any order; п: still opens spades inside."""
    latin = parse_layout(
        "M: AS KS QS JS AC KC AD KD AH KH L: 7S 8S 9S 10S 7C 8C 9C 10C JC QC "
        "R: 7D 8D 9D 10D JD QD 7H 8H 9H 10H"
    )
    russian = parse_layout(
        "П: 7б 8б 9б 10б Вб Дб 7ч 8ч 9ч 10ч М: п: Т К Д В т: Т К б: Т К ч: Т К "
        "Л: 7п 8п 9п 10п 7т 8т 9т 10т Вт Дт"
    )
    assert russian == latin
    with pytest.raises(AdvisorError, match="the layout gives Л: twice"):
        parse_layout("Л: 7S Л: 8S")
    with pytest.raises(AdvisorError, match="the layout has no П: hand"):  # in its own alphabet
        parse_layout("М: AS KS QS JS AC KC AD KD AH KH Л: 7S 8S 9S 10S 7C 8C 9C 10C JC QC")


def test_an_unknown_label_is_named() -> None:
    """A letter and a colon that is no label nor suit was read as a card (':' is not a suit)."""
    with pytest.raises(AdvisorError) as caught:
        parse_layout("M: AS KS X: 7S 8S R: 7D")
    assert caught.value.text() == (
        "M: 'X:' is not a label: the labels are M:, L: and R: (or М:, Л: and П:, all three in "
        "one alphabet)"
    )
