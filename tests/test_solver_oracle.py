"""The compiled solver against a pure-Python brute-force minimax (no pruning, no table).

The oracle plays every legal card of every seat to the end, so it is slow but obviously right;
the C engine must agree with it on the caught flag and on the number of forced tricks, and its
cutoffs are proved against it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pytest
from solver_build import require_solver
from test_solver_suits import pooled_clean

from advisor.cards import CardSet
from advisor.seats import Seat
from advisor.solver import solve_layout

require_solver()

from advisor.solver import _core  # noqa: E402 - only once we know it exists

SEED = 20261129
T = TypeVar("T", int, bool)


def brute_force(hands: list[int], leader: int) -> int:
    """The most tricks the catchers can force on M (seat 0): every legal card of every seat,
    trick by trick; a trick led by seat ``a`` goes a, a+1, a+2 (mod 3)."""
    if not hands[0]:
        return 0

    def after(winner: int, suit: int, rest: list[int]) -> int:
        return (winner == 0) + brute_force(rest, winner)

    return minimax(hands, leader, after)


def minimax(hands: list[int], leader: int, after: Callable[[int, int, list[int]], T]) -> T:
    """The value of the next trick's every play: ``after(winner, led suit, hands left)`` of each
    way the trick can go, M (seat 0) taking the least, the catchers the most."""
    a, b, c = leader, (leader + 1) % 3, (leader + 2) % 3
    results_a = []
    for card_a in _cards(hands[a]):
        suit = card_a >> 3
        results_b = []
        for card_b in _follow(hands[b], suit):
            results_c = []
            for card_c in _follow(hands[c], suit):
                winner, top = a, card_a
                if card_b >> 3 == suit and card_b > top:
                    winner, top = b, card_b
                if card_c >> 3 == suit and card_c > top:
                    winner = c
                rest = list(hands)
                rest[a] &= ~(1 << card_a)
                rest[b] &= ~(1 << card_b)
                rest[c] &= ~(1 << card_c)
                results_c.append(after(winner, suit, rest))
            results_b.append(_best(c, results_c))
        results_a.append(_best(b, results_b))
    return _best(a, results_a)


def _best(seat: int, values: list[T]) -> T:
    """M (seat 0) takes as few tricks as he can, the catchers force as many as they can."""
    return min(values) if seat == 0 else max(values)


def _cards(hand: int) -> list[int]:
    cards = []
    while hand:
        low = hand & -hand
        cards.append(low.bit_length() - 1)
        hand ^= low
    return cards


def _follow(hand: int, suit: int) -> list[int]:
    """The legal cards: the led suit if the hand holds it, else any card."""
    return _cards(hand & (0xFF << (8 * suit)) or hand)


def random_endgame(rng: random.Random, size: int, suits: int) -> tuple[list[int], int]:
    """``size`` cards a hand dealt from ``suits`` random suits (fewer suits: more following,
    so the brute force stays fast on the larger endgames), and a random leader."""
    deck = [8 * s + r for s in rng.sample(range(4), suits) for r in range(8)]
    cards = rng.sample(deck, 3 * size)
    hands = [sum(1 << c for c in cards[i * size : (i + 1) * size]) for i in range(3)]
    return hands, rng.randrange(3)


# 2,000 endgames: (how many, cards a hand, suits dealt from).
_MIX = ((1300, 3, 4), (660, 4, 3), (40, 5, 2))
_RNG = random.Random(SEED)
ENDGAMES = [random_endgame(_RNG, size, suits) for n, size, suits in _MIX for _ in range(n)]


def test_agrees_with_brute_force_on_2000_endgames() -> None:
    disagreements = []
    for hands, leader in ENDGAMES:
        expected = brute_force(hands, leader)
        m, left, right = hands
        got = _core.forced_tricks(m, left, right, leader)
        if got != expected:
            disagreements.append((hands, leader, expected, got))
    assert disagreements == []
    forced = [brute_force(h, leader) for h, leader in ENDGAMES[:200]]
    assert 0 in forced and max(forced) >= 2, forced  # the sample exercises both answers


def test_solve_many_agrees_with_brute_force() -> None:
    rng = random.Random(SEED)
    m = 0
    while bin(m).count("1") != 4:
        m |= 1 << rng.randrange(32)
    pool_cards = rng.sample([c for c in range(32) if not m >> c & 1], 8)
    pool = sum(1 << c for c in pool_cards)
    splits = [sum(1 << c for c in rng.sample(pool_cards, 4)) for _ in range(40)]
    for leader in range(3):
        got = _core.solve_many(m, pool, leader, bytes(_array(splits)))
        assert list(got) == [brute_force([m, left, pool & ~left], leader) for left in splits]


def test_solve_ranked_is_the_enumeration_by_rank() -> None:
    """Sampling draws ranks: rank r must be the r-th split that enumerate walks. Over all
    C(8, 4) = 70 ranks of a small pool, the answers are enumerate's histogram, and each is
    brute force's answer for the split that rank stands for (the colex order of L's cards)."""
    from itertools import combinations

    rng = random.Random(SEED + 7)
    cards = rng.sample(range(32), 12)
    m, pool_cards = sum(1 << c for c in cards[:4]), sorted(cards[4:])
    pool = sum(1 << c for c in pool_cards)
    colex = sorted(combinations(range(8), 4), key=lambda s: sorted(s, reverse=True))
    for leader in range(3):
        got = _core.solve_ranked(m, pool, leader, _array(list(range(70))))
        assert [got.count(t) for t in range(11)] == _core.enumerate(m, pool, leader, 0, 70)
        for rank in rng.sample(range(70), 10):
            left = sum(1 << pool_cards[i] for i in colex[rank])
            assert got[rank] == brute_force([m, left, pool & ~left], leader)
    with pytest.raises(ValueError, match="not below C"):
        _core.solve_ranked(m, pool, 0, _array([70]))


def _array(values: list[int]) -> bytes:
    from array import array

    return array("I", values).tobytes()


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_static_cutoffs_agree_with_brute_force(suits: int) -> None:
    """Every answer the cutoffs give without search is what brute force finds: the engine
    relies on them only because of this test. Each cutoff answers often enough to count."""
    rng = random.Random(SEED + suits)
    answered = {"all safe": 0, "caught by one suit": 0, "safe exit": 0}
    for _ in range(1500):
        hands, leader = random_endgame(rng, rng.choice((2, 3, 4)) if suits > 1 else 2, suits)
        forced = brute_force(hands, leader)
        m, left, right = hands
        for k in (1, 2, 3):
            answer = _core.static_answer(m, left, right, leader, k)
            if answer < 0 or k > bin(hands[0]).count("1"):
                continue
            assert answer == (forced >= k), (hands, leader, k, forced)
            cutoff = "safe exit" if leader == 0 else "caught by one suit" if answer else "all safe"
            answered[cutoff] += 1
    assert min(answered.values()) >= 20, answered


def test_safe_beyond_the_pooled_test_is_proved_by_brute_force() -> None:
    """The cutoff now also stops M from being caught where a holding is safe only because the
    two catchers' cards are apart (M 7 10 against L 8, R 9 J): brute force must agree on every
    such position, and there must be enough of them to count. Three suits, so that a catcher
    can be void in one and throw cards away (without that, the game would be wrong and this
    test would see it: 15 % of these positions)."""
    rng = random.Random(SEED + 11)
    proved = 0
    while proved < 200:
        hands, _ = random_endgame(rng, rng.choice((3, 4)), 3)
        leader = rng.choice((1, 2))
        m, left, right = hands
        pooled = all(
            pooled_clean(m >> shift & 255, (left | right) >> shift & 255)
            for shift in range(0, 32, 8)
        )
        if pooled or _core.static_answer(m, left, right, leader, 1) != 0:
            continue
        assert brute_force(hands, leader) == 0, (hands, leader)
        proved += 1


def test_best_line_achieves_the_forced_tricks() -> None:
    for hands, leader in ENDGAMES[:100] + ENDGAMES[1300:1340]:
        result = solve_layout(CardSet(hands[0]), CardSet(hands[1]), CardSet(hands[2]), Seat(leader))
        assert result.tricks == brute_force(hands, leader)
        assert sum(trick.winner == Seat.M for trick in result.line) == result.tricks
        assert len(result.line) == bin(hands[0]).count("1")
