"""``advisor declare``: the game objective and the declaration, against plain computations."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys

import pytest

from advisor.cards import CardSet, parse_cards
from advisor.contract import CONTRACTS, PASS, Bid, Contract, Strain
from advisor.convention import Convention, Preset
from advisor.defence import WHISTS, model_outcome
from advisor.exact.declare import _next_question, allowed_contracts, declare_odds
from advisor.exact.game import GameObjective, dominant_discards
from advisor.exact.settings import ExactSettings
from advisor.game import core_available
from advisor.game.position import Hands, Position
from advisor.game.solver import declarer_tricks
from advisor.points import TRICKS, Whist, declarer_points, give_up_ledger
from advisor.seats import Seat
from advisor.solver import split_hands

needs_core = pytest.mark.skipif(not core_available(), reason="the game solver is not built")

STRONG = "♠9 10 J Q K A ♣K A ♦7 A ♥7 8"
SOCHI = Convention()


@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize("model", ["folk", "both"])
def test_points_never_fall_with_more_tricks(preset: Preset, model: str) -> None:
    """The dominance of keeping higher cards needs this: every contract's points, for every
    decision of the defence, never fall when the declarer takes one more trick."""
    convention = Convention.of(preset, whist_model=model)
    objective = GameObjective(convention, Seat.M)
    for contract in CONTRACTS:
        for row in objective.table(contract):
            assert all(a <= b for a, b in itertools.pairwise(row)), (contract, row)


def test_tables_are_points_py() -> None:
    objective = GameObjective(SOCHI, Seat.M)
    contract = Contract.parse("7S")
    table = objective.table(contract)
    assert table[WHISTS.index(Whist.BOTH)] == declarer_points(contract, Whist.BOTH, SOCHI)
    assert table[WHISTS.index(Whist.BOTH)][6] == pytest.approx(-7.6)  # game-rules.md
    assert objective.give_up(contract) == float(give_up_ledger(contract, SOCHI).points()[Seat.M])


def test_dominant_discards_throw_the_lowest_of_each_pattern() -> None:
    twelve = parse_cards(STRONG, count=12)
    found = dominant_discards(twelve)
    # suits held: ♠ (6) ♣ (2) ♦ (2) ♥ (2): four same-suit pairs and six two-suit pairs
    assert len(found) == 10
    assert parse_cards("♠9 10") in found and parse_cards("♥7 8") in found
    assert parse_cards("♠9 ♣K") in found and parse_cards("♠10 ♣K") not in found


def _plain_dominant_discards(twelve: CardSet) -> list[CardSet]:
    """Every discard of two cards, the one of each pattern of suits throwing the lowest."""
    best: dict[tuple[int, ...], CardSet] = {}
    for pair in itertools.combinations(twelve, 2):
        pattern = tuple(sorted(card.suit for card in pair))
        thrown = CardSet.of(pair)
        kept = best.get(pattern)
        if kept is None or sorted(c.rank for c in pair) < sorted(c.rank for c in kept):
            best[pattern] = thrown
    return sorted(best.values(), key=lambda cards: sorted(card.index for card in cards))


def test_dominant_discards_are_the_plain_ones_on_random_hands() -> None:
    deck = list(parse_cards("♠7 8 9 10 J Q K A ♣7 8 9 10 J Q K A ♦7 8 9 10 J Q K A "
                            "♥7 8 9 10 J Q K A"))  # fmt: skip
    rng = random.Random(30)
    hands = [CardSet.of(rng.sample(deck, 12)) for _ in range(500)]
    hands += [parse_cards("♠7 8 9 10 J Q K A ♣7 8 9 10"), parse_cards(STRONG)]  # 2 and 4 suits
    for twelve in hands:
        assert dominant_discards(twelve) == _plain_dominant_discards(twelve), twelve


def test_allowed_contracts_follow_the_ladder() -> None:
    assert allowed_contracts(PASS) == CONTRACTS
    allowed = allowed_contracts(Bid.parse("7H"))
    assert allowed[0] == Contract.parse("7H") and Contract.parse("7D") not in allowed
    assert allowed_contracts(Bid.parse("10NT")) == (Contract.parse("10NT"),)


def _plain_choice_points(
    twelve: CardSet,
    discards: CardSet,
    contract: Contract,
    seat: Seat,
    lefts: list[int],
    convention: Convention = SOCHI,
) -> list[float]:
    """A plain loop: each layout solved one position at a time, the defence's call by the
    per-layout model, the points read from points.py."""
    hand = twelve - discards
    pool = twelve.complement()
    found = []
    for left in lefts:
        hands: Hands = (hand, CardSet(left), pool - CardSet(left))
        position = Position(hands, contract.trump, seat)
        tricks = declarer_tricks(position)
        whist = model_outcome(convention.whist_model, contract, CardSet(left),
                              pool - CardSet(left), convention.ten)  # fmt: skip
        found.append(declarer_points(contract, whist, convention)[tricks])
    return found


@needs_core
@pytest.mark.parametrize(
    ("seat", "convention"),
    [
        (Seat.M, SOCHI),
        (Seat.L, SOCHI),
        (Seat.R, Convention.of(Preset.LENINGRAD, whist_model="both")),
        (Seat.M, Convention.of(Preset.ROSTOV, players=4)),
    ],
)
def test_declaration_equals_a_plain_loop(seat: Seat, convention: Convention) -> None:
    twelve = parse_cards(STRONG, count=12)
    objective = GameObjective(convention, seat)
    found = declare_odds(twelve, Bid.parse("8S"), objective, ExactSettings(samples=64, seed=3))
    from advisor.splits import sample_ranks

    ranks = sample_ranks(64, 3)
    lefts = list(split_hands(twelve.complement(), ranks))
    for choice in found.choices[:4]:
        plain = _plain_choice_points(twelve, choice.discards, choice.contract, seat,
                                     lefts[: choice.layouts], convention)  # fmt: skip
        assert choice.expected == pytest.approx(sum(plain) / len(plain))
    assert all(choice.contract >= Contract.parse("8S") for choice in found.choices)


@needs_core
def test_the_same_answer_for_every_jobs() -> None:
    twelve = parse_cards("♠7 A ♣10 Q K A ♦7 8 A ♥7 9 A", count=12)
    objective = GameObjective(SOCHI, Seat.L)
    one = declare_odds(twelve, PASS, objective, ExactSettings(samples=200, jobs=1))
    two = declare_odds(twelve, PASS, objective, ExactSettings(samples=200, jobs=3))
    assert one.to_dict() == two.to_dict()


@needs_core
def test_full_plays_every_choice_on_every_split() -> None:
    twelve = parse_cards("AH JH 9C AD KC 8C 10D 9S 10S 7D QC QS", count=12)
    objective = GameObjective(SOCHI, Seat.M)
    screened = declare_odds(twelve, PASS, objective, ExactSettings(samples=48))
    assert screened.dropped  # the hand the screen drops choices of
    full = declare_odds(twelve, PASS, objective, ExactSettings(samples=48, full=True))
    assert full.dropped == ()
    played = {(choice.discards, choice.contract.strain) for choice in full.choices}
    assert len(played) == len(dominant_discards(twelve)) * len(Strain)
    assert {choice.layouts for choice in full.choices} == {48}


@needs_core
def test_a_hopeless_hand_gives_up() -> None:
    twelve = parse_cards("♠7 10 ♣9 J K ♦8 9 J ♥7 8 9 J", count=12)
    found = declare_odds(twelve, PASS, GameObjective(SOCHI, Seat.M), ExactSettings(samples=64))
    assert found.best is None and found.to_dict()["answer"] == "give up"
    assert found.give_up == -6.0


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "advisor", *args], capture_output=True,
                          text=True, check=False)  # fmt: skip


@needs_core
def test_cli_json() -> None:
    done = _run("declare", STRONG, "--json", "--samples", "128", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["answer"] in {c.ascii() for c in CONTRACTS}
    assert data["whist_model"] == "folk" and data["convention"]["preset"] == "sochi"
    assert data["bid"] is None  # no --bid: any game (pass is no bid that wins an auction)
    best = next(c for c in data["choices"] if c["contract"] == data["answer"])
    assert best["discards"] == data["discards"] and 0 <= best["p_make"] <= 1
    assert sum(best["histogram"]) == best["layouts"] == data["layouts"]


@needs_core
def test_cli_json_names_the_bid_given() -> None:
    done = _run("declare", STRONG, "--bid", "7S", "--json", "--samples", "32", "--jobs", "1")
    assert done.returncode in (0, 1), done.stderr
    assert json.loads(done.stdout)["bid"] == "7S"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["♠7 A ♣10 Q K A ♦7 8 A ♥7 9"], "Error: 11 cards given, 12 are needed\n"),
        ([STRONG, "--bid", "11S"], "Error: '11S': a contract is six to ten tricks, not 11\n"),
        ([STRONG, "--bid", "6X"], "Error: '6X': 'X' is not a strain "
         "(S C D H NT, ♠ ♣ ♦ ♥, п т б ч бк)\n"),
        ([STRONG, "--bid", "misere"],
         "Error: misère was bid: it is played as bid; its discard is 'advisor discard --exact'\n"),
        ([STRONG, "--bid", "pass"], "Error: pass wins no auction: give the bid that won it\n"),
    ],
)  # fmt: skip
def test_cli_errors(args: list[str], message: str) -> None:
    done = _run("declare", *args)
    assert done.returncode == 2
    assert done.stderr == message and done.stdout == ""


def test_cli_without_the_game_solver() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "advisor", "declare", STRONG],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "ADVISOR_PUREPYTHON": "1"},
    )
    assert done.returncode == 4
    assert done.stderr.startswith("Error: the compiled game solver (advisor.game._core) is missing")


def test_the_cheap_questions_walk_down_from_the_lowest_level() -> None:
    assert _next_question(7, 0, TRICKS) == 7  # nothing known: the lowest level named
    assert _next_question(7, 0, 6) == 6  # failed it: one trick fewer
    assert _next_question(7, 0, 4) == 4
    assert _next_question(7, 7, TRICKS) is None  # made it: solved instead
    assert _next_question(7, 0, 0) is None  # no trick at all: nothing left to ask


@needs_core
@pytest.mark.parametrize(
    ("cards", "seat"),
    [
        ("♠7 10 ♣9 J K ♦8 9 J ♥7 8 9 J", Seat.M),
        ("QS 9C 10C KC AC 7D JD QD 7H 8H QH KH", Seat.R),
        (STRONG, Seat.L),
    ],
)
def test_a_dropped_choice_is_worth_no_more_than_its_bound(cards: str, seat: Seat) -> None:
    """Every discard and strain dropped on the cheap question's bound, solved exactly on the
    first splits anyway: none of its contracts scores more than the bound there."""
    twelve = parse_cards(cards, count=12)
    found = declare_odds(twelve, PASS, GameObjective(SOCHI, seat), ExactSettings(samples=64))
    assert found.dropped
    from advisor.exact.declare import FIRST_BATCH
    from advisor.splits import sample_ranks

    lefts = list(split_hands(twelve.complement(), sample_ranks(64, 0)))[:FIRST_BATCH]
    for item in found.dropped:
        for contract in (c for c in CONTRACTS if c.strain is item.strain):
            plain = _plain_choice_points(twelve, item.discards, contract, seat, lefts)
            assert sum(plain) / len(plain) <= item.bound + 1e-9, (item, contract)


@needs_core
@pytest.mark.parametrize(
    ("lead", "english", "russian"),
    [
        ("left", "left (L, the left defender, leads the first trick)",
         "ход левого (первым ходит левый вистующий)"),
        ("right", "right (R, the right defender, leads the first trick)",
         "ход правого (первым ходит правый вистующий)"),
    ],
)  # fmt: skip
def test_the_leader_of_a_game_is_a_defender(lead: str, english: str, russian: str) -> None:
    """Against a game the leader is a defender («вистующий»), never misère's catcher."""
    args = ["declare", "♠7 A ♣10 Q K A ♦7 8 A ♥7 9 A", "--lead", lead, "--samples", "40"]
    assert f"Lead        {english}\n" in _run(*args).stdout
    russian_out = _run("--lang", "ru", *args).stdout
    assert f"Ход        {russian}\n" in russian_out and "ловящ" not in russian_out
