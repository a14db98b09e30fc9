"""Speed of the exact all-pass solver (issue 14), in one run.

Times, each from an empty transposition table, one process:

- forced for all three seats on 1,000 random deals, and for one seat (the ``--layouts`` case),
  in deals a second;
- a deal's six values (forced and fewest, three seats), in milliseconds a deal, over 200 deals
  solved one at a time (the mean, and the slowest deal);
- the sampled estimate of a hand with the default samples (1,000 deals, one seat), for a few
  typical hands: the median and the slowest;
- ``advisor allpass --layouts FILE --seat first --values forced`` on 3,000 deals, start-up
  included, in deals a second (CPU time of the whole command, and its wall time).

Each figure is the best of three runs (the machine is shared: the best run is the one least
disturbed); CPU seconds of this process, and how idle the rest of the machine was.

Targets: the default estimate at most 1 s for a typical hand; a deal's six values at most
10 ms; ``--layouts`` at least 1,100 deals a second for one seat's forced value.

    python benchmarks/allpass.py
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from machine import machine_ticks

from advisor.allpass import _core as core
from advisor.allpass.rules import AllPassRules, Deal, format_deal
from advisor.allpass.sample import estimate_allpass
from advisor.allpass.solver import Value, deal_values, nodes_searched, solve_deals
from advisor.cards import Card, CardSet, parse_hand
from advisor.seats import Position

RUNS = 3
RULES = AllPassRules()
TYPICAL_HANDS = [
    "♠7 9 J ♣8 Q A ♦7 10 ♥9 K",
    "♠8 10 K ♣7 J ♦9 Q A ♥8 J",
    "♠7 8 A ♣9 10 ♦J Q K ♥7 A",
    "♠9 10 J ♣7 K ♦8 A ♥8 10 Q",
    "♠Q K ♣7 8 10 ♦7 J ♥9 10 A",
]


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = [Card.from_index(i) for i in rng.sample(range(32), 32)]
        hands = (CardSet.of(cards[:10]), CardSet.of(cards[10:20]), CardSet.of(cards[20:30]))
        deals.append(Deal(hands, (cards[30], cards[31])))
    return deals


def best_of(run: Callable[[], object]) -> tuple[float, float, float]:
    """(best wall s, best CPU s, machine idle share) over RUNS runs, each from an empty table."""
    ticks, idle = machine_ticks()
    wall = cpu = float("inf")
    for _ in range(RUNS):
        core.clear()
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        run()
        wall = min(wall, time.perf_counter() - wall_start)
        cpu = min(cpu, time.process_time() - cpu_start)
    ticks_after, idle_after = machine_ticks()
    free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else float("nan")
    return wall, cpu, free


def report(label: str, figure: str, target: str, ok: bool, free: float) -> None:
    print(f"{label:<44} {figure:>22}   target {target:<14} {'ok' if ok else 'SLOW':<4}  "
          f"machine idle {free:4.0%}")  # fmt: skip


def bench_many_deals(deals: list[Deal]) -> None:
    _, cpu, free = best_of(lambda: solve_deals(deals, RULES, values=(Value.FORCED,)))
    nodes = nodes_searched() / len(deals)
    rate = len(deals) / cpu
    report(f"forced, 3 seats, {len(deals):,} deals ({nodes:,.0f} nodes/deal)",
           f"{rate:,.0f} deals/s", "-", True, free)  # fmt: skip
    one = (Position.FIRST,)
    _, cpu, free = best_of(lambda: solve_deals(deals, RULES, one, (Value.FORCED,)))
    rate = len(deals) / cpu
    report("forced, first hand only", f"{rate:,.0f} deals/s", ">= 1,100/s", rate >= 1100, free)


def bench_six_values(deals: list[Deal]) -> None:
    times: list[float] = []

    def run() -> None:
        times.clear()
        for deal in deals:
            start = time.process_time()
            deal_values(deal, RULES)
            times.append(time.process_time() - start)

    _, cpu, free = best_of(run)
    mean = 1000 * cpu / len(deals)
    report(f"six values of a deal, {len(deals)} deals", f"{mean:.2f} ms mean", "<= 10 ms",
           mean <= 10, free)  # fmt: skip
    report("  the slowest of them", f"{1000 * max(times):.2f} ms", "-", True, free)


def bench_estimates() -> None:
    seconds = []
    free_shares = []
    for text in TYPICAL_HANDS:
        hand = parse_hand(text)
        _, cpu, free = best_of(partial(estimate_allpass, hand, Position.SECOND, RULES))
        seconds.append(cpu)
        free_shares.append(free)
    median = statistics.median(seconds)
    report(f"estimate, 1,000 deals, {len(TYPICAL_HANDS)} hands", f"{median:.3f} s median",
           "<= 1 s", median <= 1, min(free_shares))  # fmt: skip
    report("  the slowest hand", f"{max(seconds):.3f} s", "-", True, min(free_shares))


def bench_layouts_command(deals: list[Deal]) -> None:
    """The whole command in a child process: its CPU time (user and system, start-up
    included), which a busy machine disturbs less than the wall time, and the wall time."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "deals.txt"
        path.write_text("".join(format_deal(deal) + "\n" for deal in deals), encoding="utf-8")
        command = [sys.executable, "-m", "advisor", "allpass", "--layouts", str(path),
                   "--seat", "first", "--values", "forced"]  # fmt: skip
        cpu = wall = float("inf")
        ticks, idle = machine_ticks()
        for _ in range(RUNS):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            wall = min(wall, time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            cpu = min(cpu, used)
        ticks_after, idle_after = machine_ticks()
    free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else float("nan")
    rate = len(deals) / cpu
    report(f"advisor allpass --layouts, {len(deals):,} deals", f"{rate:,.0f} deals/s cpu",
           ">= 1,100/s", rate >= 1100, free)  # fmt: skip
    report("  the same in wall time", f"{len(deals) / wall:,.0f} deals/s", "-", True, free)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help
    bench_many_deals(random_deals(1000, seed=1))
    bench_six_values(random_deals(200, seed=2))
    bench_estimates()
    bench_layouts_command(random_deals(3000, seed=3))


if __name__ == "__main__":
    main()
