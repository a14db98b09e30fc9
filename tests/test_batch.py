"""The batch library: the fast path gives exactly what ``parse_hand`` and ``assess`` give."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_build import require_built

from advisor.batch import (
    CSV_COLUMNS,
    BatchJob,
    BatchRun,
    Checker,
    ChunkResult,
    CsvChunk,
    Extra,
    FileFailure,
    HandReader,
    Source,
    TextChunk,
    csv_header,
    read_chunks,
    reader,
    split_options,
    writable_in_place,
)
from advisor.cards import RANK_CHARS, CardSet, is_rank_start, parse_hand
from advisor.errors import AdvisorError, BatchError, OutputError
from advisor.fileio import atomic_output
from advisor.i18n import Phrase
from advisor.seats import Lead
from advisor.table import Table, default_table, exact_table, merge_table
from advisor.text import line_content, shown
from advisor.verdict import assess

RANKS = {
    "ascii": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    "short": ("7", "8", "9", "T", "J", "Q", "K", "A"),
    "lower": ("7", "8", "9", "x", "j", "q", "k", "a"),
    "russian": ("7", "8", "9", "10", "В", "Д", "К", "Т"),
    "russian_lower": ("7", "8", "9", "10", "в", "д", "к", "т"),
}
SUITS = {
    "ascii": "SCDH",
    "lower": "scdh",
    "glyph": "♠♣♦♥",
    "white": "♤♧♢♡",
    "russian": "птбч",
    "russian_upper": "ПТБЧ",
}


def by_suit(mask: int, ranks: tuple[str, ...]) -> list[list[str]]:
    return [[ranks[r] for r in range(8) if mask >> (8 * s + r) & 1] for s in range(4)]


LATIN_RANKS, RUSSIAN_RANKS = ("ascii", "short", "lower"), ("russian", "russian_lower")
SUITS_WITH = {  # the suits a hand's ranks may go with: letters of the same alphabet, or glyphs
    "latin": ("ascii", "lower", "glyph", "white"),
    "russian": ("russian", "russian_upper", "glyph", "white"),
}


def write_hand(mask: int, rng: random.Random) -> str:
    """The hand ``mask`` in a random notation with random spellings and spacing (its letters
    in one alphabet, as a hand is written)."""
    alphabet = rng.choice(list(SUITS_WITH))
    ranks = RANKS[rng.choice(LATIN_RANKS if alphabet == "latin" else RUSSIAN_RANKS)]
    suits = by_suit(mask, ranks)
    style = rng.randrange(6)
    if style == 0:  # rank first, shuffled, maybe run together or comma separated
        letters = SUITS[rng.choice(SUITS_WITH[alphabet])]
        tokens = [r + letters[s] for s in range(4) for r in suits[s]]
        rng.shuffle(tokens)
        return rng.choice([" ", ", ", "  ", ",", "\t"]).join(tokens)
    if style == 1:  # glyph groups, ranks run together or spaced
        glyphs = rng.choice(["♠♣♦♥", "♤♧♢♡"])
        sep = rng.choice(["", " ", ","])
        return " ".join(glyphs[s] + sep.join(suits[s]) for s in range(4) if suits[s])
    if style == 2:  # colon groups
        letters = rng.choice(["SCDH", "scdh"] if alphabet == "latin" else ["ПТБЧ", "птбч"])
        return " ".join(f"{letters[s]}:" + ",".join(suits[s]) for s in range(4) if suits[s])
    if style == 3:  # dotted
        void = rng.choice(["-", "", "—"])
        return ".".join("".join(suits[s]) or void for s in range(4))
    if style == 4:  # glyph groups written without spaces between suits
        return "".join("♠♣♦♥"[s] + "".join(suits[s]) for s in range(4) if suits[s])
    # glyph groups, then rank-first cards mixed in
    letters = SUITS[rng.choice(SUITS_WITH[alphabet])]
    parts = []
    for s in range(4):
        if suits[s] and rng.random() < 0.5:
            parts.append("♠♣♦♥"[s] + " ".join(suits[s]))
        else:
            parts.extend(r + letters[s] for r in suits[s])
    return " ".join(parts)


JUNK = ["6S", "7Z", "1", "0", "♠", "S:", "7S", "Тт", "Вт", "7т", "10", "8", ".", ",", "\ufe0f",
        "ſ:7"]  # fmt: skip


def spoil(text: str, rng: random.Random) -> str:
    """A small random change: most give an error, some give another valid hand."""
    tokens = text.split(" ")
    choice = rng.randrange(5)
    if choice == 0 and len(tokens) > 1:
        tokens.pop(rng.randrange(len(tokens)))
    elif choice == 1:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(tokens))
    elif choice == 2:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(JUNK))
    elif choice == 3:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice(JUNK) + text[at + 1 :]
    else:
        at = rng.randrange(len(text))
        return text[:at] + text[at + 1 :]
    return " ".join(tokens)


def reference(file: str, line: int, ident: str | None, text: str, lead: Lead, table: Table) -> str:
    """What the batch record must be, made the slow way: parse_hand, assess, to_dict."""
    try:
        hand = parse_hand(text)
    except AdvisorError as error:
        message = shown(str(error))  # control characters escaped
        return json.dumps({"file": file, "line": line, "error": message}, ensure_ascii=False)
    record = {"file": file, "line": line, "id": ident, **assess(hand, lead, table).to_dict()}
    return json.dumps(record, ensure_ascii=False)


def line_scan(kind: str) -> Callable[[bytes], list[int]]:
    """The scan of the C reader of the usual notations ("c") or of Python alone ("python")."""
    if kind == "c":
        require_built(reader.C_READER, "the C reader advisor._fastread")
        return reader.scan
    return reader.python_scan


def random_mask(rng: random.Random) -> int:
    return sum(1 << i for i in rng.sample(range(32), 10))


def test_rank_chars_are_the_parsers() -> None:
    found = {
        chr(c)
        for c in range(sys.maxunicode + 1)
        if not 0xD800 <= c <= 0xDFFF and is_rank_start(chr(c))
    }
    assert found == RANK_CHARS


@pytest.mark.parametrize("seed", range(4))
def test_reader_agrees_with_parse_hand(seed: int) -> None:
    rng = random.Random(seed)
    reader = HandReader()
    for _ in range(3000):
        text = write_hand(random_mask(rng), rng)
        if rng.random() < 0.4:
            text = spoil(text, rng)
        try:
            expected: int | str = parse_hand(text).mask
        except AdvisorError as error:
            expected = f"{type(error).__name__}: {error}"
        try:
            got: int | str = reader.read(text)
        except AdvisorError as error:
            got = f"{type(error).__name__}: {error}"
        assert got == expected, text


TOKEN_PIECES = ["7", "8", "10", "T", "J", "Q", "A", "к", "Т", "т", "S", "s", "C", "♠", "♣", "♥",
                "♡", "П", "п", ":", ",", ".", " ", "-", "1", "0", "Вт", "ſ"]  # fmt: skip


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.sampled_from(TOKEN_PIECES), min_size=1, max_size=30))
def test_reader_agrees_on_any_text(pieces: list[str]) -> None:
    text = "".join(pieces)
    reader = HandReader()
    for _ in range(2):  # the second time from the memo tables
        try:
            expected: int | str = parse_hand(text).mask
        except AdvisorError as error:
            expected = str(error)
        try:
            got: int | str = reader.read(text)
        except AdvisorError as error:
            got = str(error)
        assert got == expected


@pytest.mark.parametrize(
    "text",
    [
        "♠8 9 J ♣J A ♦7 J ♥8 10 Q",
        "♠8 9 J,  ♣J A ♦7 J ♥8 10 Q",  # the cut leaves separators on the piece before
        "♠8 9 J ♣J A ♦7 J ♠10 Q K",  # a suit twice
        "♠8 9 J ♣J A ♦7 J ♥8 10 Q K",  # eleven cards
        "♠8 9 J ♣J A ♦7 J ♥8 10 Q 7S",
        # a line break (in a CSV cell) is no cut: Вт is ♥J ♥A, not J♣ (eleven cards, then ten)
        "♠8 9 ♣7 A ♦7 J Q ♥8 10\nВт",
        "♠8 9 ♣7 A ♦7 J ♥8 10\nВт",
        "♠8 9 J ♣J A ♦7 J\n♥8 10 Q",
        "♠8 9 J ♣J A ♦7 J ♥8 10 6",
    ],
)
def test_reader_cuts_spaced_suit_groups_like_the_parser(text: str) -> None:
    try:
        expected: int | str = parse_hand(text).mask
    except AdvisorError as error:
        expected = str(error)
    reader = HandReader()
    for _ in range(2):  # the second time from the memo tables
        try:
            got: int | str = reader.read(text)
        except AdvisorError as error:
            got = str(error)
        assert got == expected


@pytest.mark.parametrize("kind", ["c", "python"])
@pytest.mark.parametrize("output", ["jsonl", "rows", "csv"])
@pytest.mark.parametrize("seed", range(4))
def test_records_are_assess_plus_file_line_id(seed: int, output: str, kind: str) -> None:
    rng = random.Random(100 + seed)
    table = [default_table(), default_table(), _other_table(), exact_table()][seed]
    file = ["f.txt", "100% %d %b.txt", 'a "b", c.txt', "exact.txt"][
        seed
    ]  # % may not format a record
    lines, expected = [], []
    for number in range(1, 2501):
        text = write_hand(random_mask(rng), rng)
        if rng.random() < 0.1:
            text = spoil(text, rng)
        lead, ident = rng.choice([Lead.THEM, Lead.ME]), None
        line = text
        if lead is Lead.ME or rng.random() < 0.3:
            line += f"; lead={lead.value}"
        if rng.random() < 0.3:
            ident = rng.choice(["a", 'with "quotes", commas', "Ж-7", "%d %b"])
            line += f"; id={ident}"
        lines.append(line)
        expected.append(reference(file, number, ident, text, lead, table))
    job = BatchJob(table, Lead.THEM, output)
    checker = Checker(job, scan=line_scan(kind))
    result = checker.check(TextChunk(file, 1, "\n".join(lines).encode()))
    if output == "jsonl":
        assert result.output.decode().splitlines() == expected
    elif output == "csv":
        text = csv_header() + result.output.decode()
        assert _csv_as_json(text, table) == [json.loads(e) for e in expected]
    else:
        assert [_row_as_json(row) for row in result.rows] == [_brief(e) for e in expected]


def _other_table() -> Table:
    text = 'combine = "independent"\nthreshold = 60\n[rules]\nlone_low_own_lead = false\n'
    text += '[holes]\n"7 K" = { own = 33.3, their = 66.6 }\n'
    return merge_table(default_table(), text, origin="other.toml")


def _csv_as_json(text: str, table: Table) -> list[dict[str, object]]:
    """The CSV records compared field by field with the JSON ones."""
    records = []
    for row in csv.DictReader(io.StringIO(text, newline="")):
        if row["error"]:
            records.append({"file": row["file"], "line": int(row["line"]), "error": row["error"]})
            continue
        record = {"file": row["file"], "line": int(row["line"]), "id": row["id"] or None}
        record.update(_csv_assessment(row, table))
        records.append(record)
    return records


def _csv_assessment(row: dict[str, str], table: Table) -> dict[str, object]:
    hand = parse_hand(row["hand"])
    full = assess(hand, Lead(row["lead"]), table).to_dict()
    names = ("spades", "clubs", "diamonds", "hearts")
    assert [row[n] for n in names] == [s["holding"] for s in full["suits"]]
    assert [row[n + "_status"] for n in names] == [s["status"] for s in full["suits"]]
    assert [json.loads(row[n + "_percent"]) for n in names] == [s["percent"] for s in full["suits"]]
    assert row["decided_by"].split() == full["decided_by"]
    for name in ("holes", "combined", "threshold", "max_holes"):
        assert json.loads(row[name]) == full[name]
    assert (row["verdict"], row["combine"], row["hand"]) == (
        full["verdict"],
        full["combine"],
        full["hand"],
    )
    return full


def _row_as_json(row: object) -> dict[str, object]:
    fields = row._asdict()  # type: ignore[attr-defined]
    if fields["error"] is not None:
        return {"line": fields["line"], "error": reader.printable(str(fields["error"]))}
    keys = ("line", "id", "hand", "lead", "holes", "combined", "verdict")
    return {key: fields[key] for key in keys} | {"decided_by": list(fields["decided_by"])}


def _brief(expected: str) -> dict[str, object]:
    record = json.loads(expected)
    if "error" in record:
        return {"line": record["line"], "error": record["error"]}
    keys = ("line", "id", "hand", "lead", "holes", "combined", "verdict", "decided_by")
    return {key: record[key] for key in keys}


LINES_STRATEGY = st.lists(
    st.sampled_from(
        [
            "7S 8S 10S 7C 9C JC 7D 8D 7H 9H",
            "♠7810 ♣79J ♦78 ♥79; lead=me",
            "78T.79J.78.79; id=x",
            "7S 8S",
            "  # a comment",
            "#",
            "",
            "   ",
            "\r",
            "7S 8S 10S 7C 9C JC 7D 8D 7H 9H; lead=you",
            "7S 8S 10S 7C 9C JC 7D 8D 7H 9H; colour=red",
            "\ufeff7S 8S 10S 7C 9C JC 7D 8D 7H 9H",
            "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 ; id=a;lead=ME",
        ]
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(LINES_STRATEGY, st.integers(min_value=1, max_value=80), st.sampled_from(["c", "python"]))
def test_every_line_yields_exactly_one_record(lines: list[str], block_size: int, kind: str) -> None:
    data = "\n".join(lines).encode()
    source = Source("f.txt", stream=io.BytesIO(data))
    checker = Checker(BatchJob(default_table()), scan=line_scan(kind))
    records = []
    for chunk in read_chunks(source, block_size=block_size):
        assert not isinstance(chunk, FileFailure)
        records += [json.loads(line) for line in checker.check(chunk).output.splitlines()]
    wanted = [n for n, line in enumerate(lines, 1) if line_content(line)[:1] not in ("", "#")]
    assert [r["line"] for r in records] == wanted


@pytest.mark.parametrize("kind", ["c", "python"])
def test_a_byte_order_mark_starting_any_line_is_nothing(kind: str) -> None:
    """Files run together (``cat a.txt b.txt | advisor batch``) keep each its mark."""
    hand = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
    data = f"\ufeff{hand}\n\ufeff{hand}; lead=me\n\ufeff# a comment\n\ufeff\n \ufeff{hand}\n"
    result = Checker(BatchJob(default_table()), scan=line_scan(kind)).check(
        TextChunk("f", 1, data.encode())
    )
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [(r["line"], r["hand"], r["lead"]) for r in records] == [
        (1, "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9", "them"),
        (2, "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9", "me"),
        (5, "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9", "them"),
    ]


@pytest.mark.parametrize("kind", ["c", "python"])
@pytest.mark.parametrize(
    ("invisible", "escaped"), [("\ufeff", "\\ufeff"), ("\u200b", "\\u200b"), ("\u200d", "\\u200d")]
)
def test_an_invisible_character_inside_a_line_is_named(
    kind: str, invisible: str, escaped: str
) -> None:
    data = f"7S 8S 10S 7C 9C JC 7D 8D 7H 9H{invisible}\n".encode()
    result = Checker(BatchJob(default_table()), scan=line_scan(kind)).check(TextChunk("f", 1, data))
    [record] = [json.loads(line) for line in result.output.splitlines()]
    assert record["error"] == f"'9H{escaped}': '{escaped}' is neither a rank (7..A) nor a suit"
    assert [message.text() for message in result.messages] == [f"f:1: {record['error']}"]


def test_bytes_that_are_not_utf8_make_an_error_record() -> None:
    data = b"7S 8S 10S 7C 9C JC 7D 8D 7H 9\xff\n7S 8S 10S 7C 9C JC 7D 8D 7H 9H\n"
    result = Checker(BatchJob(default_table())).check(TextChunk("f", 1, data))
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert first == {"file": "f", "line": 1, "error": "not UTF-8 text (byte 0xff)"}
    assert second["verdict"] == "declare"
    assert [str(message) for message in result.messages] == ["f:1: not UTF-8 text (byte 0xff)"]


OPTIONS_HELP = "write '; lead=me', '; lead=them' or '; id=NAME'"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("x; lead=you", "lead 'you' must be me or them"),
        ("x; colour=red", "'colour=red' is not an option: " + OPTIONS_HELP),
        ("x;", "'' is not an option: " + OPTIONS_HELP),
        ("x; id=", "'id=' needs a name"),
        ("x; lead=me; lead=them", "'lead' is given twice"),
    ],
)  # fmt: skip
def test_bad_options(line: str, message: str) -> None:
    with pytest.raises(BatchError) as caught:
        split_options(line)
    assert str(caught.value) == message


def test_options() -> None:
    assert split_options("7S ...; LEAD = Me ;id= deal 4 ") == ("7S ...", Lead.ME, "deal 4")


def test_csv_input_lines_and_columns() -> None:
    data = (
        "\ufeffId,Hand,Lead,Note\n"
        'a,"7S 8S 10S 7C 9C JC 7D 8D 7H 9H",me,"two\nlines"\n'
        "\n"
        ",,,\n"
        "b,7S 8S,,\n"
        "c,,them\n"
        "d,7S 8S 10S 7C 9C JC 7D 8D 7H 9H,you\n"
    ).encode()
    chunks = list(read_chunks(Source("h.csv", stream=io.BytesIO(data), is_csv=True)))
    assert len(chunks) == 1 and isinstance(chunks[0], CsvChunk)
    result = Checker(BatchJob(default_table())).check(chunks[0])
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [(r["line"], r.get("id"), r.get("lead"), r.get("error")) for r in records] == [
        (2, "a", "me", None),
        (6, None, None, "2 cards given, a hand has 10"),
        (7, None, None, "no hand in the 'hand' column"),
        (8, None, None, "lead 'you' must be me or them"),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "h.csv: empty CSV file: it needs a header with a 'hand' column"),
        (b"cards,lead\n7S,me\n", "h.csv: the CSV header has no 'hand' column (found: cards, lead)"),
    ],
)
def test_csv_without_hand_column(data: bytes, message: str) -> None:
    chunks = list(read_chunks(Source("h.csv", stream=io.BytesIO(data), is_csv=True)))
    assert chunks == [FileFailure("h.csv", Phrase(message))]


def test_unreadable_files(tmp_path: object) -> None:
    assert list(read_chunks(Source("nope.txt", path="/nonexistent/nope.txt"))) == [
        FileFailure("nope.txt", Phrase("nope.txt: no such file"))
    ]
    assert list(read_chunks(Source("dir", path="/"))) == [
        FileFailure("dir", Phrase("dir: is a directory, not a file of hands"))
    ]


def _talon_like(hand: CardSet, lead: Lead, table: Table) -> dict[str, object]:
    if hand.mask & 1 == 0:
        raise BatchError(Phrase("no ♠7 for this analysis"))
    return {"cards": len(hand), "lead_again": lead.value}


EXTRA = Extra(("cards", "lead_again"), _talon_like)
HANDS = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H\n8S 9S 10S 7C 9C JC 7D 8D 7H 9H\n"
CHUNKS_OF_HANDS = (HANDS * 3000).encode()  # several chunks: workers start (no more than chunks)


def test_extra_fields_are_merged_into_jsonl() -> None:
    job = BatchJob(default_table(), Lead.ME, "jsonl", EXTRA)
    first, second = Checker(job).check(TextChunk("f", 1, HANDS.encode())).output.splitlines()
    record = json.loads(first)
    assert list(record)[-2:] == ["cards", "lead_again"]
    assert record["cards"] == 10 and record["lead_again"] == "me"
    assert json.loads(second) == {"file": "f", "line": 2, "error": "no ♠7 for this analysis"}


def test_extra_fields_are_csv_columns_and_row_fields() -> None:
    job = BatchJob(default_table(), Lead.ME, "csv", EXTRA)
    text = csv_header(EXTRA) + Checker(job).check(TextChunk("f", 1, HANDS.encode())).output.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == [*CSV_COLUMNS, "cards", "lead_again"]
    assert (rows[0]["cards"], rows[0]["lead_again"], rows[1]["cards"]) == ("10", "me", "")
    job = BatchJob(default_table(), Lead.ME, "rows", EXTRA)
    rows_out = Checker(job).check(TextChunk("f", 1, HANDS.encode())).rows
    assert rows_out[0].extra == {"cards": 10, "lead_again": "me"}


def test_extra_cannot_replace_a_record_field() -> None:
    with pytest.raises(ValueError, match="'verdict'"):
        Extra(("verdict",), _talon_like)


def test_two_jobs_give_the_same_output_in_order() -> None:
    rng = random.Random(7)
    lines = [write_hand(random_mask(rng), rng) for _ in range(6000)] + ["bad"]
    data = "\n".join(lines).encode()
    outputs = {}
    for jobs in (1, 2):
        sources = [Source("a", stream=io.BytesIO(data)), Source("b", path="/nonexistent")]
        sources.append(Source("c", stream=io.BytesIO(data[:5000])))
        with BatchRun(BatchJob(default_table()), jobs) as run:
            outputs[jobs] = [
                r if isinstance(r, FileFailure) else (_written(r), r.messages)
                for r in run.results(sources)
            ]
    assert outputs[1] == outputs[2]
    assert FileFailure("b", Phrase("b: no such file")) in outputs[2]


def _run_into(path: Path, jobs: int, data: bytes, job: BatchJob | None = None) -> None:
    """A batch run over ``data`` into the file ``path`` (written whole), after a header."""
    with atomic_output(path) as out, BatchRun(job or BatchJob(default_table()), jobs, out) as run:
        out.write(b"a header\n")
        for result in run.results([Source("a", stream=io.BytesIO(data))]):
            assert not isinstance(result, FileFailure)
            result.write_to(out)


def test_workers_write_into_the_output_file_in_order(tmp_path: Path) -> None:
    rng = random.Random(8)
    lines = [write_hand(random_mask(rng), rng) for _ in range(20_000)] + ["bad"]
    data = "\n".join(lines).encode()
    _run_into(tmp_path / "one", 1, data)
    _run_into(tmp_path / "two", 2, data)
    assert (tmp_path / "two").read_bytes() == (tmp_path / "one").read_bytes()
    assert (tmp_path / "one").read_bytes().count(b"\n") == 20_002


def test_which_outputs_workers_write_into(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers get the output's descriptor: a file needs no name to be written in place."""
    with tempfile.NamedTemporaryFile("wb", dir=tmp_path) as named:
        assert writable_in_place(named)
    with open(tmp_path / "f", "ab") as appending:
        assert not writable_in_place(appending)
    with open(tmp_path / "g", "wb") as moved:
        os.rename(tmp_path / "g", tmp_path / "h")
        assert writable_in_place(moved)
    with tempfile.TemporaryFile(dir=tmp_path) as unnamed:  # O_TMPFILE where it can be
        assert writable_in_place(unnamed)
    with open(tmp_path / "i", "wb") as opened, open(opened.fileno(), "wb", closefd=False) as bare:
        assert writable_in_place(bare)  # like standard output: no name to open it by
        with open(tmp_path / "i", "w") as messages:
            monkeypatch.setattr(sys, "stderr", messages)
            assert not writable_in_place(opened)  # messages would land among the records
    assert not writable_in_place(io.BytesIO())


