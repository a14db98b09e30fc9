"""Speed of the game solver (issue 30): every layout of a hand, on a seeded mixed set of hands.

The set: a strong hand for each strain (♠ ♣ ♦ ♥ no-trump), marginal hands, fully random hands
(their longest suit trumps) and weak hands on which the declarer leads (the slowest plausible:
he takes few tricks, and every one of them must be refuted). Each hand's two discards are drawn
from the other 22 cards; the leader goes round M, L, R except for the weak hands. For each hand,
with an empty transposition table, the declarer's tricks over all C(20,10) = 184,756 splits of
the defenders' cards (``--quick``: the first 18,476, a tenth, and the time times ten as the
estimate), in CPU seconds of one core, the search nodes and the mean tricks. Then the median
and the slowest hand of each kind and of all.

Targets (issue 30): at most 1 s a hand on typical hands, 5 s on the slowest plausible ones.

    python benchmarks/game_solver.py [--quick] [--seed N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from advisor.cards import CardSet, Suit
from advisor.game import clear_table, nodes_searched, trick_histogram
from advisor.seats import Seat
from advisor.solver import EXACT_LAYOUTS

HANDS_PER_KIND = {"strong": 5, "marginal": 4, "random": 4, "weak, M leads": 3}
TOP = 7  # the ace's rank index


@dataclass(frozen=True)
class Hand:
    kind: str
    cards: CardSet
    discards: CardSet
    trump: Suit | None
    leader: Seat

    def __str__(self) -> str:
        strain = "NT" if self.trump is None else self.trump.glyph
        return f"{self.cards} / {self.discards} {strain} {self.leader.lead.value}"


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


def hand_set(seed: int) -> list[Hand]:
    rng = random.Random(seed)
    leaders = list(Seat)
    hands = [strong(rng, trump, leaders[i % 3]) for i, trump in enumerate((*Suit, None))]
    hands += [marginal(rng, leaders[i % 3]) for i in range(HANDS_PER_KIND["marginal"])]
    hands += [fully_random(rng, leaders[i % 3]) for i in range(HANDS_PER_KIND["random"])]
    hands += [weak(rng) for _ in range(HANDS_PER_KIND["weak, M leads"])]
    return hands


@dataclass(frozen=True)
class Timing:
    hand: Hand
    seconds: float  # CPU seconds for all 184,756 layouts (estimated with --quick)
    nodes: int
    mean_tricks: float


def measure(hand: Hand, count: int) -> Timing:
    clear_table()
    start = time.process_time()
    histogram = trick_histogram(hand.cards, hand.discards, hand.trump, hand.leader, count=count)
    seconds = (time.process_time() - start) * EXACT_LAYOUTS / count
    mean = sum(t * n for t, n in enumerate(histogram)) / count
    return Timing(hand, seconds, nodes_searched(), mean)


def summary(label: str, timings: list[Timing]) -> None:
    slowest = max(timings, key=lambda t: t.seconds)
    median = statistics.median(t.seconds for t in timings)
    print(f"{label:14} median {median:6.2f} s   slowest {slowest.seconds:6.2f} s  ({slowest.hand})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the layouts a hand")
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    count = EXACT_LAYOUTS // 10 if args.quick else EXACT_LAYOUTS
    print(f"{count:,} layouts a hand" + (" (times x10: estimates)" if args.quick else ""))
    timings = []
    for hand in hand_set(args.seed):
        timing = measure(hand, count)
        timings.append(timing)
        print(
            f"{hand.kind:14} {timing.seconds:6.2f} s {timing.nodes / 1e6:8.1f} M nodes "
            f"mean {timing.mean_tricks:4.2f} tricks  {hand}"
        )
    print()
    for kind in HANDS_PER_KIND:
        summary(kind, [t for t in timings if t.hand.kind == kind])
    summary("all", timings)


if __name__ == "__main__":
    main()
