"""The rules of all-pass (распас), seed §6.1: the deal, the tricks, who takes them, the score.

- No trumps; every trick a player takes is a penalty.
- **Tricks 1 and 2** are the talon tricks: the dealer turns up the first (then the second) talon
  card; first, second and third hand each play a card to it in that order, following its suit if
  they can, otherwise any card. The trick goes to whoever played the highest card of that suit;
  other suits do not count. The table's ``talon_card`` says whether the turned-up card itself
  competes: ``suit`` (it only names the suit) or ``dealer`` (it is the dealer's card: when no
  player beats it, the dealer takes the trick; in a four-handed game he sits the deal out, and
  the trick is charged to him, to nobody at the table).
- **When nobody follows** a turned-up card (no player holds its suit: impossible in a full deal,
  where the other 6 or 7 cards of the suit are in the hands, but possible in an ending), nobody
  played a card of the suit: under ``suit`` the trick goes to nobody; under ``dealer`` nobody
  beat the dealer's card, so the dealer takes it.
- **Trick 3** is led by first hand; from trick 4 on the winner of the previous trick leads;
  following suit is compulsory and the highest card of the led suit wins.
- **Revoke**: a player who does not follow suit when he could is charged all the penalty of the
  deal, as if he had taken every trick: the deal is scored as his 10 tricks, and nobody else's
  (two revokers are charged 10 each).
- **Price**: ``allpass_penalty`` mountain points a trick, times the progression's factor for
  the n-th all-pass in a row (none; arithmetic 1-2-3; geometric 1-2-4).

The deal notation is ``"first: <10 cards> second: <10> third: <10> talon: <2>"`` (labels in any
order, each hand in any notation :func:`advisor.cards.parse_cards` reads; the talon's cards one
by one, in the order they are turned up). :func:`format_deal` writes it back; they round-trip.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.cards import HAND_SIZE, Card, CardSet, Suit, check_alphabet, parse_cards
from advisor.errors import AdvisorError, CardCountError, DuplicateCardError, LayoutError, PlayError
from advisor.i18n import Phrase, as_cards
from advisor.limits import check_trick_price
from advisor.seats import Position
from advisor.table import Progression, Table, TalonCard
from advisor.text import cut_short

TALON_SIZE = 2
DEAL_TRICKS = HAND_SIZE


@dataclass(frozen=True)
class AllPassRules:
    """The table's all-pass settings."""

    talon_card: TalonCard = TalonCard.SUIT
    players: int = 3
    penalty: float = 1.0
    progression: Progression = Progression.NONE

    @classmethod
    def from_table(cls, table: Table, talon_card: TalonCard | None = None) -> AllPassRules:
        """The settings of ``table``; ``talon_card`` (the command line's) wins over the table's."""
        return cls(
            talon_card=talon_card if talon_card is not None else table.talon_card,
            players=table.players,
            penalty=table.allpass_penalty,
            progression=table.allpass_progression,
        )

    @property
    def dealer(self) -> Position | None:
        """The dealer's seat: third hand in a three-handed game, none when he sits out."""
        return Position.THIRD if self.players == 3 else None

    def price(self, repeat: int = 1) -> float:
        """Mountain points a trick costs in the ``repeat``-th all-pass in a row (a
        :class:`~advisor.errors.LimitError` beyond :data:`~advisor.limits.MAX_TRICK_PRICE`)."""
        return check_trick_price(self.penalty, self.progression.factor(repeat), repeat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "talon_card": self.talon_card.value,
            "players": self.players,
            "penalty": self.penalty,
            "progression": self.progression.value,
        }


@dataclass(frozen=True)
class Deal:
    """Three hands by seat (first, second, third), the talon cards still to be turned up (in
    order: two in a full deal, fewer or none in an ending), and who leads the first trick after
    the talon tricks (first hand in a real deal)."""

    hands: tuple[CardSet, CardSet, CardSet]
    talon: tuple[Card, ...] = ()
    leader: Position = Position.FIRST

    def __post_init__(self) -> None:
        check_deal(self.hands, self.talon)

    def hand(self, seat: Position) -> CardSet:
        return self.hands[seat]

    @property
    def tricks(self) -> int:
        """Tricks still to play (the cards in each hand)."""
        return len(self.hands[0])

    def to_dict(self) -> dict[str, Any]:
        return {
            **{seat.word: str(self.hands[seat]) for seat in Position},
            "talon": [str(card) for card in self.talon],
        }


