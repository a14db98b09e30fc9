"""A process watched from the outside through ``/proc`` (Linux), for the tests that signal or
kill a run once it is at work: its signal handlers, its CPU time, its child processes, its peak
memory, whether it is still alive; and a patient poll for any of these.

Nothing here measures time: a run is judged by what it has done (a handler set, CPU seconds
spent), and :func:`poll_until` counts polls, it never reads a clock. Every test module that
uses this skips itself where ``/proc`` is not there.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

POLLS = 2400
"""How many times :func:`poll_until` asks before it gives up."""
POLL_PAUSE = 0.05
"""Seconds between two polls: 2,400 of them are two minutes at the least, whatever the load."""


def poll_until(ready: Callable[[], object], what: str) -> None:
    """Ask ``ready()`` until it is true; fail the test, naming ``what``, if it never is."""
    for _ in range(POLLS):  # polls, never a measure of time
        if ready():
            return
        threading.Event().wait(POLL_PAUSE)
    raise AssertionError(f"waited in vain for {what}")


def caught_signals(pid: int) -> int:
    """The process's ``SigCgt`` mask: bit ``n - 1`` is set when it has a handler of its own for
    signal ``n``. Raises ``OSError`` once the process is reaped."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("SigCgt:"))[7:], 16)


def handles(pid: int, signum: int) -> bool:
    """Whether the process has a handler of its own for ``signum`` (its ``SigCgt`` mask).
    Raises ``OSError`` once the process is reaped."""
    return bool(caught_signals(pid) >> (signum - 1) & 1)


def children(pid: int) -> set[int]:
    """The processes ``pid`` started and has not reaped (zombies too), read from each of its
    threads' ``children`` list; none once it is gone."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(child) for child in (task / "children").read_text().split()}
        except OSError:  # the thread ended meanwhile
            continue
    return found


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name (which may hold spaces and
    parentheses): the state is field 0, the parent 1, user and system ticks 11 and 12."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User and system time the process has used, all its threads together, not counting its
    child processes; 0 once it is reaped."""
    try:
        fields = _stat_fields(pid)
    except OSError:  # ended meanwhile
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """:func:`cpu_seconds` of the process and of every process below it (its worker
    processes)."""
    return cpu_seconds(pid) + sum(tree_cpu_seconds(child) for child in children(pid))


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie (it has ended, reaped or not)."""
    try:
        fields = _stat_fields(pid)
    except OSError:
        return False
    return fields[0] != "Z"


def live_children(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is ``pid``, found by reading every process's
    ``stat`` (unlike :func:`children`, which lists the zombies too)."""
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = _stat_fields(int(entry.name))
            except OSError:  # ended meanwhile
                continue
            if fields[0] != "Z" and int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def peak_resident_bytes(pid: int) -> int:
    """The process's peak resident bytes so far (``VmHWM``; 0 once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = [line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")]
    return int(found[0]) * 1024 if found else 0


class Ended(NamedTuple):
    """How a signalled run ended: its exit code (negative: the signal that ended it) and what
    it wrote on each stream."""

    code: int
    out: bytes
    errors: bytes


def signalled(
    arguments: list[str],
    signum: int,
    *,
    work: float = 1.0,
    cwd: Path | None = None,
    stdin: int | None = None,
    patience: float = 60,
) -> Ended:
    """Run ``advisor ARGUMENTS``, send it ``signum`` once it is at work (its handler set, and
    ``work`` CPU seconds spent, its worker processes' included; 0: waiting only for the
    handler) and return how it ended, within ``patience`` seconds. A run that ends before it
    is signalled fails the test, with what it said."""
    run = subprocess.Popen(
        [sys.executable, "-m", "advisor", *arguments],
        stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
        env={**os.environ, "ADVISOR_LANG": "en"},
    )  # fmt: skip
    try:
        poll_until(
            lambda: (
                run.poll() is not None
                or (handles(run.pid, signal.SIGTERM) and tree_cpu_seconds(run.pid) >= work)
            ),
            "the handler and the work",
        )
        assert run.poll() is None, f"ended before the signal: {run.communicate()[1]!r}"
        run.send_signal(signum)
        out, errors = run.communicate(timeout=patience)
    finally:
        if run.poll() is None:  # pragma: no cover - the test has failed already
            run.kill()
            run.wait()
    return Ended(run.returncode, out, errors)
