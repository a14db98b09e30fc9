"""``check --exact`` per suit: each hole's share of the deals caught through it, from the same
deals and discards as the report, worked out again here one deal at a time; the JSON, the suit
table and its line, in English and Russian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from russian import english_words
from russian_forms import russian
from solver_build import needs_solver
from test_cli_exact import _eighty_columns  # noqa: F401 - the autouse fixture, shared

from advisor.cards import CardSet, Suit, parse_hand
from advisor.cli import main
from advisor.cli.render_exact import _through_line
from advisor.defaults import TALON_COUNT
from advisor.exact.deals import Deals
from advisor.exact.misere import exact_odds
from advisor.exact.reading import ESTIMATE
from advisor.exact.result import ExactOdds, Method, SeatOdds
from advisor.exact.settings import DiscardMode, ExactSettings
from advisor.exact.suits import Share, SuitOdds
from advisor.holdings import Holding
from advisor.seats import Lead, Seat
from advisor.solver import caught_through, solve_many
from advisor.table import default_table, merge_table
from advisor.talon import talon_discards
from advisor.verdict import assess

TWO_HOLES = "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 J"
HOPELESS = "7S 10S AS 7C 9C 9D 10D KD 7H JH"


@needs_solver
def test_the_figures_are_the_reported_deals_worked_out_one_by_one() -> None:
    """With the table's discards (known in advance) and every talon: each suit's share is the
    share of the reported deals caught through it (asked one deal at a time), the whichever
    share those caught through none, and the holdings those M kept."""
    hand, table = parse_hand(TWO_HOLES), default_table()
    found = exact_odds(
        hand, Lead.LEFT, table, ExactSettings(samples=2 * TALON_COUNT, discard="table", full=True)
    )
    assert found.method is Method.FULL
    deals = Deals(hand, 2, 0)
    through = dict.fromkeys(Suit, 0)
    holed = set()  # the holdings kept in the suits clean as dealt, where they were caught
    whichever = 0
    kept: dict[Suit, dict[Holding, int]] = {suit: {} for suit in Suit}
    for number, (_, discards) in enumerate(talon_discards(hand, Lead.LEFT.founding, table)):
        stratum = deals.reported(number)
        m = (hand | stratum.talon) - discards[0]
        tricks = solve_many(m, stratum.pool, Seat.L, stratum.splits)
        for left, t in zip(stratum.splits, tricks, strict=True):
            suits = caught_through(m, CardSet(left), stratum.pool - CardSet(left), Seat.L)
            whichever += bool(t) and not suits
            for suit in suits:
                through[suit] += 1
                if suit in (Suit.CLUBS, Suit.DIAMONDS):
                    holed.add(Holding(m.suit_mask(suit)))
        for suit in Suit:
            holding = Holding(m.suit_mask(suit))
            kept[suit][holding] = kept[suit].get(holding, 0) + 1
    (seat,) = found.seats
    assert seat.whichever is not None
    assert seat.whichever.p == pytest.approx(whichever / found.deals)
    for odds in seat.suits:
        assert odds.caught.p == pytest.approx(through[odds.suit] / found.deals)
        assert dict(odds.holdings) == kept[odds.suit]
        assert odds.caught.low <= odds.caught.p <= odds.caught.high
    assert through[Suit.SPADES] and through[Suit.HEARTS] and whichever
    # ♣7 8 9 and ♦7 8 9 are clean as dealt, but after some talons the table's discard keeps a
    # high card beside them, and they are caught: a clean suit caught first
    assert through[Suit.CLUBS] + through[Suit.DIAMONDS] > 0
    assert holed and not any(holding.is_clean for holding in holed)


@needs_solver
def test_caught_through_a_suit_is_at_most_caught() -> None:
    found = exact_odds(parse_hand(TWO_HOLES), Lead.THEM, default_table())
    assert found.method is Method.SEQUENTIAL and found.per_suit
    shares = [suit.caught.p for suit in found.suits]
    whichever = found.whichever
    assert whichever is not None
    assert max(shares) <= found.p_caught <= sum(shares) + whichever.p
    for index, suit in enumerate(found.suits):  # averaged over the two seats
        each = [seat.suits[index].caught for seat in found.seats]
        assert suit.caught.p == pytest.approx(sum(s.p for s in each) / 2)
        assert suit.caught.low == pytest.approx(sum(s.low for s in each) / 2)
        counted = sum(n for seat in found.seats for _, n in seat.suits[index].holdings)
        assert sum(n for _, n in suit.holdings) == counted == found.talons


@needs_solver
def test_the_json_per_suit() -> None:
    found = exact_odds(parse_hand(TWO_HOLES), Lead.THEM, default_table())
    data = found.to_dict()
    spades = data["suits"][0]
    assert [suit["suit"] for suit in data["suits"]] == ["♠", "♣", "♦", "♥"]
    assert (spades["dealt"], spades["holding"]) == ("7 10", str(found.suits[0].holding))
    assert spades["holding_share"] == round(found.suits[0].holding_share, 4)
    assert spades["p_caught"] == round(found.suits[0].caught.p, 4) > 0
    assert [seat["lead"] for seat in spades["seats"]] == ["left", "right"]
    assert set(spades["seats"][0]) == {"lead", "p_caught", "low", "high"}
    whichever = data["whichever"]
    assert whichever["of_caught"] == round(found.whichever.p / found.p_caught, 4)  # type: ignore[union-attr]
    assert json.loads(json.dumps(data)) == data


@needs_solver
def test_without_per_suit_figures_and_with_bounds() -> None:
    plain = exact_odds(parse_hand(TWO_HOLES), Lead.ME, default_table(), per_suit=False)
    assert not plain.per_suit and plain.to_dict()["suits"] is None
    bound = exact_odds(parse_hand(HOPELESS), Lead.THEM, default_table())
    assert bound.method is Method.BOUNDS and not bound.per_suit
    assert bound.to_dict()["suits"] is None and bound.to_dict()["whichever"] is None


@needs_solver
def test_the_suit_table_of_check_exact(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", TWO_HOLES, "--exact"])
    assert result.exit_code == 0
    assert (
        "Discarded  ♥J after 83% of talons, ♠10 42%\n"
        "\n"
        "Suit  Holding  After discard  Table  Exact  95% interval\n"
        "♠     7 10     7 (38%)          50%  18.4%   13.5%–24.4%\n"
        "♣     7 8 9    7 8 9 (68%)       0%   0.3%     0.0%–1.5%\n"
        "♦     7 8 9    7 8 9 (67%)       0%   0.5%     0.1%–2.5%\n"
        "♥     7 J      7 (79%)          80%   3.4%     1.4%–7.7%\n"
        "Caught through ♠ 18%, ♦ 1%, ♥ 3%; caught 24%, 9% of it whichever suit M protects\n"
        "(the table adds 50% + 80% = 130%)\n"
        "\n"
        "Exact play: DECLARE"
    ) in result.output


@needs_solver
def test_bounds_say_they_have_no_per_suit_figures(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HOPELESS, "--exact"])
    assert result.exit_code == 1
    assert "\nPer suit  bounds say nothing per suit; --full works it out\n" in result.output


@needs_solver
def test_the_suit_table_in_russian(runner: CliRunner) -> None:
    code, out = russian(runner, "check", TWO_HOLES, "--exact")
    assert code == 0
    assert (
        "Масть  Карты  После сноса  Таблица  Точно  интервал 95%\n"
        "♠      7 10   7 (38%)          50%  18,4%   13,5%–24,4%\n"
    ) in out
    assert (
        "Ловится через ♠ 18%, ♦ 1%, ♥ 3%; ловится в 24%, из них 9% — какую масть ни\n"
        "береги (таблица складывает 50% + 80% = 130%)\n"
    ) in out
    assert not english_words(out)
    assert max(len(line) for line in out.splitlines()) <= 80


def _odds(table_text: str, hand: str, shares: dict[Suit, float]) -> ExactOdds:
    """An analysis with these per-suit shares (no solving): for the line's words alone."""
    table = merge_table(default_table(), table_text, origin="test")
    founding = assess(parse_hand(hand), Lead.THEM, table)
    suits = tuple(
        SuitOdds(suit, Share(shares.get(suit, 0.0), 0.0, 1.0), ((Holding(0), 1),)) for suit in Suit
    )
    seat = SeatOdds(Seat.L, 0.5, (0.4, 0.6), 0.0, (-1.0, 1.0), (1, 1), (), ESTIMATE, suits,
                    Share(0.05, 0.0, 0.1))  # fmt: skip
    return ExactOdds(founding, Lead.LEFT, DiscardMode.EXACT, 0, 231, (seat,))


