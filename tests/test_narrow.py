"""Every command's text fits the terminal, down to 40 columns, in both languages: tables fold
whole cells under their headers rather than letting the terminal wrap a line at its edge."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from solver_build import require_built, require_solver

from advisor.allpass import solver as allpass_solver
from advisor.cli import main
from advisor.cli.grid import width_of
from advisor.solver import core_available

HOLED = "♠8 ♣7 8 9 ♦7 8 9 ♥7 9 Q"
DEAL = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)
PLAY = (
    "7♠ J♠ 7♥ 8♠ Q♠ 8♥ 9♠ K♠ K♣ 10♣ A♣ 7♣ K♦ 7♦ 10♦ A♦ 8♣ J♦ 9♥ 10♠ A♠ 10♥ 8♦ J♣ J♥ 9♣ Q♣ Q♥ 9♦ Q♦"
)
SOLVER, ALLPASS = "solver", "allpass"
COMMANDS = [
    ((), ["check", HOLED]),
    ((), ["check", HOLED, "--talon"]),
    ((), ["check", "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8"]),
    ((), ["discard", "♠7810 ♣79J ♦78 ♥79KA", "--lead", "me"]),
    ((), ["batch", "examples/hands.txt", "examples/hands.csv", "--format", "table", "--talon"]),
    ((), ["table", "show"]),
    ((), ["table", "show", "--table", "exact"]),
    ((), ["table", "diff", "founding", "exact"]),
    ((), ["table", "compare", "examples/tuning-hands.txt", "--against", "exact"]),
    ((SOLVER,), ["check", "♠K ♣789 ♦78J ♥78J", "--exact", "--samples", "1"]),
    ((SOLVER,), ["discard", "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9", "--exact", "--samples", "30"]),
    ((SOLVER,), ["solve", "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H", "--discards", "AD AH", "--lead",
                 "left", "--samples", "300"]),
    ((SOLVER,), ["solve", "--layout", "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ R: ♠QKA ♣QKA "
                 "♦QK ♥QK", "--lead", "me"]),
    ((SOLVER,), ["table", "calibrate", "--holding", "8 9 10 J Q K A", "--holding", "7 8|9 Q",
                 "--samples", "40"]),
    ((ALLPASS,), ["allpass", "--layout", DEAL, "--seat", "second"]),
    ((ALLPASS,), ["allpass", "--layout", DEAL, "--play", PLAY]),
    ((ALLPASS,), ["allpass", "♠7 9 J ♣8 Q A ♦7 10 ♥9 K", "--seat", "second", "--samples", "40"]),
    ((ALLPASS,), ["check", HOLED, "--allpass"]),
]  # fmt: skip


def _needs(parts: tuple[str, ...]) -> None:
    if SOLVER in parts:
        require_solver()
    if ALLPASS in parts:
        require_built(allpass_solver.core_available(), "the compiled all-pass solver")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize(("parts", "args"), COMMANDS, ids=lambda value: " ".join(value)[:40])
def test_every_line_fits(parts: tuple[str, ...], args: list[str], columns: int, lang: str) -> None:
    _needs(parts)
    env = {"COLUMNS": str(columns), "NO_COLOR": "1"}
    result = CliRunner().invoke(main, ["--lang", lang, *args], env=env)
    assert result.exit_code in (0, 1, 2), result.output
    assert result.stdout
    wide = [line for line in result.stdout.splitlines() if width_of(line) > columns]
    assert not wide


def _run(*args: str, columns: int = 40, lang: str = "en") -> list[str]:
    env = {"COLUMNS": str(columns), "NO_COLOR": "1"}
    return CliRunner().invoke(main, ["--lang", lang, *args], env=env).stdout.splitlines()


def test_check_at_40_columns_keeps_the_percent_in_its_row() -> None:
    lines = _run("check", HOLED)
    assert lines[3:8] == [
        "Suit Holding Status Matched           %",
        '♠    8       hole   table "8"       30%',
        "♣    7 8 9   clean  clean            0%",
        "♦    7 8 9   clean  clean            0%",
        '♥    7 9 Q   hole   table "7 8|9 Q" 20%',
    ]


def test_check_at_40_columns_in_russian() -> None:
    lines = _run("check", HOLED, lang="ru")
    assert lines[3:10] == [
        "Масть  Карты  Состояние  По таблице    %",
        "♠      8      дыра       таблица     30%",
        "                         «8»",
        "♣      7 8 9  чистая     чистая       0%",
        "♦      7 8 9  чистая     чистая       0%",
        "♥      7 9 Д  дыра       таблица     20%",
        "                         «7 8|9 Д»",
    ]


@pytest.mark.skipif(not core_available(), reason="the compiled solver")
def test_calibrate_at_80_columns_keeps_a_holding_whole() -> None:
    lines = _run("table", "calibrate", "--holding", "8 9 10 J Q K A", "--samples", "100",
                 columns=80)  # fmt: skip
    assert lines[3:5] == [
        "Holding        Own: table       exact Their: table       exact Table's value",
        "8 9 10 J Q K A       100% 100.0% ±1.8         100% 100.0% ±1.8 not in the table",
    ]
    folded = _run("table", "calibrate", "--holding", "8 9 10 J Q K A", "--samples", "100")
    assert any(re.match(r"8 9 10 J Q K A +100% ", line) for line in folded)
