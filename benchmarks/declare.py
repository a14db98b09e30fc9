"""How long ``advisor declare`` takes, start-up included, on a seeded mixed set of twelve-card
hands (issue 30: median at most 1 s, slowest at most 3 s).

    python benchmarks/declare.py [--hands 8] [--seed 30] [--jobs 0]

The set: ``--hands`` strong hands (a suit of five or more and at least six aces and kings:
the hands that declare a game), as many marginal ones (four or five aces and kings) and as
many dealt at random (most give up). Each runs as a subprocess (``--json``, the lead taken in
turn: me, left, right), and its wall-clock time is what a player waits (CPU seconds beside:
on a shared machine the two part), with the largest resident set of the runs so far. Printed:
each hand's figures and answer, then the median and the slowest, with the slowest hand.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time

from machine import processor

SUITS = "SCDH"
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
LEADS = ("me", "left", "right")


def _card(index: int) -> str:
    return RANKS[index & 7] + SUITS[index >> 3]


def _tops(cards: list[int]) -> int:
    return sum(1 for card in cards if card & 7 >= 6)


def _longest(cards: list[int]) -> int:
    return max(sum(1 for card in cards if card >> 3 == suit) for suit in range(4))


def hands(count: int, seed: int, size: int = 12) -> list[tuple[str, str]]:
    """``count`` strong, marginal and random hands of ``size`` cards (twelve: with the
    talon), each with its kind."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = []
    wanted = {"strong": count, "marginal": count, "random": count}
    while any(wanted.values()):
        cards = rng.sample(range(32), size)
        tops = _tops(cards)
        if wanted["random"]:
            kind = "random"
        elif tops >= 6 and _longest(cards) >= 5:
            kind = "strong"
        elif tops in (4, 5):
            kind = "marginal"
        else:
            continue
        if wanted[kind]:
            wanted[kind] -= 1
            found.append((kind, " ".join(_card(card) for card in sorted(cards))))
    return found


def timed(
    arguments: list[str], env: dict[str, str] | None = None
) -> tuple[float, float, float, dict[str, object]]:
    """Seconds, CPU seconds, the child's peak memory in MB and the JSON answer of one
    ``advisor`` run (its exit code 0 or 1), in the environment ``env`` (default: this one)."""
    command = [sys.executable, "-m", "advisor", *arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode not in (0, 1):
        raise SystemExit(f"{arguments}: exit {done.returncode}: {done.stderr}")
    return seconds, cpu, after.ru_maxrss / 1024, json.loads(done.stdout)


def run(cards: str, lead: str, jobs: int) -> tuple[float, float, float, str]:
    """Seconds, CPU seconds, the child's peak memory in MB and the answer of one ``advisor
    declare``."""
    arguments = ["declare", cards, "--lead", lead, "--json", "--jobs", str(jobs)]
    seconds, cpu, memory, answer = timed(arguments)
    shown = str(answer["answer"])
    if answer["discards"] is not None:
        shown += f" ({answer['discards']})"
    return seconds, cpu, memory, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=8, help="hands of each kind")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=0)
    options = parser.parse_args()
    print(f"machine: {processor()}")
    times, cpus = [], []
    for number, (kind, cards) in enumerate(hands(options.hands, options.seed)):
        lead = LEADS[number % len(LEADS)]
        seconds, cpu, memory, answer = run(cards, lead, options.jobs)
        times.append((seconds, kind, cards, lead))
        cpus.append(cpu)
        print(f"{seconds:6.2f} s {cpu:6.2f} cpu s  {memory:4.0f} MB  {kind:8}  {lead:5}  "
              f"{cards:40}  {answer}")  # fmt: skip
    slowest = max(times)
    print(
        f"wall: median {statistics.median(t for t, *_ in times):.2f} s over {len(times)} "
        f"hands; slowest {slowest[0]:.2f} s: {slowest[1]} {slowest[2]!r} --lead {slowest[3]}"
    )
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"CPU: median {statistics.median(cpus):.2f} s, slowest {max(cpus):.2f} s "
          f"(peak memory of any run: {peak:.0f} MB)")  # fmt: skip


if __name__ == "__main__":
    main()
