"""docs/exact.md shows real runs: every ``console`` block is run and compared."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.solver import core_available

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "exact.md").read_text(encoding="utf-8")
EXAMPLES = [
    (command, output)
    for block in re.findall(r"```console\n(.*?)```", DOC, flags=re.DOTALL)
    for command, _, output in [block.partition("\n")]
]
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}

if not core_available():
    if os.environ.get("CI") == "true":
        raise RuntimeError("CI=true but the compiled solver advisor.solver._core was not built")
    pytest.skip("the compiled solver was not built (no C compiler)", allow_module_level=True)


def test_docs_run_check_exact() -> None:
    assert len(EXAMPLES) >= 2
    assert all("--exact" in command for command, _ in EXAMPLES)


@pytest.mark.parametrize(("command", "expected"), EXAMPLES)
def test_docs_example(command: str, expected: str) -> None:
    result = CliRunner().invoke(main, shlex.split(command)[2:], env=ENV)
    assert result.output == expected


def test_docs_json_excerpt() -> None:
    (excerpt,) = re.findall(r"```json\n(.*?)```", DOC, flags=re.DOTALL)
    command = re.search(r"For\n`(advisor check [^`]*)`", DOC)
    assert command is not None
    result = CliRunner().invoke(main, shlex.split(command.group(1))[1:], env=ENV)
    assert json.loads(result.output)["exact"] == json.loads(excerpt)
