"""``benchmarks/exact_hands.txt`` is the hand set ``benchmarks/exact_speed.py`` draws from its
seed (issue 20: the benchmark's set is kept with its seed), and every line is a hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from advisor.cards import parse_hand

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
HANDS = 24  # exact_speed.py's default


def _exact_speed() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # it imports its sibling machine.py
    try:
        spec = importlib.util.spec_from_file_location("exact_speed", BENCHMARKS / "exact_speed.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["exact_speed"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_hand_file_is_the_seeds_set() -> None:
    speed = _exact_speed()
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
