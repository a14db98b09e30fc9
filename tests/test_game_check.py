"""``check --exact``'s word on games: the screen's bound, the estimate (``advisor bid``'s value
of 6♠ on the same talons), naming a game exactly when it beats the misère, in text and JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from solver_build import require_solver

from advisor.cards import parse_hand
from advisor.cli import main
from advisor.contract import CONTRACTS
from advisor.exact.bid import SCORE_SPLITS, talon_value
from advisor.exact.deals import Deals
from advisor.exact.game import GameObjective
from advisor.exact.game_check import _upper_bound, game_beside_misere, seats_of
from advisor.exact.misere import exact_odds
from advisor.exact.settings import ExactSettings
from advisor.exact.stopping import Z_CLEAR
from advisor.game import core_available
from advisor.sampling import Z95
from advisor.seats import Lead, Position, Seat
from advisor.table import default_table

require_solver()
pytestmark = pytest.mark.skipif(not core_available(), reason="the game solver is not built")

STRONG = "AS KS QS JS 10S AC KC AD KD AH"  # a game, and a misère caught every time
MISERE = "7S 8S 7C 8C 7D 8D 9D 7H 8H 9H"  # a clean misère, no game
MIDDLE = "8S JS KS AS 8C 10C AC 9D 10D AD"  # a six or so: the estimate runs


def _check(hand: str, lead: str, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", hand, "--exact", "--lead", lead, *extra])
    return result.exit_code, result.output


def test_the_seats_a_lead_implies() -> None:
    assert seats_of(Lead.ME) == (Position.FIRST,)
    assert seats_of(Lead.RIGHT) == (Position.SECOND,)
    assert seats_of(Lead.LEFT) == (Position.THIRD,)
    assert seats_of(Lead.THEM) == (Position.SECOND, Position.THIRD)


@pytest.mark.parametrize("hand", [STRONG, MIDDLE, "7S 10S AS 7C 9C 9D 10D KD 7H JH"])
def test_the_screen_bounds_every_talon_from_above(hand: str) -> None:
    deals = Deals(parse_hand(hand), SCORE_SPLITS, 0)
    for leader in (Seat.M, Seat.L):
        objective = GameObjective(default_table().convention, leader)
        for number in deals.order()[:3]:
            value = talon_value(deals, objective, [CONTRACTS[0]], number)
            mean = value.totals[0] / value.splits
            assert _upper_bound(deals, objective, number) >= mean - 1e-9


def test_a_strong_hand_names_its_game_beside_a_caught_misere() -> None:
    found = exact_odds(parse_hand(STRONG), Lead.ME, default_table(), per_suit=False)
    game = game_beside_misere(found, seed=0)
    assert game is not None and game.beats_misere and game.worth_naming
    assert game.seats == (Position.FIRST,)
    assert game.points > game.misere_points > -100
    assert game.best[0] is not None  # a contract, not giving up


def test_the_estimate_is_advisor_bids_value_of_six_spades_on_the_same_talons() -> None:
    hand = parse_hand(MIDDLE)
    found = exact_odds(hand, Lead.RIGHT, default_table(), per_suit=False)
    game = game_beside_misere(found, seed=4)
    assert game is not None
    deals = Deals(hand, SCORE_SPLITS, 4)
    objective = GameObjective(default_table().convention, Seat.R)  # second hand: R leads
    values = [talon_value(deals, objective, [CONTRACTS[0]], n) for n in deals.order()]
    values = values[: game.talons]
    mean = sum(v.totals[0] for v in values) / sum(v.splits for v in values)
    assert game.points == pytest.approx(mean)
    gap = game.points - game.misere_points
    low, high = found.score_interval
    misere_se = 0.0 if not found.reading.two_sided else (high - low) / (2 * Z95)
    se = ((game.interval[1] - game.interval[0]) / (2 * Z95)) ** 2 + misere_se**2
    assert game.beats_misere == (gap > Z_CLEAR * se**0.5)


def test_a_clean_misere_is_never_beaten_and_the_screen_stops_it() -> None:
    found = exact_odds(parse_hand(MISERE), Lead.ME, default_table(), per_suit=False)
    assert game_beside_misere(found, seed=0) is None


def test_check_exact_says_so_in_text_and_json_and_keeps_its_verdict() -> None:
    code, text = _check(STRONG, "me")
    assert code == 1  # the misère's verdict: pass
    assert "Game" in text and "a game is worth more:" in text
    assert "see advisor bid for the ceiling" in text
    code, out = _check(STRONG, "me", "--json")
    assert code == 1
    data = json.loads(out)
    game = data["game"]
    assert game["bid"] == "6S" and game["seats"] == ["first"]
    assert game["beats_misere"] is True and game["named"] is True
    assert game["points"] > game["misere_points"]
    assert game["interval"][0] <= game["points"] <= game["interval"][1]
    assert game["best_contract"] != "give up" and game["talons"] >= 4


def test_a_misere_hand_gets_no_word_on_games() -> None:
    code, text = _check(MISERE, "me")
    assert code == 0 and "a game is worth more" not in text
    code, out = _check(MISERE, "me", "--json")
    assert code == 0 and "game" not in json.loads(out)


def test_the_line_in_russian() -> None:
    result = CliRunner().invoke(main, ["--lang", "ru", "check", STRONG, "--exact", "--lead", "me"])
    assert "Игра" in result.output and "игра выгоднее мизера" in result.output


def test_the_same_for_every_jobs() -> None:
    found = exact_odds(parse_hand(MIDDLE), Lead.THEM, default_table(),
                       ExactSettings(jobs=1), per_suit=False)  # fmt: skip
    one = game_beside_misere(found, seed=2, jobs=1)
    two = game_beside_misere(found, seed=2, jobs=2)
    assert one == two and (one is None or one.seats == (Position.SECOND, Position.THIRD))
