"""The talon outlook, the exact odds and ``advisor discard`` in Russian (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from russian import english_words
from russian_forms import COUNTS, assert_plural, russian
from solver_build import needs_solver

from advisor import i18n
from advisor.cards import parse_hand
from advisor.cli import main
from advisor.errors import ExactError
from advisor.exact.misere import exact_odds
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead
from advisor.table import default_table

FIXTURE = "♠7810 ♣79J ♦78 ♥79"
LONE_KING = "♠K ♣789 ♦78J ♥78J"
TWELVE = "♠7810 ♣79J ♦78 ♥79KA"
EXACT_TWELVE = "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9"


def assert_reads_as_russian(output: str) -> None:
    assert not english_words(output), english_words(output)
    assert all(len(line) <= 80 for line in output.splitlines()), output


def test_talon_outlook(runner: CliRunner) -> None:
    code, out = russian(runner, "check", FIXTURE, "--lead", "me", "--talon")
    assert code == 0
    assert (
        "Прикуп     231 возможный прикуп, каждый с лучшим сносом из двенадцати карт\n"
        "█████████████████████████████████████████████████████▓▓▓▓▓▓▓\n"
        "█ чистый мизер 203  ▓ мизер с дырами 28  ░ пас 0\n"
        "После прикупа: мизер 100,0%, чистый 87,9%, ожидаемый процент ловли 0,6%\n"
        "Закрывают  ♥7 9 (5%): 14 карт, хотя бы одна в прикупе — 87,9%\n"
        "             ♠9 В Д К ♣8 10 Д К ♦9 10 В ♥8 10 В\n"
    ) in out
    assert_reads_as_russian(out)


def test_talon_outlook_of_a_clean_hand(runner: CliRunner) -> None:
    code, out = russian(runner, "check", "♠789 ♣789 ♦789 ♥7", "--lead", "me", "--talon")
    assert code == 0 and "Закрывают  не нужны: дыр нет\n" in out
    assert_reads_as_russian(out)


@needs_solver
def test_exact_odds(runner: CliRunner) -> None:
    code, out = russian(runner, "check", LONE_KING, "--exact", "--samples", "231", "--full")
    assert code == 0
    assert (
        "Точная игра  231 расклад (по 1 на каждый из 231 прикупа), снос exact, зерно 0\n"
        "Ход        Ловится   интервал 95%     Счёт     интервал 95%\n"
        "левого        5,6%      3,3%–9,4%    +8,23  от +7,0 до +9,2\n"
        "правого       5,6%      3,3%–9,4%    +8,23  от +7,0 до +9,2\n"
        "в среднем     5,6%      3,3%–9,4%    +8,23  от +7,0 до +9,2\n"
        "Взятки  0: 94,4%  1: 0,9%  2: 3,0%  3: 1,7%\n"
        "В снос  ♠К — после 100% прикупов, ♦В 8%\n"
        "\n"
        "Масть  Карты  После сноса  Таблица  Точно  интервал 95%\n"
        "♠      К      — (84%)         100%   5,2%     3,0%–8,9%\n"
        "♣      7 8 9  7 8 9 (72%)       0%   0,0%     0,0%–1,6%\n"
        "♦      7 8 В  7 8 В (65%)       0%   0,0%     0,0%–1,6%\n"
        "♥      7 8 В  7 8 В (68%)       0%   0,4%     0,1%–2,4%\n"
        "Ловится через ♠ 5%; ловится в 6%, из них 0% — какую масть ни береги (по таблице\n"
        "100%)\n"
        "\n"
        "Точная игра: ИГРАТЬ МИЗЕР — ожидаемый счёт +8,23 (пас: 0); по заметкам — пас\n"
        "Почему  прикуп обычно позволяет снести ♠К (в 100% прикупов)\n"
    ) in out
    assert_reads_as_russian(out)


@needs_solver
def test_a_sequential_estimate_and_bounds_in_russian(runner: CliRunner) -> None:
    code, out = russian(runner, "check", LONE_KING, "--exact", "--lead", "left")
    assert code == 0
    assert "Выборка  прикупы брались наугад, пока вердикт не стал ясен; --full считает все\n" in out
    title = next(line for line in out.splitlines() if line.startswith("Точная игра  "))
    assert " из 924 раскладов (" in title and " из 231 прикупа, по 4 на каждый)" in title
    assert_reads_as_russian(out)
    code, out = russian(runner, "check", "♠8 10 Q A ♣8 10 Q ♦8 10 Q", "--exact", "--lead", "me")
    assert code == 1
    assert "Границы  как бы М ни снёс, его ловят не реже этого, а счёт не выше этого, и\n" in out
    assert "Точная игра: ПАС — ожидаемый счёт не выше -" in out
    assert_reads_as_russian(out)


@needs_solver
def test_exact_odds_too_close_to_call(runner: CliRunner, tmp_path: Path) -> None:
    hand = "♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J"
    score = exact_odds(
        parse_hand(hand), Lead.ME, default_table(), ExactSettings(samples=231)
    ).expected_score
    table = tmp_path / "close.toml"
    table.write_text(f"pass_score = {score - 0.2}\n", encoding="utf-8")
    code, out = russian(
        runner, "check", hand, "--lead", "me", "--exact", "--samples", "231", "--table", str(table)
    )
    assert code == 0
    close = next(line for line in out.splitlines() if line.startswith("Неясно  "))
    assert close.startswith("Неясно  слишком близко к пасу при 231 раскладе; --samples ")
    assert close.endswith(" уточнит")
    assert "Точная игра: ИГРАТЬ МИЗЕР — ожидаемый счёт " in out
    assert_reads_as_russian(out)


@needs_solver
def test_why_lines_in_russian() -> None:
    table = default_table()
    found = exact_odds(parse_hand(LONE_KING), Lead.THEM, table, ExactSettings(samples=231))
    with i18n.speaking("ru"):
        assert found.reason is not None
        assert found.reason.text() == "прикуп обычно позволяет снести ♠К (в 100% прикупов)"
    assert str(found.reason) == "the talon usually lets the player discard ♠K (100% of talons)"


def test_exact_errors_in_russian() -> None:
    with pytest.raises(ExactError) as caught:
        _ = ExactSettings(discard="best").mode
    with i18n.speaking("ru"):
        assert (
            caught.value.text() == "снос discard 'best' не годится: бывает exact, table или solver"
        )
    assert str(caught.value) == "discard 'best' must be exact, table or solver"


def test_discard_by_the_table(runner: CliRunner) -> None:
    code, out = russian(runner, "discard", TWELVE, "--lead", "me")
    assert code == 0
    assert out.startswith("Карты  ♠7 8 10 ♣7 9 В ♦7 8 ♥7 9 К Т\nСнос   ♥К Т\n\n")
    assert (
        "№  Снос    Остаётся                  Дыры  Ловится  Вердикт\n"
        "2  ♠10 ♥Т  ♠7 8 ♣7 9 В ♦7 8 ♥7 9 К   1     70%      играть\n"
        "3  ♦8 ♥Т   ♠7 8 10 ♣7 9 В ♦7 ♥7 9 К  1     70%      играть\n"
        "С --exact (-x) — выбор сноса точной игрой: процент ловли и счёт каждого сноса.\n"
    ) in out
    assert_reads_as_russian(out)


@needs_solver
def test_discard_by_exact_play(runner: CliRunner) -> None:
    code, out = russian(
        runner, "discard", EXACT_TWELVE, "--exact", "--lead", "left", "--samples", "231", "--full"
    )
    assert code == 1
    assert out.startswith(
        "Карты     ♠7 8 9 10 ♣8 К Т ♦7 8 9 ♥8 9\n"
        "Ход       ход левого (первым ходит левый ловящий)\n"
        "Расклады  231 случайный расклад (зерно 0), один для всех сносов\n"
        "\n"
        "#  Снос    Остаётся                  Ловится  интервал 95%  Взятки      Счёт\n"
        "1  ♣К Т    ♠7 8 9 10 ♣8 ♦7 8 9 ♥8 9    56,7%   50,3%–62,9%    1,90    -14,63\n"
    )
    assert out.endswith(
        "ещё 9 сносов, счёт каждого ≤ -14,63; все 66 — в --json (смежные — как одна)\n"
        "Точная игра: ПАС — снос ♣К Т: ожидаемый счёт -14,63 (пас: 0)\n"
    )
    assert_reads_as_russian(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "♠7810 ♣79J ♦78 ♥7", "--talon"], "Ошибка: 9 карт, а в руке их 10"),
        (["discard", "♠7810 ♣79J ♦78 ♥79K"], "Ошибка: 11 карт, а нужно 12"),
        (["discard", TWELVE, "--lead", "left"],
         "Ошибка: Неверное значение для '--lead': left и right работают только с --exact"),
        (["discard", TWELVE, "--exact", "--samples", "3", "--all"],
         "Ошибка: --samples и --all несовместимы"),
    ],
)  # fmt: skip
def test_errors_in_russian(runner: CliRunner, args: list[str], message: str) -> None:
    code, out = russian(runner, *args)
    assert code == 2
    assert out.splitlines()[-1] == message


@needs_solver
def test_discard_exact_needs_a_fixed_pass_score(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "allpass.toml"
    table.write_text('pass_score = "allpass"\n', encoding="utf-8")
    code, out = russian(runner, "discard", TWELVE, "--exact", "--table", str(table))
    assert code == 2
    assert out == (
        'Ошибка: для pass_score = "allpass" нужны десять карт до прикупа: спросите '
        "advisor check --exact\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["check", FIXTURE, "--lead", "me", "--talon", "--json"],
        ["discard", TWELVE, "--lead", "me", "--json"],
        pytest.param(
            ["check", LONE_KING, "--exact", "--samples", "231", "--json"], marks=needs_solver
        ),
        pytest.param(
            ["discard", EXACT_TWELVE, "--exact", "--samples", "231", "--json"], marks=needs_solver
        ),
    ],
)
def test_json_is_the_same_in_both_languages(runner: CliRunner, args: list[str]) -> None:
    english = runner.invoke(main, ["--lang", "en", *args])
    russian_ = runner.invoke(main, ["--lang", "ru", *args])
    assert english.output_bytes == russian_.output_bytes
    assert english.exit_code == russian_.exit_code
    assert english.output.startswith("{")


PLURALS = [
    (
        "{count} possible talon, each with the best discard of the twelve cards",
        "{count} possible talons, each with the best discard of the twelve cards",
        ("возможный прикуп", "возможных прикупа", "возможных прикупов"),
    ),
    (
        "{count} card, at least one in the talon {chance}",
        "{count} cards, at least one in the talon {chance}",
        ("карта,", "карты,", "карт,"),
    ),
    (
        "too close to call at {count} deal; --samples {more} narrows it",
        "too close to call at {count} deals; --samples {more} narrows it",
        ("раскладе;", "раскладах;", "раскладах;"),
    ),
    (
        "{count} deal ({per_talon} for each of the {talons} talons), {discard} discards, "
        "seed {seed}",
        "{count} deals ({per_talon} for each of the {talons} talons), {discard} discards, "
        "seed {seed}",
        ("расклад (", "расклада (", "раскладов ("),
    ),
    (
        "{count:,} random split (seed {seed}), the same for every discard",
        "{count:,} random splits (seed {seed}), the same for every discard",
        ("случайный расклад", "случайных расклада", "случайных раскладов"),
    ),
    (
        "{count} more, each expected at most {bound:+.2f}; all 66 in --json "
        "(touching cards as one)",
        "{count} more, each expected at most {bound:+.2f}; all 66 in --json "
        "(touching cards as one)",
        ("снос,", "сноса,", "сносов,"),
    ),
    (
        "the leading discard over all {layouts:,} splits",
        "the leading {count} discards over all {layouts:,} splits",
        ("ведущий снос", "ведущих сноса", "ведущих сносов"),
    ),
]


@pytest.mark.parametrize(("singular", "plural", "forms"), PLURALS)
@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms(singular: str, plural: str, forms: tuple[str, str, str], count: int) -> None:
    assert_plural(singular, plural, forms, count, chance="5%", more=462, per_talon=1, talons=231,
                  discard="exact", seed=0, bound=-1.5, layouts=184_756)  # fmt: skip
