"""Speed of the game solver (issue 30): every layout of a hand, and small cold batches.

The set: a strong hand for each strain (♠ ♣ ♦ ♥ no-trump), marginal hands, fully random hands
(their longest suit trumps) and weak hands on which the declarer leads (the slowest plausible:
he takes few tricks, and every one of them must be refuted). Each hand's two discards are drawn
from the other 22 cards; the leader goes round M, L, R except for the weak hands.

Then, measured after all the others, the *played* hands: what users bring to ``advisor
solve --contract``, the contract a declarer really plays. Twelve random cards (a hand and the
talon) and a random seat on lead (the first hand's: M, L or R), kept when the advisor's own
choice after the talon (:func:`advisor.exact.declare.declare_odds`: ``advisor declare`` with no
bid, its default samples and seed, the built-in convention) is to play a game rather than give
up, with the discard and the contract it chose; drawn until there are ``--played`` of them
(6). They come from a generator of their own (seeded with the seed and the word ``played``),
so the hands above and ``--more-random``'s stay what they were. Choosing them takes a few
seconds of ``declare``'s analysis, before and outside every measure.

Two measures, in CPU seconds of one core (the machine may be shared), each hand with an empty
transposition table:

- every layout: the declarer's tricks over all C(20,10) = 184,756 splits of the defenders'
  cards (``--quick``: the first 18,475, a tenth, and the time times ten as the estimate), with
  the search nodes and the mean tricks;
- cold batches, what ``advisor declare`` and ``bid`` ask: the hand's twelve cards (its ten and
  its discards), ten discards of them (the hand's own and nine drawn), each in the five
  strains, the tricks of ``--batch`` sampled splits (the same split numbers each time): the
  CPU microseconds a layout.

Then the median and the slowest hand of each kind and of all (the played hands included). The
random kind's times spread widely (a random contract is often contested, and those take
longest): ``--more-random N`` measures N further random hands, drawn after the set, which stays
the same.

``--baseline REV`` builds the game core of the commit ``REV`` (its ``advisor/game/_core.c``
and the headers) in a temporary folder and measures it on the same hands in the same run, each
hand right after the current core, so that both meet the same machine; its answers must be the
current core's.

Targets (issue 30): every layout at most 1 s a hand on typical hands, 5 s on the slowest
plausible ones.

    python benchmarks/game_solver.py [--quick] [--seed N] [--batch 32] [--baseline REV]
                                     [--more-random N] [--played 6]
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import random
import statistics
import subprocess
import sysconfig
import tempfile
import time
from argparse import Namespace
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TextIO, cast

from machine import processor

from advisor.cards import WITH_TALON, CardSet, Suit
from advisor.contract import PASS, Contract
from advisor.convention import Convention
from advisor.exact.declare import declare_odds
from advisor.exact.game import GameObjective
from advisor.game import _core
from advisor.game.solver import NO_TRUMP
from advisor.machine import compile_flags
from advisor.seats import Seat
from advisor.solver import catchers_pool
from advisor.splits import EXACT_LAYOUTS

ROOT = Path(__file__).resolve().parent.parent
CORE_SOURCES = (
    "advisor/game/_core.c",
    "advisor/_cards.h",
    "advisor/_splits.h",
    "advisor/_layouts.h",
    "advisor/_stop.h",
)
"""The game core's source and the headers it includes (the core first; a commit before a
header was written has none)."""
DISCARDS = 10
STRAINS = 5
HANDS_PER_KIND = {"strong": 5, "marginal": 4, "random": 4, "weak, M leads": 3, "played": 6}
PLAYED = "played"
TOP = 7  # the ace's rank index


@dataclass(frozen=True)
class Hand:
    kind: str
    cards: CardSet
    discards: CardSet
    trump: Suit | None
    leader: Seat
    contract: Contract | None = None
    """The contract named (the played hands: the advisor's choice); the other kinds have none,
    the solver needs only the strain."""

    def __str__(self) -> str:
        strain = "NT" if self.trump is None else self.trump.glyph
        named = strain if self.contract is None else str(self.contract)
        return f"{self.cards} / {self.discards} {named} {self.leader.lead.value}"


def _mask(cards: list[int]) -> CardSet:
    return CardSet(sum(1 << card for card in cards))


def _finish(
    rng: random.Random, chosen: list[int], kind: str, trump: Suit | None, leader: Seat
) -> Hand:
    rest = [card for card in range(32) if card not in chosen]
    discards = rng.sample(rest, 2)
    return Hand(kind, _mask(chosen), _mask(discards), trump, leader)


def _longest(cards: list[int]) -> Suit:
    return max(Suit, key=lambda suit: sum(card // 8 == suit for card in cards))


def strong(rng: random.Random, trump: Suit | None, leader: Seat) -> Hand:
    """Five or six of the top cards of the trump suit (no-trump: aces and kings), the rest
    from the high half of the deck."""
    if trump is None:
        high = [suit * 8 + rank for suit in Suit for rank in (TOP, TOP - 1)]
        chosen = rng.sample(high, 6)
    else:
        chosen = rng.sample([trump * 8 + rank for rank in range(2, 8)], rng.choice((5, 6)))
    others = [c for c in range(32) if c not in chosen and c % 8 >= 4 and c // 8 != trump]
    chosen += rng.sample(others, 10 - len(chosen))
    return _finish(rng, chosen, "strong", trump, leader)


def marginal(rng: random.Random, leader: Seat) -> Hand:
    """Four or five random trumps, two aces elsewhere, the rest random."""
    trump = Suit(rng.randrange(4))
    chosen = rng.sample([trump * 8 + rank for rank in range(8)], rng.choice((4, 5)))
    aces = [suit * 8 + TOP for suit in Suit if suit != trump]
    chosen += rng.sample(aces, 2)
    chosen += rng.sample([c for c in range(32) if c not in chosen], 10 - len(chosen))
    return _finish(rng, chosen, "marginal", trump, leader)


def fully_random(rng: random.Random, leader: Seat) -> Hand:
    chosen = rng.sample(range(32), 10)
    trump = rng.choice((_longest(chosen), None))
    return _finish(rng, chosen, "random", trump, leader)


def weak(rng: random.Random) -> Hand:
    """Ten cards from the 7s to the jacks, the declarer on lead."""
    chosen = rng.sample([c for c in range(32) if c % 8 <= 4], 10)
    trump = rng.choice((_longest(chosen), None))
    return _finish(rng, chosen, "weak, M leads", trump, Seat.M)


def hand_set(seed: int, more_random: int = 0) -> list[Hand]:
    """The seed's set, then ``more_random`` further random hands from the same draw (the set
    itself stays the same)."""
    rng = random.Random(seed)
    leaders = list(Seat)
    hands = [strong(rng, trump, leaders[i % 3]) for i, trump in enumerate((*Suit, None))]
    hands += [marginal(rng, leaders[i % 3]) for i in range(HANDS_PER_KIND["marginal"])]
    hands += [fully_random(rng, leaders[i % 3]) for i in range(HANDS_PER_KIND["random"])]
    hands += [weak(rng) for _ in range(HANDS_PER_KIND["weak, M leads"])]
    hands += [fully_random(rng, leaders[i % 3]) for i in range(more_random)]
    return hands


def played_deals(seed: int) -> Iterator[tuple[CardSet, Seat]]:
    """Endless seeded deals of twelve cards (a hand and its talon) with the seat on lead, from
    a generator of their own (the seed's other hands do not move)."""
    rng = random.Random(f"{seed} {PLAYED}")
    while True:
        twelve = _mask(rng.sample(range(32), WITH_TALON))
        yield twelve, rng.choice(list(Seat))


def declared(twelve: CardSet, leader: Seat) -> Hand | None:
    """The hand ``advisor declare`` plays with ``twelve`` when ``leader`` leads (no bid
    given): its discard and contract; None when giving up three down is its answer."""
    best = declare_odds(twelve, PASS, GameObjective(Convention(), leader)).best
    if best is None:
        return None
    trump = best.contract.strain.suit
    return Hand(PLAYED, twelve - best.discards, best.discards, trump, leader, best.contract)


@dataclass(frozen=True)
class Played:
    hands: list[Hand]
    deals: int  # the deals looked at (the others' answer was to give up)


def played_hands(seed: int, count: int) -> Played:
    """The first ``count`` of the seed's deals on which the advisor plays a game, as played."""
    hands: list[Hand] = []
    deals = 0
    for twelve, leader in played_deals(seed):
        if len(hands) == count:
            break
        deals += 1
        hand = declared(twelve, leader)
        if hand is not None:
            hands.append(hand)
    return Played(hands, deals)


class Core(Protocol):
    """What the benchmark calls of a compiled game core (this one's or a baseline's)."""

    def enumerate(
        self, m: int, pool: int, trump: int, leader: int, start: int, count: int, /
    ) -> list[int]: ...

    def solve_ranked(
        self, m: int, pool: int, trump: int, leader: int, ranks: array[int], /
    ) -> bytes: ...

    def nodes(self) -> int: ...

    def clear(self) -> None: ...


@dataclass(frozen=True)
class Timing:
    hand: Hand
    seconds: float  # CPU seconds for all 184,756 layouts (estimated with --quick)
    nodes: int
    mean_tricks: float
    histogram: tuple[int, ...]


def _trump(trump: Suit | None) -> int:
    return NO_TRUMP if trump is None else int(trump)


def measure(core: Core, hand: Hand, count: int) -> Timing:
    pool = catchers_pool(hand.cards, hand.discards)
    core.clear()
    start = time.process_time()
    histogram = core.enumerate(
        hand.cards.mask, pool.mask, _trump(hand.trump), hand.leader, 0, count
    )
    seconds = (time.process_time() - start) * EXACT_LAYOUTS / count
    mean = sum(t * n for t, n in enumerate(histogram)) / count
    return Timing(hand, seconds, core.nodes(), mean, tuple(histogram))


@dataclass(frozen=True)
class Batches:
    hand: Hand
    micros: float  # CPU microseconds a layout
    tricks: bytes


def cold_batches(core: Core, hand: Hand, batch: int, seed: int) -> Batches:
    """The hand's twelve cards, ten discards of them in the five strains, ``batch`` sampled
    splits each (see the module's docstring), from an empty table."""
    rng = random.Random(seed)
    twelve = hand.cards | hand.discards
    pairs = (CardSet.of(pair) for pair in itertools.combinations(twelve, 2))
    others = [pair for pair in pairs if pair != hand.discards]
    discards = [hand.discards, *rng.sample(others, DISCARDS - 1)]
    ranks = array("I", rng.sample(range(EXACT_LAYOUTS), batch))
    core.clear()
    tricks = bytearray()
    start = time.process_time()
    for thrown in discards:
        kept = twelve - thrown
        pool = catchers_pool(kept, thrown)
        for trump in (*Suit, None):
            tricks += core.solve_ranked(kept.mask, pool.mask, _trump(trump), hand.leader, ranks)
    micros = (time.process_time() - start) * 1e6 / (len(discards) * STRAINS * batch)
    return Batches(hand, micros, bytes(tricks))


def build_baseline(revision: str, folder: Path) -> Core:
    """The game core of commit ``revision``, built in ``folder`` and loaded."""
    for source in CORE_SOURCES:
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{revision}:{source}"],
            check=source == CORE_SOURCES[0],
            capture_output=True,
        )
        if shown.returncode:  # a header the core of that commit did not have yet
            continue
        (folder / source).parent.mkdir(parents=True, exist_ok=True)
        (folder / source).write_bytes(shown.stdout)
    target = folder / ("_core" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    include = sysconfig.get_paths()["include"]
    source = str(folder / CORE_SOURCES[0])
    flags = ["-O3", "-std=c99", "-DNDEBUG", "-fwrapv", "-fPIC", "-shared", *compile_flags()]
    subprocess.run(["gcc", *flags, f"-I{include}", source, "-o", str(target)], check=True)
    spec = importlib.util.spec_from_file_location("advisor.game._core", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(Core, module)  # built from another revision: nothing to check it by


def summary(label: str, hands: list[Hand], seconds: list[float], unit: str) -> str:
    slowest = max(range(len(hands)), key=seconds.__getitem__)
    median = statistics.median(seconds)
    return (
        f"{label:14} median {median:7.2f} {unit:2}  slowest {seconds[slowest]:7.2f} {unit:2}"
        f"  ({hands[slowest]})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the layouts a hand")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--batch", type=int, default=32, help="splits a cold batch")
    parser.add_argument("--baseline", metavar="REV", help="also measure the core of commit REV")
    parser.add_argument(
        "--more-random",
        type=int,
        default=0,
        metavar="N",
        help="N further random hands after the set (the random kind's spread is wide)",
    )
    parser.add_argument(
        "--played",
        type=int,
        default=HANDS_PER_KIND[PLAYED],
        metavar="N",
        help="hands played as advisor declare chooses, measured last",
    )
    args = parser.parse_args()
    count = EXACT_LAYOUTS // 10 if args.quick else EXACT_LAYOUTS
    hands = hand_set(args.seed, args.more_random) + choose_played(args.seed, args.played)
    cores: list[tuple[str, Core]] = [("current", _core)]
    with tempfile.TemporaryDirectory() as folder:
        if args.baseline:
            cores.append((f"baseline {args.baseline}", build_baseline(args.baseline, Path(folder))))
        run(cores, hands, count, args)


def choose_played(seed: int, count: int, out: TextIO | None = None) -> list[Hand]:
    """:func:`played_hands`, saying on ``out`` (standard output by default) what it does and
    what it cost (outside every measure)."""
    if count <= 0:
        return []
    print(
        f"choosing {count} played hands: advisor declare's analysis of seeded deals ...", file=out
    )
    start = time.process_time()
    played = played_hands(seed, count)
    print(
        f"  {count} played among {played.deals} deals (the others give up three down),"
        f" {time.process_time() - start:.1f} CPU s",
        file=out,
    )
    return played.hands


def run(cores: list[tuple[str, Core]], hands: list[Hand], count: int, args: Namespace) -> None:
    print(f"machine: {processor()}")
    print(f"{count:,} layouts a hand" + (" (times x10: estimates)" if args.quick else ""))
    print(f"cold batches: {DISCARDS} discards x {STRAINS} strains x {args.batch} splits a hand")
    every: dict[str, list[Timing]] = {name: [] for name, _ in cores}
    cold: dict[str, list[Batches]] = {name: [] for name, _ in cores}
    for number, hand in enumerate(hands):
        for name, core in cores:
            timing = measure(core, hand, count)
            batches = cold_batches(core, hand, args.batch, args.seed + number)
            every[name].append(timing)
            cold[name].append(batches)
            print(
                f"{name[:12]:12} {hand.kind:14} {timing.seconds:6.2f} s {timing.nodes / 1e6:7.1f} M"
                f" nodes mean {timing.mean_tricks:4.2f}  cold {batches.micros:6.1f} us  {hand}"
            )
        for name, _ in cores[1:]:
            if every[name][-1].histogram != every["current"][-1].histogram or (
                cold[name][-1].tricks != cold["current"][-1].tricks
            ):
                raise SystemExit(f"{name} answers otherwise on {hand}")
    for name, _ in cores:
        print(f"\n{name}: every layout (CPU s a hand), cold batches (CPU us a layout)")
        for kind in [*HANDS_PER_KIND, "all"]:
            mine = [i for i, hand in enumerate(hands) if kind in ("all", hand.kind)]
            if not mine:  # --played 0
                continue
            chosen = [hands[i] for i in mine]
            print(summary(kind, chosen, [every[name][i].seconds for i in mine], "s"))
            print(summary("  cold", chosen, [cold[name][i].micros for i in mine], "us"))


if __name__ == "__main__":
    main()
