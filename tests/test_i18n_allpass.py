"""All-pass in Russian: ``advisor allpass`` (a deal, a replay, an estimate), ``check
--allpass``'s passing section and every layout error; JSON and JSON lines the same bytes in
both languages; the plural forms of the counts a player reads."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from russian import english_words
from russian_forms import COUNTS, ENV, help_of, russian_form
from solver_build import require_built

from advisor.allpass import solver as allpass_solver
from advisor.allpass.rules import AllPassRules, Deal
from advisor.allpass.sample import estimate_allpass
from advisor.cards import Card, CardSet, parse_cards, parse_hand
from advisor.cli import main
from advisor.errors import AdvisorError
from advisor.holdings import HoldingPattern
from advisor.i18n import ngettext, speaking
from advisor.seats import Position
from advisor.table import Progression

ROOT = Path(__file__).parent.parent
LAYOUT = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)
REVOKE = (
    "7♠ J♠ 7♥ 8♠ Q♠ 8♥ 9♠ K♠ K♣ 10♣ A♣ 7♣ K♦ 7♦ 10♦ A♦ 8♣ J♦ 9♥ 10♠ A♠ 10♥ 8♦ J♣ J♥ 9♣ Q♣ Q♥ 9♦ Q♦"
)
HAND = "♠7 9 J ♣8 Q A ♦7 10 ♥9 K"
# notation labels and values a Russian line shows as they are typed
NOTATION = {"talon", "DEAL", "SEAT"}


def run(*args: str, lang: str = "ru") -> Result:
    return CliRunner().invoke(main, ["--lang", lang, *args], env=ENV)


def allpass(*args: str, lang: str = "ru") -> Result:
    return run("allpass", *args, lang=lang)


def needs_the_solver() -> None:
    require_built(allpass_solver.core_available(), "the compiled all-pass solver")


def reads_well(out: str) -> None:
    assert not english_words(out, NOTATION), english_words(out, NOTATION)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_deal_and_its_line_of_play_in_russian() -> None:
    needs_the_solver()
    result = allpass("--layout", LAYOUT, "--seat", "second")
    out = result.output
    assert result.exit_code == 0
    lines = out.splitlines()
    assert lines[:6] == [
        "Первая   ♠7 8 9 10 ♣7 8 9 ♦7 8 9",
        "Вторая   ♠В Д К Т ♣10 В Д ♦10 В Д",
        "Третья   ♣К Т ♦К Т ♥7 8 9 10 В Д",
        "Прикуп   К♥, затем Т♥",
        "Правила  3 игрока (сдающий — третья рука); talon_card = suit",
        "Цена     1 очко за взятку",
    ]
    assert lines[7:11] == [
        "Место   Навяжут  Минимум    Очки",
        "первая        0        0       0",
        "вторая        1        0       1",
        "третья       10        2      10",
    ]
    assert "Розыгрыш, в котором вторая рука берёт навязанную 1 взятку:" in out
    assert " #  Ход           Первая  Вторая  Третья  Взяла" in out
    assert " 1  прикуп К♥     7♠      В♠      7♥      третья" in out
    assert " 3  ходит первая  9♠      К♠      К♣      вторая  ←" in out
    reads_well(out)


def test_the_english_deal_is_unchanged() -> None:
    needs_the_solver()
    out = allpass("--layout", LAYOUT, "--seat", "second", lang="en").output
    assert "Seat    Forced  Fewest  Points\nfirst        0       0       0\n" in out
    assert " #  Lead          First  Second  Third  Taken by\n" in out
    assert "A line of play in which second hand takes his forced 1 trick:" in out


def test_a_replay_with_a_revoke_in_russian() -> None:
    result = allpass("--layout", LAYOUT, "--play", REVOKE)
    out = result.output
    assert result.exit_code == 0
    assert "Ренонс во взятке 6: первая рука сыграла 8♣ на ♦, имея ♦" in out
    assert "(сделавшему ренонс пишутся все взятки расклада, остальным — ничего)" in out
    assert "Место   Взятки  Засчитано    Очки\nпервая       0         10      10\n" in out
    reads_well(out)


def test_talon_tricks_nobody_took_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ending in which no player holds the turned-up card's suit: the talon trick goes to
    nobody (``suit``), or to the dealer who sits out (four players, ``dealer``)."""
    import io

    from advisor.allpass.rules import AllPassRules, Deal, replay
    from advisor.cli import render_allpass
    from advisor.cli.render import console
    from advisor.table import TalonCard

    spades = [CardSet.of([Card.parse(word)]) for word in ("7S", "8S", "9S")]
    deal = Deal((spades[0], spades[1], spades[2]), (Card.parse("AH"),))
    cards = [Card.parse(word) for word in ("7S", "8S", "9S")]
    shown = {}
    for mode, players in ((TalonCard.SUIT, 3), (TalonCard.DEALER, 4)):
        buffer = io.StringIO()
        monkeypatch.setattr(render_allpass, "console", lambda out=buffer: console(stream=out))
        with speaking("ru"):
            render_allpass.render_replay(replay(deal, cards, AllPassRules(mode, players=players)))
        shown[mode] = buffer.getvalue()
    assert "1 взятка не досталась никому." in shown[TalonCard.SUIT]
    assert " 1  прикуп Т♥     7♠      8♠      9♠      никто" in shown[TalonCard.SUIT]
    assert "Сдающий, который не играет, взял 1 взятку." in shown[TalonCard.DEALER]
    assert " 1  прикуп Т♥     7♠      8♠      9♠      сдающий" in shown[TalonCard.DEALER]
    assert "Правила  4 игрока (сдающий не играет); talon_card = dealer" in shown[TalonCard.DEALER]
    for out in shown.values():
        reads_well(out)


