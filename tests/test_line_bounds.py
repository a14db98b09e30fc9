"""Every reader of lines (``batch``, ``table compare``, ``allpass --layouts``; a file, a FIFO or
standard input) bounds a line: a line longer than :data:`~advisor.limits.MAX_LINE_BYTES` gets an
error record without its text, the lines after it are read as usual, memory stays flat on a
stream without line breaks, and Ctrl-C or SIGTERM ends a run reading ``/dev/zero`` (by the
signal itself, quietly).

Memory is the child's peak resident size (``VmHWM``, watched while it runs: ``wait4``'s would
count the test process's own pages, which the child held until it ran the advisor), never a
time: a stream of zeros
the bound asked of it goes through each reader.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from proc_watch import cpu_seconds, handles, peak_resident_bytes, poll_until
from solver_build import require_built

from advisor.allpass import solver as allpass_solver
from advisor.limits import MAX_LINE_BYTES
from advisor.text import LongLine, bounded_lines, first_byte, line_runs

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc (Linux)"
)

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
DEAL = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)
ZEROS = 256 << 20  # bytes of a line without a break: a reader that held it would hold this
FLAT = 160 << 20  # the most a run may hold at its peak (the interpreter and its modules: ~60 MB)
PATIENCE = 60  # seconds a signalled run may take to end (it takes milliseconds)
READERS = {
    "batch": (["batch", "--format", "jsonl"], HAND),
    "table compare": (["table", "compare", "--against", "exact"], HAND),
    "allpass --layouts": (["allpass", "--layouts"], DEAL),
}
"""Each reader: its command (the file is added after it) and a good line for it."""


def _needs(reader: str) -> None:
    if reader == "allpass --layouts":
        require_built(allpass_solver.core_available(), "the compiled all-pass solver")


def _file_argument(reader: str, path: str) -> list[str]:
    command, _ = READERS[reader]
    return [*command, path]


def _limit_memory() -> None:  # pragma: no cover - in the child
    """A reader that held the stream fails here, and does not take the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _run(arguments: list[str], stdin: int | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "advisor", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "ADVISOR_LANG": "en", "COLUMNS": "80"},
        preexec_fn=_limit_memory,
        stdin=stdin,
    )


def _ended(run: subprocess.Popen[bytes]) -> tuple[int, int, bytes, bytes]:
    """Read the run's streams to their end, watching its peak memory, then reap it: (its exit
    code, negative for a signal; its peak resident bytes; its standard output and error)."""
    out: list[bytes] = []
    peaks = [peak_resident_bytes(run.pid)]
    reading = threading.Thread(target=lambda: out.append(run.stdout.read()))  # type: ignore[union-attr]
    reading.start()
    errors: list[bytes] = []
    erring = threading.Thread(target=lambda: errors.append(run.stderr.read()))  # type: ignore[union-attr]
    erring.start()
    while reading.is_alive() or erring.is_alive():  # the peak only grows: the last one seen
        peaks.append(peak_resident_bytes(run.pid))
        threading.Event().wait(0.01)
    run.wait()
    return run.returncode, max(peaks), out[0], errors[0]


