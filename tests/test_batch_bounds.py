"""``advisor batch`` against hostile input and outputs: over-long lines and CSV fields, memos
on endless distinct lines, too many jobs, outputs that are inputs, links and pipes, markup."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fifo import read_in_background
from proc_watch import signalled

from advisor.batch import (
    BLOCK_SIZE,
    LONG_LINE,
    BatchJob,
    BatchRun,
    ChunkResult,
    FileFailure,
    HandReader,
    LongLine,
    Source,
    TextChunk,
    read_chunks,
)
from advisor.cli import main
from advisor.errors import AdvisorError
from advisor.limits import MAX_LINE_BYTES, max_jobs
from advisor.table import default_table

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["batch", *args], input=input)


def records(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines()]


def test_an_over_long_line_is_one_error_record_never_held_whole(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as out:
        out.write(f"{HAND}\n".encode())
        for _ in range(160):  # a 10 MB line
            out.write(b"7S " * 21_000)
        out.write(f"\n{HAND}\n{'x' * (MAX_LINE_BYTES + 1)}\n{HAND}".encode())
    chunks = list(read_chunks(Source("huge", path=str(huge))))
    assert max(len(c.data) for c in chunks if isinstance(c, TextChunk)) <= BLOCK_SIZE
    assert [c.line for c in chunks if isinstance(c, LongLine)] == [2, 4]
    result = run(str(huge), "-q")
    assert [(r["line"], r.get("error")) for r in records(result.stdout)] == [
        (1, None), (2, str(LONG_LINE)), (3, None), (4, str(LONG_LINE)), (5, None),
    ]  # fmt: skip
    assert result.exit_code == 2


def test_a_line_at_the_limit_is_read(tmp_path: Path) -> None:
    padded = HAND + " " * (MAX_LINE_BYTES - len(HAND))
    result = run("-q", input=f"{padded}\n{padded} \n")
    assert [r.get("error") for r in records(result.stdout)] == [None, str(LONG_LINE)]


@pytest.mark.parametrize("mark", ["", "\ufeff"])
@pytest.mark.parametrize("ending", ["\n", "\r\n"])
@pytest.mark.parametrize("kind", ["txt", "csv"])
@pytest.mark.parametrize("block", [1000, BLOCK_SIZE])  # the lines cut across reads, or within one
def test_a_line_break_or_mark_does_not_count_against_the_limit(
    kind: str, ending: str, mark: str, block: int, tmp_path: Path
) -> None:
    """A line of the limit's length is read whether it ends with LF or CRLF and whether the
    file starts with a byte-order mark; one more is too long (a text file's limit is in bytes,
    a CSV file's in characters: a line of ♠ is long in the first sooner)."""
    cell = f'"{HAND}",x' if kind == "csv" else HAND
    padded = cell + " " * (MAX_LINE_BYTES - len(cell))
    lines = [padded, padded + " ", HAND]
    text = mark + ending.join(["hand,id", *lines] if kind == "csv" else lines) + ending
    path = tmp_path / f"hands.{kind}"
    path.write_bytes(text.encode())
    found = [
        chunk.line for chunk in read_chunks(Source(str(path), path=str(path)), block_size=block)
        if isinstance(chunk, LongLine)
    ]  # fmt: skip
    assert found == ([3] if kind == "csv" else [2])  # the line after the CSV's header
    errors = [r.get("error") for r in records(run(str(path), "-q").stdout)]
    assert errors == [None, str(LONG_LINE), None]


def test_an_over_long_csv_field_spoils_only_its_row(tmp_path: Path) -> None:
    sheet = tmp_path / "hands.csv"
    field = "x" * 200_000  # over the csv module's own limit (128 KiB)
    lines = "\n".join(["q"] * 70_000)  # a quoted field of many short lines
    sheet.write_text(
        f'hand,id\n{HAND},a\n"{field}",b\n{HAND},c\n"{lines}",d\n{HAND},e\n"{HAND}","f\n g"\n'
    )
    result = run(str(sheet), "-q")
    found = [(r["line"], r.get("id"), "error" in r) for r in records(result.stdout)]
    assert found == [
        (2, "a", False), (3, None, True), (4, "c", False), (5, None, True),
        (70_005, "e", False), (70_006, "f\n g", False),
    ]  # fmt: skip
    assert records(result.stdout)[1]["error"] == str(LONG_LINE)
    assert str(records(result.stdout)[3]["error"]).startswith("the row cannot be read (field")


def test_a_quote_never_closed_is_said(tmp_path: Path) -> None:
    """A quote the file never closes holds every line to the end in one field, as CSV reads
    it: its record says so (it was a misleading hand error about the field's text), and a
    field closed over several lines is still one value."""
    sheet = tmp_path / "hands.csv"
    sheet.write_text(f'hand,id\n{HAND},"a\nb"\n"{HAND},c\n{HAND},d\n{HAND},e\n')
    found = records(run(str(sheet), "-q").stdout)
    assert [(r["line"], r.get("id")) for r in found] == [(2, "a\nb"), (4, None)]
    assert found[1]["error"] == (
        "a quote opened on line 4 is never closed: lines 4–6 were read as one field"
    )
    sheet.write_text(f'hand,id\n{HAND},a\n{HAND},"b')
    found = records(run(str(sheet), "-q").stdout)
    assert [r.get("error") for r in found] == [None, "a quote opened on line 3 is never closed"]
    many = "\n".join([HAND] * 30_000)  # past the csv module's field limit, to the end
    sheet.write_text(f'hand,id\n{HAND},a\n"{HAND}\n{many}\n')
    found = records(run(str(sheet), "-q").stdout)
    assert [r.get("error") for r in found] == [
        None,
        "a quote opened on line 3 is never closed: lines 3–30003 were read as one field",
    ]
    sheet.write_text(f'hand,id\n{HAND},"a"')  # no line break at the end: a whole row
    assert [r.get("id") for r in records(run(str(sheet), "-q").stdout)] == ["a"]


def test_memos_stay_small_on_endless_distinct_lines() -> None:
    reader = HandReader()
    for n in range(3000):
        text = f"♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 {'7' * (n % 50)} x{n} " + "8" * 200
        with pytest.raises(AdvisorError):
            reader.read(text)
    memos = [reader._token.__self__, reader._group.__self__, reader._suit.__self__]  # type: ignore[attr-defined]
    assert all(len(key) <= 40 for memo in memos for key in memo)
    assert sum(map(len, memos)) < 200


def test_too_many_jobs_is_a_usage_error() -> None:
    limit = max_jobs()
    result = run("--jobs", str(limit + 1), input=HAND)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: Invalid value for '-j' / '--jobs': jobs must be at most {limit} "
        f"(4 × the {limit // 4} cores), not {limit + 1}\n",
    )


