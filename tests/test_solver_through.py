"""Caught through a suit: the through-search against a brute force, with every shortcut on and
each one compiled out, and the facts the issue builds on.

"Caught through s": the catchers can force M's first trick to be a trick led in s (won by his
card of s), against an M who avoids it and may take his first trick in another suit instead
(then the game of s is over for him, uncaught). The brute force plays every legal card of every
seat until M wins a trick; it is slow but obviously right.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
import sysconfig
from array import array
from functools import cache
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest
from solver_build import require_solver
from test_solver_oracle import brute_force, minimax, random_endgame

from advisor.cards import DECK_MASK, CardSet, Suit, parse_cards, parse_hand
from advisor.errors import LayoutError
from advisor.seats import Seat
from advisor.solver import (
    SuitCatches,
    catch_odds,
    caught_through,
    parse_layout,
    solve_layout,
    through_many,
)
from advisor.splits import left_hand_of_rank, sample_ranks

require_solver()

from advisor.solver import _core  # noqa: E402 - only once we know it exists

ROOT = Path(__file__).resolve().parent.parent
SEED = 20261222
SHORTCUTS = (
    "THROUGH_NO_TABLE",
    "THROUGH_NO_SORT",
    "THROUGH_NO_GAMES",
    "THROUGH_NO_TRANSFER",
    "THROUGH_NO_LEAD_CUTS",
    "THROUGH_NO_PLAIN",
    "THROUGH_NO_EQUIVALENCE",
)


@cache
def brute_through(m: int, left: int, right: int, leader: int, target: int) -> bool:
    """Whether the catchers can force M's first trick to be one led in suit ``target``: every
    legal card of every seat, until M wins a trick (then the game is over: caught through the
    target if that trick was led in it) or has no cards left (never caught)."""
    if not m:
        return False

    def after(winner: int, suit: int, rest: list[int]) -> bool:
        if winner == 0:
            return suit == target
        return brute_through(rest[0], rest[1], rest[2], winner, target)

    return minimax([m, left, right], leader, after)


def brute_mask(hands: list[int], leader: int) -> int:
    return sum(1 << suit for suit in range(4) if brute_through(*hands, leader, suit))


# 1,500 endgames: (how many, cards a hand, suits dealt from).
_MIX = ((700, 3, 4), (500, 4, 4), (260, 4, 3), (40, 5, 3))
_RNG = random.Random(SEED)
ENDGAMES = [random_endgame(_RNG, size, suits) for n, size, suits in _MIX for _ in range(n)]


def test_agrees_with_brute_force_on_1500_endgames() -> None:
    disagreements = []
    for hands, leader in ENDGAMES:
        expected = brute_mask(hands, leader)
        m, left, right = hands
        got = _core.through(m, left, right, leader)
        if got != expected:
            disagreements.append((hands, leader, expected, got))
    assert disagreements == []
    masks = [brute_mask(hands, leader) for hands, leader in ENDGAMES]
    assert masks.count(0) > 100 and sum(bin(mask).count("1") > 1 for mask in masks) > 50


def _compile(defines: tuple[str, ...], folder: Path) -> ModuleType:
    """The core built with ``defines`` (each a shortcut compiled out), loaded beside the real
    one: an extension loaded from another file is a module of its own, with its own tables."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    name = "_".join(defines) or "plain"
    target = folder / name / f"_core{sysconfig.get_config_var('EXT_SUFFIX')}"
    target.parent.mkdir()
    include = sysconfig.get_paths()["include"]
    flags = ["-O1", "-std=c99", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared"]
    source = ROOT / "advisor" / "solver" / "_core.c"
    command = [compiler, *flags, *(f"-D{d}" for d in defines), f"-I{include}", str(source)]
    done = subprocess.run(
        [*command, "-o", str(target)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    spec = importlib.util.spec_from_file_location("_core", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("defines", [(name,) for name in SHORTCUTS] + [SHORTCUTS])
def test_each_shortcut_compiled_out_agrees_with_brute_force(
    defines: tuple[str, ...], tmp_path: Path
) -> None:
    """Each shortcut off in turn (the others on), and all of them off: the same answers. With
    every one of them on (the module as built) the test above holds."""
    variant = _compile(defines, tmp_path)
    disagreements = []
    for hands, leader in ENDGAMES[::5]:
        expected = brute_mask(hands, leader)
        if variant.through(*hands, leader) != expected:
            disagreements.append((hands, leader, expected))
    assert disagreements == []


def test_the_cutoffs_agree_with_brute_force() -> None:
    """Every answer the through-search gives without search is what brute force finds, and each
    kind of answer is given often enough to count."""
    rng = random.Random(SEED + 1)
    answered = {"catcher on lead, no": 0, "catcher on lead, yes": 0, "M on lead, no": 0,
                "M on lead, yes": 0}  # fmt: skip
    for _ in range(2500):
        hands, leader = random_endgame(rng, rng.choice((2, 3, 4)), rng.choice((2, 3, 4)))
        m, left, right = hands
        for suit in range(4):
            answer = _core.through_static_answer(m, left, right, leader, suit)
            if answer < 0:
                continue
            assert answer == brute_through(*hands, leader, suit), (hands, leader, suit)
            seat = "M on lead" if leader == Seat.M else "catcher on lead"
            answered[f"{seat}, yes" if answer else f"{seat}, no"] += 1
    assert min(answered.values()) >= 20, answered


def _deal(rng: random.Random) -> tuple[list[int], int]:
    cards = rng.sample(range(32), 30)
    return [sum(1 << c for c in cards[i : i + 10]) for i in (0, 10, 20)], rng.randrange(3)


def test_caught_through_a_suit_is_caught_in_it() -> None:
    """On 400 full deals: a suit M is caught through is one he holds and means caught; a suit
    safe at the start (every clean holding is) is never caught through, since M on lead leads
    another suit and a catcher on lead can never make it take a trick."""
    rng = random.Random(SEED + 2)
    caught = 0
    for _ in range(400):
        hands, leader = _deal(rng)
        m, left, right = hands
        mask = _core.through(m, left, right, leader)
        held = sum(1 << suit for suit in range(4) if m >> 8 * suit & 0xFF)
        assert mask & ~held == 0
        if mask:
            caught += 1
            assert _core.forced_tricks(m, left, right, leader) > 0
        for suit in range(4):
            a, b = (m | right) >> 8 * suit & 0xFF, (left | right) >> 8 * suit & 0xFF
            if _core.suit_game(a, b)[0]:
                assert not mask >> suit & 1
    assert caught > 100


def test_a_clean_suit_caught_first() -> None:
    """♦7 8 is clean, and yet in this ending M, on lead with nothing else, leads it into two
    catchers void in diamonds and takes the trick: caught through ♦ (in a full deal it cannot
    happen: he would lead another suit)."""
    m, left, right = parse_cards("♦7 8"), parse_cards("♠7 8"), parse_cards("♣7 8")
    assert caught_through(m, left, right, Seat.M) == {Suit.DIAMONDS}
    assert brute_through(m.mask, left.mask, right.mask, Seat.M, Suit.DIAMONDS)


WHICHEVER_ENDING = ("♠A ♣K ♦J", "♠K ♣9 ♥K", "♥8 9 A")


def test_caught_whichever_suit_m_protects() -> None:
    """M holds three lone high cards. R leads a heart, M void: whichever card he throws away,
    the catchers lead into one he kept. Caught (for two tricks), but through no suit."""
    m, left, right = (parse_cards(text) for text in WHICHEVER_ENDING)
    assert brute_force([m.mask, left.mask, right.mask], Seat.R) == 2
    assert caught_through(m, left, right, Seat.R) == frozenset()
    assert brute_mask([m.mask, left.mask, right.mask], Seat.R) == 0
    # L on lead leads his ♠K or his ♣9 into M's card: caught through either
    assert caught_through(m, left, right, Seat.L) == {Suit.SPADES, Suit.CLUBS}


WHICHEVER_DEAL = (
    "M: ♠7 10 ♣7 9 ♦7 9 J ♥7 8 Q L: ♠9 J Q ♣8 J ♦8 10 ♥9 10 J R: ♠8 K ♣10 Q K A ♦Q K A ♥K"
)


def test_a_full_deal_caught_whichever_suit_m_protects() -> None:
    result = solve_layout(*parse_layout(WHICHEVER_DEAL), Seat.L)
    assert result.tricks == 1 and result.through == frozenset()
    assert result.to_dict()["through"] == []


def test_solve_layout_names_the_suits() -> None:
    caught = "M: ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8 L: ♠8 Q A ♣J Q ♦10 J K ♥Q K R: ♠9 J K ♣10 K A ♦Q ♥9 10 J"
    result = solve_layout(*parse_layout(caught), Seat.L)
    assert result.through == {Suit.SPADES} and result.to_dict()["through"] == ["♠"]


def test_the_bulk_calls_agree_with_the_single_one() -> None:
    """Every split of a small pool: enumerate_through's histogram is enumerate's, and its counts
    are brute force's masks of the caught splits; through_many and through_ranked say what
    through says of each split."""
    rng = random.Random(SEED + 3)
    cards = rng.sample(range(32), 12)
    m, pool_cards = sum(1 << c for c in cards[:4]), sorted(cards[4:])
    pool = sum(1 << c for c in pool_cards)
    colex = sorted(combinations(range(8), 4), key=lambda s: sorted(s, reverse=True))
    lefts = [sum(1 << pool_cards[i] for i in split) for split in colex]
    for leader in range(3):
        histogram, by_suits = _core.enumerate_through(m, pool, leader, 0, 70)
        assert histogram == _core.enumerate(m, pool, leader, 0, 70)
        masks = [_core.through(m, left, pool & ~left, leader) for left in lefts]
        tricks = [_core.forced_tricks(m, left, pool & ~left, leader) for left in lefts]
        expected = SuitCatches.of(mask for mask, t in zip(masks, tricks, strict=True) if t)
        assert tuple(by_suits) == expected.by_suits
        for left, mask in zip(lefts[:20], masks, strict=False):
            assert mask == brute_mask([m, left, pool & ~left], leader)
        assert list(_core.through_many(m, pool, leader, array("I", lefts))) == masks
        assert list(_core.through_ranked(m, pool, leader, array("I", range(70)))) == masks
    with pytest.raises(ValueError, match="not below C"):
        _core.through_ranked(m, pool, 0, array("I", [70]))
    with pytest.raises(ValueError, match="not inside the pool"):
        _core.through_many(m, pool, 0, array("I", [m]))


HAND, DISCARDS = parse_hand("♠7 10 ♣7 9 ♦7 9 J ♥7 8 Q"), parse_cards("AS AH")


@pytest.mark.parametrize("jobs", [1, 2])
def test_sampled_odds_per_suit(jobs: int) -> None:
    """catch_odds per suit counts the caught splits of its sample as through_many does; the
    histogram is the plain one's; caught through a suit is at most caught, and the per-suit
    counts add up to more than the catches here (many deals are caught through both holes)."""
    odds = catch_odds(HAND, DISCARDS, Seat.L, samples=600, seed=3, jobs=jobs, per_suit=True)
    plain = catch_odds(HAND, DISCARDS, Seat.L, samples=600, seed=3)
    assert odds.histogram == plain.histogram and plain.through is None
    pool = CardSet(DECK_MASK) - HAND - DISCARDS
    lefts = [left_hand_of_rank(pool, rank).mask for rank in sample_ranks(600, 3)]
    tricks = _core.solve_many(HAND.mask, pool.mask, Seat.L, array("I", lefts))
    caught = [left for left, t in zip(lefts, tricks, strict=True) if t]
    assert odds.through == SuitCatches.of(through_many(HAND, pool, Seat.L, caught))
    through = odds.through
    assert through is not None
    assert max(through.caught(suit) for suit in Suit) <= odds.caught
    assert through.caught(Suit.SPADES) + through.caught(Suit.HEARTS) > odds.caught
    assert through.caught(Suit.CLUBS) == through.caught(Suit.DIAMONDS) == 0
    assert 0 < through.whichever < odds.caught


def test_exact_odds_per_suit_of_a_one_hole_hand() -> None:
    """Every layout: with one hole and the rest clean and low, M on lead is caught through the
    hole exactly when he is caught (his other suits can take no trick)."""
    hand = parse_hand("7S 10S 7C 8C 9C 7D 8D 9D 7H 8H")
    odds = catch_odds(hand, parse_cards("AD AH"), Seat.M, per_suit=True)
    assert odds.through is not None
    assert odds.through.caught(Suit.SPADES) == odds.caught == 44_300
    assert odds.through.whichever == 0


def test_bad_layouts_are_named() -> None:
    with pytest.raises(LayoutError, match="both hold"):
        caught_through(parse_cards("♠7"), parse_cards("♠7"), parse_cards("♠8"), Seat.L)
