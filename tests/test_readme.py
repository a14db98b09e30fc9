"""The READMEs' examples are real runs: every ``console`` block is run and compared, in the
English README and in the Russian one (``README.ru.md``, whose commands say ``--lang ru``).

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
from russian import english_words
from solver_build import require_built, require_solver

from advisor.allpass import solver as allpass_solver
from advisor.cli import main
from advisor.table import RULE_DEFAULTS, SETTING_DEFAULTS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
READMES = ("README.md", "README.ru.md")
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


def _examples(name: str = "README.md") -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$ advisor ...`` in a console block."""
    found = []
    text = (ROOT / name).read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
            if chunk.startswith("$ advisor "):
                command, _, output = chunk.partition("\n")
                found.append((command[2:], output))
    return found


def _words(command: str) -> list[str]:
    """The command's words after ``advisor`` and its ``--lang``: the command name first."""
    words = shlex.split(command)[1:]
    return words[2:] if words[:1] == ["--lang"] else words


def _needs_solver(command: str) -> bool:
    words = _words(command)
    return words[0] == "solve" or "--exact" in words or "-x" in words


def _needs_allpass_solver(command: str) -> bool:
    words = _words(command)
    return (words[0] == "allpass" and "--play" not in words) or "--allpass" in words


@pytest.mark.parametrize("name", READMES)
def test_readme_shows_every_command(name: str) -> None:
    commands = {_words(command)[0] for command, _ in _examples(name)}
    assert {"check", "discard", "batch", "solve", "table", "allpass"} <= commands


def test_the_russian_readme_has_the_english_examples() -> None:
    english = [command for command, _ in _examples()]
    russian = [
        command.replace("advisor --lang ru ", "advisor ", 1)
        for command, _ in _examples("README.ru.md")
    ]
    assert set(english) <= set(russian)
    assert all(command.startswith("advisor --lang ru ") for command, _ in _examples("README.ru.md"))


@pytest.mark.parametrize(
    ("command", "expected"), [example for name in READMES for example in _examples(name)]
)
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


def _user_words() -> set[str]:
    """Words that are the user's, not the advisor's: the examples' hand labels and the table's
    setting names and values."""
    labels = re.findall(r"id=([\w-]+)", (ROOT / "examples" / "hands.txt").read_text("utf-8"))
    labels += [
        row.split(",")[0]
        for row in (ROOT / "examples" / "hands.csv").read_text("utf-8").splitlines()[1:]
    ]
    settings = [*SETTING_DEFAULTS, *RULE_DEFAULTS, "rules", "true", "false", "none"]
    return {word for text in (*labels, *settings) for word in re.findall(r"[A-Za-z]+", text)}


@pytest.mark.parametrize(
    ("command", "output"),
    [
        example
        for example in _examples("README.ru.md")
        if not {"--json", "--layouts", "csv"} & set(_words(example[0]))
    ],
)
def test_the_russian_examples_speak_russian(command: str, output: str) -> None:
    assert not english_words(output, _user_words())
