"""How much double dummy's seeing every hand is worth to M on first hand: the blind best lead
against the double-dummy one, over a few hundred hands (the table of ``docs/blind-lead.md``).

Deals hands M would declare on first hand (seeded: ten cards leaning to low ranks, a random
talon, the table's best discard with M on lead, kept when the table declares the hand it
leaves). For each, ``advisor lead`` (:func:`advisor.lead.lead_odds`) chooses the best blind lead
on the default 2,000 splits (seed 0); the chosen card is then judged on 2,000 other splits
(seed 1), where double dummy (``advisor solve --samples 2000 --seed 1``'s figure) is found
too, so that the figures do not flatter the choice. It prints, in points of catch chance and of
expected score, how far the blind lead falls behind double dummy: the mean over the hands, the
median, the 90th percentile and the largest, overall and by how often double dummy is caught;
on how many hands it falls behind at all; and how often the best blind lead is not of the
hand's lowest rank.

    python benchmarks/lead_blind.py [--hands 300] [--seed 23]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from advisor.cards import CardSet
from advisor.lead import lead_odds
from advisor.lead_figures import BlindLead
from advisor.seats import Lead
from advisor.table import default_table
from advisor.talon import declaring_discard

BANDS = ((0.0, 0.05), (0.05, 0.2), (0.2, 0.5), (0.5, 1.01))


def declared_hands(count: int, seed: int) -> list[tuple[CardSet, CardSet]]:
    """``count`` hands M declares on first hand, each with its discards."""
    rng = random.Random(seed)
    table = default_table()
    found: list[tuple[CardSet, CardSet]] = []
    while len(found) < count:
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
        hand = CardSet(sum(1 << index for index in deck[:10]))
        talon = CardSet.of(rng.sample(list(hand.complement()), 2))
        discards = declaring_discard(hand | talon, Lead.ME, table)
        if discards is not None:
            found.append(((hand | talon) - discards, discards))
    return found


def gap(chosen: BlindLead, judged: BlindLead) -> tuple[float, float, float]:
    """The chosen lead judged on other splits, against double dummy there: (double dummy's catch
    chance, points of catch chance and of expected score it falls behind)."""
    lead = next(lead for lead in judged.leads if lead.cards == chosen.best.cards)
    dd = judged.double_dummy
    assert lead.counted == lead.layouts, "judged with full: every lead's tricks are known"
    caught = 100 * (lead.p_caught - dd.p_caught)
    return dd.p_caught, caught, dd.score_bound - lead.score_bound


def row(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"| {name} | 0 | | | | |"
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"| {name} | {len(values)} | {statistics.mean(values):.2f} | "
        f"{statistics.median(values):.2f} | {p90:.2f} | {ordered[-1]:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    start = time.perf_counter()
    results = []
    not_lowest = 0
    for hand, discards in declared_hands(args.hands, args.seed):
        chosen = lead_odds(hand, discards, seed=0)
        judged = lead_odds(hand, discards, seed=1, full=True)
        results.append(gap(chosen, judged))
        lowest = min(card.rank for card in hand)
        not_lowest += chosen.best.card.rank != lowest
    seconds = time.perf_counter() - start
    print(f"{len(results)} hands, {seconds:.0f} s\n")
    print("| double dummy caught | hands | mean | median | 90th percentile | largest |")
    print("|---|---|---|---|---|---|")
    for title, index in (("catch chance, points", 1), ("expected score, points", 2)):
        print(f"| **{title}** | | | | | |")
        print(row("all hands", [r[index] for r in results]))
        for low, high in BANDS:
            name = f"{100 * low:.0f}–{min(100.0, 100 * high):.0f} %"
            print(row(name, [r[index] for r in results if low <= r[0] < high]))
    behind = sum(1 for r in results if r[1] > 0)
    print(f"\nblind caught more often than double dummy: {behind} of {len(results)} hands")
    print(f"best blind lead not of the hand's lowest rank: {not_lowest} of {len(results)}")


if __name__ == "__main__":
    main()
