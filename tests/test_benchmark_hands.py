"""The benchmarks' hand sets: ``benchmarks/exact_hands.txt`` is the set
``benchmarks/exact_speed.py`` draws from its seed (issue 20: the benchmark's set is kept with its
seed), every line of it a hand; ``game_solver.py``'s set does not change with ``--more-random``,
and its played hands are the advisor's own choices, which ``solve_contract.py`` names."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from benchmark_scripts import BENCHMARKS, load_benchmark

from advisor.cards import parse_hand
from advisor.contract import PASS, Contract, Strain
from advisor.convention import Convention
from advisor.exact.declare import declare_odds
from advisor.exact.game import GameObjective

HANDS = 24  # exact_speed.py's default


def test_the_hand_file_is_the_seeds_set() -> None:
    speed = load_benchmark("exact_speed")
    hands = speed.hand_set(HANDS, speed.SEED)
    assert (BENCHMARKS / "exact_hands.txt").read_text(encoding="utf-8") == speed.hands_text(
        hands, speed.SEED
    )
    kinds = [kind for kind, _cards in hands]
    assert kinds.count("random") == kinds.count("misère-like") == HANDS // 2


def test_every_line_is_a_hand() -> None:
    lines = (BENCHMARKS / "exact_hands.txt").read_text(encoding="utf-8").splitlines()
    hands = [line.split("#")[0].strip() for line in lines[1:]]
    assert len(hands) == HANDS
    assert all(len(parse_hand(hand)) == 10 for hand in hands)


def test_only_write_hands_rewrites_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run with other options leaves the kept file alone (it used to rewrite it from its own
    ``--hands`` and ``--seed``); ``--write-hands`` rewrites it with the hands asked for, and
    runs nothing."""
    speed = load_benchmark("exact_speed")
    target = tmp_path / "exact_hands.txt"
    ran: list[int] = []
    monkeypatch.setattr(speed, "HANDS_FILE", target)
    monkeypatch.setattr(speed, "run_all", lambda codes, hands, args: ran.append(len(hands)))
    options = ["exact_speed.py", "--hands", "4", "--seed", "7", "--no-baseline"]
    monkeypatch.setattr(sys, "argv", options)
    speed.main()
    assert ran == [4]
    assert not target.exists()
    monkeypatch.setattr(sys, "argv", [*options, "--write-hands"])
    speed.main()
    assert ran == [4]
    assert target.read_text(encoding="utf-8") == speed.hands_text(speed.hand_set(4, 7), 7)


def test_more_random_hands_follow_the_game_solvers_set() -> None:
    """``game_solver.py --more-random N`` measures the seed's set and then N further random
    hands; the set itself does not change with N."""
    game = load_benchmark("game_solver")
    kept = game.hand_set(30)
    more = game.hand_set(30, 3)
    assert [str(hand) for hand in more[: len(kept)]] == [str(hand) for hand in kept]
    assert len(more) == len(kept) + 3
    assert {hand.kind for hand in more[len(kept) :]} == {"random"}
    assert len({str(hand) for hand in more}) == len(more)


def test_the_played_hands_are_the_advisors_own_choices() -> None:
    """``game_solver.py``'s played hands: its seeded deals in order, each one on which
    ``advisor declare`` (the library, no bid) plays a game kept with the discard, contract and
    seat on lead it played them with, the ones it gives up skipped; the same for the same
    seed, other hands for another."""
    game = load_benchmark("game_solver")
    played = game.played_hands(30, 3)
    assert played == game.played_hands(30, 3)
    assert len(played.hands) == 3
    assert played.deals > 3  # some deals were given up, and skipped
    deals = list(itertools.islice(game.played_deals(30), played.deals))
    expected = []
    for twelve, leader in deals:
        best = declare_odds(twelve, PASS, GameObjective(Convention(), leader)).best
        if best is not None:
            expected.append((twelve, best.discards, best.contract, leader))
    assert best is not None  # the last deal looked at was the third kept
    assert [
        (hand.cards | hand.discards, hand.discards, hand.contract, hand.leader)
        for hand in played.hands
    ] == expected
    for hand in played.hands:
        assert hand.kind == "played"
        assert (len(hand.cards), len(hand.discards)) == (10, 2)
        assert hand.trump is hand.contract.strain.suit
        assert str(hand).endswith(f" {hand.contract} {hand.leader.lead.value}")
    assert game.played_hands(31, 3).hands != played.hands


def test_solve_contract_runs_the_played_hands_with_their_own_contracts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``solve_contract.py --played N`` runs the game solver's set as before (seven for a strong
    hand, six for the others, in the hand's strain), then the N played hands each with the
    discard, contract and seat on lead ``game_solver.py`` chose for it (not a guessed level),
    summarised as a kind of its own; the choosing is said on standard error. The commands are
    caught, not run: nothing is timed."""
    game = load_benchmark("game_solver")
    solve = load_benchmark("solve_contract")
    commands: list[list[str]] = []

    def caught(command: list[str], **_options: object) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        answer = {"exact": True, "layouts": 3, "histogram": [1, 2], "p_make": 0.5}
        return subprocess.CompletedProcess(command, 0, json.dumps(answer | {"expected_tricks": 6}))

    monkeypatch.setattr(solve, "subprocess", SimpleNamespace(run=caught))
    monkeypatch.setattr(solve, "compile_package", lambda: None)
    monkeypatch.setattr(sys, "argv", ["solve_contract.py", "--played", "3"])
    solve.main()
    kept = game.hand_set(30)
    played = game.played_hands(30, 3).hands
    levels = [7 if hand.kind == "strong" else 6 for hand in kept]
    expected = [Contract(level, Strain.of(h.trump)) for level, h in zip(levels, kept, strict=True)]
    expected += [hand.contract for hand in played]
    assert {contract.level for contract in expected[len(kept) :]} != {6}  # not the guess
    assert len(commands) == len(kept) + 3
    for command, hand, contract in zip(commands, kept + played, expected, strict=True):
        assert command[-11:] == [
            "solve",
            str(hand.cards),
            "--discards",
            str(hand.discards),
            "--contract",
            contract.ascii(),
            "--lead",
            hand.leader.lead.value,
            "--jobs",
            "1",
            "--json",
        ]
    out, err = capsys.readouterr()
    assert "choosing 3 played hands" in err and "choosing" not in out
    per_hand = [line.split()[0] for line in out.splitlines() if " s wall " in line]
    assert per_hand == [hand.kind.split()[0] for hand in kept] + 3 * ["played"]
    summaries = [line.split()[:2] for line in out.splitlines() if " median " in line]
    assert ["played", "wall"] in summaries and ["played", "cpu"] in summaries
    assert summaries[-2:] == [["all", "wall"], ["all", "cpu"]]


def test_the_benchmarks_name_the_processor(tmp_path: Path) -> None:
    """Figures compare only on one kind of processor: the header names it from the first
    processor's block of /proc/cpuinfo, and says so when the file cannot be read."""
    machine = load_benchmark("machine")
    info = tmp_path / "cpuinfo"
    info.write_text(
        "processor\t: 0\nmodel name\t: AMD EPYC\ncpu family\t: 25\nmodel\t\t: 1\n\n"
        "processor\t: 1\nmodel name\t: another\n",
        encoding="utf-8",
    )
    assert machine.processor(str(info)).startswith("AMD EPYC, family 25 model 1, ")
    assert machine.processor(str(tmp_path / "none")).startswith("an unknown processor, ")
