"""Whether the exact analysis says the same thing, byte for byte, as it did at another commit
(issue 28: the exact layer moved into a package without changing what it prints).

    python benchmarks/same_output.py [--base REV] [--only WORD] [--keep]

Runs a fixed set of commands (``check --exact``, ``discard --exact``, ``lead``, ``solve``,
``batch --exact``, ``table calibrate``: fixed hands and seeds, small samples, text and
``--json``, English and Russian, a few bad inputs) with this checkout and with the code at
``REV`` (default: the commit before the move), checked out into a temporary worktree with its
compiled parts built there (as ``benchmarks/exact_speed.py`` builds its baseline). Each command
runs as a subprocess in a folder of its own holding the same input files, so that paths in the
output are the same; its exit code, standard output, standard error and the files it writes are
compared. Prints a line a command (``same`` or what differs, with the first differing line) and
the count; exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from exact_speed import ROOT, Code, build_baseline

BASE = "18018af"  # main before issue 28

TEN = "7S 10S 7C 8C 9C 10C JC 7D 8D 8H"  # the lead issue's hand
CLEAN = "7S 8S 9S 7C 8C 7D 8D 9D 7H 8H"  # settled by the bounds
HOLED = "7S 9S JS 7C 8C 9C 7D 10D 7H 8H"
RANDOM = "8S QS AS 9C KC 7D JD AD 10H QH"  # caught for several tricks
TWELVE = "7S 10S 7C 8C 9C 10C JC 7D 8D 8H AD AH"
CLOSE = "7S 9S 7C 8C 9C QC KC 8D 9D 10D 7H 10H"  # the discard screen's close call
HANDS_FILE = "\n".join([TEN, CLEAN, HOLED, RANDOM, "7S 8S 9S", "7S 10S 7C 8C 9C 10C JC 7D 8D"])
LAYOUT = (
    "M: 7S 10S 7C 8C 9C 10C JC 7D 8D 8H L: 8S 9S JS QS KS AS JD QD KD AD "
    "R: 9D 10D 7H 9H 10H JH QH KH AH QC"
)

COMMANDS: list[tuple[str, ...]] = [
    ("check", TEN, "--exact", "--lead", "me", "--samples", "200", "--seed", "3"),
    ("check", TEN, "--exact", "--lead", "me", "--samples", "200", "--seed", "3", "--json"),
    ("check", HOLED, "--exact", "--lead", "them", "--samples", "300", "--seed", "5"),
    ("check", HOLED, "--exact", "--lead", "left", "--discard", "table", "--samples", "200"),
    ("check", HOLED, "--exact", "--lead", "right", "--discard", "solver", "--json"),
    ("check", CLEAN, "--exact", "--lead", "them", "--json"),
    ("check", CLEAN, "--exact", "--lead", "me"),
    ("check", RANDOM, "--exact", "--lead", "left", "--json"),
    ("check", RANDOM, "--exact", "--lead", "me", "--talon"),
    ("check", TEN, "--exact", "--lead", "right", "--full", "--samples", "40", "--json"),
    ("check", TEN, "--exact", "--lead", "left", "--samples", "150", "--jobs", "2", "--json"),
    ("check", TEN, "--exact", "--samples", "0"),
    ("discard", TWELVE, "--exact", "--lead", "left", "--samples", "64", "--seed", "3"),
    ("discard", TWELVE, "--exact", "--lead", "left", "--samples", "64", "--seed", "3", "--json"),
    ("discard", CLOSE, "--exact", "--lead", "right", "--samples", "300", "--seed", "1"),
    ("discard", CLOSE, "--exact", "--lead", "me", "--samples", "256", "--json"),
    ("discard", CLOSE, "--exact", "--lead", "them", "--samples", "200", "--all", "--json"),
    ("discard", TWELVE, "--exact", "--lead", "me", "--full", "--samples", "32", "--json"),
    ("discard", TWELVE, "--exact", "--lead", "me", "--samples", "64", "--jobs", "2"),
    ("discard", TEN, "--exact"),
    ("lead", TEN, "--discards", "AD AH", "--samples", "300", "--seed", "3"),
    ("lead", TEN, "--discards", "AD AH", "--samples", "300", "--seed", "3", "--json"),
    ("lead", TEN, "--discards", "AD AH", "--samples", "200", "--full", "--json"),
    ("lead", TWELVE, "--samples", "200", "--seed", "4"),
    ("lead", TWELVE, "--samples", "200", "--seed", "4", "--json", "--jobs", "2"),
    (
        "lead",
        "8S 9S JS QS KS AS JD QD KD AD",
        "--catcher",
        TEN,
        "--talon",
        "9C AC",
        "--seat",
        "left",
        "--samples",
        "200",
        "--json",
    ),
    (
        "lead",
        "8S 9S JS QS KS AS JD QD KD AD",
        "--catcher",
        TEN,
        "--talon",
        "9C AC",
        "--seat",
        "right",
        "--samples",
        "200",
    ),
    ("lead", TEN, "--discards", "AD AH", "--samples", "0"),
    ("solve", TEN, "--discards", "AD AH", "--samples", "500", "--seed", "3", "--lead", "right"),
    ("solve", TEN, "--discards", "AD AH", "--samples", "500", "--lead", "me", "--json"),
    ("solve", HOLED, "--discards", "AD AH", "--samples", "800", "--lead", "left", "--jobs", "2"),
    ("solve", "--layout", LAYOUT, "--lead", "me"),
    ("solve", "--layout", LAYOUT, "--lead", "left", "--json"),
    ("batch", "hands.txt", "--exact", "--samples", "100", "--seed", "2", "--format", "jsonl", "-q"),
    ("batch", "hands.txt", "--exact", "--samples", "100", "--format", "csv", "--lead", "them"),
    (
        "batch",
        "hands.txt",
        "--exact",
        "--samples",
        "80",
        "--format",
        "table",
        "--jobs",
        "2",
        "-o",
        "out.txt",
    ),
    (
        "batch",
        "hands.txt",
        "--exact",
        "--discard",
        "solver",
        "--full",
        "--samples",
        "20",
        "--format",
        "jsonl",
        "-q",
    ),
    ("table", "calibrate", "--holding", "7 10", "--samples", "100", "--lead", "me", "--seed", "3"),
    (
        "table",
        "calibrate",
        "--holding",
        "8",
        "--holding",
        "7 9 Q",
        "--samples",
        "100",
        "--figure",
        "hand",
        "--json",
    ),
    (
        "table",
        "calibrate",
        "--holding",
        "7 10",
        "--holding",
        "9",
        "--samples",
        "60",
        "--jobs",
        "2",
        "-o",
        "out.toml",
        "-q",
    ),
    ("table", "calibrate", "--holding", "7 10", "--samples", "0"),
]
RUSSIAN = [
    ("check", HOLED, "--exact", "--lead", "them", "--samples", "300", "--seed", "5"),
    ("discard", TWELVE, "--exact", "--lead", "left", "--samples", "64", "--seed", "3"),
    ("lead", TEN, "--discards", "AD AH", "--samples", "300", "--seed", "3"),
    ("solve", TEN, "--discards", "AD AH", "--samples", "500", "--seed", "3", "--lead", "right"),
    ("table", "calibrate", "--holding", "7 10", "--samples", "100", "--lead", "me", "--seed", "3"),
]


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: bytes
    stderr: bytes
    files: dict[str, bytes]


def run(code: Code, args: tuple[str, ...], folder: Path, language: str) -> Outcome:
    """``args`` run by ``code`` in an empty ``folder`` holding the input files."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "hands.txt").write_text(HANDS_FILE + "\n", encoding="utf-8")
    env = dict(code.env, ADVISOR_LANG=language, PYTHONSAFEPATH="1", COLUMNS="100")
    env["XDG_CONFIG_HOME"] = str(folder / "config")  # no user's table file
    done = subprocess.run(code.command(*args), env=env, cwd=folder, capture_output=True)
    files = {
        path.name: path.read_bytes()
        for path in sorted(folder.iterdir())
        if path.name != "hands.txt" and path.is_file()
    }
    return Outcome(done.returncode, done.stdout, done.stderr, files)


