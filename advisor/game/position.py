"""A position of a game contract: the hands, the trump, who leads, the trick in progress.

The declarer is M; the defenders L (plays after him) and R; a trick led by seat ``s`` goes s,
s+1, s+2 (mod 3), as :class:`advisor.seats.Seat` says. The rules of play (``game-rules.md``):
follow the suit led; a player who cannot follow and holds a trump must play a trump; only with
neither may he play any card; the highest trump wins, else the highest card of the suit led;
the winner leads the next trick. :func:`legal_cards` and :func:`trick_winner` are those rules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from advisor.cards import HAND_SIZE, Card, CardSet, Suit
from advisor.errors import LayoutError
from advisor.i18n import Phrase, as_cards
from advisor.seats import Seat

Hands = tuple[CardSet, CardSet, CardSet]
"""M's, L's and R's cards."""

TRICK_CARDS = 3


def legal_cards(hand: CardSet, led: Suit | None, trump: Suit | None) -> CardSet:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (None:
    the hand leads): the suit led if it holds one, else its trumps if it holds one, else any."""
    if led is None:
        return hand
    following = hand.suit_mask(led)
    if following:
        return CardSet(following << led.shift)
    trumps = hand.suit_mask(trump) if trump is not None else 0
    if trumps and trump is not None:
        return CardSet(trumps << trump.shift)
    return hand


def trick_winner(leader: Seat, cards: tuple[Card, ...], trump: Suit | None) -> Seat:
    """The seat whose card wins a trick of three cards played from ``leader`` on."""
    led = cards[0].suit

    def strength(card: Card) -> int:
        if card.suit == trump:
            return 16 + card.rank
        return 8 + card.rank if card.suit == led else 0

    best = max(range(TRICK_CARDS), key=lambda i: strength(cards[i]))
    return leader.after(best)


@dataclass(frozen=True)
class Position:
    """A position to solve double dummy. Raises :class:`LayoutError` when it cannot arise."""

    hands: Hands
    """The cards each of M, L and R still holds."""
    trump: Suit | None
    """The trump suit; None for no-trump."""
    leader: Seat
    """Who led the trick in progress, or leads the next trick when ``table`` is empty."""
    table: tuple[Card, ...] = ()
    """The cards already played to the trick in progress, in the order played (at most 2)."""

    def __post_init__(self) -> None:
        check_position(self)

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return self.leader.after(len(self.table))

    @property
    def tricks_left(self) -> int:
        """The tricks still to play, the one in progress included."""
        return len(self.hands[self.to_play])

    @property
    def led(self) -> Suit | None:
        """The suit of the trick in progress (None before its first card)."""
        return self.table[0].suit if self.table else None

    def after(self, card: Card) -> Position:
        """The position once the seat to play plays ``card`` (which must be legal for him)."""
        seat = self.to_play
        if card not in legal_cards(self.hands[seat], self.led, self.trump):
            raise LayoutError(
                Phrase("{seat} may not play {card}", seat=seat.name, card=as_cards(card))
            )
        hands = list(self.hands)
        hands[seat] = hands[seat] - CardSet.of([card])
        table = (*self.table, card)
        if len(table) < TRICK_CARDS:
            return Position((hands[0], hands[1], hands[2]), self.trump, self.leader, table)
        winner = trick_winner(self.leader, table, self.trump)
        return Position((hands[0], hands[1], hands[2]), self.trump, winner)


def check_position(position: Position) -> None:
    """Raise :class:`LayoutError` unless the hands and the table's cards are disjoint, each seat
    holds as many cards as the others once those it played to the trick are counted (at most
    10), and each card on the table was a legal one to play."""
    table = position.table
    if len(table) >= TRICK_CARDS:
        raise LayoutError(
            Phrase(
                "a trick in progress has 1 or 2 cards on the table, not {count}", count=len(table)
            )
        )
    named = tuple(zip((seat.name for seat in Seat), position.hands, strict=True))
    for (a, x), (b, y) in itertools.combinations(named, 2):
        if x & y:
            raise LayoutError(
                Phrase("{a} and {b} both hold {cards}", a=a, b=b, cards=as_cards(x & y))
            )
    on_table = CardSet(0)
    for i, card in enumerate(table):
        seat = position.leader.after(i)
        if card in on_table:
            raise LayoutError(Phrase("{card} is on the table twice", card=as_cards(card)))
        if any(card in hand for hand in position.hands):
            raise LayoutError(Phrase("{card} is on the table and in a hand", card=as_cards(card)))
        on_table = on_table | CardSet.of([card])
        held = position.hands[seat] | CardSet.of([card])
        if i and card not in legal_cards(held, table[0].suit, position.trump):
            raise LayoutError(
                Phrase(
                    "{seat} may not play {card} to this trick", seat=seat.name, card=as_cards(card)
                )
            )
    sizes = [len(position.hands[seat]) + (i < len(table)) for i, seat in enumerate(_from(position))]
    if len(set(sizes)) != 1 or sizes[0] > HAND_SIZE:
        counts = ", ".join(f"{seat.name} {len(position.hands[seat])}" for seat in Seat)
        raise LayoutError(
            Phrase(
                "the hands must hold the same number of cards, at most 10, the cards on the table "
                "counted to those who played them: {counts}",
                counts=counts,
            )
        )


def _from(position: Position) -> tuple[Seat, Seat, Seat]:
    """The seats in the order they play to the trick in progress."""
    leader = position.leader
    return leader, leader.after(1), leader.after(2)
