"""``examples/tuning-hands.txt`` is what ``examples/make_tuning_hands.py`` writes, and it holds
misère-like hands in every notation."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from advisor.cli import main

EXAMPLES = Path(__file__).parent.parent / "examples"
SCRIPT = EXAMPLES / "make_tuning_hands.py"
HANDS = EXAMPLES / "tuning-hands.txt"


def test_the_committed_file_is_the_scripts(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    subprocess.run([sys.executable, str(SCRIPT), "--output", str(out)], check=True)
    assert out.read_text(encoding="utf-8") == HANDS.read_text(encoding="utf-8")


def test_the_seed_decides_the_hands(tmp_path: Path) -> None:
    make = runpy.run_path(str(SCRIPT))["lines"]
    assert make(20, 1) == make(20, 1) != make(20, 2)


def test_every_line_is_a_misere_like_hand_in_one_of_six_notations() -> None:
    lines = [line for line in HANDS.read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]  # fmt: skip
    assert len(lines) == 300
    result = CliRunner().invoke(main, ["batch", str(HANDS), "--format", "jsonl", "--quiet"])
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 300 and all("error" not in r for r in records)
    holes = [r["holes"] for r in records]
    assert sum(h <= 2 for h in holes) > 0.8 * len(holes)  # few holes, as misère hands have
    verdicts = [r["verdict"] for r in records]
    assert 0.2 < verdicts.count("declare") / len(verdicts) < 0.6
    leads = [r["lead"] for r in records]
    assert 0.2 < leads.count("me") / len(leads) < 0.45
    styles = {
        "letters": any(line[:2] in ("7S", "8S") or line[1:2] in "SCDH" for line in lines),
        "glyphs after": any(line[1:2] in "♠♣♦♥" or line[2:3] in "♠♣♦♥" for line in lines),
        "groups": any(line.startswith(("♠", "♣", "♦", "♥")) for line in lines),
        "colons": any(":" in line for line in lines),
        "dotted": any(line.count(".") == 3 for line in lines),
        "russian": any(ch in line for line in lines for ch in "птбч"),
    }
    assert all(styles.values()), styles
