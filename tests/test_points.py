"""The scoring of one deal: the ledger every outcome writes, and the settlement into points.

Every expected figure is derived by hand in a comment from ``shared/game-rules.md``:

    pg_p     = r·pool_p − mountain_p
    S_p      = (10/n)·(n·pg_p − Σ pg) + Σ_q (whists p wrote on q − whists q wrote on p)
    points_p = S_p / (10·(n−1)/n)          (3 players: S·3/20; 4 players: S·2/15)

M is the declarer, L the defender on his left (the odd defence trick is his), R on his right.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.contract import CONTRACTS, Contract
from advisor.convention import Convention, Preset
from advisor.errors import DealError
from advisor.points import (
    Ledger,
    Out,
    Whist,
    allpass_ledger,
    break_even,
    declarer_points,
    game_ledger,
    game_points,
    give_up_ledger,
    misere_ledger,
)
from advisor.seats import Seat

SOCHI = Convention()
SOCHI4 = Convention.of(players=4)
LENINGRAD = Convention.of(Preset.LENINGRAD)
ROSTOV = Convention.of(Preset.ROSTOV)
M, L, R = Seat.M, Seat.L, Seat.R


def contract(text: str) -> Contract:
    return Contract.parse(text)


def declarer(text: str, tricks: int, whist: Whist = Whist.BOTH, convention: Convention = SOCHI
             ) -> Fraction:  # fmt: skip
    return game_points(contract(text), tricks, whist, convention)


# -- game-rules.md's checks: 3 players, Sochi, both whist -------------------------------------


def test_a_six_made_with_six_is_plus_0_8() -> None:
    # pool M 2; defence 4 tricks, 2 each: L and R write 2·2 = 4 whists each on M; each owes
    # half the quota (2) and took 2: no mountain. pg = (2, 0, 0), Σ = 2.
    # S_M = (10/3)(3·2 − 2) − 8 = 40/3 − 8 = 16/3; points = 16/3 · 3/20 = 4/5
    assert declarer("6S", 6) == Fraction(4, 5)


def test_a_six_down_one_is_minus_4_1() -> None:
    # M mountain 2·1 = 2; consolation 2 from L and from R; defence 5 tricks, L 3 R 2: whists
    # 6 and 4. Whists on M: 6 + 2 + 4 + 2 = 14. pg = (−2, 0, 0), Σ = −2.
    # S_M = (10/3)(−6 + 2) − 14 = −40/3 − 14 = −82/3; points = −82/20 = −41/10
    assert declarer("6S", 5) == Fraction(-41, 10)


def test_a_six_with_ten_tricks_is_plus_6() -> None:
    # pool M 2; the defence took nothing: L and R each 2 short of their half-quota, 2·2 = 4
    # in each mountain. pg = (2, −4, −4), Σ = −6. S_M = (10/3)(6 + 6) = 40; points = 6
    assert declarer("6S", 10) == 6


def test_a_seven_down_one_is_minus_7_6() -> None:
    # c = 4: M mountain 4; consolation 4 + 4; defence 4 tricks, 2 each: 8 + 8 whists (each
    # owes 1, took 2). Whists on M: 24. pg = (−4, 0, 0), Σ = −4.
    # S_M = (10/3)(−12 + 4) − 24 = −80/3 − 24 = −152/3; points = −152/20 = −38/5
    assert declarer("7S", 6) == Fraction(-38, 5)


def test_a_ten_made_is_plus_10() -> None:
    # c = 10, checked: no quota, no whists. pg = (10, 0, 0), Σ = 10.
    # S_M = (10/3)(30 − 10) = 200/3; points = 10
    assert declarer("10NT", 10) == 10


@pytest.mark.parametrize(("down", "whists"), [(1, -58), (2, -104), (3, -150), (4, -196)])
def test_the_published_seven_down_with_four_players(down: int, whists: int) -> None:
    # n = 4, c = 4, the dealer writes consolation too. Down u: M mountain 4u; consolation
    # 3·4u; defence 3 + u tricks, 4 whists each. pg_M = −4u, Σ = −4u.
    # S_M = (10/4)(−16u + 4u) − 12u − 4(3 + u) = −30u − 16u − 12 = −46u − 12:
    # −58, −104, −150, −196
    ledger = game_ledger(contract("7S"), 7 - down, Whist.BOTH, SOCHI4)
    assert ledger.balance()[M] == whists
    assert ledger.points()[M] == Fraction(whists * 2, 15)  # S / 7.5


@pytest.mark.parametrize(
    ("level", "made", "down", "percent"),
    [(6, Fraction(4, 5), Fraction(-41, 10), 84),
     # 7: pool 4, 3 defence tricks (2 + 1) = 12 whists: S = (10/3)(8) − 12 = 44/3 → 11/5;
     #    down one −38/5 (above)
     (7, Fraction(11, 5), Fraction(-38, 5), 78),
     # 8: pool 6, 2 defence tricks = 12 whists: S = (10/3)(12) − 12 = 28 → 21/5; down one:
     #    mountain 6, consolation 12, 3 tricks 18: S = (10/3)(−12) − 30 = −70 → −21/2
     (8, Fraction(21, 5), Fraction(-21, 2), 71),
     # 9: pool 8, 1 trick = 8: S = (10/3)(16) − 8 = 136/3 → 34/5; down one: mountain 8,
     #    consolation 16, 2 tricks 16: S = (10/3)(−16) − 32 = −256/3 → −64/5
     (9, Fraction(34, 5), Fraction(-64, 5), 65),
     # 10: made +10; down one: mountain 10, consolation 20, 1 trick 10:
     #    S = (10/3)(−20) − 30 = −290/3 → −29/2
     (10, Fraction(10), Fraction(-29, 2), 59)],
)  # fmt: skip
def test_break_even_chances(level: int, made: Fraction, down: Fraction, percent: int) -> None:
    # p·made + (1 − p)·down = 0: p = −down / (made − down); six 41/49 = 83.7 %, seven
    # 38/49 = 77.6 %, eight 35/49 = 71.4 %, nine 32/49 = 65.3 %, ten 29/49 = 59.2 %
    text = f"{level}H"
    assert declarer(text, level) == made
    assert declarer(text, level - 1) == down
    chance = break_even(contract(text), SOCHI)
    assert chance == -down / (made - down)
    assert round(100 * chance) == percent


# -- misère and all-pass: the advisor's existing scale -----------------------------------------


@pytest.mark.parametrize("convention", [SOCHI, SOCHI4, ROSTOV])
def test_misere_clean_is_plus_10_and_each_caught_trick_minus_10(convention: Convention) -> None:
    # clean: pool 10: S = (10/n)(n − 1)·10 over 10(n − 1)/n = 10. Caught t: mountain 10t: −10t
    assert misere_ledger(0, convention).points()[M] == 10
    for tricks in range(1, 11):
        assert misere_ledger(tricks, convention).points()[M] == -10 * tricks


def test_leningrad_misere() -> None:
    # r = 2: pool 10 is worth 20 mountain points, and a caught trick writes 20
    assert misere_ledger(0, LENINGRAD).points()[M] == 20
    assert misere_ledger(2, LENINGRAD).points()[M] == -40


@pytest.mark.parametrize("convention", [SOCHI, SOCHI4, LENINGRAD])
def test_an_all_pass_trick_of_ones_own_is_minus_1(convention: Convention) -> None:
    # mountain 1 for M alone: pg_M = −1, Σ = −1: S = (10/n)(−n + 1), points −1
    assert allpass_ledger({M: 1}, 1, convention).points()[M] == -1
    assert allpass_ledger({M: 3}, 2, convention).points()[M] == -6


def test_an_all_pass_deal_counts_the_others_tricks_too() -> None:
    # (4, 3, 3) at 1 a trick: pg = (−4, −3, −3), Σ = −10: S_M = (10/3)(−12 + 10) = −20/3,
    # points −1: M's own 4 tricks −4, each of the others' 6 tricks +1/2
    points = allpass_ledger({M: 4, L: 3, R: 3}, 1, SOCHI).points()
    assert points == {M: -1, L: Fraction(1, 2), R: Fraction(1, 2)}


def test_rostov_all_pass_in_whists() -> None:
    # w = 10/3 a trick with 3 players. One player taking all: L and R each write 10·10/3 on
    # M: S_M = −200/3, points −10, as Sochi's mountain would
    alone = allpass_ledger({M: 10}, 1, ROSTOV)
    assert alone.points()[M] == -10 == allpass_ledger({M: 10}, 1, SOCHI).points()[M]
    # (5, 3, 2): only R (the fewest) writes: 3·10/3 = 10 on M, 1·10/3 on L.
    # S_M = −10 → −3/2; S_L = −10/3 → −1/2; S_R = 40/3 → 2
    points = allpass_ledger({M: 5, L: 3, R: 2}, 1, ROSTOV).points()
    assert points == {M: Fraction(-3, 2), L: Fraction(-1, 2), R: 2}


# -- the other outcomes -------------------------------------------------------------------------


def test_both_pass_writes_the_contract_without_play() -> None:
    # pool c for M, nothing else: S = (10/3)·2c → points c (tricks do not matter)
    for text, c in (("6S", 2), ("9NT", 8)):
        for tricks in (0, 10):
            ledger = game_ledger(contract(text), tricks, Whist.PASS, SOCHI)
            assert ledger.points()[M] == c
            assert ledger.whists == {} and ledger.mountain == {}


def test_half_whist() -> None:
    # six: pool 2, R writes c·quota/2 = 2·2 = 4 whists: S_M = 40/3 − 4 = 28/3 → 7/5;
    # S_R = (10/3)(−2) + 4 = −8/3 → −2/5; S_L = −20/3 → −1
    ledger = game_ledger(contract("6D"), 6, Whist.HALF, SOCHI)
    assert ledger.whists == {(R, M): 4}
    assert ledger.points() == {M: Fraction(7, 5), L: -1, R: Fraction(-2, 5)}
    # seven: c·quota/2 = 4·1 = 4 whists; Leningrad doubles them: 8
    assert game_ledger(contract("7D"), 0, Whist.HALF, SOCHI).whists == {(R, M): 4}
    assert game_ledger(contract("7D"), 0, Whist.HALF, LENINGRAD).whists == {(R, M): 8}


@pytest.mark.parametrize("text", ["8S", "9H", "10NT"])
def test_no_half_whist_above_seven(text: str) -> None:
    with pytest.raises(DealError, match="half-whist is said on a six or a seven"):
        game_ledger(contract(text), 8, Whist.HALF, LENINGRAD)


def test_a_lone_whister_writes_for_every_defence_trick_and_answers_for_the_quota() -> None:
    # six, M takes 7: defence 3 tricks, L whists alone: L writes 3·2 = 6 whists, and is one
    # short of the quota 4: mountain 2. pool M 2.
    ledger = game_ledger(contract("6S"), 7, Whist.LEFT, SOCHI)
    assert ledger.whists == {(L, M): 6}
    assert ledger.mountain == {L: 2}
    assert ledger.pool == {M: 2}
    # pg = (2, −2, 0), Σ = 0: S_M = 20 − 6 = 14 → 21/10; S_L = −20 + 6 = −14 → −21/10;
    # S_R = 0
    assert ledger.points() == {M: Fraction(21, 10), L: Fraction(-21, 10), R: 0}


def test_the_passer_writes_consolation_when_the_lone_whister_sets_the_game() -> None:
    # seven, M takes 5 (down 2): R whists alone; 5 defence tricks: R 5·4 = 20; consolation
    # 4·2 = 8 from each of L and R; M mountain 8
    ledger = game_ledger(contract("7C"), 5, Whist.RIGHT, SOCHI)
    assert ledger.whists == {(L, M): 8, (R, M): 28}
    assert ledger.mountain == {M: 8}


def test_leningrad_shares_a_lone_whisters_whists_with_the_passer() -> None:
    # six, 4 defence tricks: 2c = 4 a trick, 16 in all, 8 each; L is the whister and the
    # defence made its quota: no mountain
    ledger = game_ledger(contract("6S"), 6, Whist.LEFT, LENINGRAD)
    assert ledger.whists == {(L, M): 8, (R, M): 8}
    assert ledger.mountain == {}
    # r = 2: pg_M = 4; S_M = (10/3)(12 − 4) − 16 = 80/3 − 16 = 32/3 → 8/5
    assert ledger.points()[M] == Fraction(8, 5)


def test_leningrad_failure_and_whister_penalty() -> None:
    # six down one, both whist: mountain 2c = 4, consolation 4 each, 5 tricks at 4 (L 3: 12,
    # R 2: 8). pg_M = −4: S_M = (10/3)(−8) − 28 = −164/3 → −41/5 (Sochi's −4.1 doubled)
    assert declarer("6S", 5, convention=LENINGRAD) == Fraction(-41, 5)
    # six with ten tricks: each whister two short, half of 2c = c = 2 a trick: mountain 4
    ledger = game_ledger(contract("6S"), 10, Whist.BOTH, LENINGRAD)
    assert ledger.mountain == {L: 4, R: 4}


def test_two_whisters_of_an_eight_taking_nothing() -> None:
    # eight, quota 1, both whisted, M took all ten: Sochi, the second whister (R) pays c = 6
    assert game_ledger(contract("8S"), 10, Whist.BOTH, SOCHI).mountain == {R: 6}
    shared = Convention.of(both_fail="shared")
    assert game_ledger(contract("8S"), 10, Whist.BOTH, shared).mountain == {L: 3, R: 3}
    # one defence trick between them: the quota is made
    assert game_ledger(contract("9S"), 9, Whist.BOTH, SOCHI).mountain == {}


def test_each_of_two_whisters_answers_for_half_of_a_six() -> None:
    # six made with 6, the defence's 4 tricks split 3 + 1: R owes 2, took 1: mountain c = 2
    ledger = game_ledger(contract("6S"), 6, Whist.BOTH, SOCHI, left_tricks=3)
    assert ledger.mountain == {R: 2}
    assert ledger.whists == {(L, M): 6, (R, M): 2}


def test_a_whisted_ten() -> None:
    whisted = Convention.of(ten="whisted")
    # both whist, M takes all: the second whister pays c = 10
    assert game_ledger(contract("10S"), 10, Whist.BOTH, whisted).mountain == {R: 10}
    # passed: written without play
    assert game_ledger(contract("10S"), 0, Whist.PASS, whisted).points()[M] == 10


@pytest.mark.parametrize("whist", [Whist.LEFT, Whist.RIGHT, Whist.PASS, Whist.HALF])
def test_a_checked_ten_is_played_by_both(whist: Whist) -> None:
    with pytest.raises(DealError, match="checked ten is played by both defenders"):
        game_ledger(contract("10S"), 10, whist, SOCHI)


def test_give_up_three_down() -> None:
    # mountain 3c: S = (10/3)(−9c + 3c) = −20c → −3c; seven: −12; Leningrad 6c → −24
    assert give_up_ledger(contract("7S"), SOCHI).points()[M] == -12
    assert give_up_ledger(contract("7S"), LENINGRAD).points()[M] == -24
    assert give_up_ledger(contract("7S"), SOCHI).whists == {}


def test_bad_outcomes_are_deal_errors() -> None:
    with pytest.raises(DealError, match=r"^11 tricks: a player takes 0 to 10$"):
        game_ledger(contract("6S"), 11, Whist.BOTH, SOCHI)
    with pytest.raises(DealError, match="left defender took 5 of the defence's 4 tricks"):
        game_ledger(contract("6S"), 6, Whist.BOTH, SOCHI, left_tricks=5)
    with pytest.raises(DealError, match="lone whister's tricks are not split"):
        game_ledger(contract("6S"), 6, Whist.LEFT, SOCHI, left_tricks=2)
    with pytest.raises(DealError, match=r"^11 tricks charged in an all-pass"):
        allpass_ledger({M: 5, L: 6}, 1, SOCHI)
    with pytest.raises(DealError, match="price must be above 0"):
        allpass_ledger({M: 5}, 0, SOCHI)


# -- properties of every outcome ---------------------------------------------------------------

conventions = st.sampled_from(
    [SOCHI, SOCHI4, LENINGRAD, ROSTOV, Convention.of(ten="whisted", both_fail="shared"),
     Convention.of(Preset.LENINGRAD, players=4)]
)  # fmt: skip
whists = st.sampled_from(list(Whist))


def _ledger(
    chosen: Contract, tricks: int, whist: Whist, convention: Convention, left: int | None
) -> Ledger | None:
    try:
        return game_ledger(chosen, tricks, whist, convention, left)
    except DealError:  # half-whist above seven, a checked ten passed, a split given wrongly
        return None


@given(st.sampled_from(CONTRACTS), st.integers(0, 10), whists, conventions, st.integers(0, 10))
def test_settlement_sums_to_zero(
    chosen: Contract, tricks: int, whist: Whist, convention: Convention, left: int
) -> None:
    ledger = _ledger(chosen, tricks, whist, convention, left if whist is Whist.BOTH else None)
    if ledger is None:
        return
    assert sum(ledger.balance().values()) == 0
    assert sum(ledger.points().values()) == 0
    assert set(ledger.points()) == set(ledger.players)
    assert len(ledger.players) == convention.players
    assert all(ledger.points_of(p) == ledger.points()[p] for p in ledger.players)


@given(st.sampled_from(CONTRACTS), whists, conventions)
def test_the_declarer_gains_with_every_trick(
    chosen: Contract, whist: Whist, convention: Convention
) -> None:
    """More tricks never cost the declarer (a played game: the whists fall, the mountain
    falls or the whisters' penalties grow)."""
    if _ledger(chosen, 0, whist, convention, None) is None:
        return
    table = declarer_points(chosen, whist, convention)
    assert all(a <= b for a, b in itertools.pairwise(table))
    assert len(table) == 11


@pytest.mark.parametrize(
    "convention",
    [SOCHI, SOCHI4, LENINGRAD, ROSTOV, Convention.of(ten="whisted", both_fail="shared")],
)
def test_declarer_points_are_each_ledgers_settlement(convention: Convention) -> None:
    """The score table (worked out once a level and kept) is, for every contract of every
    strain, each ledger's full settlement; an impossible decision is refused naming the
    contract asked about (a half-whist's error names it)."""
    for chosen in CONTRACTS:
        for whist in Whist:
            if _ledger(chosen, 0, whist, convention, None) is None:
                with pytest.raises(DealError) as expected_error:
                    game_ledger(chosen, 0, whist, convention)
                with pytest.raises(DealError) as error:
                    declarer_points(chosen, whist, convention)
                assert str(error.value) == str(expected_error.value)
                continue
            expected = tuple(
                float(game_ledger(chosen, tricks, whist, convention).points()[M])
                for tricks in range(11)
            )
            assert declarer_points(chosen, whist, convention) == expected, (chosen, whist)


@given(st.dictionaries(st.sampled_from(list(Seat)), st.integers(0, 3)), conventions)
def test_all_pass_sums_to_zero(tricks: dict[Seat, int], convention: Convention) -> None:
    ledger = allpass_ledger(tricks, Fraction(3, 2), convention)
    assert sum(ledger.points().values()) == 0


def test_the_dealer_sitting_out_is_settled_too() -> None:
    # four players, seven down one (above): the dealer wrote 4 consolation whists and gains
    # a quarter of M's mountain: S_D = (10/4)(0 + 4) + 4 = 14 → 28/15
    ledger = game_ledger(contract("7S"), 6, Whist.BOTH, SOCHI4)
    assert ledger.points()[Out.DEALER] == Fraction(28, 15)


# -- published rules, as a player would recognise them --------------------------------------
# D. Parlett, The Penguin Book of Card Games, "Preferans": in a doubly whisted six, (1) the
# defence took three: whichever took fewer is penalised for the undertrick; (2) each took one:
# each is penalised for an undertrick; (3) two and none: the one with none is penalised for
# both; where only one trick is needed, the second to whist is penalised; "get out for half"
# scores the half-whister half the target and the declarer the rest. Wikipedia, "Preferans":
# a failed declarer also pays each defender c·u in whists.


@pytest.mark.parametrize(
    ("text", "tricks", "left", "mountain"),
    [("6S", 7, 2, {R: 2}),  # (1): 2 + 1, R one undertrick at c = 2
     ("6S", 8, 1, {L: 2, R: 2}),  # (2)
     ("6S", 8, 2, {R: 4}),  # (3)
     ("8S", 10, 0, {R: 6}),  # one needed, none taken: the second whister, c = 6
     ("9S", 9, 0, {})],  # one taken, by R: the quota is made
)  # fmt: skip
def test_parletts_doubly_whisted_examples(
    text: str, tricks: int, left: int, mountain: dict[Seat, int]
) -> None:
    ledger = game_ledger(contract(text), tricks, Whist.BOTH, SOCHI, left_tricks=left)
    assert ledger.mountain == mountain
    assert ledger.pool == {M: contract(text).price}


def test_getting_out_for_half() -> None:
    # a six: half the target, 2 tricks at c = 2: 4 whists for R; the declarer's pool c = 2
    ledger = game_ledger(contract("6H"), 0, Whist.HALF, SOCHI)
    assert ledger.whists == {(R, M): 4} and ledger.pool == {M: 2}


@pytest.mark.parametrize(("text", "tricks"), [("6S", 4), ("8NT", 5), ("10H", 9)])
def test_a_failed_declarer_pays_each_defender_c_a_trick(text: str, tricks: int) -> None:
    chosen = contract(text)
    c, down, defence = chosen.price, chosen.level - tricks, 10 - tricks
    both = game_ledger(chosen, tricks, Whist.BOTH, SOCHI)
    left = (defence + 1) // 2  # each writes for his own tricks, and c·down of consolation
    assert both.whists == {(L, M): c * (down + left), (R, M): c * (down + defence - left)}
    assert both.mountain == {M: c * down}
    if chosen.level < 10:  # a checked ten has no lone whister
        alone = game_ledger(chosen, tricks, Whist.LEFT, SOCHI)
        # the lone whister writes for every defence trick; the passer his consolation
        assert alone.whists == {(L, M): c * (down + defence), (R, M): c * down}
