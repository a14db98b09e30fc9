"""Cost of the exact odds (``advisor check --exact``), per hand and seat, and in a batch.

Deals misère-like hands (seeded: random hands leaning to low cards, the hands a player weighs a
misère on; fully random hands are caught by many tricks and cost far more to solve), and times
:func:`advisor.exact.analysis.exact_odds` with the default 924 samples for each hand and each
leading seat (me, left, right) in one process, with the exact discard (the default: all 66 discards
of each talon weighed by play) and, for comparison, the table's. It prints the median, the 90th
percentile and the worst case per seat, and the same over the hands where the exact discard changed
the score (the hands where the choice is open, and costs the most). Then it times ``advisor discard
--exact`` (2,000 layouts) on the twelve cards of a few of the hands with a talon, and writes the
hands to a file and times ``advisor batch --exact --jobs 2`` (and ``--jobs 1``) on it, in hands per
second. Targets (issue 11): median at most 0.5 s per hand and seat with the exact discard; ``discard
--exact`` at most 2 s for a typical hand. The solver's transposition table lives on between calls in
a process, as it does in a batch run, so the seats timed after the first find some positions already
solved. Times are CPU seconds of this process (the machine is shared).

    python benchmarks/exact_odds.py [--hands 50] [--seed 6]
"""

from __future__ import annotations

import argparse
import os
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
from typing import TypeVar

from advisor.cards import CardSet
from advisor.exact.discard_odds import discard_odds
from advisor.exact.misere import exact_odds
from advisor.exact.settings import DEFAULT_SAMPLES, ExactSettings
from advisor.seats import Lead
from advisor.table import default_table

TARGET_S = 0.5
DISCARD_TARGET_S = 2.0
SEATS = (Lead.ME, Lead.LEFT, Lead.RIGHT)


def misere_like(rng: random.Random) -> CardSet:
    """Ten cards leaning to low ranks (rank plus a random spread of five)."""
    deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
    return CardSet(sum(1 << index for index in deck[:10]))


T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[float, T]:
    """CPU seconds of this process spent on ``work()``, and what it returned."""
    start = time.process_time()
    found = work()
    return time.process_time() - start, found


def summary(name: str, times: list[float], target: float | None = TARGET_S) -> str:
    if not times:
        return f"{name:<17} no hands"
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    median = statistics.median(ordered)
    mark = (
        "" if target is None else f"   (target {target} s: {'ok' if median <= target else 'OVER'})"
    )
    return (
        f"{name:<17} median {median:6.3f} s   p90 {p90:6.3f} s   worst {ordered[-1]:6.3f} s"
        f"   ({len(ordered)} hands){mark}"
    )


def with_talon(hand: CardSet, rng: random.Random) -> CardSet:
    unseen = [card.index for card in hand.complement()]
    low, high = rng.sample(unseen, 2)
    return CardSet(hand.mask | 1 << low | 1 << high)


def batch_rate(hands: list[CardSet], jobs: int, runs: int = 3) -> tuple[float, float]:
    """Hands per second (wall clock) of the best of ``runs`` batch runs, and the CPU seconds
    it used."""
    best = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_text("".join(f"{hand}\n" for hand in hands), encoding="utf-8")
        command = [sys.executable, "-m", "advisor", "batch", str(path), "--exact"]
        command += ["--jobs", str(jobs), "--format", "jsonl", "-q", "-o", str(path) + ".out"]
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True)
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            best = max(best, (len(hands) / elapsed, cpu))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table = default_table()
    hands = [misere_like(rng) for _ in range(args.hands)]
    print(f"{args.hands} misère-like hands, {DEFAULT_SAMPLES} samples, one process, CPU seconds")
    print(f"load average: {os.getloadavg()[0]:.2f} (2 cores)")
    everything, open_choices, by_table = [], [], []
    for lead in SEATS:
        times, changed, table_times = [], [], []
        for hand in hands:
            spent, exact = timed(partial(exact_odds, hand, lead, table))
            spent_table, by_table_discard = timed(
                partial(exact_odds, hand, lead, table, ExactSettings(discard="table"))
            )
            times.append(spent)
            table_times.append(spent_table)
            if abs(exact.expected_score - by_table_discard.expected_score) > 0.005:
                changed.append(spent)
        print(summary(f"{lead.value}, exact", times))
        print(summary(f"{lead.value}, choice open", changed, None))
        print(summary(f"{lead.value}, table", table_times, None))
        everything += times
        open_choices += changed
        by_table += table_times
    print(summary("all, exact", everything))
    print(summary("all, choice open", open_choices, None))
    print(summary("all, table", by_table, None))
    rng = random.Random(args.seed)
    twelves = [with_talon(hand, rng) for hand in hands[:10]]
    discard_times = [timed(partial(discard_odds, c, Lead.LEFT, table))[0] for c in twelves]
    print(summary("discard --exact", discard_times, DISCARD_TARGET_S))
    print(f"load average before the batch runs: {os.getloadavg()[0]:.2f} (2 cores)")
    for jobs in (2, 1):
        rate, cpu = batch_rate(hands, jobs)
        print(
            f"advisor batch --exact --jobs {jobs}: {rate:6.2f} hands/s, best of 3"
            f" ({cpu:.1f} CPU s; lead them: two seats a hand)"
        )


if __name__ == "__main__":
    main()
