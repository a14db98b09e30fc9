"""``advisor solve --contract``: a game contract through the command line, as transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import needs_solver

from advisor.cli import main
from advisor.contract import Contract
from advisor.convention import Convention, Preset
from advisor.points import Whist, declarer_points

HAND = "AS KS 10S 9S 8S AC QC 9D AH 7H"
LAYOUT = (
    "M: AS KS 10S 9S 8S AC QC 9D AH 7H L: 7S JS KC 10C 8C 7D 8D 10D 8H 9H "
    "R: QS 7C 9C JC JD QD KD AD 10H JH"
)
SAMPLED = [HAND, "--discards", "7D 8D", "--contract", "7S", "--lead", "left"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@needs_solver
def test_one_layout_text(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["solve", "--layout", LAYOUT, "--contract", "7S", "--lead", "left"]
    )
    assert result.exit_code == 0
    assert (
        result.output
        == """\
L                       R
♠ 7 J                   ♠ Q
♣ 8 10 K                ♣ 7 9 J
♦ 7 8 10                ♦ J Q K A
♥ 8 9                   ♥ 10 J
            M
            ♠ 8 9 10 K A
            ♣ Q A
            ♦ 9
            ♥ 7 A

Contract    7♠
Lead        left (L, the left defender, leads the first trick)
Convention  Sochi, 3 players; whist model folk (each defender whists when his
            own hand reaches the folk threshold)
M takes 7 tricks: 7♠ made.
The defence: R whists alone; M scores +2.20 points.

 #  Lead       M     L     R     Won by
 1  L leads    K♠    7♠    Q♠    M
 2  M leads    A♠    J♠    7♣    M
 3  M leads    8♠    8♣    9♣    M
 4  M leads    9♠    7♦    J♣    M
 5  M leads    10♠   8♦    J♦    M
 6  M leads    A♣    10♣   Q♦    M
 7  M leads    Q♣    K♣    K♦    L
 8  L leads    9♦    10♦   A♦    R
 9  R leads    7♥    8♥    10♥   R
10  R leads    A♥    9♥    J♥    M
"""
    )


@needs_solver
def test_one_layout_json_no_trump_down(runner: CliRunner) -> None:
    args = ["solve", "--layout", LAYOUT, "--contract", "7 бк", "--lead", "left", "--json"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["contract"], data["tricks"], data["made"]) == ("7NT", 6, False)
    assert (data["whist_model"], data["whist"]) == ("folk", "right")
    assert data["points"] == -7.6  # game-rules.md: a seven down one, both whisting, is -7.6
    assert len(data["line"]) == 10
    assert sum(trick["winner"] == "M" for trick in data["line"]) == 6


@needs_solver
def test_one_layout_json_spells_the_contract_as_every_command_does(runner: CliRunner) -> None:
    args = ["solve", "--layout", LAYOUT, "--contract", "6♥", "--lead", "left", "--json"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    assert json.loads(result.output)["contract"] == "6H"


@needs_solver
def test_sample_text(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", *SAMPLED, "--samples", "500", "--seed", "4"])
    assert result.exit_code == 0
    assert (
        result.output
        == """\
Hand        ♠8 9 10 K A ♣Q A ♦9 ♥7 A
Discards    ♦7 8
Lead        left (L, the left defender, leads the first trick)
Contract    7♠
Convention  Sochi, 3 players; whist model folk (each defender whists when his
            own hand reaches the folk threshold)
Layouts     500 random splits (seed 4)

Makes 7♠ in 429 of 500 layouts: 85.80% (95% interval 82.47–88.59%)

M's tricks   Layouts    Share
         6        71    14.2%
         7       414    82.8%
         8        15     3.0%

Level   Made in
7♠       85.80%
8♠        3.00%
9♠        0.00%
10♠       0.00%

Defence         both whist 66.4%, L whists alone 16.4%, R whists alone 17.2%
Mean tricks     6.888
Expected score  +0.83 points (95% interval +0.53 to +1.13)
"""
    )


@needs_solver
def test_sample_json_figures_agree(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve", *SAMPLED, "--samples", "800", "--seed", "9", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    histogram = data["histogram"]
    assert len(histogram) == 11 and sum(histogram) == data["layouts"] == 800
    assert (data["contract"], data["exact"], data["seed"]) == ("7S", False, 9)  # as declare's
    assert data["p_make"] == sum(histogram[7:]) / 800
    assert [level["level"] for level in data["levels"]] == [7, 8, 9, 10]
    assert [level["p_make"] for level in data["levels"]] == [
        sum(histogram[n:]) / 800 for n in range(7, 11)
    ]
    low, high = data["interval"]
    assert low < data["p_make"] < high
    assert sum(data["defence"].values()) == 800
    assert data["whist_model"] == "folk" and data["convention"]["preset"] == "sochi"
    assert data["expected_tricks"] == sum(t * n for t, n in enumerate(histogram)) / 800


@needs_solver
def test_both_whist_model_scores_the_histogram(runner: CliRunner, tmp_path: Path) -> None:
    """With both defenders always whisting, the expected score is the histogram priced by
    points.py's table for the contract."""
    table = tmp_path / "t.toml"
    table.write_text('[convention]\npreset = "leningrad"\nwhist_model = "both"\n')
    args = [*SAMPLED, "--samples", "300", "--table", str(table), "--json"]
    data = json.loads(runner.invoke(main, ["solve", *args]).output)
    assert data["defence"] == {"both": 300, "left": 0, "right": 0, "half": 0, "pass": 0}
    convention = Convention.of(Preset.LENINGRAD, whist_model="both")
    prices = declarer_points(Contract.parse("7S"), Whist.BOTH, convention)
    expected = sum(prices[t] * n for t, n in enumerate(data["histogram"])) / 300
    assert data["expected_score"] == pytest.approx(expected, abs=1e-12)
    assert data["convention"] == {
        "preset": "leningrad", "ten": "whisted", "both_fail": "second", "players": 3,
        "whist_model": "both",
    }  # fmt: skip


