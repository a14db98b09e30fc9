"""``advisor.table_edit``: set and unset keep the file's comments and layout, check the result
as ``table check`` does, and leave the file untouched when they refuse."""

from __future__ import annotations

import difflib
import multiprocessing
import os
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest
from other_user import NOBODY, as_nobody, needs_root, shared_folder

from advisor.errors import OutputError, TableError
from advisor.table import load_table
from advisor.table_edit import (
    InEffect,
    KeyKind,
    parse_key,
    parse_value,
    set_key,
    starter_table_text,
    unset_key,
    user_table_file,
    write_starter_table,
)

MINE = """\
# my own table
threshold = 75   # a bit careful

[rules]
no_seven = true  # always

[holes]
"10 7" = 40      # my guess
"8" = { own = 5, their = 25, source = "my games" }
# "7 Q" = 90
"""


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    return path


def changed_lines(before: str, after: str) -> list[str]:
    """The lines removed (-) and added (+) from ``before`` to ``after``."""
    return [
        line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"
    ]


@pytest.mark.parametrize(
    ("text", "kind", "name"),
    [
        ("threshold", KeyKind.SETTING, "threshold"),
        ("inherit", KeyKind.SETTING, "inherit"),
        ("rules.no_seven", KeyKind.RULE, "no_seven"),
        ("7 Q", KeyKind.HOLDING, "7 Q"),
        ("q 7", KeyKind.HOLDING, "7 Q"),
        ("7 Д", KeyKind.HOLDING, "7 Q"),
        ("9|8 7 Q", KeyKind.HOLDING, "7 8|9 Q"),
    ],
)
def test_keys(text: str, kind: KeyKind, name: str) -> None:
    key = parse_key(text)
    assert (key.kind, key.name) == (kind, name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("treshold", "'treshold' is not a setting: the settings are inherit, threshold, "),
        ("holes", "'holes' is not a setting: "),
        ("", "'' is not a setting: "),
        ("rules.no_eight", "'rules.no_eight' is not a rule: the rules are rules.no_seven, "
         "rules.lone_low_own_lead"),
        ("6 7", "'6 7' is not a setting, nor a holding: '6 7': '6' is not a Preferans rank "
         "(7..A)"),
        ("7 7", "'7 7' is not a setting, nor a holding: '7 7' names the rank 7 twice"),
        ("QK", "'QK' is not a setting, nor a holding: 'QK': 'QK' is more than one rank"),
    ],
)  # fmt: skip
def test_a_key_that_is_neither_a_setting_nor_a_holding(text: str, message: str) -> None:
    with pytest.raises(TableError) as raised:
        parse_key(text)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(
    ("text", "value"),
    [("70", 70), ("82.5", 82.5), ("false", False), ('"sum"', "sum"), ("independent",
     "independent"), ("1\nthreshold = 5", "1\nthreshold = 5"), ("", "")],
)  # fmt: skip
def test_values_are_read_as_toml_else_as_text(text: str, value: object) -> None:
    assert parse_value(text) == value


def test_setting_a_holding_changes_that_line_only(mine: Path) -> None:
    edit = set_key(mine, "7 10", "45")
    after = mine.read_text(encoding="utf-8")
    assert changed_lines(MINE, after) == [
        '- "10 7" = 40      # my guess',
        '+ "10 7" = 45      # my guess',
    ]
    assert (edit.before, edit.after) == (
        InEffect((40, 40), str(mine)),
        InEffect((45, 45), str(mine)),
    )
    assert load_table(mine).entries["7 10"].own == 45


def test_a_new_holding_goes_at_the_end_of_holes_quoted(mine: Path) -> None:
    edit = set_key(mine, "Q 7", "82")
    assert mine.read_text(encoding="utf-8") == MINE + '"7 Q" = 82\n'
    assert (edit.before, edit.after) == (
        InEffect((95, 95), "built-in"),
        InEffect((82, 82), str(mine)),
    )
    assert not edit.created and not edit.removed


def test_own_and_their_keep_the_other_lead_of_the_file(mine: Path) -> None:
    set_key(mine, "8", own=2)
    assert changed_lines(MINE, mine.read_text(encoding="utf-8")) == [
        '- "8" = { own = 5, their = 25, source = "my games" }',
        '+ "8" = {own = 2, their = 25}',
    ]
    set_key(mine, "7 10", their=30.0, source="from a book")
    entry = load_table(mine).entries["7 10"]
    assert (entry.own, entry.their, entry.source) == (40, 30, "from a book")
    assert '"10 7" = {own = 40, their = 30, source = "from a book"}      # my guess' in (
        mine.read_text(encoding="utf-8")
    )


