"""Speed of the exact misère solver (issue 4), in one run.

Times, each with an empty transposition table: the exact enumeration of the fixture hand
(``♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8``, discards ♦A ♥A) for each leader, single process; 10,000
sampled layouts; the clean hand exact; and the fixture with ``--jobs 2`` against one job.
Prints the wall time, the CPU time (of all threads) and the search nodes per second of each,
and how busy the rest of the machine was: on a loaded machine the wall times and the --jobs
speed-up mean little, and the CPU times are the figures to compare. Each figure is the best
of three runs, each from an empty table (the machine is shared: the best run is the one least
disturbed).

Targets: at most 1.0 s per leader; 10,000 samples in at most 0.5 s; the clean hand in at most
0.05 s; ``--jobs 2`` at least 1.7 times faster than one job.

    python benchmarks/solver.py
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from machine import machine_ticks

from advisor.cards import parse_cards, parse_hand
from advisor.seats import Seat
from advisor.solver import Odds, catch_odds, nodes_searched
from advisor.solver import _core as core

FIXTURE = parse_hand("7S 10S 7C 8C 9C 7D 8D 9D 7H 8H")
CLEAN = parse_hand("7S 8S 9S 7C 8C 7D 8D 9D 7H 8H")
DISCARDS = parse_cards("AD AH")


RUNS = 3


def timed(label: str, target: float, run: Callable[[], Odds]) -> tuple[float, float]:
    """Run RUNS times, each on an empty table; print the best wall and CPU seconds, nodes per
    second, the target and how idle the machine was. Returns (wall, cpu)."""
    ticks, idle = machine_ticks()
    wall = cpu = float("inf")
    for _ in range(RUNS):
        core.clear()
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        odds = run()
        wall = min(wall, time.perf_counter() - wall_start)
        cpu = min(cpu, time.process_time() - cpu_start)
    ticks_after, idle_after = machine_ticks()
    free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else float("nan")
    nodes = nodes_searched()
    rate = f"{nodes / cpu / 1e6:5.1f} M nodes/s" if nodes and cpu else " " * 16
    verdict = "ok" if min(wall, cpu) <= target else "SLOW"
    print(
        f"{label:<27} {wall:6.3f} s wall {cpu:6.3f} s cpu {rate}  caught {odds.caught:>6,}  "
        f"target {target:g} s {verdict:<4}  machine idle {free:4.0%}"
    )
    return wall, cpu


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help
    print(f"transposition table: {core.TABLE_ENTRIES:,} entries")
    for seat in Seat:
        timed(
            f"fixture exact, {seat.name} leads",
            1.0,
            partial(catch_odds, FIXTURE, DISCARDS, seat),
        )
    timed(
        "fixture 10,000 samples, L",
        0.5,
        lambda: catch_odds(FIXTURE, DISCARDS, Seat.L, samples=10_000),
    )
    timed("clean hand exact, L leads", 0.05, lambda: catch_odds(CLEAN, DISCARDS, Seat.L))
    one = timed("fixture exact, L, 1 job", 1.0, lambda: catch_odds(FIXTURE, DISCARDS, Seat.L))
    two = timed(
        "fixture exact, L, --jobs 2", 0.6, lambda: catch_odds(FIXTURE, DISCARDS, Seat.L, jobs=2)
    )
    print(
        f"--jobs 2 speed-up: {one[0] / two[0]:.2f}x wall (target at least 1.7x); the two "
        f"threads did {two[1] / one[1]:.2f}x the work of one, so at most "
        f"{2 * one[1] / two[1]:.2f}x on two idle cores"
    )


if __name__ == "__main__":
    main()
