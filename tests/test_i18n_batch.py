"""``advisor batch`` in Russian: the table, the summary, the chart, the progress bar and the
errors in Russian; the records (jsonl, csv, error records) the same bytes in both languages."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from russian import english_words
from russian_forms import COUNTS, ENV, help_of, russian_form

from advisor.batch import Tally
from advisor.batch.sources import BLOCK_SIZE
from advisor.cli import main
from advisor.errors import LimitError
from advisor.i18n import speaking
from advisor.limits import check_jobs, check_samples, max_jobs

EXAMPLES = Path(__file__).parent.parent / "examples"
CLEAN = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
HOLE = "♠789 ♣789 ♦78 ♥7Q"
# the ids of examples/hands.txt: names a user gave, not English of the advisor's
EXAMPLE_IDS = {"clean", "void", "own", "their", "at", "most", "unlisted", "holes", "over", "deal"}


def run(*args: str, lang: str = "ru", input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["--lang", lang, "batch", *args], input=input, env=ENV)


def test_the_table_summary_and_chart_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES.parent)  # the file names as the README shows them
    result = run("examples/hands.txt", "examples/hands.csv", "--format", "table")
    out = result.output
    assert result.exit_code == 2
    header = out.splitlines()[1].split()
    assert header == ["Строка", "Метка", "Рука", "Ход", "Дыры", "Ловится", "Вердикт"]
    assert "♠7 8 10 ♣7 9 В ♦7 8 ♥7 9      чужой      0       0%  играть" in out
    assert "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥9      свой       1      15%  играть" in out
    assert "♠7 8 9 ♣7 8 ♦7 8 ♥7 8 Т       чужой      1      99%  пас" in out
    assert "9 карт, а в руке их 10" in out and "ошибка" in out
    assert "examples/hands.txt:37: ход 'you' не подходит: нужно me или them" in out
    assert "Прочитано 28 рук: играть мизер — 16, пас — 9, 3 ошибочные строки" in out
    assert "Процент ловли рук без ошибок:" in out
    assert "   0–10%  ██████████████████████████████ 7" in out
    assert not english_words(out, EXAMPLE_IDS)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_english_table_is_unchanged_by_the_translation() -> None:
    english = run(str(EXAMPLES / "hands.txt"), "--format", "table", lang="en").output
    assert (
        "  Line  Id          Hand                          Lead  Holes  Caught  Verdict" in english
    )
    assert "9-own       ♠7 8 9 10 ♣7 8 9 ♦7 8 ♥9      me        1     15%  declare" in english


def _tally(declare: int = 0, passed: int = 0, bad: int = 0, failed_files: int = 0) -> Tally:
    """A tally whose valid hands all fell in the first band."""
    bands = [declare + passed] + [0] * 10
    return Tally(declare, passed, bad, bands, failed_files)


def _summary(tally: Tally, capsys: pytest.CaptureFixture[str]) -> list[str]:
    from advisor.cli.render_batch import render_summary

    render_summary(tally, to_stdout=True)
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms_of_the_summary(count: int, capsys: pytest.CaptureFixture[str]) -> None:
    with speaking("ru"):
        hands = _summary(_tally(declare=count), capsys)[0]
        bad = _summary(_tally(bad=count), capsys)[0]
        files = _summary(_tally(failed_files=count), capsys)[1:]
    verb = russian_form(count, "Прочитана", "Прочитаны", "Прочитано")
    word = russian_form(count, "рука", "руки", "рук")
    assert hands == f"{verb} {count} {word}: играть мизер — {count}, пас — 0, 0 ошибочных строк"
    line = russian_form(count, "ошибочная строка", "ошибочные строки", "ошибочных строк")
    assert bad.endswith(f"пас — 0, {count} {line}")
    file = russian_form(count, "файл", "файла", "файлов")
    assert files == ([f"{count} {file} не удалось прочитать"] if count else [])
    with speaking("en"):
        english = _summary(_tally(declare=count, bad=count), capsys)[0]
    hand_word = "hand" if count == 1 else "hands"
    line_word = "line" if count == 1 else "lines"
    assert english == (
        f"{2 * count} hands read: {count} declare, 0 pass, {count} bad {line_word}"
        if count
        else f"0 {hand_word} read: 0 declare, 0 pass, 0 bad lines"
    )


def test_thousands_are_grouped_the_russian_way(capsys: pytest.CaptureFixture[str]) -> None:
    with speaking("ru"):
        line = _summary(_tally(declare=12_345, passed=1_000, bad=1_001), capsys)[0]
    assert line == (
        "Прочитано 14\u00a0346 рук: играть мизер — 12\u00a0345, пас — 1\u00a0000, "
        "1\u00a0001 ошибочная строка"
    )


def test_the_progress_bar_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.cli.render_batch import progress_bar

    monkeypatch.setenv("TTY_INTERACTIVE", "1")  # rich: behave as on a terminal
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    with speaking("ru"), progress_bar(100, show=True) as advance:
        advance(50, 1000)
        advance(50, 1001)
    shown = stderr.getvalue()
    assert "проверка" in shown and "100%" in shown and "2\u00a0001 рука" in shown
    assert "checking" not in shown and "hands" not in shown


@pytest.mark.parametrize("count", COUNTS)
def test_plural_forms_of_the_hands_per_second(count: int) -> None:
    from rich.progress import Task, TaskID

    from advisor.cli.render_batch import _HandsPerSecond

    task = Task(TaskID(0), "batch", 100, 0, _get_time=lambda: 0.0, fields={"hands": count})
    with speaking("ru"):
        shown = _HandsPerSecond().render(task).plain
    assert shown == f"{count} {russian_form(count, 'рука', 'руки', 'рук')}, 0/с"


def _hands_file(tmp_path: Path, lines: int) -> Path:
    """Hands, bad lines and lines with options: more than one chunk when ``lines`` is large."""
    rows = []
    for number in range(lines):
        kind = number % 5
        rows.append(
            (CLEAN, f"{HOLE}; lead=me", "7S 8S", f"{CLEAN}; lead=you", f"{HOLE}; id=д{number}")[
                kind
            ]
        )
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("output_format", ["jsonl", "csv"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_records_are_the_same_bytes_in_both_languages(
    tmp_path: Path, output_format: str, jobs: str
) -> None:
    hands = _hands_file(tmp_path, 8000 if jobs == "2" else 20)
    assert jobs == "1" or hands.stat().st_size > 2 * BLOCK_SIZE  # chunks for two workers
    outputs = {}
    messages = {}
    for lang in ("en", "ru"):
        result = run(str(hands), "--format", output_format, "--jobs", jobs, lang=lang)
        assert result.exit_code == 2
        outputs[lang] = result.stdout_bytes
        messages[lang] = result.stderr
    assert outputs["ru"] == outputs["en"]
    assert b"2 cards given, a hand has 10" in outputs["en"]
    assert b"lead 'you' must be me or them" in outputs["en"]
    assert f"{hands}:3: 2 карты, а в руке их 10" in messages["ru"]
    assert f"{hands}:4: ход 'you' не подходит: нужно me или them" in messages["ru"]
    assert f"{hands}:3: 2 cards given, a hand has 10" in messages["en"]
    assert "ошибочных строк" in messages["ru"] and "bad lines" in messages["en"]


def test_records_written_in_place_by_workers_are_the_same_in_both_languages(
    tmp_path: Path,
) -> None:
    hands = _hands_file(tmp_path, 8000)
    assert hands.stat().st_size > 2 * BLOCK_SIZE
    written = {}
    for lang in ("en", "ru"):
        target = tmp_path / f"out-{lang}.jsonl"
        result = run(str(hands), "-q", "--jobs", "2", "-o", str(target), lang=lang)
        assert result.exit_code == 2
        written[lang] = target.read_bytes()
    assert written["ru"] == written["en"]


def test_talon_fields_are_the_same_in_both_languages_and_read_in_russian(tmp_path: Path) -> None:
    hands = tmp_path / "two.txt"
    hands.write_text(f"{HOLE}\n7S 8S\n", encoding="utf-8")
    jsonl = [run(str(hands), "--talon", "--format", "jsonl", lang=lang) for lang in ("en", "ru")]
    assert jsonl[0].stdout_bytes == jsonl[1].stdout_bytes
    assert b'"talon_outs"' in jsonl[0].stdout_bytes
    table = run(str(hands), "--talon", "--format", "table", "-q").output
    assert "прикуп: чистых" in table and "закрывающие карты: ♥7 Д:" in table
    assert not english_words(table.replace(str(tmp_path), "FILE"))


# --- errors in Russian -------------------------------------------------------------------------


def _one_error_line(result: Result, code: int = 2, where: Path | None = None) -> str:
    assert result.exit_code == code
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    named = lines[0] if where is None else lines[0].replace(str(where), "FILE")
    assert not english_words(named), lines[0]
    return lines[0]


def test_usage_errors_in_russian() -> None:
    line = _one_error_line(run("--json", "--format", "csv", input=""))
    assert line == "Ошибка: --json требует jsonl, а --format — csv"
    line = _one_error_line(run("--seat", "first", input=""))
    assert line == "Ошибка: --seat работает только с --allpass или --bid"


def test_the_jobs_limit_in_russian() -> None:
    line = _one_error_line(run("--jobs", str(max_jobs() + 1), input=""))
    assert f"процессов должно быть не больше {max_jobs()} (4 × " in line
    assert line.endswith(f"), а не {max_jobs() + 1}")


@pytest.mark.parametrize("count", COUNTS[1:])
def test_the_jobs_limit_names_the_cores_in_plural(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("advisor.limits.cores", lambda: count)
    with pytest.raises(LimitError) as raised:
        check_jobs(4 * count + 1)
    with speaking("ru"):
        shown = raised.value.text()
    assert f"(4 × {count} {russian_form(count, 'ядро', 'ядра', 'ядер')})" in shown
    assert f"the {count} {'core' if count == 1 else 'cores'})" in str(raised.value)


def test_the_samples_limit_in_russian() -> None:
    with pytest.raises(LimitError) as raised:
        check_samples(20_000_000)
    with speaking("ru"):
        assert raised.value.text() == (
            "раскладов должно быть не больше 10\u00a0000\u00a0000, а не 20\u00a0000\u00a0000"
        )
    assert str(raised.value) == "the number of samples must be at most 10,000,000, not 20,000,000"


def test_output_that_is_an_input_in_russian(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(CLEAN + "\n", encoding="utf-8")
    line = _one_error_line(run(str(hands), "-o", str(hands)), where=tmp_path)
    assert (
        line == f"Ошибка: {hands} — это и входной файл {hands}: запишите результаты в другое место"
    )


def test_an_output_that_cannot_be_written_in_russian(tmp_path: Path) -> None:
    line = _one_error_line(run("-o", str(tmp_path), input=CLEAN), code=3, where=tmp_path)
    assert line == f"Ошибка: {tmp_path}: запись невозможна (это папка)"
    missing = tmp_path / "no" / "out.jsonl"
    line = _one_error_line(run("-o", str(missing), input=CLEAN), code=3, where=missing.parent)
    assert line == (
        f"Ошибка: {missing}: запись невозможна (папка {missing.parent}: нет такого файла или папки)"
    )


def test_unreadable_files_and_csv_headers_in_russian(tmp_path: Path) -> None:
    headless = tmp_path / "h.csv"
    headless.write_text("cards,lead\n7S,me\n", encoding="utf-8")
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    result = run(str(tmp_path / "nope.txt"), str(tmp_path), str(headless), str(empty), "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'nope.txt'}: нет такого файла",
        f"{tmp_path}: это папка, а не файл с руками",
        f"{headless}: в заголовке CSV нет столбца 'hand' (есть: cards, lead)",
        f"{empty}: пустой файл CSV: нужен заголовок со столбцом 'hand'",
    ]


def test_bad_lines_in_russian_with_english_records() -> None:
    text = f"{CLEAN}; colour=red\n{CLEAN}; id=a; id=b\n{CLEAN}; id=\n{'7S ' * 2000}\n"
    result = run("--format", "jsonl", "-q", input=text)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "<stdin>:1: 'colour=red' — не параметр строки: пишите '; lead=me', '; lead=them' или "
        "'; id=ИМЯ'",
        "<stdin>:2: 'id' указан дважды",
        "<stdin>:3: после 'id=' нужно имя",
        "<stdin>:4: строка длиннее 4\u00a0096 байт (руке хватает нескольких сотен)",
    ]
    assert '"error": "\'colour=red\' is not an option' in result.stdout
    assert '"error": "the line is longer than 4,096 bytes (a hand needs a few hundred)"' in (
        result.stdout
    )


def test_a_line_that_is_not_utf8_in_russian() -> None:
    result = run("--format", "csv", "-q", input=b"7S 8S \xff\n")
    assert result.stderr == "<stdin>:1: текст не в UTF-8 (байт 0xff)\n"
    assert result.stdout.endswith(",not UTF-8 text (byte 0xff)\n")


def test_a_csv_row_without_a_hand_in_russian() -> None:
    result = run("--input-format", "csv", "--format", "csv", "-q", input="hand,id\n,x\n")
    assert result.stderr == "<stdin>:2: в столбце 'hand' нет руки\n"
    assert result.stdout.splitlines()[1].endswith(",no hand in the 'hand' column")


def test_help_in_russian() -> None:
    result = help_of("batch")
    assert result.returncode == 0
    assert "Проверить каждую руку в файлах FILE" in result.stdout
    assert "Без индикатора хода работы и без итогов." in result.stdout
    assert not english_words(result.stdout)
