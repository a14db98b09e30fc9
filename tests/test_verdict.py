"""Every row of the founding table and every founding rule, hand -> verdict."""

from __future__ import annotations

import pytest

from advisor.cards import parse_hand
from advisor.rules import Basis, Status, combine
from advisor.seats import Lead
from advisor.table import default_table, merge_table
from advisor.verdict import assess

TABLE = default_table()

# The tested holding goes in spades; the other suits are clean and have their sevens.
FILLER = {1: "♣7 8 9 ♦7 8 9 ♥7 8 9", 2: "♣7 8 9 ♦7 8 9 ♥7 8",
          3: "♣7 8 9 ♦7 8 ♥7 8", 4: "♣7 8 ♦7 8 ♥7 8"}  # fmt: skip

# holding, lead, expected percent, is it a hole, verdict, the rules that decided a pass
FOUNDING_ROWS = [
    ("7 10", "me", 50, True, "declare", ()),
    ("7 10", "them", 50, True, "declare", ()),
    ("7 9", "me", 5, True, "declare", ()),
    ("7 9", "them", 0, False, "declare", ()),
    ("7 J", "me", 80, True, "declare", ()),
    ("7 J", "them", 80, True, "declare", ()),
    ("7 Q", "me", 95, True, "pass", ("threshold",)),
    ("7 Q", "them", 95, True, "pass", ("threshold",)),
    ("8", "me", 5, True, "declare", ()),
    ("8", "them", 30, True, "pass", ("no_seven",)),
    ("8 9", "me", 80, True, "pass", ("no_seven",)),
    ("8 9", "them", 80, True, "pass", ("no_seven",)),
    ("9", "me", 15, True, "declare", ()),
    ("9", "them", 85, True, "pass", ("no_seven", "threshold")),
    ("7 8 Q", "me", 20, True, "declare", ()),
    ("7 9 Q", "them", 20, True, "declare", ()),
    ("7 8 K", "me", 70, True, "declare", ()),
    ("7 9 K", "them", 70, True, "declare", ()),
    ("7 8 A", "me", 99, True, "pass", ("threshold",)),
    ("7 9 A", "them", 99, True, "pass", ("threshold",)),
    ("7 8 10 A", "me", 10, True, "declare", ()),
    ("7 8 J A", "them", 10, True, "declare", ()),
    ("7 9 10 A", "me", 10, True, "declare", ()),
    ("7 9 J A", "them", 10, True, "declare", ()),
]


def _hand(holding: str, extra: str | None = None) -> str:
    cards = len(holding.split())
    return f"♠{holding} {extra or FILLER[cards]}"


@pytest.mark.parametrize(
    ("holding", "lead", "percent", "hole", "verdict", "decided"), FOUNDING_ROWS
)
def test_every_founding_row_both_leads(
    holding: str, lead: str, percent: int, hole: bool, verdict: str, decided: tuple[str, ...]
) -> None:
    result = assess(parse_hand(_hand(holding)), Lead(lead), TABLE)
    spades = result.suits[0][1]
    assert spades.percent == percent
    assert spades.is_hole is hole
    assert spades.basis is Basis.TABLE
    assert result.holes == (1 if hole else 0)
    assert result.combined == (percent if hole else 0)
    assert result.verdict == verdict
    if verdict == "pass":
        assert result.decided_by == decided


def test_exactly_80_declares_and_81_passes() -> None:
    hand = parse_hand(_hand("7 J"))
    assert assess(hand, Lead.THEM, TABLE).verdict == "declare"
    stricter = merge_table(TABLE, '[holes]\n"7 J" = 81\n', "t.toml")
    result = assess(hand, Lead.THEM, stricter)
    assert result.verdict == "pass" and result.decided_by == ("threshold",)
    assert result.to_dict()["rules"][2]["detail"] == "caught in 81% (sum) > 80%"


def test_two_holes_add_up() -> None:
    result = assess(parse_hand("♠7 10 ♣7 8|Q ♦7 8 9 ♥7 8".replace("|", " ")), Lead.ME, TABLE)
    assert result.holes == 2 and result.combined == 70 and result.verdict == "declare"
    result = assess(parse_hand("♠7 10 ♣7 J ♦7 8 9 ♥7 8 9"), Lead.ME, TABLE)
    assert result.combined == 130 and result.decided_by == ("threshold",)


def test_three_holes_pass_whatever_they_add_up_to() -> None:
    hand = parse_hand("♠7 8 10 A ♣7 8 Q ♦7 9 ♥7")
    result = assess(hand, Lead.ME, TABLE)
    assert result.holes == 3 and result.combined == 35
    assert result.verdict == "pass" and result.decided_by == ("max_holes",)
    roomier = merge_table(TABLE, "max_holes = 3", "t.toml")
    assert assess(hand, Lead.ME, roomier).verdict == "declare"


def test_suit_without_its_seven_passes() -> None:
    result = assess(parse_hand("♠8 10 ♣7 8 9 ♦7 8 9 ♥7 8"), Lead.ME, TABLE)
    assert result.verdict == "pass" and "no_seven" in result.decided_by
    assert str(result.rules[0].detail) == "no seven under ♠8 10"


