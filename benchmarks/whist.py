"""Cost of ``advisor whist``: the command itself, start-up included, on a seeded set of games.

Two kinds of cases, seeded:

- **declared**: a random deal in which the player in M, holding his ten and the talon, names
  the game his double-dummy best discard and strain make on the deal as dealt (six at least;
  deals where he makes no six are dealt again); a random defender of the two faces it. These
  are the games a defender meets.
- **random**: a random defender's hand, a random talon and a random contract of 6..8 in a
  random strain: games the declarer seldom could have named against these cards, where most
  splits drawn are rejected (the slow kind; some end with too few layouts, which is said).

Each case runs ``python -m advisor whist ... --json`` with the default samples and threads
(every core; ``--jobs`` to change it); the figures are wall seconds and the CPU seconds of the
run (its threads together: on a shared machine the wall clock measures the other users too),
the median, the slowest and its case, and each case's kept layouts and verdict.

The declare model is the declarer's own view (``advisor/whist/view.py``: ``advisor declare``'s
choice on his twelve cards over a few splits); nearly all the time goes to it. How often it
answers as ``advisor declare`` does: ``benchmarks/whist_view.py``.

Targets (issue 31): median at most 1 s, slowest at most 3 s.

    python benchmarks/whist.py [--cases 12] [--seed 31] [--jobs 0]
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
from collections.abc import Callable
from typing import NamedTuple

from advisor.cards import CardSet
from advisor.contract import Contract, Strain
from advisor.seats import Seat
from advisor.whist import best_discard

TARGET_MEDIAN_S, TARGET_SLOWEST_S = 1.0, 3.0


class Run(NamedTuple):
    """One case's run of the command: its kind, its arguments, its seconds and its JSON (or
    ``{"error": ...}``)."""

    kind: str
    arguments: list[str]
    wall: float
    cpu: float
    found: dict[str, object]


MEASURES: tuple[tuple[str, Callable[[Run], float]], ...] = (
    ("wall", lambda run: run.wall),
    ("cpu", lambda run: run.cpu),
)


def _mask(cards: list[int]) -> CardSet:
    return CardSet(sum(1 << card for card in cards))


def declared_case(rng: random.Random) -> list[str]:
    """A deal in which M names what he makes double dummy, and a defender facing it."""
    while True:
        cards = rng.sample(range(32), 32)
        twelve, left, right = _mask(cards[:12]), _mask(cards[12:22]), _mask(cards[22:])
        side = rng.choice(("left", "right"))  # the declarer on the defender's left: he is R
        lead = rng.choice(("me", "partner", "declarer"))
        defender = Seat.R if side == "left" else Seat.L
        leader = {"me": defender, "partner": Seat(3 - defender), "declarer": Seat.M}[lead]
        made = [(found.tricks, strain) for strain in Strain
                if (found := best_discard(twelve, left, right, strain.suit, leader))]  # fmt: skip
        tricks, strain = max(made)
        if tricks >= 6:
            talon = _mask(rng.sample(cards[:12], 2))
            hand = right if defender is Seat.R else left
            return _arguments(hand, talon, Contract(tricks, strain), side, lead)


def random_case(rng: random.Random) -> list[str]:
    cards = rng.sample(range(32), 12)
    contract = Contract(rng.choice((6, 7, 8)), rng.choice(list(Strain)))
    side, lead = rng.choice(("left", "right")), rng.choice(("me", "partner", "declarer"))
    return _arguments(_mask(cards[:10]), _mask(cards[10:]), contract, side, lead)


def _arguments(
    hand: CardSet, talon: CardSet, contract: Contract, side: str, lead: str
) -> list[str]:
    return [" ".join(card.ascii() for card in hand), "--contract", contract.ascii(),
            "--declarer", side, "--talon", " ".join(card.ascii() for card in talon),
            "--lead", lead]  # fmt: skip


def timed(
    arguments: list[str], jobs: int, command: str = "whist"
) -> tuple[float, float, dict[str, object]]:
    """Wall and CPU seconds of one run of ``advisor command`` (whist by default), and its
    JSON."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "advisor", command, *arguments, "--json", "--jobs", str(jobs)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    found = json.loads(done.stdout) if done.returncode == 0 else {"error": done.stderr.strip()}
    return wall, cpu, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12, help="cases of each kind")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--jobs", type=int, default=0)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    cases = [("declared", declared_case(rng)) for _ in range(options.cases)]
    cases += [("random", random_case(rng)) for _ in range(options.cases)]
    runs = run_all(
        cases, options.jobs, "whist", _summary, lambda arguments: " ".join(arguments[1:3])
    )
    report(runs, ("declared", "random"), "whist")


def _summary(found: dict[str, object]) -> str:
    return f"kept {found['kept']}/{found['drawn']}, {found['best']}" + (
        "" if found["clear"] else " (close)"
    )


def run_all(
    cases: list[tuple[str, list[str]]],
    jobs: int,
    command: str,
    summary: Callable[[dict[str, object]], str],
    label: Callable[[list[str]], str],
) -> list[Run]:
    """Each case run and timed (:func:`timed`), a line printed for it as it ends: its kind, its
    seconds, its ``label`` and its answer's ``summary`` (or its error)."""
    runs = []
    for kind, arguments in cases:
        wall, cpu, found = timed(arguments, jobs, command)
        runs.append(Run(kind, arguments, wall, cpu, found))
        error = found.get("error")
        said = error if isinstance(error, str) else summary(found)
        print(f"{kind:8} {wall:5.2f} s wall {cpu:5.2f} s cpu  {label(arguments)}  {said}")
    return runs


def report(runs: list[Run], kinds: tuple[str, ...], command: str) -> None:
    """The median and the slowest of each kind and of all, with the slowest case, and whether
    the targets are met."""
    for group in (*kinds, None):
        chosen = [run for run in runs if group is None or run.kind == group]
        for name, seconds in MEASURES:
            figures = [seconds(run) for run in chosen]
            slowest = max(chosen, key=seconds)
            shown = " ".join(f'"{a}"' if " " in a else a for a in slowest.arguments)
            print(f"{group or 'all':8} {name:4} median {statistics.median(figures):.2f} s, slowest "
                  f"{seconds(slowest):.2f} s: advisor {command} {shown}")  # fmt: skip
    for name, seconds in MEASURES:
        figures = [seconds(run) for run in runs]
        met = statistics.median(figures) <= TARGET_MEDIAN_S and max(figures) <= TARGET_SLOWEST_S
        print(f"targets in {name} seconds (median <= {TARGET_MEDIAN_S} s, slowest <= "
              f"{TARGET_SLOWEST_S} s): {'met' if met else 'NOT met'}")  # fmt: skip


if __name__ == "__main__":
    main()
