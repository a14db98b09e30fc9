"""``advisor batch`` transcripts: exact output, messages and exit codes."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from other_user import needs_root

from advisor.cards import parse_hand
from advisor.cli import main
from advisor.seats import Lead
from advisor.table import default_table
from advisor.verdict import assess

EXAMPLES = Path(__file__).parent.parent / "examples"
CLEAN = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
HOLE = "♠789 ♣789 ♦78 ♥7 10"
BAD = "7S 8S"


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["batch", *args], input=input)


def record(file: str, line: int, ident: str | None, hand: str, lead: str = "them") -> str:
    assessed = assess(parse_hand(hand), Lead(lead), default_table()).to_dict()
    return json.dumps({"file": file, "line": line, "id": ident, **assessed}, ensure_ascii=False)


def test_jsonl_from_standard_input() -> None:
    result = run("--quiet", input=f"{CLEAN}; id=a\n\n# skipped\n{BAD}\n{HOLE}; lead=me\n")
    assert result.stdout.splitlines() == [
        record("<stdin>", 1, "a", CLEAN),
        '{"file": "<stdin>", "line": 4, "error": "2 cards given, a hand has 10"}',
        record("<stdin>", 5, None, HOLE, "me"),
    ]
    assert result.stderr == "<stdin>:4: 2 cards given, a hand has 10\n"
    assert result.exit_code == 2


def test_all_valid_exits_0_whatever_the_verdicts() -> None:
    result = run("-", "--quiet", "--lead", "me", input=f"{CLEAN}\n♠789 ♣789 ♦78 ♥7Q\n")
    assert [json.loads(line)["verdict"] for line in result.stdout.splitlines()] == [
        "declare",
        "pass",
    ]
    assert (result.stderr, result.exit_code) == ("", 0)


def test_summary_on_standard_error() -> None:
    result = run("--format", "jsonl", input=f"{CLEAN}\n{HOLE}\n{BAD}\n♠789 ♣789 ♦78 ♥7Q\n")
    assert result.stderr == (
        "<stdin>:3: 2 cards given, a hand has 10\n"
        "4 hands read: 2 declare, 1 pass, 1 bad line\n"
        "Combined catch chance of the valid hands:\n"
        "   0–10%  ██████████████████████████████ 1\n"
        "  10–20%                                 0\n"
        "  20–30%                                 0\n"
        "  30–40%                                 0\n"
        "  40–50%                                 0\n"
        "  50–60%  ██████████████████████████████ 1\n"
        "  60–70%                                 0\n"
        "  70–80%                                 0\n"
        "  80–90%                                 0\n"
        " 90–100%  ██████████████████████████████ 1\n"
        "   ≥100%                                 0\n"
    )
    assert result.exit_code == 2


def test_csv_output() -> None:
    result = run("--format", "csv", "-q", input=f"{HOLE}; id=x, y\n{BAD}\n")
    assert result.stdout == (
        "file,line,id,hand,lead,spades,spades_status,spades_percent,clubs,clubs_status,"
        "clubs_percent,diamonds,diamonds_status,diamonds_percent,hearts,hearts_status,"
        "hearts_percent,holes,combined,combine,threshold,max_holes,verdict,decided_by,error\n"
        '<stdin>,1,"x, y",♠7 8 9 ♣7 8 9 ♦7 8 ♥7 10,them,7 8 9,clean,0,7 8 9,clean,0,7 8,clean,0,'
        "7 10,hole,50,1,50,sum,80,2,declare,max_holes threshold,\n"
        "<stdin>,2" + "," * 23 + '"2 cards given, a hand has 10"\n'
    )
    assert result.exit_code == 2


def test_csv_text_never_runs_as_a_formula(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """OWASP's advice against CSV injection: text that starts with = + - @ (or a tab or a
    carriage return) gets a single quote in front, inside double quotes."""
    monkeypatch.chdir(tmp_path)
    ids = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "a=b", "'q"]
    Path("=cmd.txt").write_text("".join(f"{CLEAN}; id={ident}\n" for ident in ids), "utf-8")
    result = run("=cmd.txt", "--format", "csv", "-q")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))[1:]
    assert [row[0] for row in rows] == ["'=cmd.txt"] * len(ids)
    assert [row[2] for row in rows] == ["'" + ident for ident in ids[:4]] + ids[4:]
    assert result.stdout.splitlines()[1].startswith(
        '"\'=cmd.txt",1,"\'=HYPERLINK(""http://x"")",♠7 8 10 ♣7 9 J'
    )


def test_table_output() -> None:
    result = run("--format", "table", input=f"{CLEAN}; id=first\n{BAD}\n{HOLE}\n")
    assert result.stdout == (
        "  Line  Id          Hand                          Lead  Holes  Caught  Verdict\n"
        "     1  first       ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9      them      0      0%  declare\n"
        "     2              2 cards given, a hand has 10                       error\n"
        "     3              ♠7 8 9 ♣7 8 9 ♦7 8 ♥7 10      them      1     50%  declare\n"
        "3 hands read: 2 declare, 0 pass, 1 bad line\n"
        "Combined catch chance of the valid hands:\n"
        "   0–10%  ██████████████████████████████ 1\n"
        "  10–20%                                 0\n"
        "  20–30%                                 0\n"
        "  30–40%                                 0\n"
        "  40–50%                                 0\n"
        "  50–60%  ██████████████████████████████ 1\n"
        "  60–70%                                 0\n"
        "  70–80%                                 0\n"
        "  80–90%                                 0\n"
        " 90–100%                                 0\n"
        "   ≥100%                                 0\n"
    )
    assert result.stderr == "<stdin>:2: 2 cards given, a hand has 10\n"


def test_table_output_folds_on_a_narrow_terminal() -> None:
    """At 40 columns each row takes two lines, the second under the header's second line; a
    hand breaks only between its suits, an error between its words, an id is cut."""
    lines = f"{CLEAN}; id=first\n{BAD}\n♠7 8 9 10 J ♣7 8 9 ♦7 8; id=x\n"
    result = CliRunner().invoke(
        main, ["batch", "--format", "table", "-q"], input=lines, env={"COLUMNS": "40"}
    )
    assert result.stdout == (
        "  Line Id   Hand\n"
        "  Lead Holes Caught Verdict\n"
        "     1 fir… ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9\n"
        "  them     0     0% declare\n"
        "     2      2 cards given, a hand has 10\n"
        "                    error\n"
        "     3 x    ♠7 8 9 10 J ♣7 8 9 ♦7 8\n"
        "  them     0     0% declare\n"
    )
    result = CliRunner().invoke(
        main, ["batch", "--format", "table", "-q", "-t"], input=lines, env={"COLUMNS": "40"}
    )
    assert max(len(line) for line in result.stdout.splitlines()) <= 40


def test_default_format_is_jsonl_when_piped() -> None:
    assert run("-q", input=CLEAN).stdout == record("<stdin>", 1, None, CLEAN) + "\n"


def test_several_files_an_unreadable_one_and_csv(tmp_path: Path) -> None:
    first = tmp_path / "a.txt"
    first.write_text(f"{CLEAN}\n", encoding="utf-8")
    sheet = tmp_path / "b.csv"
    sheet.write_bytes(f"\ufeffhand,id\n{HOLE},h1\n".encode())
    missing = tmp_path / "missing.txt"
    result = run(str(first), str(missing), str(sheet), "-q")
    assert result.stdout.splitlines() == [
        record(str(first), 1, None, CLEAN),
        record(str(sheet), 2, "h1", HOLE),
    ]
    assert result.stderr == f"{missing}: no such file\n"
    assert result.exit_code == 2


def test_input_format_csv_from_standard_input() -> None:
    result = run("--input-format", "csv", "-q", input=f"hand,lead\n{CLEAN},me\n")
    assert result.stdout == record("<stdin>", 2, None, CLEAN, "me") + "\n"
    assert result.exit_code == 0


def test_csv_without_a_hand_column() -> None:
    result = run("--input-format", "csv", "-q", input="cards\n7S\n")
    assert (result.stdout, result.exit_code) == ("", 2)
    assert result.stderr == "<stdin>: the CSV header has no 'hand' column (found: cards)\n"


def test_output_file_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = run("-o", str(out), "-q", input=f"{CLEAN}\n{BAD}\n")
    assert (result.stdout, result.exit_code) == ("", 2)
    assert out.read_text(encoding="utf-8").splitlines()[0] == record("<stdin>", 1, None, CLEAN)
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


def test_output_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("-o", "-", "-q", input=f"{CLEAN}\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [record("<stdin>", 1, None, CLEAN)]
    assert list(tmp_path.iterdir()) == []  # no file named "-"


def test_output_into_a_missing_directory() -> None:
    result = run("-o", "/nonexistent/out.jsonl", input=CLEAN)
    assert result.stderr == (
        "Error: /nonexistent/out.jsonl: cannot be written (its folder /nonexistent: No such file "
        "or directory)\n"
    )
    assert result.exit_code == 3


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_output_file_keeps_its_owner_and_group(tmp_path: Path, jobs: str) -> None:
    needs_root()
    out = tmp_path / "theirs.jsonl"
    out.write_text("old\n", encoding="utf-8")
    os.chown(out, 12345, 23456)
    out.chmod(0o640)
    result = run("-o", str(out), "-q", "-j", jobs, input=f"{CLEAN}\n" * 5000)
    assert result.exit_code == 0
    info = out.stat()
    assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (12345, 23456, 0o640)
    assert out.read_text(encoding="utf-8").count("\n") == 5000


def test_json_and_format_disagree() -> None:
    result = run("--json", "--format", "csv", input=CLEAN)
    assert result.exit_code == 2
    assert result.stderr == "Error: --json asks for jsonl, --format asks for csv\n"


@pytest.mark.parametrize("jobs", ["0", "2"])
def test_jobs_keep_the_order(jobs: str) -> None:
    text = (EXAMPLES / "hands.txt").read_text(encoding="utf-8") * 200
    one = run("-", "-q", input=text)
    many = run("-", "-q", "--jobs", jobs, input=text)
    assert many.stdout == one.stdout
    assert many.stderr == one.stderr
    assert many.exit_code == one.exit_code == 2


@pytest.mark.parametrize("output_format", ["jsonl", "csv"])
def test_jobs_write_the_same_output_file(output_format: str, tmp_path: Path) -> None:
    """With --output, worker processes write their records into the file themselves."""
    text = (EXAMPLES / "hands.txt").read_text(encoding="utf-8") * 300
    for jobs in ("1", "2"):
        out = tmp_path / f"{jobs}.{output_format}"
        result = run("-", "-q", "--format", output_format, "-o", str(out), "-j", jobs, input=text)
        assert (result.stdout, result.exit_code) == ("", 2)
    assert (tmp_path / f"2.{output_format}").read_bytes() == (
        tmp_path / f"1.{output_format}"
    ).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"1.{output_format}",
        f"2.{output_format}",
    ]


def test_examples() -> None:
    result = run(str(EXAMPLES / "hands.txt"), str(EXAMPLES / "hands.csv"), "-q")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 28
    errors = [r for r in records if "error" in r]
    assert [(Path(r["file"]).name, r["line"]) for r in errors] == [
        ("hands.txt", 36),
        ("hands.txt", 37),
        ("hands.csv", 6),
    ]
    verdicts = {r["id"]: r["verdict"] for r in records if "id" in r}
    assert verdicts["7-J"] == "declare" and verdicts["7-Q"] == "pass"
    assert verdicts["8-own"] == "declare" and verdicts["8-their"] == "pass"


def test_help_ends_with_an_example() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "Example:\n    advisor batch examples/hands.txt" in result.stdout


def test_table_shows_extra_fields_under_the_hand() -> None:
    import io

    from advisor.batch import Row
    from advisor.cli.render_batch import ResultTable

    out = io.StringIO()
    row = Row("f", 3, "x", "♠7 8 10 ♣7 9 J ♦7 8 ♥7 9", "me", 1, 5, "declare", (), None,
              {"talon_clean": 0.5, "outs": ["♠8"]})  # fmt: skip
    ResultTable(out, several_files=False).add([row])
    assert out.getvalue() == (
        "  Line  Id          Hand                          Lead  Holes  Caught  Verdict\n"
        "     3  x           ♠7 8 10 ♣7 9 J ♦7 8 ♥7 9      me        1      5%  declare\n"
        '                    talon_clean=0.5 outs=["♠8"]\n'
    )


@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_usual_rows_template_writes_what_the_grid_does(
    monkeypatch: pytest.MonkeyPatch, colour: bool, lang: str
) -> None:
    """The table writes its usual rows by a template made once; it writes them as the grid
    lays any row out (with the escape codes of a colour terminal, too)."""
    import io

    from advisor import i18n
    from advisor.batch import BatchJob, Checker
    from advisor.batch.sources import TextChunk
    from advisor.cli.render_batch import ResultTable

    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    data = (EXAMPLES / "hands.txt").read_bytes() + f"{CLEAN}; lead=me\n{HOLE}\n".encode()
    rows = Checker(BatchJob(default_table(), output="rows")).check(TextChunk("f", 1, data)).rows
    with i18n.speaking(lang):
        written = []
        for usual in (True, False):
            out = io.StringIO()
            table = ResultTable(out, several_files=False)
            assert table.usual is not None
            if not usual:
                table.usual = None
            table.add(rows)
            written.append(out.getvalue())
    assert ("\x1b[" in written[0]) is colour
    assert written[0] == written[1]


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from advisor.cli.render_batch import progress_bar

    monkeypatch.setenv("TTY_INTERACTIVE", "1")  # rich: behave as on a terminal
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    with progress_bar(100, show=True) as advance:
        advance(50, 1000)
        advance(50, 1000)
    shown = stderr.getvalue()
    assert "checking" in shown and "100%" in shown and "2,000 hands" in shown
    assert shown.endswith("\x1b[2K")  # transient: the bar is gone when the run ends


def test_no_progress_bar_when_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from advisor.cli.render_batch import progress_bar

    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    with progress_bar(100, show=False) as advance:
        advance(100, 1000)
    assert stderr.getvalue() == ""


def test_a_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    import os

    name = os.fsdecode(bytes(tmp_path / "bad") + b"\xff.txt")
    Path(name).write_text(f"{CLEAN}\n", encoding="utf-8")
    result = run(name, "-q")
    shown = str(tmp_path / "bad") + "\ufffd.txt"
    assert result.stdout == record(shown, 1, None, CLEAN) + "\n"
    assert result.exit_code == 0
