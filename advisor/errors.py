"""The package's errors: every bad input raises a subclass of :class:`AdvisorError`.

All of them are ``ValueError`` subclasses whose message quotes the bad input and says why it is
wrong, so the CLI can print it as a one-line message and exit with code 2. The message is a
:class:`~advisor.i18n.Phrase`: ``str(error)`` is English (for records), ``error.phrase.text()``
the language spoken.
"""

from __future__ import annotations

import errno
from typing import Any

from advisor.i18n import N_, Phrase


class AdvisorError(ValueError):
    """Base class of every input error the advisor raises."""

    def __init__(self, message: Phrase) -> None:
        super().__init__(str(message))
        self.phrase = message

    def text(self) -> str:
        """The message in the language spoken."""
        return self.phrase.text()

    def __reduce__(self) -> tuple[Any, ...]:  # from a batch worker, with its phrase
        return (_rebuilt, (type(self), self.phrase))


def _rebuilt(kind: type[AdvisorError], phrase: Phrase) -> AdvisorError:
    error = kind.__new__(kind)
    AdvisorError.__init__(error, phrase)
    return error


class LanguageError(AdvisorError):
    """A language the advisor does not speak."""


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


class ContractError(AdvisorError):
    """Text that is not a bid or a contract (``11S``, ``6X``), or misère where a game contract
    is needed."""


class BidError(AdvisorError):
    """A bid the auction does not allow: below the standing bid, misère after a first call, a
    contract named below the bid it won."""


class ConventionError(AdvisorError):
    """A scoring convention that cannot be used: an unknown preset, setting or value."""


class DealError(AdvisorError):
    """The outcome of a deal that cannot happen: tricks beyond ten, a half-whist on an eight,
    a split of the defence's tricks that does not add up."""


class WhistError(AdvisorError):
    """A game the defender could not face: a declarer seat that does not exist, a partner's
    call that cannot be said, no layout on which the declarer could have named the contract."""


class OutputError(AdvisorError):
    """A file the advisor was asked to write that cannot be written."""


class LimitError(AdvisorError):
    """A number beyond what the advisor accepts (jobs, samples)."""


class MissingBuildError(AdvisorError):
    """A compiled part of the advisor that a command needs was not built."""


_MISSING = N_(
    "the compiled {part} ({module}) is missing: install a C compiler (e.g. gcc), then run "
    "'pip install --force-reinstall .' in the advisor's source folder; 'advisor --version' "
    "shows which compiled parts are present"
)


class SolverUnavailableError(MissingBuildError):
    """The compiled solver was not built (no C compiler when the advisor was installed)."""

    def __init__(self, part: str = N_("solver"), module: str = "advisor.solver._core") -> None:
        super().__init__(Phrase(_MISSING, part=Phrase(part), module=module))


class PlayError(AdvisorError):
    """A recorded line of play that cannot have happened: a card the player does not hold, a
    card played twice, the wrong number of cards."""


class AllPassSolverUnavailableError(MissingBuildError):
    """The compiled all-pass solver (``advisor.allpass._core``) was not built: there was no C
    compiler when the advisor was installed."""

    def __init__(self) -> None:
        super().__init__(
            Phrase(_MISSING, part=Phrase(N_("all-pass solver")), module="advisor.allpass._core")
        )


class FolderError(Exception):
    """Inside :mod:`advisor.fileio` only: an ``OSError`` of the folder (making, linking or
    renaming the new file in it), turned into an :class:`OutputError` that names the folder."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


_OS_REASONS = {
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EFBIG: N_("File too large"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOENT: N_("No such file or directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.EIO: N_("Input/output error"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EEXIST: N_("File exists"),
}


def os_reason(error: OSError) -> Phrase:
    """Why the system refused, as a phrase: the C library's words for the usual causes (so
    that they can be translated), its own message for the rare ones."""
    known = _OS_REASONS.get(error.errno or 0)
    if known is not None:
        return Phrase(known)
    return Phrase("{reason}", reason=error.strerror or str(error))
