"""``advisor discard`` through the command line, as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import needs_solver

from advisor.cards import CardSet, parse_cards
from advisor.cli import main
from advisor.cli.render_exact_discard import ranked, render_discard_odds
from advisor.exact.discard_odds import Candidate, CandidateSeat, DiscardOdds
from advisor.seats import Lead, Seat
from advisor.solver import Odds

TWELVE = "♠7810 ♣79J ♦78 ♥79KA"


def test_discard_own_lead(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discard", TWELVE, "--lead", "me"])
    assert result.exit_code == 0
    assert result.output == (
        "Cards    ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A\n"
        "Discard  ♥K A\n"
        "\n"
        "Hand  ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9\n"
        "Lead  me (the misère player leads first)\n"
        "\n"
        "Suit  Holding  Status  Matched       %\n"
        "♠     7 8 10   clean   clean        0%\n"
        "♣     7 9 J    clean   clean        0%\n"
        "♦     7 8      clean   clean        0%\n"
        '♥     7 9      hole    table "7 9"  5%\n'
        "\n"
        "✓  No seven         every suit held has its 7\n"
        "✓  At most 2 holes  1 hole, at most 2\n"
        "✓  Combined chance  caught in 5% (sum) ≤ 80%\n"
        "✓  Clean misère     has holes\n"
        "Verdict: DECLARE — 1 hole, caught in 5% (limit 80%)\n"
        "\n"
        "Next  Discard  Keeps                     Holes  Caught  Verdict\n"
        "2     ♠10 ♥A   ♠7 8 ♣7 9 J ♦7 8 ♥7 9 K   1      70%     declare\n"
        "3     ♦8 ♥A    ♠7 8 10 ♣7 9 J ♦7 ♥7 9 K  1      70%     declare\n"
        "Add --exact (-x) to choose by exact play: each discard's catch chance and score.\n"
    )


def test_discard_their_lead(runner: CliRunner) -> None:
    # The ♣J may go now: ♣7 9 is safe on their lead.
    result = runner.invoke(main, ["discard", *TWELVE.split()])
    assert result.exit_code == 0
    assert "Discard  ♥K A\n" in result.output
    assert "Verdict: DECLARE — a clean misère\n" in result.output
    assert result.output.endswith(
        "Next  Discard  Keeps                     Holes  Caught  Verdict\n"
        "2     ♣J ♥A    ♠7 8 10 ♣7 9 ♦7 8 ♥7 9 K  1      70%     declare\n"
        "3     ♠10 ♥A   ♠7 8 ♣7 9 J ♦7 8 ♥7 9 K   1      70%     declare\n"
        "Add --exact (-x) to choose by exact play: each discard's catch chance and score.\n"
    )


def test_discard_that_cannot_save_the_hand_exits_1(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discard", "♠A K ♣A K ♦A ♥7 8 9 10 J Q K"])
    assert result.exit_code == 1
    assert "Discard  ♠A ♦A\n" in result.output
    assert "Verdict: PASS" in result.output


def test_discard_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discard", TWELVE, "--lead", "ME", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["cards"], data["lead"]) == ("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A", "me")
    assert [(o["discards"], o["verdict"], o["combined"]) for o in [data["best"]]] == [
        ("♥K A", "declare", 5)
    ]
    assert [(o["discards"], o["hand"], o["holes"]) for o in data["alternatives"]] == [
        ("♠10 ♥A", "♠7 8 ♣7 9 J ♦7 8 ♥7 9 K", 1),
        ("♦8 ♥A", "♠7 8 10 ♣7 9 J ♦7 ♥7 9 K", 1),
    ]
    assert data["best"]["assessment"]["suits"][3]["source"] == 'table "7 9"'


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("♠7810 ♣79J ♦78 ♥79K", "11 cards given, 12 are needed"),
        ("♠7810 ♣79J ♦78 ♥79KA ♠9", "13 cards given, 12 are needed"),
        ("♠7810 ♣79J ♦78 ♥79K 7S", "7♠ is given twice ('♠7810' and '7S')"),
        ("♠7810 ♣79J ♦78 ♥79K 6S", "'6S' is not a Preferans card: the deck runs 7..A"),
    ],
)
def test_discard_bad_cards(runner: CliRunner, cards: str, message: str) -> None:
    result = runner.invoke(main, ["discard", cards])
    assert (result.exit_code, result.output) == (2, f"Error: {message}\n")


def test_discard_needs_cards(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discard"])
    assert result.exit_code == 2
    assert "Missing argument 'CARDS...'" in result.output


def test_discard_help_ends_with_an_example(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discard", "--help"])
    assert result.exit_code == 0
    assert 'Examples:\n    advisor discard "♠7810 ♣79J ♦78 ♥79KA" --lead me\n' in result.output


ISSUE = "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9"


@needs_solver
def test_discard_exact(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(main, ["discard", ISSUE, "-x", "--lead", "left", "--samples", "500"])
    assert result.exit_code == 1  # the best discard still scores below a pass
    assert result.output == (  # clear after 64 of the splits
        "Cards    ♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9\n"
        "Lead     left (L leads the first trick)\n"
        "Layouts  64 of 500 random splits (seed 0), the same for every discard: enough\n"
        "         for the verdict and the choice (--full: all of them)\n"
        "\n"
        "#  Discard  Keeps                     Caught  95% interval  Tricks     Score\n"
        "1  ♣K A     ♠7 8 9 10 ♣8 ♦7 8 9 ♥8 9   56.2%   44.1%–67.7%    1.95    -15.16\n"
        "2  ♣A ♥9    ♠7 8 9 10 ♣8 K ♦7 8 9 ♥8  100.0%  94.3%–100.0%    2.38    -23.75\n"
        "3  ♠10 ♥9   ♠7 8 9 ♣8 K A ♦7 8 9 ♥8   100.0%  94.3%–100.0%    3.00    -30.00\n"
        "4  ♦9 ♥9    ♠7 8 9 10 ♣8 K A ♦7 8 ♥8  100.0%  94.3%–100.0%          ≤ -15.16\n"
        "5  ♣8 ♥9    ♠7 8 9 10 ♣K A ♦7 8 9 ♥8  100.0%  94.3%–100.0%          ≤ -15.16\n"
        "9 more, each expected at most -15.16; all 66 in --json (touching cards as one)\n"
        "Exact play: PASS — discard ♣K A: expected -15.16 (passing: 0)\n"
    )
    full = runner.invoke(main, ["discard", ISSUE, "-x", "--lead", "left", "--samples", "500",
                                "--full"])  # fmt: skip
    assert "Layouts  500 random splits (seed 0), the same for every discard\n" in full.output
    assert "1  ♣K A     ♠7 8 9 10 ♣8 ♦7 8 9 ♥8 9   56.8%   52.4%–61.1%    1.83" in full.output


@needs_solver
def test_discard_exact_json(runner: CliRunner) -> None:
    args = ["discard", TWELVE, "--exact", "--lead", "me", "--samples", "300", "--json"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["cards"], data["lead"], data["samples"], data["verdict"]) == (
        "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A", "me", 300, "declare"
    )  # fmt: skip
    assert data["best"]["discards"] == "♥K A" and data["best"]["expected_score"] == 10
    assert len(data["candidates"]) == 66


@needs_solver
def test_discard_exact_all_layouts(runner: CliRunner) -> None:
    args = ["discard", TWELVE, "-x", "--lead", "me", "--all", "--json"]
    data = json.loads(runner.invoke(main, args).output)
    assert data["exact"] is True and data["best"]["exact"] is True
    assert sum(data["best"]["histogram"]) == 184_756


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--samples", "5"], "Error: --samples needs --exact"),
        (["--all"], "Error: --all needs --exact"),
        (["--seed", "2"], "Error: --seed needs --exact"),
        (["--jobs", "2"], "Error: --jobs needs --exact"),
        (["-x", "--all", "--samples", "5"], "Error: --samples and --all exclude each other"),
        (["--lead", "left"], "Error: Invalid value for '--lead': left and right need --exact"),
    ],
)
def test_discard_exact_usage_errors(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, ["discard", TWELVE, *args], prog_name="advisor")
    assert result.exit_code == 2
    assert result.output == f"{message}\n"


@needs_solver
def test_exact_names_the_catch_limit_that_decided_a_pass(runner: CliRunner, tmp_path: Path) -> None:
    """With ``exact_threshold`` set, a PASS whose expected score beats passing says why: the
    best discard's catch chance over the limit (as ``check --exact`` does)."""
    twelve = "♠8 ♣7 8 9 ♦7 8 9 ♥7 9 Q ♠A ♣A"
    table = tmp_path / "table.toml"
    table.write_text("exact_threshold = 5\n", encoding="utf-8")
    args = ["discard", twelve, "--exact", "--lead", "me", "--table", str(table)]
    limited = runner.invoke(main, args, env={"COLUMNS": "200"})
    free = runner.invoke(main, args[:-2], env={"COLUMNS": "200"})
    assert limited.exit_code == 1 and free.exit_code == 0
    assert limited.output.splitlines()[-1] == (
        "Exact play: PASS — discard ♠A ♥Q: expected +7.92 (passing: 0); caught in 10.3% (limit 5%)"
    )
    assert free.output.splitlines()[-1].startswith("Exact play: DECLARE — discard ♠A ♥Q: ")
    assert "limit" not in free.output.splitlines()[-1]