def check_deal(hands: Sequence[CardSet], talon: Sequence[Card]) -> None:
    """Raise :class:`LayoutError` unless the hands are disjoint and of one size (at most 10),
    and the talon holds at most two other cards, no more than there are tricks."""
    for (a, x), (b, y) in itertools.combinations(zip(Position, hands, strict=True), 2):
        if x & y:
            raise LayoutError(
                Phrase(
                    "{seat} and {other} both hold {cards}",
                    seat=a.label,
                    other=b.label,
                    cards=as_cards(x & y),
                )
            )
    sizes = [len(hand) for hand in hands]
    if len(set(sizes)) != 1 or sizes[0] > HAND_SIZE:
        raise LayoutError(
            Phrase(
                "the hands must hold the same number of cards, at most 10: "
                "first {first}, second {second}, third {third}",
                first=sizes[0],
                second=sizes[1],
                third=sizes[2],
            )
        )
    if len(talon) > min(TALON_SIZE, sizes[0]):
        raise LayoutError(
            Phrase.counted(
                "{count} talon card to turn up, but at most 2 and one a trick left ({tricks})",
                "{count} talon cards to turn up, but at most 2 and one a trick left ({tricks})",
                len(talon),
                tricks=sizes[0],
            )
        )
    if len(set(talon)) != len(talon):
        raise LayoutError(Phrase("the talon gives one card twice"))
    for card in talon:
        for seat, hand in zip(Position, hands, strict=True):
            if card in hand:
                raise LayoutError(
                    Phrase(
                        "the talon's {card} is also in {seat}", card=as_cards(card), seat=seat.label
                    )
                )


# ----------------------------------------------------------------------------------------------
# The notation

_LABEL = re.compile(r"(?:^|(?<=\s))(first|second|third|talon)\s*:", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")
_PARTS = ("first", "second", "third", "talon")


def parse_deal(text: str) -> Deal:
    """Read ``"first: ... second: ... third: ... talon: ..."``: a full deal, three hands of 10
    and the 2 talon cards in the order they are turned up.

    Raises :class:`LayoutError` (a missing or repeated part, overlapping cards, a talon of other
    than two cards) and the notation errors of a part with its label in front.
    """
    pieces = _LABEL.split(text.strip())
    if pieces[0].strip():
        raise LayoutError(
            Phrase(
                "'{text}' comes before a label: write first: ... second: ... third: ... talon: ...",
                text=cut_short(pieces[0].strip()),
            )
        )
    parts: dict[str, str] = {}
    for label, cards in zip(pieces[1::2], pieces[2::2], strict=True):
        name = label.lower()
        if name in parts:
            raise LayoutError(Phrase("the deal gives {part}: twice", part=name))
        parts[name] = cards
    missing = [name for name in _PARTS if name not in parts]
    if missing:
        raise LayoutError(
            Phrase.counted(
                "the deal has no {parts} part",
                "the deal has no {parts} part",
                len(missing),
                parts=_and_no(missing),
            )
        )
    hands = tuple(_read_hand(seat, parts[seat.word]) for seat in Position)
    talon = _read_talon(parts["talon"])
    return Deal((hands[0], hands[1], hands[2]), talon)


def _and_no(parts: Sequence[str]) -> Phrase:
    """``first: and no talon:``: the missing parts of a deal, as a phrase."""
    if len(parts) == 1:
        return Phrase("{part}:", part=parts[0])
    return Phrase("{part}: and no {rest}", part=parts[0], rest=_and_no(parts[1:]))


def _read_hand(seat: Position, text: str) -> CardSet:
    try:
        check_alphabet(text)  # of the whole hand: each of its groups may be in one alphabet
        known = _hand_by_suit_groups(text)
        return known if known is not None else parse_cards(text, count=HAND_SIZE)
    except AdvisorError as error:
        raise type(error)(Phrase("{part}: {reason}", part=seat.word, reason=error.phrase)) from None


# A hand written suit by suit, each suit glyph followed by its ranks (``♠7 8 10 ♣7 9 J``, as
# format_deal writes it), is the union of its groups; there are at most 256 groups a suit, so
# each group's cards are asked of parse_cards once and remembered, which makes --layouts read
# a line several times faster. Anything else (or a hand the groups do not make 10 distinct
# cards of) goes to parse_cards, which also names what is wrong.
_GLYPHS = "♠♣♦♥"
_SUIT_GROUP = re.compile(f"[{_GLYPHS}][^{_GLYPHS}]*")
_GROUPS: dict[str, int] = {}


def _hand_by_suit_groups(text: str) -> CardSet | None:
    text = text.strip()
    if text[:1] not in _GLYPHS:
        return None
    mask = 0
    for group in _SUIT_GROUP.findall(text):  # from the first glyph on, they cover the text
        cards = _GROUPS.get(group)
        if cards is None:
            try:
                cards = parse_cards(group).mask
            except AdvisorError:
                return None
            if len(_GROUPS) < 4096:  # the canonical groups are 1,024; odd spellings need not stay
                _GROUPS[group] = cards
        if mask & cards:
            return None
        mask |= cards
    hand = CardSet(mask)
    return hand if len(hand) == HAND_SIZE else None


def _read_talon(text: str) -> tuple[Card, ...]:
    try:
        cards = parse_card_sequence(text)
    except AdvisorError as error:
        raise type(error)(Phrase("{part}: {reason}", part="talon", reason=error.phrase)) from None
    if len(cards) != TALON_SIZE:
        raise CardCountError(
            Phrase.counted(
                "talon: {count} card given, the talon has 2",
                "talon: {count} cards given, the talon has 2",
                len(cards),
            )
        )
    return cards


def parse_card_sequence(text: str, distinct: bool = True) -> tuple[Card, ...]:
    """Cards in order, one card a word (``7S AH``, ``7♠ A♥``, ``♠7 ♥A``); with ``distinct``
    no card twice."""
    check_alphabet(text)  # of all the cards: each word may be in one alphabet
    cards = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        card = _card_word(token)
        if distinct and card in cards:
            raise DuplicateCardError(Phrase("{card} is given twice", card=as_cards(card)))
        cards.append(card)
    return tuple(cards)


_CARD_WORDS: dict[str, Card] = {}


def _card_word(token: str) -> Card:
    """One card word, asked of :meth:`Card.parse` once and remembered."""
    card = _CARD_WORDS.get(token)
    if card is None:
        try:
            card = Card.parse(token)
        except CardCountError:
            raise PlayError(
                Phrase("'{token}' is not one card: write the cards one by one", token=token)
            ) from None
        if len(_CARD_WORDS) < 4096:  # spellings are few; odd ones need not fill memory
            _CARD_WORDS[token] = card
    return card


def parse_play(text: str) -> tuple[Card, ...]:
    """A recorded line of play: every card in the order played, one card a word. A card given
    twice is left for :func:`replay` to name with its trick."""
    return parse_card_sequence(text, distinct=False)


def format_deal(deal: Deal) -> str:
    """``"first: ♠7 8 ... second: ... third: ... talon: 7♦ A♥"``, read back by
    :func:`parse_deal`."""
    hands = " ".join(f"{seat.word}: {deal.hands[seat]}" for seat in Position)
    return f"{hands} talon: {' '.join(str(card) for card in deal.talon)}"


# ----------------------------------------------------------------------------------------------
# Tricks


@dataclass(frozen=True)
class Trick:
    """One trick: its number (from 1), the turned-up talon card of a talon trick, who played
    first, the three cards in playing order, and who took it (``None``: nobody at the table, a
    talon trick no player took)."""

    number: int
    turned: Card | None
    leader: Position
    cards: tuple[Card, Card, Card]
    taker: Position | None

    def card_of(self, seat: Position) -> Card:
        return self.cards[(seat - self.leader) % 3]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "turned": str(self.turned) if self.turned is not None else None,
            "leader": self.leader.word,
            "cards": [str(card) for card in self.cards],
            "taker": self.taker.word if self.taker is not None else None,
        }