def test_one_lead_of_a_new_entry_takes_the_other_from_below(mine: Path) -> None:
    edit = set_key(mine, "9", their=60)
    assert edit.after == InEffect((15, 60), str(mine))
    assert '"9" = {own = 15, their = 60}' in mine.read_text(encoding="utf-8")
    with pytest.raises(
        TableError,
        match=r'"7 K": give its own percent too: the table has no single figure for it on your own',
    ):
        set_key(mine, "7 K", their=60)


@pytest.mark.parametrize(
    ("key", "given", "written", "after"),
    [
        # a narrower key than the entry that prices it: the lead not given keeps that figure
        ("7 8 Q", {"own": 5}, '"7 8 Q" = {own = 5, their = 20}', (5, 20)),
        ("Q 9 7", {"their": 33}, '"7 9 Q" = {own = 20, their = 33}', (20, 33)),
        # a wider key whose holdings the table prices alike: that one figure
        ("7 8 10|J A", {"own": 1}, '"7 8 10|J A" = {own = 1, their = 10}', (1, 10)),
    ],
)
def test_one_lead_of_a_new_key_keeps_the_figure_in_effect(
    mine: Path, key: str, given: dict[str, float], written: str, after: tuple[float, float]
) -> None:
    edit = set_key(mine, key, own=given.get("own"), their=given.get("their"))
    assert written in mine.read_text(encoding="utf-8").splitlines()
    assert edit.after.value == after


def test_the_figure_kept_is_the_files_own_where_it_has_one(mine: Path) -> None:
    set_key(mine, "7 9|8 Q", "30")
    edit = set_key(mine, "7 8 Q", own=5)
    assert edit.after == InEffect((5, 30), str(mine))


def test_one_lead_is_refused_where_the_table_has_no_one_figure(mine: Path) -> None:
    with pytest.raises(TableError) as raised:  # 7 8 Q: 20 %, 7 8 K: 70 %
        set_key(mine, "7 8 Q|K", own=5)
    assert str(raised.value) == (
        f'{mine}: [holes] "7 8 Q|K": give their percent too: the table has no single figure for '
        "it on their lead"
    )
    assert mine.read_text(encoding="utf-8") == MINE


def test_settings_and_rules(mine: Path) -> None:
    set_key(mine, "threshold", "70")
    set_key(mine, "combine", "independent")
    set_key(mine, "rules.lone_low_own_lead", "false")
    set_key(mine, "exact_threshold", "55.5")
    after = mine.read_text(encoding="utf-8")
    assert changed_lines(MINE, after) == [
        "- threshold = 75   # a bit careful",
        "+ threshold = 70   # a bit careful",
        '+ combine = "independent"',
        "+ exact_threshold = 55.5",
        "+ lone_low_own_lead = false",
    ]
    table = load_table(mine)
    assert (table.threshold, table.combine, table.exact_threshold) == (70, "independent", 55.5)
    assert not table.rule("lone_low_own_lead") and table.rule("no_seven")


def test_a_missing_file_starts_from_the_starter(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "table.toml"
    edit = set_key(path, "threshold", "70")
    assert edit.created
    assert changed_lines(starter_table_text(), path.read_text(encoding="utf-8")) == [
        "+ threshold = 70"
    ]


def test_unset_removes_every_spelling(mine: Path) -> None:
    with mine.open("a", encoding="utf-8") as out:
        out.write('"T 7" = 41\n')  # two spellings: a table refused, which unset mends
    edit = unset_key(mine, "7 10")
    assert edit.removed and (edit.before, edit.after) == (
        InEffect(None, None),
        InEffect((50, 50), "built-in"),
    )
    text = mine.read_text(encoding="utf-8")
    assert '"10 7"' not in text and '"T 7"' not in text and "# my own table" in text
    unset_key(mine, "rules.no_seven")
    assert "no_seven" not in mine.read_text(encoding="utf-8")


def _unchanged(path: Path, text: str, mtime: int) -> None:
    assert path.read_text(encoding="utf-8") == text
    assert os.stat(path).st_mtime_ns == mtime
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no temporary left


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("7 Q", "120", '[holes] "7 Q" = 120 is outside 0..100 percent'),
        ("7 Q", "-1", '[holes] "7 Q" = -1 is outside 0..100 percent'),
        ("7 Q", "lots", '[holes] "7 Q" = "lots" is not a number (percent, 0..100)'),
        ("7 Q", "true", '[holes] "7 Q" = true is not a number (percent, 0..100)'),
        ("threshold", "101", "threshold = 101 is outside 0..100 percent"),
        ("combine", "avg", 'combine = "avg" is not one of "sum", "independent", "max"'),
        ("rules.no_seven", "yes", '[rules] no_seven must be true or false, not "yes"'),
        ("max_holes", "2.5", "max_holes = 2.5 must be a whole number 0..4"),
        ("inherit", "maybe", "'inherit' must be true or false, not \"maybe\""),
    ],
)
def test_a_refused_value_leaves_the_file_untouched(
    mine: Path, key: str, value: str, message: str
) -> None:
    mtime = os.stat(mine).st_mtime_ns
    with pytest.raises(TableError) as raised:
        set_key(mine, key, value)
    assert str(raised.value) == f"{mine}: {message}"
    _unchanged(mine, MINE, mtime)


