"""``advisor check --allpass`` and ``batch --allpass``: what passing costs if everyone passes,
and ``pass_score = "allpass"``, the exact verdict against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import require_built

from advisor.allpass import solver
from advisor.cli import main

require_built(solver.core_available(), "the compiled all-pass solver advisor.allpass._core")

HIGH = "♠7 9 J ♣8 Q A ♦7 10 ♥9 K"  # high cards: all-pass would cost tricks


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")


def test_check_allpass_on_catchers_lead_prices_second_and_third_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HIGH, "--allpass"])
    assert result.exit_code == 1  # the founding verdict: --allpass adds, it does not decide
    assert result.output.endswith(
        "\n"
        "All-pass  if everyone passes: 1,000 deals a seat (seed 0), 1 point a trick\n"
        "Seat         Forced  95% interval  Fewest  Penalty\n"
        "second hand    3.63   3.58–3.69      0.04    -3.63\n"
        "third hand     3.41   3.36–3.47      0.04    -3.41\n"
        "average        3.52                          -3.52\n"
    )


def test_check_allpass_on_own_lead_is_first_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HIGH, "--allpass", "--lead", "me", "--json"])
    data = json.loads(result.output)
    (seat,) = data["allpass"]["seats"]
    assert seat["seat"] == "first" and seat["samples"] == 1000
    assert data["allpass"]["expected_penalty"] == seat["expected_penalty"] > 2
    assert data["verdict"] == "pass"


def test_check_allpass_seat(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HIGH, "--allpass", "--seat", "second", "--json"])
    assert [s["seat"] for s in json.loads(result.output)["allpass"]["seats"]] == ["second"]


def test_seat_needs_allpass(runner: CliRunner) -> None:
    for command, needs in (("check", "--allpass"), ("batch", "--allpass or --bid")):
        result = runner.invoke(main, [command, HIGH, "--seat", "first"])
        assert result.exit_code == 2
        assert result.output.endswith(f"--seat needs {needs}\n")


def test_exact_against_the_all_pass(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "allpass.toml"
    table.write_text('pass_score = "allpass"\n')
    args = ["check", HIGH, "-x", "--allpass", "--samples", "231", "--table", str(table)]
    data = json.loads(runner.invoke(main, [*args, "--json"]).output)
    exact, allpass = data["exact"], data["allpass"]
    assert exact["passing"] == allpass  # the cost shown is the one the verdict weighed
    assert exact["pass_score"] == round(-allpass["expected_penalty"], 2)
    assert exact["verdict"] == (
        "declare" if exact["expected_score"] > exact["pass_score"] else "pass"
    )
    text = runner.invoke(main, args).output
    assert "(passing: -3.52, all-pass);\n" in text  # the founding rule's word on the next line
    assert all(len(line) <= 80 for line in text.splitlines())


def test_batch_allpass(runner: CliRunner, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HIGH}; lead=me\n{HIGH}\n")
    result = runner.invoke(main, ["batch", str(hands), "--allpass", "-q", "--format", "jsonl"])
    assert result.exit_code == 0
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert [s["seat"] for s in first["allpass"]["seats"]] == ["first"]
    assert [s["seat"] for s in second["allpass"]["seats"]] == ["second", "third"]
    csv = runner.invoke(main, ["batch", str(hands), "--allpass", "--seat", "third", "-q",
                               "--format", "csv"]).stdout  # fmt: skip
    header, row, _ = csv.splitlines()
    assert header.endswith(",error,allpass") and '""seat"": ""third""' in row


def test_batch_allpass_is_checks_and_does_not_depend_on_jobs(
    runner: CliRunner, tmp_path: Path
) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HIGH}\n♠7 8 9 ♣7 8 9 ♦7 8 ♥7 K; lead=me\n")
    runs = [
        runner.invoke(
            main, ["batch", str(hands), "--allpass", "-q", "--format", "jsonl", "--jobs", jobs]
        ).stdout
        for jobs in ("1", "2")
    ]
    assert runs[0] == runs[1]
    for line in runs[0].splitlines():
        record = json.loads(line)
        lead = ["--lead", record["lead"]]
        checked = runner.invoke(main, ["check", record["hand"], "--allpass", "--json", *lead])
        assert record["allpass"] == json.loads(checked.output)["allpass"]
