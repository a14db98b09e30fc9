"""Cost of the talon outlook (``advisor check --talon``) on top of the plain check.

Deals random hands (seeded), times :func:`advisor.talon.talon_outlook` on each (231 talons,
each with its best discard of 66, and the outs of every hole) and, for reference, the plain
:func:`advisor.verdict.assess`; prints the median, the 90th percentile and the worst case, and
the first hand on its own (cold caches: every holding judged once for the table and lead, which a
one-shot ``advisor check --talon`` pays each time). Target (issue 5): median at most 50 ms.

    python benchmarks/talon.py [--hands 1000] [--seed 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from advisor.cards import CardSet
from advisor.seats import Lead
from advisor.table import default_table
from advisor.talon import talon_outlook
from advisor.verdict import assess

TARGET_MS = 50.0


def deal(rng: random.Random) -> CardSet:
    return CardSet(sum(1 << index for index in rng.sample(range(32), 10)))


def timed_ms(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return 1000 * (time.perf_counter() - start)


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{name:<16} median {statistics.median(ordered):7.2f} ms   "
        f"p90 {p90:7.2f} ms   worst {ordered[-1]:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table = default_table()
    hands = [(deal(rng), rng.choice(list(Lead))) for _ in range(args.hands)]
    first, lead = hands[0]
    cold = timed_ms(lambda: talon_outlook(first, lead, table))
    plain = [timed_ms(partial(assess, hand, lead, table)) for hand, lead in hands]
    outlook = [timed_ms(partial(talon_outlook, hand, lead, table)) for hand, lead in hands]
    print(f"{args.hands} random hands, seed {args.seed}, built-in table, random lead")
    print(summary("plain assess", plain))
    print(summary("talon outlook", outlook))
    print(f"first hand, cold caches: {cold:.2f} ms")
    median = statistics.median(outlook)
    verdict = "within" if median <= TARGET_MS else "OVER"
    print(f"target: median outlook at most {TARGET_MS:g} ms: {verdict}")


if __name__ == "__main__":
    main()
