"""``advisor.table_diff``: what differs between two tables, priced as the tables price it."""

from __future__ import annotations

from advisor.table import Table, default_table, exact_table, merge_table
from advisor.table_diff import Pricing, diff_tables


def english(pricing: Pricing) -> tuple[float, float, str]:
    """A pricing with its source in English (the record's words)."""
    return pricing.own, pricing.their, str(pricing.source)


def _mine(text: str) -> Table:
    return merge_table(default_table(), text, origin="my.toml")


def test_a_table_against_itself_has_no_difference() -> None:
    found = diff_tables(default_table(), default_table())
    assert found.same and found.to_dict()["holdings"] == [] and found.to_dict()["same"]


def test_settings_and_rules_with_their_origins() -> None:
    found = diff_tables(default_table(), _mine("threshold = 70\n[rules]\nno_seven = false\n"))
    assert [s.to_dict() for s in found.settings] == [
        {"name": "threshold", "a": {"value": 80, "origin": "built-in"},
         "b": {"value": 70, "origin": "my.toml"}},
        {"name": "rules.no_seven", "a": {"value": True, "origin": "built-in"},
         "b": {"value": False, "origin": "my.toml"}},
    ]  # fmt: skip
    assert found.holdings == () and (found.a, found.b) == ("founding", "my.toml")


def test_the_convention_differs_like_any_setting() -> None:
    """Two tables that score games differently are not the same table."""
    mine = _mine('[convention]\npreset = "leningrad"\nboth_fail = "shared"\n')
    found = diff_tables(default_table(), mine)
    assert not found.same
    assert [s.to_dict() for s in found.settings] == [
        {"name": "convention.preset", "a": {"value": "sochi", "origin": "built-in"},
         "b": {"value": "leningrad", "origin": "my.toml"}},
        {"name": "convention.ten", "a": {"value": "checked", "origin": "built-in"},
         "b": {"value": "whisted", "origin": "my.toml"}},
        {"name": "convention.both_fail", "a": {"value": "second", "origin": "built-in"},
         "b": {"value": "shared", "origin": "my.toml"}},
    ]  # fmt: skip
    assert diff_tables(mine, mine).same


def test_a_changed_entry() -> None:
    (found,) = diff_tables(default_table(), _mine('[holes]\n"8" = { own = 1 }\n')).holdings
    assert found.key == "8"
    assert english(found.a) == (5, 30, '"8" built-in')
    assert english(found.b) == (1, 30, '"8" my.toml')


def test_the_same_value_under_a_narrower_key_is_no_difference() -> None:
    assert diff_tables(default_table(), _mine('[holes]\n"7 8 Q" = 20\n')).same


def test_a_narrower_key_that_changes_one_alternative() -> None:
    (found,) = diff_tables(default_table(), _mine('[holes]\n"7 9 Q" = 35\n')).holdings
    assert found.key == "7 9 Q"
    assert english(found.a) == (20, 20, '"7 8|9 Q" built-in')
    assert english(found.b) == (35, 35, '"7 9 Q" my.toml')


def test_a_key_only_one_table_has_against_what_the_other_makes_of_it() -> None:
    mine = _mine('[holes]\n"7 K" = 60\n"7 8 9 A" = 5\n"7 8" = 0\n')
    rows = {row.key: row for row in diff_tables(default_table(), mine).holdings}
    assert english(rows["7 K"].a) == (100, 100, "not in the table")
    assert english(rows["7 8 9 A"].a) == (10, 10, 'at most "7 8 10 A" built-in')
    assert "7 8" not in rows  # clean: 0 either way


def test_an_entry_whose_alternatives_all_change_alike_is_one_row() -> None:
    rows = diff_tables(default_table(), _mine('[holes]\n"7 8|9 Q" = 30\n')).holdings
    assert [row.key for row in rows] == ["7 8|9 Q"]
    split = diff_tables(default_table(), _mine('[holes]\n"7 8|9 Q" = 30\n"7 9 Q" = 31\n'))
    assert [row.key for row in split.holdings] == ["7 8 Q", "7 9 Q"]


def test_leads_priced_from_different_entries_say_so() -> None:
    text = 'inherit = false\n[holes]\n"7 J" = { own = 10, their = 90 }\n'
    text += '"7 Q" = { own = 90, their = 12 }\n'
    mine = merge_table(default_table(), text, origin="my.toml")
    rows = {row.key: row for row in diff_tables(mine, default_table()).holdings}
    assert english(rows["7 10"].a) == (
        10,
        12,
        'own: at most "7 J" my.toml; their: at most "7 Q" my.toml',
    )
    assert english(rows["7 10"].b) == (50, 50, '"7 10" built-in')


def test_founding_against_exact_lists_every_exact_entry_that_moved() -> None:
    found = diff_tables(default_table(), exact_table())
    assert found.settings == ()  # the exact table keeps the founding settings
    keys = {row.key for row in found.holdings}
    assert {"7 Q", "9", "8 9", "7 10"} <= keys
    for row in found.holdings:
        assert row.a.values != row.b.values
    assert (found.a, found.b) == ("founding", "exact")