def test_an_estimate_in_russian() -> None:
    needs_the_solver()
    result = allpass(HAND, "--seat", "second", "--samples", "60", "--seed", "3")
    out = result.output
    assert result.exit_code == 0
    assert out.startswith(
        "Рука      ♠7 9 В ♣8 Д Т ♦7 10 ♥9 К\n"
        "Место     вторая рука\n"
        "Расклады  60 случайных раскладов остальных 22 карт (зерно 3)\n"
    )
    assert "         Среднее  интервал 95%\nНавяжут    " in out
    assert "Взятки  Навяжут  Минимум\n" in out
    found = estimate_allpass(parse_hand(HAND), Position.SECOND, AllPassRules(), samples=60, seed=3)
    penalty = f"{found.expected_penalty:.2f}".replace(".", ",")
    assert f"Ожидаемый штраф  {penalty} очка (95% " in out
    assert "(навязанные взятки, 1 очко за взятку)" in out
    reads_well(out)


def test_check_allpass_passing_section_in_russian() -> None:
    needs_the_solver()
    result = run("check", "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J", "--allpass")
    lines = result.output.splitlines()
    assert lines[-5:] == [
        "Распас  если все пасуют: 1\u00a0000 раскладов на руку (зерно 0), 1 очко за взятку",
        "Место        Навяжут  интервал 95%  Минимум    Штраф",
        "вторая рука     0,85   0,81–0,89       0,00    -0,85",
        "третья рука     0,63   0,60–0,67       0,00    -0,63",
        "в среднем       0,74                           -0,74",
    ]
    reads_well("\n".join(lines[-5:]))


def test_allpass_json_is_the_same_in_both_languages(tmp_path: Path) -> None:
    needs_the_solver()
    for args in (
        ("--layout", LAYOUT, "--seat", "third", "--json"),
        ("--layout", LAYOUT, "--play", REVOKE, "--json"),
        (HAND, "--seat", "first", "--samples", "40", "--json"),
    ):
        english, russian = allpass(*args, lang="en"), allpass(*args, lang="ru")
        assert english.exit_code == russian.exit_code == 0
        assert russian.stdout_bytes == english.stdout_bytes
    passing = [run("check", HAND, "--allpass", "--json", lang=lang) for lang in ("en", "ru")]
    assert passing[0].stdout_bytes == passing[1].stdout_bytes
    assert b'"allpass": {' in passing[0].stdout_bytes


def test_layouts_lines_are_the_same_in_both_languages_errors_included(tmp_path: Path) -> None:
    needs_the_solver()
    deals = tmp_path / "deals.txt"
    bad = LAYOUT.replace("talon: K♥ A♥", "talon: K♥")
    deals.write_text(f"{LAYOUT}\n\n{bad}\n{LAYOUT.replace('second:', 'first:')}\n", "utf-8")
    outputs = [allpass("--layouts", str(deals), "--jobs", "2", lang=lang) for lang in ("en", "ru")]
    assert outputs[0].exit_code == outputs[1].exit_code == 2
    assert outputs[0].stdout_bytes == outputs[1].stdout_bytes
    assert b'"error": "talon: 1 card given, the talon has 2"' in outputs[0].stdout_bytes
    assert b'"error": "no deal on this line: write first:' in outputs[0].stdout_bytes
    assert b'"error": "the deal gives first: twice"' in outputs[0].stdout_bytes


# --- errors ------------------------------------------------------------------------------------


def one_error(result: Result) -> str:
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("Ошибка: ")
    assert not english_words(lines[0], NOTATION), lines[0]
    return lines[0].removeprefix("Ошибка: ")


