"""How long exact play takes on the hands players bring, now and before: ``advisor check
--exact``, ``advisor discard --exact`` and ``advisor batch --exact`` (issue 20).

    python benchmarks/exact_speed.py [--hands 24] [--seed 20] [--leads cycle|all]
                                     [--baseline REV | --no-baseline] [--timeout 300]
                                     [--batch-hands 60] [--write-hands]

The hands (drawn from ``--seed``; the default set is kept in ``benchmarks/exact_hands.txt``, a
test checks it, and ``--write-hands`` rewrites it after a change to how hands are drawn):
half misère-like (ranks plus a random spread of five: the hands a player weighs a misère on),
half dealt at random (most are caught for several tricks: the hands that used to take a
minute). Each hand is checked with one lead, the leads taken in turn (me, left, right, them),
or with every lead (``--leads all``); ``discard --exact`` gets the hand with a random talon. Every
command runs as a subprocess, start-up included, and its wall-clock time is what a player
waits; CPU seconds are printed beside (on a shared machine the two part).

The baseline is the code at ``REV`` (default: the last commit before this work), checked out
into a temporary worktree with its compiled parts built there, and timed on the same hands in
the same run, each command right after the current code's, so that both meet the same machine.
A baseline command that runs past ``--timeout`` seconds is stopped and counted at the timeout
(shown with ``>``). ``batch --exact`` runs on the random half (the hard hands) and, for the
current code, on further random hands from the same seed up to ``--batch-hands`` (so that a run
lasts seconds and its start-up does not hide the rate; each hand once, as a solver's table
carries over between the hands of a process), with one job and with two.

Targets (a quiet 2-core machine): ``check --exact`` at most 2 s for any hand and lead, 90th
percentile at most 1 s, median at most 0.3 s; ``discard --exact`` median at most 0.5 s, slowest
at most 1.5 s; ``batch --exact`` at least 10 times the baseline's hands per second on the hard
hands, ``--jobs 2`` at least 1.7 times ``--jobs 1``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from machine import machine_ticks

from advisor.machine import compile_flags

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HANDS_FILE = HERE / "exact_hands.txt"
SEED = 20
BASELINE = "ecda278"  # main before issue 20
LEADS = ("me", "left", "right", "them")
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "SCDH"
EXTENSIONS = ("advisor/solver/_core.c", "advisor/allpass/_core.c", "advisor/_fastread.c")


def card(index: int) -> str:
    return RANKS[index & 7] + SUITS[index >> 3]


def misere_like(rng: random.Random) -> list[int]:
    """Ten cards leaning to low ranks (rank plus a random spread of five)."""
    return sorted(sorted(range(32), key=lambda i: (i & 7) + rng.random() * 5)[:10])


def dealt(rng: random.Random) -> list[int]:
    return sorted(rng.sample(range(32), 10))


def hand_set(count: int, seed: int) -> list[tuple[str, list[int]]]:
    """``count`` hands, misère-like and dealt at random in turn: (kind, card indexes)."""
    rng = random.Random(seed)
    return [
        ("misère-like", misere_like(rng)) if i % 2 == 0 else ("random", dealt(rng))
        for i in range(count)
    ]


def hands_text(hands: list[tuple[str, list[int]]], seed: int) -> str:
    """The hands as ``benchmarks/exact_hands.txt`` holds them (a hand file ``batch`` reads)."""
    lines = [
        f"# benchmarks/exact_speed.py --seed {seed} --hands {len(hands)}: misère-like and "
        "random hands in turn\n"
    ]
    lines += [" ".join(card(i) for i in cards) + f"  # {kind}\n" for kind, cards in hands]
    return "".join(lines)


def write_hands(hands: list[tuple[str, list[int]]], seed: int) -> None:
    HANDS_FILE.write_text(hands_text(hands, seed), encoding="utf-8")


@dataclass
class Timing:
    wall: float
    cpu: float
    over: bool = False  # stopped at the timeout


def timed(command: list[str], env: dict[str, str], timeout: float) -> Timing:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, timeout=timeout, check=False)
        over = False
    except subprocess.TimeoutExpired:
        over = True
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Timing(wall, cpu, over)


class Code:
    """A version of the advisor to run: this checkout, or another commit built in a temporary
    worktree."""

    def __init__(self, name: str, root: Path) -> None:
        self.name, self.root = name, root
        self.env = dict(os.environ, PYTHONPATH=str(root), ADVISOR_LANG="en")
        self.env.pop("ADVISOR_TABLE", None)
        # compiled once, as an installed package is: start-up is what a player waits for
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)

    def warm_up(self) -> None:
        """One run, so that the modules are compiled before any is timed."""
        subprocess.run(
            self.command("check", "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H", "--exact", "--lead", "me"),
            env=self.env, stdout=subprocess.DEVNULL, check=False,
        )  # fmt: skip

    def command(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "advisor", *args]


def build_baseline(revision: str, folder: Path) -> Code:
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), revision],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    include = sysconfig.get_paths()["include"]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for source in EXTENSIONS:
        target = (folder / source).with_suffix("").as_posix() + suffix
        flags = ["-O3", "-std=c99", "-fPIC", "-shared", *compile_flags(), f"-I{include}"]
        subprocess.run(
            ["gcc", *flags, source, "-o", target],
            cwd=folder,
            check=True,
        )
    return Code(f"baseline {revision}", folder)


def summary(name: str, timings: list[Timing], labels: list[str]) -> str:
    walls = [t.wall for t in timings]
    ordered = sorted(walls)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    slowest = max(range(len(walls)), key=walls.__getitem__)
    over = ">" if timings[slowest].over else ""
    cpu = statistics.median(t.cpu for t in timings)
    return (
        f"  {name:<18} median {statistics.median(walls):6.2f} s   p90 {p90:6.2f} s   slowest "
        f"{over}{walls[slowest]:6.2f} s ({labels[slowest]})   median CPU {cpu:5.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--leads", choices=("cycle", "all"), default="cycle")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--batch-hands", type=int, default=60)
    parser.add_argument(
        "--write-hands",
        action="store_true",
        help=f"rewrite {HANDS_FILE.name} with these hands (it keeps the default set) and stop",
    )
    args = parser.parse_args()
    hands = hand_set(args.hands, args.seed)
    if args.write_hands:
        write_hands(hands, args.seed)
        return
    folder = Path(tempfile.mkdtemp(prefix="advisor-baseline-"))
    codes = [Code("now", ROOT)]
    try:
        if not args.no_baseline:
            shutil.rmtree(folder)
            codes.append(build_baseline(args.baseline, folder))
        run_all(codes, hands, args)
    finally:
        if len(codes) > 1:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                check=False,
            )
        shutil.rmtree(folder, ignore_errors=True)


def run_all(
    codes: list[Code], hands: list[tuple[str, list[int]]], args: argparse.Namespace
) -> None:
    load_before = os.getloadavg()[0]
    for code in codes:
        code.warm_up()
    all_ticks, idle_ticks = machine_ticks()
    rng = random.Random(args.seed)
    checks: dict[str, list[Timing]] = {code.name: [] for code in codes}
    discards: dict[str, list[Timing]] = {code.name: [] for code in codes}
    check_labels, discard_labels = [], []
    print(f"{len(hands)} hands, seed {args.seed}, default samples")
    for number, (kind, cards) in enumerate(hands):
        text = " ".join(card(i) for i in cards)
        leads = LEADS if args.leads == "all" else (LEADS[number % len(LEADS)],)
        for lead in leads:
            check_labels.append(f"{text} --lead {lead}")
            for code in codes:
                found = timed(
                    code.command("check", text, "--exact", "--lead", lead), code.env, args.timeout
                )
                checks[code.name].append(found)
            print(
                f"  check {kind:<11} {check_labels[-1]:<42}",
                *(f"{code.name.split()[0]} {checks[code.name][-1].wall:6.2f} s" for code in codes),
            )
        talon = rng.sample([i for i in range(32) if i not in cards], 2)
        twelve = " ".join(card(i) for i in sorted(cards + talon))
        lead = LEADS[number % 3]
        discard_labels.append(f"{twelve} --lead {lead}")
        for code in codes:
            found = timed(
                code.command("discard", twelve, "--exact", "--lead", lead), code.env, args.timeout
            )
            discards[code.name].append(found)
    print("\ncheck --exact (start-up included)")
    for code in codes:
        print(summary(code.name, checks[code.name], check_labels))
    print("discard --exact")
    for code in codes:
        print(summary(code.name, discards[code.name], discard_labels))
    hard = [cards for kind, cards in hands if kind == "random"]
    batch_rates(codes, hard, more_random(hard, args.batch_hands, args.seed), args.timeout)
    now_all, now_idle = machine_ticks()
    busy = 1 - (now_idle - idle_ticks) / max(1, now_all - all_ticks)
    print(
        f"\nthe machine (both cores) was {100 * busy:.0f}% busy meanwhile, this benchmark's own "
        f"commands included; load average before it: {load_before:.2f}"
    )


def more_random(hard: list[list[int]], count: int, seed: int) -> list[list[int]]:
    """The hard hands, then random hands drawn from ``seed`` (another stream) up to ``count``,
    no hand twice."""
    found = list(hard)
    rng = random.Random(seed + 1)
    while len(found) < count:
        cards = dealt(rng)
        if cards not in found:
            found.append(cards)
    return found


def batch_rates(
    codes: list[Code], hard: list[list[int]], more: list[list[int]], timeout: float
) -> None:
    """Hands per second of ``batch --exact``: the current code on ``more`` (the hard hands
    first), a baseline on the hard hands alone (it takes a minute a hand)."""
    print(
        f"batch --exact, hands per second (wall clock): now on {len(more)} random hands "
        f"(the {len(hard)} above first), a baseline on the {len(hard)}"
    )
    rates: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for jobs in (1, 2):
            for code in codes:
                hands = more if code is codes[0] else hard
                path = Path(folder) / f"hands{len(hands)}.txt"
                path.write_text(
                    "".join(" ".join(card(i) for i in cards) + "\n" for cards in hands),
                    encoding="utf-8",
                )
                command = code.command(
                    "batch", str(path), "--exact", "--jobs", str(jobs), "--format", "jsonl",
                    "-q", "-o", str(path) + ".out",
                )  # fmt: skip
                found = timed(command, code.env, timeout * len(hands))
                rates[code.name, jobs] = len(hands) / found.wall
                over = " (stopped at the timeout)" if found.over else ""
                print(
                    f"  {code.name:<18} --jobs {jobs}: {rates[code.name, jobs]:7.2f} hands/s "
                    f"({len(hands)} hands, {found.wall:.1f} s, {found.cpu:.1f} CPU s){over}"
                )
    now = codes[0].name
    print(f"  --jobs 2 / --jobs 1 now: {rates[now, 2] / rates[now, 1]:.2f}")
    for code in codes[1:]:
        for jobs in (1, 2):
            ratio = rates[now, jobs] / rates[code.name, jobs]
            print(f"  now / {code.name}, --jobs {jobs}: {ratio:.1f}x")


if __name__ == "__main__":
    main()
