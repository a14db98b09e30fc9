"""A signal ends the advisor by the signal itself, so that whatever runs it stops too: a shell
loop and ``xargs`` stop at Ctrl-C or SIGTERM instead of running the next command; Ctrl-C while
the command line loads (before its handler is set) ends it the same way, without a traceback;
and a stop asked of threads stops the one being waited for too.

Nothing here measures time: the runs are signalled once they are observed at work (their
handler set, a CPU second spent, or their SIGINT at its default while modules load).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from proc_watch import caught_signals, children, cpu_seconds, handles, poll_until
from solver_build import require_solver

from advisor.parallel import in_order

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc (Linux)"
)

PATIENCE = 60  # seconds a stopped run may take to end; the work takes minutes
HOPELESS = "♠8 10 Q A ♣8 10 Q ♦8 10 Q"  # minutes of work for check --exact --full
LONG_CHECK = ["check", HOPELESS, "--exact", "--full", "--lead", "them", "-q"]


def _advisor_at_work(parent: int) -> int:
    """The advisor a shell or xargs started, once it is searching (a CPU second spent)."""
    found: list[int] = []

    def working() -> bool:
        for child in children(parent):
            try:
                if "advisor" in Path(f"/proc/{child}/cmdline").read_text():
                    found[:] = [child]
                    return handles(child, signal.SIGTERM) and cpu_seconds(child) >= 1.0
            except OSError:
                continue
        return False

    poll_until(working, "the advisor at work")
    return found[0]


def _advisor_words() -> str:
    return " ".join([sys.executable, "-m", "advisor"])


def _ended(run: subprocess.Popen[bytes]) -> tuple[int, str]:
    try:
        out, _ = run.communicate(timeout=PATIENCE)
    finally:
        if run.poll() is None:  # pragma: no cover - the loop went on: the test fails
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    return run.returncode, out.decode()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_ctrl_c_stops_a_shell_loop() -> None:
    """bash waits for its command and stops the loop only if the command died of SIGINT (an
    exit code of 130 reads as a command that handled Ctrl-C and went on)."""
    require_solver()
    hands = '"' + HOPELESS + '" "' + HOPELESS + '"'
    loop = (
        f'for hand in {hands}; do {_advisor_words()} check "$hand" --exact --full --lead them '
        '-q; echo "went on after $?"; done'
    )
    run = subprocess.Popen(
        ["bash", "-c", loop], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        _advisor_at_work(run.pid)
        os.killpg(run.pid, signal.SIGINT)  # as the terminal does: to the whole foreground group
    finally:
        code, out = _ended(run)
    assert "went on" not in out and out == ""
    assert code in (-signal.SIGINT, 128 + signal.SIGINT)


@pytest.mark.skipif(shutil.which("xargs") is None, reason="needs xargs")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_xargs(signum: int) -> None:
    """xargs stops when a command it ran was killed by a signal (exit 125), and runs the next
    one after any exit code below 255: the advisor must die of the signal sent to it alone."""
    require_solver()
    line = f'-m advisor check "{HOPELESS}" --exact --full --lead them -q\n'
    run = subprocess.Popen(
        ["xargs", "-L", "1", sys.executable], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    assert run.stdin is not None
    run.stdin.write((line * 2).encode())
    run.stdin.close()
    run.stdin = None
    try:
        os.kill(_advisor_at_work(run.pid), signum)
    finally:
        code, out = _ended(run)
    assert code == 125 and "terminated by signal" in out


ENTRY_POINTS = [[sys.executable, "-m", "advisor"]]
_SCRIPT = Path(sys.executable).with_name("advisor")
if _SCRIPT.exists():
    ENTRY_POINTS.append([str(_SCRIPT)])


def _loading(pid: int, started: list[bool]) -> bool | None:
    """Whether the command line loads: SIGINT at its default again (the entry point ran) after
    the interpreter's own handler was seen (``started``), no handler of the guard's yet. None
    once the guard's handlers are set (too late), False until then."""
    try:
        caught = caught_signals(pid)
    except (OSError, StopIteration):
        return None
    if caught >> (signal.SIGTERM - 1) & 1:
        return None
    if caught >> (signal.SIGINT - 1) & 1:
        started[:] = [True]
        return False
    return bool(started)


