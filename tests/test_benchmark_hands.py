"""``benchmarks/exact_hands.txt`` is the hand set ``benchmarks/exact_speed.py`` draws from its
seed (issue 20: the benchmark's set is kept with its seed), and every line is a hand."""

from __future__ import annotations

from benchmark_scripts import BENCHMARKS, load_benchmark

from advisor.cards import parse_hand

HANDS = 24  # exact_speed.py's default


def test_the_hand_file_is_the_seeds_set() -> None:
    speed = load_benchmark("exact_speed")
    hands = speed.hand_set(HANDS, speed.SEED)
    assert (BENCHMARKS / "exact_hands.txt").read_text(encoding="utf-8") == speed.hands_text(
        hands, speed.SEED
    )
    kinds = [kind for kind, _cards in hands]
    assert kinds.count("random") == kinds.count("misère-like") == HANDS // 2


def test_every_line_is_a_hand() -> None:
    lines = (BENCHMARKS / "exact_hands.txt").read_text(encoding="utf-8").splitlines()
    hands = [line.split("#")[0].strip() for line in lines[1:]]
    assert len(hands) == HANDS
    assert all(len(parse_hand(hand)) == 10 for hand in hands)
