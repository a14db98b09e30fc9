"""The exact analysis: stratified sampling over the talons, discards, seats, verdict and reason."""

from __future__ import annotations

import math
import random

import pytest
from solver_build import require_solver

import advisor.solver
from advisor.cards import CardSet, parse_cards, parse_hand
from advisor.defaults import TALON_COUNT
from advisor.errors import CardCountError, ExactError, LimitError
from advisor.exact.deals import CHOICE_SPLITS_PER_TALON, Deals, SplitSampler, Stratum
from advisor.exact.misere import MISERE_PLAY, exact_odds
from advisor.exact.reading import BOUND
from advisor.exact.result import Method
from advisor.exact.settings import DEFAULT_SAMPLES, ExactSettings
from advisor.seats import Lead, Seat
from advisor.solver import Odds, SolverUnavailableError, catch_odds
from advisor.splits import EXACT_LAYOUTS
from advisor.table import Table, default_table, merge_table
from advisor.talon import talon_discards

require_solver()

TABLE = default_table()
LONE_KING = parse_hand("♠K ♣7 8 9 ♦7 8 J ♥7 8 J")
CLEAN = parse_hand("7S 8S 9S 7C 8C 7D 8D 9D 7H 8H")
HOPELESS = parse_hand("♠A K Q J ♣A K Q ♦A K Q")
FIXTURE = parse_hand("7S 10S 7C 8C 9C 7D 8D 9D 7H 8H")  # issue 4: exact counts known
SEED = 20261129


# --- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("samples", "per_talon"), [(1, 1), (231, 1), (346, 1), (347, 2), (924, 4), (1000, 4)]
)
def test_samples_round_to_a_multiple_of_231(samples: int, per_talon: int) -> None:
    assert ExactSettings(samples).per_talon == per_talon
    assert DEFAULT_SAMPLES == 4 * TALON_COUNT == 924


@pytest.mark.parametrize("samples", [0, -5])
def test_samples_must_be_positive(samples: int) -> None:
    with pytest.raises(LimitError, match=f"at least 1, not {samples}"):
        exact_odds(LONE_KING, Lead.ME, TABLE, ExactSettings(samples=samples))


def test_bad_discard_mode_and_hand() -> None:
    with pytest.raises(ExactError, match="discard 'best' must be exact, table or solver"):
        exact_odds(LONE_KING, Lead.ME, TABLE, ExactSettings(discard="best"))
    with pytest.raises(CardCountError, match="11 cards given, a hand has 10"):
        exact_odds(LONE_KING | parse_cards("AH"), Lead.ME, TABLE)


def test_missing_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisor.solver, "core_available", lambda: False)
    with pytest.raises(SolverUnavailableError, match="compiled solver"):
        exact_odds(LONE_KING, Lead.ME, TABLE)


@pytest.mark.parametrize(
    ("lead", "seats", "founding"),
    [
        (Lead.ME, (Seat.M,), Lead.ME),
        (Lead.LEFT, (Seat.L,), Lead.THEM),
        (Lead.RIGHT, (Seat.R,), Lead.THEM),
        (Lead.THEM, (Seat.L, Seat.R), Lead.THEM),
    ],
)
def test_leads(lead: Lead, seats: tuple[Seat, ...], founding: Lead) -> None:
    assert lead.seats == seats
    assert lead.founding is founding
    assert Lead(str(lead)) is lead


# --- the sample --------------------------------------------------------------------------------


def strata(hand: CardSet, per_talon: int, seed: int) -> list[Stratum]:
    deals = Deals(hand, per_talon, seed)
    return [deals.reported(number) for number in range(TALON_COUNT)]


def test_strata_are_the_talons_with_equal_splits() -> None:
    drawn = strata(LONE_KING, 3, SEED)
    assert [s.talon for s in drawn] == [t for t, _ in talon_discards(LONE_KING, Lead.ME, TABLE)]
    unseen = LONE_KING.complement()
    for number, stratum in enumerate(drawn):
        assert stratum.number == number
        assert len(stratum.talon) == 2 and len(stratum.pool) == 20
        assert stratum.pool == unseen - stratum.talon
        assert len(stratum.splits) == 3
        for mask in stratum.splits:
            assert len(CardSet(mask)) == 10 and CardSet(mask) & stratum.pool == CardSet(mask)


