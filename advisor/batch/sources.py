"""Reading the sources of a batch run into chunks of whole lines (text) or rows (CSV), every
line accounted for: a line too long to be a hand, a CSV row the ``csv`` module cannot read and
a file that cannot be read each become something that gets its own error record or message."""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import os
import stat
from collections import deque
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

from advisor.errors import BatchError, os_reason
from advisor.i18n import Phrase
from advisor.limits import LONG_LINE, MAX_LINE_BYTES
from advisor.text import BYTE_ORDER_MARK, LINE_SLACK, first_byte, line_runs, line_size, shown
from advisor.text import LongLine as DroppedLine

STDIN_LABEL = "<stdin>"
BLOCK_SIZE = 1 << 16  # bytes of text per chunk
CSV_ROWS = 1000  # CSV rows per chunk
LINE_BYTES = 40  # about one line of hand text, for chunks counted in hands


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
    error: Phrase | None = None  # a row that could not be read: its error record


@dataclass(frozen=True)
class CsvChunk:
    """Rows of a CSV file: (line, hand, lead, id) with empty text for a missing column."""

    file: str
    items: tuple[CsvItem, ...]
    size: int


@dataclass(frozen=True)
class LongLine:
    """A line longer than :data:`~advisor.limits.MAX_LINE_BYTES`: its bytes (``size``) were
    dropped as they were read, and it gets an error record, unless it is blank or a comment,
    as its first byte that is not white space tells (:func:`~advisor.text.first_byte`)."""

    file: str
    line: int
    size: int
    first: bytes = b""

    @property
    def skipped(self) -> bool:
        """A blank line or a comment: no record, as for a short one."""
        return self.first in (b"", b"#")


@dataclass(frozen=True)
class FileFailure:
    """A file that could not be read (or not to its end): ``message`` names it."""

    file: str
    message: Phrase


Chunk = TextChunk | CsvChunk | LongLine


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
        yield _failure(source.label, _reason(error))
    except BatchError as error:
        yield _failure(source.label, error.phrase)
    except csv.Error as error:
        yield _failure(source.label, Phrase("{reason}", reason=str(error)))


def _failure(label: str, reason: Phrase) -> FileFailure:
    return FileFailure(label, Phrase("{file}: {reason}", file=label, reason=reason))


def _open(source: Source) -> contextlib.AbstractContextManager[IO[bytes]]:
    if source.path is None:
        assert source.stream is not None, "a source without a path needs a stream"
        return contextlib.nullcontext(source.stream)
    return open(source.path, "rb")


def _reason(error: OSError) -> Phrase:
    if isinstance(error, FileNotFoundError):
        return Phrase("no such file")
    if isinstance(error, IsADirectoryError):
        return Phrase("is a directory, not a file of hands")
    if isinstance(error, PermissionError):
        return Phrase("cannot be read (permission denied)")
    if error.errno == errno.EBADF:
        return Phrase("cannot be read (it is closed)")
    return Phrase("cannot be read ({reason})", reason=os_reason(error))


def _text_chunks(label: str, stream: IO[bytes], block_size: int) -> Iterator[TextChunk | LongLine]:
    """Whole lines in chunks of about ``block_size`` bytes (:func:`~advisor.text.line_runs`).
    A line longer than :data:`MAX_LINE_BYTES` becomes a :class:`LongLine`, its bytes dropped as
    they come: never held whole, however long."""
    line = 1
    for run in line_runs(stream, block_size, MAX_LINE_BYTES):
        if isinstance(run, DroppedLine):
            yield LongLine(label, line, run.size, run.first)
            line += 1
        else:
            yield from _whole_lines(label, line, run)
            line += run.count(b"\n")


