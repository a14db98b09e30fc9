"""``advisor check --talon`` through the command line, as transcripts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fresh_modules import loaded_by_command

from advisor.cli import main

ONE_HOLE = "♠7 8 9 10 J Q K A ♥7 10"  # ♥7 10 (50%), closed by ♣7 ♦7 ♥8 ♥9
CLEAN = "♠7 8 10 ♣7 9 J ♦7 8 ♥7 8"
FOUR_HOLES = "♠9 10 ♣7 K A ♦9 ♥7 8 10 A"


@pytest.mark.parametrize("flag", ["--talon", "-t"])
def test_check_talon(runner: CliRunner, flag: str) -> None:
    result = runner.invoke(main, ["check", ONE_HOLE, flag])
    assert result.exit_code == 0
    assert result.output.endswith(
        "Verdict: DECLARE — 1 hole, caught in 50% (limit 80%)\n"
        "\n"
        "Talon  231 possible talons, each with the best discard of the twelve cards\n"
        "████████████████████▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓\n"
        "█ clean 78  ▓ declare with holes 153  ░ pass 0\n"
        "After the talon: declare 100.0%, clean 33.8%, expected catch chance 33.1%\n"
        "Outs   ♥7 10 (50%): 4 cards, at least one in the talon 33.8%\n"
        "         ♣7 ♦7 ♥8 9\n"
    )


def test_check_talon_clean_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", CLEAN, "--talon", "--lead", "me"])
    assert result.exit_code == 0
    assert result.output.endswith(
        "Verdict: DECLARE — a clean misère\n"
        "\n"
        "Talon  231 possible talons, each with the best discard of the twelve cards\n"
        f"{'█' * 60}\n"
        "█ clean 231  ▓ declare with holes 0  ░ pass 0\n"
        "After the talon: declare 100.0%, clean 100.0%, expected catch chance 0.0%\n"
        "Outs   none needed: no holes\n"
    )


def test_check_talon_keeps_the_exit_code_of_the_hand_as_dealt(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", FOUR_HOLES, "-t"])
    assert result.exit_code == 1
    assert "█ clean 0  ▓ declare with holes 3  ░ pass 228\n" in result.output
    assert "After the talon: declare 1.3%, clean 0.0%, expected catch chance 177.8%\n" in (
        result.output
    )
    assert "       ♣7 K A (100%): 2 cards, at least one in the talon 17.7%\n" in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_check_talon_hole_without_outs(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "♠7 10 K ♣J Q A ♦J ♥8 Q K", "-t"])
    assert result.exit_code == 1
    assert "       ♣J Q A (100%): no outs\n       ♦J (100%): 18 cards," in result.output
    assert "       ♥8 Q K (100%): 1 card, at least one in the talon 9.1%\n         ♥7\n" in (
        result.output
    )


def test_check_talon_quiet_prints_nothing(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", FOUR_HOLES, "-t", "-q"])
    assert (result.exit_code, result.output) == (1, "")


def test_check_talon_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", ONE_HOLE, "--talon", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["verdict"] == "declare"
    assert data["talon"] == {
        "talons": 231,
        "clean": 0.3377,
        "declare": 1.0,
        "expected_combined": 33.12,
        "counts": {"clean": 78, "declare": 153, "pass": 0},
        "outs": [
            {
                "suit": "♥",
                "holding": "7 10",
                "percent": 50,
                "outs": ["7♣", "7♦", "8♥", "9♥"],
                "count": 4,
                "chance": 0.3377,
            }
        ],
    }


def test_plain_json_has_no_talon(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", ONE_HOLE, "--json"])
    assert "talon" not in json.loads(result.output)


def test_bad_hand_with_talon(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "♠7 8 9 10 J Q K A ♥7", "-t"])
    assert (result.exit_code, result.output) == (2, "Error: 9 cards given, a hand has 10\n")


@pytest.mark.parametrize(("flag", "loaded"), [([], False), (["--talon"], True)])
def test_plain_check_never_loads_the_talon_module(flag: list[str], loaded: bool) -> None:
    _, found = loaded_by_command(["check", ONE_HOLE, *flag], ("advisor.talon",))
    assert found == (["advisor.talon"] if loaded else [])


def test_check_help_mentions_talon(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "--help"])
    assert "-t, --talon" in result.output


BATCH_LINES = f"{ONE_HOLE}; id=four outs\n{CLEAN}; lead=me\n"


@pytest.mark.parametrize("jobs", ["1", "2"])  # the analysis also runs in worker processes
def test_batch_talon_jsonl(runner: CliRunner, jobs: str) -> None:
    args = ["batch", "--talon", "--format", "jsonl", "-q", "-j", jobs]
    result = runner.invoke(main, args, input=BATCH_LINES)
    assert result.exit_code == 0
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert first["id"] == "four outs"
    assert {k: v for k, v in first.items() if k.startswith("talon")} == {
        "talon_clean": 0.3377,
        "talon_declare": 1.0,
        "talon_expected_combined": 33.12,
        "talon_outs": "♥7 10: ♣7 ♦7 ♥8 9",
    }
    assert (second["lead"], second["talon_clean"], second["talon_outs"]) == ("me", 1.0, "")


def test_batch_talon_csv_columns(runner: CliRunner) -> None:
    result = runner.invoke(main, ["batch", "-t", "--format", "csv", "-q"], input=BATCH_LINES)
    assert result.exit_code == 0
    header, first, _ = result.output.splitlines()
    assert header.endswith(",talon_clean,talon_declare,talon_expected_combined,talon_outs")
    assert first.endswith(",0.3377,1.0,33.12,♥7 10: ♣7 ♦7 ♥8 9")
