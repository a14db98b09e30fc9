"""Many deals in one process: one deal a line in, one result a line out, in input order.

Every line gets exactly one result: the values of its deal, or the error that keeps it from
being one (a blank line included, and a line too long, given by
:func:`~advisor.text.bounded_lines` as a :class:`~advisor.text.LongLine`); but a comment, a
line whose first character is ``#``, gets none (as in a file of hands for ``advisor batch``).
Lines are read and solved a chunk at a time, so memory stays flat however long the input, and a
chunk's deals go to the compiled core in one call.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.allpass.rules import AllPassRules, Deal, parse_deal
from advisor.allpass.solver import DealValues, Value, solve_deals
from advisor.errors import AdvisorError
from advisor.i18n import Phrase
from advisor.limits import LONG_LINE, check_jobs
from advisor.seats import Position
from advisor.text import LongLine, line_content, shown

CHUNK_LINES = 512


@dataclass(frozen=True)
class LineResult:
    """The result of one input line (numbered from 1): its values, or what is wrong with it
    (in a record with its control and invisible characters escaped)."""

    line: int
    values: DealValues | None = None
    error: Phrase | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.values is None:
            return {"line": self.line, "error": shown(str(self.error))}
        return {"line": self.line, "seats": [seat.to_dict() for seat in self.values]}


def solve_lines(
    lines: Iterable[bytes | str | LongLine],
    rules: AllPassRules,
    seats: Sequence[Position] = tuple(Position),
    values: Sequence[Value] = tuple(Value),
    jobs: int = 1,
) -> Iterator[LineResult]:
    """A :class:`LineResult` for each line of ``lines`` (bytes are read as UTF-8) but the
    comments, in order."""
    check_jobs(jobs)
    chunk: list[tuple[int, Deal | Phrase]] = []
    for number, line in enumerate(lines, start=1):
        found = _read(line)
        if found is None:
            continue
        chunk.append((number, found))
        if len(chunk) == CHUNK_LINES:
            yield from _solve_chunk(chunk, rules, seats, values, jobs)
            chunk = []
    yield from _solve_chunk(chunk, rules, seats, values, jobs)


def _read(line: bytes | str | LongLine) -> Deal | Phrase | None:
    """The deal on a line, or what is wrong with it; None for a comment."""
    if isinstance(line, LongLine):
        return None if line.first == b"#" else LONG_LINE
    if isinstance(line, bytes):
        text = line_content(line.decode("utf-8", "surrogateescape"))
        if text[:1] != "#":
            try:
                line.decode("utf-8")
            except UnicodeDecodeError as error:
                return Phrase(
                    "not UTF-8 text ({reason} at byte {start})",
                    reason=error.reason,
                    start=error.start,
                )
    else:
        text = line_content(line)
    if text[:1] == "#":
        return None
    if not text:
        return Phrase("no deal on this line: write first: ... second: ... third: ... talon: ...")
    try:
        return parse_deal(text)
    except AdvisorError as error:
        return error.phrase


def _solve_chunk(
    chunk: list[tuple[int, Deal | Phrase]],
    rules: AllPassRules,
    seats: Sequence[Position],
    values: Sequence[Value],
    jobs: int,
) -> Iterator[LineResult]:
    deals = [deal for _, deal in chunk if isinstance(deal, Deal)]
    solved = iter(solve_deals(deals, rules, seats, values, jobs))
    for number, deal in chunk:
        if isinstance(deal, Deal):
            yield LineResult(number, values=next(solved))
        else:
            yield LineResult(number, error=deal)
