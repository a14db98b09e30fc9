"""The language spoken: how it is chosen, Russian words, plurals and numbers, and records that
stay English."""

from __future__ import annotations

import json
import pickle

import pytest
from click.testing import CliRunner
from russian import convention_words, english_words

from advisor import i18n
from advisor.cli import main
from advisor.errors import LanguageError, NotationError
from advisor.i18n import Phrase, as_cards, ngettext, number, speaking
from advisor.language import choose
from advisor.table import RULE_DEFAULTS, SETTING_DEFAULTS

PASS_HAND = "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J"
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "ADVISOR_LANG": ""}


@pytest.mark.parametrize(
    ("option", "environ", "spoken"),
    [
        (None, {}, "en"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
        (None, {"LC_ALL": "C", "LANG": "ru_RU"}, "en"),  # LC_ALL wins, as in every program
        (None, {"LC_ALL": "ru_UA.UTF-8", "LANG": "en_US"}, "ru"),
        (None, {"ADVISOR_LANG": "en", "LANG": "ru_RU"}, "en"),
        (None, {"ADVISOR_LANG": "RU", "LC_ALL": "en_US"}, "ru"),
        ("en", {"ADVISOR_LANG": "ru", "LANG": "ru_RU"}, "en"),
        ("ru", {"ADVISOR_LANG": "en"}, "ru"),
        (None, {"ADVISOR_LANG": "", "LANG": "ru"}, "ru"),
    ],
)
def test_option_over_variable_over_locale_over_english(
    option: str | None, environ: dict[str, str], spoken: str
) -> None:
    assert choose(option, environ) == spoken


@pytest.mark.parametrize(("option", "environ"), [("fr", {}), (None, {"ADVISOR_LANG": "de"})])
def test_a_language_the_advisor_does_not_speak_is_an_error(
    option: str | None, environ: dict[str, str]
) -> None:
    with pytest.raises(LanguageError, match="is not a language the advisor speaks"):
        choose(option, environ)


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "fr", "check", PASS_HAND], {}),
        (["--lang", "fr", "--help"], {}),
        (["--help", "--lang=de"], {}),
        (["check", PASS_HAND], {"ADVISOR_LANG": "xx"}),
    ],
)
def test_an_unknown_language_is_one_line_and_exit_2(
    runner: CliRunner, args: list[str], env: dict[str, str]
) -> None:
    result = runner.invoke(main, args, env={**NO_LOCALE, **env})
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("count", "holes", "settings", "cards"),
    [
        (0, "0 дыр", "0 настроек", "0 карт"),
        (1, "1 дыра", "1 настройка", "1 карта"),
        (2, "2 дыры", "2 настройки", "2 карты"),
        (5, "5 дыр", "5 настроек", "5 карт"),
        (11, "11 дыр", "11 настроек", "11 карт"),
        (21, "21 дыра", "21 настройка", "21 карта"),
        (22, "22 дыры", "22 настройки", "22 карты"),
        (25, "25 дыр", "25 настроек", "25 карт"),
        (111, "111 дыр", "111 настроек", "111 карт"),
    ],
)
def test_russian_plurals_follow_the_count(
    count: int, holes: str, settings: str, cards: str
) -> None:
    with speaking("ru"):
        hole_words = ngettext(
            "{count} hole, at most {limit}", "{count} holes, at most {limit}", count, limit=2
        )
        card_error = Phrase.counted(
            "{count} card given, a hand has 10", "{count} cards given, a hand has 10", count
        ).text()
        assert hole_words.startswith(holes + ",")
        assert card_error.startswith(cards + ",") or card_error.startswith(cards + " ")
        assert ngettext("{count} setting", "{count} settings", count) == settings


def test_russian_numbers_and_cards() -> None:
    with speaking("ru"):
        assert number(1234567) == "1234567"
        assert number(1234567, ",") == "1\u00a0234\u00a0567"
        assert number(0.85, ".2f") == "0,85"
        assert Phrase(
            "{card} is given twice ('{token}')", card=as_cards("Q♠"), token="QS"
        ).text() == ("Д♠ указана дважды ('QS')")
    with speaking("en"):
        assert number(1234567, ",") == "1,234,567"


def test_a_phrase_is_english_as_a_record_and_survives_a_worker() -> None:
    phrase = Phrase.counted(
        "{count} hole, at most {limit}", "{count} holes, at most {limit}", 2, limit=2
    )
    with speaking("ru"):
        assert str(phrase) == "2 holes, at most 2"
        copy = pickle.loads(pickle.dumps(phrase))
        assert copy.text() == "2 дыры, можно не больше 2"
        error = pickle.loads(pickle.dumps(NotationError(Phrase("'{text}' has no ranks", text="x"))))
        assert str(error) == "'x' has no ranks" and error.text() == "в 'x' нет ни одной карты"