def difference(now: Outcome, base: Outcome) -> str:
    """'' when the two are the same, else what differs first."""
    if now.code != base.code:
        return f"exit code {now.code} (base {base.code})"
    for name, ours, theirs in [
        ("stdout", now.stdout, base.stdout),
        ("stderr", now.stderr, base.stderr),
        *[
            (f"file {name}", now.files.get(name, b""), base.files.get(name, b""))
            for name in sorted(set(now.files) | set(base.files))
        ],
    ]:
        if ours != theirs:
            lines = list(
                difflib.unified_diff(
                    theirs.decode(errors="replace").splitlines(),
                    ours.decode(errors="replace").splitlines(),
                    "base",
                    "now",
                    n=0,
                    lineterm="",
                )
            )
            return f"{name} differs:\n      " + "\n      ".join(lines[2:8])
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--only", help="only the commands whose words include this one")
    args = parser.parse_args()
    runs = [(command, "en") for command in COMMANDS] + [(command, "ru") for command in RUSSIAN]
    if args.only:
        runs = [(command, language) for command, language in runs if args.only in command]
    folder = Path(tempfile.mkdtemp(prefix="advisor-same-"))
    shutil.rmtree(folder)
    started = time.perf_counter()
    base = build_baseline(args.base, folder / "base")
    now = Code("now", ROOT)
    differ = 0
    try:
        for command, language in runs:
            ours = run(now, command, folder / "run-now", language)
            found = difference(ours, run(base, command, folder / "run-base", language))
            differ += bool(found)
            shown = " ".join(f'"{word}"' if " " in word else word for word in command)
            size = len(ours.stdout) + len(ours.stderr) + sum(map(len, ours.files.values()))
            print(
                f"{'DIFFERS' if found else 'same':<7} exit {ours.code} {size:6} bytes [{language}] "
                f"{shown[:90]}"
            )
            if found:
                print(f"      {found}")
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder / "base")],
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)
    print(
        f"{len(runs) - differ} of {len(runs)} commands the same as {args.base}, {differ} "
        f"differ ({time.perf_counter() - started:.0f} s)"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