@pytest.mark.parametrize("lone", ["8", "9"])
def test_lone_eight_or_nine_is_excepted_only_on_own_lead(lone: str) -> None:
    hand = parse_hand(_hand(lone))
    mine = assess(hand, Lead.ME, TABLE)
    assert mine.rules[0].outcome == "excepted" and mine.rules[0].passed
    theirs = assess(hand, Lead.THEM, TABLE)
    assert theirs.rules[0].outcome == "broken" and theirs.verdict == "pass"
    no_exception = merge_table(TABLE, "[rules]\nlone_low_own_lead = false", "t.toml")
    assert assess(hand, Lead.ME, no_exception).verdict == "pass"


def test_lone_ten_is_not_excepted() -> None:
    result = assess(parse_hand(_hand("10")), Lead.ME, TABLE)
    assert result.rules[0].outcome == "broken"


def test_no_seven_rule_can_be_switched_off() -> None:
    relaxed = merge_table(TABLE, "[rules]\nno_seven = false", "t.toml")
    result = assess(parse_hand(_hand("8")), Lead.THEM, relaxed)
    assert result.rules[0].outcome == "off" and result.verdict == "declare"


def test_clean_hand_declares() -> None:
    result = assess(parse_hand("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"), Lead.THEM, TABLE)
    assert result.holes == 0 and result.verdict == "declare" and result.decided_by == ("clean",)
    assert [judged.status for _, judged in result.suits] == [Status.CLEAN] * 3 + [Status.SAFE]


def test_void_is_safe() -> None:
    result = assess(parse_hand("♠7 8 9 10 ♣7 8 9 ♦7 8 9"), Lead.THEM, TABLE)
    assert result.suits[3][1].status is Status.VOID and result.verdict == "declare"


def test_comparison_fallback_takes_the_cheapest_entry_it_is_at_most() -> None:
    # 7 8 9 A is not in the table and not clean, but it is at most 7 8 10 A (10 %)
    # and at most 7 9 10 A, 7 8 J A, 7 9 J A (all 10 %).
    result = assess(parse_hand("♠7 8 9 A ♣7 8 ♦7 8 ♥7 8"), Lead.THEM, TABLE)
    spades = result.suits[0][1]
    assert spades.basis is Basis.COMPARED and spades.percent == 10
    assert str(spades.compared_with) == "7 8 10 A"
    assert str(spades.source) == 'at most "7 8 10 A" (table "7 8|9 10|J A")'


def test_comparison_picks_the_lowest_value() -> None:
    table = merge_table(TABLE, '[holes]\n"7 J Q" = 40\n"7 10 K" = 30\n', "t.toml")
    # 7 10 Q is neither listed nor clean; it is at most 7 J Q (40 %) and 7 10 K (30 %).
    result = assess(parse_hand("♠7 10 Q ♣7 8 9 ♦7 8 ♥7 8"), Lead.ME, table)
    spades = result.suits[0][1]
    assert spades.basis is Basis.COMPARED and spades.percent == 30
    assert str(spades.compared_with) == "7 10 K"
    # With the built-in table nothing of length 3 lies above it: unlisted.
    result = assess(parse_hand("♠7 10 Q ♣7 8 9 ♦7 8 ♥7 8"), Lead.ME, TABLE)
    assert result.suits[0][1].basis is Basis.UNLISTED and result.suits[0][1].percent == 100


def test_unlisted_hole_counts_the_unlisted_setting() -> None:
    result = assess(parse_hand("♠K ♣7 8 9 ♦7 8 J ♥7 8 J"), Lead.THEM, TABLE)
    spades = result.suits[0][1]
    assert spades.basis is Basis.UNLISTED and spades.percent == 100
    assert str(spades.source) == "not in the table"
    cheaper = merge_table(TABLE, "unlisted = 60\n[rules]\nno_seven = false", "t.toml")
    assert assess(parse_hand("♠K ♣7 8 9 ♦7 8 J ♥7 8 J"), Lead.THEM, cheaper).combined == 60


@pytest.mark.parametrize(("mode", "expected"), [("sum", 70), ("independent", 60), ("max", 50)])
def test_combine_modes(mode: str, expected: float) -> None:
    assert combine([50, 20], mode) == expected
    table = merge_table(TABLE, f'combine = "{mode}"', "t.toml")
    hand = parse_hand("♠7 10 ♣7 8 Q ♦7 8 9 ♥7 8")
    assert assess(hand, Lead.ME, table).combined == expected


def test_json_shape() -> None:
    data = assess(parse_hand(_hand("7 10")), Lead.THEM, TABLE).to_dict()
    assert data["hand"] == "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8"
    assert data["lead"] == "them" and data["verdict"] == "declare"
    assert data["suits"][0] == {"suit": "♠", "holding": "7 10", "status": "hole",
                                "percent": 50, "source": 'table "7 10"'}  # fmt: skip
    assert data["holes"] == 1 and data["combined"] == 50 and data["threshold"] == 80
    assert [r["rule"] for r in data["rules"]] == ["no_seven", "max_holes", "threshold", "clean"]
