"""Speed of the scoring and the defenders' whist model (issues 30 and 31), in one run.

- ``defence.model_decisions`` over every split of the defenders' 20 cards (184,756 layouts, the
  size of a hand's full count) for seeded random defender pairs of cards, each contract level
  and the folk model: seconds a count, the median and the slowest, and how the defence's
  decisions fell (a check that the folk rule is not degenerate);
- how the folk model's decisions fall against a strong declarer (his twelve cards fixed);
- ``points.declarer_points`` of all 25 contracts and every whist outcome (what a run prices
  once, before it reads the table per layout): milliseconds for all of them.

CPU seconds of this process, the best of three runs each (the machine is shared).

    python benchmarks/whist_model.py [--seed 1] [--hands 10]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import random
import statistics
import time
from array import array
from collections import Counter
from collections.abc import Callable
from functools import partial

from advisor.cards import CardSet
from advisor.contract import CONTRACTS, Contract
from advisor.convention import Convention, WhistModel
from advisor.defence import model_decisions, model_outcomes
from advisor.errors import DealError
from advisor.points import Whist, declarer_points

LAYOUTS = math.comb(20, 10)
STRONG_DECLARER = "AS KS QS JS 10S 9S AC KC AD AH 7D 7H"  # twelve cards, talon included


def best_of_three(work: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def layouts_of(cards: list[int]) -> list[tuple[int, int]]:
    """Every split of 20 cards into two hands of ten, as (L's mask, R's mask)."""
    every = sum(1 << card for card in cards)
    found = []
    for left in itertools.combinations(cards, 10):
        mask = sum(1 << card for card in left)
        found.append((mask, every ^ mask))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=10, help="random defenders' card sets")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    sets = [layouts_of(rng.sample(range(32), 20)) for _ in range(options.hands)]
    assert all(len(layouts) == LAYOUTS for layouts in sets)
    hands = [
        (array("I", (left for left, _ in pairs)), array("I", (right for _, right in pairs)))
        for pairs in sets
    ]
    print(f"model_decisions, folk model, {LAYOUTS:,} layouts a count, {options.hands} card sets")
    for text in ("6S", "7H", "8NT", "9C", "10D"):
        contract = Contract.parse(text)
        seconds = [
            best_of_three(partial(model_decisions, WhistModel.FOLK, contract, lefts, rights))
            for lefts, rights in hands
        ]
        fell = Counter(model_outcomes(WhistModel.FOLK, contract, sets[0]))
        shares = ", ".join(f"{w} {100 * fell[w] / LAYOUTS:.1f}%" for w in Whist if fell[w])
        print(
            f"  {text:>4}: median {statistics.median(seconds):.3f} s, "
            f"slowest {max(seconds):.3f} s   (first set: {shares})"
        )

    strong = CardSet.parse(STRONG_DECLARER)
    rest = [card.index for card in strong.complement()]
    layouts = layouts_of(rest)
    print(f"the defenders against a strong declarer ({STRONG_DECLARER}, ♠ trumps):")
    for text in ("6S", "7S", "8S", "9S"):
        fell = Counter(model_outcomes(WhistModel.FOLK, Contract.parse(text), layouts))
        shares = ", ".join(f"{w} {100 * fell[w] / LAYOUTS:.1f}%" for w in Whist if fell[w])
        print(f"  {text:>4}: {shares}")

    def price_all() -> None:
        for convention in (Convention(), Convention.of(players=4)):
            for contract in CONTRACTS:
                for whist in Whist:
                    # a half-whist above seven, a checked ten not whisted: refused
                    with contextlib.suppress(DealError):
                        declarer_points(contract, whist, convention)

    print(
        f"declarer_points, 25 contracts x 5 outcomes x 2 conventions: "
        f"{1000 * best_of_three(price_all):.0f} ms"
    )


if __name__ == "__main__":
    main()
