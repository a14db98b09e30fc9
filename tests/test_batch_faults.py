"""A ``--jobs 2`` run killed midway, by SIGTERM (cleaned up like Ctrl-C, then ended by the
signal: a shell reports 143) or by SIGKILL (no clean-up at all), leaves no worker process, no
temporary file and no spill file.

Slow: each run checks a big file for a second or more before it is killed. Every wait polls
for what it waits for, with a generous limit; nothing depends on how fast the machine is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from proc_watch import alive, live_children

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)"),
]

HANDS = ["7S 8S 10S 7C 9C JC 7D 8D 7H 9H", "♠789 ♣789 ♦78 ♥7 10; lead=me", "78T.79J.78.79"]
PATIENCE = 120.0  # seconds: a limit for the waits, never a measure


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {PATIENCE:.0f} s for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.txt"
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(300_000):
            out.write("\n".join(HANDS) + "\n")
    return path


# The advisor with prctl unavailable, as off Linux: the workers must watch their parent.
WITHOUT_PRCTL = (
    "import ctypes, sys\n"
    "def no_libc(*args, **kwargs): raise OSError('no prctl here')\n"
    "ctypes.CDLL = no_libc\n"
    "from advisor.cli import main\n"
    "main(sys.argv[1:], prog_name='advisor')\n"
)


@pytest.mark.parametrize(
    ("into", "watch"),
    [("file", "prctl"), ("pipe", "prctl"), ("file", "parent watch")],
)
@pytest.mark.parametrize(
    "stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=["SIGTERM", "SIGHUP", "SIGKILL"]
)
def test_a_killed_run_leaves_nothing_behind(
    big_file: Path, tmp_path: Path, into: str, watch: str, stop: signal.Signals
) -> None:
    """Into a file (-o: workers write in place) or a pipe (workers spill into files); the
    workers told by the kernel that the main process died, or watching for it themselves."""
    work, temporary = tmp_path / "work", tmp_path / "tmp"
    work.mkdir()
    temporary.mkdir()
    start = ["-m", "advisor"] if watch == "prctl" else ["-c", WITHOUT_PRCTL]
    command = [sys.executable, *start, "batch", str(big_file), "--jobs", "2", "-q"]
    if into == "file":
        command += ["-o", "out.jsonl"]
    env = {**os.environ, "TMPDIR": str(temporary)}
    run = subprocess.Popen(
        command, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert run.stdout is not None and run.stderr is not None
    drained = threading.Thread(target=lambda: run.stdout.read() if run.stdout else None)
    drained.start()  # a pipe that is read: the run goes on until it is stopped
    workers: set[int] = set()
    try:
        wait_for(lambda: len(live_children(run.pid)) >= 2, "the two workers to start")
        workers = live_children(run.pid)
        wait_for(lambda: _some_output(run.pid, work, into), "the run to write records")
        run.send_signal(stop)
        code = run.wait(timeout=PATIENCE)
        wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end")
    finally:  # whatever failed, no process of this test outlives it
        for pid in [run.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        run.wait()
    drained.join(timeout=PATIENCE)
    assert sorted(p.name for p in work.iterdir()) == []  # no output, no temporary file
    assert sorted(p.name for p in temporary.iterdir()) == []  # no spill file or folder
    errors = run.stderr.read().decode()
    run.stderr.close()
    if stop != signal.SIGKILL:
        assert (code, errors) == (-stop, "")  # ended by it: a shell reports 143 (SIGHUP 129)
    else:
        assert code == -signal.SIGKILL


def _some_output(pid: int, work: Path, into: str) -> bool:
    """Records are being written: the output file (unnamed, open in the main process) has
    grown, or (into a pipe) the main process has copied some out."""
    if into == "pipe":
        io_counters = Path(f"/proc/{pid}/io").read_text()
        written = next(line for line in io_counters.splitlines() if line.startswith("wchar"))
        return int(written.split()[1]) > 1_000_000
    for link in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(link)
            if target.startswith(str(work)) and os.stat(link).st_size > 1_000_000:
                return True
        except OSError:
            continue
    return False
