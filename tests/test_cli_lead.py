"""``advisor lead`` through the command line, as transcripts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from proc_watch import signalled
from solver_build import needs_solver

from advisor.cli import main

ISSUE_HAND = "7S 10S 7C 8C 9C 10C JC 7D 8D 8H"
CATCHER = "♠8 J K ♣10 Q A ♦9 K ♥J A"
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(main, ["lead", *args], env=ENV)
    return result.exit_code, result.output


@needs_solver
def test_m_on_first_hand(runner: CliRunner) -> None:
    code, out = run(runner, ISSUE_HAND, "--discards", "AD AH", "--samples", "300")
    assert code == 0
    assert out == (
        "Hand      ♠7 10 ♣7 8 9 10 J ♦7 8 ♥8\n"
        "Discards  ♦A ♥A\n"
        "Lead      me (M leads the first trick)\n"
        "Layouts   300 random splits (seed 0), the same for every lead\n"
        "\n"
        "#  Lead         Caught  95% interval  Tricks    Score\n"
        "1  ♥8            24.0%   19.5%–29.1%    0.24    +5.17\n"
        "2  ♣7 8 9 10 J   28.7%   23.8%–34.0%    0.53    +1.87\n"
        "3  ♦7 8          28.7%   23.8%–34.0%    0.53    +1.87\n"
        "4  ♠10           64.0%   58.4%–69.2%          ≤ -2.80\n"
        "5  ♠7            79.0%   74.0%–83.2%          ≤ -5.80\n"
        "Double dummy  caught in 18.7% (14.7%–23.5%), tricks 0.19, score +6.23: M\n"
        "              choosing his lead in each layout with every hand in view\n"
        "Best blind lead: ♥8 — caught in 24.0%; in 18.7% if M could see the split\n"
    )


@needs_solver
def test_tricks_counted_on_the_first_layouts_are_said(runner: CliRunner) -> None:
    """A hand caught nearly always: the tricks come from the first layouts, said in a line and
    in the JSON; with --full every layout is counted and the line is gone."""
    hand, discards = "8S 9S 8C 9C 10C 7D 9D 7H 8H 10H", "10S AS"
    code, out = run(runner, hand, "--discards", discards, "--samples", "600")
    assert code == 0
    assert (
        "Tricks        counted on the first 253 of the 600 layouts, each figure within\n"
        "              ±0.09 tricks of all of them (95%); --full counts every layout\n"
    ) in out
    code, out = run(runner, hand, "--discards", discards, "--samples", "600", "--json")
    data = json.loads(out)
    assert data["tricks_layouts"] == 253 and data["layouts"] == 600
    assert all(lead["tricks_layouts"] == 253 for lead in data["leads"])
    assert data["double_dummy"]["tricks_layouts"] == 253
    code, out = run(runner, hand, "--discards", discards, "--samples", "600", "--full")
    assert code == 0 and "counted on the first" not in out


@needs_solver
def test_a_catcher_on_lead(runner: CliRunner) -> None:
    args = ("--catcher", CATCHER, "--talon", "♠Q ♥9", "--seat", "right")
    code, out = run(runner, *args, "--samples", "60", "--seed", "2")
    assert code == 0
    assert out == (
        "Hand     ♠8 J K ♣10 Q A ♦9 K ♥J A\n"
        "Talon    ♠Q ♥9\n"
        "Lead     right (R leads the first trick)\n"
        "Layouts  60 random splits of the other 20 cards on which M could have declared\n"
        "         misère, of 764 drawn (seed 2); M discards the table's best two of his\n"
        "         twelve cards\n"
        "\n"
        " #  Lead  Caught  95% interval  Tricks   Score\n"
        " 1  ♣10     3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 2  ♣Q      3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 3  ♣A      3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 4  ♦9      3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 5  ♦K      3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 6  ♥J      3.3%    0.9%–11.4%    0.03   +9.33\n"
        " 7  ♠8      0.0%     0.0%–6.0%    0.00  +10.00\n"
        " 8  ♠J      0.0%     0.0%–6.0%    0.00  +10.00\n"
        " 9  ♠K      0.0%     0.0%–6.0%    0.00  +10.00\n"
        "10  ♥A      0.0%     0.0%–6.0%    0.00  +10.00\n"
        "Double dummy  M caught in 3.3% (0.9%–11.4%), tricks 0.03, score +9.33: the\n"
        "              catcher choosing his lead in each layout with every hand in view\n"
        "Best blind lead: ♣10 — M caught in 3.3%;\n"
        "                       in 3.3% if the catcher could see every hand\n"
    )


@needs_solver
def test_every_split_of_a_clean_hand(runner: CliRunner) -> None:
    code, out = run(runner, "♠7 8 9 ♣7 8 ♦7 8 9 ♥7 8", "--discards", "AD AH", "--all")
    assert code == 0
    assert (
        "Layouts   all 184,756 splits of the other 20 cards, the same for every lead\n\n"
        "#  Lead    Caught  95% interval  Tricks   Score\n"
        "1  ♠7 8 9    0.0%         exact    0.00  +10.00\n"
    ) in out
    assert out.endswith(
        "Best blind lead: ♠7 8 9 — caught in 0.0%; in 0.0% if M could see the split\n"
    )


@needs_solver
def test_twelve_cards_discard_first(runner: CliRunner) -> None:
    code, out = run(runner, ISSUE_HAND + " AD AH", "--samples", "300")
    assert code == 0
    assert out.startswith(
        "Hand      ♠7 10 ♣7 8 9 10 J ♦7 8 ♥8\n"
        "Discards  ♦A ♥A, as exact play discards (advisor discard --exact --lead me)\n"
    )
    _, given = run(runner, ISSUE_HAND, "--discards", "AD AH", "--samples", "300")
    assert out.splitlines()[2:] == given.splitlines()[2:]


def test_twelve_cards_under_an_all_pass_pass_score_ask_for_the_discards(
    runner: CliRunner, tmp_path: Path
) -> None:
    table = tmp_path / "allpass.toml"
    table.write_text('pass_score = "allpass"\n', encoding="utf-8")
    code, out = run(runner, ISSUE_HAND + " AD AH", "--table", str(table))
    assert code == 2
    assert out.count("\n") == 1 and "--discards" in out and "allpass" in out
    # The ten kept and their discards need no price of passing: the lead is played.
    code, _ = run(runner, ISSUE_HAND, "--discards", "AD AH", "--table", str(table),
                  "--samples", "100")  # fmt: skip
    assert code == 0


@needs_solver
def test_json_is_the_text_in_figures(runner: CliRunner) -> None:
    code, out = run(runner, ISSUE_HAND, "--discards", "AD AH", "--samples", "300", "--json")
    assert code == 0
    data = json.loads(out)
    assert {key: data[key] for key in ("hand", "lead", "discards", "discard", "talon")} == {
        "hand": "♠7 10 ♣7 8 9 10 J ♦7 8 ♥8", "lead": "me", "discards": "♦A ♥A",
        "discard": "given", "talon": None,
    }  # fmt: skip
    assert (data["exact"], data["samples"], data["seed"], data["layouts"]) == (False, 300, 0, 300)
    assert data["best"] == data["leads"][0]
    assert data["leads"][0] == {
        "card": "8♥", "equivalent": [], "p_caught": 0.24, "low": 0.1952, "high": 0.2914,
        "mean_tricks": 0.243, "tricks_margin": 0.0, "tricks_layouts": 300,
        "expected_score": 5.17, "score_at_most": 5.17,
        "histogram": [228, 71, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    }  # fmt: skip
    assert data["tricks_layouts"] == 300  # caught rarely: every layout counted
    assert data["leads"][1]["card"] == "7♣"
    assert data["leads"][1]["equivalent"] == ["8♣", "9♣", "10♣", "J♣"]
    assert data["leads"][3]["mean_tricks"] is None and data["leads"][3]["score_at_most"] == -2.8
    assert data["leads"][3]["tricks_layouts"] is None
    solved = runner.invoke(
        main, ["solve", ISSUE_HAND, "--discards", "AD AH", "--lead", "me", "--samples", "300",
               "--json"],
    )  # fmt: skip
    odds = json.loads(solved.output)
    dd = data["double_dummy"]
    assert dd["histogram"] == odds["histogram"]
    assert dd["p_caught"] == round(odds["fraction"], 4)


@needs_solver
def test_jobs_full_and_the_same_answer(runner: CliRunner) -> None:
    args = (ISSUE_HAND, "--discards", "AD AH", "--samples", "200", "--json")
    one = json.loads(run(runner, *args)[1])
    two = json.loads(run(runner, *args, "--jobs", "2")[1])
    full = json.loads(run(runner, *args, "--full")[1])
    assert one == two
    assert full["full"] and all(lead["mean_tricks"] is not None for lead in full["leads"])
    assert [lead["p_caught"] for lead in full["leads"]] == [
        lead["p_caught"] for lead in one["leads"]
    ]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ([ISSUE_HAND], "Error: ten cards need --discards (or give twelve: the hand and the talon)"),
        ([], "Error: give HAND (M's cards) or --catcher"),
        (["--talon", "AS KS"], "Error: --talon and --seat need --catcher"),
        (["--catcher", CATCHER], "Error: --catcher needs --talon"),
        ([ISSUE_HAND, "--catcher", CATCHER, "--talon", "QS 9H"],
         "Error: --catcher takes no HAND or --discards"),
        (["--catcher", "7S", "--talon", "QS 9H"], "Error: --catcher: 1 card given, a hand has 10"),
        (["--catcher", CATCHER, "--talon", "QS"], "Error: --talon: 1 card given, 2 are needed"),
        (["--catcher", CATCHER, "--talon", "QS AH"],
         "Error: the talon's ♥A are in the catcher's hand"),
        ([ISSUE_HAND, "--discards", "AD"], "Error: --discards: 1 card given, 2 are needed"),
        ([ISSUE_HAND, "--discards", "7S AH"], "Error: the discards ♠7 are in the hand"),
        (["7S 8S", "--discards", "AD AH"], "Error: 2 cards given, a hand has 10"),
        ([ISSUE_HAND + " AD", "--discards", "AH KH"], "Error: 11 cards given, a hand has 10"),
        ([ISSUE_HAND, "--discards", "AD AH", "--samples", "29"],
         "Error: Invalid value for '--samples': 29 is not in the range 30<=x<=10000000."),
        ([ISSUE_HAND, "--discards", "AD AH", "--samples", "40", "--all"],
         "Error: --samples and --all exclude each other"),
        ([ISSUE_HAND, "--discards", "AD AH", "--seat", "left"],
         "Error: --talon and --seat need --catcher"),
        (["--catcher", CATCHER, "--talon", "QS 9H", "--seat", "me"],
         "Error: Invalid value for '--seat': 'me' is not one of 'left', 'right'."),
        ([ISSUE_HAND, "--discards", "AD AH", "--jobs", "-1"],
         "Error: Invalid value for '-j' / '--jobs': jobs must be 0 (every core) or more, not -1"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_error_line(
    runner: CliRunner, args: list[str], error: str
) -> None:
    code, out = run(runner, *args)
    assert code == 2
    assert error + "\n" in out and "Traceback" not in out


@needs_solver
def test_a_catcher_who_could_face_no_misere(runner: CliRunner) -> None:
    args = ("--catcher", "7S 8S 7C 8C 7D 8D 7H 8H 9S 9C", "--talon", "9D 9H", "--samples", "30")
    code, out = run(runner, *args)
    assert (code, out) == (2, (
        "Error: M could have declared misère in 0 of the 1,500 splits of the other 20 cards "
        "looked at, by the table's rules: too few to say (at least 30)\n"
    ))  # fmt: skip


def test_missing_compiled_solver() -> None:
    env = {**os.environ, "ADVISOR_PUREPYTHON": "1"}
    args = [sys.executable, "-m", "advisor", "lead", ISSUE_HAND, "--discards", "AD AH"]
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr.startswith("Error: the compiled solver (advisor.solver._core) is missing")


@needs_solver
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_long_run_at_once(jobs: str) -> None:
    """Mid-search (the process has spent a CPU second, the start-up is far less), Ctrl-C ends
    the run by SIGINT itself (a shell reports 130), nothing on either stream."""
    args = ["lead", ISSUE_HAND, "--discards", "AD AH", "--all", "--jobs", jobs]
    assert signalled(args, signal.SIGINT) == (-signal.SIGINT, b"", b"")


def test_help_ends_with_examples(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lead", "--help"])
    assert result.exit_code == 0
    assert "  Examples:\n    advisor lead" in result.output


@needs_solver
def test_a_catchers_sample_past_every_layout_is_every_layout() -> None:
    """``--catcher --samples N`` draws up to 50 splits a layout it keeps: from N = 3,696 on that
    is as many as there are (184,756), so every one is looked at instead, exactly (--all's
    answer, sooner than the draws), and standard error says so."""
    args = ["lead", "--catcher", "♠8 J K ♣10 Q A ♦9 K ♥J A", "--talon", "♠Q ♥9", "--json"]
    every = CliRunner().invoke(main, [*args, "--all"])
    capped = CliRunner().invoke(main, [*args, "--samples", "20000"])
    assert (every.exit_code, capped.exit_code) == (0, 0)
    assert capped.stdout == every.stdout and json.loads(every.stdout)["samples"] is None
    assert capped.stderr == (
        "--samples 20,000 would draw more splits than the 184,756 there are: every one is "
        "looked at instead (as with --all)\n"
    )


@pytest.mark.parametrize(
    ("samples", "game", "catcher", "capped"),
    [
        (3695, False, True, False),
        (3696, False, True, True),
        (184_755, False, False, False),
        (184_756, False, False, True),
        (9237, True, False, False),  # the declarer's: 20 splits a layout at most
        (9238, True, False, True),
        (36_951, True, True, False),  # a defender's: 5 (advisor whist's view)
        (36_952, True, True, True),
    ],
)
def test_where_a_sample_is_capped(samples: int, game: bool, catcher: bool, capped: bool) -> None:
    from advisor.cli.lead import _past_every_layout

    assert _past_every_layout(samples, game, catcher) is capped
