"""``advisor batch`` streams: a million hands in under 100 MB, one record for each.

This measures memory, not time: it takes a while on a slow machine (generating the file and
checking it), but its answer does not depend on the machine's speed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

HANDS = 1_000_000
LIMIT_MB = 100

MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stderr=subprocess.DEVNULL)
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(done.returncode, peak_kib)
"""


def _count_lines(path: Path) -> int:
    count = 0
    with path.open("rb") as stream:
        while block := stream.read(1 << 20):
            count += block.count(b"\n")
    return count


@pytest.fixture(scope="module")
def million(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("million") / "hands.txt"
    load_benchmark("batch").generate(path, HANDS)
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_million_hands_in_flat_memory(million: Path, tmp_path: Path, jobs: str) -> None:
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "advisor", "batch", str(million), "--format", "jsonl"]
    command += ["--output", str(out)]
    measured = subprocess.run(
        [sys.executable, "-c", MEASURE, *command, "--jobs", jobs],
        capture_output=True,
        text=True,
        check=True,
    )
    returncode, peak_kib = map(int, measured.stdout.split())
    assert returncode == 2  # the generated file has a few bad lines
    assert peak_kib / 1024 < LIMIT_MB
    assert _count_lines(out) == HANDS  # one record per hand line, bad ones included


def test_a_million_rows_of_the_table_in_flat_memory(million: Path, tmp_path: Path) -> None:
    """The table (the default on a terminal) streams its rows as they come, like jsonl."""
    out = tmp_path / "out.txt"
    command = [sys.executable, "-m", "advisor", "batch", str(million), "--format", "table"]
    command += ["--output", str(out), "--quiet"]
    measured = subprocess.run(
        [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True
    )
    returncode, peak_kib = map(int, measured.stdout.split())
    assert returncode == 2
    assert peak_kib / 1024 < LIMIT_MB
    verdicts = 0
    with out.open(encoding="utf-8") as rows:
        for row in rows:
            verdicts += row.rstrip().endswith(("declare", "pass", "error"))
    assert verdicts == HANDS  # one row per hand line, bad ones included