@pytest.mark.parametrize("pause", [0.0, 0.005, 0.02, 0.05])
@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda words: Path(words[-1]).name)
def test_ctrl_c_while_the_command_line_loads(entry: list[str], pause: float) -> None:
    """Ctrl-C once the advisor's entry point runs and before the guard's handler is set (``pause``
    seconds into that stretch, or after it: the answer must be the same) ends the process by
    SIGINT, with nothing on standard error: no traceback, no verdict reached. Tried until a run
    is caught in that stretch (a busy machine may let one run past it unseen)."""
    seen = False
    for _ in range(20):
        run = subprocess.Popen(
            [*entry, "check", HOPELESS, "--exact", "--full", "--lead", "them"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        state: bool | None = False
        started: list[bool] = []
        while state is False and run.poll() is None:
            state = _loading(run.pid, started)  # a tight poll: the stretch is tens of ms
        if state:
            seen = True
            threading.Event().wait(pause)
        run.send_signal(signal.SIGINT)
        out, errors = run.communicate(timeout=PATIENCE)
        assert (run.returncode, out, errors.decode()) == (-signal.SIGINT, b"", "")
        if seen:
            break
    assert seen, "never caught the advisor while its command line loads, SIGINT at its default"


@pytest.mark.slow
@pytest.mark.parametrize("cpu", [0.3, 1.0, 2.0, 3.0])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_solve_in_two_threads_stops_in_every_phase(signum: int, cpu: float) -> None:
    """``solve --jobs 2`` signalled after ``cpu`` seconds of work: it ends having spent less than
    a CPU second more (it took up to 9 when the piece of work being waited for ran on)."""
    require_solver()
    arguments = ["solve", "♠8 10 Q A ♣8 10 Q ♦8 10 ♥9", "--discards", "♥K ♥A", "--lead", "right"]
    run = subprocess.Popen(
        [sys.executable, "-m", "advisor", *arguments, "--jobs", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        poll_until(lambda: handles(run.pid, signal.SIGTERM), "the handler")
        poll_until(lambda: cpu_seconds(run.pid) >= cpu, f"{cpu} CPU seconds of work")
        spent = cpu_seconds(run.pid)
        run.send_signal(signum)
        _, status, usage = os.wait4(run.pid, 0)
    finally:
        if run.poll() is None and run.returncode is None:  # pragma: no cover
            run.kill()
    run.returncode = os.waitstatus_to_exitcode(status)
    assert run.returncode == -signum
    assert usage.ru_utime + usage.ru_stime - spent < 1.0


def _waits(thread: int) -> bool:
    """Whether the thread is blocked waiting for a future's result (not for a thread to start,
    say)."""
    frame = sys._current_frames().get(thread)
    if frame is None or frame.f_back is None:
        return False
    return (frame.f_code.co_name, frame.f_back.f_code.co_name) == ("wait", "result")


def test_a_stop_stops_the_work_waited_for() -> None:
    """Interrupted while it waits for the first item's result, ``in_order`` asks ``stop`` of
    that item too (it once left it running to its end, the caller waiting for it)."""
    asked = threading.Event()
    outcomes: list[str] = []

    class Interrupted(Exception):
        pass

    main = threading.main_thread().ident or 0

    def work(item: int) -> int:
        poll_until(lambda: _waits(main), "the caller to wait for the result")
        signal.pthread_kill(main, signal.SIGUSR1)
        outcomes.append("stopped" if asked.wait(timeout=PATIENCE) else "ran to its end")
        return item

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted

    def stop(flag: bool) -> None:
        if flag:
            asked.set()

    previous = signal.signal(signal.SIGUSR1, interrupt)
    try:
        with pytest.raises(Interrupted):
            next(in_order(work, [1], 2, stop))
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert outcomes == ["stopped"]
