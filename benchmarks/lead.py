"""Cost of ``advisor lead``: M on first hand with the default samples, and a catcher on lead.

Deals misère-like hands (seeded: random hands leaning to low cards, the hands a player weighs a
misère on, with two random discards from the other 22) and, beside them, fully random hands,
which the catchers take many tricks from and cost more to solve. For each it times
:func:`advisor.lead.lead_odds` with the default 2,000 layouts in one process (CPU seconds of
this process: the machine is shared), and prints the median, the 90th percentile and the worst
case, with the hand that cost the most. The solver's table lives on between hands in a process,
as it would not between two runs of the command, so each hand starts from an empty table.
Then it runs the command itself, start-up included, on the issue's hand and on the median and
the slowest misère-like hands (CPU and wall seconds, the best of three). Then a catcher's view
on a few deals where M declares.

Target (issue 23): ``advisor lead`` for M at most 1 s with the default samples.

    python benchmarks/lead.py [--hands 40] [--seed 6] [--catchers 10]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from advisor.cards import CardSet
from advisor.lead import catcher_lead_odds, lead_odds
from advisor.seats import Lead, Seat
from advisor.solver import _core
from advisor.table import default_table
from advisor.talon import declaring_discard

TARGET_S = 1.0


def misere_like(rng: random.Random) -> CardSet:
    """Ten cards leaning to low ranks (rank plus a random spread of five)."""
    deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
    return CardSet(sum(1 << index for index in deck[:10]))


def random_hand(rng: random.Random) -> CardSet:
    return CardSet(sum(1 << index for index in rng.sample(range(32), 10)))


def two_of(cards: CardSet, rng: random.Random) -> CardSet:
    return CardSet(sum(1 << card.index for card in rng.sample(list(cards), 2)))


def timed_lead(hand: CardSet, discards: CardSet) -> float:
    _core.clear()
    start = time.process_time()
    lead_odds(hand, discards)
    return time.process_time() - start


def summary(name: str, times: list[float], hands: list[str]) -> str:
    ordered = sorted(range(len(times)), key=times.__getitem__)
    median = statistics.median(times)
    p90 = times[ordered[int(0.9 * (len(ordered) - 1))]]
    worst = ordered[-1]
    return (
        f"{name:<12} median {median:6.3f} s   p90 {p90:6.3f} s   worst {times[worst]:6.3f} s"
        f"   ({len(times)} hands; worst {hands[worst]})"
    )


def command_seconds(hand: CardSet, discards: CardSet) -> tuple[float, float]:
    """CPU and wall seconds of the command, start-up included (the best of three each)."""
    script = Path(sys.executable).with_name("advisor")
    command = [str(script) if script.exists() else sys.executable, "lead"]
    if not script.exists():
        command[1:1] = ["-m", "advisor"]
    cpu = wall = float("inf")
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([*command, hand.ascii(), "--discards", discards.ascii()],
                       check=True, capture_output=True)  # fmt: skip
        wall = min(wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        cpu = min(cpu, used)
    return cpu, wall


ISSUE_HAND = "7S 10S 7C 8C 9C 10C JC 7D 8D 8H / AD AH"


def commands(times: list[float], shown: list[str]) -> None:
    """The command itself, start-up included, on the issue's hand and on the median and the
    slowest misère-like hands."""
    ordered = sorted(range(len(times)), key=times.__getitem__)
    for name, text in (
        ("issue hand", ISSUE_HAND),
        ("median hand", shown[ordered[len(ordered) // 2]]),
        ("slowest", shown[ordered[-1]]),
    ):
        hand_text, discard_text = text.split(" / ")
        cpu, wall = command_seconds(CardSet.parse(hand_text), CardSet.parse(discard_text))
        mark = "ok" if cpu <= TARGET_S else "OVER"
        print(f"{'':<12} advisor lead, {name}: {cpu:.3f} s CPU, {wall:.3f} s wall"
              f"   (target {TARGET_S} s: {mark})")  # fmt: skip


def declared_deal(rng: random.Random) -> tuple[CardSet, CardSet]:
    """A catcher's ten cards and the talon, from a deal where M declares by the table."""
    table = default_table()
    while True:
        m = misere_like(rng)
        rest = list(m.complement())
        rng.shuffle(rest)
        talon = CardSet.of(rest[:2])
        if declaring_discard(m | talon, Lead.THEM, table) is not None:
            return CardSet.of(rest[2:12]), talon


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--catchers", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for name, deal in (("misère-like", misere_like), ("random", random_hand)):
        times, shown = [], []
        for _ in range(args.hands):
            hand = deal(rng)
            discards = two_of(hand.complement(), rng)
            times.append(timed_lead(hand, discards))
            shown.append(f"{hand} / {discards}")
        print(summary(name, times, shown))
        if name == "misère-like":
            commands(times, shown)
    table = default_table()
    times, shown = [], []
    for _ in range(args.catchers):
        hand, talon = declared_deal(rng)
        _core.clear()
        start = time.process_time()
        catcher_lead_odds(hand, talon, Seat.L, table)
        times.append(time.process_time() - start)
        shown.append(f"{hand} + {talon}")
    print(summary("catcher", times, shown))


if __name__ == "__main__":
    main()
