"""Write ``examples/tuning-hands.txt``: misère-like hands to tune the table on.

    python examples/make_tuning_hands.py [--hands 300] [--seed 15] [--output FILE]

The same seed writes the same file (a test checks that the committed file is this script's).

Each hand is dealt suit by suit, as a player who looks at misères meets them:

- **The shape** is that of a random deal: ten of the 32 cards at random, and each suit's
  length is how many of them it got (so 4-3-2-1 and 3-3-2-2 are common, 7-1-1-1 rare).
- **The cards of a suit** are drawn one at a time without replacement, each remaining rank
  weighed by :data:`RANK_WEIGHTS` (a 7 forty times as likely as an ace): most suits come out
  clean and low, and some have a hole, a missing 7 or a high card. Those are the hands a
  misère is bid or passed on, and where tables disagree.
- **The lead**: about a third of the lines end with ``; lead=me`` (the player has the first
  lead); the others take the catchers' lead, ``advisor table compare``'s default.
- **The notation** of each line is one of the six the advisor reads (rank and suit letter,
  Unicode suits, suit groups, letters with colons, dotted, Russian), in turn at random; every
  line has an id (``; id=t001``).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

SEED = 15
HANDS = 300
OUTPUT = Path(__file__).parent / "tuning-hands.txt"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
RUSSIAN_RANKS = ("7", "8", "9", "10", "В", "Д", "К", "Т")
RANK_WEIGHTS = (40, 20, 10, 4, 3, 2, 1.5, 1)
SUIT_GLYPHS = "♠♣♦♥"
SUIT_LETTERS = "SCDH"
RUSSIAN_SUITS = "птбч"
OWN_LEAD_SHARE = 1 / 3


def deal_suit(rng: random.Random, length: int) -> list[int]:
    """``length`` ranks (0 = the 7) of one suit, drawn by :data:`RANK_WEIGHTS`, low to high."""
    left = list(range(len(RANKS)))
    chosen = []
    for _ in range(length):
        rank = rng.choices(left, weights=[RANK_WEIGHTS[r] for r in left])[0]
        left.remove(rank)
        chosen.append(rank)
    return sorted(chosen)


def deal_hand(rng: random.Random) -> list[list[int]]:
    """The ranks of each suit ♠ ♣ ♦ ♥: a random deal's shape, misère-like cards."""
    shape = [0, 0, 0, 0]
    for card in rng.sample(range(32), 10):
        shape[card // 8] += 1
    return [deal_suit(rng, length) for length in shape]


def write_hand(suits: list[list[int]], style: int) -> str:
    """The hand in notation number ``style`` (0..5)."""
    cards = [(suit, rank) for suit, ranks in enumerate(suits) for rank in ranks]
    if style == 0:
        return " ".join(RANKS[r] + SUIT_LETTERS[s] for s, r in cards)
    if style == 1:
        return " ".join(RANKS[r] + SUIT_GLYPHS[s] for s, r in cards)
    if style == 2:
        return " ".join(
            SUIT_GLYPHS[s] + " ".join(RANKS[r] for r in ranks)
            for s, ranks in enumerate(suits)
            if ranks
        )
    if style == 3:
        return " ".join(
            f"{SUIT_LETTERS[s]}:{','.join(RANKS[r] for r in ranks)}"
            for s, ranks in enumerate(suits)
            if ranks
        )
    if style == 4:
        short = ("7", "8", "9", "T", "J", "Q", "K", "A")
        return ".".join("".join(short[r] for r in ranks) or "-" for ranks in suits)
    return " ".join(RUSSIAN_RANKS[r] + RUSSIAN_SUITS[s] for s, r in cards)


def lines(hands: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    found = []
    for number in range(1, hands + 1):
        text = write_hand(deal_hand(rng), rng.randrange(6))
        lead = "; lead=me" if rng.random() < OWN_LEAD_SHARE else ""
        found.append(f"{text}{lead}; id=t{number:03d}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    header = [
        f"# {args.hands} misère-like hands to tune the table on: advisor table compare.",
        f"# Written by examples/make_tuning_hands.py --hands {args.hands} --seed {args.seed}.",
    ]
    text = "\n".join([*header, *lines(args.hands, args.seed)]) + "\n"
    args.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