@pytest.mark.parametrize(
    ("table_text", "hand", "words"),
    [
        ("", TWO_HOLES, "(the table adds 50% + 80% = 130%)"),
        ('combine = "independent"', TWO_HOLES,
         "(the table combines 50%, 80% into 90%, as independent chances)"),
        ('combine = "max"', TWO_HOLES, "(the table takes the largest of 50%, 80%: 80%)"),
        ("", "♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8", "(the table says 50%)"),
        ("", "♠7 8 ♣7 8 9 ♦7 8 9 ♥7 8", "(the table: no hole)"),
    ],
)  # fmt: skip
def test_the_line_names_how_the_table_adds_the_holes(
    table_text: str, hand: str, words: str
) -> None:
    found = _odds(table_text, hand, {Suit.SPADES: 0.31, Suit.HEARTS: 0.2})
    line = _through_line(found, 80).plain.replace("\n", " ")
    assert line.startswith("Caught through ♠ 31%")
    assert "; caught 50%, 10% of it whichever suit M protects " in line
    assert line.endswith(words)


@needs_solver
def test_batch_records_gain_the_per_suit_figures(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"{TWO_HOLES}\n{HOPELESS}\n", encoding="utf-8")
    result = runner.invoke(main, ["batch", "-q", "--exact", str(path), "--format", "jsonl"])
    first, second = (json.loads(line)["exact"] for line in result.stdout.splitlines())
    found = exact_odds(parse_hand(TWO_HOLES), Lead.THEM, default_table())
    assert first["suits"] == found.to_dict()["suits"] and first["suits"][0]["p_caught"] > 0
    assert first["whichever"] == found.to_dict()["whichever"]
    assert second["method"] == "bounds" and second["suits"] is None
