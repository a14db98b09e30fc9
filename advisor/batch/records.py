"""Batch records, fast: the pieces of a record that do not depend on the whole hand, made once.

A record is the one schema of :mod:`advisor.verdict` (:data:`~advisor.verdict.RECORD_FIELDS`)
with ``file``, ``line`` and ``id`` in front. A hand is four holdings, so for each lead, suit and
holding the suit's pieces (its part of the hand's text, its JSON object in ``suits``, its CSV
columns) are made once, when a hand first holds it, from the judge's facts
(:meth:`advisor.rules.Judge.facts`). The rest of a record (holes, combined chance, rules,
verdict) depends only on the holes' chances and the no-seven outcome, so it is made once per
such *shape* from :func:`advisor.verdict.assess`, the one place that applies the rules. A test
checks every kind of record against ``assess(...).to_dict()`` byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from advisor.batch.extras import Extra
from advisor.cards import CardSet, Suit, format_cards
from advisor.jsonout import json_text
from advisor.rules import Outcome, combine, judge
from advisor.seats import Lead
from advisor.table import Table
from advisor.verdict import (
    DECISION_FIELDS,
    HAND_FIELDS,
    SUIT_COLUMNS,
    assess,
    record_value,
    suit_record,
)

TEXT_RECORD_FIELDS = ("file", "line", "id")
"""What a batch record has before the hand's fields: where the hand was read."""
BANDS = 11  # 0-10 %, 10-20 %, ..., 90-100 %, and 100 % or more
CSV_COLUMNS = (
    *TEXT_RECORD_FIELDS,
    *HAND_FIELDS,
    *(
        f"{suit.name.lower()}{'' if column == SUIT_COLUMNS[0] else '_' + column}"
        for suit in Suit
        for column in SUIT_COLUMNS
    ),
    *(name for name in DECISION_FIELDS if name != "rules"),
    "error",
)
"""The columns of ``--format csv``: a suit's holding, status and percent under its name."""

_SUITS = tuple(Suit)  # iterating over a tuple is faster than over the enum
_KIND = {Outcome.EXCEPTED: 1, Outcome.BROKEN: 2}  # a single suit's no-seven outcome in a key
_KIND_SHIFT = 48  # above the four 12-bit hole ids of the shape key
_SHAPE_LIMIT = 50_000
_CSV_LINE = b"%b%d,%b,%b,%b,%b,%b,%b,%b,%b,\n"  # ends with the empty error column


def utf8_json(value: Any) -> bytes:
    """``value`` as JSON in UTF-8."""
    return json_text(value).encode("utf-8")


FORMULA_STARTS = frozenset("=+-@\t\r")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV
Injection")."""


