"""The C reader of hand lines (``advisor._fastread``): whatever it reads, it reads exactly as
``parse_hand`` and the batch line options do; everything else it leaves to Python."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_build import require_built
from test_batch import TOKEN_PIECES, random_mask, spoil, write_hand

from advisor.batch import reader, split_options
from advisor.cards import parse_hand
from advisor.errors import AdvisorError, BatchError
from advisor.seats import Lead
from advisor.text import line_content

try:
    from advisor import _fastread

    BUILT = True
except ImportError:  # pragma: no cover - built without a C compiler
    BUILT = False
require_built(BUILT, "the C reader advisor._fastread")

CARDS = (1 << _fastread.LEAD_SHIFT) - 1


def python_reading(line: str) -> tuple[int, Lead | None] | str:
    """What the Python side makes of one line: (mask, lead) of a hand without an id, "skip",
    or "other" (an id, or an error)."""
    line = line_content(line)
    if not line or line[0] == "#":
        return "skip"
    try:
        hand, lead, ident = split_options(line) if ";" in line else (line, None, None)
        mask = parse_hand(hand).mask
    except (AdvisorError, BatchError):
        return "other"
    return "other" if ident is not None else (mask, lead)


def c_reading(line: str) -> tuple[int, Lead | None] | str:
    [found] = _fastread.scan(line.encode("utf-8", "surrogateescape"))
    if found == _fastread.SKIP:
        return "skip"
    if found == _fastread.ASK:
        return "ask"
    return found & CARDS, reader.LINE_LEADS[found >> _fastread.LEAD_SHIFT]


def agrees(line: str) -> bool:
    found = c_reading(line)
    return found == "ask" or found == python_reading(line)


OPTIONS = ["", "; lead=me", ";lead=THEM ", "; Lead = Me", "; lead=you", "; id=7", "; lead=me;",
           "; lead=me; id=a", "; leader=me", "; lead", " ;lead=them\t"]  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_the_python_reader(seed: int) -> None:
    rng = random.Random(seed)
    usual = read_in_c = 0
    for _ in range(3000):
        text = write_hand(random_mask(rng), rng)
        spoilt = rng.random() < 0.4
        if spoilt:
            text = spoil(text, rng)
        option = rng.choice(OPTIONS)
        line = rng.choice(["", " ", "\t"]) + text + option + rng.choice(["", "\r"])
        assert agrees(line), line
        if not spoilt and option in OPTIONS[:4]:
            usual += 1
            read_in_c += c_reading(line) != "ask"
    assert read_in_c > 0.9 * usual  # the usual lines are read in C


LINE_PIECES = [*TOKEN_PIECES, ";", "lead", "=", "me", "them", "id", "\t", "\r", "\x0b", "\x1c",
               "\u00a0", "#", "♤", "Ч", "ч", "Б", "X", "x", "—", "\ufe0f", "\u1c84", "é",
               "9", "\ufeff", "\ufeff#"]  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(LINE_PIECES), min_size=1, max_size=40))
def test_agrees_on_any_text(pieces: list[str]) -> None:
    assert agrees("".join(pieces))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9H", "mask"),
        ("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9", "mask"),
        ("♤7810 ♧79J ♢78 ♡79", "mask"),
        ("S:7,8,10 C:7,9,J D:7,8 H:7,9", "mask"),
        ("78T.79J.78.79", "mask"),
        ("7п 8п 10п 7т 9т Вт 7б 8б 7ч 9ч", "mask"),
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9H; lead=me", "lead"),
        ("  # a comment", "skip"),
        (" \t\r", "skip"),
        ("\ufeff7S 8S 10S 7C 9C JC 7D 8D 7H 9H", "mask"),  # a file's byte-order mark: nothing
        (" \ufeff\ufeff 78T.79J.78.79; lead=me", "lead"),
        ("\ufeff# a comment", "skip"),
        ("\ufeff", "skip"),
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9H\ufeff", "ask"),  # not at the start: Python words it
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9H; id=x", "ask"),  # ids are read in Python
        ("7S 8S 10S 7C 9C JC 7D 8D 7H\u00a09H", "ask"),  # other white space
        ("7S 8S 10S 7C 9C JC 7D 8D 7H", "ask"),  # nine cards: Python words the error
        ("7S 7S 10S 7C 9C JC 7D 8D 7H 9H", "ask"),
        ("78Т.79J.78.79", "ask"),  # a Cyrillic Т beside a Latin J: Python refuses the hand
        ("7S 8S 10S 7C 9C JC 7D 8D 7H 9ч", "ask"),
        ("♠7 8 10 ♣7 9 В ♦7 8 ♥7 9; lead=me", "lead"),  # letters of one alphabet, options apart
        ("7.8.9." + "7" * 300, "ask"),  # longer than the C reader takes on
    ],
)
def test_what_it_takes_on(line: str, expected: str) -> None:
    found = c_reading(line)
    kind = found if isinstance(found, str) else "lead" if found[1] else "mask"
    assert kind == expected
    assert agrees(line)


def test_one_value_per_line() -> None:
    data = b"7S 8S 10S 7C 9C JC 7D 8D 7H 9H\n\n# x\nbad\r\n78T.79J.78.79"
    found = _fastread.scan(data)
    assert len(found) == data.count(b"\n") + 1
    assert found[1:4] == [_fastread.SKIP, _fastread.SKIP, _fastread.ASK]
    assert found[0] == found[4] == parse_hand("78T.79J.78.79").mask
    assert _fastread.scan(b"") == [_fastread.SKIP]
    assert _fastread.scan(bytearray(b"\xff\xfe")) == [_fastread.ASK]


def test_batch_reads_with_it() -> None:
    assert reader.C_READER and reader.scan is _fastread.scan
