"""Checking chunks of lines into records: the job, the sinks that gather each output form,
the tally for the summary, and :class:`Checker`, the part of a run each process does."""

from __future__ import annotations

import errno
import io
import os
import shutil
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

from advisor import i18n
from advisor.batch import reader
from advisor.batch.extras import Extra
from advisor.batch.records import (
    BANDS,
    CSV_COLUMNS,
    LeadRecords,
    Shape,
    csv_field,
    csv_text,
    utf8_json,
)
from advisor.batch.sources import Chunk, CsvChunk, TextChunk
from advisor.cards import CardSet
from advisor.errors import AdvisorError, BatchError
from advisor.i18n import Phrase
from advisor.jsonout import json_text
from advisor.limits import LONG_LINE
from advisor.seats import Lead
from advisor.table import Table
from advisor.text import line_content

OUTPUTS = ("jsonl", "csv", "rows")


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
    error: Phrase | None = None
    extra: Mapping[str, Any] = {}
    mask: int = 0
    """The hand's cards (:attr:`advisor.cards.CardSet.mask`): to judge it again, with another
    table (``table compare``)."""


class LineError(NamedTuple):
    """What is wrong with a line that got an error record, for the message on standard error:
    ``str()`` is the English of the record, :meth:`text` the language spoken."""

    file: str
    line: int
    problem: Phrase

    def text(self) -> str:
        """``FILE:LINE: what is wrong``, in the language spoken."""
        return f"{self.file}:{self.line}: {reader.printable(i18n.text(self.problem))}"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {reader.printable(str(self.problem))}"


@dataclass
class ChunkResult:
    """A checked chunk: ``output`` (UTF-8 JSON lines or CSV, empty for rows), ``rows`` (for a
    table), ``messages`` (``FILE:LINE: what is wrong`` each), its tally, and the input bytes it
    covered. A worker process leaves its output in a file instead: :meth:`write_to` writes
    either."""

    output: bytes
    rows: list[Row]
    messages: list[LineError]
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


# --- sinks: one chunk's records in one output form ---------------------------------------------


class _Sink:
    """Collects one chunk's records in one output form."""

    def __init__(self, file: str, job: BatchJob) -> None:
        self.file, self.extra = file, job.extra
        self.parts: list[bytes] = []
        self.rows: list[Row] = []
        self.messages: list[LineError] = []
        self.shapes: list[Shape] = []  # one for each valid hand, counted at the end
        self.bad = 0

    def hand(self, line: int, mask: int, records: LeadRecords, ident: str | None) -> None:
        raise NotImplementedError

    def error(self, line: int, problem: Phrase) -> None:
        self.bad += 1
        self.messages.append(LineError(self.file, line, problem))

    def extra_fields(self, mask: int, records: LeadRecords) -> Mapping[str, Any]:
        if self.extra is None:
            return {}
        return self.extra.compute(CardSet(mask), records.lead, records.table)

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
        self.head = b'{"file": ' + utf8_json(file) + b', "line": '
        # a record up to the hand's text, from the line number (and the id)
        template = self.head.replace(b"%", b"%%") + b'%d, "id": '
        self.start_with_id = template + b'%b, "hand": "'
        self.start_without_id = template + b'null, "hand": "'

    def hand(self, line: int, mask: int, records: LeadRecords, ident: str | None) -> None:
        # the extra analysis first: when it fails, the line gets an error record instead
        fields = None if self.extra is None else self.extra_fields(mask, records)
        if ident is None:
            start = self.start_without_id % line
        else:
            start = self.start_with_id % (line, utf8_json(ident))
        self.shapes.append(records.json_record(self.parts, start, mask))
        if fields:  # into the record's last piece, before its closing "}\n"
            self.parts[-1] = self.parts[-1][:-2] + b", " + utf8_json(dict(fields))[1:] + b"\n"

    def error(self, line: int, problem: Phrase) -> None:
        super().error(line, problem)
        message = utf8_json(reader.printable(str(problem)))
        self.parts.append(b'%b%d, "error": %b}\n' % (self.head, line, message))


class _CsvLines(_Sink):
    def __init__(self, file: str, job: BatchJob) -> None:
        super().__init__(file, job)
        self.head = csv_text(file).encode() + b","
        self.blank_extra = b"," * len(job.extra.fields) if job.extra else b""
        self.blank_record = b"," * (len(CSV_COLUMNS) - 2)  # from "line" to "error"

    def hand(self, line: int, mask: int, records: LeadRecords, ident: str | None) -> None:
        ident_csv = b"" if ident is None else csv_text(ident).encode()
        text, shape = records.csv_line(self.head, line, ident_csv, mask)
        extra = self.blank_extra
        if self.extra is not None:
            fields = self.extra_fields(mask, records)
            extra = "".join(
                "," + _csv_cell(fields.get(name)) for name in self.extra.fields
            ).encode()
        self.parts.append(text[:-1] + extra + b"\n" if extra else text)
        self.shapes.append(shape)

    def error(self, line: int, problem: Phrase) -> None:
        super().error(line, problem)
        error = csv_text(reader.printable(str(problem))).encode()
        self.parts.append(b"%b%d%b%b%b\n" % (self.head, line, self.blank_record, error,
                                              self.blank_extra))  # fmt: skip


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    return csv_text(value) if isinstance(value, str) else csv_field(json_text(value))


