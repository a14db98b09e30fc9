"""What a user types where an argument belongs: words that start with ``-`` (a negative number, a
dotted hand with a void in spades) are arguments, in every command that takes a hand or a value.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from advisor.cli import main

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"

DOTTED = "-.79TK.89K.7TK"  # examples/tuning-hands.txt writes hands with a spade void so
SAME = "♣7 9 10 K ♦8 9 K ♥7 10 K"
TWELVE_DOTTED = "-.79TKA.89KA.7TK"
TWELVE = "♣7 9 10 K A ♦8 9 K A ♥7 10 K"


@pytest.mark.parametrize(
    ("dotted", "written"),
    [
        (["check", DOTTED], ["check", SAME]),
        (["check", DOTTED, "--lead", "me", "--json"], ["check", SAME, "--lead", "me", "--json"]),
        (["discard", TWELVE_DOTTED], ["discard", TWELVE]),
        (["solve", DOTTED, "--discards", "AS KS", "--lead", "me", "--samples", "50"],
         ["solve", SAME, "--discards", "AS KS", "--lead", "me", "--samples", "50"]),
        (["allpass", DOTTED, "--seat", "first", "--samples", "20"],
         ["allpass", SAME, "--seat", "first", "--samples", "20"]),
    ],
)  # fmt: skip
def test_a_dotted_hand_with_a_spade_void_is_the_hand(
    runner: CliRunner, dotted: list[str], written: list[str]
) -> None:
    expected = runner.invoke(main, written)
    result = runner.invoke(main, dotted)
    assert "No such option" not in result.output
    assert (result.exit_code, result.output) == (expected.exit_code, expected.output)


def test_a_negative_setting(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    result = runner.invoke(main, ["table", "set", "pass_score", "-20", "--table", str(table)])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"{table}: pass_score 0 (built-in) → -20 ({table})\n")
    assert "pass_score = -20" in table.read_text()


def test_a_negative_percent_is_refused_as_a_percent(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    result = runner.invoke(main, ["table", "set", "7 8 Q", "-5", "--table", str(table)])
    assert result.exit_code == 2
    assert "No such option" not in result.output
    assert result.output == f'Error: {table}: [holes] "7 8 Q" = -5 is outside 0..100 percent\n'


def test_a_dashed_word_where_no_argument_goes(runner: CliRunner) -> None:
    result = runner.invoke(main, ["table", "show", "-20"])
    assert result.exit_code == 2
    assert "Got unexpected extra argument (-20)" in result.output


def test_options_still_read_as_options(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "-q", SAME, "--lead", "me"])
    assert (result.exit_code, result.output) == (1, "")  # a pass, quietly
    result = runner.invoke(main, ["check", SAME, "-z"])
    assert result.exit_code == 2
    assert result.output == "Error: No such option '-z'.\n"


def _commands(group: click.Group, ctx: click.Context) -> Iterator[click.Command]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        yield command
        if isinstance(command, click.Group):
            yield from _commands(command, ctx)


def test_every_word_option_takes_any_case() -> None:
    """Closed sets of words (--lead, --seat, --format ...) are read in any case, in every
    command alike: `declare --lead RIGHT` as `solve --lead RIGHT`."""
    ctx = click.Context(main)
    words = [
        (command.name, param.name)
        for command in _commands(main, ctx)
        for param in command.params
        if isinstance(param.type, click.Choice)
    ]
    assert ("declare", "lead") in words and ("batch", "output_format") in words
    strict = [
        (command.name, param.name)
        for command in _commands(main, ctx)
        for param in command.params
        if isinstance(param.type, click.Choice) and param.type.case_sensitive
    ]
    assert strict == []


def test_a_long_number_is_quoted_cut_short(runner: CliRunner) -> None:
    seed = "9" * 5_000  # more digits than Python reads
    done = runner.invoke(main, ["lead", "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H", "--discards", "AD AH",
                                "--seed", seed])  # fmt: skip
    assert done.exit_code == 2
    assert f"'{'9' * 39}…' is a number of too many digits" in done.output
    assert seed not in done.output
    samples = "9" * 60  # a number, out of range
    done = runner.invoke(main, ["lead", "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H", "--discards", "AD AH",
                                "--samples", samples])  # fmt: skip
    assert done.exit_code == 2
    assert f"{'9' * 39}… is not in the range" in done.output and samples not in done.output


def test_a_number_without_bounds_shows_no_range(runner: CliRunner) -> None:
    done = runner.invoke(main, ["check", "--help"], env={"COLUMNS": "200"})
    assert done.exit_code == 0
    assert "x<=None" not in done.output and "[default: 0; x>=0]" in done.output.replace("\n", " ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", HAND, "--lead", "x" * 100],
         f"Error: Invalid value for '--lead': '{'x' * 39}…' is not one of 'me', 'left', 'right', "
         "'them'."),
        (["check", HAND, "--bogus-" + "x" * 100], f"Error: No such option '--bogus-{'x' * 31}…'."),
        (["x" * 100], f"Error: No such command '{'x' * 39}…'."),
        (["--lang", "x" * 100, "check", HAND],
         f"Error: --lang '{'x' * 39}…' is not a language the advisor speaks: en or ru"),
        (["check", HAND, "--exact", "--jobs", "9" * 100],
         "Error: Invalid value for '-j' / '--jobs': jobs must be at most"),
    ],
)  # fmt: skip
def test_click_and_the_advisor_quote_long_values_cut_short(args: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "advisor", *args], capture_output=True,
                          text=True, check=False)  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(message) and len(done.stderr) < 200


@pytest.mark.parametrize("key", ["x" * 500, "7 " + "x" * 500, "rules." + "x" * 500,
                                 "convention." + "x" * 500])  # fmt: skip
def test_a_long_table_key_is_quoted_cut_short(tmp_path: Path, key: str) -> None:
    done = subprocess.run([sys.executable, "-m", "advisor", "table", "set", key, "5", "--table",
                           str(tmp_path / "t.toml")], capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 2 and "x" * 40 not in done.stderr and "x…'" in done.stderr
