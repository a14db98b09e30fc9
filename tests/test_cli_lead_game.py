"""``advisor lead --contract``: the blind first lead of a game from the command line."""

from __future__ import annotations

import json
import signal

import pytest
from click.testing import CliRunner
from proc_watch import signalled
from solver_build import require_built

from advisor.cli import main
from advisor.game import core_available

require_built(core_available(), "the compiled game solver advisor.game._core")

HAND, DISCARDS = "♠9 10 J Q K A ♣K A ♦7 A", "♥7 8"
DEFENDER, TALON = "7S 8S QC KC AC QD KD 9H 10H JH", "AS 7H"


def _run(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(main, ["lead", *args])
    return done.exit_code, done.stdout, done.stderr


def test_the_declarers_lead_in_json() -> None:
    code, out, _ = _run(HAND, "--discards", DISCARDS, "--contract", "7S", "--samples", "60",
                        "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert (data["leader"], data["seat"], data["contract"], data["defence"]) == (
        "declarer", "M", "7S", None
    )  # fmt: skip
    outcomes = data["outcomes"]
    assert sum(outcomes.values()) == 60 and set(outcomes) <= {"both", "left", "right"}
    assert data["discards"] == "♥7 8" and data["talon"] is None and data["layouts"] == 60
    assert data["best"] == data["leads"][0]["cards"]
    points = [lead["points"] for lead in data["leads"]]
    assert points == sorted(points, reverse=True)
    for figure in (*data["leads"], data["double_dummy"]):
        assert sum(figure["histogram"]) == 60 and 0 <= figure["p_make"] <= 1
    assert "cards" not in data["double_dummy"]
    assert data["double_dummy"]["points"] >= data["leads"][0]["points"]


def test_a_defenders_lead_in_text() -> None:
    code, out, _ = _run("--defender", DEFENDER, "--talon", TALON, "--contract", "6S",
                        "--declarer", "left", "--samples", "80")  # fmt: skip
    assert code == 0
    assert "Contract    6♠, the declarer on your left; you lead the first trick\n" in out
    assert "Defence     you whisted; your partner too in " in out
    assert "\nBest blind lead: " in out and "Double dummy" in out
    assert "you choosing your lead in" in out


def test_the_same_json_for_every_jobs() -> None:
    args = ("--defender", DEFENDER, "--talon", TALON, "--contract", "6S", "--declarer", "right",
            "--samples", "50", "--json")  # fmt: skip
    outs = {_run(*args, "--jobs", str(jobs))[1] for jobs in (1, 2, 5)}
    assert len(outs) == 1


def test_in_russian() -> None:
    args = [HAND, "--discards", DISCARDS, "--contract", "7S", "--defence", "left"]
    done = CliRunner().invoke(main, ["--lang", "ru", "lead", *args, "--samples", "40"])
    assert done.exit_code == 0
    assert "Игра       7♠; первым ходит разыгрывающий\n" in done.stdout
    assert "вистовал один Л (слева от разыгрывающего), П спасовал" in done.stdout
    assert "Лучший ход вслепую: " in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([HAND, "--contract", "7S"], "against a game the declarer's ten cards need --discards"),
        ([HAND, "--discards", DISCARDS, "--contract", "11S"],
         "--contract: '11S': a contract is six to ten tricks, not 11"),
        ([HAND, "--discards", DISCARDS, "--contract", "pass"],
         "--contract pass: a game contract (6♠ … 10NT) or misère is needed here"),
        ([HAND, "--discards", DISCARDS, "--contract", "7S", "--full"],
         "--full counts a misère's tricks: a game's leads are all counted"),
        ([HAND, "--discards", DISCARDS, "--contract", "7S", "--defence", "me"],
         "--defence me: the declarer heard both, left or right"),
        ([HAND, "--discards", DISCARDS, "--contract", "10NT", "--defence", "left"],
         "a checked 10NT is played by both defenders: nobody whists alone"),
        ([HAND, "--discards", DISCARDS, "--defence", "both"],
         "--declarer, --defence and --convention go with a game --contract"),
        (["--defender", DEFENDER, "--talon", TALON],
         "--defender leads against a game: give --contract (6S … 10NT)"),
        (["--defender", DEFENDER, "--talon", TALON, "--contract", "misère"],
         "--contract misère: --defender leads against a game (6S … 10NT); against misère a "
         "catcher leads (--catcher)"),
        (["--defender", DEFENDER, "--contract", "6S"], "--defender needs --talon"),
        (["--defender", DEFENDER, "--talon", TALON, "--contract", "6S", "--defence", "left"],
         "--defence left: a defender heard both, me or partner"),
        (["--defender", DEFENDER, "--talon", "AS 7S", "--contract", "6S"],
         "the talon's ♠7 is in the defender's hand"),
        (["--catcher", DEFENDER, "--talon", TALON, "--contract", "6S"],
         "--catcher leads against misère: against a game give --defender"),
        (["--defender", DEFENDER, "--talon", TALON, "--contract", "6S", "--seat", "left"],
         "--seat is a catcher's: against a game --defender takes --declarer"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = _run(*args)
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == f"Error: {message}"


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_a_long_run_at_once(signum: int, jobs: str) -> None:
    """Mid-search (a CPU second spent, the start-up far less), while the leads are played out
    on every layout: the run ends by the signal itself, nothing on either stream (the search
    of a lead stopped by the signal's handler once went on to the next layout)."""
    args = ["lead", "♠7 8 J K ♦9 10 Q A ♥Q K", "--discards", "♣Q ♥8", "--contract", "6S",
            "--all", "--jobs", jobs]  # fmt: skip
    assert signalled(args, signum) == (-signum, b"", b"")
