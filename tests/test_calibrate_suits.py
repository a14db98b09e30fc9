"""``table calibrate`` per suit: a holding's figure counts the deals M is caught through its
suit (the default), or every deal the hand is caught in (``--figure hand``), and says which."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import needs_solver

from advisor.calibrate import (
    CatchFigure,
    _pieces,
    _solve,
    calibrate,
)
from advisor.calibrate_file import calibrated_table_text, source_phrase
from advisor.cards import Suit
from advisor.cli import main
from advisor.errors import CalibrationError
from advisor.holdings import Holding
from advisor.seats import Lead, Seat
from advisor.solver import catch_odds
from advisor.table import default_table

SINGLETONS = [Holding.parse(text) for text in ("9", "J", "K", "7 Q")]


@needs_solver
def test_a_piece_counts_what_catch_odds_counts_per_suit() -> None:
    """Every split of two representative hands: the deals caught through spades (the
    holding's suit) are catch_odds's per-suit count, the deals caught at all its plain one."""
    for piece in _pieces(Holding.parse("J"), None, 0)[:2]:
        through = _solve(piece, [Seat.M, Seat.L], CatchFigure.SUIT)
        whole = _solve(piece, [Seat.M, Seat.L], CatchFigure.HAND)
        for seat in (Seat.M, Seat.L):
            odds = catch_odds(piece.hand.hand, piece.hand.discards, seat, per_suit=True)
            assert odds.through is not None
            assert (through[seat], whole[seat]) == (odds.through.caught(Suit.SPADES), odds.caught)


@needs_solver
def test_only_the_own_lead_moves_and_only_down() -> None:
    """With a catcher on lead the other suits, all below the catchers' cards, take no trick:
    caught is caught through the holding. On his own lead M may be caught leading into
    catchers void in another suit: then the hand is caught, the holding not."""
    table = default_table()
    suit = calibrate(table, samples=3000, holdings=SINGLETONS)
    hand = calibrate(table, samples=3000, holdings=SINGLETONS, figure="hand")
    moved = 0.0
    for per_suit, whole in zip(suit.holdings, hand.holdings, strict=True):
        assert per_suit.exact[Lead.THEM] == whole.exact[Lead.THEM]
        assert per_suit.exact[Lead.ME].percent <= whole.exact[Lead.ME].percent
        moved += whole.exact[Lead.ME].percent - per_suit.exact[Lead.ME].percent
    assert 0 < moved < 1  # a few deals in 3,000, for some of the four holdings
    assert suit.figure is CatchFigure.SUIT and suit.to_dict()["figure"] == "suit"
    assert hand.to_dict()["figure"] == "hand"


@needs_solver
def test_the_table_file_says_which_figure() -> None:
    chosen = [Holding.parse("7 J")]
    for figure, words in (("suit", "caught through the holding"), ("hand", "caught at all")):
        found = calibrate(default_table(), samples=200, holdings=chosen, figure=figure)
        text = calibrated_table_text(found, default_table(), "advisor table calibrate")
        assert f"\n# A deal counts when M is {words}" in text
        source = next(line for line in text.splitlines() if line.startswith('"7 J"'))
        assert (", caught through the holding: 200 deals" in source) is (figure == "suit")


def test_both_kinds_of_source_are_read_back() -> None:
    bounds = "95%: own 1.0–2.0, their 3.0–4.0"
    start = "exact play in clean low hands, two of their cards discarded"
    for source in (
        f"{start}: 5,000 deals (seed 0); {bounds}",
        f"{start}, caught through the holding: 5,000 deals (seed 0); {bounds}",
        f"{start}: every deal",
        f"{start}, caught through the holding: every deal",
    ):
        found = source_phrase(source)
        assert found is not None and str(found) == source
    assert source_phrase(f"{start}, caught somehow: every deal") is None


def test_a_bad_figure() -> None:
    with pytest.raises(CalibrationError, match="figure 'suits' must be suit or hand"):
        calibrate(default_table(), holdings=SINGLETONS[:1], figure="suits")


@needs_solver
def test_the_command_says_which_figure(runner: CliRunner, tmp_path: Path) -> None:
    args = ["table", "calibrate", "--holding", "K", "--samples", "200"]
    result = runner.invoke(main, [*args, "--figure", "hand"])
    assert result.exit_code == 0
    assert "\nCaught  at all, whatever the suit of M's first trick (the hand's whole chance)\n" in (
        result.output
    )
    data = json.loads(runner.invoke(main, [*args, "--figure", "hand", "--json"]).output)
    assert data["figure"] == "hand"
    out = tmp_path / "whole.toml"
    written = runner.invoke(main, [*args, "--figure", "hand", "-o", str(out)])
    assert written.exit_code == 0
    assert "advisor table calibrate --samples 200 --figure hand --seed 0" in out.read_text()
