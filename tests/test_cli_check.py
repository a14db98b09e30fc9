"""``advisor check`` and ``advisor table`` through the command line, as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from advisor.cli import main

CLEAN = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
TWO_HOLES = "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J"


def test_check_clean_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", CLEAN])
    assert result.exit_code == 0
    assert result.output == (
        "Hand  ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9\n"
        "Lead  them (a catcher leads first)\n"
        "\n"
        "Suit  Holding  Status  Matched       %\n"
        "♠     7 8 10   clean   clean        0%\n"
        "♣     7 9 J    clean   clean        0%\n"
        "♦     7 8      clean   clean        0%\n"
        '♥     7 9      safe    table "7 9"  0%\n'
        "\n"
        "✓  No seven         every suit held has its 7\n"
        "✓  At most 2 holes  0 holes, at most 2\n"
        "✓  Combined chance  caught in 0% (sum) ≤ 80%\n"
        "✓  Clean misère     no holes: a clean misère\n"
        "Verdict: DECLARE — a clean misère\n"
        "Add --talon (-t) for the odds after the talon and the outs of each hole.\n"
    )


def test_check_pass_names_the_broken_rule(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", TWO_HOLES, "--lead", "me"])
    assert result.exit_code == 1
    assert "Lead  me (the misère player leads first)\n" in result.output
    assert '♠     7 10     hole    table "7 10"  50%\n' in result.output
    assert "✗  Combined chance  caught in 130% (sum) > 80%\n" in result.output
    assert result.output.endswith(
        "Verdict: PASS — 2 holes, caught in 130% (limit 80%); broken: combined chance\n"
        "Add --talon (-t) for the odds after the talon and the outs of each hole.\n"
    )


def test_hand_as_several_arguments(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", *CLEAN.split(), "--json"])
    assert json.loads(result.output)["hand"] == "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9"


def test_check_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["verdict"] == "declare" and data["lead"] == "them"
    assert data["holes"] == 1 and data["combined"] == 50 and data["threshold"] == 80
    assert data["suits"][0] == {"suit": "♠", "holding": "7 10", "status": "hole",
                                "percent": 50, "source": 'table "7 10"'}  # fmt: skip
    assert {"hand", "lead", "suits", "holes", "combined", "threshold", "rules", "verdict"} <= set(
        data
    )


@pytest.mark.parametrize(("hand", "lead", "code"), [
    (CLEAN, "them", 0), (TWO_HOLES, "me", 1), ("♠8 ♣7 8 9 ♦7 8 9 ♥7 8 9", "me", 0),
    ("♠8 ♣7 8 9 ♦7 8 9 ♥7 8 9", "them", 1), ("♠8 ♣7 8 9 ♦7 8 9 ♥7 8 9", "ME", 0),
])  # fmt: skip
def test_quiet_exit_codes(runner: CliRunner, hand: str, lead: str, code: int) -> None:
    result = runner.invoke(main, ["check", "-q", hand, "--lead", lead])
    assert result.exit_code == code
    assert result.output == ""


@pytest.mark.parametrize(("args", "message"), [
    (["check", "6S 7S 8S 9S 10S JS QS KS AS 7C"],
     "Error: '6S' is not a Preferans card: the deck runs 7..A\n"),
    (["check", "7S 8S"], "Error: 2 cards given, a hand has 10\n"),
    (["check", "7S 7S 10S 7C 9C JC 7D 8D 7H 9H"], "Error: 7♠ is given twice ('7S')\n"),
    (["check", CLEAN, "--table", "no-such.toml"], "Error: no-such.toml: no such table file\n"),
])  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert result.output == message
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_bad_lead_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", CLEAN, "--lead", "left"])
    assert result.exit_code == 2
    assert "Invalid value for '--lead'" in result.output


def test_table_file_changes_the_verdict(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('[holes]\n"7 J" = 81\n')
    hand = "♠7 J ♣7 8 9 ♦7 8 9 ♥7 8"
    assert runner.invoke(main, ["check", "-q", hand]).exit_code == 0
    assert runner.invoke(main, ["check", "-q", hand, "--table", str(table)]).exit_code == 1


def test_table_precedence_through_the_cli(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = "♠7 J ♣7 8 9 ♦7 8 9 ♥7 8"
    config = Path(click.get_app_dir("advisor"))
    config.mkdir(parents=True)
    (config / "table.toml").write_text("threshold = 70\n")
    assert runner.invoke(main, ["check", "-q", hand]).exit_code == 1  # config: 80 > 70
    env_table = tmp_path / "env.toml"
    env_table.write_text("threshold = 90\n")
    monkeypatch.setenv("ADVISOR_TABLE", str(env_table))
    assert runner.invoke(main, ["check", "-q", hand]).exit_code == 0  # env wins: 80 <= 90
    option_table = tmp_path / "option.toml"
    option_table.write_text("threshold = 75\n")
    result = runner.invoke(main, ["check", "-q", hand, "--table", str(option_table)])
    assert result.exit_code == 1  # the option wins over both


def test_table_show(runner: CliRunner) -> None:
    result = runner.invoke(main, ["table", "show"])
    assert result.exit_code == 0
    assert "User file  none (built-in table only)\n" in result.output
    assert "7 10          50%    50%  built-in  notes: 7, 10 — caught in 50% of cases" in (
        result.output
    )


def test_table_show_json_and_origin(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('threshold = 70\n[holes]\n"10 7" = 40\n')
    result = runner.invoke(main, ["table", "show", "--json", "--table", str(table)])
    data = json.loads(result.output)
    assert data["settings"]["threshold"] == {"value": 70, "origin": str(table)}
    assert data["settings"]["max_holes"] == {"value": 2, "origin": "built-in"}
    assert data["holes"]["7 10"]["own"] == 40 and data["holes"]["7 10"]["origin"] == str(table)


def test_table_init_and_check(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    result = runner.invoke(main, ["table", "init", str(target)])
    assert result.exit_code == 0 and result.output == f"wrote {target}\n"
    result = runner.invoke(main, ["table", "init", str(target)])
    assert result.exit_code == 2
    assert result.output == f"Error: {target}: already exists (use --force to overwrite it)\n"
    assert runner.invoke(main, ["table", "init", str(target), "--force"]).exit_code == 0
    result = runner.invoke(main, ["table", "check", str(target)])
    assert result.output == f"{target}: ok (0 hole entries, 0 settings; 11 entries in effect)\n"


def test_table_init_defaults_to_the_config_directory(runner: CliRunner) -> None:
    result = runner.invoke(main, ["table", "init"])
    assert result.exit_code == 0
    assert (Path(click.get_app_dir("advisor")) / "table.toml").is_file()


def test_table_check_refuses_a_broken_file(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[holes]\n"7 10" = 140\n')
    result = runner.invoke(main, ["table", "check", str(bad)])
    assert result.exit_code == 2
    assert result.output == f'Error: {bad}: [holes] "7 10" = 140 is outside 0..100 percent\n'


def test_python_dash_m_runs(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "advisor", "check", "-q", CLEAN],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0 and done.stdout == ""


def test_output_fits_80_columns(runner: CliRunner) -> None:
    hand = "♠8 10 ♣7 8 9 A ♦9 J ♥8 9"  # compared entry, no seven in three suits
    result = runner.invoke(main, ["check", hand], env={"COLUMNS": "80"})
    assert result.exit_code == 1
    assert 'at most "7 8 10 A" (table "7 8|9 10|J A")' in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_a_note_wrapped_on_a_narrow_terminal_ends_no_line_with_a_space(runner: CliRunner) -> None:
    """The dim hint under a report is wrapped by the advisor, not by Rich (whose wrapping
    leaves a space at the end of each broken line)."""
    result = runner.invoke(main, ["check", "--lead", "me", CLEAN], env={"COLUMNS": "40"})
    lines = result.stdout.splitlines()
    hint = lines[[line.startswith("Add --talon") for line in lines].index(True) :]
    assert (
        len(hint) > 1
        and " ".join(hint)
        == "Add --talon (-t) for the odds after the talon and the outs of each hole."
    )
    assert not [line for line in hint if line.endswith(" ")]


@pytest.mark.parametrize(("env", "coloured"), [
    ({"FORCE_COLOR": "1", "NO_COLOR": ""}, True),
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
    ({"FORCE_COLOR": "", "NO_COLOR": ""}, False),  # piped: plain text
])  # fmt: skip
def test_colour_follows_the_terminal_and_no_color(
    env: dict[str, str], coloured: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess
    import sys

    for name, value in env.items():
        if value:
            monkeypatch.setenv(name, value)
        else:
            monkeypatch.delenv(name, raising=False)
    done = subprocess.run([sys.executable, "-m", "advisor", "check", TWO_HOLES],
                          capture_output=True, text=True)  # fmt: skip
    assert ("\x1b[31" in done.stdout or "\x1b[1;31" in done.stdout) is coloured
    assert "Verdict: PASS" in done.stdout


def test_table_init_and_check_show_a_file_name_escaped(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    name = "a\x1b[31mb.toml"
    written = runner.invoke(main, ["table", "init", name])
    checked = runner.invoke(main, ["table", "check", name])
    assert written.exit_code == checked.exit_code == 0
    assert written.output == "wrote a\\x1b[31mb.toml\n"
    assert checked.output.startswith("a\\x1b[31mb.toml: ok (")
    assert "\x1b" not in written.output + checked.output
