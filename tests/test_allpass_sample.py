"""The sampled estimate of a hand's all-pass tricks: seeded, independent of jobs, honest."""

from __future__ import annotations

from collections import Counter

import pytest
from solver_build import require_built

from advisor.allpass import solver
from advisor.allpass.rules import AllPassRules
from advisor.allpass.sample import Spread, estimate_allpass, random_deals
from advisor.cards import DECK_MASK, CardSet, parse_hand
from advisor.errors import AdvisorError, LayoutError
from advisor.seats import Position
from advisor.table import Progression, TalonCard

HAND = parse_hand("♠7 9 J ♣8 Q A ♦7 10 ♥9 K")
RULES = AllPassRules()


def test_random_deals_give_the_seat_its_hand_and_share_out_the_rest() -> None:
    deals = random_deals(HAND, Position.SECOND, 2200, seed=1)
    talon_cards: Counter[int] = Counter()
    for deal in deals:
        assert deal.hand(Position.SECOND) == HAND and len(deal.talon) == 2
        rest = deal.hand(Position.FIRST) | deal.hand(Position.THIRD) | CardSet.of(deal.talon)
        assert rest == CardSet(DECK_MASK) - HAND
        talon_cards.update(card.index for card in deal.talon)
    # each of the 22 unseen cards is in the talon 2 times in 22 (200 times here), give or take
    assert (
        len(talon_cards) == 22
        and 140 < min(talon_cards.values()) <= max(talon_cards.values()) < 260
    )
    assert random_deals(HAND, Position.SECOND, 5, seed=1) == deals[:5]


def test_spread_mean_interval_and_histogram() -> None:
    spread = Spread((0, 20, 0, 20) + (0,) * 7)
    assert (spread.deals, spread.mean) == (40, 2.0)
    interval = spread.interval  # sample variance 40/39, over 40 deals
    assert interval is not None
    assert interval[0] == pytest.approx(2 - 1.959963984540054 * (40 / 39 / 40) ** 0.5)
    assert interval[1] == pytest.approx(2 + 1.959963984540054 * (40 / 39 / 40) ** 0.5)
    rare_ten = Spread((29,) + (0,) * 9 + (1,)).interval  # mean 1/3 give or take 0.65
    assert rare_ten is not None and rare_ten[0] == 0.0  # never below no trick at all
    assert Spread((0, 30) + (0,) * 9).interval == (1.0, 1.0)
    assert Spread((30,) + (0,) * 10).to_dict() == {
        "mean": 0.0, "low": 0.0, "high": 0.0, "histogram": [30] + [0] * 10
    }  # fmt: skip


@pytest.mark.parametrize("deals", [1, 2, 29])
def test_no_interval_from_too_few_deals(deals: int) -> None:
    """One deal would give an interval of no width; below 30 the normal interval is no guide."""
    spread = Spread((0, deals) + (0,) * 9)
    assert spread.interval is None
    assert spread.to_dict() == {"mean": 1.0, "low": None, "high": None,
                                "histogram": [0, deals] + [0] * 9}  # fmt: skip


def test_bad_requests_are_named() -> None:
    with pytest.raises(LayoutError, match="the hand holds 9 cards, not 10"):
        estimate_allpass(HAND - CardSet.of(list(HAND)[:1]), Position.FIRST, RULES)
    with pytest.raises(AdvisorError, match="the number of samples must be at least 1, not 0"):
        estimate_allpass(HAND, Position.FIRST, RULES, samples=0)
    with pytest.raises(AdvisorError, match="counted from 1, not 0"):
        estimate_allpass(HAND, Position.FIRST, RULES, repeat=0)


class TestWithTheSolver:
    @pytest.fixture(autouse=True)
    def _solver(self) -> None:
        require_built(solver.core_available(), "the compiled all-pass solver")

    def test_same_seed_same_answer_and_jobs_do_not_matter(self) -> None:
        one = estimate_allpass(HAND, Position.THIRD, RULES, samples=300, seed=5)
        assert estimate_allpass(HAND, Position.THIRD, RULES, samples=300, seed=5) == one
        assert estimate_allpass(HAND, Position.THIRD, RULES, samples=300, seed=5, jobs=2) == one
        assert estimate_allpass(HAND, Position.THIRD, RULES, samples=300, seed=6) != one

    def test_estimate_is_the_solver_over_the_sampled_deals(self) -> None:
        rules = AllPassRules(TalonCard.DEALER, penalty=2, progression=Progression.ARITHMETIC)
        found = estimate_allpass(HAND, Position.FIRST, rules, samples=60, seed=2, repeat=3)
        deals = random_deals(HAND, Position.FIRST, 60, seed=2)
        forced = [solver.value(d, Position.FIRST, solver.Value.FORCED, rules) for d in deals]
        fewest = [solver.value(d, Position.FIRST, solver.Value.FEWEST, rules) for d in deals]
        assert found.forced.histogram == tuple(forced.count(t) for t in range(11))
        assert found.fewest.histogram == tuple(fewest.count(t) for t in range(11))
        assert found.forced.mean == pytest.approx(sum(forced) / 60)
        assert found.price == 6 and found.expected_penalty == pytest.approx(6 * sum(forced) / 60)
        interval = found.forced.interval
        assert interval is not None
        low, high = interval
        assert low <= found.forced.mean <= high
        assert found.penalty_interval == pytest.approx((6 * low, 6 * high))
        data = found.to_dict()
        assert set(data["forced"]) == {"mean", "low", "high", "histogram"}
        assert len(data["fewest"]["histogram"]) == 11 and data["seat"] == "first"

    def test_the_lowest_cards_cost_nothing(self) -> None:
        found = estimate_allpass(parse_hand("♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8"), Position.SECOND, RULES)
        assert found.forced.histogram[0] == found.samples == 1000
        assert found.expected_penalty == 0
