"""``advisor solve`` and the layouts in Russian (issue 16): the diagram and the tricks with the
seats as players name them (М, Л, П), the odds, every error."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from russian import english_words
from russian_forms import COUNTS, assert_plural, russian
from solver_build import needs_solver

from advisor import i18n
from advisor.cards import parse_cards
from advisor.cli import main
from advisor.errors import LayoutError
from advisor.solver.layout import check_layout

HOLED = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
CAUGHT_LAYOUT = (
    "M: ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8 L: ♠8 Q A ♣J Q ♦10 J K ♥Q K R: ♠9 J K ♣10 K A ♦Q ♥9 10 J"
)
CLEAN_LAYOUT = "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ R: ♠QKA ♣QKA ♦QK ♥QK"


@needs_solver
def test_a_caught_layout(runner: CliRunner) -> None:
    code, out = russian(runner, "solve", "--layout", CAUGHT_LAYOUT, "--lead", "left")
    assert code == 0
    lines = out.splitlines()
    assert lines[:14] == [
        "Л                       П",
        "♠ 8 Д Т                 ♠ 9 В К",
        "♣ В Д                   ♣ 10 К Т",
        "♦ 10 В К                ♦ Д",
        "♥ Д К                   ♥ 9 10 В",
        "            М",
        "            ♠ 7 10",
        "            ♣ 7 8 9",
        "            ♦ 7 8 9",
        "            ♥ 7 8",
        "",
        "Ход  ход левого (первым ходит левый ловящий)",
        "Ловится: ловящие могут заставить мизериста взять 1 взятку (10 в гору).",
        "Ловится через ♠: ловящие навяжут мизеристу первую взятку в этой масти.",
    ]
    assert lines[15] == " #  Ход        М     Л     П     Взял"
    assert lines[16].startswith(" 1  ходит Л    ")
    assert sum(line.endswith("М  ← поймали") for line in lines[16:]) == 1
    assert not english_words(out)


@needs_solver
def test_a_clean_layout(runner: CliRunner) -> None:
    code, out = russian(runner, "solve", "--layout", CLEAN_LAYOUT, "--lead", "me")
    assert code == 0
    assert "Ход  свой ход (первым ходит мизерист)\n" in out
    assert "Чисто: ловящие не могут заставить мизериста взять взятку.\n" in out
    assert " 1  ходит М    7♠    8♠    Д♠    П\n" in out
    assert not english_words(out)


@needs_solver
def test_sampled_odds(runner: CliRunner) -> None:
    args = ("solve", HOLED, "--discards", "AD AH", "--lead", "left", "--samples", "2000")
    code, out = russian(runner, *args)
    assert code == 0
    assert out == (
        "Рука      ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8\n"
        "Снос      ♦Т ♥Т\n"
        "Ход       ход левого (первым ходит левый ловящий)\n"
        "Расклады  2\u00a0000 случайных раскладов (зерно 0)\n"
        "\n"
        "Ловится в 697 из 2\u00a0000 раскладов: 34,85% (интервал 95%: 32,79–36,97%)\n"
        "\n"
        "Взяток   Расклады     Доля\n"
        "     0      1\u00a0303    65,2%\n"
        "     1        697    34,9%\n"
        "\n"
        "Ловится через   Расклады     Доля\n"
        "♠ 7 10               697    34,9%\n"
        "♣ 7 8 9                0     0,0%\n"
        "♦ 7 8 9                0     0,0%\n"
        "♥ 7 8                  0     0,0%\n"
        "Ловится, какую масть ни береги: 0 раскладов (0,0%)\n"
        "\n"
        "Взяток в среднем  0,348\n"
        "Ожидаемый счёт    +3,03  (+10 в пулю за чистый мизер, -10 в гору за взятку)\n"
    )
    assert not english_words(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--layout", "xx M: ♠7 10"], "'xx' стоит перед меткой руки: пишите M: ... L: ... R: ..."),
        (["--layout", "M: ♠7 10 ♣789 ♦789 ♥78 M: ♠7"], "в раскладе дважды указана рука M:"),
        (["--layout", "M: ♠7 10 ♣789 ♦789 ♥78"], "в раскладе нет рук L: и R:"),
        (["--layout", "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ"], "в раскладе нет руки R:"),
        (["--layout", ""], "в раскладе нет рук M:, L: и R:"),
        (["--layout", "M: ♠7 10 L: ♠8 R: ♠9"], "M: 2 карты, а в руке их 10"),
        (["--layout", CLEAN_LAYOUT.replace("♠89J", "♠79J")], "♠7 — и у M, и у L"),
        ([HOLED, "--discards", "AD AH 7S"], "--discards: 3 карты, а нужно 2"),
        ([HOLED, "--discards", "7S AH"], "карты сноса ♠7 есть в руке"),
        ([HOLED], "с HAND нужен --discards"),
        ([], "задайте HAND (с --discards) или --layout"),
        ([HOLED, "--discards", "AD AH", "--exact", "--samples", "5"],
         "--exact и --samples несовместимы"),
        (["--layout", CLEAN_LAYOUT, "--exact"],
         "с --layout не задают ни HAND, ни --discards, ни --exact, ни --samples"),
    ],
)  # fmt: skip
def test_errors_in_russian(runner: CliRunner, args: list[str], message: str) -> None:
    code, out = russian(runner, "solve", *args, "--lead", "me")
    assert code == 2
    assert out.splitlines()[-1] == f"Ошибка: {message}"


def test_layout_errors_of_the_library_in_russian() -> None:
    with pytest.raises(LayoutError) as caught:
        check_layout(parse_cards("7S"), parse_cards("8S 9S"), parse_cards("10S"))
    assert str(caught.value) == (
        "the hands must hold the same number of cards, at most 10: M 1, L 2, R 1"
    )
    with i18n.speaking("ru"):
        assert (
            caught.value.text() == "в руках должно быть поровну карт, не больше 10: M 1, L 2, R 1"
        )


@needs_solver
def test_a_layout_caught_through_several_suits_and_through_none(runner: CliRunner) -> None:
    m = "M: ♠7 10 ♣7 9 ♦7 9 J ♥7 8 Q "
    both = m + "L: ♠8 9 J Q ♣8 J ♦Q ♥9 10 K R: ♠K ♣10 Q K A ♦8 10 K A ♥J"
    code, out = russian(runner, "solve", "--layout", both, "--lead", "left")
    assert code == 0
    assert "Ловится через ♠, ♥: первую взятку ему навяжут в любой из них.\n" in out
    assert not english_words(out)
    none = m + "L: ♠9 J Q ♣8 J ♦8 10 ♥9 10 J R: ♠8 K ♣10 Q K A ♦Q K A ♥K"
    code, out = russian(runner, "solve", "--layout", none, "--lead", "left")
    assert code == 0
    assert "Ловится, какую масть ни береги: ни через одну масть по отдельности.\n" in out
    assert not english_words(out)


@pytest.mark.parametrize(
    "args",
    [
        ["--layout", CAUGHT_LAYOUT, "--lead", "left", "--json"],
        [HOLED, "--discards", "AD AH", "--lead", "me", "--samples", "500", "--json"],
    ],
)
@needs_solver
def test_json_is_the_same_in_both_languages(runner: CliRunner, args: list[str]) -> None:
    english = runner.invoke(main, ["--lang", "en", "solve", *args])
    russian_ = runner.invoke(main, ["--lang", "ru", "solve", *args])
    assert english.exit_code == russian_.exit_code == 0
    assert english.output_bytes == russian_.output_bytes
    assert english.output.startswith("{")


PLURALS = [
    (
        "Caught: the catchers can force M to take {count} trick ({points} to the mountain).",
        "Caught: the catchers can force M to take {count} tricks ({points} to the mountain).",
        ("взятку", "взятки", "взяток"),
    ),
    (
        "{count:,} random split (seed {seed})",
        "{count:,} random splits (seed {seed})",
        ("случайный расклад", "случайных расклада", "случайных раскладов"),
    ),
    (
        "Caught whichever suit M protects: {count:,} layout ({percent:.1f}%)",
        "Caught whichever suit M protects: {count:,} layouts ({percent:.1f}%)",
        ("расклад (", "расклада (", "раскладов ("),
    ),
    (
        "the hand holds {count} card, not 10",
        "the hand holds {count} cards, not 10",
        ("карта,", "карты,", "карт,"),
    ),
    (
        "{count} discard given, there must be 2",
        "{count} discards given, there must be 2",
        ("карта,", "карты,", "карт,"),
    ),
]


@pytest.mark.parametrize(("singular", "plural", "forms"), PLURALS)
@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms(singular: str, plural: str, forms: tuple[str, str, str], count: int) -> None:
    assert_plural(singular, plural, forms, count, points=10, seed=0, layouts=2000, percent=1.0)
