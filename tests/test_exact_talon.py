"""The fast per-talon discard that ``--exact`` uses agrees with ``best_discards``."""

from __future__ import annotations

import itertools
import random

import pytest

from advisor.cards import CardSet, parse_cards, parse_hand
from advisor.defaults import TALON_COUNT
from advisor.errors import CardCountError
from advisor.seats import Lead
from advisor.table import Table, default_table, merge_table
from advisor.talon import best_discards, talon_discards, talon_outlook

TABLES = {
    "built-in": default_table(),
    "independent": merge_table(
        default_table(), 'combine = "independent"\nthreshold = 60\nmax_holes = 3', "t.toml"
    ),
}


def random_hands(seed: int, count: int) -> list[CardSet]:
    rng = random.Random(seed)
    return [CardSet(sum(1 << i for i in rng.sample(range(32), 10))) for _ in range(count)]


@pytest.mark.parametrize(("seed", "lead", "name"), list(itertools.product(range(3), Lead, TABLES)))
def test_the_best_discard_is_best_discards_first(seed: int, lead: Lead, name: str) -> None:
    table = TABLES[name]
    for hand in random_hands(seed, 2):
        for talon, (discards,) in talon_discards(hand, lead, table)[seed::7]:
            assert discards == best_discards(hand | talon, lead, table)[0].discards, (hand, talon)


@pytest.mark.parametrize("lead", Lead)
def test_the_top_three_are_best_discards_top_three(lead: Lead) -> None:
    table: Table = TABLES["built-in"]
    for hand in random_hands(10, 2):
        for talon, discards in talon_discards(hand, lead, table, top=3)[::11]:
            expected = tuple(o.discards for o in best_discards(hand | talon, lead, table, 3))
            assert discards == expected, (hand, talon)


def test_talons_come_in_the_outlook_order() -> None:
    hand = parse_hand("♠K ♣7 8 9 ♦7 8 J ♥7 8 J")
    found = talon_discards(hand, Lead.THEM, default_table())
    assert len(found) == TALON_COUNT
    outlook = talon_outlook(hand, Lead.THEM, default_table())
    assert [talon for talon, _ in found] == [o.talon for o in outlook.outcomes]


def test_the_lone_king_goes() -> None:
    hand = parse_hand("♠K ♣7 8 9 ♦7 8 J ♥7 8 J")
    found = talon_discards(hand, Lead.THEM, default_table())
    king = parse_cards("♠K")
    assert sum(1 for _, (discards,) in found if king & discards) > TALON_COUNT // 2


def test_talon_discards_wants_ten_cards() -> None:
    with pytest.raises(CardCountError, match="9 cards given, a hand has 10"):
        talon_discards(CardSet((1 << 9) - 1), Lead.ME, default_table())
