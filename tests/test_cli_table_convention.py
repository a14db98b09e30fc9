"""The scoring convention in the table file: ``[convention]`` read, shown, set and checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_show_json_gives_each_setting_and_its_origin(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('[convention]\npreset = "leningrad"\nboth_fail = "shared"\n')
    data = json.loads(
        runner.invoke(main, ["table", "show", "--table", str(table), "--json"]).output
    )
    assert data["convention"] == {
        "preset": {"value": "leningrad", "origin": str(table)},
        "ten": {"value": "whisted", "origin": str(table)},
        "both_fail": {"value": "shared", "origin": str(table)},
        "whist_model": {"value": "folk", "origin": str(table)},
    }


def test_show_text_lists_the_convention(runner: CliRunner) -> None:
    result = runner.invoke(main, ["table", "show"])
    assert result.exit_code == 0
    assert "convention.preset        sochi    built-in\n" in result.output
    assert "convention.whist_model   folk     built-in\n" in result.output


def test_set_and_unset(runner: CliRunner, tmp_path: Path) -> None:
    table = str(tmp_path / "t.toml")
    result = runner.invoke(main, ["table", "set", "convention.preset", "rostov", "--table", table])
    assert result.exit_code == 0
    assert result.output == (
        f"Created {table} from the starter table\n"
        f"{table}: convention.preset sochi (built-in) → rostov ({table})\n"
    )
    assert '\npreset = "rostov"\n' in Path(table).read_text()
    result = runner.invoke(main, ["table", "check", table])
    assert result.output == f"{table}: ok (0 hole entries, 1 setting; 11 entries in effect)\n"
    result = runner.invoke(main, ["table", "unset", "convention.preset", "--table", table])
    assert (
        result.output == f"{table}: removed convention.preset rostov ({table}) → sochi (built-in)\n"
    )


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["set", "convention.ten", "open"],
         '{table}: [convention] ten = "open" is not one of "checked", "whisted"'),
        (["set", "convention.players", "4"],
         "'convention.players' is not a setting of the convention: they are convention.preset, "
         "convention.ten, convention.both_fail, convention.whist_model"),
        (["set", "convention.whist_model", "7"],
         '{table}: [convention] whist_model = 7 is not one of "folk", "both"'),
    ],
)  # fmt: skip
def test_bad_edits_exit_2(runner: CliRunner, tmp_path: Path, args: list[str], error: str) -> None:
    table = str(tmp_path / "t.toml")
    result = runner.invoke(main, ["table", *args, "--table", table])
    assert result.exit_code == 2
    assert result.output == "Error: " + error.format(table=table) + "\n"
    assert not Path(table).exists()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("[convention]\nplayers = 4\n",
         "[convention] players = 4: the number of players is the table's own setting: write "
         "players = 4 above the sections"),
        ("[convention]\nplayers = 1e400\n",
         "[convention] players = inf: the number of players is the table's own setting, 3 or "
         "4, written above the sections"),
        ("[convention]\nplayers = 3.0\n",
         "[convention] players = 3.0: the number of players is the table's own setting, 3 or "
         "4, written above the sections"),
        ('[convention]\npreset = "moscow"\n',
         '[convention] preset = "moscow" is not one of "sochi", "leningrad", "rostov"'),
        ("[convention]\nprice = 2\n",
         "[convention] unknown setting 'price' (known: preset, ten, both_fail, whist_model)"),
        ("convention = 3\n", "'convention' must be a table ([convention]), not 3"),
    ],
)  # fmt: skip
def test_check_names_the_file_key_and_value(
    runner: CliRunner, tmp_path: Path, text: str, error: str
) -> None:
    table = tmp_path / "t.toml"
    table.write_text(text)
    result = runner.invoke(main, ["table", "check", str(table)])
    assert result.exit_code == 2
    assert result.output == f"Error: {table}: {error}\n"


def test_starter_table_is_usable_and_names_the_convention(
    runner: CliRunner, tmp_path: Path
) -> None:
    table = tmp_path / "t.toml"
    assert runner.invoke(main, ["table", "init", str(table)]).exit_code == 0
    assert "\n[convention]\n" in table.read_text()
    assert runner.invoke(main, ["table", "check", str(table)]).exit_code == 0
