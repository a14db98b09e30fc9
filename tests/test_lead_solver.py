"""The compiled solver's fixed first card (``lead_value``, ``lead_many``) and its split numbers
(``split_hands``), against Python computations of their own.

The value of a lead is checked against a Python minimax over the first trick that asks the
solver only the positions after it (``forced_tricks``), and the composition against the solver
itself: the best lead over all the leader's cards is ``forced_tricks`` with the leader free.
"""

from __future__ import annotations

import random
import re
import threading
from array import array
from collections.abc import Callable

import pytest
from solver_build import require_solver
from test_solver_oracle import brute_force, random_endgame

from advisor.cards import CardSet, parse_cards
from advisor.seats import Seat
from advisor.solver import (
    lead_values,
    split_hands,
    stop_searches,
)
from advisor.splits import EXACT_LAYOUTS, left_hand_of_rank, sample_ranks

require_solver()

from advisor.solver import _core  # noqa: E402 - only once we know it exists

SEED = 20261201


def first_trick_value(
    hands: list[int], leader: int, card: int, solve: Callable[[int, int, int, int], int]
) -> int:
    """The most tricks the catchers force when ``leader`` leads ``card``: the trick's other two
    cards tried in every way (M least, the catchers most), each position after it valued by
    ``solve(m, l, r, winner)``, the first trick counted."""
    second, third = (leader + 1) % 3, (leader + 2) % 3
    suit = card >> 3
    values = []
    for card_b in _legal(hands[second], suit):
        replies = []
        for card_c in _legal(hands[third], suit):
            played = {leader: card, second: card_b, third: card_c}
            winner = max((s for s in played if played[s] >> 3 == suit), key=played.__getitem__)
            rest = [hands[s] & ~(1 << played[s]) for s in range(3)]
            replies.append((winner == Seat.M) + solve(rest[0], rest[1], rest[2], winner))
        values.append(min(replies) if third == Seat.M else max(replies))
    return min(values) if second == Seat.M else max(values)


def _legal(hand: int, suit: int) -> list[int]:
    follow = hand & 0xFF << 8 * suit
    playable = follow or hand
    return [index for index in range(32) if playable >> index & 1]


def _cards(mask: int) -> list[int]:
    return [index for index in range(32) if mask >> index & 1]