class _Rows(_Sink):
    def hand(self, line: int, mask: int, records: LeadRecords, ident: str | None) -> None:
        hand, shape = records.hand_and_shape(mask)
        extra = self.extra_fields(mask, records)
        self.rows.append(Row(self.file, line, ident, hand, records.lead.value,
                             shape.holes, shape.combined, shape.verdict, shape.decided_by,
                             None, extra, mask))  # fmt: skip
        self.shapes.append(shape)

    def error(self, line: int, problem: Phrase) -> None:
        super().error(line, problem)
        self.rows.append(Row(self.file, line, None, error=problem))


_SINKS: dict[str, type[_Sink]] = {"jsonl": _JsonLines, "csv": _CsvLines, "rows": _Rows}


# --- the checker -------------------------------------------------------------------------------


class Checker:
    """Checks chunks for one :class:`BatchJob`: the part of a run done in each process.

    ``scan`` reads a chunk's lines (:data:`advisor.batch.reader.scan`: the C reader where it is
    built and not switched off); a test may give :func:`~advisor.batch.reader.python_scan`."""

    def __init__(self, job: BatchJob, scan: Callable[[bytes], list[int]] | None = None) -> None:
        self.job = job
        self.reader = reader.HandReader()
        self.scan = scan or reader.scan
        self._records: dict[Lead, LeadRecords] = {}

    def records(self, lead: Lead | None) -> LeadRecords:
        lead = lead or self.job.lead
        found = self._records.get(lead)
        if found is None:
            text = self.job.output != "rows"
            found = self._records[lead] = LeadRecords(lead, self.job.table, text)
        return found

    def check(self, chunk: Chunk) -> ChunkResult:
        sink = _SINKS[self.job.output](chunk.file, self.job)
        if isinstance(chunk, TextChunk):
            self._check_text(chunk, sink)
        elif isinstance(chunk, CsvChunk):
            self._check_csv(chunk, sink)
        elif not chunk.skipped:
            sink.error(chunk.line, LONG_LINE)
        return sink.result(chunk.size)

    def _check_text(self, chunk: TextChunk, sink: _Sink) -> None:
        data = chunk.data
        hand, default, text = sink.hand, self.records(None), None
        with_lead = 1 << reader.LEAD_SHIFT  # from here up, a line's lead is given
        for number, found in enumerate(self.scan(data), chunk.first_line):
            if found >= 0:
                try:  # an extra analysis may fail
                    if found < with_lead:
                        hand(number, found, default, None)
                    else:
                        records = self.records(reader.LINE_LEADS[found >> reader.LEAD_SHIFT])
                        hand(number, found & (with_lead - 1), records, None)
                except AdvisorError as problem:
                    sink.error(number, problem.phrase)
            elif found == reader.ASK:  # the scan leaves this line to Python
                if text is None:
                    text = data.decode("utf-8", "surrogateescape").split("\n")
                self._check_line(number, line_content(text[number - chunk.first_line]), sink)

    def _check_line(self, number: int, line: str, sink: _Sink) -> None:
        """One line of text (its :func:`~advisor.text.line_content`): a hand, maybe with
        options; blank or a comment."""
        if not line or line[0] == "#":
            return
        try:
            if ";" in line:
                line, lead, ident = reader.split_options(line)
                sink.hand(number, self.reader.read(line), self.records(lead), ident)
            else:
                sink.hand(number, self.reader.read(line), self.records(None), None)
        except AdvisorError as problem:
            sink.error(number, problem.phrase)

    def _check_csv(self, chunk: CsvChunk, sink: _Sink) -> None:
        for item in chunk.items:
            if item.error is not None:
                sink.error(item.line, item.error)
                continue
            try:
                lead = reader.parse_lead(item.lead) if item.lead.strip() else None
                ident = reader.ident(item.id.strip() or None)
                if not item.hand.strip():
                    raise BatchError(Phrase("no hand in the 'hand' column"))
                sink.hand(item.line, self.reader.read(item.hand), self.records(lead), ident)
            except AdvisorError as problem:
                sink.error(item.line, problem.phrase)
