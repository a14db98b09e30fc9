"""Cost of ``advisor solve --contract … --discards …`` over all 184,756 layouts, start-up included.

The hands are the game solver's seeded mixed set (``benchmarks/game_solver.py``): a strong hand
for each strain, marginal hands, fully random hands and weak hands on which the declarer leads
(the slowest plausible), and then the *played* hands, the contracts a declarer really plays:
seeded deals of twelve cards on which ``advisor declare`` (the library, no bid) plays a game,
with the discard, contract and seat on lead it chose (``--played N`` of them, 6 as there).
Choosing them takes about a CPU second of ``declare``'s analysis, said on standard error, before
and outside every measure. Each hand is run as a user runs it: the installed command in a
process of its own, ``--json`` (the text is the same work), one thread, so every run starts
from nothing (imports, an empty transposition table) as a real one does. The contract named is
a played hand's own; seven for a strong hand and six for the other kinds, which have none (the
level changes only the defence's decisions, not the play). For each hand the wall and CPU
seconds of the command (user and system, of the child process), the chance to make and the
mean tricks it printed; then the median and the slowest of each kind (the played hands one of
them) and of all, wall and CPU, with the slowest hand, and how idle the machine was.

Target (issue 30, point 1): every layout of a hand in at most 1 s of one core on typical
hands, 5 s on the slowest plausible ones.

    python benchmarks/solve_contract.py [--seed 30] [--kind weak] [--played 6]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from game_solver import HANDS_PER_KIND, PLAYED, Hand, choose_played, hand_set
from machine import machine_ticks, processor
from startup import advisor_command, compile_package

from advisor.contract import Contract, Strain

TYPICAL_S = 1.0
SLOWEST_S = 5.0
LEVELS = {"strong": 7}  # the contract's level by kind of hand without one; 6 for the others


@dataclass(frozen=True)
class Run:
    hand: Hand
    contract: Contract
    wall: float
    cpu: float
    p_make: float
    mean_tricks: float


def contract_of(hand: Hand) -> Contract:
    """The contract named for ``hand``: a played hand's own, else a level by its kind in the
    hand's strain."""
    if hand.contract is not None:
        return hand.contract
    return Contract(LEVELS.get(hand.kind, 6), Strain.of(hand.trump))


def named(run: Run) -> str:
    """The run's hand with its contract (a played hand's own shows already)."""
    return str(run.hand) if run.hand.contract is not None else f"{run.contract} {run.hand}"


def command(hand: Hand, contract: Contract) -> list[str]:
    return [
        *advisor_command(),
        "solve",
        str(hand.cards),
        "--discards",
        str(hand.discards),
        "--contract",
        contract.ascii(),
        "--lead",
        hand.leader.lead.value,
        "--jobs",
        "1",
        "--json",
    ]


def run(hand: Hand) -> Run:
    contract = contract_of(hand)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command(hand, contract), capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data = json.loads(done.stdout)
    assert data["exact"] and data["layouts"] == sum(data["histogram"])
    return Run(hand, contract, wall, cpu, data["p_make"], data["expected_tricks"])


def summary(label: str, runs: list[Run]) -> None:
    for measure in ("wall", "cpu"):
        seconds = [getattr(run, measure) for run in runs]
        slowest = max(runs, key=lambda run: getattr(run, measure))
        print(
            f"{label:14} {measure:4} median {statistics.median(seconds):6.2f} s   slowest "
            f"{getattr(slowest, measure):6.2f} s  ({named(slowest)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--kind", help="only the hands whose kind starts with this")
    parser.add_argument(
        "--played",
        type=int,
        default=HANDS_PER_KIND[PLAYED],
        metavar="N",
        help="hands played as advisor declare chooses, run last",
    )
    args = parser.parse_args()
    print(f"machine: {processor()}")
    compile_package()
    prefix = args.kind or ""
    played = choose_played(args.seed, args.played if PLAYED.startswith(prefix) else 0, sys.stderr)
    hands = [hand for hand in hand_set(args.seed) + played if hand.kind.startswith(prefix)]
    ticks, idle = machine_ticks()
    runs = []
    for hand in hands:
        found = run(hand)
        runs.append(found)
        print(
            f"{hand.kind:14} {found.wall:6.2f} s wall {found.cpu:6.2f} s cpu  "
            f"{found.contract!s:>4} made {found.p_make:6.1%} mean {found.mean_tricks:4.2f}  {hand}"
        )
    ticks_after, idle_after = machine_ticks()
    print()
    for kind in HANDS_PER_KIND:
        chosen = [found for found in runs if found.hand.kind == kind]
        if chosen:
            summary(kind, chosen)
    summary("all", runs)
    free = (idle_after - idle) / (ticks_after - ticks) if ticks_after > ticks else float("nan")
    print(
        f"targets: {TYPICAL_S:g} s typical, {SLOWEST_S:g} s slowest plausible (one core); "
        f"machine idle {free:.0%} during the runs"
    )


if __name__ == "__main__":
    main()
