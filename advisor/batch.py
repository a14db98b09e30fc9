"""Checking many hands: files in, one record per line out, in order, fast.

A batch run reads its sources in chunks of whole lines (:func:`read_chunks`), checks each chunk
into ready output text, error messages and a tally (:class:`Checker`, in this process or in
worker processes, see :class:`BatchRun`), and hands the results back in input order.

Every non-blank line that is not a ``#`` comment yields exactly one record: the fields of
``advisor check --json`` (:meth:`advisor.verdict.Assessment.to_dict`) plus ``file``, ``line``
and ``id``, or an error record ``{"file", "line", "error"}``.

Speed comes from doing per hand only what differs between hands:

* The C reader ``advisor._fastread`` reads a chunk's lines in the usual notations at once and
  leaves every other line to Python. There :class:`HandReader` reads the usual notations token
  by token from memo tables that the real parser (:func:`advisor.cards.parse_cards`) filled in,
  and gives anything else to :func:`advisor.cards.parse_hand`: masks and error messages are the
  parser's own.
* A hand is four holdings. For each lead, suit and holding the judgement (``judge_cached``) and
  its output fragments are made once, when a hand first holds it. The rest of a record (holes,
  combined chance, rules, verdict) depends only on the holes' percentages and the no-seven
  outcome, so it is taken once per such shape from ``assess(...).to_dict()``, and the first
  record of every shape is checked against ``assess`` in full.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import functools
import io
import itertools
import json
import multiprocessing
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from multiprocessing import connection, reduction
from typing import IO, Any, NamedTuple

from advisor.cards import HAND_SIZE, CardSet, Suit, parse_cards, parse_hand
from advisor.errors import AdvisorError
from advisor.holdings import Holding
from advisor.limits import MAX_LINE_BYTES, check_jobs, cores
from advisor.rules import no_seven_rule
from advisor.seats import Lead
from advisor.table import Table
from advisor.text import shown
from advisor.verdict import Assessment, assess, judge_cached

try:  # the C reader of the usual notations (optional: Python reads every line without it)
    from advisor import _fastread
except ImportError:  # pragma: no cover - built without a C compiler
    _fastread = None  # type: ignore[assignment]

OUTPUTS = ("jsonl", "csv", "rows")
STDIN_LABEL = "<stdin>"
_BOM = "\ufeff".encode()
_LEAD_CODES = {1: Lead.ME, 2: Lead.THEM}  # a lead given on a line, as the C reader codes it
BLOCK_SIZE = 1 << 16  # bytes of text per chunk
CSV_ROWS = 1000  # CSV rows per chunk
LINE_BYTES = 40  # about one line of hand text, for chunks counted in hands
BANDS = 11  # 0-10 %, 10-20 %, ..., 90-100 %, and 100 % or more
TEXT_RECORD_FIELDS = ("file", "line", "id")


class BatchError(AdvisorError):
    """A line or a file that ``advisor batch`` cannot use (options, CSV header, reading)."""


# --------------------------------------------------------------------------------------------
# Extra analysis per hand (``--talon``, ``--exact``): merged into each record


@dataclass(frozen=True)
class Extra:
    """An optional analysis run on every valid hand, in the worker processes.

    ``compute(hand, lead, table)`` returns the extra fields of the record (JSON values), named
    in ``fields`` (they become CSV columns, in that order). It must be a module-level function
    so that it can be sent to worker processes; an :class:`AdvisorError` it raises turns the
    line into an error record.
    """

    fields: tuple[str, ...]
    compute: Callable[[CardSet, Lead, Table], Mapping[str, Any]]
    chunk_hands: int | None = None
    """For a slow analysis, about how many hands a chunk holds (None: the usual chunks): small
    chunks keep every process busy and the progress bar moving."""

    def __post_init__(self) -> None:
        taken = set(self.fields) & (set(TEXT_RECORD_FIELDS) | set(_ASSESSMENT_FIELDS) | {"error"})
        if taken:
            raise ValueError(f"extra field {sorted(taken)[0]!r} would replace a record field")


_ASSESSMENT_FIELDS = (
    "hand", "lead", "suits", "holes", "combined", "combine", "threshold", "max_holes", "rules",
    "verdict", "decided_by",
)  # fmt: skip


# --------------------------------------------------------------------------------------------
# Reading hands fast, exactly as parse_hand does

# Every character the parser takes for (the start of) a rank; tests compare it with the parser.
RANK_CHARS = frozenset("01789AJKQTXajkqtxВДКТвдкт\u1c80\u1c81\u1c84\u1c85")
# Where a suit group opens: separators, then a suit glyph or a suit letter and a colon (the
# letters are every character whose upper case the parser takes for a suit letter).
_GROUPS = re.compile(r"[\s,]+(?=[♠♤♣♧♦♢♥♡]|[CDHScdhsſБПТЧбптчᲄᲅ]:)")
_GLYPHS = frozenset("♠♣♦♥")  # a line starting with one is cut into suit groups like this:
_GLYPH_CUTS = tuple((" " + glyph, "\n" + glyph) for glyph in "♠♣♦♥")
# A piece's value: its card bits, above them its number of cards, then whether it opens a suit
# group and whether it is bare ranks (which an open group would take); sums of up to
# _MAX_PIECES pieces keep the fields apart.
_COUNT_SHIFT, _OPENS_SHIFT, _BARE_SHIFT, _SPOILT_SHIFT = 40, 52, 60, 70
_CARD_BITS = (1 << _COUNT_SHIFT) - 1
_SPOILT = 1 << _SPOILT_SHIFT  # a piece the parser rejects, or that is not read alone
_MAX_PIECES = 40
# The fields above the card bits of a sum that reads as a hand: ten cards, and either no piece
# of bare ranks or no piece opening a suit group (nothing spoilt).
_TEN_CARDS = frozenset(
    HAND_SIZE | pieces << shift - _COUNT_SHIFT
    for shift in (_OPENS_SHIFT, _BARE_SHIFT)
    for pieces in range(_MAX_PIECES + 1)
)
_MEMO_LIMIT = 100_000
_MEMO_KEY_LIMIT = 40  # characters: a token or a suit group is never longer (a line may be)


class _Memo(dict[str, int]):
    """A dict that fills itself with ``compute(key)``, up to a size limit."""

    def __init__(
        self, compute: Callable[[str], int], keep: Callable[[str], bool] = lambda key: True
    ) -> None:
        super().__init__()
        self.compute, self.keep = compute, keep

    def __missing__(self, key: str) -> int:
        value = self.compute(key)
        if len(self) < _MEMO_LIMIT and len(key) <= _MEMO_KEY_LIMIT and self.keep(key):
            self[key] = value
        return value


class HandReader:
    """Reads a hand into its card mask like :func:`parse_hand`, fast for familiar pieces.

    Pieces of text are remembered with what the real parser makes of them: tokens that mean
    the same wherever they stand (``7S``, ``10♠``, ``♠7810``, ``S:7,8,10``), suit groups
    (``♠7 8 10``) and dotted suits. A line made of such pieces that give ten different cards is
    read without the parser; anything else (an unknown or bad piece, a card twice, the wrong
    count) goes to :func:`parse_hand`, which raises its own precise error.
    """

    def __init__(self) -> None:
        self._token = _Memo(_free_token).__getitem__
        self._group = _Memo(_counted_cards, _opens_group).__getitem__
        self._suit = _Memo(_dotted_suit).__getitem__

    def read(self, text: str) -> int:
        """The mask of ``parse_hand(text)``; raises what it raises."""
        if "." in text:
            found = self._dotted(text)
        elif text[:1] in _GLYPHS and text.count(" ") > 3 and "\n" not in text:
            # suit groups with spaces between ranks (``♠8 9 J ♣J A``), which are not tokens
            found = _ten_cards(self._group, _glyph_groups(text))
        else:
            found = _ten_cards(self._token, text.split())
            if found < 0:
                found = _ten_cards(self._group, _GROUPS.split(text))
        return found if found >= 0 else _parse_slowly(text)

    def _dotted(self, text: str) -> int:
        """``78T.79J.78.79``: the ranks of ♠ ♣ ♦ ♥ between dots."""
        parts = text.split(".")
        if len(parts) != 4:
            return -1
        spades, clubs, diamonds, hearts = map(self._suit, parts)
        if min(spades, clubs, diamonds, hearts) < 0:
            return -1
        mask: int = spades | clubs << 8 | diamonds << 16 | hearts << 24
        return mask if mask.bit_count() == HAND_SIZE else -1


def _ten_cards(value: Callable[[str], int], pieces: list[str]) -> int:
    """The cards of the pieces, if they are ten, all different, and no piece of bare ranks
    stands where a suit group may be open; else -1."""
    if len(pieces) > _MAX_PIECES:
        return -1
    total = sum(map(value, pieces))
    mask = total & _CARD_BITS
    return mask if total >> _COUNT_SHIFT in _TEN_CARDS and mask.bit_count() == HAND_SIZE else -1


def _glyph_groups(text: str) -> list[str]:
    """``♠8 9 J ♣J A`` -> ``['♠8 9 J', '♣J A']``: cut before each suit glyph after a space.

    Like ``_GROUPS``, it cuts only between tokens where a suit group opens (maybe not at all of
    them): as good, since every piece after the first starts with an opening, which the parser
    reads the same wherever it stands; and much cheaper than a regular expression. The text
    must hold no line break (the cut mark)."""
    for spaced, cut in _GLYPH_CUTS:
        text = text.replace(spaced, cut)
    return text.split("\n")


def _free_token(token: str) -> int:
    """A token as the parser reads it outside any suit group: an opening (``♠7810``,
    ``S:7,8,10``), cards written rank first (``7S``, ``10♠``), or bare ranks (``Вт``) that are
    cards only while no group is open."""
    if "\ufe0f" in token:  # the parser drops U+FE0F from the whole text first
        return _SPOILT
    if _GROUPS.match(" " + token):
        return _counted_cards(token) | 1 << _OPENS_SHIFT
    if "," in token:  # pieces after a comma may open a group
        return _SPOILT
    if all(ch in RANK_CHARS for ch in token):
        return _counted_cards(token) | 1 << _BARE_SHIFT
    return _counted_cards(token)


def _opens_group(segment: str) -> bool:
    """Only segments that open a suit group are worth keeping (not whole lines of cards)."""
    return _GROUPS.match(" " + segment) is not None


def _counted_cards(segment: str) -> int:
    bits = _bits(segment)
    return _SPOILT if bits < 0 else bits | bits.bit_count() << _COUNT_SHIFT


def _dotted_suit(part: str) -> int:
    """One suit of the dotted notation as an 8-bit rank mask (0 for a void), or -1."""
    ranks = "".join(part.split())
    if ranks in ("", "-", "—"):
        return 0
    if not all(ch in RANK_CHARS for ch in ranks):
        return -1
    return _bits("♠" + ranks)


def _bits(text: str) -> int:
    try:
        return parse_cards(text).mask
    except AdvisorError:
        return -1


def _parse_slowly(text: str) -> int:
    require_utf8(text)
    return parse_hand(text).mask


def _printable(problem: AdvisorError) -> str:
    """The error's message, its control characters escaped and U+FFFD for bytes of the input
    that were not UTF-8."""
    return shown(str(problem).encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def require_utf8(text: str) -> None:
    """Text decoded with ``surrogateescape`` must not hide bytes that were not UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        byte = ord(text[error.start]) - 0xDC00
        raise BatchError(f"not UTF-8 text (byte {byte:#04x})") from None