def test_strata_depend_on_the_seed_only() -> None:
    assert strata(LONE_KING, 2, SEED) == strata(LONE_KING, 2, SEED)
    assert strata(LONE_KING, 2, SEED) != strata(LONE_KING, 2, SEED + 1)


def test_more_splits_extend_a_talons_own() -> None:
    # A talon's splits come from a stream of its own: asking for more extends them, and the
    # order the talons are worked out in changes nothing.
    few, more = Deals(LONE_KING, 2, SEED), Deals(LONE_KING, 5, SEED)
    for number in (0, 17, 230):
        assert more.reported(number).splits[:2] == few.reported(number).splits
    assert sorted(few.order()) == list(range(TALON_COUNT)) and few.order() == more.order()
    assert few.order() != Deals(LONE_KING, 2, SEED + 1).order()


def test_splits_are_uniform() -> None:
    # Every card of the pool goes to L half of the time, every two cards 9/38 of the time.
    sampler = SplitSampler(LONE_KING.complement())
    talon = CardSet(1 << sampler.cards[4] | 1 << sampler.cards[15])
    stratum = sampler.stratum(0, talon, 20_000, random.Random(SEED))
    cards = [card.index for card in stratum.pool]
    alone = [sum(m >> i & 1 for m in stratum.splits) / 20_000 for i in cards]
    assert all(abs(share - 0.5) < 0.015 for share in alone)
    both = sum(m >> cards[0] & m >> cards[-1] & 1 for m in stratum.splits) / 20_000
    assert abs(both - 9 / 38) < 0.015


def sampled(hand: CardSet, talon: str, discards: str, seat: Seat, seed: int) -> Odds:
    """One talon and discard, 924 of the library's own sampled splits, solved."""
    sampler = SplitSampler(hand.complement())
    stratum = sampler.stratum(0, parse_cards(talon), DEFAULT_SAMPLES, random.Random(seed))
    tricks = stratum.solve(MISERE_PLAY, hand, parse_cards(discards), seat)
    return Odds(tuple(tricks.count(t) for t in range(11)), exact=False)


@pytest.mark.parametrize(("seat", "caught"), [(Seat.M, 44_300), (Seat.L, 61_350), (Seat.R, 61_898)])
def test_interval_holds_the_fixture_counts(seat: Seat, caught: int) -> None:
    # Talon ♦A ♥A, discarded again: the issue-4 fixture, whose exact counts are known.
    odds = sampled(FIXTURE, "AD AH", "AD AH", seat, SEED)
    low, high = odds.interval
    assert low <= caught / EXACT_LAYOUTS <= high


