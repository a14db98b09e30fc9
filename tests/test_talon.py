"""The talon outlook and the discard choice (advisor.talon)."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.cards import CardSet, parse_cards, parse_hand
from advisor.defaults import TALON_COUNT
from advisor.errors import CardCountError
from advisor.seats import Lead
from advisor.table import Table, default_table, merge_table
from advisor.talon import best_discards, chance_of_any, talon_outlook
from advisor.verdict import Assessment, assess

ME, THEM = Lead.ME, Lead.THEM


def formula(outs: int) -> int:
    """Talons (of 231) holding at least one of ``outs`` cards."""
    return TALON_COUNT - comb(22 - outs, 2)


# --- the arithmetic ----------------------------------------------------------------------------


def test_talon_count() -> None:
    assert TALON_COUNT == 231


@pytest.mark.parametrize(("outs", "chance"), [(0, 0.0), (7, 0.545), (11, 0.762), (22, 1.0)])
def test_chance_of_any_matches_the_rule_of_seven(outs: int, chance: float) -> None:
    assert chance_of_any(outs) == pytest.approx(chance, abs=0.0005)


# --- outlooks that can be counted by hand ------------------------------------------------------

# Each hand has one hole, and every out closes it while no talon without an out can, so the
# hand ends clean exactly when the talon holds an out.
SINGLE_HOLE = [
    # ♥7 J Q K A needs a low card under the J: ♥8 or ♥9. Two discards cannot cut it to a clean
    # holding (the second card stays above 9), and dropping the ♥7 breaks the no-seven rule.
    pytest.param("♠7 8 9 10 J ♥7 J Q K A", THEM, "♥8 9", id="2 outs"),
    pytest.param("♠7 8 9 10 J ♥7 J Q K A", ME, "♥8 9", id="2 outs, own lead"),
    # ♥7 10 closes with ♥8 or ♥9, or by discarding the ♥10 when the other card can stay: a lone
    # ♣7 or ♦7. Any other club or diamond alone is a hole without its seven.
    pytest.param("♠7 8 9 10 J Q K A ♥7 10", THEM, "♣7 ♦7 ♥8 9", id="4 outs"),
    # ♥7 9 is a 5% hole on one's own lead: ♥8, ♥10, ♥J make it clean; a lone ♣7 or ♦7 lets the
    # ♥9 go. (♥Q makes 7 9 Q, 20%.)
    pytest.param("♠7 8 9 10 J Q K A ♥7 9", ME, "♣7 ♦7 ♥8 10 J", id="5 outs"),
    # As the 4-out hand, and the ♠A (a clean ♠7..A) or ♣8, ♣9 (♣7 8, ♣7 9: safe on their lead)
    # can stay while the ♥10 goes; the lone ♦7 too.
    pytest.param("♠7 8 9 10 J Q K ♣7 ♥7 10", THEM, "♠A ♣8 9 ♦7 ♥8 9", id="6 outs"),
    pytest.param("♠7 8 9 10 J Q ♣7 ♦7 ♥7 10", THEM, "♠K A ♣8 9 ♦8 9 ♥8 9", id="8 outs"),
    # ♦7 9 on one's own lead (5%): ♦8 10 J close it; the ♠7, ♣Q K A, ♥10 J Q K can stay while
    # the ♦9 goes.
    pytest.param("♣7 8 9 10 J ♦7 9 ♥7 8 9", ME, "♠7 ♣Q K A ♦8 10 J ♥10 J Q K", id="11 outs"),
]


@pytest.mark.parametrize(("hand", "lead", "outs"), SINGLE_HOLE)
def test_one_hole_clean_chance_is_the_chance_of_an_out(hand: str, lead: Lead, outs: str) -> None:
    outlook = talon_outlook(parse_hand(hand), lead, default_table())
    [hole] = outlook.holes
    assert hole.outs == parse_cards(outs)
    n = len(hole.outs)
    assert outlook.clean_count == formula(n)
    assert outlook.clean == pytest.approx(1 - comb(22 - n, 2) / comb(22, 2))
    assert hole.chance == pytest.approx(outlook.clean)


@pytest.mark.parametrize("lead", [ME, THEM])
def test_a_clean_hand_stays_clean_in_every_talon(lead: Lead) -> None:
    outlook = talon_outlook(parse_hand("♠7 8 10 ♣7 9 J ♦7 8 ♥7 8"), lead, default_table())
    assert outlook.clean_count == outlook.declare_count == TALON_COUNT
    assert outlook.expected_combined == 0
    assert outlook.holes == ()


@pytest.mark.parametrize("lead", [ME, THEM])
def test_three_lone_aces_are_never_declarable(lead: Lead) -> None:
    # Two discards leave at least one ace, and no talon makes it cheaper than 80%: ♦7 A is not
    # in the table (100%), ♦7 8 A is 99%.
    outlook = talon_outlook(parse_hand("♠A ♣A ♦A ♥7 8 9 10 J Q K"), lead, default_table())
    assert outlook.declare_count == 0
    assert outlook.pass_count == TALON_COUNT
    assert [str(hole.holding) for hole in outlook.holes] == ["A", "A", "A"]


def test_outlook_to_dict() -> None:
    outlook = talon_outlook(parse_hand("♠7 8 9 10 J Q K A ♥7 10"), THEM, default_table())
    assert outlook.to_dict() == {
        "talons": 231,
        "clean": 0.3377,
        "declare": 1.0,
        "expected_combined": 33.12,
        "counts": {"clean": 78, "declare": 153, "pass": 0},
        "outs": [
            {
                "suit": "♥",
                "holding": "7 10",
                "percent": 50,
                "outs": ["7♣", "7♦", "8♥", "9♥"],
                "count": 4,
                "chance": 0.3377,
            }
        ],
    }


def test_outlook_wants_ten_cards() -> None:
    with pytest.raises(CardCountError, match="11 cards given, a hand has 10"):
        talon_outlook(parse_cards("♠7 8 9 10 J Q K A ♥7 10 J"), THEM, default_table())


# --- the fast outlook is the brute force over assess -------------------------------------------


def order(assessment: Assessment) -> tuple[bool, float, int]:
    return (not assessment.declare, assessment.combined, assessment.holes)


def brute_outcomes(hand: CardSet, lead: Lead, table: Table) -> list[tuple[bool, float, int]]:
    """For each talon (in order), the best of all 66 discards, each judged by assess."""
    found = []
    for talon in itertools.combinations(hand.complement(), 2):
        twelve = hand | CardSet.of(talon)
        found.append(
            min(
                order(assess(twelve - CardSet.of(pair), lead, table))
                for pair in itertools.combinations(twelve, 2)
            )
        )
    return found


def brute_outs(hand: CardSet, lead: Lead, table: Table) -> list[CardSet]:
    """The module docstring's definition of outs, literally."""
    dealt = assess(hand, lead, table)
    found = []
    for suit, judged in dealt.suits:
        if not judged.is_hole:
            continue
        outs = CardSet(0)
        for card in hand.complement():
            eleven = hand | CardSet.of([card])
            for dropped in eleven:
                after = assess(eleven - CardSet.of([dropped]), lead, table)
                now = dict(after.suits)[suit]
                better = not now.is_hole or now.percent < judged.percent
                if better and order(after) < order(dealt):
                    outs |= CardSet.of([card])
                    break
        found.append(outs)
    return found


