"""Untrusted text made safe to show: control and invisible characters escaped, stray bytes
replaced; and the lines of a file as its readers take them.

A hand, an id, a file name or a table's text comes from the user and may hold anything: a NUL,
an ANSI or OSC escape sequence that would drive the terminal, a line break that would split a
one-line message, a zero-width space or a byte-order mark that would make the message quote
nothing visible, or bytes that were not UTF-8 (decoded with ``surrogateescape``). Every message
that quotes such text passes it through :func:`shown`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO, NamedTuple

from advisor.limits import MAX_LINE_BYTES, MAX_QUOTED_CHARS

BYTE_ORDER_MARK = "\ufeff"

# C0 controls, DEL and C1 controls; the line and paragraph separators; the bidirectional marks,
# overrides and isolates (which can make a message read backwards on screen); the characters
# that show nothing (Unicode's "default ignorable" code points: the soft hyphen, zero-width
# spaces and joiners, U+FEFF, variation selectors, fillers, tags, ...); and the other format
# characters (interlinear annotation, the signs that join the number after them, hieroglyph
# controls), so that a message never quotes something invisible or something that rearranges
# its neighbours
_CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
    "\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001345f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
_STRAY_BYTE = re.compile("[\udc80-\udcff]")  # a byte that was not UTF-8, surrogate-escaped
_LINE_START = re.compile(f"[\\s{BYTE_ORDER_MARK}]+")


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def cut_short(text: str) -> str:
    """``text`` as a message quotes it: whole up to :data:`~advisor.limits.MAX_QUOTED_CHARS`
    characters, else cut there with an ellipsis (a message quotes no 120,000-letter argument
    nor a 309-digit number whole).

    >>> cut_short("7S")
    '7S'
    >>> cut_short("A" * 100)
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…'
    """
    return text if len(text) <= MAX_QUOTED_CHARS else text[: MAX_QUOTED_CHARS - 1] + "…"


def shown(text: str) -> str:
    """``text`` safe for a one-line message: ``\\x00``, ``\\x1b``, ``\\n``, ``\\u200b``...
    written out as escapes, and U+FFFD for each byte of the input that was not UTF-8."""
    if text.isascii() and text.isprintable():  # the usual case: nothing to do
        return text
    text = _CONTROL.sub(_escape, text)
    return _STRAY_BYTE.sub("\ufffd", text).encode("utf-8", "replace").decode("utf-8")


def line_content(line: str) -> str:
    """A line of a file as its reader takes it: without the white space at either end, nor the
    byte-order marks at its start (files run together into one stream keep each its own mark,
    at the start of some line; it means nothing there)."""
    line = line.strip()
    if line[:1] == BYTE_ORDER_MARK:
        return _LINE_START.sub("", line, count=1)
    return line


class LongLine(NamedTuple):
    """A line longer than :data:`~advisor.limits.MAX_LINE_BYTES`, read without being kept:
    its number of bytes, line break included, and its first byte that is not white space or
    a byte-order mark (:func:`first_byte`: ``b"#"`` for a comment, ``b""`` for a blank line),
    so that a reader skips it as it skips a short one."""

    size: int
    first: bytes = b""


_WHITE = b" \t\r\n\x0b\x0c"
_BOM = BYTE_ORDER_MARK.encode("utf-8")


def line_start(data: bytes, seen: bytes = b"") -> bytes:
    """A line's bytes from the first that is not white space (as :func:`line_content` strips
    it, in ASCII) nor a byte-order mark, at most three: ``seen``, what its bytes before gave
    (``b""``: none yet), then more of them, ``data``. Three bytes are enough to tell a mark cut
    by a read (its first one or two bytes, kept until the rest comes) from the line's content.

    >>> line_start(b"  \\xef"), line_start(b"\\xbb\\xbf # note", b"\\xef"), line_start(b"", b"7ab")
    (b'\\xef', b'# n', b'7ab')
    """
    if seen and not _BOM.startswith(seen):
        return seen
    rest = (seen + data).lstrip(_WHITE)
    while rest.startswith(_BOM):
        rest = rest[len(_BOM) :].lstrip(_WHITE)
    return rest[: len(_BOM)]


def first_byte(data: bytes) -> bytes:
    """The first byte of a line that is not white space nor a byte-order mark
    (:func:`line_start`).

    >>> first_byte(b"  # a note"), first_byte(b"   "), first_byte(b"\\xef\\xbb\\xbf7")
    (b'#', b'', b'7')
    """
    return line_start(data)[:1]


def line_size(line: bytes) -> int:
    """The bytes of ``line`` (its line feed dropped) that count against a line's length: not
    a CRLF's carriage return nor a byte-order mark at its start, so that a line is as long
    written with CRLF, or first in a file with a mark, as it is with LF alone.

    >>> line_size(b"7S 8S"), line_size(b"7S 8S\\r"), line_size(b"\\xef\\xbb\\xbf7S 8S\\r")
    (5, 5, 5)
    """
    size = len(line) - line.endswith(b"\r")
    return size - len(_BOM) if line.startswith(_BOM) else size


LINE_SLACK = len(b"\r") + len(BYTE_ORDER_MARK.encode("utf-8"))
"""The bytes a line may hold beyond the limit without being longer (:func:`line_size`)."""

READ_BYTES = 1 << 16  # read at a time: a read of a stream that never ends comes back at once


def line_runs(
    stream: IO[bytes], block_size: int = READ_BYTES, limit: int = MAX_LINE_BYTES
) -> Iterator[bytes | LongLine]:
    """``stream`` as runs of whole lines, one a read of ``block_size`` bytes (the last run
    may end without a line break, as the stream does), and a :class:`LongLine` for each line
    longer than ``limit`` that goes past a read (by more than :data:`LINE_SLACK`; the reader
    tells the rest by :func:`line_size`): its bytes are dropped as they come, so memory stays
    flat on a stream without line breaks. A longer line that came within one read stays in
    its run. Each read returns within a block, so that a signal is handled while reading
    (``/dev/zero``, a FIFO, a terminal)."""
    read = getattr(stream, "read1", stream.read)
    pending, start = b"", b""  # start: the over-long line's, as line_start keeps it
    dropped = -1  # bytes of an over-long line dropped so far; -1: not in one
    while block := read(block_size):
        if dropped >= 0:
            end = block.find(b"\n")
            if end < 0:
                dropped, start = dropped + len(block), line_start(block, start)
                continue
            yield LongLine(dropped + end + 1, line_start(block[:end], start)[:1])
            dropped, block = -1, block[end + 1 :]
        data = pending + block if pending else block
        cut = data.rfind(b"\n") + 1
        pending = data[cut:]
        if cut:
            yield data[:cut]
        if len(pending) > limit + LINE_SLACK:
            dropped, start, pending = len(pending), line_start(pending), b""
    if dropped >= 0:
        yield LongLine(dropped, start[:1])
    elif pending:
        yield pending


def bounded_lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | LongLine]:
    """The lines of ``stream`` (line breaks dropped), but a :class:`LongLine` for each one
    longer than ``limit`` bytes, read as :func:`line_runs` reads."""
    for run in line_runs(stream, READ_BYTES, limit):
        if isinstance(run, LongLine):
            yield run
            continue
        *lines, last = run.split(b"\n")  # last: after the run's last line break
        for line in lines:
            yield line if line_size(line) <= limit else LongLine(len(line) + 1, first_byte(line))
        if last:  # the stream's last line, ended by the stream
            yield last if line_size(last) <= limit else LongLine(len(last), first_byte(last))
