"""The machine a benchmark ran on, and how busy it was: shared by the benchmark scripts."""

from __future__ import annotations

import os


def machine_ticks() -> tuple[int, int]:
    """(all, idle) CPU ticks of the whole machine so far (Linux; zeros elsewhere)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(field) for field in stat.readline().split()[1:]]
    except OSError:
        return 0, 0
    return sum(ticks), ticks[3] + ticks[4]


def processor(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The processor as a benchmark's header names it (``AMD EPYC, family 25 model 1, 2
    cores``): the figures of two runs compare only on one kind of processor (the game
    solver's times differ by half between two generations of one maker's server chips)."""
    fields: dict[str, str] = {}
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as info:
            for line in info:
                if not line.strip():
                    break  # the first processor's block
                name, _, value = line.partition(":")
                fields.setdefault(name.strip(), value.strip())
    except OSError:
        pass
    name = fields.get("model name", "an unknown processor")
    if "cpu family" in fields and "model" in fields:
        name += f", family {fields['cpu family']} model {fields['model']}"
    return f"{name}, {os.cpu_count() or 1} cores"
