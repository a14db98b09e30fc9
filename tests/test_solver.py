"""The solver's Python API: the issue's fixture, exact and sampled odds, layouts, errors."""

from __future__ import annotations

import math
import random
from array import array

import pytest
from solver_build import require_solver

from advisor.cards import DECK_MASK, CardSet, parse_cards, parse_hand
from advisor.errors import CardCountError, LayoutError
from advisor.seats import Seat
from advisor.solver import (
    GAVE_UP,
    Odds,
    catch_odds,
    format_layout,
    parse_layout,
    solve_layout,
    solve_many,
)
from advisor.solver.layout import check_layout
from advisor.splits import EXACT_LAYOUTS, left_hand_of_rank, sample_ranks

require_solver()

from advisor.solver import _core as core  # noqa: E402 - only once we know it exists

HOLED = parse_hand("7S 10S 7C 8C 9C 7D 8D 9D 7H 8H")
CLEAN = parse_hand("7S 8S 9S 7C 8C 7D 8D 9D 7H 8H")
ACES = parse_cards("AD AH")
CAUGHT_LAYOUT = (
    "M: ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8 L: ♠8 Q A ♣J Q ♦10 J K ♥Q K R: ♠9 J K ♣10 K A ♦Q ♥9 10 J"
)
CLEAN_LAYOUT = (
    "M: 7S 10S 7C 8C 9C 7D 8D 9D 7H 8H L: 8S 9S JS 10C JC 10D JD 9H 10H JH "
    "R: QS KS AS QC KC AC QD KD QH KH"
)


@pytest.mark.parametrize(
    ("leader", "caught"), [(Seat.M, 44_300), (Seat.L, 61_350), (Seat.R, 61_898)]
)
def test_fixture_from_the_issue(leader: Seat, caught: int) -> None:
    odds = catch_odds(HOLED, ACES, leader)
    assert odds.exact and odds.layouts == EXACT_LAYOUTS == math.comb(20, 10)
    assert odds.caught == caught
    assert odds.histogram == (EXACT_LAYOUTS - caught, caught) + (0,) * 9  # always one trick


@pytest.mark.parametrize("leader", list(Seat))
@pytest.mark.parametrize("discards", ["AD AH", "AS KS", "JC 10H"])
def test_clean_hand_is_never_caught(leader: Seat, discards: str) -> None:
    odds = catch_odds(CLEAN, parse_cards(discards), leader)
    assert odds.histogram == (EXACT_LAYOUTS,) + (0,) * 10
    assert odds.fraction == 0 and odds.expected_score == 10


def test_jobs_do_not_change_the_answer() -> None:
    one = catch_odds(HOLED, ACES, Seat.M, samples=3000, seed=7)
    two = catch_odds(HOLED, ACES, Seat.M, samples=3000, seed=7, jobs=2)
    assert one == two
    assert catch_odds(HOLED, ACES, Seat.M, jobs=2).caught == 44_300


def test_sampling_is_seeded_and_has_a_wilson_interval() -> None:
    first = catch_odds(HOLED, ACES, Seat.L, samples=2000, seed=1)
    assert first == catch_odds(HOLED, ACES, Seat.L, samples=2000, seed=1)
    assert first != catch_odds(HOLED, ACES, Seat.L, samples=2000, seed=2)
    assert not first.exact and first.layouts == 2000
    low, high = first.interval
    assert low < first.fraction < high
    assert low < 61_350 / EXACT_LAYOUTS < high