def csv_field(text: str) -> str:
    """Quote a CSV field when it needs it (as ``csv.writer`` does by default)."""
    if any(ch in text for ch in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_text(text: str) -> str:
    """A field of text from the input (an id, a file name, an error that quotes a line) as
    :func:`csv_field` writes it; but text that starts with ``=``, ``+``, ``-``, ``@``, a tab or
    a carriage return gets a single quote in front, and quotes around it, so that a
    spreadsheet shows it as text and never runs it as a formula (OWASP's advice)."""
    if text[:1] in FORMULA_STARTS:
        return "\"'" + text.replace('"', '""') + '"'
    return csv_field(text)


def csv_header(extra: Extra | None = None) -> str:
    """The first line of ``--format csv`` output (with the columns of an extra analysis)."""
    return ",".join(CSV_COLUMNS + (extra.fields if extra else ())) + "\n"


def csv_value(value: Any) -> str:
    """A record value in a CSV column: lists space-separated, text as it is, else JSON."""
    if isinstance(value, list):
        return " ".join(value)
    return value if isinstance(value, str) else json_text(value)


class SuitPieces(NamedTuple):
    """One suit's holding in a record, as UTF-8 pieces made once."""

    hand: bytes
    """Its part of the hand's text: ``♠8 Q`` and a space (but for hearts; nothing if void)."""
    json: bytes
    """Its object in ``suits``, with the text around it (the lead before spades)."""
    key: int
    """Its bits in the shape key: its hole's id in the suit's 12 bits, its no-seven kind."""
    hole: float | None
    """Its hole's catch chance, or None."""
    csv: bytes
    """Its CSV columns: holding, status, percent."""
    excepted: bytes
    """``♠8, `` where the no-seven rule lists it as excepted (else empty)."""
    broken: bytes
    """... as broken."""


_EXCEPTED, _BROKEN = 1, 2  # which list of suits the no-seven rule's detail gives


@dataclass(eq=False)
class Shape:
    """A record's text after the suits (UTF-8), shared by hands of one shape."""

    middle: bytes  # '"holes": 1, ... "rules": [' up to the no-seven rule's list, or to the end
    listed: int  # the no-seven rule's list of suits: _EXCEPTED, _BROKEN, or 0 (none)
    after: bytes  # the rest of the record after the list
    csv: bytes  # holes,combined,combine,threshold,max_holes,verdict,decided_by
    declare: bool
    band: int
    holes: int
    combined: float
    verdict: str
    decided_by: tuple[str, ...]


class LeadRecords:
    """Everything about records for one lead and table that does not depend on the hand;
    ``text``: whether records are written as text (jsonl, csv), not rows on screen."""

    def __init__(self, lead: Lead, table: Table, text: bool = True) -> None:
        self.lead, self.table, self.text = lead, table, text
        self.judge = judge(table, lead)
        self.lead_csv = lead.value.encode()
        self._hole_ids: dict[float, int] = {}
        # each suit's pieces by holding, made when a hand first holds it (see suits_of)
        self.suits: list[list[SuitPieces | None]] = [[None] * 256 for _ in Suit]
        self._shapes: dict[int, Shape] = {}
        self._by_holes: dict[tuple[int, float, int], Shape] = {}

    def _suit_pieces(self, suit: Suit, mask: int) -> SuitPieces:
        facts = self.judge.facts(mask)
        judged = facts.judgement
        record = suit_record(suit, judged)
        hole_id = self._hole_ids.setdefault(judged.percent, len(self._hole_ids) + 1)
        kind = _KIND.get(facts.no_seven, 0)
        key = (hole_id << 12 * suit if judged.is_hole else 0) | kind << _KIND_SHIFT
        label = json_text(f"{suit.glyph}{judged.holding}")[1:-1] + ", "
        cards = format_cards(mask << suit.shift)
        return SuitPieces(
            hand=(cards + " " if cards and suit is not Suit.HEARTS else cards).encode(),
            json=_suit_json(suit, self.lead, json_text(record)).encode(),
            key=key,
            hole=facts.hole,
            csv=",".join(csv_value(record[column]) for column in SUIT_COLUMNS).encode(),
            excepted=(label if kind == _EXCEPTED else "").encode(),
            broken=(label if kind == _BROKEN else "").encode(),
        )

    def json_record(self, parts: list[bytes], start: bytes, mask: int) -> Shape:
        """Add the JSON record of the hand ``mask`` to ``parts``, in pieces (they are joined
        once per chunk: cheaper than a string per record); ``start`` is the record up to the
        hand's text. Returns the record's shape."""
        suits = self.suits
        a, b = suits[0][mask & 255], suits[1][mask >> 8 & 255]
        c, d = suits[2][mask >> 16 & 255], suits[3][mask >> 24]
        if a is None or b is None or c is None or d is None:
            a, b, c, d = self.suits_of(mask)
        key = a.key | b.key | c.key | d.key
        shape = self._shapes.get(key) or self._new_shape(key, mask, (a, b, c, d))
        if d.hand:
            parts += (start, a.hand, b.hand, c.hand, d.hand, a.json, b.json, c.json, d.json,
                      shape.middle)  # fmt: skip
        else:  # no hearts: the last suit's part of the hand text has a space too many
            parts += (start, _hand_text(a, b, c, d), a.json, b.json, c.json, d.json,
                      shape.middle)  # fmt: skip
        listed = shape.listed
        if listed:
            if listed == _BROKEN:
                listing = a.broken + b.broken + c.broken + d.broken
            else:
                listing = a.excepted + b.excepted + c.excepted + d.excepted
            parts += (listing[:-2], shape.after)
        return shape

    def csv_line(self, head: bytes, line: int, ident: bytes, mask: int) -> tuple[bytes, Shape]:
        """file,line,id,hand,lead, the suits' holding,status,percent, the shape's columns and
        an empty error column."""
        (a, b, c, d), shape = self._pieces_and_shape(mask)
        text = _CSV_LINE % (head, line, ident, _hand_text(a, b, c, d), self.lead_csv, a.csv,
                            b.csv, c.csv, d.csv, shape.csv)  # fmt: skip
        return text, shape

    def shape(self, mask: int) -> Shape:
        """The shape of the hand ``mask``'s record."""
        return self._pieces_and_shape(mask)[1]

    def hand_and_shape(self, mask: int) -> tuple[str, Shape]:
        """The hand's text (``str(CardSet(mask))``, from its suits' parts) and its shape."""
        pieces, shape = self._pieces_and_shape(mask)
        return _hand_text(*pieces).decode(), shape

    def _pieces_and_shape(self, mask: int) -> tuple[list[SuitPieces], Shape]:
        pieces = self.suits_of(mask)
        key = pieces[0].key | pieces[1].key | pieces[2].key | pieces[3].key
        return pieces, self._shapes.get(key) or self._new_shape(key, mask, pieces)

    def suits_of(self, mask: int) -> list[SuitPieces]:
        """The pieces of each suit's holding in ``mask``, made for holdings met the first
        time."""
        suits = self.suits
        found = [suits[0][mask & 255], suits[1][mask >> 8 & 255], suits[2][mask >> 16 & 255],
                 suits[3][mask >> 24]]  # fmt: skip
        if None not in found:  # the usual case: every holding met before
            return found  # type: ignore[return-value]  # no None in it
        for suit in _SUITS:
            if found[suit] is None:
                holding = mask >> suit.shift & 255
                found[suit] = suits[suit][holding] = self._suit_pieces(suit, holding)
        return found  # type: ignore[return-value]  # every suit is filled in above

    def _new_shape(self, key: int, mask: int, pieces: Sequence[SuitPieces]) -> Shape:
        """The shape of ``mask``'s record: that of another hand with as many holes, the same
        combined chance and the same no-seven outcome (the record after the suits depends on
        nothing else), or a new one from :meth:`_assessed_shape`. (A table of many distinct
        percents, such as the exact one, would otherwise make a new shape for most hands.)"""
        holes = [p.hole for p in pieces if p.hole is not None]
        alike = (len(holes), combine(holes, self.table.combine), key >> _KIND_SHIFT)
        shape = self._by_holes.get(alike)
        if shape is None:
            shape = self._by_holes[alike] = self._assessed_shape(key, mask)
        for cache in (self._shapes, self._by_holes):
            if len(cache) >= _SHAPE_LIMIT:  # never with real tables: it only keeps memory flat
                cache.clear()
        self._shapes[key] = shape
        return shape

    def _assessed_shape(self, key: int, mask: int) -> Shape:
        """The shape of ``mask``'s record, from ``assess`` (for rows, without record text)."""
        assessment = assess(CardSet(mask), self.lead, self.table)
        if not self.text:
            return Shape(
                middle=b"",
                listed=0,
                after=b"",
                csv=b"",
                declare=assessment.declare,
                band=_band(assessment.combined),
                holes=assessment.holes,
                combined=record_value(assessment, "combined"),
                verdict=assessment.verdict,
                decided_by=tuple(record_value(assessment, "decided_by")),
            )
        rest = {name: record_value(assessment, name) for name in DECISION_FIELDS}
        text = utf8_json(rest)[1:] + b"\n"
        kinds = key >> _KIND_SHIFT
        listed = (_BROKEN if kinds & 2 else _EXCEPTED) if kinds else 0
        middle, after = text, b""
        if listed:  # cut the rest around the no-seven rule's list of suits
            pieces = self.suits_of(mask)
            by_kind = [p.broken if listed == _BROKEN else p.excepted for p in pieces]
            listing = b"".join(by_kind)[:-2]
            first_rule = utf8_json(rest["rules"][0])
            at = text.index(first_rule) + first_rule.rindex(listing)
            middle, after = text[:at], text[at + len(listing) :]
        columns = [csv_value(rest[name]) for name in DECISION_FIELDS if name != "rules"]
        return Shape(
            middle=middle,
            listed=listed,
            after=after,
            csv=",".join(columns).encode(),
            declare=assessment.declare,
            band=_band(assessment.combined),
            holes=assessment.holes,
            combined=rest["combined"],
            verdict=assessment.verdict,
            decided_by=tuple(rest["decided_by"]),
        )


def _band(combined: float) -> int:
    """The bar of the summary's chart a combined chance counts in."""
    return min(int(combined // 10), BANDS - 1)


def _hand_text(*pieces: SuitPieces) -> bytes:
    """The hand's text from its suits' parts (without hearts, the last part's space goes)."""
    text = b"".join(p.hand for p in pieces)
    return text if pieces[-1].hand else text[:-1]


def _suit_json(suit: Suit, lead: Lead, facts: str) -> str:
    """A suit's JSON in the record with the text around it: after the hand for spades, up to
    the next field for hearts."""
    if suit is Suit.SPADES:
        return f'", "lead": "{lead.value}", "suits": [{facts}, '
    return facts + ("], " if suit is Suit.HEARTS else ", ")