@needs_solver
def test_convention_option_overrides_the_table(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('players = 4\n[convention]\npreset = "leningrad"\n')
    args = [*SAMPLED, "--samples", "40", "--table", str(table), "--json"]
    on_table = json.loads(runner.invoke(main, ["solve", *args]).output)
    rostov = json.loads(runner.invoke(main, ["solve", *args, "--convention", "rostov"]).output)
    assert on_table["convention"]["preset"] == "leningrad"
    assert rostov["convention"] == {
        "preset": "rostov", "ten": "checked", "both_fail": "second", "players": 4,
        "whist_model": "folk",
    }  # fmt: skip
    assert on_table["histogram"] == rostov["histogram"]
    assert on_table["expected_score"] != rostov["expected_score"]


@needs_solver
@pytest.mark.parametrize("command", ["solve", "declare"])
def test_convention_option_keeps_the_tables_whist_model(
    runner: CliRunner, tmp_path: Path, command: str
) -> None:
    """No preset sets the whist model: ``--convention`` takes the preset's scoring settings and
    keeps the table's ``whist_model`` (it silently went back to folk)."""
    table = tmp_path / "t.toml"
    table.write_text('[convention]\npreset = "sochi"\nwhist_model = "both"\nten = "whisted"\n')
    args = ([*SAMPLED, "--samples", "40"] if command == "solve"
            else ["AS KS QS JS AC KC QC AD KD 7H 8H 9H", "--samples", "40"])  # fmt: skip
    given = [command, *args, "--table", str(table), "--convention", "sochi", "--json"]
    found = json.loads(runner.invoke(main, given).output)
    assert found["convention"] == {
        "preset": "sochi", "ten": "checked", "both_fail": "second", "players": 3,
        "whist_model": "both",
    }  # fmt: skip


@needs_solver
def test_jobs_give_the_same_answer(runner: CliRunner) -> None:
    args = ["solve", *SAMPLED, "--samples", "3000", "--seed", "2", "--json"]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    two = runner.invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output


@needs_solver
def test_every_layout_of_a_sure_hand(runner: CliRunner) -> None:
    args = ["solve", "AS KS QS JS 10S AC KC AD KD AH", "--discards", "7H 8H", "--contract",
            "10S", "--lead", "me", "--json"]  # fmt: skip
    data = json.loads(runner.invoke(main, args).output)
    assert data["exact"] is True and data["layouts"] == 184_756
    assert data["histogram"] == [0] * 10 + [184_756]
    assert data["p_make"] == 1.0 and data["interval"] == [1.0, 1.0]
    assert data["expected_score"] == pytest.approx(10.0)  # game-rules.md: a ten made is +10.0
    assert "seed" not in data and "score_interval" not in data


@needs_solver
def test_misere_stays_the_default(runner: CliRunner) -> None:
    args = ["solve", "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H", "--discards", "AD AH", "--lead", "me",
            "--samples", "300"]  # fmt: skip
    plain = runner.invoke(main, args)
    named = runner.invoke(main, [*args, "--contract", "мизер"])
    assert plain.exit_code == named.exit_code == 0
    assert plain.output == named.output


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--layout", LAYOUT, "--contract", "11S", "--lead", "me"],
         "Error: --contract: '11S': a contract is six to ten tricks, not 11"),
        (["--layout", LAYOUT, "--contract", "6X", "--lead", "me"],
         "Error: --contract: '6X': 'X' is not a strain (S C D H NT, ♠ ♣ ♦ ♥, п т б ч бк)"),
        (["--layout", LAYOUT, "--contract", "pass", "--lead", "me"],
         "Error: --contract pass: a game contract (6♠ … 10NT) or misère is needed here"),
        ([HAND, "--discards", "7D 8D", "--lead", "me", "--convention", "rostov"],
         "Error: --convention and --table score a game: give a game --contract (6S … 10NT)"),
        ([HAND, "--discards", "7D 8D", "--lead", "me", "--contract", "misere", "--convention",
          "rostov"],  # a --contract was given: misère's
         "Error: --convention and --table score a game: give a game --contract (6S … 10NT)"),
        ([HAND, "--discards", "7D AS", "--contract", "7S", "--lead", "me"],
         "Error: the discards ♠A are in the hand"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_error_line(
    runner: CliRunner, args: list[str], error: str
) -> None:
    result = runner.invoke(main, ["solve", *args])
    assert result.exit_code == 2
    assert result.output.endswith(error + "\n")
    assert "Traceback" not in result.output


def test_bad_convention_in_the_table(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('[convention]\nten = "open"\n')
    result = runner.invoke(main, ["solve", "--layout", LAYOUT, "--contract", "7S", "--lead", "me",
                                  "--table", str(table)])  # fmt: skip
    assert result.exit_code == 2
    assert result.output == (
        f'Error: {table}: [convention] ten = "open" is not one of "checked", "whisted"\n'
    )


@needs_solver
def test_one_layout_in_russian(runner: CliRunner) -> None:
    """The Russian words of docs/glossary.md: the declarer and the defenders, the convention's
    players' name, a failed game «без одной», the contract in Russian letters."""
    args = ["--lang", "ru", "solve", "--layout", LAYOUT, "--contract", "7NT", "--lead", "left"]
    result = runner.invoke(main, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    head = result.output.split("\n\n")[1]
    assert (
        head
        == """\
Игра       7БК
Ход        ход левого (первым ходит левый вистующий)
Конвенция  сочинка, игроков: 3; модель виста народная (каждый вистующий вистует,
           когда его рука достигает порога виста)
М берёт 6 взяток: 7БК без одной.
Вистующие: П вистует один; М получает -7,60 очка."""
    )


@needs_solver
def test_sample_in_russian(runner: CliRunner) -> None:
    args = ["--lang", "ru", "solve", *SAMPLED, "--samples", "500", "--seed", "4",
            "--convention", "leningrad"]  # fmt: skip
    result = runner.invoke(main, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert (
        result.output
        == """\
Рука       ♠8 9 10 К Т ♣Д Т ♦9 ♥7 Т
Снос       ♦7 8
Ход        ход левого (первым ходит левый вистующий)
Игра       7♠
Конвенция  ленинградка, игроков: 3; модель виста народная (каждый вистующий
           вистует, когда его рука достигает порога виста)
Расклады   500 случайных раскладов (зерно 4)

7♠ сыграна в 429 из 500 раскладов: 85,80% (95% интервал 82,47–88,59%)

Взятки М   Расклады     Доля
       6         71    14,2%
       7        414    82,8%
       8         15     3,0%

Уровень   Сыграна в
7♠           85,80%
8♠            3,00%
9♠            0,00%
10♠           0,00%

Вистующие         оба вистуют 66,4%, Л вистует один 16,4%, П вистует один 17,2%
Взяток в среднем  6,888
Ожидаемый счёт    +1,65 очка (95% интервал от +1,05 до +2,25)
"""
    )


@needs_solver
def test_a_sample_below_thirty_in_russian(runner: CliRunner) -> None:
    args = ["--lang", "ru", "solve", HAND, "--discards", "7D 8D", "--contract", "8БК",
            "--lead", "left", "--samples", "5"]  # fmt: skip
    result = runner.invoke(main, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Игра       8БК\n" in result.output
    assert "(интервала 95% нет: 5 раскладов, нужно не меньше 30)\n" in result.output
    assert "\n8БК " in result.output and "\n10БК " in result.output  # the levels' rows


@needs_solver
@pytest.mark.parametrize(
    ("section", "english", "russian"),
    [
        ('[convention]\nten = "whisted"\n', "Sochi (a ten whisted), 3 players",
         "сочинка (десятерная вистуется), игроков: 3"),
        ('players = 4\n[convention]\npreset = "leningrad"\nten = "checked"\nboth_fail = "shared"\n',
         "Leningrad (a ten checked; both whisters failing share the penalty), 4 players",
         "ленинградка (десятерная проверяется; недобор обоих вистующих — пополам), игроков: 4"),
        ('[convention]\npreset = "rostov"\nten = "checked"\n', "Rostov, 3 players",
         "ростовка, игроков: 3"),  # ten as the preset has it: nothing changed
    ],
)  # fmt: skip
def test_the_convention_line_names_what_the_table_changed(
    runner: CliRunner, tmp_path: Path, section: str, english: str, russian: str
) -> None:
    """A table that changes its preset's ten or who pays says so beside the preset's name:
    "Sochi" alone would be read as Sochi's checked ten."""
    table = tmp_path / "table.toml"
    table.write_text(section, encoding="utf-8")
    args = ["solve", *SAMPLED[:-3], "10S", "--lead", "me", "--samples", "30", "--table", str(table)]
    env = {"COLUMNS": "200", "NO_COLOR": "1"}
    out = runner.invoke(main, args, env=env).output
    assert f"Convention  {english}; whist model folk" in out
    declare = ["declare", f"{HAND} 7D 8D", "--samples", "40", "--table", str(table)]
    assert (
        f"Convention  {english.rsplit(', 3 players', 1)[0]}\n"
        in runner.invoke(main, declare, env=env).output
    )
    russian_out = runner.invoke(main, ["--lang", "ru", *args], env=env).output
    assert f"Конвенция  {russian}; модель виста народная" in russian_out
