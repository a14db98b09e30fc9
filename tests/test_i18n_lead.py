"""``advisor lead`` in Russian: the tables, the lines about them, the errors, the help."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from russian import convention_words, english_words
from russian_forms import COUNTS, assert_plural, help_of, russian
from solver_build import needs_solver

from advisor.cli import main

ISSUE_HAND = "7S 10S 7C 8C 9C 10C JC 7D 8D 8H"
CATCHER = "♠8 J K ♣10 Q A ♦9 K ♥J A"


def assert_reads_as_russian(output: str) -> None:
    allowed = convention_words()  # --convention's values (a game's lead scores under one)
    assert not english_words(output, allowed), english_words(output, allowed)
    assert all(len(line) <= 80 for line in output.splitlines()), output


@needs_solver
def test_m_on_first_hand(runner: CliRunner) -> None:
    code, out = russian(runner, "lead", ISSUE_HAND + " AD AH", "--samples", "300")
    assert code == 0
    assert out == (
        "Рука      ♠7 10 ♣7 8 9 10 В ♦7 8 ♥8\n"
        "Снос      ♦Т ♥Т — снос точной игры (advisor discard --exact --lead me)\n"
        "Ход       свой ход (первым ходит мизерист)\n"
        "Расклады  300 случайных раскладов (зерно 0), одни и те же для всех ходов\n"
        "\n"
        "#  Ход          Ловится  интервал 95%  Взятки     Счёт\n"
        "1  ♥8             24,0%   19,5%–29,1%    0,24    +5,17\n"
        "2  ♣7 8 9 10 В    28,7%   23,8%–34,0%    0,53    +1,87\n"
        "3  ♦7 8           28,7%   23,8%–34,0%    0,53    +1,87\n"
        "4  ♠10            64,0%   58,4%–69,2%          ≤ -2,80\n"
        "5  ♠7             79,0%   74,0%–83,2%          ≤ -5,80\n"
        "В открытую  ловится в 18,7% (14,7%–23,5%), взятки 0,19, счёт +6,23: мизерист\n"
        "            выбирает ход в каждом раскладе, видя все руки\n"
        "Лучший ход вслепую: ♥8 — ловится в 24,0%;\n"
        "                         в 18,7%, если бы мизерист видел расклад\n"
    )
    assert_reads_as_russian(out)


@needs_solver
@pytest.mark.parametrize("extra", [["--samples", "40"], ["--all"]], ids=["sampled", "all"])
def test_a_catcher_on_lead(runner: CliRunner, extra: list[str]) -> None:
    args = ("lead", "--catcher", CATCHER, "--talon", "♠Q ♥9", *extra)
    code, out = russian(runner, *args)
    assert code == 0
    assert "Прикуп    ♠Д ♥9\nХод       ход левого (первым ходит левый ловящий)\n" in out
    assert "при которых мизерист мог" in out and "В открытую  мизерист ловится в " in out
    assert_reads_as_russian(out)


@needs_solver
def test_json_is_the_same_in_russian(runner: CliRunner) -> None:
    args = ("lead", ISSUE_HAND, "--discards", "AD AH", "--samples", "60", "--json")
    english = runner.invoke(main, list(args)).output
    assert json.loads(russian(runner, *args)[1]) == json.loads(english)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([ISSUE_HAND], "Ошибка: к десяти картам нужен --discards (или задайте двенадцать: руку и "
                       "прикуп)"),
        ([], "Ошибка: задайте HAND (карты мизериста) или --catcher"),
        (["--catcher", CATCHER], "Ошибка: с --catcher нужен и --talon"),
        (["--catcher", CATCHER, "--talon", "QS AH"],
         "Ошибка: карты прикупа ♥Т есть в руке ловящего"),
        (["--catcher", "7S", "--talon", "QS 9H"], "Ошибка: --catcher: 1 карта, а в руке их 10"),
    ],
)  # fmt: skip
def test_errors_in_russian(runner: CliRunner, args: list[str], message: str) -> None:
    code, out = russian(runner, "lead", *args)
    assert code == 2
    assert out.splitlines()[-1] == message


@needs_solver
def test_too_few_misere_layouts_in_russian(runner: CliRunner) -> None:
    args = ("--catcher", "7S 8S 7C 8C 7D 8D 7H 8H 9S 9C", "--talon", "9D 9H", "--samples", "30")
    code, out = russian(runner, "lead", *args)
    assert (code, out) == (2, (
        "Ошибка: мизерист мог объявить мизер (по правилам таблицы) лишь в 0 раскладах "
        "остальных 20 карт (просмотрено раскладов: 1\u00a0500): слишком мало, чтобы судить "
        "(нужно хотя бы 30)\n"
    ))  # fmt: skip


@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms(count: int) -> None:
    assert_plural(
        "{count:,} random split (seed {seed}), the same for every lead",
        "{count:,} random splits (seed {seed}), the same for every lead",
        ("случайный расклад", "случайных расклада", "случайных раскладов"),
        count,
        seed="0",
    )
    assert_plural(
        "the catcher's hand holds {count} card, not 10",
        "the catcher's hand holds {count} cards, not 10",
        ("карта,", "карты,", "карт,"),
        count,
    )
    assert_plural(
        "the talon holds {count} card, not 2",
        "the talon holds {count} cards, not 2",
        ("карта,", "карты,", "карт,"),
        count,
    )


def test_help_in_russian() -> None:
    done = help_of("lead")
    assert done.returncode == 0
    assert "Какой картой ходить в первую взятку, вслепую" in done.stdout
    assert done.stderr == ""
    assert_reads_as_russian(done.stdout)
