"""``advisor batch --bid``: ``advisor bid --json``'s figures on every record (flat in every
format, the whole object in JSON), from the seat given or the one the line's lead implies, the
same for every --jobs."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from solver_build import require_solver

import advisor.solver
from advisor.batch.extras import BID_FIELDS, bid_flat, bid_seat
from advisor.build import compiled
from advisor.cli import main
from advisor.contract import Bid
from advisor.game import core_available
from advisor.seats import Lead, Position

require_solver()
pytestmark = pytest.mark.skipif(not core_available(), reason="the game solver is not built")

STRONG = "9S 10S JS QS KS AS KC AC 7D AD"
MISERE = "7S 8S 7C 8C 7D 8D 9D 7H 8H 9H"
LINES = [f"{STRONG}; id=strong", f"{MISERE}; lead=me; id=misere", "not a hand"]
SETTINGS = ["--bid-samples", "64", "--seed", "5"]


@pytest.fixture
def hands_file(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    return path


def _batch(*args: str, stream: str = "stdout") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["batch", *args, "-q"])
    return result.exit_code, getattr(result, stream)


def _records(path: Path, *args: str) -> list[dict[str, Any]]:
    code, out = _batch(str(path), "--bid", *SETTINGS, "--format", "jsonl", *args)
    assert code == 2  # the bad line
    return [json.loads(line) for line in out.splitlines()]


def _bid_json(hand: str, seat: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["bid", hand, "--seat", seat, "--samples", "64",
                                       "--seed", "5", "--json"])  # fmt: skip
    assert result.exit_code in (0, 1), result.output
    found: dict[str, Any] = json.loads(result.output)
    return found


def test_the_seat_a_lead_implies() -> None:
    assert bid_seat(Lead.ME) is Position.FIRST
    assert bid_seat(Lead.THEM) is Position.SECOND


def test_the_records_hold_advisor_bids_figures(hands_file: Path) -> None:
    strong, misere, bad = _records(hands_file)
    assert strong["bid"] == _bid_json(STRONG, "second")  # lead them: second hand
    assert misere["bid"] == _bid_json(MISERE, "first")  # lead me: first hand
    assert "error" in bad and "bid" not in bad
    for record in (strong, misere):
        assert {name: record[name] for name in BID_FIELDS} == bid_flat(record["bid"])
    assert strong["bid_answer"].startswith("bid up to") and strong["bid_ceiling"]
    best = max(strong["bid"]["bids"], key=lambda figure: figure["points"])
    assert strong["bid_best_game_points"] == best["points"] > strong["bid_pass"]
    assert strong["bid_best_contract"] == best["best_contract"]
    assert misere["bid_answer"] == "misere" and misere["bid_misere"] == misere["bid"]["misere"][
        "points"
    ]  # fmt: skip


def test_the_seat_given_wins_over_the_lead(hands_file: Path) -> None:
    strong, misere, _ = _records(hands_file, "--seat", "third")
    assert strong["bid_seat"] == misere["bid_seat"] == "third"
    assert misere["bid"] == _bid_json(MISERE, "third")


def test_csv_has_the_flat_columns_and_no_object(hands_file: Path) -> None:
    code, out = _batch(str(hands_file), "--bid", *SETTINGS, "--format", "csv")
    assert code == 2
    rows = list(csv.reader(io.StringIO(out)))
    assert tuple(rows[0][-len(BID_FIELDS) :]) == BID_FIELDS and "bid" not in rows[0]
    strong, misere, _ = _records(hands_file)
    for row, record in zip(rows[1:3], (strong, misere), strict=True):
        cells = row[-len(BID_FIELDS) :]
        assert cells == ["" if record[n] is None else str(record[n]) for n in BID_FIELDS]
    assert rows[3][-len(BID_FIELDS) :] == [""] * len(BID_FIELDS)  # the bad line


def test_the_same_for_every_jobs(hands_file: Path) -> None:
    args = (str(hands_file), "--bid", *SETTINGS, "--format", "jsonl")
    assert _batch(*args, "--jobs", "1") == _batch(*args, "--jobs", "2")


def test_the_table_says_it_in_a_line(hands_file: Path) -> None:
    code, out = _batch(str(hands_file), "--bid", *SETTINGS, "--format", "table")
    assert code == 2
    strong, _, _ = _records(hands_file)
    ceiling = Bid.parse(strong["bid_ceiling"])
    assert f"bid, second hand: bid up to {ceiling}" in " ".join(out.split())
    assert "bid, first hand: misère" in " ".join(out.split())
    assert "bid_answer" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bid-samples", "64"], "Error: --bid-samples needs --bid\n"),
        (["--seed", "3"], "Error: --seed needs --exact or --bid\n"),
        (["--seat", "first"], "Error: --seat needs --allpass or --bid\n"),
        (["--bid", "--bid-samples", "4"], None),
    ],
)
def test_usage_errors(hands_file: Path, args: list[str], message: str | None) -> None:
    code, out = _batch(str(hands_file), *args, stream="stderr")
    assert code == 2
    assert message is None or out == message


def test_a_missing_game_solver_stops_it_before_the_run(
    hands_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = compiled  # what advisor.solver imports
    monkeypatch.setattr(
        advisor.solver, "compiled", lambda module: None if "game" in module else real(module)
    )
    code, out = _batch(str(hands_file), "--bid", "--format", "jsonl", stream="stderr")
    assert code == 4
    assert out.startswith("Error: the compiled game solver (advisor.game._core) is missing")
