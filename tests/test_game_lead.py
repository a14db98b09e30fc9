"""The blind first lead of a game: the compiled lead_many against the brute force of
``game_oracle.py``, and ``advisor.game_lead``'s figures against plain loops."""

from __future__ import annotations

import random
from array import array

import pytest
from game_oracle import declarer_tricks as brute_force
from solver_build import require_built

from advisor.cards import Card, CardSet, Suit
from advisor.contract import Contract
from advisor.convention import Convention, Preset
from advisor.defence import model_outcome
from advisor.errors import LayoutError, WhistError
from advisor.game import Position, Pruning, core_available, declarer_tricks, lead_tricks
from advisor.game_lead import declarer_lead, defender_lead
from advisor.lead import lead_classes
from advisor.points import Whist, declarer_points
from advisor.seats import Seat
from advisor.solver import catchers_pool, split_hands
from advisor.splits import sample_ranks
from advisor.whist import Leader, Side, WhistProblem
from advisor.whist.advice import declarer_view
from advisor.whist.figures import defender_points
from advisor.whist.layouts import layouts_for

require_built(core_available(), "the compiled game solver advisor.game._core")

SEED = 20261207
POSITIONS = 1500
STRAINS: tuple[Suit | None, ...] = (*Suit, None)
SOCHI = Convention()
BOTH = Convention.of(Preset.SOCHI, whist_model="both")
HAND, DISCARDS = CardSet.parse("♠9 10 J Q K A ♣K A ♦7 A"), CardSet.parse("♥7 8")
DEFENDER, TALON = CardSet.parse("7S 8S QC KC AC QD KD 9H 10H JH"), CardSet.parse("AS 7H")


def _random_layout(rng: random.Random) -> tuple[tuple[int, int, int], Suit | None, Seat]:
    size = rng.choice((1, 2, 3, 3, 4, 4, 5))
    deck = rng.sample(range(32), 3 * size)
    hands = tuple(sum(1 << card for card in deck[seat * size : (seat + 1) * size]) for seat in Seat)
    return (hands[0], hands[1], hands[2]), rng.choice(STRAINS), rng.choice(list(Seat))


def test_every_lead_equals_the_brute_force() -> None:
    """On small random layouts, any strain and leader, with every pruning rule on and off:
    the free answer and each lead's are the brute force's, and the free one is the leader's
    best lead (M's most tricks, a defender's fewest)."""
    rng = random.Random(SEED)
    for _ in range(POSITIONS):
        hands, trump, leader = _random_layout(rng)
        pruning = Pruning(rng.randrange(Pruning.ALL + 1))
        leads = CardSet(hands[leader])
        found = lead_tricks(trump, leader, array("I", hands), leads, pruning=pruning)
        suit = None if trump is None else int(trump)
        wanted = []
        for card in leads:
            rest = list(hands)
            rest[leader] &= ~(1 << card.index)
            wanted.append(brute_force((rest[0], rest[1], rest[2]), suit, leader, (card.index,)))
        assert found[0] == brute_force(hands, suit, leader)
        assert list(found[1:]) == wanted
        assert found[0] == (max(wanted) if leader is Seat.M else min(wanted))


def test_a_layout_whose_leader_lacks_a_lead_is_refused() -> None:
    hands = array("I", [CardSet.parse("AS").mask, CardSet.parse("KS").mask,
                        CardSet.parse("QS").mask])  # fmt: skip
    with pytest.raises(ValueError, match="does not hold"):
        lead_tricks(None, Seat.M, hands, CardSet.parse("KS"))
    with pytest.raises(ValueError, match="overlap"):
        lead_tricks(None, Seat.M, array("I", [1, 1, 2]), CardSet(1))


def _plain_lead_tricks(
    triples: list[tuple[int, int, int]], leader: Seat, card: Card, contract: Contract
) -> list[int]:
    """The declarer's tricks after ``card`` is led, layout by layout, one position at a
    time."""
    tricks = []
    for hands in triples:
        rest = [CardSet(mask) for mask in hands]
        rest[leader] = rest[leader] - CardSet.of([card])
        position = Position((rest[0], rest[1], rest[2]), contract.strain.suit, leader, (card,))
        tricks.append(declarer_tricks(position))
    return tricks


@pytest.mark.parametrize(
    ("convention", "defence"),
    [(SOCHI, None), (SOCHI, Whist.BOTH), (SOCHI, Whist.LEFT), (BOTH, None)],
)
def test_the_declarers_lead_equals_a_plain_loop(
    convention: Convention, defence: Whist | None
) -> None:
    contract = Contract.parse("7S")
    found = declarer_lead(HAND, DISCARDS, contract, convention, defence, samples=60, seed=3)
    pool = catchers_pool(HAND, DISCARDS)
    # the layouts: the stream of advisor solve --samples, kept where the model says the defence
    # (or any decision that plays the game), each scored under its decision
    kept, outcomes = [], []
    for left in split_hands(pool, sample_ranks(found.drawn, 3)):
        said = model_outcome(convention.whist_model, contract, CardSet(left),
                             pool - CardSet(left), convention.ten)  # fmt: skip
        if said is defence or (defence is None and said.played):
            kept.append((HAND.mask, left, pool.mask & ~left))
            outcomes.append(said)
    assert len(kept) == found.layouts == 60
    assert found.outcomes == {o: outcomes.count(o) for o in Whist if o in outcomes}
    leads = {}
    for lead in found.leads:
        tricks = _plain_lead_tricks(kept, Seat.M, min(lead.cards), contract)
        pairs = zip(outcomes, tricks, strict=True)
        points = [declarer_points(contract, o, convention)[t] for o, t in pairs]
        assert lead.histogram == tuple(tricks.count(t) for t in range(11))
        assert lead.points == pytest.approx(sum(points) / len(points))
        leads[lead.cards] = tricks
    assert set(leads) == set(lead_classes(HAND, DISCARDS))
    best = [max(row) for row in zip(*leads.values(), strict=True)]
    assert found.double_dummy.histogram == tuple(best.count(t) for t in range(11))
    assert found.best.points == max(lead.points for lead in found.leads)


