"""Cost of ``advisor lead --contract``: the blind first lead of a game, the command itself with
its start-up, on seeded cases of three kinds:

- **declarer**: the *played* hands of ``benchmarks/game_solver.py`` (seeded twelve cards on
  which ``advisor declare`` plays a game, with the discard and the contract it chooses), the
  declarer on first hand;
- **random**: a random ten-card hand, two random discards and a random contract of 6..8 in a
  random strain, the declarer on lead (contested contracts: the slow kind);
- **defender**: ``benchmarks/whist.py``'s declared games (a deal in which the declarer names
  what he makes double dummy), the defender on lead.

Each runs ``python -m advisor lead ... --json`` with the default samples and threads (every
core; ``--jobs`` to change it); printed: each case's wall and CPU seconds, its layouts and best
lead, then the median and the slowest of each kind and of all, with the slowest case.

Targets (those of the other one-hand commands, ``declare`` and ``whist``): median at most 1 s,
slowest at most 3 s.

    python benchmarks/lead_game.py [--cases 8] [--seed 30] [--jobs 0]
"""

from __future__ import annotations

import argparse
import random

import game_solver
import whist

from advisor.cards import CardSet
from advisor.contract import Contract, Strain


def _cards(cards: CardSet) -> str:
    return " ".join(card.ascii() for card in cards)


def declarer_cases(seed: int, count: int) -> list[list[str]]:
    """The played hands, the declarer on first hand."""
    hands = game_solver.choose_played(seed, count)
    return [[_cards(hand.cards), "--discards", _cards(hand.discards), "--contract",
             hand.contract.ascii()] for hand in hands if hand.contract is not None]  # fmt: skip


def random_case(rng: random.Random) -> list[str]:
    chosen = rng.sample(range(32), 12)
    contract = Contract(rng.choice((6, 7, 8)), rng.choice(list(Strain)))
    hand = CardSet(sum(1 << card for card in chosen[:10]))
    discards = CardSet(sum(1 << card for card in chosen[10:]))
    return [_cards(hand), "--discards", _cards(discards),
            "--contract", contract.ascii()]  # fmt: skip


def defender_case(rng: random.Random) -> list[str]:
    """A declared game of benchmarks/whist.py, the defender on lead."""
    hand, _, contract, _, declarer, _, talon, _, _ = whist.declared_case(rng)
    return ["--defender", hand, "--talon", talon, "--contract", contract, "--declarer", declarer]


def _summary(found: dict[str, object]) -> str:
    return f"{found['layouts']} layouts, best {found['best']}" + (
        "" if found["clear"] else " (close)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=8, help="cases of each kind")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=0)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    cases = [("declarer", case) for case in declarer_cases(options.seed, options.cases)]
    cases += [("random", random_case(rng)) for _ in range(options.cases)]
    cases += [("defender", defender_case(rng)) for _ in range(options.cases)]
    runs = whist.run_all(cases, options.jobs, "lead", _summary, " ".join)
    whist.report(runs, ("declarer", "random", "defender"), "lead")


if __name__ == "__main__":
    main()