# --------------------------------------------------------------------------------------------
# Line options: "; lead=me", "; id=NAME"


def split_options(line: str) -> tuple[str, Lead | None, str | None]:
    """``"7S ... 9H; lead=me; id=deal 4"`` -> (the hand text, its lead, its id)."""
    hand, _, options = line.partition(";")
    return (hand, *_read_options(options))


@functools.lru_cache(maxsize=256)
def _read_options(text: str) -> tuple[Lead | None, str | None]:
    """``" lead=me; id=deal 4"`` -> (the lead, the id); remembered, as many lines repeat the
    same options."""
    found: dict[str, str] = {}
    for option in text.split(";"):
        key, equals, value = option.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals or key not in ("lead", "id"):
            shown = option.strip()
            raise BatchError(
                f"'{shown}' is not an option: write '; lead=me', '; lead=them' or '; id=NAME'"
            )
        if key in found:
            raise BatchError(f"'{key}' is given twice")
        found[key] = value
    return parse_lead(found["lead"]) if "lead" in found else None, _ident(found.get("id"))


def parse_lead(text: str) -> Lead:
    try:
        return Lead(text.strip().lower())
    except ValueError:
        raise BatchError(f"lead '{text}' must be me or them") from None


def _ident(text: str | None) -> str | None:
    if text is None:
        return None
    if not text:
        raise BatchError("'id=' needs a name")
    require_utf8(text)
    return text


# --------------------------------------------------------------------------------------------
# Records: fragments made once per (lead, suit, holding) and per record shape

_KIND = {"broken": 2, "excepted": 1}  # the no-seven outcome of a single suit
_KIND_SHIFT = 48  # above the four 12-bit hole ids of the shape key
_BROKEN_BIT = 2 << _KIND_SHIFT
_SHAPE_LIMIT = 50_000

# One suit's holding, as a tuple for speed, its text in UTF-8:
# (its part of the hand's text, its JSON in "suits" with the text around it, shape-key bits,
# its hole's chance or None, its CSV columns, and "♠8 9, " where the no-seven rule lists it:
# excepted, then broken)
_SuitFacts = tuple[Any, ...]  # (bytes, bytes, int, float | None, bytes, bytes, bytes)
_HAND, _JSON, _KEY, _HOLE, _CSV = range(5)
_LISTED = 4  # the label for no-seven kind k (1 excepted, 2 broken) is at _LISTED + k
_CSV_LINE = b"%b%d,%b,%b,%b,%b,%b,%b,%b,%b,\n"  # ends with the empty error column


