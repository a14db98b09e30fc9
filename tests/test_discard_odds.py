"""``advisor discard --exact``: every discard of twelve cards by exact play, on shared layouts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from solver_build import require_solver

from advisor.cards import parse_cards
from advisor.cli import main
from advisor.errors import CardCountError, ExactError, LimitError
from advisor.exact.discard_odds import DROP_FROM, FIRST_BATCH, SETTLED_BEST, TOLERANCE, discard_odds
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead, Seat
from advisor.solver import catch_odds
from advisor.table import default_table, merge_table

require_solver()

TABLE = default_table()
ISSUE = parse_cards("♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9")  # the table throws ♥8 9 and is lost
TWELVE = parse_cards("♠7810 ♣79J ♦78 ♥79KA")


def test_the_issue_hand_throws_the_king_and_ace() -> None:
    found = discard_odds(ISSUE, Lead.LEFT, TABLE)
    assert found.best.discards == parse_cards("♣K A")
    assert 0.5 < found.best.p_caught < 0.62  # two holes, caught in about 56 %
    keeps_the_holes = next(c for c in found.candidates if c.discards == parse_cards("♥8 9"))
    assert keeps_the_holes.p_caught == 1.0  # the table's choice: caught in every layout
    assert found.verdict == "pass" and not found.declare


def test_every_discard_is_there_once_best_first() -> None:
    found = discard_odds(TWELVE, Lead.ME, TABLE, ExactSettings(samples=300, seed=4, full=True))
    assert len({c.discards for c in found.candidates}) == 66
    settled = [c for c in found.candidates if c.settled]
    scores = [c.expected_score for c in settled]
    known = [score for score in scores if score is not None]
    assert (
        known == scores and scores == sorted(known, reverse=True) and len(settled) >= SETTLED_BEST
    )
    assert list(found.candidates[: len(settled)]) == settled  # the settled ones come first
    best_score = found.best.expected_score
    assert best_score is not None
    for candidate in found.candidates[len(settled) :]:
        assert candidate.expected_score is None and candidate.score_bound <= best_score
        assert candidate.score_bound <= 10 - 20 * candidate.p_caught + 1e-9
    by_discard = {c.discards: c for c in found.candidates}
    for candidate in found.candidates:
        if candidate.same_as is not None:  # touching cards: the same figures
            same = by_discard[candidate.same_as]
            assert candidate.seats == same.seats and candidate.rank > same.rank


@pytest.mark.parametrize("seat", [Seat.M, Seat.R])
def test_a_discard_scores_as_solve_scores_its_ten_cards(seat: Seat) -> None:
    lead = Lead.ME if seat is Seat.M else Lead.RIGHT
    found = discard_odds(TWELVE, lead, TABLE, ExactSettings(samples=400, seed=11, full=True))
    for candidate in [c for c in found.candidates if c.settled][:3]:
        alone = catch_odds(candidate.hand, candidate.discards, seat, samples=400, seed=11)
        (seat_found,) = candidate.seats
        assert seat_found.odds == alone


def test_them_is_both_seats_averaged() -> None:
    both = discard_odds(TWELVE, Lead.THEM, TABLE, ExactSettings(samples=300))
    assert [s.seat for s in both.best.seats] == [Seat.L, Seat.R]
    left, right = both.best.seats
    assert both.best.p_caught == pytest.approx((left.p_caught + right.p_caught) / 2)


def test_all_layouts_for_the_leaders_equal_solve_exact(runner: CliRunner) -> None:
    found = discard_odds(TWELVE, Lead.ME, TABLE, ExactSettings(samples=300, every_layout=True))
    leaders = [c for c in found.candidates if c.exact]
    assert leaders and leaders[0] == found.best
    for candidate in leaders:
        args = ["solve", str(candidate.hand), "--discards", str(candidate.discards)]
        solved = json.loads(runner.invoke(main, [*args, "--lead", "me", "--json"]).output)
        odds = candidate.seats[0].odds
        assert odds is not None and odds.exact
        assert list(odds.histogram) == solved["histogram"]
        assert candidate.expected_score == pytest.approx(solved["expected_score"])


def test_same_seed_same_answer_and_jobs_do_not_matter() -> None:
    one = discard_odds(ISSUE, Lead.ME, TABLE, ExactSettings(samples=300, seed=2, every_layout=True))
    assert (
        discard_odds(ISSUE, Lead.ME, TABLE, ExactSettings(samples=300, seed=2, every_layout=True))
        == one
    )
    two = discard_odds(
        ISSUE, Lead.ME, TABLE, ExactSettings(samples=300, seed=2, every_layout=True, jobs=2)
    )
    assert two == one
    both = discard_odds(ISSUE, Lead.THEM, TABLE, ExactSettings(samples=300, seed=2))
    assert discard_odds(ISSUE, Lead.THEM, TABLE, ExactSettings(samples=300, seed=2, jobs=2)) == both
    assert discard_odds(ISSUE, Lead.ME, TABLE, ExactSettings(samples=300, seed=3)) != discard_odds(
        ISSUE, Lead.ME, TABLE, ExactSettings(samples=300, seed=2)
    )


def test_the_verdict_is_the_best_score_against_passing() -> None:
    found = discard_odds(TWELVE, Lead.ME, TABLE, ExactSettings(samples=300))
    score = found.best.expected_score
    assert score == 10 and found.verdict == "declare"
    high = merge_table(default_table(), "pass_score = 10", "high.toml")
    assert discard_odds(TWELVE, Lead.ME, high, ExactSettings(samples=300)).verdict == "pass"


def test_bad_input() -> None:
    with pytest.raises(CardCountError, match="11 cards given, 12 are needed"):
        discard_odds(parse_cards("♠7810 ♣79J ♦78 ♥79K"), Lead.ME, TABLE)
    with pytest.raises(LimitError, match="at least 1, not 0"):
        discard_odds(TWELVE, Lead.ME, TABLE, ExactSettings(samples=0))


def test_to_dict() -> None:
    data = discard_odds(ISSUE, Lead.LEFT, TABLE, ExactSettings(samples=300, full=True)).to_dict()
    assert set(data) == {
        "cards", "lead", "samples", "layouts", "seed", "exact", "pass_score", "threshold",
        "verdict", "best", "candidates",
    }  # fmt: skip
    assert data["layouts"] == 300
    assert len(data["candidates"]) == 66 and data["best"] == data["candidates"][0]
    best = data["best"]
    assert best["discards"] == "♣K A" and best["same_as"] is None
    assert {"discards", "p_caught", "low", "high", "expected_score", "histogram"} <= set(best)
    assert sum(best["histogram"]) == 300
    pruned = [c for c in data["candidates"] if c["expected_score"] is None]
    assert pruned and all(c["histogram"] is None and c["score_at_most"] < 0 for c in pruned)


def test_the_splits_stop_once_they_tell_enough() -> None:
    # Hopeless: every discard is caught nearly always, the first batch settles the verdict.
    hopeless = discard_odds(parse_cards("♠8 10 Q A ♣8 10 Q ♦8 10 Q ♥K A"), Lead.ME, TABLE)
    assert hopeless.layouts == FIRST_BATCH < hopeless.samples == 2000
    assert hopeless.verdict == "pass" and hopeless.to_dict()["layouts"] == FIRST_BATCH
    # A clean discard: its score known to a point either way (an allowance for catches unseen).
    clean = discard_odds(TWELVE, Lead.ME, TABLE)
    assert clean.best.expected_score == 10 and clean.layouts < 2000
    low, _ = clean.best.interval
    assert clean.best.p_caught == 0 and low == 0
    # A close call: on to every split, or until the best is clearly on one side.
    close = discard_odds(ISSUE, Lead.LEFT, TABLE)
    assert close.best.discards == parse_cards("♣K A") and close.layouts > FIRST_BATCH


def test_an_all_pass_pass_score_needs_the_hand_as_dealt() -> None:
    table = merge_table(default_table(), 'pass_score = "allpass"', "allpass.toml")
    with pytest.raises(ExactError, match="needs the ten cards as dealt"):
        discard_odds(TWELVE, Lead.ME, table, ExactSettings(samples=30))


CLOSE_CALL = parse_cards("7S 9S 7C 8C 9C QC KC 8D 9D 10D 7H 10H")  # best about -0.2 to -0.5


def test_discards_far_below_the_best_are_screened_no_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A close call plays every split; the discards far below the best keep the figures of
    the first splits they were screened on (advisor solve's own there), and the choice, its
    score and its histogram are those of screening every discard on every split."""
    found = discard_odds(CLOSE_CALL, Lead.RIGHT, TABLE, ExactSettings(samples=600))
    assert found.layouts == 600 and found.screened_less
    best = found.best
    best_score = best.expected_score
    assert best_score is not None
    for candidate in found.screened_less:
        (seat,) = candidate.seats
        assert DROP_FROM <= seat.layouts < 600
        alone = catch_odds(candidate.hand, candidate.discards, Seat.R, samples=seat.layouts)
        assert seat.caught == alone.caught
        assert candidate.score_bound < best_score - TOLERANCE
        assert candidate.to_dict()["layouts"] == seat.layouts
    monkeypatch.setattr("advisor.exact.discard_odds.DROP_FROM", 10**9)
    every = discard_odds(CLOSE_CALL, Lead.RIGHT, TABLE, ExactSettings(samples=600))
    assert not every.screened_less
    assert every.best.discards == best.discards and every.best.histogram == best.histogram
    assert every.best.expected_score == best_score
    by_discard = {c.discards: c for c in every.candidates}
    for candidate in found.candidates:
        if candidate not in found.screened_less and candidate.same_as is None:
            assert by_discard[candidate.discards].p_caught == candidate.p_caught
    full = discard_odds(CLOSE_CALL, Lead.RIGHT, TABLE, ExactSettings(samples=600, full=True))
    assert not full.screened_less


def test_screened_less_is_said_in_the_text(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["discard", str(CLOSE_CALL), "--exact", "--lead", "right", "--samples", "600"],
        env={"COLUMNS": "100", "NO_COLOR": "1"},
    )  # fmt: skip
    assert result.exit_code == 1
    line = "16 far below the best, screened on the first 256 splits or more (--full: all)\n"
    assert line in result.output