@pytest.mark.parametrize("redirect", ["> out", "> out 2>&1", ">> out"])
def test_two_jobs_to_standard_output_sent_to_a_file(redirect: str, tmp_path: Path) -> None:
    """Standard output sent to a file is written in place by the workers, unless it is opened
    for appending or standard error goes there too: then this process writes it."""
    rng = random.Random(9)
    lines = [write_hand(random_mask(rng), rng) for _ in range(8000)] + ["bad"]
    (tmp_path / "hands.txt").write_text("\n".join(lines), encoding="utf-8")
    results = {}
    for jobs in ("1", "2"):
        (tmp_path / "out").write_bytes(b"before\n")
        command = f"{sys.executable} -m advisor batch hands.txt --jobs {jobs} -q {redirect}"
        subprocess.run(command, shell=True, cwd=tmp_path, check=False)
        results[jobs] = (tmp_path / "out").read_bytes()
    assert results["2"] == results["1"]
    written = results["1"].splitlines()
    assert (written[0] == b"before") == (">>" in redirect)
    assert sum(line.startswith(b"{") for line in written) == 8001
    assert (len(written) > 8001 + (">>" in redirect)) == ("2>&1" in redirect)  # the messages


def _fail_badly(hand: CardSet, lead: Lead, table: Table) -> dict[str, object]:
    raise ZeroDivisionError("a bug")