def low_heavy_hands(seed: int, count: int) -> list[CardSet]:
    """Random hands leaning to low cards, where talons make a difference."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 6)
        hands.append(CardSet(sum(1 << index for index in deck[:10])))
    return hands


def table_with(text: str) -> Table:
    return merge_table(default_table(), text, origin="test.toml")


TABLES = {
    "built-in": default_table(),
    "independent": table_with('combine = "independent"\nthreshold = 60\nmax_holes = 3'),
    "max, free unlisted": table_with('combine = "max"\nunlisted = 0\nthreshold = 30'),
    "no rules": table_with("max_holes = 1\n[rules]\nno_seven = false\nlone_low_own_lead = false"),
    "safe 8": table_with('[holes]\n"8" = 0\n"9" = { own = 0, their = 40 }'),
}


@pytest.mark.parametrize(
    ("name", "seed", "lead"),
    [
        ("built-in", 1, ME),
        ("built-in", 2, THEM),
        ("independent", 3, ME),
        ("max, free unlisted", 4, THEM),
        ("no rules", 5, ME),
        ("safe 8", 6, THEM),
    ],
)
def test_outlook_equals_brute_force(name: str, seed: int, lead: Lead) -> None:
    table = TABLES[name]
    for hand in low_heavy_hands(seed, 2):
        outlook = talon_outlook(hand, lead, table)
        fast = [(not o.declare, o.combined, o.holes) for o in outlook.outcomes]
        assert fast == brute_outcomes(hand, lead, table), str(hand)
        assert [hole.outs for hole in outlook.holes] == brute_outs(hand, lead, table), str(hand)


@pytest.mark.parametrize("seed", range(4))
def test_outs_equal_brute_force(seed: int) -> None:
    for lead, (name, table) in itertools.product(Lead, TABLES.items()):
        for hand in low_heavy_hands(100 + seed, 3):
            outlook = talon_outlook(hand, lead, table)
            assert [h.outs for h in outlook.holes] == brute_outs(hand, lead, table), (hand, name)


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.integers(0, 31), min_size=10, max_size=10, unique=True),
    talon=st.integers(0, TALON_COUNT - 1),
    lead=st.sampled_from(Lead),
    name=st.sampled_from(sorted(TABLES)),
)
def test_each_talon_outcome_is_the_best_discard(
    cards: list[int], talon: int, lead: Lead, name: str
) -> None:
    table = TABLES[name]
    hand = CardSet(sum(1 << index for index in cards))
    outcome = talon_outlook(hand, lead, table).outcomes[talon]
    [best] = best_discards(hand | outcome.talon, lead, table, top=1)
    assert (outcome.declare, outcome.combined, outcome.holes) == (
        best.assessment.declare,
        best.assessment.combined,
        best.assessment.holes,
    )
    assert outcome.clean == (best.assessment.declare and best.assessment.holes == 0)


# --- the discard -------------------------------------------------------------------------------


def discards(cards: str, lead: Lead) -> list[tuple[str, str, float]]:
    options = best_discards(parse_cards(cards, count=12), lead, default_table())
    return [(str(o.discards), o.assessment.verdict, o.assessment.combined) for o in options]


def test_discard_keeps_the_safe_seven_nine_on_their_lead() -> None:
    # ♥K A go: ♥7 9 is safe on their lead. Next, the ♥A with one card whose suit stays clean
    # (♣7 9 J -> ♣7 9 is safe too): ♥7 9 K is a 70% hole; the higher discard ranks first.
    assert discards("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A", THEM) == [
        ("♥K A", "declare", 0),
        ("♣J ♥A", "declare", 70),
        ("♠10 ♥A", "declare", 70),
    ]


def test_discard_on_own_lead_avoids_a_second_hole() -> None:
    # On one's own lead ♥7 9 costs 5% and ♣7 9 would too: ♣J stays.
    assert discards("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A", ME) == [
        ("♥K A", "declare", 5),
        ("♠10 ♥A", "declare", 70),
        ("♦8 ♥A", "declare", 70),
    ]


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        # A lone ♣8 is excepted on one's own lead (5%): drop ♥10 J, keep ♥7 clean. Next ♥7 10
        # (50%) without the ♣8, then ♥7 10 with the ♣8 (55%), the ♠A going.
        (ME, [("♥10 J", "declare", 5), ("♣8 ♥J", "declare", 50), ("♠A ♥J", "declare", 55)]),
        # On their lead the lone ♣8 breaks the no-seven rule: it must go, ♥7 10 stays (50%).
        # Keeping it is a pass however cheap the hand (30%).
        (THEM, [("♣8 ♥J", "declare", 50), ("♣8 ♥10", "declare", 80), ("♥10 J", "pass", 30)]),
    ],
)
def test_discard_depends_on_the_lead(lead: Lead, expected: list[tuple[str, str, float]]) -> None:
    assert discards("♠7 8 9 10 J Q K A ♣8 ♥7 10 J", lead) == expected


def test_best_discards_orders_all_66() -> None:
    cards = parse_cards("♠7 8 9 10 J Q K A ♣8 ♥7 10 J", count=12)
    options = best_discards(cards, THEM, default_table(), top=None)
    assert len(options) == 66
    assert [o.order for o in options] == sorted(o.order for o in options)
    assert all(o.hand | o.discards == cards and len(o.hand) == 10 for o in options)


def test_discard_option_to_dict() -> None:
    [best] = best_discards(
        parse_cards("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A", count=12), THEM, default_table(), top=1
    )
    data = best.to_dict()
    assert {k: data[k] for k in ("discards", "hand", "verdict", "holes", "combined")} == {
        "discards": "♥K A",
        "hand": "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9",
        "verdict": "declare",
        "holes": 0,
        "combined": 0,
    }
    assert data["assessment"]["verdict"] == "declare"


def test_best_discards_wants_twelve_cards() -> None:
    with pytest.raises(CardCountError, match="10 cards given, 12 are needed"):
        best_discards(parse_hand("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"), THEM, default_table())