def _candidate(discards: str, histogram: list[int] | None, bound: float = 0.0) -> Candidate:
    """A discard with L on lead: solved on every split (``histogram`` of 184,756 layouts), on a
    sample (fewer), or known only by its ``bound``."""
    cards = parse_cards(discards)
    layouts = sum(histogram) if histogram else 100
    odds = None if histogram is None else Odds(tuple(histogram), exact=layouts == 184_756)
    score = bound if odds is None else odds.expected_score
    caught = layouts - histogram[0] if histogram else 50
    seat = CandidateSeat(Seat.L, layouts, caught, odds, score)
    return Candidate(cards, CardSet(0), 0, (seat,))


def test_exact_rows_are_ranked_by_the_score_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """``discard --exact --all`` solved its leaders on every split and listed them first, the
    sampled discards after, though a sampled one scored more than a leader: the rows, numbered
    as a ranking, are ranked by the score they show (the chosen discard first, those known
    only by a bound last)."""
    whole = 184_756
    candidates = (
        _candidate("AS AH", [whole // 2, whole // 2] + [0] * 9),  # the best: -0.00
        _candidate("KS AH", [0, 0, whole] + [0] * 8),  # a leader on every split: -20.00
        _candidate("QS AH", [0, 50, 50] + [0] * 8),  # sampled: -15.00
        _candidate("JS AH", None, bound=-12.0),  # known only by its bound
        _candidate("10S AH", [0, 100] + [0] * 9),  # sampled: -10.00
    )
    found = DiscardOdds(
        parse_cards("AS AH KS QS JS 10S 9S 8S 7S 7C 8C 9C"), Lead.LEFT, 100, 0, True, 100,
        candidates, 0.0, None,
    )  # fmt: skip
    assert [str(c.discards) for c in ranked(list(candidates))] == [
        "♠A ♥A", "♠10 ♥A", "♠Q ♥A", "♠K ♥A", "♠J ♥A",
    ]  # fmt: skip
    render_discard_odds(found)
    rows = [line.split()[:3] for line in capsys.readouterr().out.splitlines()[6:11]]
    assert rows == [["1", "♠A", "♥A"], ["2", "♠10", "♥A"], ["3", "♠Q", "♥A"],
                    ["4", "♠K", "♥A"], ["5", "♠J", "♥A"]]  # fmt: skip