def _zeros_then(line: str, into: io.BufferedIOBase) -> None:
    block = bytes(1 << 20)
    try:
        for _ in range(ZEROS // len(block)):
            into.write(block)
        into.write(f"\n{line}\n".encode())
    except BrokenPipeError:  # pragma: no cover - the reader gave up: the test says so
        pass
    finally:
        into.close()


def _records_of(reader: str, out: bytes, errors: bytes) -> list[str]:
    """The error of line 1 and what line 2 gave (its verdict or its values)."""
    text = out.decode()
    if reader == "table compare":  # the bad line on standard error, the tally on the output
        hands = [line for line in text.splitlines() if line.startswith("Hands")]
        return [*errors.decode().splitlines(), *hands]
    records = [json.loads(line) for line in text.splitlines()]
    return [records[0]["error"], records[1].get("error", "ok")]


LONG = f"the line is longer than {MAX_LINE_BYTES:,} bytes (a hand needs a few hundred)"


@pytest.mark.parametrize("way", ["standard input", "FIFO"])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_line_without_end_is_one_error_record_and_memory_stays_flat(
    reader: str, way: str, tmp_path: Path
) -> None:
    _needs(reader)
    _, good = READERS[reader]
    if way == "FIFO":
        fifo = tmp_path / "zeros"
        os.mkfifo(fifo)
        run = _run(_file_argument(reader, str(fifo)))
        writer = threading.Thread(target=lambda: _zeros_then(good, fifo.open("wb")))
    else:
        run = _run(_file_argument(reader, "-"), stdin=subprocess.PIPE)
        writer = threading.Thread(target=_zeros_then, args=(good, run.stdin))
    writer.start()
    code, peak, out, errors = _ended(run)
    writer.join(timeout=PATIENCE)
    assert code == 2 and peak < FLAT, (code, peak, errors[-300:])
    found = _records_of(reader, out, errors)
    if reader == "table compare":
        assert found[0].endswith(f":1: {LONG}") and found[1:] == ["Hands                     1"]
    else:
        assert found == [LONG, "ok"]
    assert len(out) < 20_000  # the zeros are not echoed


CSV_READERS = {
    "batch (CSV)": ["batch", "--input-format", "csv"],
    "table compare (CSV)": ["table", "compare", "--against", "exact", "--input-format", "csv"],
}
"""Readers of CSV: a line without end is their header (a file failure, not a record)."""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("reader", sorted([*READERS, *CSV_READERS]))
def test_reading_dev_zero_stops_at_a_signal_and_holds_no_memory(reader: str, signum: int) -> None:
    _needs(reader)
    command = CSV_READERS.get(reader) or READERS[reader][0]
    run = _run([*command, "/dev/zero"])
    try:
        poll_until(
            lambda: run.poll() is not None or handles(run.pid, signal.SIGTERM), "the handler"
        )
        poll_until(
            lambda: run.poll() is not None or cpu_seconds(run.pid) >= 1.0, "a second of work"
        )
        assert run.poll() is None, run.stderr.read()[-300:]  # type: ignore[union-attr]
        run.send_signal(signum)
        code, peak, _out, errors = _ended(run)
    finally:
        if run.poll() is None:  # pragma: no cover - the test has failed already
            run.kill()
            run.wait()
    assert (code, errors) == (-signum, b"")
    assert peak < FLAT


@pytest.mark.parametrize(
    ("data", "limit", "lines"),
    [
        (b"ab\nxxxxxxxxxx\ncd\n\nz", 5, [b"ab", LongLine(11, b"x"), b"cd", b"", b"z"]),
        (b"ab\nxxxxxxxxxx", 5, [b"ab", LongLine(10, b"x")]),
        (b"  #  comment\n       \n", 5, [LongLine(13, b"#"), LongLine(8, b"")]),
        (b"12345\n123456\n", 5, [b"12345", LongLine(7, b"1")]),
        (b"", 5, []),
        (b"\n", 5, [b""]),
    ],
)
def test_bounded_lines(data: bytes, limit: int, lines: list[bytes | LongLine]) -> None:
    assert list(bounded_lines(io.BytesIO(data), limit)) == lines


def test_bounded_lines_across_reads() -> None:
    """Lines cut by the reads are whole again; a long one spans many reads."""
    data = b"a" * 70_000 + b"\n" + b"b" * 4096 + b"\n" + b"c" * 10 + b"\n"
    found = list(bounded_lines(io.BufferedReader(io.BytesIO(data), buffer_size=1000)))
    assert found == [LongLine(70_001, b"a"), b"b" * 4096, b"c" * 10]


def _lines_of(data: bytes, limit: int) -> list[bytes | LongLine]:
    """The lines of ``data`` as a reader should give them: split at line breaks, each one
    longer than ``limit`` as its size (line break included) and first byte."""
    *ended, last = data.split(b"\n")
    sized = [(line, len(line) + 1) for line in ended] + ([(last, len(last))] if last else [])
    return [
        line if _counted(line) <= limit else LongLine(size, first_byte(line))
        for line, size in sized
    ]


def _counted(line: bytes) -> int:
    """The bytes of a line that count against the limit: not a CRLF's carriage return, nor a
    byte-order mark at its start."""
    return len(line.removeprefix("\ufeff".encode()).removesuffix(b"\r"))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([b"a", b" ", b"#", b"\n", b"\r", b"\xef\xbb\xbf"]), max_size=60).map(
        b"".join
    ),
    st.integers(1, 12),
    st.integers(1, 9),
)
@example(b"  \xef\xbb\xbf#" * 2, 1, 2)  # a byte-order mark cut by the reads: a comment still
def test_line_runs_read_in_any_blocks(data: bytes, block: int, limit: int) -> None:
    """Whatever the reads' size, line_runs' runs are whole lines (but the stream's last) and
    its long lines are those of the text: the two readers built on it see the same lines."""
    runs = list(line_runs(io.BytesIO(data), block, limit))
    assert all(run.endswith(b"\n") for run in runs[:-1] if isinstance(run, bytes))
    found: list[bytes | LongLine] = []
    for run in runs:
        if isinstance(run, LongLine):
            found.append(run)
            continue
        found.extend(_lines_of(run, limit))
    assert found == _lines_of(data, limit)
    assert list(bounded_lines(io.BytesIO(data), limit)) == _lines_of(data, limit)


def test_a_long_comment_or_blank_line_is_skipped_as_a_short_one(tmp_path: Path) -> None:
    """Blank lines and comments get no record, however long (a long line of text still gets
    its error record), across reads too."""
    hand = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
    lines = [hand, "#" + "c" * 5000, " " * 5000, "\ufeff  #" + "c" * 200_000, "x" * 5000, hand]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "advisor", "batch", str(path), "-q", "--format", "jsonl"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [record["line"] for record in records] == [1, 5, 6]
    assert "error" in records[1] and done.returncode == 2