@pytest.mark.parametrize(
    ("hand", "talon", "seat"),
    [
        (LONE_KING, "QS AC", Seat.L),
        (LONE_KING, "10S JS", Seat.M),
        (parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J"), "8S AH", Seat.R),
        (parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J"), "QS KS", Seat.M),
    ],
)
def test_interval_holds_the_full_enumeration(hand: CardSet, talon: str, seat: Seat) -> None:
    lead = Lead.ME if seat is Seat.M else Lead.THEM
    (discards,) = dict(talon_discards(hand, lead, TABLE))[parse_cards(talon)]
    kept = (hand | parse_cards(talon)) - discards
    exact = catch_odds(kept, discards, seat)
    assert 0 < exact.fraction < 1
    odds = sampled(hand, talon, str(discards), seat, SEED)
    low, high = odds.interval
    assert low <= exact.fraction <= high


# --- the analysis ------------------------------------------------------------------------------


@pytest.mark.parametrize("lead", Lead)
def test_a_clean_hand_is_never_caught(lead: Lead) -> None:
    found = exact_odds(CLEAN, lead, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    assert found.method is Method.FULL and found.talons_used == TALON_COUNT
    assert found.p_caught == 0 and found.interval[0] == 0
    assert found.histogram is not None and found.histogram[0] == 231 * len(lead.seats)
    assert found.expected_score == 10
    low, high = found.score_interval  # never caught among 231 deals is not never caught
    assert high == 10 and 9.5 < low < 10
    assert found.verdict == found.founding.verdict == "declare" and found.reason is None


@pytest.mark.parametrize("lead", Lead)
def test_a_hand_no_talon_can_save_is_always_caught(lead: Lead) -> None:
    found = exact_odds(HOPELESS, lead, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    assert found.p_caught == 1 and found.interval[1] == pytest.approx(1)
    assert found.histogram is not None and found.histogram[0] == 0
    assert found.expected_score <= -40
    assert found.verdict == found.founding.verdict == "pass" and found.reason is None
    bounded = exact_odds(HOPELESS, lead, TABLE, ExactSettings(samples=231, seed=SEED))
    assert bounded.method is Method.BOUNDS and bounded.reading is BOUND
    assert bounded.histogram is None
    assert bounded.p_caught == 1 and bounded.expected_score == -10  # caught: -10 at least
    assert bounded.verdict == "pass" and not bounded.too_close


def test_the_lone_king_example() -> None:
    found = exact_odds(LONE_KING, Lead.THEM, TABLE, ExactSettings(full=True))
    assert found.founding.verdict == "pass"
    assert 0.04 <= found.p_caught <= 0.08
    assert found.verdict == "declare"
    assert str(found.reason) == "the talon usually lets the player discard ♠K (100% of talons)"
    assert found.samples == 924 and sum(found.histogram or ()) == 2 * 924
    assert [s.seat for s in found.seats] == [Seat.L, Seat.R]


def test_them_averages_the_catchers_seats() -> None:
    both = exact_odds(LONE_KING, Lead.THEM, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    left = exact_odds(LONE_KING, Lead.LEFT, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    right = exact_odds(
        LONE_KING, Lead.RIGHT, TABLE, ExactSettings(samples=231, seed=SEED, full=True)
    )
    assert both.seats == left.seats + right.seats
    assert math.isclose(both.p_caught, (left.p_caught + right.p_caught) / 2)
    assert math.isclose(both.interval[0], (left.interval[0] + right.interval[0]) / 2)
    assert math.isclose(both.expected_score, (left.expected_score + right.expected_score) / 2)
    assert both.histogram == tuple(
        a + b for a, b in zip(left.histogram or (), right.histogram or (), strict=True)
    )


def test_same_seed_same_answer() -> None:
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    first = exact_odds(hand, Lead.ME, TABLE, ExactSettings(seed=7))
    assert exact_odds(hand, Lead.ME, TABLE, ExactSettings(seed=7)) == first
    assert 0 < first.p_caught < 1


@pytest.mark.parametrize("lead", [Lead.ME, Lead.RIGHT])
def test_the_solver_discard_never_scores_less_than_the_table(lead: Lead) -> None:
    # The table's best discard is one of the solver's candidates, on the same splits.
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    by_table = exact_odds(
        hand, lead, TABLE, ExactSettings(samples=462, seed=SEED, discard="table", full=True)
    )
    by_solver = exact_odds(
        hand, lead, TABLE, ExactSettings(samples=462, seed=SEED, discard="solver", full=True)
    )
    assert by_solver.expected_score >= by_table.expected_score
    assert by_solver.to_dict()["discard"] == "solver"


def test_declare_then_pass_reason() -> None:
    # The founding rule declares a 50 % hole; exact play (a few per cent) is above a 2 % limit.
    table = merge_table(default_table(), "exact_threshold = 2", "strict.toml")
    found = exact_odds(FIXTURE, Lead.ME, table, ExactSettings(samples=231, seed=SEED, full=True))
    assert found.founding.verdict == "declare" and found.verdict == "pass"
    assert found.reason is not None
    assert str(found.reason).startswith("with best play the catchers catch it in ")
    assert str(found.reason).endswith("%, above the 2% limit")


def test_to_dict() -> None:
    data = exact_odds(
        LONE_KING, Lead.LEFT, TABLE, ExactSettings(samples=231, seed=SEED, full=True)
    ).to_dict()
    assert set(data) == {
        "lead", "discard", "seed", "samples", "method", "talons", "deals", "bound", "p_caught",
        "low", "high", "histogram", "expected_score", "score_low", "score_high", "pass_score",
        "threshold", "verdict", "reason", "discarded", "seats", "passing", "suits", "whichever",
    }  # fmt: skip
    assert [suit["suit"] for suit in data["suits"]] == ["♠", "♣", "♦", "♥"]
    assert data["whichever"]["p_caught"] <= data["p_caught"]
    assert data["lead"] == "left" and data["samples"] == 231 and data["discard"] == "exact"
    assert data["method"] == "full" and data["talons"] == 231 and data["deals"] == 231
    assert data["bound"] is None
    assert data["threshold"] is None and data["pass_score"] == 0
    assert 0 <= data["low"] <= data["p_caught"] <= data["high"] <= 1
    assert data["score_low"] <= data["expected_score"] <= data["score_high"] <= 10
    assert len(data["histogram"]) == 11 and sum(data["histogram"]) == 231
    assert data["seats"][0]["lead"] == "left"
    assert set(data["seats"][0]) == {
        "lead", "p_caught", "low", "high", "histogram", "expected_score", "score_low", "score_high"
    }  # fmt: skip
    assert data["discarded"][0]["card"] == "K♠" and data["discarded"][0]["talons"] >= 220


def low_hands(seed: int, count: int) -> list[CardSet]:
    """Hands leaning to low cards, as misère hands do."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
        hands.append(CardSet(sum(1 << index for index in deck[:10])))
    return hands


@pytest.mark.parametrize("seed", range(3))
def test_results_hang_together(seed: int) -> None:
    rng = random.Random(seed)
    for hand in low_hands(seed, 4):
        lead = rng.choice(list(Lead))
        found = exact_odds(hand, lead, TABLE, ExactSettings(samples=231, seed=seed, full=True))
        low, high = found.interval
        assert 0 <= low <= found.p_caught <= high <= 1
        histogram = found.histogram or ()
        assert sum(histogram) == 231 * len(lead.seats) == found.deals * len(lead.seats)
        assert found.p_caught == pytest.approx(1 - histogram[0] / sum(histogram))
        tricks = sum(t * n for t, n in enumerate(histogram)) / sum(histogram)
        assert found.expected_score == pytest.approx(10 * (1 - found.p_caught) - 10 * tricks)
        assert found.declare == (found.expected_score > 0)
        score_low, score_high = found.score_interval
        assert score_low <= found.expected_score <= score_high
        assert (found.reason is None) == (found.verdict == found.founding.verdict)
        for seat in found.seats:
            assert all(card in hand for card, _ in seat.discarded)
            assert sum(n for _, n in seat.discarded) <= 2 * TALON_COUNT


# --- the verdict on the expected score ---------------------------------------------------------


def with_settings(text: str) -> Table:
    return merge_table(default_table(), text, "settings.toml")


def test_the_verdict_follows_the_score_at_its_edge() -> None:
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    found = exact_odds(hand, Lead.ME, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    score = found.expected_score
    assert 0 < score < 10 and found.verdict == "declare"
    below = exact_odds(
        hand,
        Lead.ME,
        with_settings(f"pass_score = {score - 0.001}"),
        ExactSettings(samples=231, seed=SEED, full=True),
    )
    above = exact_odds(
        hand,
        Lead.ME,
        with_settings(f"pass_score = {score + 0.001}"),
        ExactSettings(samples=231, seed=SEED, full=True),
    )
    assert below.expected_score == above.expected_score == score
    assert (below.verdict, above.verdict) == ("declare", "pass")
    assert above.to_dict()["pass_score"] == pytest.approx(score + 0.001)


def test_rarely_caught_but_for_many_tricks_passes() -> None:
    # Caught in about 42 %: the old rule (at most 50 %) declared; the score says pass.
    found = exact_odds(parse_hand("♠8 9 ♣7 9 10 ♦8 9 ♥7 8 J"), Lead.ME, TABLE)
    assert found.p_caught < 0.5 and found.expected_score < 0
    assert found.score_interval[1] < 0 and not found.too_close
    assert found.verdict == "pass"


def test_the_issue_hand_passes_on_its_own_lead() -> None:
    found = exact_odds(parse_hand("♠8 9 10 ♣7 8 9 10 ♦7 9 ♥7"), Lead.ME, TABLE)
    assert found.expected_score < 0 and found.verdict == "pass"


def test_the_threshold_is_an_extra_limit() -> None:
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    free = exact_odds(hand, Lead.ME, TABLE, ExactSettings(samples=231, seed=SEED, full=True))
    caught = 100 * free.p_caught
    assert free.threshold is None and free.declare
    strict = exact_odds(
        hand,
        Lead.ME,
        with_settings(f"exact_threshold = {caught - 0.5}"),
        ExactSettings(samples=231, seed=SEED, full=True),
    )
    loose = exact_odds(
        hand,
        Lead.ME,
        with_settings(f"exact_threshold = {caught + 0.5}"),
        ExactSettings(samples=231, seed=SEED, full=True),
    )
    assert (strict.verdict, loose.verdict) == ("pass", "declare")
    off = with_settings("exact_threshold = 40\n")
    assert merge_table(off, "exact_threshold = false", "off.toml").exact_threshold is None


def test_a_declare_turned_pass_names_the_score() -> None:
    # A permissive table declares the hand; exact play catches it often enough, and for
    # enough tricks, to score below zero.
    loose = "threshold = 100\ncombine = 'max'\nmax_holes = 4\n[rules]\nno_seven = false\n"
    found = exact_odds(
        parse_hand("♠8 9 ♣7 9 10 ♦8 9 ♥7 8 J"),
        Lead.ME,
        with_settings(loose),
        ExactSettings(full=True),
    )
    assert found.founding.verdict == "declare" and found.verdict == "pass"
    tricks = found.tricks_when_caught
    assert str(found.reason) == (
        f"caught in {100 * found.p_caught:.1f}%, then for {tricks:.1f} tricks on average: "
        f"expected {found.expected_score:+.1f}"
    )


def test_too_close_to_call() -> None:
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    score = exact_odds(
        hand, Lead.ME, TABLE, ExactSettings(samples=231, seed=SEED, full=True)
    ).expected_score
    found = exact_odds(
        hand,
        Lead.ME,
        with_settings(f"pass_score = {score - 0.2}"),
        ExactSettings(samples=231, seed=SEED, full=True),
    )
    low, high = found.score_interval
    assert low < found.pass_score < found.expected_score < high
    assert found.too_close and found.verdict == "declare"  # the point estimate decides
    wanted = found.samples_to_decide
    assert wanted % TALON_COUNT == 0 and wanted >= 2 * 231
    assert ((high - low) / 2) * math.sqrt(231 / wanted) <= found.expected_score - found.pass_score


def test_the_choice_is_made_on_deals_that_are_not_reported() -> None:
    deals = Deals(LONE_KING, 4, 0)
    reported = [deals.reported(number) for number in range(TALON_COUNT)]
    chosen_on = [deals.choosing(number) for number in range(TALON_COUNT)]
    assert [s.talon for s in reported] == [s.talon for s in chosen_on]
    assert all(len(s.splits) == CHOICE_SPLITS_PER_TALON for s in chosen_on)
    assert all(
        not set(a.splits) & set(b.splits) or len(set(a.splits) & set(b.splits)) < 2
        for a, b in zip(reported, chosen_on, strict=True)
    )
    assert Deals(LONE_KING, 4, 1).choosing(0) != chosen_on[0]


# --- passing priced by all-pass -----------------------------------------------------------------


def test_a_pass_priced_by_all_pass() -> None:
    from advisor.allpass import AllPassRules, passing_cost

    table = with_settings('pass_score = "allpass"')
    assert table.pass_score is None and table.pass_from_allpass
    hand = parse_hand("♠7 9 ♣7 8 10 ♦7 8 9 ♥8 J")
    found = exact_odds(hand, Lead.RIGHT, table, ExactSettings(samples=231, seed=SEED, full=True))
    assert found.passing is not None and found.passing.seats == Lead.RIGHT.positions
    assert found.pass_score == -found.passing.expected_penalty < 0
    assert found.declare == (found.expected_score > found.pass_score)
    data = found.to_dict()
    assert data["pass_score"] == round(found.pass_score, 2) and data["passing"]["seats"]
    # a cost given for the seats the lead needs is used as it is; for others it is made anew
    given = passing_cost(hand, Lead.RIGHT.positions, AllPassRules(), samples=20, seed=3)
    again = exact_odds(
        hand, Lead.RIGHT, table, ExactSettings(samples=231, seed=SEED, full=True), passing=given
    )
    assert again.passing is given
    other = passing_cost(hand, Lead.ME.positions, AllPassRules(), samples=20, seed=3)
    third = exact_odds(
        hand, Lead.RIGHT, table, ExactSettings(samples=231, seed=SEED, full=True), passing=other
    )
    assert third.passing == found.passing
    # with a number in the table, a cost given is not the pass score
    plain = exact_odds(
        hand, Lead.RIGHT, TABLE, ExactSettings(samples=231, seed=SEED, full=True), passing=given
    )
    assert plain.passing is None and plain.pass_score == 0
