"""What the compiled solvers are built for on this machine: the one rule, read by ``setup.py``
and by the benchmarks that build a baseline's solver to compare with.

The solvers count, find and clear the bits of card sets all the time. Where the processor has
the instructions for it, the build asks for them (x86-64, as Linux's ``/proc/cpuinfo`` lists
them):

- ``popcnt``, a set's size in one instruction (every x86-64 processor since about 2008): about
  a tenth of the game solver's time (``_cards.h``'s ``popcount32``);
- BMI1 (``tzcnt``, ``blsr``, ``andn``), BMI2 (shifts by a register without the ``cl`` detour)
  and LZCNT (x86-64 processors since about 2013): measured on an AMD EPYC, alternating builds,
  3 to 10 % less CPU time for the game solver (every layout of a hand; cold batches 4 to 6 %),
  2 to 4 % for the misère solver.

Elsewhere, or with ``ADVISOR_PORTABLE=1`` (a build meant to run on other machines, whose
processors may lack them), the portable code is kept. No import of the package: ``setup.py``
loads this file alone.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

PORTABLE_ENV = "ADVISOR_PORTABLE"
CPUINFO = Path("/proc/cpuinfo")
BIT_INSTRUCTIONS = {"popcnt": "-mpopcnt", "bmi1": "-mbmi", "bmi2": "-mbmi2", "abm": "-mlzcnt"}
"""Each processor flag (as Linux names it; ``abm`` is LZCNT's) and the compiler flag that uses
it."""


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
    present = cpu_flags(cpuinfo)
    return [option for flag, option in BIT_INSTRUCTIONS.items() if flag in present]
