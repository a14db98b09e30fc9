"""``advisor check --exact`` through the command line, as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fresh_modules import loaded_by_command
from solver_build import needs_solver

import advisor.exact.settings
import advisor.solver
from advisor.cli import main
from advisor.solver import SolverUnavailableError

LONE_KING = "♠K ♣7 8 9 ♦7 8 J ♥7 8 J"
FIXTURE = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
CLEAN = "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H"


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")


@needs_solver
def test_the_lone_king(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", LONE_KING, "--exact", "--full"])
    assert result.exit_code == 0  # exact play declares; the founding rule passes
    assert result.output.startswith("Hand  ♠K ♣7 8 9 ♦7 8 J ♥7 8 J\n")
    assert result.output.endswith(
        "\n"
        "Exact play  924 deals (4 for each of the 231 talons), exact discards, seed 0\n"
        "Lead      Caught   95% interval    Score     95% interval\n"
        "left        6.3%      4.9%–8.0%    +8.08     +7.5 to +8.6\n"
        "right       6.3%      4.9%–8.0%    +8.08     +7.5 to +8.6\n"
        "average     6.3%      4.9%–8.0%    +8.08     +7.5 to +8.6\n"
        "Tricks forced  0: 93.7%  1: 1.5%  2: 3.0%  3: 1.6%  4: 0.1%\n"
        "Discarded  ♠K after 100% of talons, ♦J 8%\n"
        "\n"
        "Suit  Holding  After discard  Table  Exact  95% interval\n"
        "♠     K        — (84%)         100%   5.4%     4.1%–7.1%\n"
        "♣     7 8 9    7 8 9 (72%)       0%   0.1%     0.0%–0.5%\n"
        "♦     7 8 J    7 8 J (65%)       0%   0.5%     0.2%–1.2%\n"
        "♥     7 8 J    7 8 J (68%)       0%   0.3%     0.1%–1.0%\n"
        "Caught through ♠ 5%; caught 6%, 0% of it whichever suit M protects (the table\n"
        "says 100%)\n"
        "\n"
        "Exact play: DECLARE — expected +8.08 (passing: 0); the founding rule says pass\n"
        "Why  the talon usually lets the player discard ♠K (100% of talons)\n"
    )


@needs_solver
def test_a_clear_verdict_stops_early_and_says_so(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", LONE_KING, "--exact", "--lead", "left"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    title = next(line for line in lines if line.startswith("Exact play  "))
    assert title.startswith("Exact play  ") and " of 924 deals (" in title
    assert "Sequential  talons drawn at random until the verdict was clear; --full works out" in (
        result.output
    )
    data = json.loads(runner.invoke(main, ["check", LONE_KING, "-x", "--lead", "left",
                                           "--json"]).output)["exact"]  # fmt: skip
    assert data["method"] == "sequential" and data["talons"] < 231
    assert data["deals"] == 4 * data["talons"] and data["bound"] is None
    assert f"{data['deals']} of 924 deals ({data['talons']} of the 231 talons" in title


@needs_solver
def test_bounds_settle_a_hopeless_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "♠8 10 Q A ♣8 10 Q ♦8 10 Q", "-x", "--lead", "me"])
    assert result.exit_code == 1
    tail = result.output[result.output.index("Exact play  ") :].splitlines()
    assert tail[0] == "Exact play  924 deals (4 for each of the 231 talons), exact discards, seed 0"
    assert tail[1:3] == [
        "Bounds  whatever M discards, he is caught at least this often and scores at most",
        "        this, which settles the verdict; --full works the figures out",
    ]
    assert tail[3] == "Lead       Caught   95% interval    Score     95% interval"
    assert tail[4].startswith("me        ≥ ") and "≤ -" in tail[4]
    assert tail[5] == "Per suit  bounds say nothing per suit; --full works it out"
    assert tail[6].startswith("Exact play: PASS — expected at most -")
    assert tail[6].endswith("(passing: 0); the founding rule agrees") and len(tail) == 7


@needs_solver
def test_one_seat_solver_discards(runner: CliRunner) -> None:
    args = ["check", LONE_KING, "-x", "--lead", "me", "--discard", "solver", "--full"]
    result = runner.invoke(main, [*args, "--samples", "462", "--seed", "5"])
    assert result.exit_code == 0
    assert result.output.endswith(
        "Exact play  462 deals (2 for each of the 231 talons), solver discards, seed 5\n"
        "Lead      Caught   95% interval    Score     95% interval\n"
        "me          3.0%      1.8%–5.0%    +9.39     +9.0 to +9.7\n"
        "Tricks forced  0: 97.0%  1: 3.0%\n"
        "Discarded  ♠K after 100% of talons, ♦J 7%\n"
        "\n"
        "Suit  Holding  After discard  Table  Exact  95% interval\n"
        "♠     K        — (83%)         100%   2.6%     1.5%–4.5%\n"
        "♣     7 8 9    7 8 9 (73%)       0%   0.2%     0.0%–1.2%\n"
        "♦     7 8 J    7 8 J (67%)       0%   0.0%     0.0%–0.8%\n"
        "♥     7 8 J    7 8 J (68%)       0%   0.2%     0.0%–1.2%\n"
        "Caught through ♠ 3%; caught 3%, 0% of it whichever suit M protects (the table\n"
        "says 100%)\n"
        "\n"
        "Exact play: DECLARE — expected +9.39 (passing: 0); the founding rule says pass\n"
        "Why  the talon usually lets the player discard ♠K (100% of talons)\n"
    )


@needs_solver
def test_declare_turned_pass(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "strict.toml"
    table.write_text("exact_threshold = 2\n")
    args = ["check", FIXTURE, "-x", "--lead", "me", "--table", str(table), "--full"]
    result = runner.invoke(main, args)
    assert result.exit_code == 1  # the founding rule declares, exact play passes
    assert result.output.endswith(
        "Exact play: PASS — caught in 4.0% (limit 2%); the founding rule says declare\n"
        "Why  with best play the catchers catch it in 4.0%, above the 2% limit\n"
    )


@needs_solver
def test_json_adds_the_exact_object(runner: CliRunner) -> None:
    args = ["check", LONE_KING, "--exact", "--json", "--lead", "right", "--full"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["verdict"] == "pass" and data["lead"] == "them"  # the founding rule's
    exact = data["exact"]
    assert exact["verdict"] == "declare" and exact["lead"] == "right"
    assert exact["samples"] == 924 and exact["seed"] == 0 and exact["discard"] == "exact"
    assert (exact["p_caught"], exact["low"], exact["high"]) == (0.0628, 0.0489, 0.0803)
    assert exact["histogram"] == [866, 14, 28, 15, 1, 0, 0, 0, 0, 0, 0]
    assert (exact["expected_score"], exact["score_low"], exact["score_high"]) == (8.08, 7.55, 8.58)
    assert (exact["method"], exact["talons"], exact["deals"]) == ("full", 231, 924)
    assert exact["threshold"] is None and exact["pass_score"] == 0
    assert exact["reason"] == "the talon usually lets the player discard ♠K (100% of talons)"
    assert [seat["lead"] for seat in exact["seats"]] == ["right"]


@needs_solver
def test_json_with_talon_and_exact(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", CLEAN, "-x", "-t", "--json", "--samples", "231"])
    data = json.loads(result.output)
    assert result.exit_code == 0
    assert data["talon"]["clean"] == 1
    assert data["exact"]["p_caught"] == 0 and data["exact"]["reason"] is None
    assert [seat["lead"] for seat in data["exact"]["seats"]] == ["left", "right"]


@needs_solver
@pytest.mark.parametrize(
    ("hand", "lead", "code"),
    [
        (LONE_KING, "them", 0),
        (LONE_KING, "LEFT", 0),
        (CLEAN, "me", 0),
        ("♠A K Q J ♣A K Q ♦A K Q", "me", 1),
    ],
)
def test_quiet_exit_code_is_the_exact_verdict(
    runner: CliRunner, hand: str, lead: str, code: int
) -> None:
    result = runner.invoke(main, ["check", "-q", "-x", hand, "--lead", lead, "--samples", "231"])
    assert result.exit_code == code
    assert result.output == ""


@needs_solver
def test_same_seed_same_output(runner: CliRunner) -> None:
    args = ["check", FIXTURE, "-x", "--samples", "231", "--json"]
    first = runner.invoke(main, [*args, "--seed", "3"]).output
    assert runner.invoke(main, [*args, "--seed", "3"]).output == first
    assert runner.invoke(main, [*args, "--seed", "4"]).output != first


INVALID = "Error: Invalid value for "


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lead", "left"], INVALID + "'--lead': left and right need --exact"),
        (["--samples", "462"], "Error: --samples needs --exact"),
        (["--seed", "1"], "Error: --seed needs --exact"),
        (["--discard", "solver"], "Error: --discard needs --exact"),
        (["--full"], "Error: --full needs --exact"),
        (["--jobs", "2"], "Error: --jobs needs --exact"),
        (["-x", "--samples", "0"], INVALID + "'--samples': 0 is not in the range 1<=x<=10000000."),
        (["-x", "--discard", "best"],
         INVALID + "'--discard': 'best' is not one of 'exact', 'table', 'solver'."),
        (["-x", "--lead", "north"],
         INVALID + "'--lead': 'north' is not one of 'me', 'left', 'right', 'them'."),
    ],
)  # fmt: skip
def test_usage_errors(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, ["check", LONE_KING, *args], prog_name="advisor")
    assert result.exit_code == 2
    assert result.output == f"{message}\n"  # one line, not click's usage text


@needs_solver
def test_too_close_to_call_says_how_many_deals_would_tell(
    runner: CliRunner, tmp_path: Path
) -> None:
    table = tmp_path / "close.toml"
    table.write_text("pass_score = 8.3\n")
    args = ["check", LONE_KING, "-x", "--lead", "left", "--table", str(table)]
    result = runner.invoke(main, args)
    assert result.exit_code == 1  # +8.08 does not beat 8.3, though the interval holds it
    assert result.output.endswith(  # too close to stop early: every talon
        "Exact play: PASS — expected +8.08 (passing: 8.3); the founding rule agrees\n"
        "Close  too close to call at 924 deals; --samples 5313 narrows it\n"
    )


def test_missing_solver_exits_4(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisor.solver, "core_available", lambda: False)
    result = runner.invoke(main, ["check", LONE_KING, "--exact"])
    assert result.exit_code == 4
    assert result.output == f"Error: {SolverUnavailableError()}\n"


def test_bad_hand_with_exact(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "7S 8S", "--exact"])
    assert result.exit_code == 2
    assert result.output == "Error: 2 cards given, a hand has 10\n"


def test_help_documents_exact(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "--help"])
    assert "-x, --exact" in result.output and "--lead [me|left|right|them]" in result.output
    shown = " ".join(result.output.split())
    assert f"[default: {advisor.exact.settings.DEFAULT_SAMPLES}; 1<=x<=10000000]" in shown
    assert (
        "with --exact, the exact-play verdict: declare when the expected score beats pass_score"
        in shown
    )
    assert "--discard [exact|table|solver]" in result.output


def test_plain_check_never_loads_the_exact_modules() -> None:
    exact = (
        "advisor.exact.misere", "advisor.exact.analysis", "advisor.solver", "advisor.talon",
        "advisor.cli.render_exact",
    )  # fmt: skip
    _, loaded = loaded_by_command(["check", "-q", "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H"], exact)
    assert loaded == []
