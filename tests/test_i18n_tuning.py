"""The tuning commands in Russian (``table set``, ``unset``, ``diff``, ``compare``,
``calibrate``, the exact table in ``table show``): their output, help and errors in Russian, the
plural forms of the counts they show, and JSON and the files they write the same bytes in both
languages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from russian import convention_words, english_words
from russian_forms import COUNTS, ENV, assert_plural
from solver_build import require_solver

from advisor.calibrate_file import source_phrase
from advisor.cli import main
from advisor.i18n import speaking
from advisor.table import RULE_DEFAULTS, SETTING_DEFAULTS, exact_table

EXAMPLES = Path(__file__).parent.parent / "examples"
TUNING_HANDS = EXAMPLES / "tuning-hands.txt"
# the names of the settings, rules and tables the output quotes as the file writes them
NAMES = {"threshold", "rules", "no_seven", "founding", "my", "toml", "true", "false"}


def run(*args: str, lang: str = "ru") -> Result:
    return CliRunner().invoke(main, ["--lang", lang, "table", *args], env=ENV)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_set_unset_and_diff_in_russian(here: Path) -> None:
    made = run("set", "7 Q", "82", "--table", "my.toml")
    assert made.exit_code == 0, made.output
    assert made.output == (
        'Создан my.toml из начальной таблицы\nmy.toml: "7 Д" 95 (встроенная) → 82 (my.toml)\n'
    )
    both = run("set", "7 10", "--own", "20.5", "--their", "29", "--table", "my.toml").output
    assert both == 'my.toml: "7 10" 50 (встроенная) → свой ход 20,5, ход ловящих 29 (my.toml)\n'
    assert run("set", "threshold", "75", "--table", "my.toml").exit_code == 0
    removed = run("unset", "threshold", "--table", "my.toml").output
    assert removed == "my.toml: удалено threshold 75 (my.toml) → 80 (встроенная)\n"
    run("set", "threshold", "75", "--table", "my.toml")
    diff = run("diff", "my.toml").output
    lines = diff.splitlines()
    assert lines[2].split() == ["Настройка", "A", "Откуда", "B", "Откуда"]
    assert "threshold  80  встроенная  75  my.toml" in diff
    assert "7 Д    95%  «7 Д» встроенная   82%" in diff
    assert "20,5 / 29%" in diff and "«7 10» my.toml" in diff
    assert lines[-1] == "(процент на оба хода или свой ход / ход ловящих)"
    for out in (made.output, both, removed, diff):
        assert not english_words(out, NAMES), out
    assert run("diff", "founding", "founding").output.endswith(
        "Ни настройки, ни карты мастей не различаются.\n"
    )


def test_the_files_set_writes_are_the_same_in_both_languages(here: Path) -> None:
    for lang in ("en", "ru"):
        run("set", "7 Q", "82.5", "--table", f"{lang}.toml", lang=lang)
        run("set", "8", "--own", "1", "--their", "10", "--table", f"{lang}.toml", lang=lang)
        run("set", "combine", "max", "--table", f"{lang}.toml", lang=lang)
        run("unset", "7 Q", "--table", f"{lang}.toml", lang=lang)
    assert (here / "en.toml").read_bytes() == (here / "ru.toml").read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["set", "treshold", "75"], "Ошибка: 'treshold' — не настройка: настройки — inherit,"),
        (["set", "rules.no_sevens", "false"], "Ошибка: 'rules.no_sevens' — не правило:"),
        (["set", "QX", "3"], "Ошибка: 'QX' — не настройка и не набор карт масти: 'QX'"),
        (["set", "7 Q", "120"], 'Ошибка: my.toml: [holes] "7 Q" = 120 — вне пределов'),
        (["set", "7 Q", "many"], 'Ошибка: my.toml: [holes] "7 Д" = "many" — не число'),
        (["set", "7 Q"], 'Ошибка: "7 Д": картам масти нужен процент или --own и/или --their'),
        (["set", "threshold", "--own", "3"], "Ошибка: threshold принимает одно значение"),
        (["unset", "max_holes"], "Ошибка: my.toml: max_holes в этом файле не задано"),
        (["set", "7", "5", "--table", "exact"], "Ошибка: 'exact' — встроенная таблица, а не файл"),
        (["set", "7", "5", "--table", "bad.toml"], "Ошибка: bad.toml: ошибка синтаксиса TOML"),
        (["diff", "a", "b", "c"], "Ошибка: diff сравнивает не больше двух таблиц, а не 3"),
        (["calibrate", "--all", "--samples", "5"], "Ошибка: --samples и --all несовместимы"),
        (["calibrate", "-o", "x.toml", "--lead", "me"], "Ошибка: --output записывает оба хода"),
        (["set", "7 8 Q|K", "--own", "5"], 'Ошибка: my.toml: [holes] "7 8 Д|К": укажите и '
         "процент на ходу ловящих: у таблицы нет для этого ключа одного числа на ходу ловящих"),
        (["set", "7 Q", "5", "--table", "twice.toml"], 'Ошибка: twice.toml: [holes] "7 10" и '
         '"10 7" — одни и те же карты масти: оставьте одну запись'),
        (["set", "allpass_penalty", "1e308"], "Ошибка: my.toml: allpass_penalty = 1e+308 — нужно "
         "число больше 0, не больше 1000 (очков за взятку)"),
    ],
)  # fmt: skip
def test_errors_in_russian(here: Path, args: list[str], message: str) -> None:
    (here / "my.toml").write_text("threshold = 70\n", encoding="utf-8")
    (here / "bad.toml").write_text("threshold = = 70\n", encoding="utf-8")
    (here / "twice.toml").write_text('[holes]\n"7 10" = 5\n"10 7" = 6\n', encoding="utf-8")
    before = (here / "my.toml").read_bytes()
    edits = args[0] in ("set", "unset") and "--table" not in args
    result = run(*args, *(["--table", "my.toml"] if edits else []))
    assert result.exit_code == 2
    assert result.output.startswith(message), result.output
    assert result.output.count("\n") == 1
    assert (here / "my.toml").read_bytes() == before


def test_an_unwritable_table_file_in_russian(here: Path) -> None:
    mine = here / "my.toml"
    mine.write_text("threshold = 70\n", encoding="utf-8")
    mine.chmod(0o444)
    result = run("set", "threshold", "75", "--table", "my.toml")
    assert result.exit_code == 3
    assert result.output == "Ошибка: my.toml: запись невозможна (файл только для чтения)\n"
    assert mine.read_text(encoding="utf-8") == "threshold = 70\n"


def test_compare_in_russian(here: Path) -> None:
    run("set", "7 10", "--own", "20", "--their", "29", "--table", "my.toml")
    result = run("compare", str(TUNING_HANDS), "--table", "my.toml")
    out = result.output
    assert result.exit_code == 0, out
    lines = out.splitlines()
    assert lines[:3] == [
        "Таблица      my.toml",
        "Сравнение с  founding",
        "Ход          ход ловящих (первым ходит ловящий), если в строке не указан свой",
    ]
    assert lines[3].split() == ["Строка", "Метка", "Рука", "Ход", "my.toml", "founding"]
    assert "   157  t155    ♠7 8 10 В ♣7 10 ♦7 10 ♥7 8   чужой  играть 58%     пас 100%" in out
    assert "Руки                      300" in out and "  играет только my.toml     1" in out
    assert "  обе играют              108" in out and "Ошибочные строки            0" in out
    assert max(len(line) for line in lines) <= 80
    assert not english_words(out, NAMES)
    same = run("compare", str(TUNING_HANDS), "--against", "founding").output
    assert "Ни на одной руке вердикт не меняется." in same


def test_compare_reports_bad_lines_in_russian(here: Path) -> None:
    (here / "hands.txt").write_text("7S 8S\n♠789 ♣789 ♦78 ♥7Q\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--lang", "ru", "table", "compare", "hands.txt"], env=ENV)
    assert result.exit_code == 2
    assert "hands.txt:1: 2 карты, а в руке их 10" in result.stderr
    assert "Ошибочные строки          1" in result.output


def test_compare_exact_in_russian(here: Path) -> None:
    require_solver()
    (here / "hands.txt").write_text("♠7 8 ♣7 9 ♦7 8 Q K ♥7 9 ; lead=me\n", encoding="utf-8")
    args = ("compare", "hands.txt", "--against", "exact", "--exact", "--samples", "231")
    out = run(*args).output
    assert "точная игра: играть +" in out
    assert "Точная игра  231 расклад на место, снос exact, зерно 0; пас стоит 0" in out
    assert "Если следовать" in out and "Совпадает" in out and "Средний" in out
    assert "точной игре" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert not english_words(out, NAMES)
    assert run(*args, "--json", lang="ru").output == run(*args, "--json", lang="en").output


def test_calibrate_in_russian(here: Path) -> None:
    require_solver()
    args = ("calibrate", "--holding", "7 Q", "--samples", "200", "-o", "ru.toml")
    result = run(*args)
    out = result.output
    assert result.exit_code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Таблица  founding"
    assert (
        lines[1] == "Точно    200 случайных раскладов на масть (зерно 0), ± половина интервала 95%"
    )
    assert (
        lines[2] == "Ловится  через эту масть: первую взятку мизеристу навязывают в ней (по масти)"
    )
    assert lines[3].split() == ["Свой", "ход:", "Ход", "ловящих:"]
    assert lines[4].split() == ["Карты", "таблица", "точно", "таблица", "точно", "Откуда", "в",
                                "таблице"]  # fmt: skip
    assert lines[5].startswith("7 Д          95%  ") and lines[5].rstrip().endswith("таблица «7 Д»")
    assert "," in lines[5] and "." not in lines[5]
    assert lines[-1] == "записано ru.toml" or lines[-1].endswith("ru.toml")
    assert max(len(line) for line in lines) <= 80
    assert not english_words(out, NAMES)
    run("calibrate", "--holding", "7 Q", "--samples", "200", "-o", "en.toml", lang="en")
    english = (here / "en.toml").read_text(encoding="utf-8").replace("en.toml", "ru.toml")
    assert (here / "ru.toml").read_text(encoding="utf-8") == english
    assert 'source = "exact play in clean low hands' in english
    assert run(*args[:-2], "--json").output == run(*args[:-2], "--json", lang="en").output


def test_the_diff_json_is_the_same_in_both_languages() -> None:
    assert (
        run("diff", "founding", "exact", "--json").output
        == run("diff", "founding", "exact", "--json", lang="en").output
    )


def test_the_exact_table_shown_in_russian() -> None:
    out = run("show", "--table", "exact").output
    joined = " ".join(out.split())  # the source column folded over lines, read as one
    assert out.splitlines()[0] == "Таблица  exact (встроенная: проценты точной игры)"
    assert (
        "точная игра в чистых младших руках, две карты других мастей в сносе, ловится через эту "
        "масть:" in joined
    )
    assert "100 000 раскладов (зерно 0); 95%: свой ход 80,6–81,0, ход ловящих" in joined
    settings = {*SETTING_DEFAULTS, *(f"rules.{rule}" for rule in RULE_DEFAULTS), "none"}
    words = {word for name in settings for word in name.replace(".", "_").split("_")}
    assert not english_words(out, {*NAMES, *settings, *words, *convention_words()})


def test_every_source_of_the_exact_table_is_read_back() -> None:
    """The English the file holds is what the phrase read back from it says, so that the
    Russian shown is of the same figures."""
    for entry in exact_table().entries.values():
        found = source_phrase(entry.source)
        assert found is not None and str(found) == entry.source
    assert source_phrase("my own guess") is None


@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms_of_the_deals(count: int) -> None:
    assert_plural(
        "{count:,} random deal a holding (seed {seed}), ± half the 95% interval",
        "{count:,} random deals a holding (seed {seed}), ± half the 95% interval",
        ("случайный расклад", "случайных расклада", "случайных раскладов"),
        count,
        seed=0,
    )
    assert_plural(
        "{count:,} deal a seat, {discard} discards, seed {seed}; passing scores {score:g}",
        "{count:,} deals a seat, {discard} discards, seed {seed}; passing scores {score:g}",
        ("расклад на", "расклада на", "раскладов на"),
        count,
        discard="exact",
        seed=0,
        score=0,
    )
    source = (
        "exact play in clean low hands, two of their cards discarded: {count:,} deals (seed 0); "
        "95%: own 1.0–2.0, their 3.0–4.0"
    )
    found = source_phrase(source.replace("{count:,}", f"{count:,}"))
    assert found is not None
    with speaking("ru"):
        text = found.text()
    wanted = {1: "расклад ", 2: "расклада ", 5: "раскладов "}
    form = wanted[1 if count % 10 == 1 and count % 100 != 11 else 2 if 2 <= count % 10 <= 4
                  and not 12 <= count % 100 <= 14 else 5]  # fmt: skip
    assert f" {count} {form}(зерно 0)" in text, text


@pytest.mark.parametrize("command", ["set", "unset", "diff", "compare", "calibrate"])
def test_the_help_of_the_tuning_commands_in_russian(command: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "advisor", "--lang", "ru", "table", command, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Параметры:" in done.stdout
    allowed = {*NAMES, "KEY", "VALUE", "HANDS_FILE", "TEXT", "TABLE", "combine", "pass_score",
               "exact", "A", "B", "own", "their", "lead", "id", "my"}  # fmt: skip
    assert not english_words(done.stdout, allowed), english_words(done.stdout, allowed)
