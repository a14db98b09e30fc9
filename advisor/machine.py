"""What the compiled solvers are built for on this machine: the one rule, read by ``setup.py``
and by the benchmarks that build a baseline's solver to compare with.

The solvers count cards all the time; where the processor counts bits in one instruction
(``popcnt``, every x86-64 processor since about 2008) the build asks for it: about a tenth of
the game solver's time (``_cards.h``'s ``popcount32``). It is read from Linux's
``/proc/cpuinfo``; elsewhere, or with ``ADVISOR_PORTABLE=1`` (a build meant to run on other
machines, whose processors may lack it), the portable count is kept. No import of the package:
``setup.py`` loads this file alone.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

PORTABLE_ENV = "ADVISOR_PORTABLE"
CPUINFO = Path("/proc/cpuinfo")


def cpu_flags(cpuinfo: Path = CPUINFO) -> set[str]:
    """The processor's feature flags as Linux lists them (empty where it does not)."""
    try:
        text = cpuinfo.read_text(encoding="ascii", errors="replace")
    except OSError:
        return set()
    line = next((line for line in text.splitlines() if line.startswith("flags")), "")
    return set(line.partition(":")[2].split())


def compile_flags(cpuinfo: Path = CPUINFO) -> list[str]:
    """The compiler flags this machine's solvers are built with beyond the portable ones."""
    if os.environ.get(PORTABLE_ENV) == "1" or platform.machine() not in ("x86_64", "AMD64"):
        return []
    return ["-mpopcnt"] if "popcnt" in cpu_flags(cpuinfo) else []
