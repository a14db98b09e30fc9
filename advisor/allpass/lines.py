"""Many deals in one process: one deal a line in, one result a line out, in input order.

Every line gets exactly one result: the values of its deal, or the error that keeps it from
being one (a blank line included). Lines are read and solved a chunk at a time, so memory stays
flat however long the input, and a chunk's deals go to the compiled core in one call.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.allpass.rules import AllPassRules, Deal, parse_deal
from advisor.allpass.solver import DealValues, Value, solve_deals
from advisor.errors import AdvisorError
from advisor.i18n import Phrase
from advisor.limits import check_jobs
from advisor.seats import Position

CHUNK_LINES = 512


@dataclass(frozen=True)
class LineResult:
    """The result of one input line (numbered from 1): its values, or what is wrong with it."""

    line: int
    values: DealValues | None = None
    error: Phrase | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.values is None:
            return {"line": self.line, "error": str(self.error)}
        return {"line": self.line, "seats": [seat.to_dict() for seat in self.values]}


def solve_lines(
    lines: Iterable[bytes | str],
    rules: AllPassRules,
    seats: Sequence[Position] = tuple(Position),
    values: Sequence[Value] = tuple(Value),
    jobs: int = 1,
) -> Iterator[LineResult]:
    """A :class:`LineResult` for each line of ``lines`` (bytes are read as UTF-8), in order."""
    check_jobs(jobs)
    chunk: list[tuple[int, Deal | Phrase]] = []
    for number, line in enumerate(lines, start=1):
        chunk.append((number, _read(line)))
        if len(chunk) == CHUNK_LINES:
            yield from _solve_chunk(chunk, rules, seats, values, jobs)
            chunk = []
    yield from _solve_chunk(chunk, rules, seats, values, jobs)


def _read(line: bytes | str) -> Deal | Phrase:
    """The deal on a line, or what is wrong with it."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError as error:
        return Phrase(
            "not UTF-8 text ({reason} at byte {start})", reason=error.reason, start=error.start
        )
    text = text.strip().lstrip("\ufeff")
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
