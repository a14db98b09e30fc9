"""``advisor solve`` through the command line, as transcripts."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from solver_build import needs_solver

from advisor.cli import main

HOLED = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
CAUGHT_LAYOUT = (
    "M: ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8 L: ♠8 Q A ♣J Q ♦10 J K ♥Q K R: ♠9 J K ♣10 K A ♦Q ♥9 10 J"
)


@needs_solver
def test_one_layout(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", "--layout", CAUGHT_LAYOUT, "--lead", "left"])
    assert result.exit_code == 0
    assert result.output == (
        "L                       R\n"
        "♠ 8 Q A                 ♠ 9 J K\n"
        "♣ J Q                   ♣ 10 K A\n"
        "♦ 10 J K                ♦ Q\n"
        "♥ Q K                   ♥ 9 10 J\n"
        "            M\n"
        "            ♠ 7 10\n"
        "            ♣ 7 8 9\n"
        "            ♦ 7 8 9\n"
        "            ♥ 7 8\n"
        "\n"
        "Lead  left (L leads the first trick)\n"
        "Caught: the catchers can force M to take 1 trick (10 to the mountain).\n"
        "Caught through ♠: the catchers can force M's first trick into that suit.\n"
        "\n"
        " #  Lead       M     L     R     Won by\n"
        " 1  L leads    7♣    J♣    10♣   L\n"
        " 2  L leads    8♣    Q♣    K♣    R\n"
        " 3  R leads    10♠   8♠    9♠    M  ← caught\n"
        " 4  M leads    7♠    Q♠    J♠    L\n"
        " 5  L leads    9♣    A♠    K♠    L\n"
        " 6  L leads    7♦    10♦   Q♦    R\n"
        " 7  R leads    8♦    J♦    A♣    R\n"
        " 8  R leads    7♥    Q♥    9♥    L\n"
        " 9  L leads    9♦    K♦    10♥   L\n"
        "10  L leads    8♥    K♥    J♥    L\n"
    )


@needs_solver
def test_one_layout_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", "--layout", CAUGHT_LAYOUT, "--lead", "left", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["caught"] is True and data["tricks"] == 1 and data["lead"] == "left"
    assert data["hands"]["M"] == "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8"
    assert data["line"][2] == {"leader": "R", "cards": ["9♠", "10♠", "8♠"], "winner": "M"}
    assert len(data["line"]) == 10
    assert data["through"] == ["♠"]


WHICHEVER_LAYOUT = (
    "M: ♠7 10 ♣7 9 ♦7 9 J ♥7 8 Q L: ♠9 J Q ♣8 J ♦8 10 ♥9 10 J R: ♠8 K ♣10 Q K A ♦Q K A ♥K"
)


@needs_solver
def test_one_layout_caught_whichever_suit_m_protects(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", "--layout", WHICHEVER_LAYOUT, "--lead", "left"])
    assert result.exit_code == 0
    assert (
        "Caught: the catchers can force M to take 1 trick (10 to the mountain).\n"
        "Caught whichever suit M protects: through no one suit alone.\n"
    ) in result.output
    data = json.loads(
        runner.invoke(
            main, ["solve", "--layout", WHICHEVER_LAYOUT, "--lead", "left", "--json"]
        ).output
    )
    assert data["tricks"] == 1 and data["through"] == []


@needs_solver
def test_sampled_odds(runner: CliRunner) -> None:
    args = ["solve", HOLED, "--discards", "AD AH", "--lead", "me", "--samples", "2000"]
    result = runner.invoke(main, [*args, "--seed", "3"])
    assert result.exit_code == 0
    assert result.output == (
        "Hand      ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8\n"
        "Discards  ♦A ♥A\n"
        "Lead      me (M leads the first trick)\n"
        "Layouts   2,000 random splits (seed 3)\n"
        "\n"
        "Caught in 469 of 2,000 layouts: 23.45% (95% interval 21.65–25.36%)\n"
        "\n"
        "Forced tricks   Layouts    Share\n"
        "            0     1,531    76.5%\n"
        "            1       469    23.4%\n"
        "\n"
        "Caught through   Layouts    Share\n"
        "♠ 7 10               469    23.4%\n"
        "♣ 7 8 9                0     0.0%\n"
        "♦ 7 8 9                0     0.0%\n"
        "♥ 7 8                  0     0.0%\n"
        "Caught whichever suit M protects: 0 layouts (0.0%)\n"
        "\n"
        "Mean tricks     0.234\n"
        "Expected score  +5.31  (+10 pool when clean, -10 mountain a trick)\n"
    )


@needs_solver
def test_exact_odds_json(runner: CliRunner) -> None:
    args = ["solve", *HOLED.split(), "--discards", "AD AH", "--lead", "right", "--exact"]
    result = runner.invoke(main, [*args, "--jobs", "2", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["exact"] is True and "seed" not in data
    assert (data["layouts"], data["caught"]) == (184_756, 61_898)
    assert data["fraction"] == round(61_898 / 184_756, 6)
    assert data["histogram"] == [184_756 - 61_898, 61_898] + [0] * 9
    spades = {"holding": "7 10", "caught": 61_898, "p_caught": round(61_898 / 184_756, 6)}
    assert data["suits"]["♠"] == spades
    assert data["suits"]["♥"] == {"holding": "7 8", "caught": 0, "p_caught": 0.0}
    assert data["whichever"] == {"caught": 0, "p_caught": 0.0}


@needs_solver
@pytest.mark.parametrize("samples", ["184756", "500000"])
def test_samples_past_every_layout_solve_every_layout_and_say_so(samples: str) -> None:
    """More samples than layouts would draw repeats at a higher cost than the exact count:
    every layout is solved once instead, the answer of --exact, and a note says why."""
    args = ["solve", *HOLED.split(), "--discards", "AD AH", "--lead", "right", "--json"]
    run = subprocess.run(
        [sys.executable, "-m", "advisor", *args, "--samples", samples],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0
    data = json.loads(run.stdout)
    assert (data["exact"], data["layouts"], data["caught"]) == (True, 184_756, 61_898)
    note = f"--samples {int(samples):,} reaches every layout (184,756): each is solved once"
    assert run.stderr == note + "\n"


@needs_solver
def test_sampled_odds_of_two_holes_per_suit(runner: CliRunner) -> None:
    """Two holes: the deals caught through each, which overlap (together more than the
    catches), and those caught whichever suit M protects; a sample's shares have intervals."""
    two_holes = "♠7 10 ♣7 9 ♦7 9 J ♥7 8 Q"
    args = ["solve", two_holes, "--discards", "AS AH", "--lead", "left", "--samples", "2000"]
    result = runner.invoke(main, [*args, "--seed", "3"])
    assert result.exit_code == 0
    assert (
        "Caught through   Layouts    Share\n"
        "♠ 7 10               655    32.8%\n"
        "♣ 7 9                  0     0.0%\n"
        "♦ 7 9 J                0     0.0%\n"
        "♥ 7 8 Q              624    31.2%\n"
        "Caught whichever suit M protects: 137 layouts (6.8%)\n"
    ) in result.output
    data = json.loads(runner.invoke(main, [*args, "--seed", "3", "--json"]).output)
    assert data["caught"] < 655 + 624
    assert data["suits"]["♣"] == {"holding": "7 9", "caught": 0, "p_caught": 0.0,
                                  "interval": [0.0, pytest.approx(0.00192, abs=1e-5)]}  # fmt: skip
    assert data["whichever"]["caught"] == 137


