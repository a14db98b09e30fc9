"""Rewrite the outputs of the READMEs' examples from real runs (tests/test_readme.py checks them).

    python tools/readme_examples.py [README.md README.ru.md] [--only WORD]

Every ``$ advisor ...`` line of a ``console`` block is run as the test runs it: in a folder of
its own that sees the project's ``examples/``, after the ``advisor table set``, ``unset`` and
``init`` commands before it in its block, with ``COLUMNS=80`` and ``NO_COLOR=1``; its output
replaces the one written under it. ``--only WORD`` rewrites the examples whose command holds
WORD (say ``--exact``) and leaves the others as they are. Read the diff before committing it.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import tempfile
from pathlib import Path

from click.testing import CliRunner

from advisor.cli import main

ROOT = Path(__file__).resolve().parent.parent
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}
EDITS = ("set", "unset", "init")  # table commands that write files later examples read


def run(command: str, earlier: list[str]) -> str:
    """The output of ``command`` (an ``advisor ...`` line) after the ``earlier`` edits."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "examples").symlink_to(ROOT / "examples")
        here = os.getcwd()
        os.chdir(folder)
        try:
            for edit in earlier:
                CliRunner().invoke(main, shlex.split(edit)[1:], env=ENV)
            return CliRunner().invoke(main, shlex.split(command)[1:], env=ENV).output
        finally:
            os.chdir(here)


def _words(command: str) -> list[str]:
    words = shlex.split(command)[1:]
    return words[2:] if words[:1] == ["--lang"] else words


def rewrite_block(block: str, only: str | None) -> str:
    pieces = re.split(r"^(?=\$ )", block, flags=re.MULTILINE)
    earlier: list[str] = []
    rewritten = []
    for piece in pieces:
        if not piece.startswith("$ advisor "):
            rewritten.append(piece)
            continue
        command, _, output = piece.partition("\n")
        line = command[2:]
        if only is None or only in line:
            output = run(line, earlier)
        rewritten.append(f"{command}\n{output}")
        words = _words(line)
        if words[:1] == ["table"] and words[1:2] and words[1] in EDITS:
            earlier.append(line)
    return "".join(rewritten)


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=["README.md", "README.ru.md"])
    parser.add_argument("--only")
    args = parser.parse_args()
    for name in args.files:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        text = re.sub(
            r"(```console\n)(.*?)(```)",
            lambda m: m.group(1) + rewrite_block(m.group(2), args.only) + m.group(3),
            text,
            flags=re.DOTALL,
        )
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main_()