# json.dumps(value, ensure_ascii=False), without making an encoder each time
_json = json.JSONEncoder(ensure_ascii=False).encode


def _utf8(value: Any) -> bytes:
    """``value`` as JSON in UTF-8."""
    return _json(value).encode("utf-8")


@dataclass(eq=False)
class _Shape:
    """A record's text after the suits (UTF-8), shared by hands of one shape."""

    middle: bytes  # '"holes": 1, ... "rules": [' up to the no-seven rule's list, or to the end
    listed: int  # where the suits' facts hold their part of that list; 0: no list
    after: bytes  # the rest of the record after the list
    csv: bytes  # holes,combined,combine,threshold,max_holes,verdict,decided_by
    declare: bool
    band: int
    holes: int
    combined: float
    verdict: str
    decided_by: tuple[str, ...]


class _LeadFacts:
    """Everything about records for one lead and table that does not depend on the hand."""

    def __init__(self, lead: Lead, table: Table) -> None:
        self.lead, self.table = lead, table
        self.lead_csv = lead.value.encode()
        self._hole_ids: dict[float, int] = {}
        # each suit's facts by holding, made when a hand first holds it (see _suits_of)
        self.suits: list[list[_SuitFacts]] = [[()] * 256 for _ in Suit]
        self._shapes: dict[int, _Shape] = {}
        self._by_holes: dict[tuple[tuple[float, ...], int], _Shape] = {}

    def _suit_facts(self, suit: Suit, mask: int) -> _SuitFacts:
        holding = Holding(mask)
        judged = judge_cached(holding, self.lead, self.table)
        alone = Assessment(CardSet(mask << suit.shift), self.lead, ((suit, judged),), 0, (),
                           self.table).to_dict()  # fmt: skip
        facts = alone["suits"][0]
        hole_id = self._hole_ids.setdefault(judged.percent, len(self._hole_ids) + 1)
        kind = _KIND.get(no_seven_rule(((suit, holding),), self.lead, self.table).outcome, 0)
        key = (hole_id << 12 * suit if judged.is_hole else 0) | kind << _KIND_SHIFT
        label = _json(f"{suit.glyph}{holding}")[1:-1] + ", "
        csv_text = f"{facts['holding']},{facts['status']},{_json(facts['percent'])}"
        excepted, broken = (label if kind == 1 else ""), (label if kind == 2 else "")
        hole = judged.percent if judged.is_hole else None
        texts = (_hand_part(suit, alone["hand"] if mask else ""),
                 _suit_json(suit, self.lead, _json(facts)), csv_text, excepted, broken)  # fmt: skip
        hand, suit_json, csv_bytes, excepted_bytes, broken_bytes = (t.encode() for t in texts)
        return (hand, suit_json, key, hole, csv_bytes, excepted_bytes, broken_bytes)

    def json_record(self, parts: list[bytes], start: bytes, mask: int) -> _Shape:
        """Add the JSON record of the hand ``mask`` to ``parts``, in pieces (they are joined
        once per chunk: cheaper than a string per record); ``start`` is the record up to the
        hand's text. Returns the record's shape."""
        suits = self.suits
        a, b = suits[0][mask & 255], suits[1][mask >> 8 & 255]
        c, d = suits[2][mask >> 16 & 255], suits[3][mask >> 24]
        if not (a and b and c and d):
            a, b, c, d = self._suits_of(mask)
        key = a[_KEY] | b[_KEY] | c[_KEY] | d[_KEY]
        shape = self._shapes.get(key) or self._new_shape(key, mask)
        if d[_HAND]:
            parts += (start, a[_HAND], b[_HAND], c[_HAND], d[_HAND], a[_JSON], b[_JSON], c[_JSON],
                      d[_JSON], shape.middle)  # fmt: skip
        else:  # no hearts: the last suit's part of the hand text has a space too many
            parts += (start, _hand_text(a, b, c, d), a[_JSON], b[_JSON], c[_JSON], d[_JSON],
                      shape.middle)  # fmt: skip
        at = shape.listed
        if at:
            parts += (b"".join((a[at], b[at], c[at], d[at]))[:-2], shape.after)
        return shape

    def csv_line(self, head: bytes, line: int, ident: bytes, mask: int) -> tuple[bytes, _Shape]:
        """file,line,id,hand,lead, the suits' holding,status,percent, the shape's columns and
        an empty error column."""
        (a, b, c, d), shape = self._facts_and_shape(mask)
        text = _CSV_LINE % (head, line, ident, _hand_text(a, b, c, d), self.lead_csv, a[_CSV],
                            b[_CSV], c[_CSV], d[_CSV], shape.csv)  # fmt: skip
        return text, shape

    def shape(self, mask: int) -> _Shape:
        return self._facts_and_shape(mask)[1]

    def _facts_and_shape(self, mask: int) -> tuple[list[_SuitFacts], _Shape]:
        facts = self._suits_of(mask)
        key = facts[0][_KEY] | facts[1][_KEY] | facts[2][_KEY] | facts[3][_KEY]
        return facts, self._shapes.get(key) or self._new_shape(key, mask)

    def _new_shape(self, key: int, mask: int) -> _Shape:
        """The shape of ``mask``'s record: that of another hand with the same holes' chances
        and no-seven outcome (the order of the holes matters only to ``independent``), or a
        new one from :meth:`_assessed_shape`."""
        facts = self._suits_of(mask)
        holes = [f[_HOLE] for f in facts if f[_HOLE] is not None]
        if self.table.combine != "independent":
            holes.sort()
        alike = (tuple(holes), key >> _KIND_SHIFT)
        shape = self._by_holes.get(alike)
        if shape is None:
            shape = self._by_holes[alike] = self._assessed_shape(key, mask)
        for cache in (self._shapes, self._by_holes):
            if len(cache) >= _SHAPE_LIMIT:  # never with real tables: it only keeps memory flat
                cache.clear()
        self._shapes[key] = shape
        return shape

    def _suits_of(self, mask: int) -> list[_SuitFacts]:
        """The facts of each suit's holding in ``mask``, made for holdings met the first time."""
        suits = self.suits
        found = [suits[0][mask & 255], suits[1][mask >> 8 & 255], suits[2][mask >> 16 & 255],
                 suits[3][mask >> 24]]  # fmt: skip
        if not all(found):
            for suit in Suit:
                if not found[suit]:
                    holding = mask >> suit.shift & 255
                    found[suit] = suits[suit][holding] = self._suit_facts(suit, holding)
        return found

    def _assessed_shape(self, key: int, mask: int) -> _Shape:
        """Take the shape of ``mask``'s record from ``assess``, and check the fast record."""
        record = assess(CardSet(mask), self.lead, self.table).to_dict()
        rest = _utf8({name: record[name] for name in _ASSESSMENT_FIELDS[3:]})[1:] + b"\n"
        kinds = key >> _KIND_SHIFT
        listed = _LISTED + (2 if kinds & 2 else 1) if kinds else 0
        middle, after = rest, b""
        if listed:  # cut the rest around the first rule's list of suits
            listing = b"".join(f[listed] for f in self._suits_of(mask))[:-2]
            first_rule = _utf8(record["rules"][0])
            at = rest.index(first_rule) + first_rule.rindex(listing)
            middle, after = rest[:at], rest[at + len(listing) :]
        columns = [_csv_value(record[name]) for name in _ASSESSMENT_FIELDS[3:] if name != "rules"]
        shape = _Shape(
            middle=middle,
            listed=listed,
            after=after,
            csv=",".join(columns).encode(),
            declare=record["verdict"] == "declare",
            band=min(int(record["combined"] // 10), BANDS - 1),
            holes=record["holes"],
            combined=record["combined"],
            verdict=record["verdict"],
            decided_by=tuple(record["decided_by"]),
        )
        self._shapes[key] = shape
        expected = _utf8({"file": "", "line": 0, "id": None, **record}) + b"\n"
        parts: list[bytes] = []
        self.json_record(parts, b'{"file": "", "line": 0, "id": null, "hand": "', mask)
        if b"".join(parts) != expected:
            raise RuntimeError(f"batch record of {CardSet(mask)} differs from advisor check")
        return shape


def _hand_part(suit: Suit, text: str) -> str:
    """A suit's part of the hand's text: ``♠8 Q`` with a space after it but for the last suit
    (nothing for a void)."""
    return text + " " if text and suit is not Suit.HEARTS else text


def _hand_text(*facts: _SuitFacts) -> bytes:
    """The hand's text from its suits' parts (without hearts, the last part's space goes)."""
    text = b"".join(f[_HAND] for f in facts)
    return text if facts[-1][_HAND] else text[:-1]


def _suit_json(suit: Suit, lead: Lead, facts: str) -> str:
    """A suit's JSON in the record with the text around it: after the hand for spades, up to
    the next field for hearts."""
    if suit is Suit.SPADES:
        return f'", "lead": "{lead.value}", "suits": [{facts}, '
    return facts + ("], " if suit is Suit.HEARTS else ", ")


def _csv_value(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(value)
    return value if isinstance(value, str) else _json(value)


def csv_field(text: str) -> str:
    """Quote a CSV field when it needs it (as ``csv.writer`` does by default)."""
    if any(ch in text for ch in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


CSV_COLUMNS = (
    "file", "line", "id", "hand", "lead",
    "spades", "spades_status", "spades_percent", "clubs", "clubs_status", "clubs_percent",
    "diamonds", "diamonds_status", "diamonds_percent", "hearts", "hearts_status", "hearts_percent",
    "holes", "combined", "combine", "threshold", "max_holes", "verdict", "decided_by", "error",
)  # fmt: skip


def csv_header(extra: Extra | None = None) -> str:
    """The first line of ``--format csv`` output."""
    return ",".join(CSV_COLUMNS + (extra.fields if extra else ())) + "\n"


# --------------------------------------------------------------------------------------------
# Chunks, results and tallies


@dataclass(frozen=True)
class TextChunk:
    """Whole lines of a text file, as bytes; ``first_line`` is the first one's number."""

    file: str
    first_line: int
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)


class CsvItem(NamedTuple):
    line: int
    hand: str
    lead: str
    id: str
    error: str = ""  # a row that could not be read: its error record


@dataclass(frozen=True)
class CsvChunk:
    """Rows of a CSV file: (line, hand, lead, id) with empty text for a missing column."""

    file: str
    items: tuple[CsvItem, ...]
    size: int


@dataclass(frozen=True)
class LongLine:
    """A line longer than :data:`~advisor.limits.MAX_LINE_BYTES`: its bytes (``size``) were
    dropped as they were read, and it gets an error record."""

    file: str
    line: int
    size: int


LONG_LINE = f"the line is longer than {MAX_LINE_BYTES:,} bytes (a hand needs a few hundred)"


@dataclass(frozen=True)
class FileFailure:
    """A file that could not be read (or not to its end): ``message`` names it."""

    file: str
    message: str


Chunk = TextChunk | CsvChunk | LongLine


@dataclass
class Tally:
    """Counts for the summary: hands read = declare + passed + bad."""

    declare: int = 0
    passed: int = 0
    bad: int = 0
    bands: list[int] = field(default_factory=lambda: [0] * BANDS)
    failed_files: int = 0

    @property
    def hands(self) -> int:
        return self.declare + self.passed + self.bad

    def add(self, other: Tally) -> None:
        self.declare += other.declare
        self.passed += other.passed
        self.bad += other.bad
        self.failed_files += other.failed_files
        self.bands = [a + b for a, b in zip(self.bands, other.bands, strict=True)]


class Row(NamedTuple):
    """One record for a table on screen."""

    file: str
    line: int
    id: str | None
    hand: str = ""
    lead: str = ""
    holes: int = 0
    combined: float = 0
    verdict: str = ""
    decided_by: tuple[str, ...] = ()
    error: str | None = None
    extra: Mapping[str, Any] = {}


@dataclass
class ChunkResult:
    """A checked chunk: ``output`` (UTF-8 JSON lines or CSV, empty for rows), ``rows`` (for a
    table), ``messages`` (``FILE:LINE: what is wrong``), its tally, and the input bytes it
    covered. A worker process leaves its output in a file instead: :meth:`write_to` writes
    either."""

    output: bytes
    rows: list[Row]
    messages: list[str]
    tally: Tally
    size: int
    spilled: int | None = None  # the open (unnamed) file where a worker left ``output``
    in_place: int = 0  # bytes of output that a worker writes into the output file itself

    def write_to(self, out: IO[bytes]) -> None:
        """Write the output to ``out``; a spill file is copied by the kernel where it can be,
        then closed (which frees it)."""
        if self.spilled is None:
            out.write(self.output)
            return
        with open(self.spilled, "rb") as spilled:
            self.spilled = None
            _copy(spilled, out)

    def discard(self) -> None:
        """Free a spill file never written out (a run that stopped)."""
        if self.spilled is not None:
            os.close(self.spilled)
            self.spilled = None


# sendfile cannot write there: copy in user space instead (any other error is the output's)
_NO_SENDFILE = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV, errno.ESPIPE}


def _copy(source: IO[bytes], out: IO[bytes]) -> None:
    """Copy all of ``source`` (whatever its offset: the worker's writes left it at the end)."""
    try:
        target = out.fileno()
    except (OSError, AttributeError, io.UnsupportedOperation):  # in memory (tests)
        source.seek(0)
        shutil.copyfileobj(source, out)
        return
    out.flush()
    size = os.fstat(source.fileno()).st_size
    sent = 0
    try:
        while sent < size:
            sent += os.sendfile(target, source.fileno(), sent, size - sent)
    except OSError as error:
        if error.errno not in _NO_SENDFILE:
            raise
        source.seek(sent)
        shutil.copyfileobj(source, out)


# --------------------------------------------------------------------------------------------
# Checking chunks


@dataclass(frozen=True)
class BatchJob:
    """What a batch run checks with, and what it writes; sent once to each worker."""

    table: Table
    lead: Lead = Lead.THEM
    output: str = "jsonl"  # one of OUTPUTS
    extra: Extra | None = None

    def __post_init__(self) -> None:
        if self.output not in OUTPUTS:
            raise ValueError(f"unknown batch output {self.output!r}")


class _Sink:
    """Collects one chunk's records in one output form."""

    def __init__(self, file: str, job: BatchJob) -> None:
        self.file, self.extra = file, job.extra
        self.parts: list[bytes] = []
        self.rows: list[Row] = []
        self.messages: list[str] = []
        self.shapes: list[_Shape] = []  # one for each valid hand, counted at the end
        self.bad = 0

    def hand(self, line: int, mask: int, facts: _LeadFacts, ident: str | None) -> None:
        raise NotImplementedError

    def error(self, line: int, message: str) -> None:
        self.bad += 1
        self.messages.append(f"{self.file}:{line}: {message}")

    def extra_fields(self, mask: int, facts: _LeadFacts) -> Mapping[str, Any]:
        if self.extra is None:
            return {}
        return self.extra.compute(CardSet(mask), facts.lead, facts.table)

    def result(self, size: int) -> ChunkResult:
        tally = Tally(bad=self.bad)
        for shape, n in Counter(self.shapes).items():
            if shape.declare:
                tally.declare += n
            else:
                tally.passed += n
            tally.bands[shape.band] += n
        return ChunkResult(b"".join(self.parts), self.rows, self.messages, tally, size)


class _JsonLines(_Sink):
    def __init__(self, file: str, job: BatchJob) -> None:
        super().__init__(file, job)
        self.head = b'{"file": ' + _utf8(file) + b', "line": '
        # a record up to the hand's text, from the line number (and the id)
        template = self.head.replace(b"%", b"%%") + b'%d, "id": '
        self.start_with_id = template + b'%b, "hand": "'
        self.start_without_id = template + b'null, "hand": "'

    def hand(self, line: int, mask: int, facts: _LeadFacts, ident: str | None) -> None:
        # the extra analysis first: when it fails, the line gets an error record instead
        fields = None if self.extra is None else self.extra_fields(mask, facts)
        if ident is None:
            start = self.start_without_id % line
        else:
            start = self.start_with_id % (line, _utf8(ident))
        self.shapes.append(facts.json_record(self.parts, start, mask))
        if fields:  # into the record's last piece, before its closing "}\n"
            self.parts[-1] = self.parts[-1][:-2] + b", " + _utf8(dict(fields))[1:] + b"\n"

    def error(self, line: int, message: str) -> None:
        super().error(line, message)
        self.parts.append(b'%b%d, "error": %b}\n' % (self.head, line, _utf8(message)))


class _CsvLines(_Sink):
    def __init__(self, file: str, job: BatchJob) -> None:
        super().__init__(file, job)
        self.head = csv_field(file).encode() + b","
        self.blank_extra = b"," * len(job.extra.fields) if job.extra else b""
        self.blank_record = b"," * (len(CSV_COLUMNS) - 2)  # from "line" to "error"

    def hand(self, line: int, mask: int, facts: _LeadFacts, ident: str | None) -> None:
        ident_csv = b"" if ident is None else csv_field(ident).encode()
        text, shape = facts.csv_line(self.head, line, ident_csv, mask)
        extra = self.blank_extra
        if self.extra is not None:
            fields = self.extra_fields(mask, facts)
            extra = "".join(
                "," + _csv_cell(fields.get(name)) for name in self.extra.fields
            ).encode()
        self.parts.append(text[:-1] + extra + b"\n" if extra else text)
        self.shapes.append(shape)

    def error(self, line: int, message: str) -> None:
        super().error(line, message)
        error = csv_field(message).encode()
        self.parts.append(b"%b%d%b%b%b\n" % (self.head, line, self.blank_record, error,
                                              self.blank_extra))  # fmt: skip


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    return csv_field(value if isinstance(value, str) else _json(value))


class _Rows(_Sink):
    def hand(self, line: int, mask: int, facts: _LeadFacts, ident: str | None) -> None:
        shape = facts.shape(mask)
        extra = self.extra_fields(mask, facts)
        self.rows.append(Row(self.file, line, ident, str(CardSet(mask)), facts.lead.value,
                             shape.holes, shape.combined, shape.verdict, shape.decided_by,
                             None, extra))  # fmt: skip
        self.shapes.append(shape)

    def error(self, line: int, message: str) -> None:
        super().error(line, message)
        self.rows.append(Row(self.file, line, None, error=message))


_SINKS: dict[str, type[_Sink]] = {"jsonl": _JsonLines, "csv": _CsvLines, "rows": _Rows}


class Checker:
    """Checks chunks for one :class:`BatchJob`: the part of a run done in each process."""

    def __init__(self, job: BatchJob) -> None:
        self.job = job
        self.reader = HandReader()
        self._facts: dict[Lead, _LeadFacts] = {}

    def facts(self, lead: Lead | None) -> _LeadFacts:
        lead = lead or self.job.lead
        found = self._facts.get(lead)
        if found is None:
            found = self._facts[lead] = _LeadFacts(lead, self.job.table)
        return found

    def check(self, chunk: Chunk) -> ChunkResult:
        sink = _SINKS[self.job.output](chunk.file, self.job)
        if isinstance(chunk, TextChunk):
            self._check_text(chunk, sink)
        elif isinstance(chunk, CsvChunk):
            self._check_csv(chunk, sink)
        else:
            sink.error(chunk.line, LONG_LINE)
        return sink.result(chunk.size)

    def _check_text(self, chunk: TextChunk, sink: _Sink) -> None:
        data = chunk.data
        if chunk.first_line == 1 and data[:3] == _BOM:
            data = data[3:]
        if _fastread is None:
            lines = map(str.strip, data.decode("utf-8", "surrogateescape").split("\n"))
            for number, line in enumerate(lines, chunk.first_line):
                self._check_line(number, line, sink)
            return
        hand, default, text = sink.hand, self.facts(None), None
        with_lead = 1 << _fastread.LEAD_SHIFT  # from here up, a line's lead is given
        for number, found in enumerate(_fastread.scan(data), chunk.first_line):
            if found >= 0:
                try:  # an extra analysis may fail
                    if found < with_lead:
                        hand(number, found, default, None)
                    else:
                        facts = self.facts(_LEAD_CODES[found >> _fastread.LEAD_SHIFT])
                        hand(number, found & (with_lead - 1), facts, None)
                except AdvisorError as problem:
                    sink.error(number, _printable(problem))
            elif found == _fastread.ASK:  # the C reader leaves this line to Python
                if text is None:
                    text = data.decode("utf-8", "surrogateescape").split("\n")
                self._check_line(number, text[number - chunk.first_line].strip(), sink)

    def _check_line(self, number: int, line: str, sink: _Sink) -> None:
        """One stripped line of text: a hand, maybe with options; blank or a comment."""
        if not line or line[0] == "#":
            return
        try:
            if ";" in line:
                line, lead, ident = split_options(line)
                sink.hand(number, self.reader.read(line), self.facts(lead), ident)
            else:
                sink.hand(number, self.reader.read(line), self.facts(None), None)
        except AdvisorError as problem:
            sink.error(number, _printable(problem))

    def _check_csv(self, chunk: CsvChunk, sink: _Sink) -> None:
        for item in chunk.items:
            if item.error:
                sink.error(item.line, item.error)
                continue
            try:
                lead = parse_lead(item.lead) if item.lead.strip() else None
                ident = _ident(item.id.strip() or None)
                if not item.hand.strip():
                    raise BatchError("no hand in the 'hand' column")
                sink.hand(item.line, self.reader.read(item.hand), self.facts(lead), ident)
            except AdvisorError as problem:
                sink.error(item.line, _printable(problem))


# --------------------------------------------------------------------------------------------
# Sources and chunks


@dataclass(frozen=True)
class Source:
    """A file to check, or a stream (standard input) when ``path`` is None."""

    label: str
    path: str | None = None
    stream: IO[bytes] | None = None
    is_csv: bool = False

    def size(self) -> int | None:
        """The file's size when it is a regular file, else None."""
        if self.path is None:
            return None
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_size if stat.S_ISREG(info.st_mode) else None


def read_chunks(
    source: Source, block_size: int = BLOCK_SIZE, csv_rows: int = CSV_ROWS
) -> Iterator[Chunk | FileFailure]:
    """The source's lines in chunks; a :class:`FileFailure` where it cannot be read."""
    try:
        with _open(source) as stream:
            if source.is_csv:
                yield from _csv_chunks(source.label, stream, csv_rows)
            else:
                yield from _text_chunks(source.label, stream, block_size)
    except OSError as error:
        yield FileFailure(source.label, f"{source.label}: {_reason(error)}")
    except (BatchError, csv.Error) as error:
        yield FileFailure(source.label, f"{source.label}: {error}")


def _open(source: Source) -> contextlib.AbstractContextManager[IO[bytes]]:
    if source.path is None:
        assert source.stream is not None, "a source without a path needs a stream"
        return contextlib.nullcontext(source.stream)
    return open(source.path, "rb")


def _reason(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a file of hands"
    if isinstance(error, PermissionError):
        return "cannot be read (permission denied)"
    if error.errno == errno.EBADF:
        return "cannot be read (it is closed)"
    return f"cannot be read ({error.strerror or error})"


def _text_chunks(label: str, stream: IO[bytes], block_size: int) -> Iterator[TextChunk | LongLine]:
    """Whole lines in chunks of about ``block_size`` bytes. A line longer than
    :data:`MAX_LINE_BYTES` becomes a :class:`LongLine`, its bytes dropped as they come: never
    held whole, however long."""
    read = getattr(stream, "read1", stream.read)
    line, pending = 1, b""
    dropped = -1  # bytes of an over-long line dropped so far; -1: not in one
    while block := read(block_size):
        if dropped >= 0:
            end = block.find(b"\n")
            if end < 0:
                dropped += len(block)
                continue
            yield LongLine(label, line, dropped + end + 1)
            line, dropped, block = line + 1, -1, block[end + 1 :]
        data = pending + block
        cut = data.rfind(b"\n") + 1
        pending = data[cut:]
        if cut:
            yield from _whole_lines(label, line, data[:cut])
            line += data.count(b"\n", 0, cut)
        if len(pending) > MAX_LINE_BYTES:
            dropped, pending = len(pending), b""
    if dropped >= 0:
        yield LongLine(label, line, dropped)
    elif pending:
        yield from _whole_lines(label, line, pending)


def _has_long_line(data: bytes) -> bool:
    """Whether a line of ``data`` is longer than :data:`MAX_LINE_BYTES`: some stretch of that
    many bytes and one more holds no line break. Looked for stretch by stretch, a few steps a
    chunk (splitting the chunk into lines would cost forty times more)."""
    start, end = 0, len(data)
    while start + MAX_LINE_BYTES < end:
        found = data.rfind(b"\n", start, start + MAX_LINE_BYTES + 1)
        if found < 0:
            return True
        start = found + 1
    return False


def _whole_lines(label: str, first: int, data: bytes) -> Iterator[TextChunk | LongLine]:
    """``data``, whole lines from line ``first`` on, as one chunk; cut around any line longer
    than :data:`MAX_LINE_BYTES`."""
    if not _has_long_line(data):
        yield TextChunk(label, first, data)
        return
    line, start, at = first, 0, 0  # the chunk being gathered: its first line and byte; here
    for number, text in enumerate(data.split(b"\n"), first):
        if len(text) > MAX_LINE_BYTES:
            if at > start:
                yield TextChunk(label, line, data[start:at])
            yield LongLine(label, number, len(text) + 1)
            line, start = number + 1, at + len(text) + 1
        at += len(text) + 1
    if start < len(data):
        yield TextChunk(label, line, data[start:])


def _csv_chunks(label: str, stream: IO[bytes], csv_rows: int) -> Iterator[CsvChunk]:
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", errors="surrogateescape", newline="")
    try:
        lines = _BoundedLines(text)
        yield from _csv_rows(label, csv.reader(lines), lines, stream, csv_rows)
    finally:
        text.detach()  # the caller closes the stream (or keeps standard input open)


class _BoundedLines:
    """A text's lines for ``csv.reader``, none held longer than :data:`MAX_LINE_BYTES`: an
    over-long line is read on to its end in pieces and given as an empty line (with a quote
    if it held an odd number of them, so that the rows after it are read as they were
    written); ``cut`` collects the numbers of such lines. ``odd`` tells whether the lines
    given since :meth:`skip_open_quote` last ran hold an odd number of quotes."""

    def __init__(self, text: IO[str]) -> None:
        self.text, self.number, self.cut = text, 0, deque[int]()
        self.odd = False

    def __iter__(self) -> _BoundedLines:
        return self

    def __next__(self) -> str:
        line = self.text.readline(MAX_LINE_BYTES + 1)
        if not line:
            raise StopIteration
        self.number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith("\n"):
            quotes = line.count('"')
            while (piece := self.text.readline(BLOCK_SIZE)) and not piece.endswith("\n"):
                quotes += piece.count('"')
            self.cut.append(self.number)
            line = '"' * ((quotes + piece.count('"')) % 2) + "\n"
        self.odd ^= line.count('"') % 2 == 1
        return line

    def skip_open_quote(self) -> None:
        """After a row the csv module gave up on inside a quoted field: skip to the line that
        closes the quote, so that the field's other lines are not read as rows."""
        while self.odd and next(self, None) is not None:
            pass
        self.odd = False

    def spoilt(self, first: int, last: int) -> bool:
        """Whether a line from ``first`` to ``last`` was cut (asked in order of lines)."""
        while self.cut and self.cut[0] < first:
            self.cut.popleft()
        return bool(self.cut) and self.cut[0] <= last


def _csv_rows(
    label: str, reader: Any, lines: _BoundedLines, stream: IO[bytes], csv_rows: int
) -> Iterator[CsvChunk]:
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise BatchError(f"the CSV header cannot be read ({error})") from None
    if header is None:
        raise BatchError("empty CSV file: it needs a header with a 'hand' column")
    if lines.spoilt(1, lines.number):
        raise BatchError(f"the CSV header is longer than {MAX_LINE_BYTES:,} bytes")
    columns = [name.strip().lower() for name in header]
    if "hand" not in columns:
        found = shown(", ".join(header))
        raise BatchError(f"the CSV header has no 'hand' column (found: {found})")
    where = [columns.index(name) if name in columns else -1 for name in ("hand", "lead", "id")]
    items: list[CsvItem] = []
    line, position = lines.number + 1, 0
    while True:
        lines.odd = False
        try:
            row = next(reader, None)
        except csv.Error as error:  # a field over the csv module's limit: this row only
            lines.skip_open_quote()
            row, problem = [], f"the row cannot be read ({error})"
        else:
            if row is None:
                break
            problem = LONG_LINE if lines.spoilt(line, lines.number) else ""
        start, line = line, lines.number + 1
        if problem:
            items.append(CsvItem(start, "", "", "", problem))
        elif any(value.strip() for value in row):
            items.append(CsvItem(start, *(row[i] if 0 <= i < len(row) else "" for i in where)))
        if len(items) == csv_rows:
            position = yield from _flush(label, items, stream, position)
    if items:
        yield from _flush(label, items, stream, position)


def _flush(
    label: str, items: list[CsvItem], stream: IO[bytes], position: int
) -> Generator[CsvChunk, None, int]:
    """One chunk of CSV rows; returns how far the stream has been read (for progress)."""
    now = stream.tell() if stream.seekable() else position
    yield CsvChunk(label, tuple(items), now - position)
    items.clear()
    return now


# --------------------------------------------------------------------------------------------
# Running: in this process, or in worker processes keeping the input order


def resolve_jobs(jobs: int) -> int:
    """``--jobs``: 0 means every core this process may use; at most
    :func:`~advisor.limits.max_jobs`."""
    return cores() if jobs == 0 else check_jobs(jobs)


def writable_in_place(out: IO[bytes]) -> bool:
    """Whether other processes may write into ``out`` anywhere (given its file descriptor): a
    regular file not opened for appending (the temporary file of ``--output``, or standard
    output sent to a file), and not the file standard error goes to (messages written
    meanwhile would land where records belong)."""
    try:
        import fcntl

        target = out.fileno()
        opened = os.fstat(target)
        appending = fcntl.fcntl(target, fcntl.F_GETFL) & os.O_APPEND
    except (ImportError, OSError, AttributeError, ValueError, io.UnsupportedOperation):
        return False
    if appending or not stat.S_ISREG(opened.st_mode) or not hasattr(os, "pwrite"):
        return False
    return file_identity(sys.stderr) != _identity(opened)


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def file_identity(where: Any) -> tuple[int, int] | None:
    """The identity (device, inode) of the regular file a path or a stream names, or None
    (for anything else too: a terminal or a pipe may well be both read and written)."""
    try:
        info = os.stat(where) if isinstance(where, str) else os.fstat(where.fileno())
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        return None
    return _identity(info) if stat.S_ISREG(info.st_mode) else None


def refuse_overwriting_inputs(sources: Iterable[Source], output: Any, name: str) -> None:
    """Raise :class:`BatchError` when ``output`` (a path or a stream, called ``name``) is one of
    the sources' files: the run would read its own records (or, appending, grow without
    end). Checked before anything is read."""
    written = file_identity(output)
    if written is None:
        return
    for source in sources:
        read = file_identity(source.path if source.path is not None else source.stream)
        if read == written:
            raise BatchError(
                f"{shown(name)} is also the input {source.label}: write the results elsewhere"
            )


class BatchRun:
    """A batch run with up to ``jobs`` processes; use it as a context manager.

    :meth:`results` starts the worker processes, no more than there are chunks (one chunk
    or none: no worker at all), so call it before starting any other thread (a progress bar).
    When ``output`` can be written in place (:func:`writable_in_place`), the workers write
    their records into it themselves, and the results yielded have nothing left to write.
    """

    def __init__(self, job: BatchJob, jobs: int = 1, output: IO[bytes] | None = None) -> None:
        self.job, self.jobs, self.output = job, resolve_jobs(jobs), output
        self._workers: _Workers | None = None

    def __enter__(self) -> BatchRun:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._workers is not None:
            self._workers.close()
            self._workers = None

    def _chunk_sizes(self) -> tuple[int, int]:
        """Bytes of text and rows of CSV per chunk: fewer for a slow extra analysis."""
        extra = self.job.extra
        if extra is None or extra.chunk_hands is None:
            return BLOCK_SIZE, CSV_ROWS
        return extra.chunk_hands * LINE_BYTES, extra.chunk_hands

    def results(self, sources: Iterable[Source]) -> Iterator[ChunkResult | FileFailure]:
        """Every source's results in input order, a :class:`FileFailure` for a bad file.
        Write each result's output with :meth:`ChunkResult.write_to`."""
        sizes = self._chunk_sizes()
        items: Iterator[Chunk | FileFailure] = (
            item for source in sources for item in read_chunks(source, *sizes)
        )
        ahead: list[Chunk | FileFailure] = []
        chunks = 0
        if self.jobs > 1:  # read a little ahead: no more workers than chunks
            for item in items:
                ahead.append(item)
                chunks += not isinstance(item, FileFailure)
                if chunks > self.jobs:
                    break
        everything = itertools.chain(ahead, items)
        if chunks <= 1:
            return self._here(everything)
        in_place = self.output is not None and writable_in_place(self.output)
        self._workers = _Workers(
            self.job, min(chunks, self.jobs), self.output if in_place else None
        )
        return self._in_workers(self._workers, everything)

    def _here(self, items: Iterable[Chunk | FileFailure]) -> Iterator[ChunkResult | FileFailure]:
        checker = Checker(self.job)
        for item in items:
            yield item if isinstance(item, FileFailure) else checker.check(item)

    def _in_workers(
        self, workers: _Workers, items: Iterable[Chunk | FileFailure]
    ) -> Iterator[ChunkResult | FileFailure]:
        if workers.output is None:
            yield from workers.results(items)
            return
        workers.output.flush()  # what the caller wrote first (a CSV header) comes first
        yield from workers.results(items, workers.output.tell())
        workers.output.seek(0, os.SEEK_END)


_AHEAD = 3  # chunks in flight per worker: enough to keep each busy, few for flat memory


class _Workers:
    """Worker processes checking chunks; their results come back in input order.

    Each worker has a queue of tasks (a chunk goes to the worker with the fewest in flight) and
    a socket pair back, over which open files can be passed too. A chunk's records either stay
    in the worker until this process, which knows how long all the records before them are,
    tells it where in the output file (passed to it at its start) they go, or (output not
    writable in place) go to an unnamed spill file whose descriptor is passed back, for this
    process to copy out: sending the records themselves through the pipe would carry them in
    64 KiB turns between the processes. Nothing has a name on disk, so a killed run leaves no
    file behind; and the workers die with this process, however it dies
    (:func:`_die_with_parent`).
    """

    def __init__(self, job: BatchJob, count: int, output: IO[bytes] | None) -> None:
        context = multiprocessing.get_context()
        self.output = output
        self._tasks: list[Any] = []
        self._replies: list[Any] = []
        self._processes: list[Any] = []
        for _ in range(count):
            tasks, (replies, theirs) = context.Queue(), context.Pipe(duplex=True)
            args = (job, output is not None, tasks, theirs, os.getpid())
            process = context.Process(target=_work, args=args, daemon=True)
            self._tasks.append(tasks)
            self._replies.append(replies)
            self._processes.append(process)
            process.start()
            theirs.close()  # before the next start: the pipe ends when its worker does
            if output is not None:
                reduction.send_handle(replies, output.fileno(), process.pid)
        self._worker_of = {pipe: n for n, pipe in enumerate(self._replies)}
        self._in_flight = [0] * count
        self._arrived: dict[int, tuple[int, ChunkResult]] = {}
        self._finished = False

    def results(
        self, items: Iterable[Chunk | FileFailure], at: int = 0
    ) -> Iterator[ChunkResult | FileFailure]:
        """The items' results in order; records in place are written from offset ``at`` on."""
        window = _AHEAD * len(self._processes)
        waiting: deque[int | FileFailure] = deque()
        for number, item in enumerate(items):
            if isinstance(item, FileFailure):
                waiting.append(item)
                continue
            worker = self._in_flight.index(min(self._in_flight))
            self._in_flight[worker] += 1
            self._tasks[worker].put((number, item))
            waiting.append(number)
            while len(waiting) >= window:
                result, at = self._settle(waiting.popleft(), at)
                yield result
        while waiting:
            result, at = self._settle(waiting.popleft(), at)
            yield result
        self._finish()

    def _settle(self, waiting: int | FileFailure, at: int) -> tuple[ChunkResult | FileFailure, int]:
        """The result for ``waiting``, and where the next chunk's records go."""
        if isinstance(waiting, FileFailure):
            return waiting, at
        while waiting not in self._arrived:
            self._receive()
        worker, result = self._arrived.pop(waiting)
        if self.output is not None:
            self._tasks[worker].put((waiting, at))
            at += result.in_place
        return result, at

    def _receive(self) -> None:
        """Take every reply that has come in."""
        for pipe in connection.wait(self._replies):
            worker = self._worker_of[pipe]
            number, result = self._reply(worker)
            self._in_flight[worker] -= 1
            self._arrived[number] = (worker, result)

    def _reply(self, worker: int) -> Any:
        try:
            reply = self._replies[worker].recv()
        except EOFError:
            process = self._processes[worker]
            process.join(10)  # its pipe has ended: it is ending too
            raise RuntimeError(
                f"batch worker process {process.pid} ended unexpectedly "
                f"(exit code {process.exitcode})"
            ) from None
        if isinstance(reply, BaseException):
            raise reply
        if reply is not None and reply[1].spilled is not None:  # its spill file comes next
            reply[1].spilled = reduction.recv_handle(self._replies[worker])
        return reply

    def _finish(self) -> None:
        """Stop the workers once they have written everything."""
        for tasks in self._tasks:
            tasks.put(None)
        for worker in range(len(self._processes)):
            self._reply(worker)  # None: done
        for process in self._processes:
            process.join()
        self._finished = True

    def close(self) -> None:
        for process in self._processes:
            if not self._finished and process.is_alive():
                process.terminate()
        for process in self._processes:
            if process.pid is not None:
                process.join()
        for tasks in self._tasks:
            if not self._finished:
                tasks.cancel_join_thread()
            tasks.close()
        for pipe in self._replies:
            pipe.close()
        for _, result in self._arrived.values():
            result.discard()


def _work(job: BatchJob, in_place: bool, tasks: Any, replies: Any, parent: int) -> None:
    """A worker process: check chunks, and write their records where it is told (or spill
    them); reply with each result, then None when told to stop, or the exception that stopped
    it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and does it with SIGTERM
    _die_with_parent(parent)
    try:
        target = reduction.recv_handle(replies) if in_place else None
        _serve(Checker(job), target, tasks, replies)
        replies.send(None)
    except OSError as error:
        replies.send(error)
    except BaseException:  # a bug, or anything else: the main process must hear of it
        replies.send(RuntimeError(f"a batch worker failed:\n{traceback.format_exc()}"))


_PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies
_ORPHAN_CHECK = 0.5  # seconds between two looks at the parent, where prctl is missing


def _die_with_parent(parent: int) -> None:
    """End this worker when the main process ends, however it ends (even by SIGKILL, which
    runs no clean-up): on Linux the kernel sends SIGKILL (``PR_SET_PDEATHSIG``); elsewhere a
    thread looks every half second whether the worker's parent is still the main process
    (an orphan is adopted by another)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        armed = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError, ImportError):  # not Linux
        armed = False
    if not armed:
        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the main process died before the watch was set
        os._exit(1)


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_ORPHAN_CHECK)
    os._exit(1)


def _serve(checker: Checker, target: int | None, tasks: Any, replies: Any) -> None:
    held: dict[int, bytes] = {}  # records waiting to learn where they go
    try:
        for number, task in iter(tasks.get, None):
            if isinstance(task, int):  # where the records of chunk ``number`` go
                assert target is not None, "records placed without an output in place"
                _write_at(target, held.pop(number), task)
                continue
            result = checker.check(task)
            if target is not None:
                held[number] = result.output
                result.in_place, result.output = len(result.output), b""
                replies.send((number, result))
            elif result.output:
                with tempfile.TemporaryFile() as spill:  # unnamed (or unlinked at once)
                    spill.write(result.output)
                    spill.flush()
                    result.output, result.spilled = b"", -1  # the descriptor follows
                    replies.send((number, result))
                    reduction.send_handle(replies, spill.fileno(), os.getppid())
            else:
                replies.send((number, result))
    finally:
        if target is not None:
            os.close(target)


def _write_at(target: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(target, view, offset)
        view, offset = view[written:], offset + written
