"""The compiled all-pass solver against the brute force, on endings and on countable deals."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from allpass_oracle import SUIT_ONLY, brute_force, random_ending
from solver_build import require_built

from advisor.allpass import solver
from advisor.allpass.rules import AllPassRules, Deal, parse_deal, parse_play, replay
from advisor.allpass.sample import random_deals
from advisor.allpass.solver import Value, best_line, deal_values, solve_deals, value
from advisor.cards import Card, CardSet, parse_hand
from advisor.errors import AdvisorError
from advisor.seats import Position
from advisor.table import TalonCard

require_built(solver.core_available(), "the compiled all-pass solver advisor.allpass._core")

from advisor.allpass import _core  # noqa: E402 - only once we know it exists

SEED = 20261201
ENDINGS = 2000
RULES = {
    "suit": AllPassRules(TalonCard.SUIT),
    "dealer, three-handed": AllPassRules(TalonCard.DEALER, players=3),
    "dealer, four-handed": AllPassRules(TalonCard.DEALER, players=4),
}


def _dealer_code(rules: AllPassRules) -> int:
    if rules.talon_card is TalonCard.SUIT:
        return SUIT_ONLY
    return 3 if rules.dealer is None else int(rules.dealer)


def _deal(hands: list[int], talon: list[int], leader: int) -> Deal:
    three = (CardSet(hands[0]), CardSet(hands[1]), CardSet(hands[2]))
    return Deal(three, tuple(Card.from_index(c) for c in talon), Position(leader))


def test_solver_agrees_with_brute_force_on_random_endings() -> None:
    """Forced and fewest, every seat, random sizes and leaders, talon tricks to come or not,
    every setting of the turned-up card."""
    rng = random.Random(SEED)
    seen: Counter[tuple[str, int, int]] = Counter()
    for _ in range(ENDINGS):
        hands, talon, leader = random_ending(rng)
        name = rng.choice(list(RULES))
        player, which = Position(rng.randrange(3)), Value(rng.randrange(2))
        expected = brute_force(
            hands, talon, leader, player, which is Value.FEWEST, _dealer_code(RULES[name])
        )
        got = value(_deal(hands, talon, leader), player, which, RULES[name])
        assert got == expected, (hands, talon, leader, player, which, name)
        seen[name, len(talon), which] += 1
    # every combination of setting, talon tricks to come and value was met many times
    assert len(seen) == 3 * 3 * 2 and min(seen.values()) >= 50


def test_fewest_is_never_above_forced() -> None:
    rng = random.Random(SEED + 1)
    for _ in range(300):
        hands, talon, leader = random_ending(rng)
        deal = _deal(hands, talon, leader)
        for values in deal_values(deal, RULES["suit"]):
            assert values.fewest is not None and values.forced is not None
            assert values.fewest <= values.forced


def test_cutoffs_agree_with_brute_force() -> None:
    """Where the static cutoffs answer "does P take at least k more tricks?", the brute force
    gives the same answer (positions after the talon tricks, seats relative to P)."""
    rng = random.Random(SEED + 2)
    answered: Counter[int] = Counter()
    for _ in range(250):
        hands, _, leader = random_ending(rng)
        p, following, preceding = hands
        for which in Value:
            tricks = brute_force(hands, [], leader, 0, which is Value.FEWEST, SUIT_ONLY)
            for k in range(0, bin(hands[0]).count("1") + 2):
                answer = _core.static_answer(p, following, preceding, leader, k, which)
                if answer >= 0:
                    assert answer == (tricks >= k), (hands, leader, k, which)
                    answered[answer] += 1
    assert answered[0] > 100 and answered[1] > 100


# ----------------------------------------------------------------------------------------------
# Deals whose values can be counted by hand

LOW_HAND = parse_hand("♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8")  # the four sevens and the low cards
ACES_HAND = parse_hand("♠7 8 9 10 J Q K A ♥A ♦A")  # every spade and the red aces
FOUR_ACES = parse_hand("♠8 9 10 J Q K A ♣A ♦A ♥A")  # the four aces and the spades above the 7


@pytest.mark.parametrize("seat", list(Position))
def test_the_lowest_cards_take_nothing(seat: Position) -> None:
    """Every card of the hand is below every other card of its suit: whoever leads, someone
    else holds the suit and plays higher, so the hand never takes a trick."""
    deals = random_deals(LOW_HAND, seat, 40, seed=seat)
    for deal in deals:
        for rules in (RULES["suit"], RULES["dealer, four-handed"]):
            assert value(deal, seat, Value.FORCED, rules) == 0
            assert value(deal, seat, Value.FEWEST, rules) == 0


def test_the_lowest_cards_and_the_dealers_aces() -> None:
    """Under talon_card = "dealer" a turned-up ace is the dealer's trick: third hand, the
    dealer of a three-handed game, takes both talon tricks with the lowest cards; in a
    four-handed game the dealer sits out and third hand takes nothing."""
    deal = parse_deal(
        "first: ♠10 J Q ♣10 J Q ♦9 10 J Q second: ♠K ♣K A ♦K A ♥9 10 J Q K "
        "third: ♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8 talon: A♥ A♠"
    )
    assert value(deal, Position.THIRD, Value.FORCED, RULES["dealer, three-handed"]) == 2
    assert value(deal, Position.THIRD, Value.FEWEST, RULES["dealer, three-handed"]) == 2
    assert value(deal, Position.THIRD, Value.FORCED, RULES["dealer, four-handed"]) == 0
    assert value(deal, Position.THIRD, Value.FORCED, RULES["suit"]) == 0


def _talon_tricks_of_red_aces(deal: Deal) -> int:
    """A red card turned up first makes the hand play that suit's ace and take the trick; a
    second red card of the other red suit does too. A club turned up first lets him throw the
    ace of the second card's suit (or any red ace) instead, and a second card of a suit he no
    longer holds lets him throw the other."""
    first, second = (card.suit.glyph in "♦♥" for card in deal.talon)
    return int(first) + int(first and second and deal.talon[0].suit != deal.talon[1].suit)


@pytest.mark.parametrize("seat", list(Position))
def test_the_four_aces_hand(seat: Position) -> None:
    """Every spade and the red aces. After the talon tricks first hand leads trick 3 and takes
    all eight tricks that are left, every card being unbeatable; second or third hand has
    played or thrown both red aces by then and holds only spades, which nobody can lead to
    him: no more tricks (with aces left he would have thrown them before)."""
    for deal in random_deals(ACES_HAND, seat, 60, seed=10 + seat):
        tricks = _talon_tricks_of_red_aces(deal) + (8 if seat is Position.FIRST else 0)
        for rules in (RULES["suit"], RULES["dealer, four-handed"]):
            assert value(deal, seat, Value.FORCED, rules) == tricks, deal
            assert value(deal, seat, Value.FEWEST, rules) == tricks, deal


@pytest.mark.parametrize("seat", list(Position))
def test_the_four_aces(seat: Position) -> None:
    """The four aces and every spade but the 7. The hand holds every suit, so it follows each
    talon card with a card nobody can beat (the ace, or a spade over the ♠7) and takes the
    trick, unless the second talon card is of the first one's suit: void then, it throws a card.
    After the talon tricks it still holds two aces at least: first hand leads, and the others
    lead the suit of one of his aces, which he must win; from then on he leads unbeatable cards
    and takes every trick: eight more."""
    for deal in random_deals(FOUR_ACES, seat, 60, seed=20 + seat):
        tricks = len({card.suit for card in deal.talon}) + 8
        for name, rules in RULES.items():
            if seat is Position.THIRD and name == "dealer, three-handed":
                continue  # the dealer: also charged with a second talon trick nobody beats
            assert value(deal, seat, Value.FORCED, rules) == tricks, deal
        if seat is Position.FIRST:  # he leads, so nobody can help him
            assert value(deal, seat, Value.FEWEST, RULES["suit"]) == tricks


def test_symmetric_deal_gives_each_seat_the_same() -> None:
    """Each hand holds one rank block of every suit in turn (a rotation of the same shape):
    the hands are the same up to the suits, and the suits are interchangeable."""
    deal = parse_deal(
        "first: ♠7 8 9 ♣10 J Q ♦K A ♥7 8 second: ♠10 J Q ♣K A ♦7 8 9 ♥9 10 "
        "third: ♠K A ♣7 8 9 ♦10 J Q ♥J Q talon: K♥ A♥"
    )
    found = deal_values(deal, RULES["suit"])
    assert [v.forced for v in found] == [
        value(deal, s, Value.FORCED, RULES["suit"]) for s in Position
    ]
    for values in found:
        assert values.fewest is not None and values.forced is not None
        assert 0 <= values.fewest <= values.forced <= 10


# ----------------------------------------------------------------------------------------------
# Lines of play and many deals


@pytest.mark.parametrize("name", list(RULES))
def test_best_line_reaches_the_forced_value_by_the_rules(name: str) -> None:
    rules = RULES[name]
    for index, deal in enumerate(
        random_deals(parse_hand("♠7 9 J ♣8 Q A ♦7 10 ♥9 K"), Position.SECOND, 6, 3)
    ):
        seat = Position(index % 3)
        line = best_line(deal, seat, rules)
        assert len(line) == 10
        assert sum(trick.taker is seat for trick in line) == value(deal, seat, Value.FORCED, rules)
        played = replay(deal, parse_play(" ".join(str(c) for t in line for c in t.cards)), rules)
        assert not played.revokes
        assert [t.taker for t in played.tricks] == [t.taker for t in line]
        assert [t.leader for t in played.tricks] == [t.leader for t in line]


def test_solve_deals_equals_one_deal_at_a_time_and_any_jobs() -> None:
    deals = random_deals(parse_hand("♠7 8 A ♣9 10 ♦J Q K ♥7 A"), Position.FIRST, 40, seed=7)
    deals += random_deals(parse_hand("♠9 10 J ♣7 K ♦8 A ♥8 10 Q"), Position.THIRD, 40, seed=8)
    rules = RULES["dealer, three-handed"]
    one = solve_deals(deals, rules)
    assert one == [deal_values(deal, rules) for deal in deals]
    assert solve_deals(deals, rules, jobs=2) == one
    forced_first = solve_deals(deals, rules, seats=(Position.FIRST,), values=(Value.FORCED,))
    assert [v[0].forced for v in forced_first] == [v[0].forced for v in one]
    assert all(v[0].fewest is None for v in forced_first)


def test_solve_deals_takes_full_deals_only() -> None:
    ending = _deal([0b111, 0b111000, 0b111000000], [], 0)
    with pytest.raises(AdvisorError, match="full deals"):
        solve_deals([ending], RULES["suit"])
    with pytest.raises(AdvisorError, match="jobs must be at least 1, not 0"):
        solve_deals([], RULES["suit"], jobs=0)


def test_core_refuses_bad_positions() -> None:
    with pytest.raises(ValueError, match="overlap"):
        _core.value(1, 1, 2, b"", 0, 0, 0, -1)
    with pytest.raises(ValueError, match="same number"):
        _core.value(1, 2, 12, b"", 0, 0, 0, -1)
    with pytest.raises(ValueError, match="talon card"):
        _core.value(1, 2, 4, b"\x00", 0, 0, 0, -1)
    with pytest.raises(ValueError, match="not a deal"):
        _core.solve_deals(bytes(16), 7, 3, -1)


def test_without_the_compiled_part_the_solver_says_so() -> None:
    code = (
        "from advisor.allpass import solver, parse_deal, AllPassRules\n"
        "from advisor.seats import Position\n"
        "try:\n"
        "    solver.value(parse_deal(" + repr(_A_DEAL) + "), Position.FIRST, solver.Value.FORCED,"
        " AllPassRules())\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    env = {**os.environ, "ADVISOR_PUREPYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.startswith("AllPassSolverUnavailableError the compiled all-pass solver")


_A_DEAL = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)
