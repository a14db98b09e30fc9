"""``advisor whist`` through the command line, as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import needs_solver

from advisor.cli import main
from advisor.whist.view import VIEW_DISCARDS, VIEW_SPLITS

HAND = "7S 8S JS 10C QC AC 9D KD 7H AH"
WEAK = "7S 8S 10C QC 9D 10D 7H 8H 9H JH"
GAME = ("--contract", "6S", "--declarer", "left", "--talon", "QS 9H")
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "ADVISOR_LANG": "en"}


def run(runner: CliRunner, *args: str, env: dict[str, str] = ENV) -> tuple[int, str]:
    result = runner.invoke(main, ["whist", *args], env=env)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((HAND, *GAME[:-1], "QS AH"), "Error: the talon's ♥A is in the defender's hand\n"),
        ((HAND, *GAME[:-1], "7S AH"), "Error: the talon's ♠7 ♥A are in the defender's hand\n"),
        ((HAND, *GAME[:-1], "QS"), "Error: --talon: 1 card given, 2 are needed\n"),
        ((HAND, "--contract", "misere", *GAME[2:]),
         "Error: --contract: 'misere' is misère: a game contract (6♠ … 10NT) is needed here\n"),
        ((HAND, "--contract", "11S", *GAME[2:]),
         "Error: --contract: '11S': a contract is six to ten tricks, not 11\n"),
        (("7S 8S", *GAME), "Error: 2 cards given, a hand has 10\n"),
        ((HAND, *GAME, "--partner", "half"),
         "Error: the partner speaks first (on the declarer's left): he cannot half-whist\n"),
        ((HAND, "--contract", "10NT", *GAME[2:], "--partner", "pass"),
         "Error: 10NT is a checked ten, played by both defenders: the partner cannot pass or "
         "half-whist it\n"),
    ],
)  # fmt: skip
def test_a_game_the_defender_could_not_face(
    runner: CliRunner, args: tuple[str, ...], message: str
) -> None:
    assert run(runner, *args) == (2, message)


def test_a_declarer_seat_that_does_not_exist(runner: CliRunner) -> None:
    code, out = run(runner, HAND, "--contract", "6S", "--declarer", "middle", "--talon", "QS 9H")
    assert code == 2
    assert out.endswith("Error: Invalid value for '--declarer': 'middle' is not one of 'left', "
                        "'right'.\n")  # fmt: skip


@needs_solver
def test_text(runner: CliRunner) -> None:
    code, out = run(runner, WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C",
                    "--samples", "40", "-j", "1")  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "Hand           ♠7 8 ♣10 Q ♦9 10 ♥7 8 9 J",
        "Talon          ♠Q ♣9",
        "Contract       7♠, the declarer on your right; you speak first",
    ]
    model = "Declare model  the advisor's declare on his twelve cards, over 6 splits of the"
    at = lines.index(model)
    assert lines[at + 1 : at + 3] == [
        "               defenders' cards (1 discard a strain, the likeliest); he plays",
        "               the discard it chose",
    ]
    assert lines[at - 1] == "               declarer, seeing only his own cards, names the contract"
    assert "Lone whister  plays open (double dummy); closed play is not priced" in lines
    assert lines[-1].split(" — ")[0] in {"Whist", "Pass"}


@needs_solver
def test_json_is_the_same_for_every_number_of_jobs(runner: CliRunner) -> None:
    args = (WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C", "--samples",
            "40", "--json")  # fmt: skip
    one, two = run(runner, *args, "-j", "1"), run(runner, *args, "-j", "2")
    assert one == two and one[0] == 0
    found = json.loads(one[1])
    assert found["contract"] == "7S" and found["defender_seat"] == "L"
    assert found["declare_model"] == "declarer-view" and found["partner_rule"] == "folk"
    assert found["declare_splits"] == VIEW_SPLITS and found["declare_discards"] == VIEW_DISCARDS
    assert found["discard_played"] == "declarer-view"
    assert found["kept"] == 38 and found["drawn"] == 200 and found["too_few"] is False
    assert {choice["choice"] for choice in found["choices"]} == {"pass", "whist"}
    assert found["best"] == found["choices"][0]["choice"]


@needs_solver
def test_too_few_layouts_are_flagged(runner: CliRunner) -> None:
    code, out = run(runner, HAND, *GAME, "--samples", "30", "-j", "1", "--json")
    assert code == 0
    found = json.loads(out)
    assert found["kept"] < 30 and found["too_few"] is True and found["drawn"] == 150
    count = found["kept"]
    # below 30 sampled layouts no figure has an interval and no call is clear, as in solve
    assert found["clear"] is False and found["margin"] is None
    assert found["no_interval"] == f"no 95% interval from {count} layouts: it needs 30"
    for choice in found["choices"]:
        assert choice["interval"] is None and choice["short_interval"] is None
    code, text = run(runner, HAND, *GAME, "--samples", "30", "-j", "1")
    assert f"Warning       only {count} layouts kept (fewer than 30): the figures are rough" in text
    assert "too few layouts to call it" in text and "(95%)" not in text.splitlines()[-1]


@needs_solver
def test_enough_layouts_have_intervals(runner: CliRunner) -> None:
    args = (WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C", "--samples",
            "40", "-j", "1", "--json")  # fmt: skip
    found = json.loads(run(runner, *args)[1])
    assert found["kept"] >= 30 and "no_interval" not in found and found["margin"] is not None
    for choice in found["choices"]:
        low, high = choice["interval"]
        assert low < choice["points"] < high


@needs_solver
def test_russian(runner: CliRunner) -> None:
    code, out = run(runner, WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C",
                    "--samples", "30", "-j", "1", env={**ENV, "ADVISOR_LANG": "ru"})  # fmt: skip
    assert code == 0
    assert "Игра" in out and "разыгрывающий справа от вас; вы говорите первым" in out
    assert "Один вистующий" in out
    assert "народная модель виста" in " ".join(out.split()) and "folk" not in out


@needs_solver
def test_the_convention_is_the_tables_unless_given(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "table.toml"
    table.write_text('[convention]\npreset = "leningrad"\n', encoding="utf-8")
    args = (WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C", "--samples",
            "40", "--json")  # fmt: skip
    from_table = json.loads(run(runner, *args, "--table", str(table))[1])
    given = json.loads(run(runner, *args, "--table", str(table), "--convention", "sochi")[1])
    assert from_table["convention"]["preset"] == "leningrad"
    assert given["convention"]["preset"] == "sochi"


@needs_solver
def test_a_checked_ten_has_no_lone_whister(runner: CliRunner) -> None:
    """Both defenders play a checked ten: whist is the only call, and no lone whister's play
    nor a shortfall of the quota (it has none) is spoken of (text or JSON: null, as
    ``lone_whister``)."""
    args = ("7S 8S 9S 7C 8C 9C 7D 8D 9D 7H", "--contract", "10NT", "--declarer", "left",
            "--talon", "QS 9H", "--samples", "30", "-j", "1")  # fmt: skip
    code, text = run(runner, *args)
    assert code == 0 and "Lone whister" not in text
    header = next(line for line in text.splitlines() if line.startswith("#"))
    assert header.split() == ["#", "Call", "Points", "95%", "interval"]  # no quota: no shortfall
    assert "Short" not in text
    assert "Partner        he plays it: both defenders play a checked ten" in text.splitlines()
    found = json.loads(run(runner, *args, "--json")[1])
    assert [choice["choice"] for choice in found["choices"]] == ["whist"]
    assert found["lone_whister"] is None and found["partner_rule"] is None
    assert [(c["p_short"], c["short_interval"]) for c in found["choices"]] == [(None, None)]
    lone_args = (WEAK, "--contract", "7S", "--declarer", "right", "--talon", "QS 9C",
                 "--samples", "40", "-j", "1")  # fmt: skip
    lone = json.loads(run(runner, *lone_args, "--json")[1])
    assert lone["lone_whister"] == "open (double dummy); closed play not priced"
    assert all(isinstance(c["p_short"], float) for c in lone["choices"])
    assert all(len(c["short_interval"]) == 2 for c in lone["choices"])
    text = run(runner, *lone_args)[1]
    header = next(line for line in text.splitlines() if line.startswith("#"))
    assert header.split() == ["#", "Call", "Points", "95%", "interval", "Short", "95%", "interval"]


@needs_solver
def test_an_unknown_partner_follows_the_tables_whist_model(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Under the ``both`` whist model the partner, when his call is not given, whists in every
    layout (as ``declare`` and ``solve --contract`` have both defenders do); text and JSON say
    which model decided it."""
    table = tmp_path / "table.toml"
    table.write_text('[convention]\nwhist_model = "both"\n', encoding="utf-8")
    args = (HAND, *GAME, "--samples", "30", "-j", "1", "--table", str(table))
    found = json.loads(run(runner, *args, "--json")[1])
    assert found["partner_rule"] == "both"
    outcomes = {choice["choice"]: choice["outcomes"] for choice in found["choices"]}
    assert outcomes["whist"] == {"both": found["kept"]}
    assert outcomes["pass"] == {"left": found["kept"]}  # the partner L whists alone
    code, text = run(runner, *args)
    assert code == 0
    assert "Partner        he whists in every layout: the whist model both" in text
    folk = json.loads(run(runner, HAND, *GAME, "--samples", "30", "-j", "1", "--json")[1])
    assert folk["partner_rule"] == "folk"
    assert {"pass", "left"} <= set().union(*(c["outcomes"] for c in folk["choices"]))
