"""A brute-force double-dummy minimax of game contracts, written apart from the compiled solver.

It plays every legal card of every seat to the end (no pruning, no move ordering, no bounds;
only a memo of positions already valued, which changes no value), so it is slow but plainly
right. Cards are bit indexes ``suit * 8 + rank``; seat 0 is the declarer M, 1 is L, 2 is R, and
a trick led by seat ``s`` goes s, s+1, s+2 (mod 3). The rules, from ``game-rules.md``: follow
the suit led; a player who cannot follow and holds a trump must play a trump; only with
neither may he play any card; the highest trump wins, else the highest card of the suit led.
"""

from __future__ import annotations

from functools import lru_cache

Hands = tuple[int, int, int]


def cards_of(mask: int) -> list[int]:
    """The bit indexes of a mask, lowest first."""
    return [index for index in range(32) if mask >> index & 1]


def suit_of(card: int) -> int:
    return card // 8


def legal(hand: int, led: int | None, trump: int | None) -> list[int]:
    """The cards of ``hand`` that may be played when suit ``led`` was led (None: to lead)."""
    cards = cards_of(hand)
    if led is None:
        return cards
    following = [card for card in cards if suit_of(card) == led]
    if following:
        return following
    trumps = [card for card in cards if suit_of(card) == trump]
    return trumps or cards


def trick_winner(leader: int, played: tuple[int, ...], trump: int | None) -> int:
    """The seat that wins a trick of three cards played from ``leader`` on."""

    def strength(card: int) -> int:
        if suit_of(card) == trump:
            return 200 + card
        if suit_of(card) == suit_of(played[0]):
            return 100 + card
        return 0

    best = max(range(3), key=lambda i: strength(played[i]))
    return (leader + best) % 3


def declarer_tricks(
    hands: Hands, trump: int | None, leader: int, table: tuple[int, ...] = ()
) -> int:
    """The tricks M takes from here (the trick in progress counted) when he takes the most he
    can and the defenders the fewest, every card in view. ``hands`` hold the cards not yet
    played; ``table`` the cards of the trick in progress, in the order played from
    ``leader``."""
    return _value(hands, trump, leader, table)


@lru_cache(maxsize=1 << 20)
def _value(hands: Hands, trump: int | None, leader: int, table: tuple[int, ...]) -> int:
    if not table and not any(hands):
        return 0
    seat = (leader + len(table)) % 3
    led = suit_of(table[0]) if table else None
    outcomes = []
    for card in legal(hands[seat], led, trump):
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        played = (*table, card)
        if len(played) == 3:
            winner = trick_winner(leader, played, trump)
            outcomes.append((winner == 0) + _value((rest[0], rest[1], rest[2]), trump, winner, ()))
        else:
            outcomes.append(_value((rest[0], rest[1], rest[2]), trump, leader, played))
    return max(outcomes) if seat == 0 else min(outcomes)
