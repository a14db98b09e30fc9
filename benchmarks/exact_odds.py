"""Cost of the exact odds (``advisor check --exact``), per hand and seat, and in a batch.

Deals misère-like hands (seeded: random hands leaning to low cards, the hands a player weighs a
misère on; fully random hands are caught by many tricks and cost far more to solve), and times
:func:`advisor.exact.exact_odds` with the default 924 samples for each hand and each leading seat
(me, left, right) in one process. It prints the median, the 90th percentile and the worst case
per seat, and how much of the median hand goes to the discard choice and the sampling (everything
but the solver). Then it writes the hands to a file and times ``advisor batch --exact --jobs 2``
(and ``--jobs 1``) on it, in hands per second. Target (issue 6): median at most 0.3 s per hand
and seat. The solver's transposition table lives on between calls in a process, as it does in a
batch run, so the seats timed after the first find some positions already solved.

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
from pathlib import Path

from advisor.cards import CardSet
from advisor.exact import DEFAULT_SAMPLES, ExactLead, draw_strata, exact_odds, splits_per_talon
from advisor.table import default_table
from advisor.talon import talon_discards

TARGET_S = 0.3
SEATS = (ExactLead.ME, ExactLead.LEFT, ExactLead.RIGHT)


def misere_like(rng: random.Random) -> CardSet:
    """Ten cards leaning to low ranks (rank plus a random spread of five)."""
    deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
    return CardSet(sum(1 << index for index in deck[:10]))


def timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - start


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    median = statistics.median(ordered)
    mark = "ok" if median <= TARGET_S else "OVER"
    return (
        f"{name:<7} median {median:6.3f} s   p90 {p90:6.3f} s   worst {ordered[-1]:6.3f} s"
        f"   (target {TARGET_S} s: {mark})"
    )


def overhead(hand: CardSet, lead: ExactLead) -> float:
    """The part of exact_odds that is not the solver: the discards and the sample."""
    table = default_table()
    return timed(
        lambda: (
            talon_discards(hand, lead.table_lead, table),
            draw_strata(hand, splits_per_talon(DEFAULT_SAMPLES), 0),
        )
    )


def batch_rate(hands: list[CardSet], jobs: int, runs: int = 3) -> tuple[float, float]:
    """Hands per second of the best of ``runs`` batch runs, and the CPU seconds it used."""
    best = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_text("".join(f"{hand}\n" for hand in hands), encoding="utf-8")
        command = [sys.executable, "-m", "advisor", "batch", str(path), "--exact"]
        command += ["--jobs", str(jobs), "--format", "jsonl", "-q", "-o", str(path) + ".out"]
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            elapsed = timed(lambda: subprocess.run(command, check=True))
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
    print(f"{args.hands} misère-like hands, {DEFAULT_SAMPLES} samples, one process")
    times: dict[ExactLead, list[float]] = {}
    for lead in SEATS:
        times[lead] = [timed(lambda h=hand, ld=lead: exact_odds(h, ld, table)) for hand in hands]
        print(summary(lead.value, times[lead]))
    everything = [t for lead in SEATS for t in times[lead]]
    print(summary("all", everything))
    rest = statistics.median(overhead(hand, lead) for hand in hands for lead in SEATS)
    print(f"discards + sampling: median {rest:6.3f} s a hand and seat (the rest is the solver)")
    print(f"load average before the batch runs: {os.getloadavg()[0]:.2f} (2 cores)")
    for jobs in (2, 1):
        rate, cpu = batch_rate(hands, jobs)
        print(
            f"advisor batch --exact --jobs {jobs}: {rate:6.2f} hands/s, best of 3"
            f" ({cpu:.1f} CPU s; lead them: two seats a hand)"
        )


if __name__ == "__main__":
    main()
