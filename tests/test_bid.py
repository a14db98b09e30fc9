"""``advisor bid``: the per-talon choice against a plain brute force, the auction, the answer."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from advisor.auction import read_auction, split_calls
from advisor.cards import CardSet, parse_hand
from advisor.cli import main
from advisor.contract import CONTRACTS, Bid, Contract
from advisor.convention import Convention
from advisor.defence import model_outcomes
from advisor.errors import BidError, ContractError
from advisor.exact.bid import BidAdvice, BidFigure, lead_of
from advisor.exact.bid_talon import Choosing, score_picks, talon_pairs
from advisor.exact.deals import Deals
from advisor.exact.game import GameObjective
from advisor.game import core_available
from advisor.game.solver import solve_many
from advisor.points import declarer_points, give_up_ledger
from advisor.seats import Lead, Position, Seat

needs_core = pytest.mark.skipif(not core_available(), reason="the game solver is not built")

STRONG = "9S 10S JS QS KS AS KC AC 7D AD"
MIDDLE = "7S 8S AS KC AC 9D QD AD KH AH"
SOCHI = Convention()


# ----------------------------------------------------------------------------------------------
# The choice on one talon, against a brute force


def _brute_picks(
    hand: CardSet, talon: CardSet, pool: CardSet, lefts: list[int], bids: list[Contract],
    leader: Seat, convention: Convention,
) -> list[tuple[CardSet | None, Contract | None, float]]:  # fmt: skip
    """Every dominant discard and strain solved on every split, every contract at least the
    bid priced by points.py, giving up when strictly better: written apart from Choosing."""
    layouts = [(left, pool.mask & ~left) for left in lefts]
    pairs = talon_pairs(hand | talon)
    tricks = [
        solve_many(pair.hand, pool, pair.strain.suit, leader, lefts) for pair in pairs
    ]  # fmt: skip
    found = []
    for bid in bids:
        best: tuple[CardSet | None, Contract | None, float] | None = None
        for pair, taken in zip(pairs, tricks, strict=True):
            for contract in CONTRACTS:
                if contract < bid or contract.strain is not pair.strain:
                    continue
                whists = model_outcomes(convention.whist_model, contract, layouts, convention.ten)
                points = [
                    declarer_points(contract, whist, convention)[t]
                    for whist, t in zip(whists, taken, strict=True)
                ]
                mean = sum(points) / len(points)
                if best is None or mean > best[2] + 1e-9:
                    best = (pair.discards, contract, mean)
        give_up = float(give_up_ledger(bid, convention).points()[Seat.M])
        assert best is not None
        found.append((None, None, give_up) if give_up > best[2] + 1e-9 else best)
    return found


@needs_core
@pytest.mark.parametrize(
    ("hand", "lead", "numbers"),
    [(STRONG, Lead.ME, (0, 100, 230)), (MIDDLE, Lead.LEFT, (7, 50)),
     ("7S QS AS 8C KC 9D JD AD 10H QH", Lead.RIGHT, (3,)),
     ("KS AS 10C QC AC 9D 10D QD AD KH", Lead.ME, (1, 2)),  # pairs bounded at 7-9 tricks
     ("7S 9S JC QC 8D 10D JD 7H 9H KH", Lead.LEFT, (5,))],  # weak: giving up
)  # fmt: skip
def test_choice_is_the_brute_force_argmax(hand: str, lead: Lead, numbers: tuple[int, ...]) -> None:
    """The screened choice (cheap questions at each pair's decisive level, pairs dropped on
    their bounds) picks what solving every pair on every split picks, for every bid, with the
    same mean points."""
    cards = parse_hand(hand)
    deals = Deals(cards, 4, 0)
    objective = GameObjective(SOCHI, lead.seats[0])
    bids = [Contract.parse(text) for text in ("6S", "6NT", "7H", "8S", "9D", "10S")]
    for number in numbers:
        stratum = deals.choosing(number, 6)
        pairs = talon_pairs(cards | stratum.talon)
        picks = Choosing(objective, pairs, stratum.pool, stratum.splits, bids).run()
        brute = _brute_picks(
            cards, stratum.talon, stratum.pool, list(stratum.splits), bids, lead.seats[0], SOCHI
        )
        for pick, (discards, contract, mean) in zip(picks, brute, strict=True):
            assert pick.points == pytest.approx(mean, abs=1e-9)
            if contract is None:
                assert pick.pair is None
            else:
                assert pick.pair is not None and pick.contract == contract
                assert pairs[pick.pair].discards == discards


@needs_core
def test_score_is_the_choice_played_on_the_other_splits() -> None:
    """A talon's score is the pick's points on the scoring splits, never the choosing ones."""
    cards = parse_hand(MIDDLE)
    deals = Deals(cards, 5, 3)
    objective = GameObjective(SOCHI, Seat.M)
    bids = [Contract.parse("6S"), Contract.parse("9S")]
    choosing, scoring = deals.choosing(11, 6), deals.reported(11)
    assert set(choosing.splits).isdisjoint(scoring.splits) or choosing.splits != scoring.splits
    pairs = talon_pairs(cards | choosing.talon)
    picks = Choosing(objective, pairs, choosing.pool, choosing.splits, bids).run()
    totals, squares = score_picks(objective, pairs, picks, scoring.pool, scoring.splits)
    layouts = [(left, scoring.pool.mask & ~left) for left in scoring.splits]
    for pick, total, square in zip(picks, totals, squares, strict=True):
        if pick.pair is None:
            points = [pick.points] * len(layouts)
        else:
            pair = pairs[pick.pair]
            taken = solve_many(pair.hand, scoring.pool, pair.strain.suit, Seat.M, scoring.splits)
            whists = model_outcomes(SOCHI.whist_model, pick.contract, layouts, SOCHI.ten)
            points = [
                declarer_points(pick.contract, w, SOCHI)[t]
                for w, t in zip(whists, taken, strict=True)
            ]
        assert total == pytest.approx(sum(points))
        assert square == pytest.approx(sum(p * p for p in points))


# ----------------------------------------------------------------------------------------------
# The auction


@pytest.mark.parametrize(
    ("calls", "seat", "standing", "may_hold", "first_call", "lowest"),
    [
        ("", "first", "pass", False, True, "6S"),
        ("6S", "second", "6S", False, True, "6C"),
        ("6S 6C", "third", "6C", False, True, "6D"),
        ("6S 6C 6D", "first", "6D", False, False, "6H"),
        ("6S pass 6C", "first", "6C", True, False, "6C"),  # senior, two left: holds
        ("pass 6C", "third", "6C", False, True, "6D"),  # junior to second hand
        ("pass pass", "third", "pass", False, True, "6S"),
        ("8NT", "second", "8NT", False, True, "misere"),
        ("7S 8NT", "third", "8NT", False, True, "misere"),
        ("8NT pass 9S", "first", "9S", True, False, "9S"),
        ("6S 7S misere", "first", "misere", False, False, "9S"),
        # the misère bidder bids no more: two bidders are left, the senior may hold
        ("6S misere 9S", "first", "9S", True, False, "9S"),
        ("misere 9S 9C", "second", "9C", True, False, "9C"),
        ("misere 9S", "third", "9S", False, True, "9C"),  # junior to second hand
        ("6S, 7 пик", "third", "7S", False, True, "7C"),
    ],
)
def test_auction_table(
    calls: str, seat: str, standing: str, may_hold: bool, first_call: bool, lowest: str
) -> None:
    state = read_auction(calls, Position.parse(seat))
    assert state.standing == Bid.parse(standing)
    assert (state.may_hold, state.first_call) == (may_hold, first_call)
    assert state.lowest == Bid.parse(lowest)
    assert state.misere_open == (first_call and Bid.parse(lowest) <= Bid.parse("misere"))


@pytest.mark.parametrize(
    ("calls", "seat", "error"),
    [
        ("6S 6S", "third", "6♠ is not above the standing bid 6♠"),
        ("7S 6NT", "third", "6NT is not above the standing bid 7♠"),
        ("6S misere 7S", "first", "7♠ is not above the standing bid misère"),
        ("6S 7S pass misere", "second", "misère can only be a player's first bid"),
        ("6S pass 6C", "second", "second hand has passed: no more bids"),
        ("6S pass 6C pass", "second", "third hand won it with 6♣"),
        ("misere", "first", "first hand bid misère: no more bids"),
        (
            "6S pass pass",
            "first",
            "the auction is over: first hand won it with 6♠, nobody is left to outbid",
        ),
        ("6S pass pass", "second", "first hand won it with 6♠"),  # over, whoever asks
        ("pass pass pass", "first", "the auction is over: everyone passed"),
        ("misere pass pass", "third", "first hand won it with misère"),
        ("6S misere pass 9S", "second", "first hand won it with 9♠"),
        # a call after the end is wrong in itself (it was read as the asker having passed)
        ("6S pass pass pass", "first", "the auction is over after 6♠ pass pass: pass comes after"),
        ("pass pass 6S pass", "third", "the auction is over after pass pass 6♠: pass comes"),
        ("pass pass pass 6S", "second", "over after pass pass pass: 6♠ comes after its end"),
        ("6S", "third", "the auction ends at second hand's turn, not third hand's"),
        ("", "second", "the auction ends at first hand's turn, not second hand's"),
    ],
)
def test_bad_auctions(calls: str, seat: str, error: str) -> None:
    with pytest.raises(BidError, match=error):
        read_auction(calls, Position.parse(seat))


@pytest.mark.parametrize(
    ("calls", "seat", "russian"),
    [
        ("6S", "third", "после этих заявок говорит вторая рука, а не третья рука"),
        (
            "6S pass pass",
            "second",
            "торговля окончена: её выиграла первая рука (6♠), перебивать некому",
        ),
        (
            "6S pass pass pass",
            "first",
            "торговля окончена после «6♠ пас пас»: «пас» сказано после её конца",
        ),
    ],
)
def test_bad_auctions_in_russian(calls: str, seat: str, russian: str) -> None:
    from advisor import i18n

    with pytest.raises(BidError) as caught:
        read_auction(calls, Position.parse(seat))
    with i18n.speaking("ru"):
        assert caught.value.text() == russian


def test_a_word_that_is_no_call() -> None:
    with pytest.raises(ContractError):
        read_auction("6X", Position.SECOND)
    assert split_calls("6 бк,pass  7S") == ["6 бк", "pass", "7S"]


def test_first_hand_leads() -> None:
    assert [lead_of(p) for p in Position] == [Lead.ME, Lead.RIGHT, Lead.LEFT]
    assert all(lead_of(p).positions == (p,) for p in Position)


# ----------------------------------------------------------------------------------------------
# The ceiling and the answer


def _advice(values: dict[str, float], pass_points: float, misere: float | None) -> BidAdvice:
    from advisor.exact.bid import MisereFigure

    bids = tuple(
        BidFigure(Bid.parse(bid), v, (v - 1, v + 1), ((Contract.parse(bid), 8),))
        for bid, v in values.items()
    )  # fmt: skip
    figure = None if misere is None else MisereFigure(misere, (misere, misere), 0.0, "full")
    state = read_auction("", Position.FIRST)
    return BidAdvice(parse_hand(STRONG), state, GameObjective(SOCHI, Seat.M), pass_points,
                     "table", figure, bids, 8, 0, 8, False, True)  # fmt: skip


@pytest.mark.parametrize(
    ("values", "pass_points", "misere", "ceiling", "answer"),
    [
        ({"6S": 3.0, "6C": 2.0, "7S": -1.0}, 0.0, None, "6C", "bid up to 6♣"),
        ({"6S": 3.0, "6C": 2.0, "7S": -1.0}, 2.5, None, "6S", "bid up to 6♠"),
        ({"6S": 3.0, "6C": 2.0, "7S": -1.0}, 4.0, None, None, "pass"),
        ({"6S": 3.0, "6C": 2.0, "7S": -1.0}, 0.0, 5.0, "6C", "misère"),
        ({"6S": 3.0, "6C": 2.0, "7S": -1.0}, 0.0, 2.5, "6C", "bid up to 6♣"),
        ({"6S": -3.0}, -4.0, -5.0, "6S", "bid up to 6♠"),  # passing costs an all-pass
    ],
)
def test_ceiling_and_answer(
    values: dict[str, float], pass_points: float, misere: float | None,
    ceiling: str | None, answer: str,
) -> None:  # fmt: skip
    found = _advice(values, pass_points, misere)
    assert found.ceiling == (None if ceiling is None else Bid.parse(ceiling))
    assert found.answer_words() == answer
    ascii_ = answer.replace("♠", "S").replace("♣", "C").replace("misère", "misere")
    assert found.answer_words(ascii=True) == ascii_


def test_no_negative_zero() -> None:
    """Passing by an all-pass that costs nothing is 0.0, never -0.0, in JSON and text."""
    from advisor.i18n import number

    data = _advice({"6S": 3.0}, -0.0, None).to_dict()
    assert repr(data["pass"]["points"]) == "0.0"
    assert number(-0.0, "+.2f") == number(-0.004, "+.2f") == "+0.00"
    assert number(-0.006, "+.2f") == "-0.01" and number(float("-inf"), "+.2f") == "-inf"


# ----------------------------------------------------------------------------------------------
# The command


ARGS = [STRONG, "--seat", "third", "--auction", "7S 8S", "--samples", "64"]


@needs_core
def test_same_json_for_any_jobs() -> None:
    runner = CliRunner()
    found = [
        runner.invoke(main, ["bid", *ARGS, "--json", "--jobs", str(jobs)]) for jobs in (1, 2, 3)
    ]  # fmt: skip
    assert [r.exit_code for r in found] == [0, 0, 0], found[0].output
    assert found[0].output == found[1].output == found[2].output
    data = json.loads(found[0].output)
    assert data["seat"] == "third" and data["lead"] == "left" and data["auction"] == "7S 8S"
    assert [b["bid"] for b in data["bids"]][:2] == ["8C", "8D"]
    assert data["misere"]["method"] == "bounds" and data["misere"]["interval"] is None
    assert data["ceiling"] == "9S" and data["answer"] == "bid up to 9S"
    assert data["method"]["choice"] == "separate choosing and scoring splits a talon"
    assert data["talons"] >= 16 and data["pass"] == {"points": 0.0, "source": "table"}
    talons = [b["talons"] for b in data["bids"]]
    assert talons == sorted(talons, reverse=True) and talons[0] == data["talons"]
    for key in ("ceiling", "answer", "samples", "seed", "convention", "whist_model"):
        assert key in data


@needs_core
def test_bids_clearly_below_passing_are_worked_out_no_more() -> None:
    """Once a bid is clearly worth less than passing, it and every bid above it keep the
    figures of the talons they saw; the bids below go on."""
    from advisor.exact.bid import MIN_TALONS, bid_odds
    from advisor.exact.settings import ExactSettings
    from advisor.table import load_table

    state = read_auction("", Position.FIRST)
    found = bid_odds(parse_hand(MIDDLE), state, load_table(None), SOCHI,
                     ExactSettings(samples=8 * 32, jobs=1))  # fmt: skip
    talons = [figure.talons for figure in found.bids]
    assert talons[0] == found.talons == 32
    first = talons.index(MIN_TALONS)
    assert all(t == MIN_TALONS for t in talons[first:]) and all(t == 32 for t in talons[:first])
    interval = found.bids[first].interval
    assert interval is not None and interval[1] < found.pass_points


@needs_core
def test_another_seed_is_within_the_interval() -> None:
    runner = CliRunner()
    values = []
    for seed in (0, 1):
        out = runner.invoke(main, ["bid", *ARGS, "--json", "--seed", str(seed)]).output
        values.append({b["bid"]: b for b in json.loads(out)["bids"]})
    for bid in ("9NT", "10S"):
        low, high = values[0][bid]["interval"]
        assert low <= values[1][bid]["points"] <= high, bid


@needs_core
def test_text_report() -> None:
    result = CliRunner().invoke(main, ["bid", *ARGS])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seat        third hand" in out and "Auction     7♠ 8♠" in out
    assert "Lead        left (L, on your left, leads the first trick)" in out
    assert "Ceiling: 9♠" in out and "Answer: bid up to 9♠" in out
    assert "8♣ … 9♠" in out and "9♠ on 100% of talons" in out
    assert "splits and scored on 8 others (seed 0)" in out.replace("\n", " ").replace("  ", " ")


@needs_core
def test_russian_report() -> None:
    result = CliRunner().invoke(main, ["--lang", "ru", "bid", *ARGS])
    assert result.exit_code == 0, result.output
    assert "Потолок:" in result.output and "Ответ: заявлять до " in result.output
    assert "третья рука" in result.output
    # L on the bidder's left defends his game or catches his misère: named by the seat alone
    assert "Ход        ход левого (первым ходит игрок слева от вас)" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["7S 8S"], "Error:"),
        ([STRONG, "--seat", "fourth"], "Error:"),
        ([STRONG, "--seat", "second", "--auction", "6S 6S"], "is not above the standing bid"),
        ([STRONG, "--auction", "6S pass pass"], "the auction is over"),
        ([STRONG, "--seat", "second", "--auction", "6X"], "is not a strain"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["bid", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@needs_core
def test_a_sequential_estimate_stopped_by_the_samples_says_so() -> None:
    """Borderline bids (9♣ … 10♠ near passing) are not clear on 40 talons: the samples run
    out first, and the output must not claim the answer was clear; more samples make it so."""
    args = ["bid", "♠9 10 J Q K A ♣K A ♦7 A", "--seat", "third", "--auction", "7S 8S", "--seed",
            "2", "-j", "1"]  # fmt: skip
    env = {"COLUMNS": "200", "NO_COLOR": "1"}
    short = CliRunner().invoke(main, args, env=env).output
    assert "40 talons (a sequential estimate, stopped by --samples before the answer was " \
           "clear; --full works out all 231)" in short  # fmt: skip
    assert "until the answer was clear" not in short
    data = json.loads(CliRunner().invoke(main, [*args, "--json"]).output)
    assert data["talons"] == 40 and data["method"]["clear"] is False
    russian = CliRunner().invoke(main, ["--lang", "ru", *args], env=env).output
    assert "остановлена по --samples, прежде чем ответ стал ясен" in russian
    full = json.loads(CliRunner().invoke(main, [*args, "--json", "--full"]).output)
    assert full["method"] == {**full["method"], "talons": "full", "clear": True}


def test_the_help_says_how_few_talons_the_samples_may_ask() -> None:
    """--samples 8 is taken (eight splits a talon) but works out MIN_TALONS talons: the help of
    bid and of batch --bid says so, rather than promise at most N splits."""
    from advisor.exact.bid import MIN_TALONS, SCORE_SPLITS

    least = f"{MIN_TALONS} talons ({MIN_TALONS * SCORE_SPLITS} splits) at the least"
    for command in (["bid"], ["batch"]):
        shown = CliRunner().invoke(main, [*command, "--help"]).output
        assert least in " ".join(shown.split())
    args = ["bid", "♠9 10 J Q K A ♣K A ♦7 A", "--samples", "8", "-j", "1", "--json"]
    found = json.loads(CliRunner().invoke(main, args).output)
    assert found["talons"] == MIN_TALONS


@needs_core
def test_values_fall_down_the_ladder() -> None:
    """A lower bid allows every contract a higher one does, and giving up is always open: the
    values never rise up the ladder nor fall below giving up, and every bid up to the ceiling
    beats passing (a helper's hand had 6♥ … 7♠ below passing under a ceiling of 7♦, and
    10♠ at -30.39 below giving it up at -30)."""
    from advisor.exact.game import GameObjective
    from advisor.points import give_up_ledger

    hand = "10C 10D 8D AC AD JS KS QC QD QS"
    out = CliRunner().invoke(main, ["bid", hand, "-j", "1", "--samples", "128", "--json"])
    data = json.loads(out.output)
    values = [figure["points"] for figure in data["bids"]]
    assert values == sorted(values, reverse=True)
    for figure in data["bids"]:
        floor = float(give_up_ledger(Contract.parse(figure["bid"]), SOCHI).points()[Seat.M])
        assert figure["points"] >= round(floor, 3)
        assert figure["source"] in ("own", "higher", "give up", "bound")
    ceiling = data["ceiling"]
    bids = [figure["bid"] for figure in data["bids"]]
    below = bids[: bids.index(ceiling) + 1] if ceiling else []
    assert all(data["bids"][k]["points"] > data["pass"]["points"] for k in range(len(below)))
    assert any(figure["source"] != "own" for figure in data["bids"])
    assert GameObjective(SOCHI, Seat.M).give_up(Contract.parse("10S")) == -30.0
