"""The per-suit games behind the solver's cutoffs, solved again here in plain Python.

The compiled core solves two small games for every state of one suit (each of the 8 ranks
played, or held by M, L or R) and its cutoffs rest on them; see ``suit_game`` in
``_core.pyi``. The games are ``advisor/_suitgames.h``'s, which the all-pass core solves too
(P as M, NEXT as L, PREV as R), so this test covers its games as well. This test solves
the same games independently, compares every state, and checks the property the "M takes
nothing" cutoff needs besides: discarding the highest card of a safe holding keeps it safe.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from solver_build import require_solver

require_solver()

from advisor.solver import _core  # noqa: E402 - only once we know it exists

L, R = 1, 2


def cards(holding: int) -> Iterator[int]:
    """The cards of a holding, each as its own bit (so cards compare as numbers)."""
    while holding:
        card = holding & -holding
        yield card
        holding ^= card


def plays(holding: int) -> list[int]:
    """What a player can put on a trick of the suit: a card, or nothing (0) when void."""
    return list(cards(holding)) or [0]


@cache
def safe(m: int, left: int, right: int) -> bool:
    """M never wins a trick of the suit while the catchers lead it from either hand whenever
    they like and throw its cards away whenever they like; M only follows."""
    if not m or not left | right:
        return True
    if any(not safe(m, left & ~card, right & ~card) for card in cards(left | right)):
        return False

    def survives(x: int, l_card: int, r_card: int) -> bool:
        return (x < l_card or x < r_card) and safe(m & ~x, left & ~l_card, right & ~r_card)

    for lead in cards(left):  # L leads, R plays, then M: R's card is chosen before M's
        if any(not any(survives(x, lead, p) for x in cards(m)) for p in plays(right)):
            return False
    for lead in cards(right):  # R leads, M plays, then L: L's card is chosen after M's
        if not any(all(survives(x, p, lead) for p in plays(left)) for x in cards(m)):
            return False
    return True


@cache
def caught(m: int, left: int, right: int, leader: int) -> bool:
    """Leading only this suit from ``leader`` (each trick's winner leads the next, nobody
    throws anything away), the catchers force M to win a trick."""
    own = left if leader == L else right
    if not m or not own:
        return False

    def after(x: int, l_card: int, r_card: int) -> bool:
        if x > l_card and x > r_card:
            return True
        winner = L if l_card > r_card else R
        return caught(m & ~x, left & ~l_card, right & ~r_card, winner)

    for lead in cards(own):
        if leader == L and any(all(after(x, lead, p) for x in cards(m)) for p in plays(right)):
            return True
        if leader == R and all(any(after(x, p, lead) for p in plays(left)) for x in cards(m)):
            return True
    return False


def exit_rank(m: int, left: int, right: int) -> int:
    return next((x for x in range(8) if m >> x & 1 and safe(m & ~(1 << x), left, right)), 8)


def states() -> Iterator[tuple[int, int, int, int, int]]:
    for a in range(256):
        for b in range(256):
            yield a, b, a & ~b, b & ~a, a & b


def test_the_compiled_games_match_every_state() -> None:
    mismatches = []
    for a, b, m, left, right in states():
        expected = (
            int(safe(m, left, right)),
            int(caught(m, left, right, L)),
            int(caught(m, left, right, R)),
            exit_rank(m, left, right),
        )
        if _core.suit_game(a, b) != expected:
            mismatches.append((a, b, expected, _core.suit_game(a, b)))
    assert mismatches == []


def test_discarding_the_highest_card_keeps_a_holding_safe() -> None:
    for _, _, m, left, right in states():
        if m and safe(m, left, right):
            highest = 1 << (m.bit_length() - 1)
            assert safe(m & ~highest, left, right), (m, left, right)


def pooled_clean(m: int, catchers: int) -> bool:
    """The older, weaker test: every card of M has no more of the catchers' cards (pooled)
    below it than M has."""
    below_m = 0
    for rank in range(8):
        if m >> rank & 1:
            if bin(catchers & ((1 << rank) - 1)).count("1") > below_m:
                return False
            below_m += 1
    return True


def test_the_games_are_stronger_than_the_pooled_test() -> None:
    """Safe includes every holding clean against the pooled catchers' cards, and more:
    7 10 against L 8, R 9 J."""
    for _, _, m, left, right in states():
        if pooled_clean(m, left | right):
            assert safe(m, left, right)
    seven, eight, nine, ten, jack = (1 << rank for rank in range(5))
    assert not pooled_clean(seven | ten, eight | nine | jack)
    assert safe(seven | ten, eight, nine | jack)


def test_a_suit_alone_catches_over_several_tricks() -> None:
    """M 7 10 against L 8 9 with R void: L leads 8 (M 7), then 9, and M must win with the 10.
    Played from R's hand, which has no card of the suit, it catches nothing."""
    seven, eight, nine, ten = (1 << rank for rank in range(4))
    m, left = seven | ten, eight | nine
    assert caught(m, left, 0, L)
    assert not caught(m, left, 0, R)
    assert _core.suit_game(m, left)[1:3] == (1, 0)