def test_a_file_that_is_not_toml_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("threshold = = 3\n", encoding="utf-8")
    mtime = os.stat(path).st_mtime_ns
    with pytest.raises(TableError, match=r"broken\.toml: TOML syntax error: Invalid value"):
        set_key(path, "threshold", "70")
    with pytest.raises(TableError, match="TOML syntax error"):
        unset_key(path, "threshold")
    _unchanged(path, "threshold = = 3\n", mtime)


def test_a_read_only_file_is_refused(mine: Path) -> None:
    mine.chmod(0o444)
    mtime = os.stat(mine).st_mtime_ns
    with pytest.raises(OutputError) as raised:
        set_key(mine, "threshold", "70")
    assert str(raised.value) == f"{mine}: cannot be written (the file is read-only)"
    _unchanged(mine, MINE, mtime)


def test_a_file_in_no_directory_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "plain"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(
        OutputError, match=r"plain/t\.toml: its folder cannot be made \(a part of it is a file\)$"
    ):
        set_key(blocker / "t.toml", "threshold", "70")
    assert blocker.read_text(encoding="utf-8") == ""


def test_a_directory_is_not_a_table_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="is a directory, not a table file"):
        set_key(tmp_path, "threshold", "70")


def test_what_set_and_unset_refuse(mine: Path) -> None:
    with pytest.raises(TableError, match='"7 Q": a holding takes a value, or its own and/or'):
        set_key(mine, "7 Q")
    with pytest.raises(TableError, match='"7 Q": a holding takes a value, or its own and/or'):
        set_key(mine, "7 Q", "40", own=30)
    with pytest.raises(TableError, match="threshold takes one value"):
        set_key(mine, "threshold", "70", own=5)
    with pytest.raises(TableError, match=r'"7 Q" is not set in this file \(nothing to remove\)'):
        unset_key(mine, "7 Q")
    with pytest.raises(TableError, match="no such table file"):
        unset_key(mine.parent / "missing.toml", "7 Q")
    assert mine.read_text(encoding="utf-8") == MINE


def test_the_file_to_edit(tmp_path: Path) -> None:
    config = tmp_path / "config"
    assert user_table_file("a.toml", {"ADVISOR_TABLE": "b.toml"}, config) == Path("a.toml")
    assert user_table_file(None, {"ADVISOR_TABLE": "b.toml"}, config) == Path("b.toml")
    assert user_table_file(None, {}, config) == config / "table.toml"  # even if missing
    for name in ("exact", "founding"):
        with pytest.raises(TableError, match=f"'{name}' is a built-in table, not a file"):
            user_table_file(name, {}, config)
        with pytest.raises(TableError, match="built-in table"):
            user_table_file(None, {"ADVISOR_TABLE": name}, config)


# --- edits at the same time, links, line endings -------------------------------------------------

EDITS = [("7 Q", "81"), ("7 J", "62"), ("8 9", "71"), ("threshold", "77"), ("7 10", "44"),
         ("unlisted", "90"), ("rules.no_seven", "false"), ("combine", "max")]  # fmt: skip


def _edit_at_once(path: Path, key: str, value: str, start: Any, done: Connection) -> None:
    start.wait()
    try:
        set_key(path, key, value)
        done.send("ok")
    except Exception as error:  # pragma: no cover - what the test reports
        done.send(f"{type(error).__name__}: {error}")