def test_speaking_restores_what_was_spoken() -> None:
    with speaking("ru"):
        with speaking("en"):
            assert i18n.language().code == "en"
        assert i18n.language().code == "ru"
    assert i18n.language().code == "en"


def _check_in(runner: CliRunner, env: dict[str, str], *args: str) -> str:
    result = runner.invoke(
        main, [*args, "check", PASS_HAND, "--lead", "me"], env={**NO_LOCALE, **env}
    )
    assert result.exit_code == 1, result.output
    return result.output


RUSSIAN_CHECK = (
    "Рука  ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 В\n"
    "Ход   свой ход (первым ходит мизерист)\n"
    "\n"
    "Масть  Карты  Состояние  По таблице        %\n"
    "♠      7 10   дыра       таблица «7 10»  50%\n"
    "♣      7 8 9  чистая     чистая           0%\n"
    "♦      7 8 9  чистая     чистая           0%\n"
    "♥      7 В    дыра       таблица «7 В»   80%\n"
    "\n"
    "✓  Без семёрки      в каждой масти на руке есть семёрка\n"
    "✓  Не больше 2 дыр  2 дыры, можно не больше 2\n"
    "✗  Процент ловли    ловится в 130% (сумма) > 80%\n"
    "✓  Чистый мизер     есть дыры\n"
    "Вердикт: ПАС — 2 дыры, ловятся в 130% (предел 80%); нарушено: процент ловли\n"
    "С --talon (-t) — шансы после прикупа и карты, закрывающие каждую дыру.\n"
)


@pytest.mark.parametrize(
    ("env", "args"),
    [
        ({}, ("--lang", "ru")),
        ({"ADVISOR_LANG": "ru"}, ()),
        ({"LANG": "ru_RU.UTF-8"}, ()),
        ({"LC_ALL": "ru_RU.UTF-8", "ADVISOR_LANG": "en"}, ("--lang", "ru")),
    ],
)
def test_check_in_russian_however_chosen(
    runner: CliRunner, env: dict[str, str], args: tuple[str, ...]
) -> None:
    output = _check_in(runner, env, *args)
    assert output == RUSSIAN_CHECK
    assert not english_words(output)


def test_english_stays_the_default(runner: CliRunner) -> None:
    output = _check_in(runner, {})
    assert output.startswith("Hand  ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J\n")
    assert "Verdict: PASS" in output


@pytest.mark.parametrize(
    "args",
    [
        ["check", PASS_HAND, "--json"],
        ["check", PASS_HAND, "--json", "--lead", "me"],
        ["check", "7S 8S 9S 7C 8C 9C 7D 8D 7H 8H", "--json"],
        ["table", "show", "--json"],
    ],
)
def test_json_is_the_same_bytes_in_every_language(runner: CliRunner, args: list[str]) -> None:
    english = runner.invoke(main, ["--lang", "en", *args], env=NO_LOCALE)
    russian = runner.invoke(main, ["--lang", "ru", *args], env=NO_LOCALE)
    assert english.exit_code == russian.exit_code
    assert english.stdout_bytes == russian.stdout_bytes
    json.loads(english.output)


def test_a_bad_hand_is_a_russian_one_line_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--lang", "ru", "check", "6S 7S"], env=NO_LOCALE)
    assert result.exit_code == 2
    assert result.output == "Ошибка: '6S' — не карта преферанса: в колоде карты от 7 до туза\n"


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "ru", "--help"],
        ["--help", "--lang", "ru"],
        ["--lang", "ru", "check", "--help"],
        ["--lang", "ru", "table", "--help"],
        ["--lang", "ru", "table", "show", "--help"],
    ],
)
def test_help_in_russian(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args, env=NO_LOCALE, prog_name="advisor")
    assert result.exit_code == 0
    assert "Запуск:" in result.output and "Параметры:" in result.output
    assert not english_words(result.output)


def test_table_show_in_russian_uses_the_notes_words(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--lang", "ru", "table", "show"], env=NO_LOCALE)
    assert result.exit_code == 0
    assert "заметки: 7, 10 —" in result.output
    assert "встроенная" in result.output
    settings = {word for name in (*SETTING_DEFAULTS, *RULE_DEFAULTS) for word in name.split("_")}
    values = {"true", "false", "none", "rules", "no", "seven"}
    assert not english_words(result.output, settings | values | convention_words())