def test_progress_reports_every_layout() -> None:
    calls: list[tuple[int, int]] = []
    catch_odds(HOLED, ACES, Seat.R, samples=500, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (500, 500)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_odds_arithmetic() -> None:
    odds = Odds(histogram=(6, 3, 1) + (0,) * 8, exact=True)
    assert (odds.layouts, odds.caught, odds.fraction) == (10, 4, 0.4)
    assert odds.expected_tricks == 0.5
    assert odds.expected_score == 10 * 0.6 - 10 * 0.5
    assert odds.interval == (0.4, 0.4)
    low, high = Odds(histogram=(6, 4) + (0,) * 9, exact=False).interval
    assert (round(low, 4), round(high, 4)) == (0.1682, 0.6873)  # Wilson, n = 10


def test_solve_many_matches_enumeration() -> None:
    pool = CardSet(DECK_MASK) - HOLED - ACES
    cards = [1 << card.index for card in pool]
    splits = [sum(cards[i] for i in range(20) if (i * 7 + j) % 20 < 10) for j in range(20)]
    tricks = solve_many(HOLED, pool, Seat.L, array("I", splits))
    for left, forced in zip(splits, tricks, strict=True):
        result = solve_layout(HOLED, CardSet(left), pool - CardSet(left), Seat.L)
        assert result.tricks == forced


BAD_HAND = parse_hand("♠8 9 ♣7 9 10 ♦8 9 ♥7 8 J")  # often caught, for several tricks


def test_solve_many_caps_stops_and_budgets() -> None:
    pool = CardSet(DECK_MASK) - BAD_HAND - ACES
    layouts = array("I", (left_hand_of_rank(pool, rank).mask for rank in sample_ranks(60, 5)))
    full = solve_many(BAD_HAND, pool, Seat.L, layouts)
    assert max(full) >= 3 and 0 in full
    for cap in (1, 2, 3):
        assert solve_many(BAD_HAND, pool, Seat.L, layouts, cap=cap) == bytes(
            min(t, cap) for t in full
        )
    # stop: the layouts in order until that many reach the cap
    first_two = [i for i, t in enumerate(full) if t >= 2][:2]
    stopped = solve_many(BAD_HAND, pool, Seat.L, layouts, cap=2, stop=2)
    assert stopped == bytes(min(t, 2) for t in full[: first_two[1] + 1])
    assert GAVE_UP in solve_many(BAD_HAND, pool, Seat.L, layouts, budget=30)
    with pytest.raises(ValueError, match="cap must be at least 1, not 0"):
        solve_many(BAD_HAND, pool, Seat.L, layouts, cap=0)


def test_a_budget_leaves_the_table_right() -> None:
    # A search that gives up stores nothing half-done: what is solved afterwards in the same
    # table is what a fresh table says.
    rng = random.Random(1)
    for number in range(10):
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
        hand, discards = (
            CardSet(sum(1 << i for i in deck[:10])),
            CardSet(sum(1 << i for i in deck[10:12])),
        )
        pool = CardSet(DECK_MASK) - hand - discards
        layouts = array("I", (left_hand_of_rank(pool, r).mask for r in sample_ranks(40, number)))
        for seat in Seat:
            core.clear()
            full = solve_many(hand, pool, seat, layouts)
            for budget in (100, 1000):
                core.clear()
                for cap in (1, 3):
                    budgeted = solve_many(hand, pool, seat, layouts, cap=cap, budget=budget)
                    assert all(
                        b in (min(t, cap), GAVE_UP) for b, t in zip(budgeted, full, strict=True)
                    )
                assert solve_many(hand, pool, seat, layouts) == full
    with pytest.raises(ValueError, match="cap must be at least 1, not 0"):
        solve_many(BAD_HAND, pool, Seat.L, layouts, cap=0)


def test_a_rank_names_the_split_the_enumeration_gives_it() -> None:
    pool = CardSet(DECK_MASK) - HOLED - ACES
    ranks = sample_ranks(300, 9)
    by_rank = core.solve_ranked(HOLED.mask, pool.mask, Seat.R, ranks)
    masks = array("I", (left_hand_of_rank(pool, rank).mask for rank in ranks))
    assert solve_many(HOLED, pool, Seat.R, masks) == by_rank
    assert left_hand_of_rank(pool, 0) == CardSet.of(list(pool)[:10])
    assert left_hand_of_rank(pool, EXACT_LAYOUTS - 1) == CardSet.of(list(pool)[10:])
    with pytest.raises(ValueError):
        left_hand_of_rank(pool, EXACT_LAYOUTS)


def test_caught_layout_and_its_line() -> None:
    result = solve_layout(*parse_layout(CAUGHT_LAYOUT), Seat.L)
    assert result.caught and result.tricks == 1
    assert len(result.line) == 10
    assert [trick.winner for trick in result.line].count(Seat.M) == 1
    first = result.line[0]
    assert first.leader == Seat.L and first.card_of(Seat.L) == first.cards[0]


def test_clean_layout() -> None:
    result = solve_layout(*parse_layout(CLEAN_LAYOUT), Seat.M)
    assert not result.caught and result.tricks == 0
    assert all(trick.winner != Seat.M for trick in result.line)


def test_layout_round_trip() -> None:
    layout = parse_layout(CAUGHT_LAYOUT)
    assert parse_layout(format_layout(layout)) == layout
    assert format_layout(layout) == CAUGHT_LAYOUT
    assert parse_layout(CLEAN_LAYOUT.replace("M:", "m:")) == parse_layout(CLEAN_LAYOUT)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("M: 7S L: 8S R: 9S", CardCountError, "M: 1 card given, a hand has 10"),
        (CLEAN_LAYOUT.replace("L: 8S", "L: 7S"), LayoutError, "M and L both hold ♠7"),
        (CLEAN_LAYOUT.replace("R:", "M:"), LayoutError, "the layout gives M: twice"),
        (CLEAN_LAYOUT.split(" R:")[0], LayoutError, "the layout has no R: hand"),
        (
            "7S " + CLEAN_LAYOUT,
            LayoutError,
            "'7S' comes before a label: write M: ... L: ... R: ...",
        ),
    ],
)
def test_bad_layouts(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        parse_layout(text)
    assert str(caught.value) == message


def test_check_layout_sizes() -> None:
    with pytest.raises(LayoutError, match="same number of cards, at most 10: M 1, L 2, R 1"):
        check_layout(parse_cards("7S"), parse_cards("8S 9S"), parse_cards("10S"))


@pytest.mark.parametrize(
    ("discards", "message"),
    [("7S AH", "the discards ♠7 are in the hand"), ("AS", "1 discard given, there must be 2")],
)
def test_bad_discards(discards: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        catch_odds(HOLED, parse_cards(discards), Seat.M)
    assert str(caught.value) == message
