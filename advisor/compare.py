"""One file of hands checked with two tables (``advisor table compare``): which verdicts stay,
which flip, and, with exact play, how each table's verdicts hold against exact play's.

The hands are read as ``advisor batch`` reads them (:func:`advisor.batch.read_chunks`, the same
forms, options and error messages); batch's own :class:`~advisor.batch.Checker` reads and
judges each chunk with the first table, and each hand's cards are judged again with the other
from batch's record pieces for it: at batch speed, every line read once. A bad line is one
error message, reported as batch reports it; only the hands that flip become a
:class:`HandPair` (with exact play, every valid hand does).

With exact play (:class:`ExactComparison`) every valid hand also gets ``check --exact``'s analysis
(:func:`advisor.exact.analysis.exact_odds`), run by batch over its worker processes; the table given
first (``table``) supplies its settings (``pass_score``, ``exact_threshold``) and the discard's
tie-breaks, and the other table's verdict comes from :func:`advisor.verdict.assess`. Following a
table scores, on each hand, exact play's expected score when the table declares and ``pass_score``
when it passes; exact play's own row follows its own verdicts (the best a verdict can do on these
deals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from advisor.batch import (
    BatchJob,
    BatchRun,
    Checker,
    ChunkResult,
    ExactFields,
    Extra,
    FileFailure,
    LineError,
    Row,
    Source,
    read_chunks,
)
from advisor.batch.extras import EXACT_CHUNK_HANDS
from advisor.batch.records import LeadRecords
from advisor.cards import CardSet
from advisor.defaults import EXACT_DEALS, TALON_COUNT
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead
from advisor.table import Table
from advisor.verdict import DECLARE, PASS, assess, json_number

CHECK_EXACT = ExactFields(ExactSettings(EXACT_DEALS, 0, "exact", full=True))
"""``check --exact --full``'s settings: 924 deals, seed 0, the exact discard, every talon (a
bound or an estimate from fewer talons would skew the scores of following a table)."""


class Side(NamedTuple):
    """One table's verdict on a hand and the holes' combined chance (percent)."""

    verdict: str
    combined: float

    @property
    def declare(self) -> bool:
        return self.verdict == DECLARE

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "combined": json_number(self.combined)}


class HandPair(NamedTuple):
    """A valid hand of the file, judged by both tables (and by exact play when asked); a named
    tuple, as one is made for every hand."""

    file: str
    line: int
    id: str | None
    hand: str
    lead: str
    table: Side
    against: Side
    exact: Mapping[str, Any] | None = None
    """``check --exact --json``'s ``exact`` object, or None."""

    @property
    def flips(self) -> bool:
        return self.table.verdict != self.against.verdict

    def to_dict(self) -> dict[str, Any]:
        found = {
            "file": self.file,
            "line": self.line,
            "id": self.id,
            "hand": self.hand,
            "lead": self.lead,
            "table": self.table.to_dict(),
            "against": self.against.to_dict(),
        }
        if self.exact is not None:
            found["exact"] = dict(self.exact)
        return found


class Verdicts(NamedTuple):
    """How many valid hands got each pair of verdicts."""

    both_declare: int = 0
    both_pass: int = 0
    only_table_declares: int = 0
    only_against_declares: int = 0

    @classmethod
    def of(cls, found: Counter[tuple[str, str]]) -> Verdicts:
        """From the counts of (the table's verdict, the other's) pairs."""
        return cls(found[DECLARE, DECLARE], found[PASS, PASS], found[DECLARE, PASS],
                   found[PASS, DECLARE])  # fmt: skip

    def plus(self, other: Verdicts) -> Verdicts:
        return Verdicts(*(a + b for a, b in zip(self, other, strict=True)))

    @property
    def hands(self) -> int:
        return sum(self)

    @property
    def flips(self) -> int:
        return self.only_table_declares + self.only_against_declares


@dataclass(frozen=True)
class ComparedChunk:
    """A chunk of input compared: how many of its hands got each pair of verdicts, the hands
    that flip (with exact play: every valid hand), its error messages (``FILE:LINE: ...``, as
    batch gives them) and the input bytes it covered."""

    verdicts: Verdicts
    pairs: tuple[HandPair, ...]
    messages: tuple[LineError, ...]
    bad: int
    size: int


# --- tallies -----------------------------------------------------------------------------------


@dataclass
class Following:
    """How one table's verdicts stand against exact play's."""

    agree: int = 0
    declares_exact_passes: int = 0
    passes_exact_declares: int = 0
    score: float = 0.0
    """The total score of following the table (see the module docstring)."""

    def add(self, declare: bool, exact: Mapping[str, Any]) -> None:
        exact_declares = exact["verdict"] == DECLARE
        if declare == exact_declares:
            self.agree += 1
        elif declare:
            self.declares_exact_passes += 1
        else:
            self.passes_exact_declares += 1
        self.score += exact["expected_score"] if declare else exact["pass_score"]

    def to_dict(self, hands: int) -> dict[str, Any]:
        return {
            "agree": self.agree,
            "declares_exact_passes": self.declares_exact_passes,
            "passes_exact_declares": self.passes_exact_declares,
            "mean_score": round(self.score / hands, 2) if hands else None,
        }