@needs_solver
def test_clean_hand_text(runner: CliRunner) -> None:
    clean = "♠789 ♣78 ♦789 ♥78"
    result = runner.invoke(main, ["solve", clean, "--discards", "AD AH", "--lead", "left"])
    assert result.exit_code == 0
    assert "Layouts   all 184,756 splits of the other 20 cards\n" in result.output
    assert "Caught in 0 of 184,756 layouts: 0.00%\n" in result.output
    assert "Expected score  +10.00" in result.output


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ([HOLED, "--discards", "AD AH", "--lead", "them"],
         "Error: Invalid value for '--lead': 'them' is not one of 'me', 'left', 'right'."),
        ([HOLED, "--discards", "AD AH"],
         "Error: Missing option '--lead'. Choose from: me, left, right"),
        ([HOLED, "--lead", "me"], "Error: --discards is required with HAND"),
        (["--lead", "me"], "Error: give HAND (with --discards) or --layout"),
        ([HOLED, "--discards", "AD AH", "--lead", "me", "--exact", "--samples", "5"],
         "Error: --exact and --samples exclude each other"),
        (["--layout", CAUGHT_LAYOUT, "--lead", "me", "--samples", "5"],
         "Error: --layout takes no HAND, --discards, --exact or --samples"),
        ([HOLED, "--discards", "7S AH", "--lead", "me"], "Error: the discards ♠7 are in the hand"),
        ([HOLED, "--discards", "AH", "--lead", "me"],
         "Error: --discards: 1 card given, 2 are needed"),
        (["7S 10S", "--discards", "AD AH", "--lead", "me"],
         "Error: 2 cards given, a hand has 10"),
        (["--layout", CAUGHT_LAYOUT.replace("L: ♠8", "L: ♠7"), "--lead", "me"],
         "Error: M and L both hold ♠7"),
        (["--layout", "M: 7S L: 8S R: 9S", "--lead", "me"],
         "Error: M: 1 card given, a hand has 10"),
        ([HOLED, "--discards", "AD AH", "--lead", "me", "--jobs", "-1"],
         "Error: Invalid value for '-j' / '--jobs': jobs must be 0 (every core) or more, not -1"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_error_line(
    runner: CliRunner, args: list[str], error: str
) -> None:
    result = runner.invoke(main, ["solve", *args])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert error + "\n" in result.output
    assert "Traceback" not in result.output


def test_missing_compiled_solver() -> None:
    # ADVISOR_PUREPYTHON: as if no compiled part were built
    env = {**os.environ, "ADVISOR_PUREPYTHON": "1"}
    args = [sys.executable, "-m", "advisor", "solve", HOLED, "--discards", "AD AH", "--lead", "me"]
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr == (
        "Error: the compiled solver (advisor.solver._core) is missing: install a C compiler "
        "(e.g. gcc), then run 'pip install --force-reinstall .' in the advisor's source "
        "folder; 'advisor --version' shows which compiled parts are present\n"
    )


def test_help_ends_with_examples(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", "--help"])
    assert result.exit_code == 0
    assert "  Examples:\n    advisor solve" in result.output


def _floats(value: object) -> list[float]:
    if isinstance(value, float):
        return [value]
    if isinstance(value, dict):
        return [found for each in value.values() for found in _floats(each)]
    if isinstance(value, list):
        return [found for each in value for found in _floats(each)]
    return []


@needs_solver
@pytest.mark.parametrize("samples", ["1", "10", "29", "30", "347"])
@pytest.mark.parametrize("hand", ["7S 10S 7C 8C 9C 7D 8D 9D 7H 8H", "♠8 10 Q A ♣8 10 Q ♦8 10 ♥9"])
def test_solve_json_intervals_from_30_samples_and_rounded_figures(hand: str, samples: str) -> None:
    """Below 30 samples no interval at all (the catch chance's, each suit's, "whichever"'s);
    every figure rounded (no ``-11.040000000000001``)."""
    discards = "♥K ♥A" if "♠8" in hand else "AD AH"
    args = ["solve", hand, "--discards", discards, "--lead", "right", "--samples", samples]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    shares = [*data["suits"].values(), data["whichever"]]
    enough = int(samples) >= 30
    assert (data["interval"] is not None) == enough
    assert all((share["interval"] is not None) == enough for share in shares)
    assert all(value == round(value, 6) and len(repr(value)) <= 10 for value in _floats(data))
