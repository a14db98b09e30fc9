"""How long ``advisor bid`` takes, start-up included, on a seeded mixed set of ten-card hands
(issue 30: median at most 2 s, slowest at most 5 s; memory under 150 MB).

    python benchmarks/bid.py [--hands 6] [--seed 30] [--jobs 0] [--baseline REV]

The set is ``benchmarks/declare.py``'s, dealt ten cards: ``--hands`` strong hands (a suit of
five or more and at least six aces and kings), as many marginal ones (four or five aces and
kings) and as many dealt at random (most pass, some play misère). Each runs as a subprocess
(``--json``, the seat taken in turn: first, second, third hand, nobody having bid), and its
wall-clock time is what a player waits (CPU seconds beside: on a shared machine the two part),
with the largest resident set of the runs so far. Printed: each hand's figures, the talons
worked out and the answer, then the median and the slowest, with the slowest hand.

``--baseline REV`` times the code of commit ``REV`` too, in the same run: a checkout of it
(``git worktree add`` in the temporary directory, its extensions built from a wheel; kept for
the next run, ``git worktree remove`` it when done) is put first on the path of its runs, and
each hand runs on the baseline, then on this code, in turn, so that both meet the same load;
the summary is printed for each.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from declare import hands, timed
from machine import processor

SEATS = ("first", "second", "third")
ROOT = Path(__file__).resolve().parent.parent


def run(cards: str, seat: str, jobs: int, env: dict[str, str]) -> tuple[float, float, float, str]:
    """Seconds, CPU seconds, the child's peak memory in MB and the answer of one ``advisor
    bid``."""
    arguments = ["bid", cards, "--seat", seat, "--json", "--jobs", str(jobs)]
    seconds, cpu, memory, answer = timed(arguments, env)
    return seconds, cpu, memory, f"{answer['talons']:3} talons  {answer['answer']}"


def checkout(revision: str) -> Path:
    """A checkout of ``revision`` with its compiled extensions, made once."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{revision}^{{commit}}"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    place = Path(tempfile.gettempdir()) / f"advisor-baseline-{commit[:12]}"
    if not place.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(place), commit],
                       check=True, capture_output=True)  # fmt: skip
        wheels = place / ".wheel"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                        str(wheels), str(place)], check=True, capture_output=True)  # fmt: skip
        for wheel in wheels.glob("*.whl"):
            with zipfile.ZipFile(wheel) as archive:
                for name in archive.namelist():
                    if name.endswith(".so"):
                        archive.extract(name, place)
    return place


def summary(name: str, times: list[tuple[float, str, str, str]],
            cpus: list[tuple[float, str, str, str]]) -> None:  # fmt: skip
    slowest, dearest = max(times), max(cpus)
    print(
        f"{name}wall: median {statistics.median(t for t, *_ in times):.2f} s over {len(times)} "
        f"hands; slowest {slowest[0]:.2f} s: {slowest[1]} {slowest[2]!r} --seat {slowest[3]}"
    )
    print(f"{name}CPU: median {statistics.median(c for c, *_ in cpus):.2f} s, slowest "
          f"{dearest[0]:.2f} s: {dearest[1]} {dearest[2]!r} --seat {dearest[3]}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6, help="hands of each kind")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--baseline", metavar="REV", help="time commit REV's code too")
    options = parser.parse_args()
    print(f"machine: {processor()}")
    here = {**os.environ, "PYTHONSAFEPATH": "1"}  # this code: the installed package
    codes = {"": here}
    if options.baseline:
        base = {**here, "PYTHONPATH": str(checkout(options.baseline))}
        codes = {f"baseline {options.baseline}: ": base, "this code: ": here}
    times: dict[str, list[tuple[float, str, str, str]]] = {name: [] for name in codes}
    cpus: dict[str, list[tuple[float, str, str, str]]] = {name: [] for name in codes}
    for number, (kind, cards) in enumerate(hands(options.hands, options.seed, size=10)):
        seat = SEATS[number % len(SEATS)]
        for name, env in codes.items():
            seconds, cpu, memory, answer = run(cards, seat, options.jobs, env)
            times[name].append((seconds, kind, cards, seat))
            cpus[name].append((cpu, kind, cards, seat))
            print(f"{seconds:6.2f} s {cpu:6.2f} cpu s  {memory:4.0f} MB  {kind:8}  {seat:6}  "
                  f"{cards:32}  {answer}  {name.rstrip(': ')}", flush=True)  # fmt: skip
    for name in codes:
        summary(name, times[name], cpus[name])
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory of any run: {peak:.0f} MB")


if __name__ == "__main__":
    main()