@dataclass
class ComparisonTally:
    """Counts over the whole run: the verdicts of the valid hands, the bad lines and files, and
    with exact play each table's standing against it."""

    verdicts: Verdicts = field(default_factory=Verdicts)
    bad: int = 0
    failed_files: int = 0
    exact: dict[str, Following] | None = None
    """With exact play: ``table``, ``against`` and ``exact`` (exact play's own verdicts)."""

    @property
    def hands(self) -> int:
        return self.verdicts.hands

    def add(self, chunk: ComparedChunk) -> None:
        self.bad += chunk.bad
        self.verdicts = self.verdicts.plus(chunk.verdicts)
        for pair in chunk.pairs:
            if pair.exact is not None:
                self._score(pair, pair.exact)

    def _score(self, pair: HandPair, exact: Mapping[str, Any]) -> None:
        if self.exact is None:
            self.exact = {name: Following() for name in ("table", "against", "exact")}
        self.exact["table"].add(pair.table.declare, exact)
        self.exact["against"].add(pair.against.declare, exact)
        self.exact["exact"].add(exact["verdict"] == DECLARE, exact)

    def to_dict(self) -> dict[str, Any]:
        verdicts = self.verdicts
        return {
            "hands": verdicts.hands,
            "bad": self.bad,
            "failed_files": self.failed_files,
            "same": verdicts.both_declare + verdicts.both_pass,
            **verdicts._asdict(),
            "exact": None
            if self.exact is None
            else {name: found.to_dict(self.hands) for name, found in self.exact.items()},
        }


# --- comparing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExactComparison:
    """With exact play: ``check --exact``'s settings (samples, seed, discard) and the number of
    worker processes to run it over."""

    analysis: ExactFields = CHECK_EXACT
    jobs: int = 1

    @property
    def samples(self) -> int:
        """Deals solved for each seat: the samples asked for, rounded to a multiple of 231."""
        return self.analysis.settings.per_talon * TALON_COUNT


class Comparison:
    """Hands checked with ``table`` and ``against``; use it as a context manager (with exact
    play it starts batch's worker processes on entry: before any other thread, such as a
    progress bar), then :meth:`chunks`."""

    def __init__(
        self, table: Table, against: Table, lead: Lead = Lead.THEM,
        exact: ExactComparison | None = None,
    ) -> None:  # fmt: skip
        self.table, self.against, self.lead, self.exact = table, against, lead, exact
        self._run: BatchRun | None = None

    def __enter__(self) -> Comparison:
        if self.exact is not None:
            analysis = AgainstAndExact(self.against, self.exact.analysis)
            extra = Extra(("against", "exact"), analysis, EXACT_CHUNK_HANDS)
            job = BatchJob(self.table, self.lead, "rows", extra)
            self._run = BatchRun(job, self.exact.jobs)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._run is not None:
            self._run.__exit__(*exc)
            self._run = None

    def chunks(self, sources: Iterable[Source]) -> Iterator[ComparedChunk | FileFailure]:
        """Every source's hands, chunk by chunk in input order; a
        :class:`~advisor.batch.FileFailure` for a file that cannot be read."""
        if self.exact is None:
            return self._fast(sources)
        if self._run is None:
            raise RuntimeError("an exact comparison runs inside its with block")
        return self._exact(self._run, sources)

    def _fast(self, sources: Iterable[Source]) -> Iterator[ComparedChunk | FileFailure]:
        """Batch's checker reads and judges each chunk with ``table``; each hand's cards are
        then judged again with ``against``, from the record pieces batch keeps for it."""
        checker = Checker(BatchJob(self.table, self.lead, "rows"))
        against = {lead: LeadRecords(lead, self.against, text=False) for lead in Lead}
        for source in sources:
            for chunk in read_chunks(source):
                if isinstance(chunk, FileFailure):
                    yield chunk
                    continue
                result = checker.check(chunk)
                counts: Counter[tuple[str, str]] = Counter()
                flips = []  # a pair only for the hands that flip: they are few, and pairs cost
                for row in result.rows:
                    if row.error is None:
                        other = against[Lead(row.lead)].shape(row.mask)
                        counts[row.verdict, other.verdict] += 1
                        if row.verdict != other.verdict:
                            flips.append(_pair(row, Side(other.verdict, other.combined)))
                yield _compared(Verdicts.of(counts), tuple(flips), result)

    @staticmethod
    def _exact(run: BatchRun, sources: Iterable[Source]) -> Iterator[ComparedChunk | FileFailure]:
        for result in run.results(sources):
            if isinstance(result, FileFailure):
                yield result
                continue
            pairs = tuple(
                _pair(row, Side(**row.extra["against"]), row.extra["exact"])
                for row in result.rows
                if row.error is None
            )
            verdicts = Verdicts.of(Counter((p.table.verdict, p.against.verdict) for p in pairs))
            yield _compared(verdicts, pairs, result)


def _pair(row: Row, against: Side, exact: Mapping[str, Any] | None = None) -> HandPair:
    return HandPair(row.file, row.line, row.id, row.hand, row.lead,
                    Side(row.verdict, row.combined), against, exact)  # fmt: skip


def _compared(
    verdicts: Verdicts, pairs: tuple[HandPair, ...], result: ChunkResult
) -> ComparedChunk:
    return ComparedChunk(verdicts, pairs, tuple(result.messages), result.tally.bad, result.size)


@dataclass(frozen=True)
class AgainstAndExact:
    """The extra fields of a hand in an exact comparison: the other table's verdict and
    ``check --exact``'s analysis. Picklable, for batch's worker processes."""

    against: Table
    analysis: ExactFields

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        judged = assess(hand, lead, self.against)
        return {
            "against": {"verdict": judged.verdict, "combined": judged.combined},
            **self.analysis(hand, lead, table),
        }
