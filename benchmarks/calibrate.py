"""Time ``advisor table calibrate`` on the built-in table with its default sampling.

    python benchmarks/calibrate.py [--runs N] [--all HOLDING]

Runs the real command as a subprocess (``advisor table calibrate --table founding --json
--quiet``: every entry of the founding table and every common holding it lacks, 141 holdings,
5,000 deals each for each lead seat) and prints the wall and CPU seconds of the best run and
how idle the machine stayed. Target: under a minute on the 2-core development machine.
``--all HOLDING`` also times the exact figure of one holding (every split of every
representative hand), to show what ``--all`` costs a holding.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from machine import machine_ticks

TARGET = 60.0


def run(*args: str) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, share of the machine idle meanwhile) of one command."""
    ticks, idle = machine_ticks()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "advisor", "table", "calibrate", "--table", "founding",
               "--json", "--quiet", *args]  # fmt: skip
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    ticks_after, idle_after = machine_ticks()
    free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else float("nan")
    return wall, cpu, free


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--all", dest="holding", metavar="HOLDING")
    args = parser.parse_args()
    wall, cpu, free = min(run() for _ in range(args.runs))
    verdict = "ok" if wall < TARGET else "SLOW"
    print(
        f"default sampling, the built-in table: {wall:6.1f} s wall {cpu:6.1f} s cpu  "
        f"target {TARGET:g} s {verdict}  machine idle {free:4.0%}"
    )
    if args.holding:
        wall, cpu, free = run("--all", "--holding", args.holding)
        print(
            f"--all, the holding {args.holding}: {wall:6.1f} s wall {cpu:6.1f} s cpu  "
            f"machine idle {free:4.0%}"
        )


if __name__ == "__main__":
    main()
