"""How busy the machine was while a benchmark ran: shared by the benchmark scripts."""

from __future__ import annotations


def machine_ticks() -> tuple[int, int]:
    """(all, idle) CPU ticks of the whole machine so far (Linux; zeros elsewhere)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(field) for field in stat.readline().split()[1:]]
    except OSError:
        return 0, 0
    return sum(ticks), ticks[3] + ticks[4]


# A fixed amount of pure interpreter work (no memory, no I/O), about a second alone.
_SPIN = "n = 0\nfor i in range(12_000_000):\n    n += i * i % 7\n"


def two_process_ceiling(runs: int = 2) -> float:
    """How many times the work of one busy process two busy processes do together here: the
    most that two jobs can gain over one. 2.0 on two free cores; less where the two virtual
    cores share a physical one, or other guests take their time."""
    import subprocess
    import sys
    import time

    def wall(count: int) -> float:
        start = time.perf_counter()
        spinners = [subprocess.Popen([sys.executable, "-c", _SPIN]) for _ in range(count)]
        for spinner in spinners:
            spinner.wait()
        return time.perf_counter() - start

    alone = min(wall(1) for _ in range(runs))
    together = min(wall(2) for _ in range(runs))
    return 2 * alone / together
