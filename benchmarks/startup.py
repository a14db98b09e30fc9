"""Start-up cost of a one-shot ``advisor check``, against importing click and rich alone.

Prints the median wall time of each over many runs, measured in the same run, and their ratio,
for the check in English and in Russian (``--lang ru``: the Russian catalogue is read).
Target (issues 2 and 16): ratio at most 1.3 in both languages.

    python benchmarks/startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"


def advisor_command() -> list[str]:
    """The installed console script when there is one, else ``python -m advisor``."""
    script = Path(sys.executable).with_name("advisor")
    if script.exists():
        return [str(script)]
    found = shutil.which("advisor")
    return [found] if found else [sys.executable, "-m", "advisor"]


def compile_package() -> None:
    """Write the package's bytecode first, as ``pip install`` does: with
    PYTHONDONTWRITEBYTECODE set (or an editable install) every run would otherwise pay for
    compiling the sources, which no installed copy does."""
    import advisor

    compileall.compile_dir(Path(advisor.__file__).parent, quiet=1)


def median_seconds(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args().runs
    compile_package()
    baseline_command = [sys.executable, "-c", "import click, rich.console, rich.table"]
    checks = {
        "en": [*advisor_command(), "check", HAND],
        "ru": [*advisor_command(), "--lang", "ru", "check", HAND],
    }
    # Interleave them so that machine noise hits all alike.
    baseline: list[float] = []
    times: dict[str, list[float]] = {language: [] for language in checks}
    for _ in range(runs):
        baseline.append(median_seconds(baseline_command, 1))
        for language, command in checks.items():
            times[language].append(median_seconds(command, 1))
    base = statistics.median(baseline)
    print(f"python -c 'import click, rich.console, rich.table'  median {base * 1000:7.1f} ms")
    for language, measured in times.items():
        ours = statistics.median(measured)
        print(
            f"advisor --lang {language} check HAND                       median "
            f"{ours * 1000:7.1f} ms  ratio {ours / base:.2f} (target <= 1.30)"
        )


if __name__ == "__main__":
    main()
