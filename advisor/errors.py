"""The package's errors: every bad input raises a subclass of :class:`AdvisorError`.

All of them are ``ValueError`` subclasses whose message quotes the bad input and says why it is
wrong, so the CLI can print ``str(error)`` as a one-line message and exit with code 2.
"""

from __future__ import annotations


class AdvisorError(ValueError):
    """Base class of every input error the advisor raises."""


class NotationError(AdvisorError):
    """A piece of text that is not a card, a rank, a suit or a holding."""


class CardCountError(AdvisorError):
    """The wrong number of cards (a hand has 10)."""


class DuplicateCardError(AdvisorError):
    """The same card given twice."""


class TableError(AdvisorError):
    """A probability table that cannot be used: syntax, unknown keys, values out of range."""


class LayoutError(AdvisorError):
    """A deal that cannot exist: overlapping hands, wrong counts, discards inside the hand."""


class BatchError(AdvisorError):
    """A line or a file that ``advisor batch`` cannot use (line options, CSV header, reading)."""


class ExactError(AdvisorError):
    """Options of the exact analysis that cannot be used (samples, discard mode)."""


class CalibrationError(AdvisorError):
    """Options of ``advisor table calibrate`` that cannot be used (a lead, a void, a table file
    of one lead)."""


class OutputError(AdvisorError):
    """A file the advisor was asked to write that cannot be written."""


class LimitError(AdvisorError):
    """A number beyond what the advisor accepts (jobs, samples)."""


class MissingBuildError(AdvisorError):
    """A compiled part of the advisor that a command needs was not built."""


REBUILD = (
    "install a C compiler (e.g. gcc), then run 'pip install --force-reinstall .' in the "
    "advisor's source folder; 'advisor --version' shows which compiled parts are present"
)


class SolverUnavailableError(MissingBuildError):
    """The compiled solver was not built (no C compiler when the advisor was installed)."""

    def __init__(self) -> None:
        super().__init__(f"the compiled solver (advisor.solver._core) is missing: {REBUILD}")


class PlayError(AdvisorError):
    """A recorded line of play that cannot have happened: a card the player does not hold, a
    card played twice, the wrong number of cards."""


class AllPassSolverUnavailableError(MissingBuildError):
    """The compiled all-pass solver (``advisor.allpass._core``) was not built: there was no C
    compiler when the advisor was installed."""

    def __init__(self) -> None:
        super().__init__(
            f"the compiled all-pass solver (advisor.allpass._core) is missing: {REBUILD}"
        )
