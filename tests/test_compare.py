"""``advisor.compare``: every hand checked with two tables as batch and check would, the flips
counted both ways, bad lines reported and skipped, exact play's scores added up."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from solver_build import needs_solver

from advisor.batch import ExactFields, FileFailure, Source
from advisor.cards import CardSet, parse_hand
from advisor.compare import (
    Comparison,
    ComparisonTally,
    ExactComparison,
    Following,
    HandPair,
    Side,
)
from advisor.exact.misere import exact_odds
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead
from advisor.table import default_table, exact_table, merge_table
from advisor.verdict import assess

EXAMPLES = Path(__file__).parent.parent / "examples"


def random_lines(seed: int, count: int) -> list[str]:
    """Hands leaning to low cards, some with ``; lead=me``."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 6)
        hand = str(CardSet(sum(1 << index for index in deck[:10])))
        lines.append(hand + ("; lead=me" if rng.random() < 0.3 else ""))
    return lines


def run(
    comparison: Comparison, *sources: Source
) -> tuple[list[HandPair], ComparisonTally, list[str]]:
    pairs: list[HandPair] = []
    messages: list[str] = []
    tally = ComparisonTally()
    with comparison:
        for chunk in comparison.chunks(sources):
            if isinstance(chunk, FileFailure):
                tally.failed_files += 1
                messages.append(str(chunk.message))
                continue
            tally.add(chunk)
            pairs += chunk.pairs
            messages += [str(message) for message in chunk.messages]
    return pairs, tally, messages


def text_source(lines: list[str], label: str = "hands.txt") -> Source:
    data = ("\n".join(lines) + "\n").encode()
    return Source(label, stream=io.BytesIO(data))


def test_every_hand_gets_both_tables_verdicts() -> None:
    lines = random_lines(1, 3000)
    mine = merge_table(default_table(), 'threshold = 60\n[holes]\n"7 Q" = 70\n', "my.toml")
    flips, tally, messages = run(Comparison(mine, exact_table()), text_source(lines))
    assert messages == [] and tally.bad == 0
    expected, kinds = [], []
    for number, line in enumerate(lines, 1):
        text, _, option = line.partition(";")
        lead = Lead.ME if option else Lead.THEM
        hand = parse_hand(text)
        a, b = assess(hand, lead, mine), assess(hand, lead, exact_table())
        kinds.append((a.verdict, b.verdict))
        if a.verdict != b.verdict:
            sides = Side(a.verdict, a.combined), Side(b.verdict, b.combined)
            expected.append(HandPair("hands.txt", number, None, str(hand), lead.value, *sides))
    assert flips == expected and all(pair.flips for pair in flips)
    verdicts = tally.verdicts
    assert verdicts == (
        kinds.count(("declare", "declare")),
        kinds.count(("pass", "pass")),
        kinds.count(("declare", "pass")),
        kinds.count(("pass", "declare")),
    )
    assert verdicts.flips == len(flips) > 0 and tally.hands == 3000
    summary = tally.to_dict()
    assert summary["same"] + verdicts.flips == summary["hands"] == 3000
    assert summary["only_against_declares"] == verdicts.only_against_declares


def test_bad_lines_are_reported_as_batch_reports_them_and_the_rest_compared() -> None:
    lines = ["7S 8S 9S 7C 8C 9C 7D 8D 7H QH; id=a", "7S 8S", "# comment", "",
             "♠7 Q ♣7 8 9 ♦7 8 9 ♥7 8; lead=you", "♠7 8 ♣7 9 ♦7 8 Q K ♥7 9; lead=me"]  # fmt: skip
    pairs, tally, messages = run(Comparison(default_table(), exact_table()), text_source(lines))
    assert messages == [
        "hands.txt:2: 2 cards given, a hand has 10",
        "hands.txt:5: lead 'you' must be me or them",
    ]
    assert [(p.line, p.id, p.lead) for p in pairs] == [(6, None, "me")]  # the one that flips
    assert (tally.hands, tally.bad, tally.verdicts.both_pass) == (2, 2, 1)


def test_csv_files_and_files_that_cannot_be_read(tmp_path: Path) -> None:
    missing = Source("missing.txt", path=str(tmp_path / "missing.txt"))
    csv_file = Source("hands.csv", path=str(EXAMPLES / "hands.csv"), is_csv=True)
    pairs, tally, messages = run(Comparison(default_table(), default_table()), missing, csv_file)
    assert messages == [
        "missing.txt: no such file",
        "hands.csv:6: '6H' is not a Preferans card: the deck runs 7..A",
    ]
    assert tally.failed_files == 1 and tally.bad == 1 and tally.hands == 4
    assert tally.verdicts.flips == 0 and pairs == []  # a table against itself


def test_the_tuning_file_flips_between_the_founding_and_the_exact_table() -> None:
    source = Source("tuning-hands.txt", path=str(EXAMPLES / "tuning-hands.txt"))
    pairs, tally, messages = run(Comparison(default_table(), exact_table()), source)
    assert messages == [] and tally.hands == 300 and tally.verdicts.flips == len(pairs) > 0
    assert all(pair.id and pair.id.startswith("t") for pair in pairs)


def test_following_a_table() -> None:
    following = Following()
    declare = {"verdict": "declare", "expected_score": 6.5, "pass_score": 0}
    passed = {"verdict": "pass", "expected_score": -12.0, "pass_score": 0}
    for mine, exact in ((True, declare), (True, passed), (False, declare), (False, passed)):
        following.add(mine, exact)
    assert following.to_dict(4) == {"agree": 2, "declares_exact_passes": 1,
                                    "passes_exact_declares": 1, "mean_score": -1.38}  # fmt: skip
    assert Following().to_dict(0)["mean_score"] is None


def test_the_exact_samples_are_rounded_as_check_rounds_them() -> None:
    assert ExactComparison(ExactFields(ExactSettings(500, 0, "exact"))).samples == 462
    assert ExactComparison().samples == 924


@needs_solver
@pytest.mark.parametrize("jobs", [1, 2])
def test_exact_play_scores_each_table(jobs: int) -> None:
    lines = random_lines(7, 6)
    analysis = ExactFields(ExactSettings(231, 3, "exact"))
    comparison = Comparison(default_table(), exact_table(), exact=ExactComparison(analysis, jobs))
    pairs, tally, _ = run(comparison, text_source(lines))
    assert len(pairs) == 6 and tally.exact is not None
    expected = {name: Following() for name in ("table", "against", "exact")}
    for pair in pairs:
        lead = Lead(pair.lead)
        found = exact_odds(
            parse_hand(pair.hand), lead, default_table(), ExactSettings(samples=231, seed=3)
        )
        assert pair.exact == found.to_dict()
        expected["table"].add(pair.table.declare, pair.exact)
        expected["against"].add(pair.against.declare, pair.exact)
        expected["exact"].add(found.declare, pair.exact)
    assert {k: v.to_dict(6) for k, v in tally.exact.items()} == {
        k: v.to_dict(6) for k, v in expected.items()
    }
    exact_row = tally.exact["exact"]
    assert exact_row.agree == 6 and exact_row.score >= max(f.score for f in tally.exact.values())


def test_an_exact_comparison_runs_inside_its_with_block() -> None:
    comparison = Comparison(default_table(), exact_table(), exact=ExactComparison())
    with pytest.raises(RuntimeError, match="inside its with block"):
        next(iter(comparison.chunks([text_source(["7S"])])))
