"""How long ``advisor bid`` takes, start-up included, on a seeded mixed set of ten-card hands
(issue 30: median at most 2 s, slowest at most 5 s; memory under 150 MB).

    python benchmarks/bid.py [--hands 6] [--seed 30] [--jobs 0]

The set is ``benchmarks/declare.py``'s, dealt ten cards: ``--hands`` strong hands (a suit of
five or more and at least six aces and kings), as many marginal ones (four or five aces and
kings) and as many dealt at random (most pass, some play misère). Each runs as a subprocess
(``--json``, the seat taken in turn: first, second, third hand, nobody having bid), and its
wall-clock time is what a player waits (CPU seconds beside: on a shared machine the two part),
with the largest resident set of the runs so far. Printed: each hand's figures, the talons
worked out and the answer, then the median and the slowest, with the slowest hand.
"""

from __future__ import annotations

import argparse
import resource
import statistics

from declare import hands, timed

SEATS = ("first", "second", "third")


def run(cards: str, seat: str, jobs: int) -> tuple[float, float, float, str]:
    """Seconds, CPU seconds, the child's peak memory in MB and the answer of one ``advisor
    bid``."""
    arguments = ["bid", cards, "--seat", seat, "--json", "--jobs", str(jobs)]
    seconds, cpu, memory, answer = timed(arguments)
    return seconds, cpu, memory, f"{answer['talons']:3} talons  {answer['answer']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6, help="hands of each kind")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=0)
    options = parser.parse_args()
    times, cpus = [], []
    for number, (kind, cards) in enumerate(hands(options.hands, options.seed, size=10)):
        seat = SEATS[number % len(SEATS)]
        seconds, cpu, memory, answer = run(cards, seat, options.jobs)
        times.append((seconds, kind, cards, seat))
        cpus.append((cpu, kind, cards, seat))
        print(f"{seconds:6.2f} s {cpu:6.2f} cpu s  {memory:4.0f} MB  {kind:8}  {seat:6}  "
              f"{cards:32}  {answer}", flush=True)  # fmt: skip
    slowest = max(times)
    print(
        f"wall: median {statistics.median(t for t, *_ in times):.2f} s over {len(times)} "
        f"hands; slowest {slowest[0]:.2f} s: {slowest[1]} {slowest[2]!r} --seat {slowest[3]}"
    )
    dearest = max(cpus)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"CPU: median {statistics.median(c for c, *_ in cpus):.2f} s, slowest "
          f"{dearest[0]:.2f} s: {dearest[1]} {dearest[2]!r} --seat {dearest[3]} "
          f"(peak memory of any run: {peak:.0f} MB)")  # fmt: skip


if __name__ == "__main__":
    main()