def legal_cards(hand: CardSet, suit: Suit | None) -> CardSet:
    """The cards ``hand`` may play to a trick of ``suit`` (None: on lead): that suit if it holds
    any, else any card."""
    if suit is None:
        return hand
    following = hand & CardSet(0xFF << suit.shift)
    return following if following.mask else hand


def trick_taker(leader: Position, cards: Sequence[Card]) -> Position:
    """Who takes an ordinary trick: the highest card of the led suit; ``cards`` in playing order."""
    suit = cards[0].suit
    best = max(range(3), key=lambda i: cards[i].rank if cards[i].suit == suit else -1)
    return leader.after(best)


def talon_taker(turned: Card, cards: Sequence[Card], rules: AllPassRules) -> Position | None:
    """Who takes a talon trick; ``cards`` are first, second and third hand's. The highest card of
    the turned-up card's suit; under ``talon_card = "dealer"`` the turned-up card competes for
    the dealer. ``None``: nobody at the table (the dealer sitting out, or nobody followed)."""
    following = [
        (card.rank, seat)
        for seat, card in zip(Position, cards, strict=True)
        if card.suit == turned.suit
    ]
    best = max(following, default=None)
    if rules.talon_card is TalonCard.DEALER and (best is None or turned.rank > best[0]):
        return rules.dealer
    return best[1] if best is not None else None


# ----------------------------------------------------------------------------------------------
# Replaying a recorded deal


@dataclass(frozen=True)
class Revoke:
    """A player who did not follow suit though he could: in ``trick`` he played ``card`` to a
    trick of ``suit`` while holding that suit."""

    trick: int
    seat: Position
    card: Card
    suit: Suit

    def to_dict(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat.word,
            "card": str(self.card),
            "suit": self.suit.glyph,
        }