@pytest.mark.parametrize(
    ("layout", "russian"),
    [
        (LAYOUT.replace("♣K A ♦K", "♣K A ♦7"),
         "--layout: первая рука и третья рука держат одни и те же карты: ♦7"),
        (LAYOUT.replace("talon: K♥ A♥", ""), "--layout: в раскладе нет части talon:"),
        (LAYOUT[LAYOUT.index("second:"):].replace("talon: K♥ A♥", ""),
         "--layout: в раскладе нет частей first: и talon:"),
        (LAYOUT.replace("third:", "second:"), "--layout: в раскладе дважды указано second:"),
        ("x " + LAYOUT, "--layout: 'x' стоит перед меткой: пишите first: ... second: ... "
         "third: ... talon: ..."),
        (LAYOUT.replace("talon: K♥ A♥", "talon: K♥"),
         "--layout: talon: указана 1 карта, а в прикупе их 2"),
        (LAYOUT.replace("talon: K♥ A♥", "talon: K♥ A♥ 7♦"),
         "--layout: talon: указаны 3 карты, а в прикупе их 2"),
        (LAYOUT.replace("talon: K♥ A♥", "talon: K♥ K♥"), "--layout: talon: К♥ указана дважды"),
        (LAYOUT.replace("talon: K♥ A♥", "talon: K♥A♥"),
         "--layout: talon: 'K♥A♥' — не одна карта: пишите карты по одной"),
        (LAYOUT.replace("talon: K♥ A♥", "talon: K♥ Q♥"),
         "--layout: карта прикупа Д♥ — та же, что держит третья рука"),
    ],
)  # fmt: skip
def test_layout_errors_in_russian(layout: str, russian: str) -> None:
    assert one_error(allpass("--layout", layout, "--play", REVOKE)) == russian


def test_play_errors_in_russian() -> None:
    wrong_turn = REVOKE.replace("10♣ A♣ 7♣", "10♣ 7♣ A♣")
    assert one_error(allpass("--layout", LAYOUT, "--play", wrong_turn)) == (
        "--play: взятка 4: 7♣ — эту карту держит первая рука, а ходит сейчас третья рука "
        "(каждый ходит своими картами, по очереди)"
    )
    twice = REVOKE.replace("9♦ Q♦", "9♦ 7♠")
    assert one_error(allpass("--layout", LAYOUT, "--play", twice)) == (
        "--play: взятка 10: 7♠ уже сыграна во взятке 1 (карта играется один раз)"
    )
    talon = REVOKE.replace("7♥ 8♠", "K♥ 8♠", 1)
    assert one_error(allpass("--layout", LAYOUT, "--play", talon)) == (
        "--play: взятка 1: К♥ — карта прикупа, её не держит третья рука "
        "(каждый ходит своими картами)"
    )
    short = REVOKE.rsplit(" ", 1)[0]
    assert one_error(allpass("--layout", LAYOUT, "--play", short)) == (
        "--play: в розыгрыше 29 карт, а в раскладе из 10 взяток их 30 — по три на взятку, "
        "в порядке хода"
    )


def test_usage_errors_in_russian() -> None:
    assert one_error(allpass("--play", REVOKE)) == "--play работает только с --layout"
    assert one_error(allpass()) == "укажите одно из: HAND (с --seat), --layout или --layouts"
    assert one_error(allpass(HAND)) == "для HAND нужен --seat: first, second или third"
    assert one_error(allpass("--layout", LAYOUT, "--samples", "5")) == (
        "--samples работает только с HAND"
    )
    assert one_error(allpass("--layouts", "-", "--json")) == (
        "--json не имеет смысла с --layouts (строки JSON со взятками)"
    )


def test_an_unreadable_layouts_file_in_russian(tmp_path: Path) -> None:
    needs_the_solver()
    missing = tmp_path / "nope.txt"
    line = allpass("--layouts", str(missing)).stderr
    assert line == f"Ошибка: --layouts: {missing}: чтение невозможно (нет такого файла или папки)\n"