@pytest.mark.parametrize("exists", [True, False], ids=["file", "no file yet"])
def test_edits_at_the_same_time_are_all_kept(mine: Path, exists: bool) -> None:
    """Eight processes set eight keys at once: each one's edit is in the file."""
    if not exists:
        mine.unlink()
    context = multiprocessing.get_context("fork")
    start = context.Barrier(len(EDITS))
    pipes = [context.Pipe(duplex=False) for _ in EDITS]
    workers = [
        context.Process(target=_edit_at_once, args=(mine, key, value, start, sender))
        for (key, value), (_, sender) in zip(EDITS, pipes, strict=True)
    ]
    for worker in workers:
        worker.start()
    outcomes = [receiver.recv() for receiver, _ in pipes]
    for worker in workers:
        worker.join(timeout=60)
    assert outcomes == ["ok"] * len(EDITS)
    table = load_table(mine)
    assert [table.entries[k].own for k in ("7 Q", "7 J", "8 9", "7 10")] == [81, 62, 71, 44]
    assert (table.threshold, table.unlisted, table.combine) == (77, 90, "max")
    assert not table.rule("no_seven")
    assert sorted(p.name for p in mine.parent.iterdir()) == [mine.name]


def test_a_dangling_link_is_written_through(tmp_path: Path) -> None:
    """As table init and batch -o do: the link's target is made, the link stays."""
    link = tmp_path / "table.toml"
    link.symlink_to("real.toml")
    edit = set_key(link, "threshold", "70")
    assert edit.created and link.is_symlink() and os.readlink(link) == "real.toml"
    assert load_table(tmp_path / "real.toml").threshold == 70
    set_key(link, "7 Q", "82")
    assert link.is_symlink() and load_table(link).entries["7 Q"].own == 82
    with pytest.raises(TableError, match="no such table file"):
        unset_key(tmp_path / "to-nothing.toml", "threshold")
    (tmp_path / "to-nothing.toml").symlink_to("nothing.toml")
    with pytest.raises(TableError, match="no such table file"):
        unset_key(tmp_path / "to-nothing.toml", "threshold")


def test_a_dangling_link_into_a_missing_folder_gets_its_folder(tmp_path: Path) -> None:
    """A link to a file in a folder not there yet is written through as a plain name there
    would be: the folder is made (it was refused as a folder that cannot be locked)."""
    link = tmp_path / "table.toml"
    link.symlink_to("later/sub/real.toml")
    assert set_key(link, "threshold", "66").created
    assert link.is_symlink() and load_table(tmp_path / "later/sub/real.toml").threshold == 66
    another = tmp_path / "starter.toml"
    another.symlink_to("new/starter.toml")
    write_starter_table(another)
    assert another.is_symlink() and (tmp_path / "new/starter.toml").is_file()


def test_crlf_line_endings_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "windows.toml"
    path.write_bytes(MINE.replace("\n", "\r\n").encode("utf-8"))
    set_key(path, "7 Q", "82")
    set_key(path, "threshold", "70")
    set_key(path, "rules.lone_low_own_lead", "false")
    expected = (
        MINE.replace("threshold = 75", "threshold = 70").replace(
            "no_seven = true  # always\n", "no_seven = true  # always\nlone_low_own_lead = false\n"
        )
        + '"7 Q" = 82\n'
    )
    assert path.read_bytes() == expected.replace("\n", "\r\n").encode("utf-8")
    unset_key(path, "8")
    assert path.read_bytes().count(b"\r\n") == path.read_bytes().count(b"\n")
    assert b'"8"' not in path.read_bytes()


def test_a_refused_edit_of_a_new_file_leaves_no_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "table.toml"
    with pytest.raises(TableError, match=r"outside 0\.\.100 percent"):
        set_key(path, "threshold", "700")
    assert list(tmp_path.iterdir()) == []


def test_set_refuses_a_file_with_one_holding_twice(mine: Path) -> None:
    text = MINE + '"7 T" = 41\n'
    mine.write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as raised:
        set_key(mine, "7 10", "45")
    assert str(raised.value) == (f'{mine}: [holes] "10 7" and "7 T" are the same holding: keep one')
    assert mine.read_text(encoding="utf-8") == text


def test_the_owner_of_an_edited_file_is_kept(mine: Path) -> None:
    needs_root()
    os.chown(mine, 12345, 23456)
    set_key(mine, "threshold", "70")
    unset_key(mine, "threshold")
    assert (mine.stat().st_uid, mine.stat().st_gid) == (12345, 23456)
    write_starter_table(mine, force=True)
    assert (mine.stat().st_uid, mine.stat().st_gid) == (12345, 23456)


@pytest.fixture
def shared() -> Iterator[Path]:
    yield from shared_folder()


def test_a_read_only_folder_is_named_in_the_error(shared: Path) -> None:
    path = shared / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    os.chown(path, NOBODY, NOBODY)
    assert as_nobody(set_key, path, "threshold", "70") == (
        "OutputError",
        f"{path}: cannot be written (its folder {shared}: Permission denied)",
    )
    assert path.read_text(encoding="utf-8") == MINE
