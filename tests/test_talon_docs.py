"""docs/talon.md shows real runs: every ``console`` block is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "talon.md").read_text(encoding="utf-8")
EXAMPLES = [
    (command, output)
    for block in re.findall(r"```console\n(.*?)```", DOC, flags=re.DOTALL)
    for command, _, output in [block.partition("\n")]
]


def test_docs_have_both_commands() -> None:
    commands = [command for command, _ in EXAMPLES]
    assert any("--talon" in command for command in commands)
    assert any(command.startswith("$ advisor discard") for command in commands)


@pytest.mark.parametrize(("command", "expected"), EXAMPLES)
def test_docs_example(command: str, expected: str) -> None:
    result = CliRunner().invoke(
        main, shlex.split(command)[2:], env={"COLUMNS": "80", "NO_COLOR": "1"}
    )
    assert result.output == expected
