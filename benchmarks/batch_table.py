"""Time ``advisor batch --format table`` (the default on a terminal) against ``jsonl``.

    python benchmarks/batch_table.py [--hands N] [--runs R]

The file is ``benchmarks/batch.py``'s (seeded: random hands in every notation, a few bad
lines). The real command runs as a subprocess, its standard output a file: ``--format table``
plain (what a pipe or a file gets), ``--format table`` with colour (``FORCE_COLOR=1``, what a
terminal gets: the same rows with the styles' escape codes), and ``--format jsonl`` for scale.
Each figure is the best of R runs, taken in turns; then the peak memory of the largest run.
Target: at least 100,000 lines/s in colour, memory flat (under 100 MB).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from batch import generate

KINDS = {
    "table": (["--format", "table"], {"NO_COLOR": "1"}),
    "table, colour": (["--format", "table"], {"FORCE_COLOR": "1", "COLUMNS": "100"}),
    "jsonl": (["--format", "jsonl"], {}),
}


def run_once(hands_file: Path, out: Path, options: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one run, its output written to ``out`` (a regular file)."""
    environment = {**os.environ, **env}
    environment.pop("NO_COLOR", None) if "FORCE_COLOR" in env else None
    command = [sys.executable, "-m", "advisor", "batch", str(hands_file), "--quiet", *options]
    start = time.perf_counter()
    with out.open("wb") as handle:
        subprocess.run(command, stdout=handle, stderr=subprocess.DEVNULL, env=environment,
                       check=False)  # fmt: skip
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        hands_file, out = Path(temp) / "hands.txt", Path(temp) / "out.txt"
        bad = generate(hands_file, args.hands)
        print(f"{args.hands:,} hands ({bad} bad lines), {hands_file.stat().st_size:,} bytes")
        best = {kind: float("inf") for kind in KINDS}
        for _ in range(args.runs):
            for kind, (options, env) in KINDS.items():
                best[kind] = min(best[kind], run_once(hands_file, out, options, env))
                if kind == "table, colour":
                    size = out.stat().st_size
        for kind, wall in best.items():
            print(f"{kind:>14}: {wall:6.2f} s  {args.hands / wall:10,.0f} lines/s")
        print(f"coloured table output: {size:,} bytes")
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"peak memory: {peak_mb:.0f} MB (the largest run; limit 100 MB)")


if __name__ == "__main__":
    main()
