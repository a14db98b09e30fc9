"""``advisor batch --exact``: the exact object on every record, the same with any --jobs."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import require_solver

import advisor.solver
from advisor.cards import CardSet, parse_hand
from advisor.cli import main
from advisor.exact.misere import exact_odds
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead
from advisor.solver import SolverUnavailableError
from advisor.table import default_table

require_solver()

LINES = [
    "♠K ♣7 8 9 ♦7 8 J ♥7 8 J",
    "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H; lead=me; id=fixture",
    "# a comment",
    "not a hand",
    "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H; lead=them",
]


def low_hands(seed: int, count: int) -> list[str]:
    """Hands leaning to low cards, as misère hands do."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
        hands.append(str(CardSet(sum(1 << index for index in deck[:10]))))
    return hands


@pytest.fixture
def hands_file(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    return path


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(main, ["batch", "-q", "--exact", "--samples", "231", *args])
    return result.exit_code, result.stdout


def test_every_valid_record_gains_the_exact_object(runner: CliRunner, hands_file: Path) -> None:
    code, out = run(runner, str(hands_file), "--format", "jsonl")
    assert code == 2  # the bad line
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 4, 5]
    assert "exact" not in records[2] and "error" in records[2]
    for record in (records[0], records[1], records[3]):
        lead = Lead.ME if record["lead"] == "me" else Lead.THEM
        found = exact_odds(
            parse_hand(record["hand"]), lead, default_table(), ExactSettings(samples=231)
        )
        assert record["exact"] == found.to_dict()
        assert record["verdict"] == found.founding.verdict  # the founding rule's
    assert records[0]["exact"]["verdict"] == "declare" and records[0]["verdict"] == "pass"
    assert [s["lead"] for s in records[0]["exact"]["seats"]] == ["left", "right"]
    assert [s["lead"] for s in records[1]["exact"]["seats"]] == ["me"]


def test_two_jobs_give_the_same_answer(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("\n".join(low_hands(5, 8)) + "\n", encoding="utf-8")
    one = run(runner, str(path), "--format", "jsonl", "--seed", "9")
    two = run(runner, str(path), "--format", "jsonl", "--seed", "9", "--jobs", "2")
    assert one == two
    assert one[0] == 0 and len(one[1].splitlines()) == 8
    assert all(json.loads(line)["exact"]["seed"] == 9 for line in one[1].splitlines())


def test_csv_gets_an_exact_column(runner: CliRunner, hands_file: Path) -> None:
    code, out = run(runner, str(hands_file), "--format", "csv", "--discard", "solver")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 2 and len(rows) == 4
    assert rows[2]["exact"] == "" and rows[2]["error"]  # the bad line
    assert json.loads(rows[3]["exact"])["p_caught"] == 0  # the clean hand
    exact = json.loads(rows[0]["exact"])
    assert exact["discard"] == "solver" and exact["samples"] == 231


def test_talon_and_exact_together(runner: CliRunner, hands_file: Path) -> None:
    code, out = run(runner, str(hands_file), "--format", "jsonl", "--talon")
    assert code == 2
    first = json.loads(out.splitlines()[0])
    assert {"talon_clean", "talon_declare", "exact"} <= set(first)


def test_settings_need_exact(runner: CliRunner, hands_file: Path) -> None:
    result = runner.invoke(main, ["batch", str(hands_file), "--seed", "3"])
    assert result.exit_code == 2
    assert result.output == "Error: --seed needs --exact or --bid\n"


def test_missing_solver(
    runner: CliRunner, hands_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor.solver, "core_available", lambda: False)
    result = runner.invoke(main, ["batch", str(hands_file), "--exact"])
    assert result.exit_code == 4
    assert result.output == f"Error: {SolverUnavailableError()}\n"


def test_the_table_shows_the_exact_odds_in_a_line(runner: CliRunner, hands_file: Path) -> None:
    result = runner.invoke(
        main,
        ["batch", "-q", "-x", "--full", "--samples", "231", str(hands_file), "--format", "table"],
    )
    words = " ".join(result.stdout.split())
    assert "exact: declare, caught 0.0% (0.0%–1.6%), score +10.00" in words  # the clean hand
    assert words.count("exact: ") == 3
