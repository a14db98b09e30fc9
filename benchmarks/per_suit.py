"""What the per-suit figures cost (issue 22): ``solve --exact`` per suit against the plain
enumeration, and ``check --exact`` with the per-suit figures against without them.

    python benchmarks/per_suit.py [--hands 24] [--seed 20] [--solve-hands 6] [--skip solve|check]

**solve**: the first ``--solve-hands`` misère-like hands of ``benchmarks/exact_speed.py``'s set
(as the hand after the discard, the two highest cards missing from it as the discards), each
with every leading seat: all 184,756 layouts enumerated plain (``catch_odds``) and per suit
(``catch_odds(per_suit=True)``: the caught layouts also searched for the suits they are caught
through), each from an empty transposition table, in CPU seconds of this process. Target: per
suit at most 1.5 times the plain enumeration.

**check**: ``exact_odds`` (what ``advisor check --exact`` runs, default samples, the discards
chosen by exact play) on exact_speed.py's hands, misère-like and random in turn, the leads in
turn (me, left, right, them), without the per-suit figures and with them, each from an empty
table, CPU seconds. Target: with them at most 1.5 times the time without.

Each figure is the best of three runs (CPU seconds: on a shared machine the figures to compare;
the search nodes, the same every run, beside them). Each line gives both times and their
ratio; the summary the ratio of the totals, the median ratio and the largest (with its hand),
and how busy the machine was.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from exact_speed import LEADS, SEED, card, hand_set
from machine import machine_ticks

from advisor.cards import DECK_MASK, CardSet
from advisor.exact.misere import exact_odds
from advisor.seats import Lead, Seat
from advisor.solver import _core as core
from advisor.solver import catch_odds, nodes_searched
from advisor.table import default_table

RUNS = 3  # each figure the best of this many runs (the machine is shared)


class Run(NamedTuple):
    cpu: float
    """CPU seconds, the best of the runs."""
    nodes: int
    """Search nodes (the same every run)."""


def measured(run: Callable[[], object]) -> Run:
    """``run`` from an empty transposition table, RUNS times: the least CPU time."""
    best = float("inf")
    for _ in range(RUNS):
        core.clear()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return Run(best, nodes_searched())


def line(label: str, without: Run, with_: Run) -> str:
    return (
        f"  {label:<56} {without.cpu:6.2f} s {with_.cpu:6.2f} s  {with_.cpu / without.cpu:5.2f}x"
        f"  nodes {with_.nodes / max(1, without.nodes):5.2f}x"
    )


def report(name: str, rows: list[tuple[str, Run, Run]]) -> None:
    ratios = [(with_.cpu / without.cpu, label) for label, without, with_ in rows]
    total = sum(w.cpu for _, _, w in rows) / sum(p.cpu for _, p, _ in rows)
    nodes = sum(w.nodes for _, _, w in rows) / sum(p.nodes for _, p, _ in rows)
    worst, label = max(ratios)
    print(
        f"{name}: total {total:.2f}x (nodes {nodes:.2f}x), median "
        f"{statistics.median(r for r, _ in ratios):.2f}x, largest {worst:.2f}x ({label})"
    )


def solve_rows(hands: list[list[int]]) -> list[tuple[str, Run, Run]]:
    print("solve --exact: the plain enumeration, then per suit (CPU s)")
    rows = []
    for cards in hands:
        hand = CardSet(sum(1 << index for index in cards))
        missing = sorted(CardSet(DECK_MASK) - hand, key=lambda c: (c.rank, c.suit))
        discards = CardSet.of(missing[-2:])
        for seat in Seat:
            plain = measured(partial(catch_odds, hand, discards, seat))
            per_suit = measured(partial(catch_odds, hand, discards, seat, per_suit=True))
            label = f"{' '.join(card(i) for i in cards)} --lead {seat.lead.value}"
            rows.append((label, plain, per_suit))
            print(line(label, plain, per_suit))
    return rows


def check_rows(hands: list[tuple[str, list[int]]]) -> list[tuple[str, Run, Run]]:
    print("check --exact: without the per-suit figures, then with them (CPU s)")
    table = default_table()
    rows = []
    for number, (kind, cards) in enumerate(hands):
        hand = CardSet(sum(1 << index for index in cards))
        lead = Lead(LEADS[number % len(LEADS)])
        without = measured(partial(exact_odds, hand, lead, table, per_suit=False))
        with_ = measured(partial(exact_odds, hand, lead, table))
        label = f"{kind:<11} {' '.join(card(i) for i in cards)} --lead {lead.value}"
        rows.append((label, without, with_))
        print(line(label, without, with_))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--solve-hands", type=int, default=6)
    parser.add_argument("--skip", choices=("solve", "check"))
    args = parser.parse_args()
    hands = hand_set(args.hands, args.seed)
    ticks, idle = machine_ticks()
    results = []
    if args.skip != "solve":
        misere_like = [cards for kind, cards in hands if kind == "misère-like"]
        results.append(
            ("solve --exact per suit / plain", solve_rows(misere_like[: args.solve_hands]))
        )
    if args.skip != "check":
        results.append(("check --exact with / without per suit", check_rows(hands)))
    print()
    for name, rows in results:
        report(name, rows)
    ticks_after, idle_after = machine_ticks()
    busy = 1 - (idle_after - idle) / max(1, ticks_after - ticks)
    print(f"the machine was {100 * busy:.0f}% busy (both cores) meanwhile")


if __name__ == "__main__":
    main()
