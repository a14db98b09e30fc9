"""A pure-Python brute force of all-pass play: every legal card of every seat, to the end.

No pruning, no bounds, no shortcuts: positions are only remembered (the same cards in the same
hands with the same talon to come and the same leader have the same value), so it is slow but
obviously right. Seats are absolute, 0 = first hand, 1 = second, 2 = third; cards are indices
``suit * 8 + rank``. ``dealer`` is the core's code: -1 the turned-up card only names the suit,
0..2 it is the card of the dealer in that seat, 3 of a dealer who sits out.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

SUIT_ONLY, DEALER_OUT = -1, 3


def brute_force(
    hands: Sequence[int],
    talon: Sequence[int],
    leader: int,
    player: int,
    fewest: bool,
    dealer: int,
) -> int:
    """``player``'s tricks from the position: forced (the others maximise them, he minimises)
    or, with ``fewest``, everyone minimising them. The talon cards are turned up first, in
    order (first, second and third hand play to each), then ``leader`` leads."""

    @functools.cache
    def tricks(hands: tuple[int, int, int], talon: tuple[int, ...], leader: int) -> int:
        if not hands[0]:
            return 0
        if talon:
            return talon_trick(hands, talon, (), leader)
        return ordinary_trick(hands, leader, ())

    def choose(seat: int, values: list[int]) -> int:
        return min(values) if fewest or seat == player else max(values)

    def talon_trick(
        hands: tuple[int, int, int], talon: tuple[int, ...], played: tuple[int, ...], leader: int
    ) -> int:
        seat = len(played)  # first, second, third hand, in that order
        turned = talon[0]
        if seat == 3:
            taker = talon_taker(turned, played, dealer)
            rest = remove(hands, played, 0)
            return (taker == player) + tricks(rest, talon[1:], leader)
        values = [
            talon_trick(hands, talon, (*played, card), leader)
            for card in legal(hands[seat], turned >> 3)
        ]
        return choose(seat, values)

    def ordinary_trick(hands: tuple[int, int, int], leader: int, played: tuple[int, ...]) -> int:
        seat = (leader + len(played)) % 3
        if len(played) == 3:
            suit = played[0] >> 3
            best = max(range(3), key=lambda i: played[i] if played[i] >> 3 == suit else -1)
            taker = (leader + best) % 3
            return (taker == player) + tricks(remove(hands, played, leader), (), taker)
        options = legal(hands[seat], played[0] >> 3 if played else None)
        return choose(seat, [ordinary_trick(hands, leader, (*played, c)) for c in options])

    return tricks((hands[0], hands[1], hands[2]), tuple(talon), leader)


def talon_taker(turned: int, played: Sequence[int], dealer: int) -> int | None:
    """The highest card of the turned-up card's suit among the three (by seat); under a
    dealer code the turned-up card competes for the dealer."""
    suit = turned >> 3
    following = [(card, seat) for seat, card in enumerate(played) if card >> 3 == suit]
    best = max(following, default=None)
    if dealer != SUIT_ONLY and (best is None or turned > best[0]):
        return None if dealer == DEALER_OUT else dealer
    return best[1] if best is not None else None


def remove(hands: tuple[int, int, int], played: Sequence[int], leader: int) -> tuple[int, int, int]:
    rest = list(hands)
    for position, card in enumerate(played):
        rest[(leader + position) % 3] &= ~(1 << card)
    return rest[0], rest[1], rest[2]


def cards_of(hand: int) -> list[int]:
    return [card for card in range(32) if hand >> card & 1]


def legal(hand: int, suit: int | None) -> list[int]:
    """The led suit if the hand holds it, else any card."""
    if suit is None:
        return cards_of(hand)
    return cards_of(hand & (0xFF << (8 * suit)) or hand)


def random_ending(rng: random.Random) -> tuple[list[int], list[int], int]:
    """Hands of 1 to 5 cards from 2 to 4 random suits (3 for the largest, so that the brute
    force stays quick), 0 to 2 talon cards still to come, a random leader."""
    size = rng.randint(1, 5)
    suits = rng.randint(2, 4) if size <= 4 else 3
    talon_count = rng.randint(0, min(2, size))
    deck = [8 * s + r for s in rng.sample(range(4), suits) for r in range(8)]
    cards = rng.sample(deck, 3 * size + talon_count)
    hands = [sum(1 << c for c in cards[i * size : (i + 1) * size]) for i in range(3)]
    return hands, cards[3 * size :], rng.randrange(3)
