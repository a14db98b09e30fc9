"""The command line's one error handler: exit codes, signals and the standard streams.

Every command runs inside :func:`run`. Whatever ends it becomes one documented exit code
(:class:`ExitCode`, the table in the README and in ``advisor --help``) and at most one line on
standard error, never a traceback:

* bad input or usage (an :class:`~advisor.errors.AdvisorError`, a click usage error): 2; so
  is an arithmetic error (an overflow), a last net under the bounds on settings and options;
* output that cannot be written (a full disk, a closed or unwritable standard output or file):
  3; a reader that closed standard output (``| head -1``): 141, quietly;
* a compiled part the command needs is missing: 4;
* out of memory (a :class:`MemoryError`, a call the system refused memory, ``ENOMEM``, or a
  thread it refused): 5;
* Ctrl-C (SIGINT), SIGTERM, and SIGHUP (the terminal closed, an ssh session dropped). Each
  raises :class:`Stopped` in the main thread, so that every ``with`` block and ``finally``
  cleans up on the way out, the same way for all three; then the process ends by that same
  signal, its handler set back to the default (:func:`end_by`), so that a shell loop or
  ``xargs`` running it stops too. A shell reports 130, 143 and 129.
  Until :func:`run` sets its handler (while modules are imported), ``python -m advisor`` and
  the ``advisor`` command leave SIGINT at its default: the process ends at once, no traceback.

Standard error itself may fail (``2>/dev/full``, ``2>&-``): what cannot be written there is
dropped, and the exit code still tells. Closed standard streams (``<&-``, ``>&-``) are held by
placeholders that fail on use, so that no file the advisor opens takes their numbers.
"""

from __future__ import annotations

import errno
import io
import os
import re
import signal
import sys
import threading
from collections.abc import Callable
from enum import IntEnum
from types import FrameType
from typing import IO, Any

import click

from advisor.errors import AdvisorError, MissingBuildError, OutputError, os_reason
from advisor.i18n import N_, _
from advisor.limits import MAX_QUOTED_CHARS
from advisor.text import cut_short, shown


class ExitCode(IntEnum):
    """Every exit code of the ``advisor`` command, in one place."""

    SUCCESS = 0
    DECLARE = 0  # check, discard: the verdict
    PASS = 1
    BAD_INPUT = 2  # bad input or usage, a refused overwrite of an input
    OUTPUT_FAILED = 3  # the output cannot be written
    MISSING_BUILD = 4  # a compiled part the command needs is missing
    OUT_OF_MEMORY = 5  # the system refused the memory the work needs
    HANGUP = 128 + signal.SIGHUP  # 129: the terminal closed
    INTERRUPTED = 128 + signal.SIGINT  # 130: Ctrl-C
    BROKEN_PIPE = 128 + signal.SIGPIPE  # 141: the reader closed standard output
    TERMINATED = 128 + signal.SIGTERM  # 143: SIGTERM


EXIT_CODE_TABLE = N_("""\b
Exit codes:
  0    declare (check, discard), play a game (declare), a bid or misère (bid); success
       (other commands)
  1    pass (check, discard, bid), give up three down (declare)
  2    bad input or usage
  3    the output cannot be written (full disk, closed or unwritable output)
  4    a compiled part is missing (see advisor --version)
  5    out of memory
  129  hung up (the terminal closed: SIGHUP)
  130  interrupted (Ctrl-C)
  141  standard output closed by its reader (| head)
  143  terminated (SIGTERM)""")


ARITHMETIC_ERROR = N_(
    "a figure grew out of the range numbers can hold (an arithmetic error): lower the table's "
    "settings or the options"
)

OUT_OF_MEMORY = N_(
    "out of memory: the system refused the memory this needs (lower --samples or --jobs, or "
    "free some)"
)


