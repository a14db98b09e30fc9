"""``advisor table set / unset / diff / compare / calibrate`` and the built-in table names,
through the command line, as transcripts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from solver_build import needs_solver

from advisor.cli import main
from advisor.table import exact_table, load_table
from advisor.table_edit import starter_table_text

EXAMPLES = Path(__file__).parent.parent / "examples"


def table(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, ["table", *args], input=input, env=env)


# --- set and unset -----------------------------------------------------------------------------


def test_set_and_unset_a_holding(tmp_path: Path) -> None:
    mine = tmp_path / "my.toml"
    result = table("set", "7 Q", "82", "--table", str(mine))
    assert (result.exit_code, result.output) == (0, (
        f"Created {mine} from the starter table\n"
        f'{mine}: "7 Q" 95 (built-in) → 82 ({mine})\n'
    ))  # fmt: skip
    result = table("set", "8", "--own", "1", "--their", "10.5", "--table", str(mine))
    assert result.output == f'{mine}: "8" own 5, their 30 (built-in) → own 1, their 10.5 ({mine})\n'
    result = table("unset", "q 7", "--table", str(mine))
    assert (result.exit_code, result.output) == (
        0,
        f'{mine}: removed "7 Q" 82 ({mine}) → 95 (built-in)\n',
    )
    assert (
        mine.read_text(encoding="utf-8") == starter_table_text() + '"8" = {own = 1, their = 10.5}\n'
    )


def test_set_settings_and_rules(tmp_path: Path) -> None:
    mine = tmp_path / "my.toml"
    mine.write_text("# mine\nthreshold = 80  # as the notes\n", encoding="utf-8")
    assert table("set", "threshold", "70", "--table", str(mine)).output == (
        f"{mine}: threshold 80 ({mine}) → 70 ({mine})\n"
    )
    assert table("set", "rules.no_seven", "false", "--table", str(mine)).output == (
        f"{mine}: rules.no_seven true (built-in) → false ({mine})\n"
    )
    assert table("set", "exact_threshold", "50", "--table", str(mine)).output == (
        f"{mine}: exact_threshold off (built-in) → 50 ({mine})\n"
    )
    assert mine.read_text(encoding="utf-8") == (
        "# mine\nthreshold = 70  # as the notes\nexact_threshold = 50\n"
        "\n[rules]\nno_seven = false\n"
    )


def test_set_edits_the_file_the_environment_or_the_config_directory_names(
    tmp_path: Path,
) -> None:
    env_file = tmp_path / "env.toml"
    result = table("set", "threshold", "70", env={"ADVISOR_TABLE": str(env_file)})
    assert result.exit_code == 0 and "threshold = 70\n" in env_file.read_text(encoding="utf-8")
    config = Path(click.get_app_dir("advisor")) / "table.toml"
    result = table("set", "max_holes", "1")
    assert result.output.startswith(f"Created {config} from the starter table\n")
    assert table("show", "--json").output.count('"origin": "' + str(config)) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["set", "treshold", "70"], "'treshold' is not a setting: the settings are inherit, "
         "threshold, max_holes, combine, unlisted, pass_score, exact_threshold, players, "
         "talon_card, allpass_penalty, allpass_progression, and rules.no_seven, "
         "rules.lone_low_own_lead, convention.preset, convention.ten, convention.both_fail, "
         'convention.whist_model (or give a holding, such as "7 10")'),
        (["set", "6 7", "40"], "'6 7' is not a setting, nor a holding: '6 7': '6' is not a "
         "Preferans rank (7..A)"),
        (["set", "7 Q", "120"], '{mine}: [holes] "7 Q" = 120 is outside 0..100 percent'),
        (["set", "7 Q", "--own", "-5"], '{mine}: [holes] "7 Q" own = -5 is outside 0..100 '
         "percent"),
        (["set", "7 Q", "half"], '{mine}: [holes] "7 Q" = "half" is not a number (percent, '
         "0..100)"),
        (["set", "threshold", "101"], "{mine}: threshold = 101 is outside 0..100 percent"),
        (["set", "7 Q"], '"7 Q": a holding takes a value, or its own and/or their percent'),
        (["set", "threshold"], "threshold takes one value (own, their and a source are for "
         "holdings)"),
        (["unset", "7 K"], '{mine}: "7 K" is not set in this file (nothing to remove)'),
    ],
)  # fmt: skip
def test_a_refused_edit_is_one_line_and_changes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    mine = tmp_path / "my.toml"
    mine.write_text('threshold = 75\n[holes]\n"7 Q" = 90  # mine\n', encoding="utf-8")
    before = mine.read_bytes(), os.stat(mine).st_mtime_ns
    result = table(*args, "--table", str(mine))
    assert result.exit_code == 2
    assert result.output.startswith("Error: " + message.format(mine=mine))
    assert result.output.count("\n") == 1
    assert (mine.read_bytes(), os.stat(mine).st_mtime_ns) == before
    assert [p.name for p in tmp_path.iterdir()] == ["my.toml"]


def test_a_file_that_is_not_toml_or_not_writable(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[holes\n", encoding="utf-8")
    result = table("set", "threshold", "70", "--table", str(broken))
    assert (result.exit_code, result.output) == (2, (
        f"Error: {broken}: TOML syntax error: Expected ']' at the end of a table declaration "
        "(at line 1, column 7)\n"
    ))  # fmt: skip
    locked = tmp_path / "locked.toml"
    locked.write_text("threshold = 75\n", encoding="utf-8")
    locked.chmod(0o444)
    result = table("set", "threshold", "70", "--table", str(locked))
    assert (result.exit_code, result.output) == (
        3, f"Error: {locked}: cannot be written (the file is read-only)\n"
    )  # fmt: skip
    assert locked.read_text(encoding="utf-8") == "threshold = 75\n"
    result = table("set", "threshold", "70", "--table", "exact")
    assert result.output == (
        "Error: 'exact' is a built-in table, not a file: name a file of your own to edit\n"
    )


# --- the built-in tables by name ---------------------------------------------------------------


def test_the_exact_table_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = table("show", "--table", "exact")
    assert shown.exit_code == 0
    assert shown.output.startswith("Table  exact (built-in: exact play's figures)\n")
    by_env = table("show", env={"ADVISOR_TABLE": "exact"})
    assert by_env.output == shown.output
    data = json.loads(table("show", "--table", "exact", "--json").output)
    assert data["files"] == ["exact"]
    assert data["holes"]["7 Q"]["own"] == exact_table().entries["7 Q"].own
    assert table("show", "--table", "founding").output == table("show").output
    monkeypatch.chdir(tmp_path)  # a file called exact is ./exact
    (tmp_path / "exact").write_text("threshold = 60\n", encoding="utf-8")
    mine = json.loads(table("show", "--table", "./exact", "--json").output)
    assert mine["settings"]["threshold"]["value"] == 60


def test_check_takes_a_table_by_name() -> None:
    hand = "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 J"  # 7 J: 80 % in the notes, about 61 % by exact play
    founding = CliRunner().invoke(main, ["check", hand, "--json"])
    exact = CliRunner().invoke(main, ["check", hand, "--json", "--table", "exact"])
    assert json.loads(founding.output)["combined"] == 80
    assert json.loads(exact.output)["combined"] == exact_table().entries["7 J"].their


# --- diff --------------------------------------------------------------------------------------


def test_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    mine = Path("my.toml")
    mine.write_text('threshold = 70\n[holes]\n"8" = { own = 1, their = 10 }\n', encoding="utf-8")
    result = table("diff", str(mine))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:2] == ["A  founding", f"B  {mine}"]
    assert lines[3].split() == ["threshold", "80", "built-in", "70", str(mine)]
    assert lines[5].split() == ["8", "5", "/", "30%", '"8"', "built-in", "1", "/", "10%", '"8"',
                                str(mine)]  # fmt: skip
    assert lines[-1] == "(percent for both leads, or own / their)"
    assert table("diff", "--table", str(mine)).output == result.output
    assert table("diff", "founding", str(mine)).output == result.output
    assert table("diff", str(mine), str(mine)).output == (
        f"A  {mine}\nB  {mine}\nNo setting and no holding differs.\n"
    )
    data = json.loads(table("diff", "exact", "founding", "--json").output)
    assert (data["a"], data["b"], data["same"]) == ("exact", "founding", False)


def test_diff_refuses_three_tables_and_bad_files(tmp_path: Path) -> None:
    result = table("diff", "a", "b", "c")
    assert result.exit_code == 2 and "diff takes at most two tables, not 3" in result.output
    result = table("diff", str(tmp_path / "missing.toml"))
    assert result.output == f"Error: {tmp_path / 'missing.toml'}: no such table file\n"


# --- compare -----------------------------------------------------------------------------------


def test_compare_lists_the_flips_and_counts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    hands = Path("hands.txt")
    hands.write_text(
        "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 J; id=sevenjack\n"  # 7 J: 80 %, so it declares...
        "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 10; id=seventen\n"
        "♠7 8 ♣7\n"
        "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥8; lead=me\n",
        encoding="utf-8",
    )
    mine = Path("my.toml")
    mine.write_text('[holes]\n"7 J" = 85\n', encoding="utf-8")  # ...but not at 85
    result = table("compare", str(hands), "--table", str(mine))
    assert result.exit_code == 2
    assert result.output == (
        "Table    my.toml\n"
        "Against  founding\n"
        "Lead     them (a catcher leads first), unless a line gives its own\n"
        " Line  Id        Hand                         Lead  my.toml        founding\n"
        "    1  sevenja…  ♠7 8 9 ♣7 8 9 ♦7 8 ♥7 J      them  pass 85%       declare 80%\n"
        "hands.txt:3: 3 cards given, a hand has 10\n"
        "Hands                     3\n"
        "  both declare            2\n"
        "  both pass               0\n"
        "  only my.toml declares   0\n"
        "  only founding declares  1\n"
        "Bad lines                 1\n"
    )


def test_compare_json_is_one_object(tmp_path: Path) -> None:
    result = table("compare", str(EXAMPLES / "tuning-hands.txt"), "--against", "exact", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["table"], data["against"], data["lead"], data["exact"]) == (
        "founding", "exact", "them", None
    )  # fmt: skip
    summary = data["summary"]
    assert summary["hands"] == 300 and summary["bad"] == 0
    assert summary["only_against_declares"] + summary["only_table_declares"] == len(data["flips"])
    assert summary["same"] + len(data["flips"]) == 300
    flip = data["flips"][0]
    assert set(flip) == {"file", "line", "id", "hand", "lead", "table", "against"}
    assert flip["table"]["verdict"] != flip["against"]["verdict"]


def test_compare_without_flips(tmp_path: Path) -> None:
    result = table("compare", str(EXAMPLES / "hands.csv"), "--json", "--against", "founding")
    data = json.loads(result.stdout)
    assert data["flips"] == [] and data["summary"]["bad"] == 1 and result.exit_code == 2
    text = table("compare", str(EXAMPLES / "hands.csv"), "--against", "founding")
    assert "No hand flips.\n" in text.output


def test_compare_options() -> None:
    hands = str(EXAMPLES / "hands.txt")
    assert "--jobs needs --exact" in table("compare", hands, "--jobs", "2").output
    assert "--samples needs --exact" in table("compare", hands, "--samples", "231").output
    assert table("compare").exit_code == 2
    result = table("compare", hands, "--against", "missing.toml")
    assert result.output == "Error: missing.toml: no such table file\n"


@needs_solver
def test_compare_with_exact_play(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("♠K ♣7 8 9 ♦7 8 J ♥7 8 J\n♠7 8 9 ♣7 8 9 ♦7 8 ♥7 10; lead=me\n",
                     encoding="utf-8")  # fmt: skip
    args = ("compare", str(hands), "--exact", "--samples", "231", "--against", "exact")
    result = table(*args, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["exact"] == {"samples": 231, "seed": 0, "discard": "exact", "pass_score": 0}
    exact = data["summary"]["exact"]
    assert set(exact) == {"table", "against", "exact"}
    assert exact["exact"]["agree"] == 2
    text = table(*args, "--jobs", "2").output
    assert "Exact play  231 deals a seat, exact discards, seed 0; passing scores 0\n" in text
    assert "Following" in text and "exact play" in text


# --- calibrate ---------------------------------------------------------------------------------


@needs_solver
def test_calibrate_a_few_holdings(tmp_path: Path) -> None:
    result = table("calibrate", "--holding", "7 8|9 A", "--holding", "K", "--samples", "300")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Table   founding"
    assert lines[1] == "Exact   300 random deals a holding (seed 0), ± half the 95% interval"
    assert (
        lines[2] == "Caught  through the holding: M's first trick forced into its suit (per suit)"
    )
    assert lines[3].split() == ["Holding", "Own:", "table", "exact", "Their:", "table", "exact",
                                "Table's", "value"]  # fmt: skip
    assert [line.split()[0] for line in lines[4:7]] == ["7", "7", "K"]
    assert lines[6].split()[1:2] == ["100%"] and lines[6].endswith("not in the table")
    data = json.loads(table("calibrate", "--holding", "K", "--samples", "300", "--json").output)
    assert data["table"] == "founding" and data["holdings"][0]["holding"] == "K"
    assert data["figure"] == "suit"
    assert set(data["holdings"][0]) == {"holding", "entry", "own", "their"}


@needs_solver
def test_calibrate_writes_a_table_file(tmp_path: Path) -> None:
    out = tmp_path / "calibrated.toml"
    result = table("calibrate", "--holding", "7 J", "--samples", "200", "-o", str(out))
    assert result.exit_code == 0 and result.output.endswith(f"wrote {out}\n")
    text = out.read_text(encoding="utf-8")
    made_by = (
        "#   advisor table calibrate --samples 200 --seed 0 --table founding --holding '7 J'\n"
    )
    assert made_by in text and "# The holdings asked for " in text
    assert table("check", str(out)).exit_code == 0
    shown = json.loads(table("show", "--table", str(out), "--json").output)
    founding = json.loads(table("show", "--json").output)
    assert list(shown["holes"]) == list(founding["holes"])  # the whole table, 7 J priced anew
    assert shown["holes"]["7 J"]["source"].startswith("exact play in clean low hands")
    assert {key: shown["holes"][key]["own"] for key in founding["holes"] if key != "7 J"} == {
        key: entry["own"] for key, entry in founding["holes"].items() if key != "7 J"
    }


@needs_solver
def test_calibrate_writes_the_tables_convention(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text('[convention]\npreset = "leningrad"\nboth_fail = "shared"\n', "utf-8")
    out = tmp_path / "calibrated.toml"
    args = ("calibrate", "--holding", "9", "--samples", "50", "--table", str(mine), "-o", str(out))
    assert table(*args).exit_code == 0
    shown = json.loads(table("show", "--table", str(out), "--json").output)
    expected = json.loads(table("show", "--table", str(mine), "--json").output)
    assert {k: v["value"] for k, v in shown["convention"].items()} == {
        k: v["value"] for k, v in expected["convention"].items()
    }
    assert shown["convention"]["preset"]["value"] == "leningrad"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--all", "--samples", "10"], "--samples and --all exclude each other"),
        (["--lead", "me", "-o", "x.toml"], "--output writes both leads: leave out --lead"),
        (["--holding", "6 7"], "Error: '6 7': '6' is not a Preferans rank (7..A)"),
        (["--samples", "0"], "Invalid value for '--samples'"),
    ],
)
def test_calibrate_refuses(args: list[str], message: str, tmp_path: Path) -> None:
    result = table("calibrate", *args)
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "x.toml").exists()


# --- edits at the same time, and the config directory ------------------------------------------

_SCRIPT = Path(sys.executable).with_name("advisor")
ADVISOR = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "advisor"]


def test_edits_run_at_the_same_time_each_say_what_is_in_the_file(tmp_path: Path) -> None:
    """Six `table set` processes started together on one file: every one exits 0, and every
    edit one of them reports is in the file afterwards."""
    mine = tmp_path / "my.toml"
    mine.write_text("# mine\n", encoding="utf-8")
    edits = [("7 Q", "81"), ("7 J", "62"), ("8 9", "71"), ("7 10", "44"), ("8", "3"), ("9", "9")]
    runs = [
        subprocess.Popen(
            [*ADVISOR, "table", "set", key, value, "--table", str(mine)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for key, value in edits
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0] * len(edits), outputs
    table = load_table(mine)
    for (key, value), (out, err) in zip(edits, outputs, strict=True):
        assert out.endswith(f"→ {value} ({mine})\n") and err == ""
        assert table.entries[key].own == int(value), key
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my.toml"]


@pytest.mark.parametrize("value", ["", "relative/config", "."])
def test_an_empty_or_relative_xdg_config_home_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """The XDG rule: $HOME/.config instead, so two folders see the same table."""
    home_config = tmp_path / "home" / ".config" / "advisor"
    home_config.mkdir(parents=True)
    (home_config / "table.toml").write_text("threshold = 61\n", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", value)
    seen = []
    for folder in ("one", "two"):
        here = tmp_path / folder
        (here / value / "advisor").mkdir(parents=True, exist_ok=True)  # what click would read
        (here / value / "advisor" / "table.toml").write_text(f"threshold = {len(folder) + 9}\n")
        monkeypatch.chdir(here)
        shown = json.loads(table("show", "--json").output)
        seen.append(shown["settings"]["threshold"])
    assert seen == [
        {"value": 61, "origin": str(home_config / "table.toml")},
        {"value": 61, "origin": str(home_config / "table.toml")},
    ]
    result = table("set", "threshold", "62")
    assert result.output == (
        f"{home_config / 'table.toml'}: threshold 61 ({home_config / 'table.toml'}) → 62 "
        f"({home_config / 'table.toml'})\n"
    )
    (home_config / "table.toml").unlink()
    assert table("init").output == f"wrote {home_config / 'table.toml'}\n"


def test_an_absolute_xdg_config_home_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert table("init").output == f"wrote {tmp_path / 'xdg' / 'advisor' / 'table.toml'}\n"


def test_one_lead_of_a_narrower_key_keeps_the_built_in_figure(tmp_path: Path) -> None:
    """As the README says: "7 8 Q" is priced by "7 8|9 Q" (20 %), which their lead keeps."""
    mine = tmp_path / "my.toml"
    result = table("set", "7 8 Q", "--own", "5", "--table", str(mine))
    assert (result.exit_code, result.output) == (0, (
        f"Created {mine} from the starter table\n"
        f'{mine}: "7 8 Q" no entry → own 5, their 20 ({mine})\n'
    ))  # fmt: skip


def test_table_check_refuses_one_holding_spelled_twice(tmp_path: Path) -> None:
    mine = tmp_path / "my.toml"
    mine.write_text('[holes]\n"7 10" = 40\n"10 7" = 30\n', encoding="utf-8")
    message = f'Error: {mine}: [holes] "7 10" and "10 7" are the same holding: keep one\n'
    for args in (["check", str(mine)], ["show", "--table", str(mine)]):
        assert (table(*args).exit_code, table(*args).output) == (2, message)
    result = CliRunner().invoke(main, ["check", "♠7 8 9 ♣7 8 9 ♦7 8 9 ♥7", "--table", str(mine)])
    assert (result.exit_code, result.output) == (2, message)
    result = table("set", "7 10", "45", "--table", str(mine))
    assert (result.exit_code, result.output) == (2, message)
    result = table("unset", "7 10", "--table", str(mine))  # unset mends it: every spelling goes
    assert result.exit_code == 0 and table("check", str(mine)).exit_code == 0


def test_every_writer_writes_through_a_dangling_link(tmp_path: Path) -> None:
    """set, init and batch -o alike: the link's target is made, the link stays."""
    for name, args in [
        ("set", ["table", "set", "threshold", "70", "--table"]),
        ("init", ["table", "init"]),
        ("batch", ["batch", str(EXAMPLES / "hands.txt"), "--quiet", "-o"]),
    ]:
        link = tmp_path / f"{name}-link"
        link.symlink_to(f"{name}-target")
        result = CliRunner().invoke(main, [*args, str(link)])
        assert result.exit_code in (0, 2), (name, result.output)  # batch: the file's bad line
        assert link.is_symlink() and (tmp_path / f"{name}-target").is_file(), name


def test_a_crlf_table_keeps_crlf(tmp_path: Path) -> None:
    mine = tmp_path / "my.toml"
    mine.write_bytes(b'threshold = 75\r\n\r\n[holes]\r\n"7 10" = 40\r\n')
    assert table("set", "7 Q", "82", "--table", str(mine)).exit_code == 0
    assert table("unset", "threshold", "--table", str(mine)).exit_code == 0
    assert mine.read_bytes() == b'\r\n[holes]\r\n"7 10" = 40\r\n"7 Q" = 82\r\n'
