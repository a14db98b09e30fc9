"""Ctrl-C and SIGTERM stop every command that solves, whatever ``--jobs``: the process ends by
the signal itself (a shell reports 130 or 143, and stops its loop), one quiet exit, no
traceback, long before the work would have ended.

Each command is given work that takes minutes, signalled once it is well into it (its handler
set and a second of CPU spent, its worker processes' included), and must end within
:data:`PATIENCE` seconds: far less than the work, far more than the compiled searches need to
notice (a few milliseconds), so that a busy machine cannot fail the test.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from proc_watch import signalled
from solver_build import require_solver

require_solver()

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)"),
]

PATIENCE = 30  # seconds a stopped command may take to end; the work takes minutes
HOPELESS = "♠8 10 Q A ♣8 10 Q ♦8 10 Q"  # caught for many tricks: the slowest kind to solve
HARD_HANDS = [
    "8S 10S QS AS 8C 10C QC 8D 10D QD",
    "7S 10S AS 7C 9C 9D 10D KD 7H JH",
    "9S 10S QS KS 9C KC 8D QD 9H AH",
]


def stopped(arguments: list[str], signum: int, cwd: Path | None = None) -> tuple[int, str]:
    """Run ``advisor ARGUMENTS``, signal it once it is working, and return its exit code and
    standard error."""
    ended = signalled(arguments, signum, cwd=cwd, patience=PATIENCE)
    return ended.code, ended.errors.decode()


SIGNALS = pytest.mark.parametrize(
    ("signum", "code"),
    [
        (signal.SIGINT, -signal.SIGINT),
        (signal.SIGTERM, -signal.SIGTERM),
        (signal.SIGHUP, -signal.SIGHUP),
    ],
    ids=["SIGINT", "SIGTERM", "SIGHUP"],
)
JOBS = pytest.mark.parametrize("jobs", ["1", "2"])


@SIGNALS
@JOBS
def test_check_exact(signum: int, code: int, jobs: str) -> None:
    found = stopped(["check", HOPELESS, "--exact", "--full", "--lead", "them", "-j", jobs], signum)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_discard_exact(signum: int, code: int, jobs: str) -> None:
    twelve = HOPELESS + " ♥K A"
    found = stopped(["discard", twelve, "--exact", "--all", "--lead", "me", "-j", jobs], signum)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_solve_every_layout(signum: int, code: int, jobs: str) -> None:
    arguments = ["solve", HOPELESS, "--discards", "KH AH", "--exact", "--lead", "me"]
    found = stopped([*arguments, "--jobs", jobs], signum)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_allpass_estimate(signum: int, code: int, jobs: str) -> None:
    arguments = ["allpass", "7S 8S 9S 7C 8C 9C 7D 8D 9D 7H", "--seat", "first"]
    found = stopped([*arguments, "--samples", "500000", "-j", jobs], signum)  # 11 s of work
    assert found == (code, "")


@SIGNALS
def test_calibrate(signum: int, code: int) -> None:
    found = stopped(["table", "calibrate", "--all", "--holding", "7 Q", "-j", "2", "-q"], signum)
    assert found == (code, "")


@SIGNALS
def test_batch_exact(signum: int, code: int, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(HARD_HANDS * 4) + "\n", encoding="utf-8")
    arguments = ["batch", str(hands), "--exact", "--full", "-j", "2", "-q", "--format", "jsonl"]
    found = stopped(arguments, signum, cwd=tmp_path)
    assert found == (code, "")


@SIGNALS
def test_compare_exact(signum: int, code: int, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(HARD_HANDS * 4) + "\n", encoding="utf-8")
    arguments = ["table", "compare", str(hands), "--against", "exact", "--exact", "-j", "2"]
    found = stopped([*arguments, "-q"], signum, cwd=tmp_path)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_solve_game_contract(signum: int, code: int, jobs: str) -> None:
    slow = "10S KS JC AC QD AD 7H 10H JH KH"  # no-trump, every layout: the slowest game hand known
    arguments = ["solve", slow, "--discards", "JS AS", "--contract", "6NT", "--lead", "me"]
    found = stopped([*arguments, "--exact", "--jobs", jobs], signum)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_whist(signum: int, code: int, jobs: str) -> None:
    arguments = ["whist", "7S 8S 10C QC 9D 10D 7H 8H 9H JH", "--contract", "7S", "--declarer",
                 "right", "--talon", "QS 9C", "--samples", "100000"]  # fmt: skip
    found = stopped([*arguments, "-j", jobs], signum)
    assert found == (code, "")


@SIGNALS
@JOBS
def test_bid(signum: int, code: int, jobs: str) -> None:
    arguments = ["bid", "7S QS AS 8C KC 9D JD AD 10H QH", "--seat", "second", "--full"]
    found = stopped([*arguments, "-j", jobs], signum)
    assert found == (code, "")
