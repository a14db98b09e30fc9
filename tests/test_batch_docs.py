"""docs/batch.md shows real runs: every ``console`` block is run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
EXAMPLES = [
    (command, output)
    for block in re.findall(r"```console\n(.*?)```", DOC, flags=re.DOTALL)
    for command, _, output in [block.partition("\n")]
]


def test_docs_run_the_examples() -> None:
    assert [command for command, _ in EXAMPLES] == [
        "$ advisor batch examples/hands.txt examples/hands.csv --format table",
        "$ advisor batch examples/hands.csv --format csv --quiet",
    ]


@pytest.mark.parametrize(("command", "expected"), EXAMPLES)
def test_docs_example(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(
        main, shlex.split(command)[2:], env={"COLUMNS": "80", "NO_COLOR": "1"}
    )
    assert result.output == expected
    assert result.exit_code == 2  # the examples include bad lines on purpose