def test_the_defenders_lead_equals_a_plain_loop() -> None:
    """Under the whist model both the partner always whists: the layouts are those advisor
    whist keeps, the declarer playing them with the discard its declare model chose."""
    contract = Contract.parse("6S")
    problem = WhistProblem(DEFENDER, TALON, contract, Side.LEFT, Leader.ME, convention=BOTH)
    found = defender_lead(problem, Whist.BOTH, samples=40, seed=1)
    assert found.question.leader is Seat.R  # the declarer on his left: he is R
    kept = layouts_for(problem, declarer_view(problem), 40, 1)
    assert found.layouts == kept.kept and found.drawn == kept.drawn
    pairs = zip(kept.declarers, kept.partners, strict=True)
    triples = [(declarer, partner, DEFENDER.mask) for declarer, partner in pairs]
    points = defender_points(contract, BOTH, Seat.R)[Whist.BOTH]
    for lead in found.leads:
        tricks = _plain_lead_tricks(triples, Seat.R, min(lead.cards), contract)
        assert lead.histogram == tuple(tricks.count(t) for t in range(11))
        assert lead.points == pytest.approx(sum(points[t] for t in tricks) / len(tricks))
    assert found.double_dummy.histogram == tuple(kept.tricks.count(t) for t in range(11))
    assert found.best.points == max(lead.points for lead in found.leads)


def test_the_partner_heard_keeps_his_layouts() -> None:
    """The defender whisted alone: his partner passed on every layout kept (his folk call), so
    the layouts differ from those where both whisted, and the points are a lone whister's."""
    problem = WhistProblem(DEFENDER, TALON, Contract.parse("6S"), Side.LEFT, Leader.ME)
    alone = defender_lead(problem, Whist.RIGHT, samples=80, seed=1)
    both = defender_lead(problem, Whist.BOTH, samples=80, seed=1)
    assert alone.drawn != both.drawn or alone.leads != both.leads
    assert alone.to_dict()["defence"] == "right"


def test_the_same_answer_for_every_jobs() -> None:
    contract = Contract.parse("7NT")
    one = declarer_lead(HAND, DISCARDS, contract, BOTH, samples=80, jobs=1).to_dict()
    three = declarer_lead(HAND, DISCARDS, contract, BOTH, samples=80, jobs=3).to_dict()
    assert one == three
    problem = WhistProblem(DEFENDER, TALON, Contract.parse("6S"), Side.RIGHT, Leader.ME)
    assert (defender_lead(problem, samples=80, jobs=1).to_dict()
            == defender_lead(problem, samples=80, jobs=2).to_dict())  # fmt: skip


def test_what_the_defence_cannot_have_said_is_an_error() -> None:
    contract = Contract.parse("7S")
    with pytest.raises(WhistError, match="only when a defender whists"):
        declarer_lead(HAND, DISCARDS, contract, SOCHI, Whist.PASS)
    with pytest.raises(
        WhistError,
        match="under the whist model both, both defenders whist against 7♠: nobody whists alone",
    ):
        declarer_lead(HAND, DISCARDS, contract, BOTH, Whist.LEFT)
    with pytest.raises(WhistError, match="a checked 10NT is played by both defenders") as caught:
        declarer_lead(HAND, DISCARDS, Contract.parse("10NT"), SOCHI, Whist.RIGHT)
    from advisor import i18n

    with i18n.speaking("ru"):
        assert caught.value.text() == (
            "10БК проверяется: её играют оба вистующих, в одиночку не вистует никто"
        )


def test_too_few_layouts_is_an_error() -> None:
    """Against a hand that takes everything, both defenders whisting a six by their folk counts
    (two sure tricks each) is rare."""
    hand = CardSet.parse("AS KS QS JS 10S 9S AC KC AD AH")
    with pytest.raises(LayoutError, match="too few to say"):
        declarer_lead(hand, CardSet.parse("7H 8H"), Contract.parse("6S"), SOCHI, Whist.BOTH,
                      samples=40)  # fmt: skip
    # A defender holding eight tops: the declarer, seeing his own cards, never names 9NT.
    tops = CardSet.parse("AS KS QS JS AC KC AD KD AH KH")
    problem = WhistProblem(tops, CardSet.parse("7H 8H"), Contract.parse("9NT"), Side.LEFT,
                           Leader.ME, convention=SOCHI)  # fmt: skip
    with pytest.raises(LayoutError, match=r"the declarer names this contract .* on 0 of the 200"):
        defender_lead(problem, Whist.BOTH, samples=40)