class Stopped(BaseException):
    """SIGINT, SIGTERM or SIGHUP arrived: raised in the main thread, unwinding every block."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


_LONG_VALUE = re.compile(f"'([^']{{{MAX_QUOTED_CHARS + 1},}})'|(\\d{{{MAX_QUOTED_CHARS + 1},}})")
"""A long value in a usage error: quoted ('xxxx…' is not one of …, No such option '…'), or a
number (999… is not in the range …, jobs must be at most 8 …, not 999…)."""


def _cut_quotes(message: str) -> str:
    """A usage error's message on one line, each long value in it cut short, as the advisor's
    own messages quote user text (:func:`advisor.text.cut_short`)."""

    def cut(match: re.Match[str]) -> str:
        quoted, number = match.groups()
        return cut_short(number) if quoted is None else f"'{cut_short(quoted)}'"

    return _LONG_VALUE.sub(cut, " ".join(message.split()))


def _stop(signum: int, frame: FrameType | None) -> None:
    """The first signal stops the command; a second one must not break off its clean-up."""
    for each in _STOP_SIGNALS:
        signal.signal(each, signal.SIG_IGN)
    raise Stopped(signum)


class _Tolerant(io.TextIOBase):
    """Standard error that drops what it cannot write (``2>/dev/full``, ``2>&-``)."""

    def __init__(self, stream: IO[str] | None) -> None:
        self._stream = stream
        self.broken = stream is None

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self._stream.write(text)  # type: ignore[union-attr]
            except (OSError, ValueError):
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._stream.flush()  # type: ignore[union-attr]
            except (OSError, ValueError):
                self.broken = True

    def isatty(self) -> bool:
        return not self.broken and bool(self._stream.isatty())  # type: ignore[union-attr]

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("standard error is closed")
        return self._stream.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def say(line: str) -> None:
    """One line on standard error, if it can be written."""
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def run(command: Callable[[], int]) -> None:
    """Run ``command`` (it returns an exit code or raises) and exit with the right code."""
    _hold_closed_streams()
    saved_stderr = sys.stderr
    tolerant = _Tolerant(sys.stderr)
    sys.stderr = tolerant
    in_charge = threading.current_thread() is threading.main_thread()  # signals go there
    previous = {
        each: signal.signal(each, _stop)
        for each in _STOP_SIGNALS
        if in_charge and signal.getsignal(each) is not signal.SIG_IGN  # ignored: kept so (nohup)
    }
    try:
        code = _exit_code(command)
    finally:
        for each, handler in previous.items():
            signal.signal(each, handler)
        tolerant.flush()
        if tolerant.broken:
            _silence(2)
        sys.stderr = saved_stderr
    if code in _BY_SIGNAL:
        end_by(_BY_SIGNAL[code])
    sys.exit(int(code))


_BY_SIGNAL = {128 + each: each for each in _STOP_SIGNALS}


def end_by(signum: int) -> None:
    """End the process by ``signum`` itself, as if it had had no handler: what was buffered for
    standard output is written first. A shell sees the signal (and stops its loop). Returns
    only where the signal cannot end the process (it is blocked): then the caller exits with
    ``128 + signum``."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence(1)
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _exit_code(command: Callable[[], int]) -> int:
    try:
        try:
            code = command()
        except click.exceptions.Exit as done:  # --help, --version
            code = done.exit_code
        except SystemExit as done:  # a command's verdict
            code = _code_of(done)
        sys.stdout.flush()  # a full disk shows here at the latest, not at interpreter exit
        return code
    except Stopped as stop:
        return 128 + stop.signum
    except (KeyboardInterrupt, click.exceptions.Abort):  # Ctrl-C before the handler was set
        return ExitCode.INTERRUPTED
    except click.ClickException as error:  # usage errors too: one line, not click's four
        say(_("Error: {message}", message=shown(_cut_quotes(error.format_message()))))
        return ExitCode.BAD_INPUT
    except AdvisorError as error:
        say(_("Error: {message}", message=shown(error.text())))
        return _code_for(error)
    except ArithmeticError:  # the bounds should keep every figure in range: a last net
        say(_("Error: {message}", message=_(ARITHMETIC_ERROR)))
        return ExitCode.BAD_INPUT
    except MemoryError:
        return _out_of_memory()
    except RuntimeError as error:
        if str(error) != NO_THREAD:
            raise
        return _out_of_memory()  # the stack of a thread is memory too (``ulimit -v``)
    except OSError as error:
        if error.errno == errno.ENOMEM:
            return _out_of_memory()
        return _output_failed(error)


NO_THREAD = "can't start new thread"  # what Python raises when the system refuses a thread


def _out_of_memory() -> int:
    """One line (the unwinding has freed the memory of the work that failed)."""
    say(_("Error: {message}", message=_(OUT_OF_MEMORY)))
    return ExitCode.OUT_OF_MEMORY


def _code_for(error: AdvisorError) -> ExitCode:
    if isinstance(error, MissingBuildError):
        return ExitCode.MISSING_BUILD
    if isinstance(error, OutputError):
        return ExitCode.OUTPUT_FAILED
    return ExitCode.BAD_INPUT


def _code_of(done: SystemExit) -> int:
    if done.code is None or isinstance(done.code, int):
        return done.code or 0
    say(_("Error: {message}", message=shown(str(done.code))))
    return ExitCode.BAD_INPUT


def _output_failed(error: OSError) -> int:
    """Standard output (or a file being written) failed: quietly for a closed pipe."""
    _silence(1)  # what is still buffered for standard output must not fail again at exit
    if error.errno == errno.EPIPE:
        return ExitCode.BROKEN_PIPE
    where = _("standard output") if error.filename is None else shown(_name_of(error.filename))
    reason = _("it is closed") if error.errno == errno.EBADF else os_reason(error).text()
    say(_("Error: {where} cannot be written ({reason})", where=where, reason=reason))
    return ExitCode.OUTPUT_FAILED


def _name_of(filename: object) -> str:
    """An ``OSError``'s file name as text (a path, bytes, or whatever else the call gave)."""
    return os.fsdecode(filename) if isinstance(filename, (str, bytes)) else str(filename)


def _silence(descriptor: int) -> None:
    """Point a failed standard stream at the null device, so that the interpreter's last flush
    of it succeeds (in tests the streams are not real files: nothing to do)."""
    stream = sys.stdout if descriptor == 1 else sys.__stderr__
    try:
        if stream is None or stream.fileno() != descriptor:
            return
    except (OSError, ValueError, AttributeError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


def _hold_closed_streams() -> None:
    """Standard streams closed at start (``<&-``, ``>&-``, ``2>&-``) get placeholders opened
    the wrong way round, so that using them fails (EBADF) instead of writing into a file the
    advisor opened later under the same number; Python's own stream objects are made over
    them."""
    for descriptor, flags in ((0, os.O_WRONLY), (1, os.O_RDONLY), (2, os.O_RDONLY)):
        try:
            os.fstat(descriptor)
            continue
        except OSError:
            pass
        placeholder = os.open(os.devnull, flags)
        if placeholder != descriptor:
            os.dup2(placeholder, descriptor)
            os.close(placeholder)
    if sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - for the process
    if sys.stdout is None:
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