def _hands(results: Iterable[ChunkResult | FileFailure]) -> int:
    """The hands the results checked, every one a chunk's result (none a failed file)."""
    total = 0
    for result in results:
        assert isinstance(result, ChunkResult)
        total += result.tally.hands
    return total


def test_no_more_workers_than_chunks() -> None:
    job = BatchJob(default_table())
    with BatchRun(job, max_jobs()) as few:
        results = list(few.results([Source("a", stream=io.BytesIO(f"{HAND}\n".encode() * 20))]))
        assert few.workers == 0  # one chunk: checked here, no process started
    assert _hands(results) == 20
    data = f"{HAND}\n".encode() * (3 * BLOCK_SIZE // (len(HAND) + 1) - 100)
    chunks = len(list(read_chunks(Source("a", stream=io.BytesIO(data)))))
    assert chunks == 3
    with BatchRun(job, max_jobs()) as some:
        started = some.results([Source("a", stream=io.BytesIO(data))])
        assert some.workers == min(3, max_jobs())
        assert _hands(started) == data.count(b"\n")


def test_an_output_that_is_an_input_is_refused_before_reading(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n")
    link = tmp_path / "link.txt"
    link.symlink_to(hands)
    for output in (hands, link):
        result = run(str(hands), "-o", str(output))
        assert (result.exit_code, result.stderr) == (
            2,
            f"Error: {output} is also the input {hands}: write the results elsewhere\n",
        )
        assert hands.read_text() == f"{HAND}\n"


def test_standard_output_appended_to_an_input_is_refused(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n")
    command = f'"{sys.executable}" -m advisor batch hands.txt >> hands.txt'
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (
        2,
        "Error: standard output is also the input hands.txt: write the results elsewhere\n",
    )
    assert hands.read_text() == f"{HAND}\n"


def test_output_through_a_symlink_replaces_its_target(tmp_path: Path) -> None:
    target = tmp_path / "target.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target.name)
    assert run("-q", "-o", str(link), input=HAND).exit_code == 0
    assert link.is_symlink() and records(target.read_text())[0]["verdict"] == "declare"


def test_output_into_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    received = read_in_background(fifo)
    assert run("-q", "-o", str(fifo), input=HAND).exit_code == 0
    assert records(received().decode())[0]["line"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


@pytest.mark.parametrize("ident", ["[/]", "[red]x[/red]", "[bold"])
def test_ids_are_never_markup(ident: str) -> None:
    result = run("--format", "table", "-q", input=f"{HAND}; id={ident}\n")
    assert result.exit_code == 0
    assert f"  {ident[:9]}" in result.stdout  # as written (the column is 10 wide)


def test_control_characters_in_messages_are_escaped() -> None:
    result = run("-q", "--format", "table", input="7S\x1b[31m 8S\x00; id=a\x07b\n")
    assert "\x1b" not in result.output and "\x00" not in result.output
    assert (
        result.stderr == "<stdin>:1: '7S\\x1b[31m': '\\x1b' is neither a rank (7..A) nor a suit\n"
    )


def test_an_empty_output_name_is_an_error() -> None:
    result = run("-q", "-o", "", input=HAND)
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: Invalid value for '-o' / '--output': the file name is empty\n",
    )


def test_output_through_a_symlink_to_a_fifo_is_written_into_the_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    received = read_in_background(fifo)
    (tmp_path / "link").symlink_to(fifo)
    assert run("-q", "-o", str(tmp_path / "link"), input=HAND).exit_code == 0
    assert records(received().decode())[0]["line"] == 1
    assert (tmp_path / "link").is_symlink()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("signum", [2, 15], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_a_waiting_run_by_itself(signum: int) -> None:
    """A run waiting for standard input: Ctrl-C and SIGTERM end it by the signal itself (a
    shell reports 130 and 143), nothing on stderr."""
    ended = signalled(["batch", "-q"], signum, work=0, stdin=subprocess.PIPE, patience=120)
    assert (ended.code, ended.errors) == (-signum, b"")


@pytest.mark.parametrize("length", [0, 1, MAX_LINE_BYTES - 1, MAX_LINE_BYTES, MAX_LINE_BYTES + 1])
@pytest.mark.parametrize("where", ["first", "middle", "last", "last, unended"])
@pytest.mark.parametrize("block", [1000, BLOCK_SIZE])  # the line cut across reads, or within one
def test_long_lines_are_found_wherever_they_are(length: int, where: str, block: int) -> None:
    short = b"7S 8S 10S 7C 9C JC 7D 8D 7H 9H\n" * 200
    line = b"x" * length + (b"" if where == "last, unended" else b"\n")
    data = {"first": line + short, "middle": short + line + short}.get(where, short + line)
    chunks = list(read_chunks(Source("s", stream=io.BytesIO(data)), block_size=block))
    long_lines = [c.line for c in chunks if isinstance(c, LongLine)]
    assert long_lines == ([] if length <= MAX_LINE_BYTES else [1 if where == "first" else 201])