def _random_deal(rng: random.Random) -> list[int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return [sum(1 << card for card in deck[10 * seat : 10 * seat + 10]) for seat in range(3)]


def test_a_lead_is_worth_what_the_first_trick_and_the_solver_after_it_say() -> None:
    rng = random.Random(SEED)
    for _ in range(120):
        hands, leader = _random_deal(rng), rng.randrange(3)
        m, left, right = hands
        for card in _cards(hands[leader]):
            expected = first_trick_value(hands, leader, card, _core.forced_tricks)
            assert _core.lead_value(m, left, right, leader, card) == expected, (hands, leader, card)


def test_on_endgames_against_brute_force_alone() -> None:
    """No compiled search at all in the reference: the first trick and the rest by the
    brute-force minimax."""
    rng = random.Random(SEED + 1)
    for _ in range(300):
        size = rng.randrange(1, 5)
        hands, leader = random_endgame(rng, size, rng.randint(-(-3 * size // 8), 4))

        def solve(m: int, left: int, right: int, winner: int) -> int:
            return brute_force([m, left, right], winner)

        first, second, third = hands
        for card in _cards(hands[leader]):
            assert _core.lead_value(first, second, third, leader, card) == first_trick_value(
                hands, leader, card, solve
            )


def test_the_best_lead_is_the_solvers_own_answer() -> None:
    """M takes the lead that costs him least, a catcher the one that costs M most: either way
    the solver's answer with the leader free to choose."""
    rng = random.Random(SEED + 2)
    for _ in range(200):
        hands, leader = _random_deal(rng), rng.randrange(3)
        m, left, right = hands
        values = [_core.lead_value(m, left, right, leader, card) for card in _cards(hands[leader])]
        best = min(values) if leader == Seat.M else max(values)
        assert best == _core.forced_tricks(m, left, right, leader)


@pytest.mark.parametrize("cap", [1, 2, 10])
def test_lead_many_is_lead_value_for_each_layout_and_card(cap: int) -> None:
    """The bulk call: the free answer first, then each lead, lowest card first, all capped;
    its bounds from the free answer change nothing."""
    rng = random.Random(SEED + 3)
    for leader in Seat:
        deals = [_random_deal(rng) for _ in range(40)]
        own = CardSet(deals[0][leader])
        leads = CardSet(sum(1 << card for card in rng.sample(_cards(own.mask), 4)))
        for deal in deals[1:]:  # the leader keeps his hand, the others change
            rest = [card for card in range(32) if not own.mask >> card & 1]
            rng.shuffle(rest)
            deal[:] = [sum(1 << c for c in rest[i * 10 : i * 10 + 10]) for i in range(2)]
            deal.insert(leader, own.mask)
        layouts = array("I", (hand for deal in deals for hand in deal))
        found = lead_values(leader, layouts, leads, cap=cap)
        width = 1 + len(leads)
        assert len(found) == width * len(deals)
        for row, deal in enumerate(deals):
            m, left, right = deal
            expected = [min(cap, _core.forced_tricks(m, left, right, leader))] + [
                min(cap, _core.lead_value(m, left, right, leader, card.index)) for card in leads
            ]
            assert list(found[row * width : row * width + width]) == expected


def test_the_issue_hand_escapes_only_by_its_spade_ten() -> None:
    """The deal of the issue: M leads blind from ♠7 10 ♣7-J ♦7 8 ♥8, and only ♠10 escapes."""
    m = parse_cards("7S 10S 7C 8C 9C 10C JC 7D 8D 8H")
    left = parse_cards("QS AC 9D JD QD KD 9H 10H JH KH")
    right = parse_cards("8S 9S JS KS AS QC KC 10D 7H QH")
    values = {
        str(card): _core.lead_value(m.mask, left.mask, right.mask, Seat.M, card.index) for card in m
    }
    assert [card for card, tricks in values.items() if tricks == 0] == ["10♠"]
    assert values["8♥"] > 0 and _core.forced_tricks(m.mask, left.mask, right.mask, 0) == 0


def test_split_hands_names_the_splits_left_hand_of_rank_does() -> None:
    pool = parse_cards("8S 9S JS QS KS AS 10C JC QC KC AC 9D 10D JD QD KD 9H 10H JH QH")
    ranks = sample_ranks(500, SEED)
    ranks.extend([0, EXACT_LAYOUTS - 1])
    assert list(split_hands(pool, ranks)) == [left_hand_of_rank(pool, r).mask for r in ranks]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: _core.lead_value(1, 2, 4, 0, 5), "the leader does not hold card 5"),
        (lambda: _core.lead_value(1, 1, 4, 0, 0), "the three hands overlap"),
        (lambda: _core.lead_value(1, 2, 4, 3, 0), "leader must be 0 (M), 1 (L) or 2 (R), not 3"),
        (lambda: _core.lead_many(0, array("I", [1, 2, 4]), 8), "the leader does not hold"),
        (lambda: _core.lead_many(0, array("I", [1, 2, 4]), 1, 0), "cap must be at least 1"),
        (lambda: _core.lead_many(0, b"\0" * 5, 1), "three 4-byte unsigned integers"),
        (lambda: _core.lead_many(0, b"", 0xFFF), "leads must hold at most 10 cards"),
        (lambda: _core.split_hands(7, array("I", [0])), "an even number of cards"),
        (lambda: _core.split_hands(3, array("I", [2])), "ranks[0] = 2 is not below C(2, 1)"),
    ],
)
def test_bad_calls_are_named(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()  # type: ignore[operator]


def test_a_stopped_lead_many_raises_and_the_next_one_runs() -> None:
    """``stop_searches`` reaches the bulk call in another thread, as it does ``solve_many``:
    the thread's call raises ``Stopped`` and, once stopping is over, the same call answers."""
    rng = random.Random(SEED + 4)
    layouts = array("I", (hand for _ in range(3000) for hand in _random_deal(rng)))
    raised: list[BaseException] = []

    def work() -> None:
        try:
            _core.lead_many(1, layouts, 0)  # random deals: seconds of search, if not stopped
        except _core.Stopped as error:
            raised.append(error)

    stop_searches(True)
    try:
        thread = threading.Thread(target=work)
        thread.start()
        thread.join(timeout=60)
    finally:
        stop_searches(False)
    assert not thread.is_alive() and len(raised) == 1
    assert len(_core.lead_many(0, array("I", layouts[:3]), 0)) == 1
