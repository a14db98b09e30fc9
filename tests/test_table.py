"""The probability table: the founding values, merging, precedence, broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.errors import AdvisorError, TableError
from advisor.holdings import Holding
from advisor.seats import Lead
from advisor.table import (
    BUILT_IN,
    BuiltIn,
    Progression,
    Table,
    TalonCard,
    default_table,
    exact_table,
    load_table,
    merge_table,
    resolve_table_path,
)
from advisor.table_edit import starter_table_text, write_starter_table

FOUNDING = {
    "7 10": (50, 50),
    "7 9": (5, 0),
    "7 J": (80, 80),
    "7 Q": (95, 95),
    "8": (5, 30),
    "8 9": (80, 80),
    "9": (15, 85),
    "7 8|9 Q": (20, 20),
    "7 8|9 K": (70, 70),
    "7 8|9 A": (99, 99),
    "7 8|9 10|J A": (10, 10),
}


def test_default_table_is_the_founding_notes() -> None:
    table = default_table()
    assert {k: (e.own, e.their) for k, e in table.entries.items()} == FOUNDING
    assert all(
        e.source.startswith("notes:") and e.origin == BUILT_IN for e in table.entries.values()
    )
    assert (table.threshold, table.max_holes, table.combine, table.unlisted) == (80, 2, "sum", 100)
    assert table.exact_threshold is None and table.pass_score == 0
    assert (table.players, table.talon_card, table.allpass_penalty) == (3, TalonCard.SUIT, 1)
    assert table.allpass_progression is Progression.NONE
    assert table.rule("no_seven") and table.rule("lone_low_own_lead")


def test_pattern_entries_cover_each_holding() -> None:
    lookup = default_table().lookup
    assert lookup[Holding.parse("7 9 Q").mask].key == "7 8|9 Q"
    assert lookup[Holding.parse("7 9 J A").mask].percent(Lead.ME) == 10
    assert Holding.parse("7 10 Q").mask not in lookup


def _merge(text: str) -> Table:
    return merge_table(default_table(), text, origin="my.toml")


def test_a_file_changes_only_what_it_sets() -> None:
    table = _merge('[holes]\n"7 10" = 40\n')
    assert table.entries["7 10"].own == 40 and table.entries["7 10"].origin == "my.toml"
    assert table.entries["7 J"].own == 80 and table.entries["7 J"].origin == BUILT_IN
    assert table.threshold == 80 and table.files == ("my.toml",)


@pytest.mark.parametrize("key", ['"10 7"', '"7 T"', '"7 10"', '"T 7"', '"7 X"'])
def test_keys_are_normalised(key: str) -> None:
    table = _merge(f"[holes]\n{key} = 33\n")
    assert table.entries["7 10"].own == 33
    assert len(table.entries) == len(FOUNDING)


def test_partial_lead_override_keeps_the_other_lead() -> None:
    table = _merge('[holes]\n"8" = { own = 10 }\n')
    assert (table.entries["8"].own, table.entries["8"].their) == (10, 30)


def test_narrower_entry_wins_over_a_pattern() -> None:
    table = _merge('[holes]\n"7 8 Q" = 46\n')
    assert table.lookup[Holding.parse("7 8 Q").mask].own == 46
    assert table.lookup[Holding.parse("7 9 Q").mask].own == 20


def test_inherit_false_starts_empty() -> None:
    table = _merge('inherit = false\nthreshold = 60\n[holes]\n"7 10" = 40\n')
    assert list(table.entries) == ["7 10"]
    assert table.threshold == 60 and table.max_holes == 2


def test_settings_and_rules_merge() -> None:
    table = _merge('combine = "independent"\nmax_holes = 1\n[rules]\nno_seven = false\n')
    assert table.combine == "independent" and table.max_holes == 1
    assert not table.rule("no_seven") and table.rule("lone_low_own_lead")
    assert table.origin_of_rule("no_seven") == "my.toml"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("treshold = 70", "my.toml: unknown setting 'treshold' (known: [convention], [holes], "
         "[rules], allpass_penalty, allpass_progression, combine, exact_threshold, inherit, "
         "max_holes, pass_score, players, talon_card, threshold, unlisted)"),
        ('talon_card = "both"',
         'my.toml: talon_card = "both" is not one of "suit", "dealer"'),
        ("talon_card = 1", "my.toml: talon_card = 1 is not one of \"suit\", \"dealer\""),
        ("players = 2", "my.toml: players = 2 must be 3 or 4"),
        ("players = 3.0", "my.toml: players = 3.0 must be 3 or 4"),
        ("players = true", "my.toml: players = true must be 3 or 4"),
        ("allpass_penalty = 0", "my.toml: allpass_penalty = 0"
         " must be a number above 0, at most 1000 (points a trick)"),
        ("allpass_penalty = -1.5", "my.toml: allpass_penalty = -1.5"
         " must be a number above 0, at most 1000 (points a trick)"),
        ("allpass_penalty = inf", "my.toml: allpass_penalty = inf"
         " must be a number above 0, at most 1000 (points a trick)"),
        ("allpass_penalty = 1e308", "my.toml: allpass_penalty = 1e+308"
         " must be a number above 0, at most 1000 (points a trick)"),
        ("allpass_penalty = 1000.5", "my.toml: allpass_penalty = 1000.5"
         " must be a number above 0, at most 1000 (points a trick)"),
        ("allpass_penalty = nan", "my.toml: allpass_penalty = nan"
         " must be a number above 0, at most 1000 (points a trick)"),
        ('allpass_penalty = "1"', 'my.toml: allpass_penalty = "1"'
         " must be a number above 0, at most 1000 (points a trick)"),
        ('allpass_progression = "double"', 'my.toml: allpass_progression = "double" is not one '
         "of \"none\", \"arithmetic\", \"geometric\""),
        ('[holes]\n"7 10" = 140', 'my.toml: [holes] "7 10" = 140 is outside 0..100 percent'),
        ('[holes]\n"7 10" = -1', 'my.toml: [holes] "7 10" = -1 is outside 0..100 percent'),
        ('[holes]\n"7 10" = "half"',
         'my.toml: [holes] "7 10" = "half" is not a number (percent, 0..100)'),
        ('[holes]\n"6 7" = 40', "my.toml: [holes] '6 7': '6' is not a Preferans rank (7..A)"),
        ('[holes]\n"7 7" = 40', "my.toml: [holes] '7 7' names the rank 7 twice"),
        ('[holes]\n"7 8 9 10 J Q K A 7" = 4',
         "my.toml: [holes] '7 8 9 10 J Q K A 7' has 9 cards: a suit has only 8"),
        ('combine = "avg"',
         'my.toml: combine = "avg" is not one of "sum", "independent", "max"'),
        ("threshold = 101", "my.toml: threshold = 101 is outside 0..100 percent"),
        ("max_holes = 1.5", "my.toml: max_holes = 1.5 must be a whole number 0..4"),
        ("pass_score = 11",
         'my.toml: pass_score = 11 must be a number of points, -100..10, or "allpass"'),
        ("pass_score = -101",
         'my.toml: pass_score = -101 must be a number of points, -100..10, or "allpass"'),
        ('pass_score = "0"',
         'my.toml: pass_score = "0" must be a number of points, -100..10, or "allpass"'),
        ("exact_threshold = true",
         "my.toml: exact_threshold = true is not a number (percent, 0..100)"),
        ("inherit = 1", "my.toml: 'inherit' must be true or false, not 1"),
        ("[rules]\nno_eight = true", "my.toml: [rules] unknown rule 'no_eight' "
         "(known: no_seven, lone_low_own_lead)"),
        ("[rules]\nno_seven = 1", "my.toml: [rules] no_seven must be true or false, not 1"),
        ('[holes]\n"9" = { own = 5 }', None),
        ('[holes]\n"7 K" = { own = 5 }',
         "my.toml: [holes] \"7 K\": needs a value for 'their' (or a plain number)"),
        ('[holes]\n"7 K" = { own = 5, their = 5, value = 5 }',
         'my.toml: [holes] "7 K": give value, or own and their, not both'),
        ('[holes]\n"7 K" = { mine = 5 }', "my.toml: [holes] \"7 K\": unknown field 'mine' "
         "(use value, or own and their, and optionally source)"),
        ("holes = 5", "my.toml: 'holes' must be a table ([holes]), not 5"),
        ('[holes]\n"7 10" = 40\n"10 7" = 30',
         'my.toml: [holes] "7 10" and "10 7" are the same holding: keep one'),
        ('[holes]\n"7 T" = 40\n"8" = 5\n"7 10" = { own = 1, their = 2 }',
         'my.toml: [holes] "7 T" and "7 10" are the same holding: keep one'),
        ('[holes]\n"7 8|9 Q" = 40\n"q 7 9|8" = 30',
         'my.toml: [holes] "7 8|9 Q" and "q 7 9|8" are the same holding: keep one'),
        ('[holes]\n"7 8 Q" = 40\n"7 8|9 Q" = 30', None),  # overlapping, not the same
        ("threshold = { value = 50 }",
         "my.toml: threshold = { value = 50 } is not a number (percent, 0..100)"),
        ('threshold = [1, "a", 2.5, { b = false }]',
         'my.toml: threshold = [1, "a", 2.5, { b = false }] is not a number (percent, 0..100)'),
        ("threshold = 1979-05-27", "my.toml: threshold = 1979-05-27 is not a number (percent, "
         "0..100)"),
        ("max_holes = 1" + "0" * 308,
         "my.toml: max_holes = 100000000000000000000000000000000000000… must be a whole number "
         "0..4"),
        ('combine = "' + "x" * 100 + '"',
         'my.toml: combine = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… is not one of "sum", '
         '"independent", "max"'),
        ("threshold = 1" + "0" * 5000, "my.toml: a number too long for a table (thousands of "
         "digits)"),
        ("[holes\n", "my.toml: TOML syntax error: Expected ']' at the end of a table declaration "
         "(at line 1, column 7)"),
    ],
)  # fmt: skip
def test_broken_tables_are_refused_with_file_key_and_problem(
    text: str, message: str | None
) -> None:
    if message is None:
        _merge(text)
        return
    with pytest.raises(TableError) as raised:
        _merge(text)
    assert str(raised.value) == message


def test_load_table_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="no such table file"):
        load_table(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe threshold")
    with pytest.raises(TableError, match=r"bad\.toml: not UTF-8 text"):
        load_table(bad)


def test_precedence_option_then_environment_then_config(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "table.toml").write_text("threshold = 70\n")
    env = {"ADVISOR_TABLE": str(tmp_path / "env.toml")}
    assert resolve_table_path("opt.toml", env, config) == Path("opt.toml")
    assert resolve_table_path(None, env, config) == tmp_path / "env.toml"
    assert resolve_table_path(None, {}, config) == config / "table.toml"
    assert resolve_table_path(None, {}, tmp_path / "nowhere") is None


def test_starter_file_is_valid_and_changes_nothing(tmp_path: Path) -> None:
    target = write_starter_table(tmp_path / "sub" / "t.toml")
    assert target.read_text() == starter_table_text()
    table = load_table(target)
    assert {k: (e.own, e.their) for k, e in table.entries.items()} == FOUNDING
    with pytest.raises(TableError, match="already exists"):
        write_starter_table(target)
    write_starter_table(target, force=True)


def test_starter_file_lists_every_founding_entry() -> None:
    text = starter_table_text()
    for key in FOUNDING:
        assert f'# "{key}" = ' in text


def test_all_pass_settings_are_read() -> None:
    table = _merge(
        'players = 4\ntalon_card = "dealer"\nallpass_penalty = 2.5\n'
        'allpass_progression = "arithmetic"\n'
    )
    assert (table.players, table.talon_card, table.allpass_penalty) == (4, TalonCard.DEALER, 2.5)
    assert table.allpass_progression is Progression.ARITHMETIC
    assert table.origin_of_setting("talon_card") == "my.toml"


@pytest.mark.parametrize(
    ("progression", "factors"),
    [
        (Progression.NONE, [1, 1, 1, 1]),
        (Progression.ARITHMETIC, [1, 2, 3, 4]),
        (Progression.GEOMETRIC, [1, 2, 4, 8]),
    ],
)
def test_progression_of_repeated_all_passes(progression: Progression, factors: list[int]) -> None:
    assert [progression.factor(repeat) for repeat in (1, 2, 3, 4)] == factors


def test_progression_counts_from_one() -> None:
    with pytest.raises(AdvisorError, match="counted from 1, not 0"):
        Progression.GEOMETRIC.factor(0)


def test_pass_score_may_be_the_all_pass_cost() -> None:
    table = _merge('pass_score = "allpass"\n')
    assert table.pass_score is None and table.pass_from_allpass
    assert not default_table().pass_from_allpass and default_table().pass_score == 0
    with pytest.raises(TableError, match=r'-100\.\.10, or "allpass"'):
        _merge('pass_score = "all-pass"\n')


def test_built_in_tables_by_name(tmp_path: Path) -> None:
    assert load_table(BuiltIn.FOUNDING) is default_table() is load_table(None)
    exact = load_table(BuiltIn.EXACT)
    assert exact is exact_table() and exact.files == ("exact",) and exact.name == "exact"
    assert {e.origin for e in exact.entries.values()} == {"exact"}
    assert exact.built_in is BuiltIn.EXACT and default_table().built_in is BuiltIn.FOUNDING
    assert resolve_table_path("exact", {}, tmp_path) is BuiltIn.EXACT
    assert resolve_table_path(None, {"ADVISOR_TABLE": "founding"}, tmp_path) is BuiltIn.FOUNDING
    assert resolve_table_path("./exact", {}, tmp_path) == Path("exact")  # a file
    with pytest.raises(TableError, match="exact: no such table file"):
        load_table(Path("exact"))
    with pytest.raises(TableError, match="exact: no such table file"):
        load_table("exact")  # a str is a file: only a BuiltIn names a built-in table
    mine = merge_table(default_table(), "", "my.toml")
    assert default_table().name == "founding" and mine.name == "my.toml"
    assert mine.built_in is None
