"""Time ``advisor table compare`` (without ``--exact``) on a generated file of hands.

    python benchmarks/compare.py [--hands N]

Two files: the one ``benchmarks/batch.py`` generates (seeded: random hands in every notation,
some with ``; lead=me`` or ``; id=``, a few bad lines), and as many misère-like hands from
``examples/make_tuning_hands.py`` (an id on every line: batch reads those lines in Python, not
with its C reader). On each, the best of three runs of: the library alone
(:class:`advisor.compare.Comparison` over the file, the founding table against the exact one,
whose many distinct percents make it the slower of the two), and the real command as a
subprocess, ``advisor table compare FILE --against exact --json``, its output thrown away
(start-up and writing the flips included); ``advisor batch`` itself is the yardstick, timed the
same way (``--format jsonl``, one table). Target: every table checks at least 50,000 hands a
second with one job, that is a file of hands compared at 50,000 hands/s (each hand checked with
both tables).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from batch import generate
from machine import machine_ticks

from advisor.batch import FileFailure, Source
from advisor.compare import Comparison
from advisor.table import default_table, exact_table

TUNING = Path(__file__).parent.parent / "examples" / "make_tuning_hands.py"
RUNS = 3
TARGET = 50_000  # hands a second, a table


def library_seconds(path: Path) -> float:
    start = time.perf_counter()
    with Comparison(default_table(), exact_table()) as comparison:
        for chunk in comparison.chunks([Source(str(path), path=str(path))]):
            assert not isinstance(chunk, FileFailure)
    return time.perf_counter() - start


def command_seconds(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "advisor", *args], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)  # fmt: skip
    return time.perf_counter() - start


def report(label: str, hands: int, tables: int, seconds: float, idle: float) -> None:
    """Hands of the file a second, checks a second (hands times tables), against the target."""
    rate = hands / seconds
    verdict = "ok" if rate >= TARGET else "SLOW"
    print(
        f"{label:<38} {seconds:6.2f} s {rate:9,.0f} hands/s  {rate * tables:9,.0f} checks/s  "
        f"{verdict}  machine idle {idle:4.0%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "hands.txt"
        bad = generate(path, args.hands)
        tuning = Path(temp) / "tuning.txt"
        make = [sys.executable, str(TUNING), "--hands", str(args.hands), "--seed", "1"]
        subprocess.run([*make, "--output", str(tuning)], check=True)
        print(f"target {TARGET:,} hands/s a table")
        print(f"{args.hands:,} random hands ({bad} bad lines):")
        time_file(path, args.hands)
        print(f"{args.hands:,} misère-like hands, an id on every line:")
        time_file(tuning, args.hands)


def time_file(path: Path, hands: int) -> None:
    """The library, the command and batch on ``path``, each the best of RUNS runs."""
    compare = ("table", "compare", str(path), "--against", "exact", "--json", "--quiet")
    runs = {
        "library: Comparison, 2 tables": (2, partial(library_seconds, path)),
        "advisor table compare --json, 2 tables": (2, partial(command_seconds, *compare)),
        "advisor batch --format jsonl, 1 table": (
            1, partial(command_seconds, "batch", str(path), "--format", "jsonl", "--quiet")
        ),
    }  # fmt: skip
    for label, (tables, run) in runs.items():
        ticks, idle = machine_ticks()
        best = min(run() for _ in range(RUNS))
        ticks_after, idle_after = machine_ticks()
        free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else 0.0
        report(label, hands, tables, best, free)


if __name__ == "__main__":
    main()
