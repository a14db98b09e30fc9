"""``advisor whist``'s declare model, the declarer's own view, against a plain computation.

:func:`plain_answer` values every choice the model considers with nothing of its search: each
strain's discards solved on the same splits with ``solve_ranked``, each split's points from
``points.py``'s ledger and ``defence.py``'s whist model, one layout at a time; the answer is the
highest value (ties: the lower contract, then the discard listed first), or giving up when no
value is above it. The model's bounds and early answers must give exactly that.
"""

from __future__ import annotations

import random

import pytest
from benchmark_scripts import load_benchmark
from solver_build import needs_solver

from advisor.cards import CardSet
from advisor.contract import CONTRACTS, Bid, Contract, Strain
from advisor.convention import Convention, Preset
from advisor.defence import model_outcome
from advisor.exact.game import GameObjective, dominant_discards
from advisor.game.solver import solve_ranked
from advisor.points import game_ledger, give_up_ledger
from advisor.seats import Seat
from advisor.splits import left_hand_of_rank
from advisor.whist import DeclarerView, best_discard
from advisor.whist.declaring import likeliest_first
from advisor.whist.view import VIEW_TRUMPS


def plain_answer(
    twelve: CardSet,
    bid: Bid,
    convention: Convention,
    leader: Seat,
    ranks: list[int],
    discards: int | None,
) -> tuple[CardSet, Contract] | None:
    """The declarer's answer (discard and contract; None: he gives up), every choice solved."""
    lowest = bid.contract
    assert lowest is not None
    allowed = [c for c in CONTRACTS if c >= lowest]
    pool = twelve.complement()
    lefts = [left_hand_of_rank(pool, rank) for rank in ranks]
    every = dominant_discards(twelve)
    best: tuple[tuple[float, int, int], CardSet, Contract] | None = None
    for strain in Strain:
        mine = [c for c in allowed if c.strain is strain]
        held = sum(card.suit is strain.suit for card in twelve)
        if strain is not lowest.strain and strain.suit is not None and held < VIEW_TRUMPS:
            continue  # a suit he holds too few of is not considered as trumps
        tried = every
        if discards is not None:
            tried = sorted(likeliest_first(twelve, every, strain.suit)[:discards], key=every.index)
        for order, thrown in enumerate(tried):
            tricks = solve_ranked(twelve - thrown, pool, strain.suit, leader, ranks)
            for contract in mine:
                points = [
                    float(game_ledger(contract, taken, model_outcome(
                        convention.whist_model, contract, left, pool - left, convention.ten
                    ), convention).points()[Seat.M])
                    for taken, left in zip(tricks, lefts, strict=True)
                ]  # fmt: skip
                key = (sum(points) / len(points), -contract.order, -order)
                if best is None or key > best[0]:
                    best = (key, thrown, contract)
    assert best is not None
    give_up = float(give_up_ledger(allowed[0], convention).points()[Seat.M])
    return None if best[0][0] <= give_up else (best[1], best[2])


def _mask(cards: list[int]) -> CardSet:
    return CardSet(sum(1 << card for card in cards))


def _hands(seed: int, count: int) -> list[tuple[CardSet, Contract, Seat]]:
    """Twelve cards of random deals, each with the contract its double-dummy best strain
    makes on the deal (six at least: the games a defender meets) or a random six or seven."""
    rng = random.Random(seed)
    found: list[tuple[CardSet, Contract, Seat]] = []
    while len(found) < count:
        cards = rng.sample(range(32), 32)
        twelve, left, right = _mask(cards[:12]), _mask(cards[12:22]), _mask(cards[22:])
        leader = rng.choice(list(Seat))
        made = max((best.tricks, strain) for strain in Strain
                   if (best := best_discard(twelve, left, right, strain.suit, leader)))  # fmt: skip
        contract = Contract(min(10, max(6, made[0])), made[1])
        if rng.random() < 0.3:
            contract = Contract(rng.choice((6, 7)), rng.choice(list(Strain)))
        found.append((twelve, contract, leader))
    return found


@needs_solver
@pytest.mark.parametrize(
    ("discards", "splits", "seed", "preset"),
    [(None, 6, 1, Preset.SOCHI), (1, 8, 2, Preset.SOCHI), (2, 8, 3, Preset.LENINGRAD),
     (1, 8, 4, Preset.ROSTOV)],
)  # fmt: skip
def test_the_view_is_a_plain_count_of_every_choice(
    discards: int | None, splits: int, seed: int, preset: Preset
) -> None:
    convention = Convention.of(preset)
    named = rejected = 0
    for twelve, contract, leader in _hands(seed, 8 if discards is None else 14):
        view = DeclarerView.drawn(GameObjective(convention, leader), seed, splits, discards)
        ranks = list(view.ranks)
        bid = Bid.game(contract)
        expected = plain_answer(twelve, bid, convention, leader, ranks, discards)
        found = view.answer(twelve, bid)
        assert (None if found is None else (found.discards, found.contract)) == expected
        keeps = view.names(twelve, contract)
        if expected is not None and expected[1] == contract:
            assert keeps is not None and (keeps.discards, keeps.contract) == expected
            named += 1
        else:
            assert keeps is None
            rejected += 1
    assert named and rejected  # both ways tried


@needs_solver
def test_any_game_when_the_bid_is_pass() -> None:
    convention = Convention()
    twelve = CardSet.parse("AS KS QS JS 10S 9S AC KC AD AH 7D 7H")
    view = DeclarerView.drawn(GameObjective(convention, Seat.M), 5, 8, None)
    found = view.answer(twelve, Bid.game(Contract.parse("6S")))
    expected = plain_answer(twelve, Bid.game(Contract.parse("6S")), convention, Seat.M,
                            list(view.ranks), None)  # fmt: skip
    assert expected is not None and found is not None
    assert (found.discards, found.contract) == expected
    assert found.contract.strain is Strain.SPADES and found.contract.level >= 9
    assert view.names(twelve, Contract.parse("6S")) is None  # he names more than a six
    hopeless = CardSet.parse("7S 8S 9S 7C 8C 9C 7D 8D 9D 7H 8H 9H")
    assert view.answer(hopeless, Bid.game(Contract.parse("6S"))) is None  # gives up


# --- the agreement with advisor declare (benchmarks/whist_view.py) ---------------------------


def test_the_agreement_is_the_share_of_equal_answers() -> None:
    agreement = load_benchmark("whist_view").agreement
    pairs = [("7S", "7S"), ("give up", "give up"), ("7S", "8S"), ("6H", "give up")]
    same, (low, high) = agreement(pairs)
    assert same == 2
    assert low < 0.5 < high  # Wilson's interval of 2 of 4
    assert agreement([("6S", "6S")] * 10)[0] == 10


@needs_solver
def test_the_benchmark_asks_both_the_same_question() -> None:
    bench = load_benchmark("whist_view")
    strong = bench.Case("declared", CardSet.parse("AS KS QS JS 10S 9S AC KC AD AH 7D 7H"),
                        Contract.parse("6S"), Seat.M)  # fmt: skip
    full, model, cpu = bench.answers(strong, 8, None, 1)
    assert full.endswith("S") and model.endswith("S") and cpu >= 0
    hopeless = bench.Case("random", CardSet.parse("7S 8S 9S 7C 8C 9C 7D 8D 9D 7H 8H 9H"),
                          Contract.parse("6S"), Seat.L)  # fmt: skip
    assert bench.answers(hopeless, 8, 1, 1)[:2] == ("give up", "give up")
