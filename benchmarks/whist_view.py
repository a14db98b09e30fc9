"""How often ``advisor whist``'s declare model answers as ``advisor declare`` does (issue 31).

The declare model (:mod:`advisor.whist.view`) is ``advisor declare``'s choice made cheap: the
declarer's discard and contract valued on a few splits of the defenders' cards, the same for
every hand. On a held-out set of twelve-card hands (seeded apart from every test and the whist
benchmark) both are asked the same question, the answer after winning the auction with a bid:
which contract to name, or give up. Two kinds of hands:

- **declared**: the declarer's twelve cards of a random deal on which his double-dummy best
  strain and discard make six or more, the bid being that contract (the games ``advisor
  whist`` faces: is this contract his choice?);
- **random**: twelve random cards, the bid a random six or seven.

Printed: the share of hands on which the two agree on the strain and the level (giving up
counting as one answer), with Wilson's 95 % interval; the share on which they agree on whether
the bid itself is named (the question ``advisor whist`` asks a layout); the model's CPU
milliseconds a hand; and the disagreements by kind.

    python benchmarks/whist_view.py [--hands 60] [--seed 310] [--splits 8] [--discards 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from advisor.cards import CardSet
from advisor.contract import Bid, Contract, Strain
from advisor.convention import Convention
from advisor.exact.declare import declare_odds
from advisor.exact.game import GameObjective
from advisor.sampling import wilson_interval
from advisor.seats import Seat
from advisor.whist import DeclarerView, best_discard
from advisor.whist.view import VIEW_DISCARDS, VIEW_SPLITS


@dataclass(frozen=True)
class Case:
    kind: str
    twelve: CardSet
    bid: Contract
    leader: Seat


def _mask(cards: list[int]) -> CardSet:
    return CardSet(sum(1 << card for card in cards))


def declared_case(rng: random.Random) -> Case:
    while True:
        cards = rng.sample(range(32), 32)
        twelve, left, right = _mask(cards[:12]), _mask(cards[12:22]), _mask(cards[22:])
        leader = rng.choice(list(Seat))
        made = [(found.tricks, strain) for strain in Strain
                if (found := best_discard(twelve, left, right, strain.suit, leader))]  # fmt: skip
        tricks, strain = max(made)
        if tricks >= 6:
            return Case("declared", twelve, Contract(tricks, strain), leader)


def random_case(rng: random.Random) -> Case:
    contract = Contract(rng.choice((6, 7)), rng.choice(list(Strain)))
    return Case("random", _mask(rng.sample(range(32), 12)), contract, rng.choice(list(Seat)))


def answers(case: Case, splits: int, discards: int | None, seed: int) -> tuple[str, str, float]:
    """``advisor declare``'s answer, the model's, and the model's CPU seconds."""
    objective = GameObjective(Convention(), case.leader)
    bid = Bid.game(case.bid)
    best = declare_odds(case.twelve, bid, objective).best
    full = "give up" if best is None else best.contract.ascii()
    view = DeclarerView.drawn(objective, seed, splits, discards)
    start = time.process_time()
    found = view.answer(case.twelve, bid)
    cpu = time.process_time() - start
    return full, "give up" if found is None else found.contract.ascii(), cpu


def agreement(pairs: list[tuple[str, str]]) -> tuple[int, tuple[float, float]]:
    """How many of the (declare's, model's) answers are the same, and Wilson's 95 % interval
    of the share."""
    same = sum(full == model for full, model in pairs)
    return same, wilson_interval(same, len(pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands of each kind")
    parser.add_argument("--seed", type=int, default=310)
    parser.add_argument("--splits", type=int, default=VIEW_SPLITS)
    parser.add_argument("--discards", type=int, default=VIEW_DISCARDS or 0, help="0: every one")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    cases = [declared_case(rng) for _ in range(options.hands)]
    cases += [random_case(rng) for _ in range(options.hands)]
    discards = options.discards or None
    print(f"declare model: {options.splits} splits, discards a strain: {discards or 'every one'}")
    rows = []
    for number, case in enumerate(cases):
        full, model, cpu = answers(case, options.splits, discards, options.seed + number)
        rows.append((case, full, model, cpu))
    for kind in ("declared", "random", None):
        chosen = [row for row in rows if kind is None or row[0].kind == kind]
        same, (low, high) = agreement([(full, model) for _, full, model, _ in chosen])
        named = sum((full == c.bid.ascii()) == (model == c.bid.ascii())
                    for c, full, model, _ in chosen)  # fmt: skip
        model_seconds = [row[3] for row in chosen]
        print(f"{kind or 'all':8} {same}/{len(chosen)} agree on strain and level "
              f"({100 * same / len(chosen):.1f} %, 95 % {100 * low:.1f}-{100 * high:.1f}); "
              f"on naming the bid {named}/{len(chosen)}; model "
              f"{1000 * statistics.median(model_seconds):.1f} ms a hand (median), "
              f"{1000 * max(model_seconds):.1f} ms slowest")  # fmt: skip
    differ = Counter((full, model) for _, full, model, _ in rows if full != model)
    print(
        "disagreements (declare -> model):",
        ", ".join(f"{a} -> {b} x{n}" for (a, b), n in differ.most_common(12)) or "none",
    )


if __name__ == "__main__":
    main()
