"""Checking many hands: files in, one record per line out, in order, fast.

A run reads its sources in chunks of whole lines (:mod:`~advisor.batch.sources`), checks each
chunk into ready output text, error messages and a tally (:class:`Checker`,
:mod:`~advisor.batch.check`), in this process or in worker processes
(:class:`BatchRun`, :mod:`~advisor.batch.run`), and hands the results back in input order.

Every non-blank line that is not a ``#`` comment yields exactly one record: the fields of
``advisor check --json`` (the schema of :mod:`advisor.verdict`) plus ``file``, ``line`` and
``id``, or an error record ``{"file", "line", "error"}``.

Speed comes from doing per hand only what differs between hands: the lines are read by the C
reader where it is built, else by a fast Python reader sharing the parser's grammar
(:mod:`~advisor.batch.reader`, the one switch between them); each suit's part of a record is
made once per holding, and the rest once per shape of the holes (:mod:`~advisor.batch.records`);
``--talon`` and ``--exact`` fields come from :mod:`~advisor.batch.extras`.
"""

from advisor.batch.check import BatchJob, Checker, ChunkResult, LineError, Row, Tally
from advisor.batch.extras import AllPassFields, BidFields, ExactFields, Extra, extra_analysis
from advisor.batch.reader import HandReader, split_options
from advisor.batch.records import BANDS, CSV_COLUMNS, csv_header
from advisor.batch.run import (
    BatchRun,
    file_identity,
    refuse_overwriting_inputs,
    writable_in_place,
)
from advisor.batch.sources import (
    BLOCK_SIZE,
    STDIN_LABEL,
    CsvChunk,
    FileFailure,
    LongLine,
    Source,
    TextChunk,
    read_chunks,
)
from advisor.limits import LONG_LINE

__all__ = [
    "BANDS",
    "BLOCK_SIZE",
    "CSV_COLUMNS",
    "LONG_LINE",
    "STDIN_LABEL",
    "AllPassFields",
    "BatchJob",
    "BatchRun",
    "BidFields",
    "Checker",
    "ChunkResult",
    "CsvChunk",
    "ExactFields",
    "Extra",
    "FileFailure",
    "HandReader",
    "LineError",
    "LongLine",
    "Row",
    "Source",
    "Tally",
    "TextChunk",
    "csv_header",
    "extra_analysis",
    "file_identity",
    "read_chunks",
    "refuse_overwriting_inputs",
    "split_options",
    "writable_in_place",
]
