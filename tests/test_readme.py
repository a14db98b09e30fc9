"""The README's examples are real runs: every ``console`` block is run and compared.

Examples that need the compiled solver (``advisor solve``, ``--exact``) are skipped without it,
except in CI (``CI=true``), where a missing solver is a failure.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import require_built, require_solver

from advisor.allpass import solver as allpass_solver
from advisor.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n(.*?)```", README, flags=re.DOTALL)
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


def _examples() -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$ advisor ...`` in a console block."""
    found = []
    for block in BLOCKS:
        for chunk in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
            if chunk.startswith("$ advisor "):
                command, _, output = chunk.partition("\n")
                found.append((command[2:], output))
    return found


def _needs_solver(command: str) -> bool:
    words = shlex.split(command)
    return words[1] == "solve" or "--exact" in words or "-x" in words


def _needs_allpass_solver(command: str) -> bool:
    words = shlex.split(command)
    return (words[1] == "allpass" and "--play" not in words) or "--allpass" in words


def test_readme_shows_every_command() -> None:
    commands = {shlex.split(command)[1] for command, _ in _examples()}
    assert {"check", "discard", "batch", "solve", "table", "allpass"} <= commands


@pytest.mark.parametrize(("command", "expected"), _examples())
def test_readme_example(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if _needs_solver(command):
        require_solver()
    if _needs_allpass_solver(command):
        require_built(allpass_solver.core_available(), "the compiled all-pass solver")
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, shlex.split(command)[1:], env=ENV)
    assert result.output == expected


def test_readme_exact_json_excerpt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``exact`` object shown in the README is what ``--json`` prints."""
    require_solver()
    (excerpt,) = re.findall(r"```json\n(.*?)```", README, flags=re.DOTALL)
    command = re.search(r"For\n`(advisor check [^`]*)`", README)
    assert command is not None
    result = CliRunner().invoke(main, shlex.split(command.group(1))[1:], env=ENV)
    assert json.loads(result.output)["exact"] == json.loads(excerpt)