def test_library_errors_in_russian_and_english() -> None:
    cases: list[tuple[Callable[[], object], str, str]] = [
        (lambda: Position.parse("fourth"),
         "'fourth' — не место за столом: пишите first, second или third (первая, вторая, третья)",
         "'fourth' is not a seat: write first, second or third"),
        (lambda: HoldingPattern.parse("7 Z"),
         "'7 Z': 'Z' — не достоинство карты преферанса (от 7 до туза)",
         "'7 Z': 'Z' is not a Preferans rank (7..A)"),
        (lambda: HoldingPattern.parse("7 8 9 10 J Q K A 7"),
         "в '7 8 9 10 J Q K A 7' 9 карт, а в масти их всего 8",
         "'7 8 9 10 J Q K A 7' has 9 cards: a suit has only 8"),
        (lambda: HoldingPattern.parse("J J"), "в 'J J' карта В названа дважды",
         "'J J' names the rank J twice"),
        (lambda: Deal((parse_cards("♠7"), parse_cards("♠8 9"), parse_cards("♠10"))),
         "в руках должно быть поровну карт, не больше 10: у первой 1, у второй 2, у третьей 1",
         "the hands must hold the same number of cards, at most 10: first 1, second 2, third 1"),
        (lambda: estimate_allpass(CardSet(0), Position.FIRST, AllPassRules()),
         "в руке 0 карт, а не 10", "the hand holds 0 cards, not 10"),
        (lambda: AllPassRules(penalty=2, progression=Progression.GEOMETRIC).price(21),
         "на 21-м распасе подряд взятка стоила бы 2 × 1\u00a0048\u00a0576 очков: можно не больше "
         "1\u00a0000\u00a0000 очков за взятку",
         "all-pass 21 in a row would price a trick at 2 × 1,048,576 points: at most 1,000,000 "
         "points a trick"),
        (lambda: AllPassRules().price(1001),
         "распасов подряд считается не больше 100, а не 1\u00a0001",
         "at most 100 all-passes in a row are counted, not 1,001"),
    ]  # fmt: skip
    for call, russian, english in cases:
        with pytest.raises(AdvisorError) as raised:
            call()
        with speaking("ru"):
            assert raised.value.text() == russian
        assert str(raised.value) == english


# --- plural forms ------------------------------------------------------------------------------

COUNTED = [
    (("A line of play in which {seat} takes his forced {count} trick:",
      "A line of play in which {seat} takes his forced {count} tricks:"),
     ("навязанную {count} взятку", "навязанные {count} взятки", "навязанные {count} взяток")),
    (("Nobody took {count} trick.", "Nobody took {count} tricks."),
     ("{count} взятка не досталась", "{count} взятки не достались", "{count} взяток не досталось")),
    (("The dealer, who sits out, took {count} trick.",
      "The dealer, who sits out, took {count} tricks."),
     ("взял {count} взятку", "взял {count} взятки", "взял {count} взяток")),
    (("{count} point", "{count} points"), ("{count} очко", "{count} очка", "{count} очков")),
    (("{count:,} random deal of the other 22 cards (seed {seed})",
      "{count:,} random deals of the other 22 cards (seed {seed})"),
     ("{count} случайный расклад", "{count} случайных расклада", "{count} случайных раскладов")),
    (("if everyone passes: {count:,} deal a seat (seed {seed}), {price} a trick",
      "if everyone passes: {count:,} deals a seat (seed {seed}), {price} a trick"),
     ("{count} расклад на руку", "{count} расклада на руку", "{count} раскладов на руку")),
    (("{count} player ({dealer}); talon card {mode}",
      "{count} players ({dealer}); talon card {mode}"),
     ("{count} игрок (", "{count} игрока (", "{count} игроков (")),
]  # fmt: skip


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize(("english", "forms"), COUNTED)
def test_plural_forms(count: int, english: tuple[str, str], forms: tuple[str, str, str]) -> None:
    values = {"seat": "вторая рука", "seed": "0", "price": "1", "dealer": "", "mode": "suit"}
    with speaking("ru"):
        shown = ngettext(*english, count, **values)
    assert russian_form(count, *forms).format(count=count) in shown
    with speaking("en"):
        shown = ngettext(*english, count, **values)
    assert (english[0] if count == 1 else english[1]).format(count=count, **values) == shown


@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms_of_layout_errors(count: int) -> None:
    from advisor.i18n import Phrase

    checks = [
        (Phrase.counted("talon: {count} card given, the talon has 2",
                        "talon: {count} cards given, the talon has 2", count),
         ("указана {count} карта", "указаны {count} карты", "указано {count} карт")),
        (Phrase.counted("a deal of {count} trick", "a deal of {count} tricks", count),
         ("из {count} взятки", "из {count} взяток", "из {count} взяток")),
        (Phrase.counted("the hand holds {count} card, not 10",
                        "the hand holds {count} cards, not 10", count),
         ("{count} карта,", "{count} карты,", "{count} карт,")),
    ]  # fmt: skip
    for phrase, forms in checks:
        with speaking("ru"):
            assert russian_form(count, *forms).format(count=count) in phrase.text()


def test_help_in_russian() -> None:
    result = help_of("allpass")
    assert result.returncode == 0
    assert "Распас, когда все пасуют: каждая взятка — штраф." in result.stdout
    assert "(не больше 10\u00a0000\u00a0000)" in result.stdout
    assert not english_words(result.stdout, NOTATION)
