"""The two readings of exact figures: an estimate with two-sided intervals, bounds with one
honest end each, each saying itself in JSON and in cells without the reader asking which."""

from __future__ import annotations

from advisor.exact.reading import BOUND, ESTIMATE, Cell


def test_an_estimate_gives_both_ends_of_each_interval() -> None:
    assert ESTIMATE.bound_json is None and ESTIMATE.two_sided
    assert ESTIMATE.caught_json((0.123456, 0.5)) == {"low": 0.1235, "high": 0.5}
    assert ESTIMATE.score_json((-1.234, 2.345)) == {"score_low": -1.23, "score_high": 2.35}
    assert ESTIMATE.cells(0.3, (0.2, 0.4), 1.5, (-1.0, 2.0)) == (
        Cell("", "share", (0.3,)),
        Cell("", "shares", (0.2, 0.4)),
        Cell("", "score", (1.5,)),
        Cell("", "scores", (-1.0, 2.0)),
    )
    assert ESTIMATE.pass_reason(50.0, -1.0) is None and ESTIMATE.per_suit_note is None


def test_a_bound_gives_only_its_honest_end() -> None:
    assert BOUND.bound_json == {"p_caught": "lower", "expected_score": "upper"}
    assert not BOUND.two_sided
    assert BOUND.caught_json((0.9, 1.0)) == {"low": 0.9, "high": None}
    assert BOUND.score_json((-10.0, -7.126)) == {"score_low": None, "score_high": -7.13}
    assert BOUND.cells(0.95, (0.9, 1.0), -8.0, (-10.0, -7.0)) == (
        Cell("≥ ", "share", (0.95,)),
        Cell("≥ ", "share", (0.9,)),
        Cell("≤ ", "score", (-8.0,)),
        Cell("≤ ", "score_limit", (-7.0,)),
    )
    reason = BOUND.pass_reason(95.0, -8.0)
    assert reason is not None and "at least 95.0%" in str(reason)
    assert BOUND.per_suit_note is not None
