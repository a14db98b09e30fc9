"""``advisor declare``: the game objective and the declaration, against plain computations."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest

from advisor.cards import CardSet, parse_cards
from advisor.contract import CONTRACTS, PASS, Bid, Contract
from advisor.convention import Convention, Preset
from advisor.defence import model_outcome
from advisor.exact.declare import allowed_contracts, declare_odds
from advisor.exact.game import WHISTS, GameObjective, dominant_discards
from advisor.exact.settings import ExactSettings
from advisor.game import core_available
from advisor.game.position import Hands, Position
from advisor.game.solver import declarer_tricks
from advisor.points import Whist, declarer_points, give_up_ledger
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


def test_allowed_contracts_follow_the_ladder() -> None:
    assert allowed_contracts(PASS) == CONTRACTS
    allowed = allowed_contracts(Bid.parse("7H"))
    assert allowed[0] == Contract.parse("7H") and Contract.parse("7D") not in allowed
    assert allowed_contracts(Bid.parse("10NT")) == (Contract.parse("10NT"),)


def _plain_choice_points(
    twelve: CardSet, discards: CardSet, contract: Contract, seat: Seat, lefts: list[int]
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
        whist = model_outcome(SOCHI.whist_model, contract, CardSet(left), pool - CardSet(left))
        found.append(declarer_points(contract, whist, SOCHI)[tricks])
    return found


@needs_core
@pytest.mark.parametrize("seat", [Seat.M, Seat.L])
def test_declaration_equals_a_plain_loop(seat: Seat) -> None:
    twelve = parse_cards(STRONG, count=12)
    objective = GameObjective(SOCHI, seat)
    found = declare_odds(twelve, Bid.parse("8S"), objective, ExactSettings(samples=64, seed=3))
    from advisor.splits import sample_ranks

    ranks = sample_ranks(64, 3)
    lefts = list(split_hands(twelve.complement(), ranks))
    for choice in found.choices[:4]:
        plain = _plain_choice_points(twelve, choice.discards, choice.contract, seat,
                                     lefts[: choice.layouts])  # fmt: skip
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
    best = next(c for c in data["choices"] if c["contract"] == data["answer"])
    assert best["discards"] == data["discards"] and 0 <= best["p_make"] <= 1
    assert sum(best["histogram"]) == best["layouts"] == data["layouts"]


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
