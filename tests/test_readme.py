"""The README's examples are real runs: every ``console`` block is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n(.*?)```", README, flags=re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$ advisor ...`` in a console block."""
    found = []
    for block in BLOCKS:
        for chunk in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
            if chunk.startswith("$ advisor "):
                command, _, output = chunk.partition("\n")
                found.append((command[2:], output))
    return found


def test_readme_has_examples() -> None:
    assert len(_examples()) >= 3


@pytest.mark.parametrize(("command", "expected"), _examples())
def test_readme_example(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.output == expected