@dataclass(frozen=True)
class Replay:
    """A recorded deal played through the rules: each trick and its taker, the revokes, and what
    each player is charged."""

    deal: Deal
    rules: AllPassRules
    repeat: int
    tricks: tuple[Trick, ...]
    revokes: tuple[Revoke, ...]

    def taken(self, seat: Position | None) -> int:
        """Tricks ``seat`` took in play (``None``: the talon tricks nobody at the table took)."""
        return sum(trick.taker is seat for trick in self.tricks)

    def charged(self, seat: Position) -> int:
        """The tricks ``seat`` is charged with: his own, or under a revoke every trick of the
        deal for the revoker and none for the others."""
        if not self.revokes:
            return self.taken(seat)
        return len(self.tricks) if any(r.seat is seat for r in self.revokes) else 0

    def penalty(self, seat: Position) -> float:
        """Mountain points charged to ``seat``."""
        return self.charged(seat) * self.rules.price(self.repeat)

    @property
    def price(self) -> float:
        return self.rules.price(self.repeat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal.to_dict(),
            "rules": self.rules.to_dict(),
            "repeat": self.repeat,
            "price": self.price,
            "tricks": [trick.to_dict() for trick in self.tricks],
            "revokes": [revoke.to_dict() for revoke in self.revokes],
            "players": [
                {
                    "seat": seat.word,
                    "taken": self.taken(seat),
                    "charged": self.charged(seat),
                    "penalty": self.penalty(seat),
                }
                for seat in Position
            ],
            "nobody": self.taken(None),
        }


def replay(deal: Deal, cards: Sequence[Card], rules: AllPassRules, repeat: int = 1) -> Replay:
    """Play ``cards`` (every card of the deal, in the order played) through the rules.

    ``cards`` may come from :func:`parse_play`. Raises :class:`PlayError` naming the trick, the
    card and the rule for a card that cannot
    have been played (not the player's, played twice, the wrong number of cards). A card that
    does not follow suit though the player could is a revoke: recorded, and charged.
    """
    rules.price(repeat)  # a bad repeat is named before the play is read
    wanted = 3 * deal.tricks
    if len(cards) != wanted:
        raise PlayError(
            Phrase.counted(
                "the play gives {count} card; {deal} has {wanted}, three a trick in the order "
                "played",
                "the play gives {count} cards; {deal} has {wanted}, three a trick in the order "
                "played",
                len(cards),
                deal=Phrase.counted(
                    "a deal of {count} trick", "a deal of {count} tricks", deal.tricks
                ),
                wanted=wanted,
            )
        )
    hands = list(deal.hands)
    played_in: dict[Card, int] = {}
    tricks: list[Trick] = []
    revokes: list[Revoke] = []
    leader = Position.FIRST
    for number in range(1, deal.tricks + 1):
        talon_trick = number <= len(deal.talon)
        turned = deal.talon[number - 1] if talon_trick else None
        if number == len(deal.talon) + 1:
            leader = deal.leader
        trick_cards = cards[3 * (number - 1) : 3 * number]
        suit = turned.suit if turned is not None else trick_cards[0].suit
        for position, card in enumerate(trick_cards):
            seat = leader.after(position)
            _check_card(deal, hands, played_in, number, seat, card)
            if (position > 0 or talon_trick) and card not in legal_cards(hands[seat], suit):
                revokes.append(Revoke(number, seat, card, suit))
            hands[seat] = hands[seat] - CardSet.of([card])
            played_in[card] = number
        three = (trick_cards[0], trick_cards[1], trick_cards[2])
        if turned is not None:
            taker = talon_taker(turned, three, rules)
        else:
            taker = trick_taker(leader, three)
        tricks.append(Trick(number, turned, leader, three, taker))
        if taker is not None and not talon_trick:
            leader = taker
    return Replay(deal, rules, repeat, tuple(tricks), tuple(revokes))


def _check_card(
    deal: Deal,
    hands: Sequence[CardSet],
    played_in: dict[Card, int],
    number: int,
    seat: Position,
    card: Card,
) -> None:
    if card in hands[seat]:
        return
    where = Phrase("trick {trick}: {card}", trick=number, card=as_cards(card))
    if card in played_in:
        raise PlayError(
            Phrase(
                "{where} was already played in trick {trick} (a card is played once)",
                where=where,
                trick=played_in[card],
            )
        )
    if card in deal.talon:
        raise PlayError(
            Phrase(
                "{where} is a talon card, not {seat}'s (a player plays his own cards)",
                where=where,
                seat=seat.label,
            )
        )
    owner = next((other for other in Position if card in deal.hands[other]), None)
    if owner is None:  # only in an ending: a full deal holds every card
        raise PlayError(
            Phrase("{where} is not in the deal (a player plays his own cards)", where=where)
        )
    raise PlayError(
        Phrase(
            "{where} is {owner}'s card, not {seat}'s, who plays now "
            "(a player plays his own cards, in turn)",
            where=where,
            owner=owner.label,
            seat=seat.label,
        )
    )
