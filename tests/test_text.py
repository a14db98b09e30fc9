"""Untrusted text shown safely (control and invisible characters escaped), and the lines of a file
as the readers take them (a byte-order mark starting any line is nothing)."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.text import line_content, shown

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
RECORD = (  # its CSV record from the hand on
    "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9,them,7 8 10,clean,0,7 9 J,clean,0,7 8,clean,0,7 9,safe,0,0,0,sum,"
    "80,2,declare,clean,"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S\x1b[31m", "7S\\x1b[31m"),
        ("a\nb", "a\\x0ab"),
        ("9H\ufeff", "9H\\ufeff"),  # a byte-order mark inside a stream
        ("9\u200bH", "9\\u200bH"),  # zero-width space
        ("J\u200dQ", "J\\u200dQ"),  # zero-width joiner
        ("♠\ufe0e7", "♠\\ufe0e7"),  # the text variation selector
        ("♠\ufe0f7", "♠\\ufe0f7"),  # the emoji one
        ("a\u2060b\u00adc", "a\\u2060b\\xadc"),  # word joiner, soft hyphen
        ("a\u2028b", "a\\u2028b"),  # line separator
        ("a\u3164b", "a\\u3164b"),  # Hangul filler: a letter that shows nothing
        ("a\U000e0041b", "a\\U000e0041b"),  # a tag character
        ("a\u202eb", "a\\u202eb"),  # right-to-left override
        ("♠7 8 Д ♥К", "♠7 8 Д ♥К"),  # what shows is left alone
        ("caf\udce9", "caf\ufffd"),  # a byte that was not UTF-8
    ],
)
def test_shown_escapes_what_would_not_show(text: str, expected: str) -> None:
    assert shown(text) == expected


def test_every_format_character_is_escaped() -> None:
    """Unicode's format characters (category Cf) show nothing by themselves, or reorder text."""
    for code in range(0x80, 0x110000):
        ch = chr(code)
        if unicodedata.category(ch) in ("Cf", "Zl", "Zp", "Cc"):
            assert shown(ch) != ch, f"U+{code:04X}"


@pytest.mark.parametrize(
    ("line", "content"),
    [
        (" 7S 8S \r\n", "7S 8S"),
        ("\ufeff7S", "7S"),
        ("\ufeff \ufeff 7S ", "7S"),
        ("  \ufeff# a comment", "# a comment"),
        ("\ufeff", ""),
        ("7S\ufeff", "7S\ufeff"),  # a mark inside the line is left for the error to name
    ],
)
def test_line_content(line: str, content: str) -> None:
    assert line_content(line) == content


def test_an_invisible_character_in_a_hand_is_named(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HAND + "\u200b"])
    assert result.exit_code == 2
    assert result.output == "Error: '9H\\u200b': '\\u200b' is neither a rank (7..A) nor a suit\n"


@pytest.mark.parametrize("pure_python", ["", "1"])
def test_files_run_together_keep_their_marks(pure_python: str) -> None:
    """``cat a.txt b.txt | advisor batch``, each file starting with a byte-order mark: read by
    the C reader and by Python (``ADVISOR_PUREPYTHON=1``)."""
    stream = f"\ufeff# a.txt\n{HAND}\n\ufeff# b.txt\n\ufeff{HAND}; id=b1\n".encode()
    env = {**os.environ, "ADVISOR_PUREPYTHON": pure_python}
    command = [sys.executable, "-m", "advisor", "batch", "--format", "csv", "--quiet"]
    done = subprocess.run(command, input=stream, capture_output=True, env=env, check=False)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode().splitlines()[1:] == [
        f"<stdin>,2,,{RECORD}",
        f"<stdin>,4,b1,{RECORD}",
    ]


def test_csv_files_run_together(runner: CliRunner) -> None:
    stream = f"\ufeffhand,id\n{HAND},a1\n\ufeff{HAND},a2\n".encode()
    result = runner.invoke(
        main, ["batch", "--input-format", "csv", "--format", "jsonl", "--quiet"], input=stream
    )
    assert result.exit_code == 0, result.output
    assert [line.split('"id": ')[1][:4] for line in result.output.splitlines()] == ['"a1"', '"a2"']


def test_table_compare_reads_the_marks_as_nothing(runner: CliRunner, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"\ufeff{HAND}\n\ufeff# more\n\ufeff{HAND}\n", encoding="utf-8")
    result = runner.invoke(main, ["table", "compare", str(hands), "--against", "exact", "--json"])
    assert result.exit_code == 0, result.output
    assert '"hands": 2' in result.output and '"bad": 0' in result.output