def _die(hand: CardSet, lead: Lead, table: Table) -> dict[str, object]:
    os._exit(7)


@pytest.mark.parametrize(
    ("compute", "message"),
    [(_fail_badly, "(?s)a batch worker failed:\n.*ZeroDivisionError: a bug"),
     (_die, r"batch worker process \d+ ended unexpectedly \(exit code 7\)")],
)  # fmt: skip
def test_a_worker_that_fails_stops_the_run(compute: object, message: str, tmp_path: Path) -> None:
    job = BatchJob(default_table(), extra=Extra(("x",), compute))  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match=message):
        _run_into(tmp_path / "out", 2, CHUNKS_OF_HANDS, job)
    assert list(tmp_path.iterdir()) == []  # the output is not left half written


FORKED = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="the workers must share the test's patch"
)


@FORKED
def test_a_failed_write_in_a_worker_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(*args: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwrite", no_space)  # in the workers, forked from here
    with pytest.raises(OutputError, match="out: cannot be written \\(No space left on device\\)"):
        _run_into(tmp_path / "out", 2, CHUNKS_OF_HANDS)
    assert list(tmp_path.iterdir()) == []


def _written(result: ChunkResult) -> bytes:
    out = io.BytesIO()
    result.write_to(out)
    return out.getvalue()


def test_bytes_that_are_not_utf8_in_an_option() -> None:
    data = b"7S 8S 10S 7C 9C JC 7D 8D 7H 9H; lead=m\xe9\n"
    result = Checker(BatchJob(default_table())).check(TextChunk("f", 1, data))
    assert json.loads(result.output) == {
        "file": "f",
        "line": 1,
        "error": "lead 'm\ufffd' must be me or them",
    }
