"""``advisor allpass`` through the command line, as transcripts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import require_built

from advisor.allpass import solver
from advisor.cli import main
from advisor.errors import AllPassSolverUnavailableError

ENV = {"COLUMNS": "80", "NO_COLOR": "1"}
DEAL = (
    "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q ♦10 J Q "
    "third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥"
)
# the line of the first test, but in trick 6 first hand throws ♣8 while holding ♦8 and ♦9
REVOKED = (
    "7♠ J♠ 7♥ 8♠ Q♠ 8♥ 9♠ K♠ K♣ 10♣ A♣ 7♣ K♦ 7♦ 10♦ A♦ 8♣ J♦ 9♥ 10♠ A♠ 10♥ 8♦ J♣ J♥ 9♣ Q♣ Q♥ 9♦ Q♦"
)
HEADER = (
    "First   ♠7 8 9 10 ♣7 8 9 ♦7 8 9\n"
    "Second  ♠J Q K A ♣10 J Q ♦10 J Q\n"
    "Third   ♣K A ♦K A ♥7 8 9 10 J Q\n"
    "Talon   K♥, then A♥\n"
    "Rules   3 players (the dealer is third hand); talon card suit\n"
    "Price   1 point a trick\n"
)


def _run(args: list[str], input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["allpass", *args], env=ENV, input=input)
    return result.exit_code, result.output


def _records(args: list[str], input: str | None = None) -> tuple[int, str, str]:
    """``--layouts``' exit code, its records (standard output) and its errors' lines."""
    result = CliRunner().invoke(main, ["allpass", *args], env=ENV, input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def _solver() -> None:
    require_built(solver.core_available(), "the compiled all-pass solver")


@pytest.mark.usefixtures("_solver")
def test_one_deal_and_a_line_of_play() -> None:
    assert _run(["--layout", DEAL, "--seat", "second"]) == (0, HEADER + (
        "\n"
        "Seat    Forced  Fewest  Points\n"
        "first        0       0       0\n"
        "second       1       0       1\n"
        "third       10       2      10\n"
        "(points: the forced tricks at the price)\n"
        "\n"
        "A line of play in which second hand takes his forced 1 trick:\n"
        "\n"
        " #  Lead          First  Second  Third  Taken by\n"
        " 1  talon K♥      7♠     J♠      7♥     third\n"
        " 2  talon A♥      8♠     Q♠      8♥     third\n"
        " 3  first leads   9♠     K♠      K♣     second  ←\n"
        " 4  second leads  7♣     10♣     A♣     third\n"
        " 5  third leads   7♦     10♦     K♦     third\n"
        " 6  third leads   8♦     J♦      A♦     third\n"
        " 7  third leads   10♠    A♠      9♥     third\n"
        " 8  third leads   8♣     J♣      10♥    third\n"
        " 9  third leads   9♣     Q♣      J♥     third\n"
        "10  third leads   9♦     Q♦      Q♥     third\n"
    ))  # fmt: skip


@pytest.mark.usefixtures("_solver")
def test_one_deal_json() -> None:
    code, output = _run(["--layout", DEAL, "--json", "--talon-card", "dealer"])
    data = json.loads(output)
    assert code == 0 and "line" not in data
    assert data["seats"] == [
        {"seat": "first", "forced": 0, "fewest": 0},
        {"seat": "second", "forced": 1, "fewest": 0},
        {"seat": "third", "forced": 10, "fewest": 2},
    ]
    assert data["rules"]["talon_card"] == "dealer" and data["deal"]["talon"] == ["K♥", "A♥"]
    code, output = _run(["--layout", DEAL, "--json", "--seat", "first"])
    data = json.loads(output)
    assert data["seat"] == "first" and len(data["line"]) == 10
    assert data["line"][0] == {
        "number": 1, "turned": "K♥", "leader": "first", "cards": ["7♠", "J♠", "7♥"],
        "taker": "third",
    }  # fmt: skip
    assert all(trick["taker"] != "first" for trick in data["line"])


def test_replay_with_a_revoke() -> None:
    """Needs no compiled part: the replay only applies the rules."""
    assert _run(["--layout", DEAL, "--play", REVOKED]) == (0, HEADER + (
        "\n"
        " #  Lead          First  Second  Third  Taken by\n"
        " 1  talon K♥      7♠     J♠      7♥     third\n"
        " 2  talon A♥      8♠     Q♠      8♥     third\n"
        " 3  first leads   9♠     K♠      K♣     second\n"
        " 4  second leads  7♣     10♣     A♣     third\n"
        " 5  third leads   7♦     10♦     K♦     third\n"
        " 6  third leads   8♣     J♦      A♦     third\n"
        " 7  third leads   10♠    A♠      9♥     third\n"
        " 8  third leads   8♦     J♣      10♥    third\n"
        " 9  third leads   9♣     Q♣      J♥     third\n"
        "10  third leads   9♦     Q♦      Q♥     third\n"
        "Revoke in trick 6: first hand played 8♣ to a ♦ trick while holding ♦\n"
        "(the revoker is charged every trick of the deal, the others nothing)\n"
        "\n"
        "Seat    Tricks  Charged  Points\n"
        "first        0       10      10\n"
        "second       1        0       0\n"
        "third        9        0       0\n"
        "(points: the tricks charged, at the price)\n"
    ))  # fmt: skip


def test_replay_json_with_a_price(tmp_path: Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('allpass_penalty = 2\nallpass_progression = "arithmetic"\n')
    args = ["--layout", DEAL, "--play", REVOKED, "--json", "--table", str(table), "--repeat", "3"]
    code, output = _run(args)
    data = json.loads(output)
    assert code == 0 and data["price"] == 6 and data["repeat"] == 3
    assert data["revokes"] == [{"trick": 6, "seat": "first", "card": "8♣", "suit": "♦"}]
    assert [p["penalty"] for p in data["players"]] == [60, 0, 0]
    assert data["tricks"][5]["cards"] == ["A♦", "8♣", "J♦"]  # in the order played


@pytest.mark.usefixtures("_solver")
def test_sampled_estimate() -> None:
    args = ["♠7 9 J ♣8 Q A ♦7 10 ♥9 K", "--seat", "first", "--samples", "200", "--seed", "1"]
    assert _run(args) == (0, (
        "Hand    ♠7 9 J ♣8 Q A ♦7 10 ♥9 K\n"
        "Seat    first hand\n"
        "Deals   200 random deals of the other 22 cards (seed 1)\n"
        "Rules   3 players (the dealer is third hand); talon card suit\n"
        "Price   1 point a trick\n"
        "\n"
        "          Mean  95% interval\n"
        "Forced   3.625  3.497–3.753\n"
        "Fewest   0.040  0.013–0.067\n"
        "\n"
        "Tricks  Forced  Fewest\n"
        "     0       0     192\n"
        "     1       1       8\n"
        "     2      20       0\n"
        "     3      69       0\n"
        "     4      75       0\n"
        "     5      33       0\n"
        "     6       2       0\n"
        "\n"
        "Expected penalty  3.62 points (95% 3.50–3.75)\n"
        "(the forced tricks at 1 point a trick)\n"
    ))  # fmt: skip
    code, output = _run([*args, "--json", "--jobs", "2"])
    data = json.loads(output)
    assert code == 0 and set(data) >= {"forced", "fewest", "expected_penalty"}
    assert data["forced"]["histogram"] == [0, 1, 20, 69, 75, 33, 2, 0, 0, 0, 0]
    assert data["forced"]["mean"] == 3.625 and len(data["fewest"]["histogram"]) == 11


@pytest.mark.usefixtures("_solver")
def test_many_deals_one_record_a_line_in_order() -> None:
    lines = [DEAL, "first: 7S", "", DEAL.replace("talon: K♥ A♥", "talon: A♥ K♥"), "\xff"]
    code, output, errors = _records(["--layouts", "-", "--seat", "third"],
                                    input="\n".join(lines) + "\n")  # fmt: skip
    assert code == 2
    assert errors.splitlines() == [  # each bad line said on standard error too, as batch does
        "<stdin>:2: the deal has no second: and no third: and no talon: part",
        "<stdin>:3: no deal on this line: write first: ... second: ... third: ... talon: ...",
        "<stdin>:5: 'ÿ' comes before a label: write first: ... second: ... third: ... talon: ...",
    ]
    assert output.splitlines() == [
        '{"line": 1, "seats": [{"seat": "third", "forced": 10, "fewest": 2}]}',
        '{"line": 2, "error": "the deal has no second: and no third: and no talon: part"}',
        '{"line": 3, "error": "no deal on this line: write first: ... second: ... third: ... '
        'talon: ..."}',
        '{"line": 4, "seats": [{"seat": "third", "forced": 10, "fewest": 2}]}',
        '{"line": 5, "error": "\'ÿ\' comes before a label: write first: ... second: ... third: '
        '... talon: ..."}',
    ]


@pytest.mark.usefixtures("_solver")
def test_many_deals_from_a_file(tmp_path: Path) -> None:
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{DEAL}\n{DEAL}\n", encoding="utf-8")
    code, output, _ = _records(["--layouts", str(deals), "--values", "forced", "--jobs", "2"])
    assert code == 0
    record = {"seats": [{"seat": "first", "forced": 0}, {"seat": "second", "forced": 1},
                        {"seat": "third", "forced": 10}]}  # fmt: skip
    assert [json.loads(line) for line in output.splitlines()] == [
        {"line": 1, **record},
        {"line": 2, **record},
    ]
    deals.write_bytes(b"\xff\xfe\n")
    assert _records(["--layouts", str(deals)])[1] == (
        '{"line": 1, "error": "not UTF-8 text (invalid start byte at byte 0)"}\n'
    )


@pytest.mark.usefixtures("_solver")
def test_many_deals_skip_comments_and_byte_order_marks(tmp_path: Path) -> None:
    """A comment gets no record, as in ``advisor batch``; a byte-order mark that starts a line
    (files run together) is nothing, and one inside a line is shown escaped."""
    deals = tmp_path / "deals.txt"
    lines = ["# deals of the test", f"\ufeff{DEAL}", "\ufeff# another file", "  #", "",
             f"{DEAL[:6]}\ufeff{DEAL[6:]}"]  # fmt: skip
    deals.write_bytes("\n".join(lines).encode() + b"\n# caf\xe9\n")
    code, output, _ = _records(["--layouts", str(deals), "--seat", "third", "--values", "forced"])
    assert code == 2
    assert output.splitlines() == [
        '{"line": 2, "seats": [{"seat": "third", "forced": 10}]}',
        '{"line": 5, "error": "no deal on this line: write first: ... second: ... third: ... '
        'talon: ..."}',
        '{"line": 6, "error": "first: \'\\\\ufeff\': \'\\\\ufeff\' is neither a rank (7..A) nor a '
        'suit"}',
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--layout", DEAL.replace("talon: K♥ A♥", "talon: K♥ A♥ 7♠")],
         "Error: --layout: talon: 3 cards given, the talon has 2"),
        (["--layout", DEAL.replace("talon: K♥ A♥", "talon: K♥")],
         "Error: --layout: talon: 1 card given, the talon has 2"),
        (["--layout", DEAL.replace("♣7 8 9 ♦7", "♣K 8 9 ♦7")],
         "Error: --layout: first hand and third hand both hold ♣K"),
        (["--layout", DEAL.replace("♦7 8 9 second", "♦7 8 second")],
         "Error: --layout: first: 9 cards given, a hand has 10"),
        (["--layout", DEAL.replace("talon: K♥ A♥", "")],
         "Error: --layout: the deal has no talon: part"),
        (["--layout", DEAL, "--play", REVOKED.replace("10♣ A♣ 7♣", "10♣ 7♣ A♣")],
         "Error: --play: trick 4: 7♣ is first hand's card, not third hand's, who plays now "
         "(a player plays his own cards, in turn)"),
        (["--layout", DEAL, "--play", REVOKED.replace(" Q♦", "")],
         "Error: --play: the play gives 29 cards; a deal of 10 tricks has 30, three a trick in "
         "the order played"),
        (["--layouts", "/no/such/file"],
         "Error: --layouts: /no/such/file: cannot be read (No such file or directory)"),
        (["♠7 9 J ♣8 Q A ♦7 10 ♥9", "--seat", "first"], "Error: 9 cards given, a hand has 10"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    if "--play" not in args:
        require_built(solver.core_available(), "the compiled all-pass solver")
    assert _run(args) == (2, message + "\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["♠7 9 J ♣8 Q A ♦7 10 ♥9 K"], "HAND needs --seat: first, second or third"),
        (["--play", "7S"], "--play goes with --layout"),
        ([], "give one of HAND (with --seat), --layout or --layouts"),
        (["--layout", DEAL, "--layouts", "-"],
         "give one of HAND (with --seat), --layout or --layouts"),
        (["--layout", DEAL, "--samples", "5"], "--samples goes with HAND"),
        (["--layout", DEAL, "--values", "forced"], "--values goes with --layouts"),
        (["--layout", DEAL, "--jobs", "2"], "--jobs goes with HAND or --layouts"),
        (["--layout", DEAL, "--play", REVOKED, "--seat", "first"],
         "--seat has no meaning with --play (a replay)"),
        (["--layouts", "-", "--json"],
         "--json has no meaning with --layouts (JSON lines of tricks)"),
        (["--layout", DEAL, "--talon-card", "both"], "Invalid value for '--talon-card'"),
    ],
)  # fmt: skip
def test_usage_errors(args: list[str], message: str) -> None:
    code, output = _run(args)
    assert code == 2 and message in output.splitlines()[-1]


def test_without_the_compiled_part_the_command_says_so() -> None:
    env = {**os.environ, **ENV, "ADVISOR_PUREPYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "advisor", "allpass", "--layout", DEAL],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert done.returncode == 4 and done.stdout == ""  # a compiled part is missing
    assert done.stderr == f"Error: {AllPassSolverUnavailableError()}\n"
    replayed = subprocess.run(
        [sys.executable, "-m", "advisor", "allpass", "--layout", DEAL, "--play", REVOKED],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert replayed.returncode == 0 and "Revoke in trick 6" in replayed.stdout


# --- prices that stay numbers a player could write ---------------------------------------------

HAND = "♠7 9 J ♣8 Q A ♦7 10 ♥9 K"
FORMS = {  # every form of allpass that prices tricks
    "hand": [HAND, "--seat", "first", "--samples", "5"],
    "layout": ["--layout", DEAL],
    "play": ["--layout", DEAL, "--play", REVOKED],
}


def _table(tmp_path: Path, text: str) -> str:
    table = tmp_path / "t.toml"
    table.write_text(text, encoding="utf-8")
    return str(table)


@pytest.mark.usefixtures("_solver")
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["text", "json"])
@pytest.mark.parametrize(
    ("settings", "repeat", "message"),
    [
        ('allpass_progression = "geometric"', "22",
         "Error: all-pass 22 in a row would price a trick at 1 × 2,097,152 points: at most "
         "1,000,000 points a trick"),
        ('allpass_penalty = 1000\nallpass_progression = "geometric"', "11",
         "Error: all-pass 11 in a row would price a trick at 1000 × 1,024 points: at most "
         "1,000,000 points a trick"),
        ('allpass_progression = "geometric"', "1025",
         "Error: Invalid value for '--repeat': 1025 is not in the range 1<=x<=100."),
        ('allpass_progression = "arithmetic"', "15000",
         "Error: Invalid value for '--repeat': 15000 is not in the range 1<=x<=100."),
        ("allpass_penalty = 1e308", "3",
         "Error: {table}: allpass_penalty = 1e+308 must be a number above 0, at most 1000 "
         "(points a trick)"),
    ],
)  # fmt: skip
def test_a_price_beyond_the_bounds_is_one_error_line(
    tmp_path: Path, form: str, json_flag: list[str], settings: str, repeat: str, message: str
) -> None:
    table = _table(tmp_path, settings)
    code, output = _run([*FORMS[form], *json_flag, "--table", table, "--repeat", repeat])
    assert (code, output) == (2, message.format(table=table) + "\n")


@pytest.mark.usefixtures("_solver")
@pytest.mark.parametrize("form", FORMS)
def test_the_highest_prices_allowed_are_finite_json(tmp_path: Path, form: str) -> None:
    table = _table(tmp_path, 'allpass_penalty = 1000\nallpass_progression = "geometric"\n')
    code, output = _run([*FORMS[form], "--json", "--table", table, "--repeat", "10"])
    assert code == 0 and "Infinity" not in output and "NaN" not in output
    assert json.loads(output)["price"] == 512_000


def test_an_arithmetic_error_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A last net under the bounds: an overflow anywhere is one line, exit 2."""
    from advisor.allpass.rules import AllPassRules

    def overflowing(self: AllPassRules, repeat: int = 1) -> float:
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(AllPassRules, "price", overflowing)
    assert _run(["--layout", DEAL]) == (2, (
        "Error: a figure grew out of the range numbers can hold (an arithmetic error): lower the "
        "table's settings or the options\n"
    ))  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [["--allpass", "--json"], ["--exact", "--json", "--samples", "10"], ["--exact", "--allpass"]],
)
def test_check_refuses_the_penalty_that_made_infinity(tmp_path: Path, args: list[str]) -> None:
    table = _table(tmp_path, 'allpass_penalty = 1e308\npass_score = "allpass"\n')
    result = CliRunner().invoke(main, ["check", HAND, *args, "--table", table], env=ENV)
    assert (result.exit_code, result.output) == (2, (
        f"Error: {table}: allpass_penalty = 1e+308 must be a number above 0, at most 1000 "
        "(points a trick)\n"
    ))  # fmt: skip
