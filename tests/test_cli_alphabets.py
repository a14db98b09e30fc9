"""Cards whose letters come from two alphabets are refused wherever cards are read: a Cyrillic
Т beside Latin letters is a look-alike of the ten that would read as an ace."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main

MIXED = "78Т.79J.78.79"  # the Т is Cyrillic
WHY = "mixes alphabets: Cyrillic Т (U+0422) and Latin J; write all the cards in one"
DEAL = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", MIXED], f"'{MIXED}' {WHY}"),
        (["check", "78Т", ".79J.78.79"], f"'78Т .79J.78.79' {WHY}"),
        (["discard", MIXED + "AK"], f"'{MIXED}AK' {WHY}"),
        (["solve", MIXED, "--discards", "AS KS", "--lead", "me"], f"'{MIXED}' {WHY}"),
        (["solve", "7S 8S 10S 7C 9C JC 7D 8D 7H 9H", "--discards", "AS Кп", "--lead", "me"],
         "--discards: 'AS Кп' mixes alphabets: Cyrillic К (U+041A) and Latin A; write all the "
         "cards in one"),
        (["allpass", "--layout", DEAL.replace("♠7 8 9 10", "♠7 8 9 Т ♠J")],
         "--layout: first: '♠7 8 9 Т ♠J ♣7 8 9 ♦7 8 9' mixes alphabets: Cyrillic Т (U+0422) "
         "and Latin J; write all the cards in one"),
        (["allpass", "--layout", DEAL.replace("K♥ A♥", "K♥ Т♥")],
         "--layout: talon: 'K♥ Т♥' mixes alphabets: Cyrillic Т (U+0422) and Latin K; write all "
         "the cards in one"),
        (["table", "set", "7 Д Q", "50"],
         "'7 Д Q' is not a setting, nor a holding: '7 Д Q' mixes alphabets: Cyrillic Д (U+0414) "
         "and Latin Q; write all the cards in one"),
        (["table", "set", "7 С", "50"],
         "'7 С' is not a setting, nor a holding: '7 С': Cyrillic С (U+0421) is not a Preferans "
         "rank (7..A)"),
    ],
)  # fmt: skip
def test_refused_in_every_command(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    if args[0] == "table":
        args = [*args, "--table", str(tmp_path / "t.toml")]
    result = runner.invoke(main, args)
    assert (result.exit_code, result.output) == (2, f"Error: {message}\n")


def test_a_russian_hand_stays_fine(runner: CliRunner) -> None:
    russian = runner.invoke(main, ["check", "78Т.79В.78.79", "--json"])
    latin = runner.invoke(main, ["check", "78A.79J.78.79", "--json"])
    assert russian.exit_code == latin.exit_code
    assert json.loads(russian.output)["hand"] == "♠7 8 A ♣7 9 J ♦7 8 ♥7 9"
    assert russian.output == latin.output


@pytest.mark.parametrize("pure_python", ["", "1"])
def test_batch_gives_the_line_an_error_record(pure_python: str) -> None:
    """The C reader hands such a line to Python, which refuses it as check does."""
    lines = f"{MIXED}\n78Т.79В.78.79; id=ru\n78T.79J.78.79; id=en\n"
    env = {**os.environ, "ADVISOR_PUREPYTHON": pure_python}
    command = [sys.executable, "-m", "advisor", "batch", "--format", "jsonl", "--quiet"]
    done = subprocess.run(command, input=lines.encode(), capture_output=True, env=env, check=False)
    assert done.returncode == 2
    first, russian, latin = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {"file": "<stdin>", "line": 1, "error": f"'{MIXED}' {WHY}"}
    assert russian["hand"] == "♠7 8 A ♣7 9 J ♦7 8 ♥7 9"  # Т: the ace
    assert latin["hand"] == "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"  # T: the ten
    assert done.stderr.decode() == f"<stdin>:1: '{MIXED}' {WHY}\n"
