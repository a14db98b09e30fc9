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