def _may_have_long_line(data: bytes) -> bool:
    """Whether a line of ``data`` may be longer than :data:`MAX_LINE_BYTES`: some stretch of
    that many bytes and one more holds no line break (its carriage return or byte-order mark,
    which do not count, are told apart line by line). Looked for stretch by stretch, a few
    steps a chunk (splitting the chunk into lines would cost forty times more)."""
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
    if not _may_have_long_line(data):
        yield TextChunk(label, first, data)
        return
    line, start, at = first, 0, 0  # the chunk being gathered: its first line and byte; here
    for number, text in enumerate(data.split(b"\n"), first):
        if line_size(text) > MAX_LINE_BYTES:
            if at > start:
                yield TextChunk(label, line, data[start:at])
            yield LongLine(label, number, len(text) + 1, first_byte(text))
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
    written); ``cut`` collects the numbers of such lines. A byte-order mark at the start of a
    line is dropped. ``odd`` tells whether the lines given since :meth:`skip_open_quote` last
    ran hold an odd number of quotes."""

    def __init__(self, text: IO[str]) -> None:
        self.text, self.number, self.cut = text, 0, deque[int]()
        self.odd = False
        self.ended = False
        """Whether the text has been read to its end (the reader asked for a line past it)."""

    def __iter__(self) -> _BoundedLines:
        return self

    def __next__(self) -> str:
        line = self.text.readline(MAX_LINE_BYTES + LINE_SLACK)
        if not line:
            self.ended = True
            raise StopIteration
        self.number += 1
        if _csv_line_size(line) > MAX_LINE_BYTES:
            quotes, piece = line.count('"'), line
            while not piece.endswith(_LINE_ENDS) and (piece := self.text.readline(BLOCK_SIZE)):
                quotes += piece.count('"')
            self.cut.append(self.number)
            line = '"' * (quotes % 2) + "\n"
        self.odd ^= line.count('"') % 2 == 1
        return line.lstrip(BYTE_ORDER_MARK)  # the mark of a file run together with others

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


_LINE_ENDS = ("\n", "\r")
"""How a line read with universal newlines kept as written (``newline=""``) may end."""


def _csv_line_size(line: str) -> int:
    """The characters of a CSV line that count against its length: as
    :func:`~advisor.text.line_size` counts bytes, not its line break (LF, CRLF or CR) nor a
    byte-order mark at its start."""
    size = len(line.rstrip("\r\n")) if line.endswith(_LINE_ENDS) else len(line)
    return size - 1 if line.startswith(BYTE_ORDER_MARK) else size


def _csv_rows(
    label: str, reader: Any, lines: _BoundedLines, stream: IO[bytes], csv_rows: int
) -> Iterator[CsvChunk]:
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise BatchError(
            Phrase("the CSV header cannot be read ({reason})", reason=str(error))
        ) from None
    if header is None:
        raise BatchError(Phrase("empty CSV file: it needs a header with a 'hand' column"))
    if lines.spoilt(1, lines.number):
        raise BatchError(
            Phrase("the CSV header is longer than {limit:,} bytes", limit=MAX_LINE_BYTES)
        )
    columns = [name.strip().lower() for name in header]
    if "hand" not in columns:
        found = shown(", ".join(header))
        raise BatchError(
            Phrase("the CSV header has no 'hand' column (found: {found})", found=found)
        )
    where = [columns.index(name) if name in columns else -1 for name in ("hand", "lead", "id")]
    items: list[CsvItem] = []
    line, position = lines.number + 1, 0
    while True:
        lines.odd = False
        problem: Phrase | None = None
        try:
            row = next(reader, None)
        except csv.Error as error:  # a field over the csv module's limit: this row only
            lines.skip_open_quote()
            row, problem = [], Phrase("the row cannot be read ({reason})", reason=str(error))
            if lines.ended:  # the quote was never closed: the rest of the file was its field
                problem = _unclosed(line, lines.number)
        else:
            if row is None:
                break
            if lines.spoilt(line, lines.number):
                problem = LONG_LINE
            elif lines.ended:  # the reader asked past the end for the rest of a quoted field
                problem = _unclosed(line, lines.number)
        start, line = line, lines.number + 1
        if problem is not None:
            items.append(CsvItem(start, "", "", "", problem))
        elif any(value.strip() for value in row):
            hand, lead, ident = (row[i] if 0 <= i < len(row) else "" for i in where)
            items.append(CsvItem(start, hand, lead, ident))
        if len(items) == csv_rows:
            position = yield from _flush(label, items, stream, position)
    if items:
        yield from _flush(label, items, stream, position)


def _unclosed(first: int, last: int) -> Phrase:
    """The error of a row whose quote the file never closes: it holds every line to the end."""
    if first == last:
        return Phrase("a quote opened on line {first} is never closed", first=first)
    return Phrase(
        "a quote opened on line {first} is never closed: lines {first}–{last} were read as one "
        "field",
        first=first,
        last=last,
    )


def _flush(
    label: str, items: list[CsvItem], stream: IO[bytes], position: int
) -> Generator[CsvChunk, None, int]:
    """One chunk of CSV rows; returns how far the stream has been read (for progress)."""
    now = stream.tell() if stream.seekable() else position
    yield CsvChunk(label, tuple(items), now - position)
    items.clear()
    return now
