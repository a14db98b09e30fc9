"""The READMEs' examples are real runs: every ``console`` block is run and compared, in the
English README and in the Russian one (``README.ru.md``, whose commands say ``--lang ru``).

Each example runs in a directory of its own that sees the project's ``examples/``; before it,
the ``advisor table set``, ``unset`` and ``init`` commands that come before it in its block run
there too, so that the files they write are there as the README says.

Examples that need the compiled solver (``advisor solve``, ``advisor lead``, ``--exact``) are
skipped without it, except in CI (``CI=true``), where a missing solver is a failure.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from russian import convention_words, english_words
from solver_build import require_built, require_solver

from advisor.allpass import solver as allpass_solver
from advisor.cli import main
from advisor.table import EXACT_TABLE_PATH, RULE_DEFAULTS, SETTING_DEFAULTS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
READMES = ("README.md", "README.ru.md")
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


EDITS = ("set", "unset", "init")  # table commands that write files later examples read


def _block_examples(block: str) -> list[tuple[str, str]]:
    found = []
    for chunk in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
        if chunk.startswith("$ advisor "):
            command, _, output = chunk.partition("\n")
            found.append((command[2:], output))
    return found


def _examples(name: str = "README.md") -> list[tuple[str, str, tuple[str, ...]]]:
    """(command line, expected output, the edits before it in its block) for every
    ``$ advisor ...`` in a console block of the README ``name``."""
    found = []
    text = (ROOT / name).read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        earlier: list[str] = []
        for command, output in _block_examples(block):
            found.append((command, output, tuple(earlier)))
            words = _words(command)
            if words[:1] == ["table"] and words[1:2] and words[1] in EDITS:
                earlier.append(command)
    return found


def _words(command: str) -> list[str]:
    """The command's words after ``advisor`` and its ``--lang``: the command name first."""
    words = shlex.split(command)[1:]
    return words[2:] if words[:1] == ["--lang"] else words


def _needs_solver(command: str) -> bool:
    words = _words(command)
    return words[0] in ("solve", "lead", "whist") or "--exact" in words or "-x" in words


def _needs_allpass_solver(command: str) -> bool:
    words = _words(command)
    return (words[0] == "allpass" and "--play" not in words) or "--allpass" in words


@pytest.mark.parametrize("name", READMES)
def test_readme_shows_every_command(name: str) -> None:
    commands = {_words(command)[0] for command, _, _ in _examples(name)}
    assert {"check", "discard", "batch", "solve", "lead", "table", "allpass", "whist"} <= commands


def test_the_russian_readme_has_the_english_examples() -> None:
    english = [command for command, _, _ in _examples()]
    russian = [
        command.replace("advisor --lang ru ", "advisor ", 1)
        for command, _, _ in _examples("README.ru.md")
    ]
    assert set(english) <= set(russian)
    assert all(
        command.startswith("advisor --lang ru ") for command, _, _ in _examples("README.ru.md")
    )


@pytest.mark.parametrize(
    ("command", "expected", "earlier"),
    [example for name in READMES for example in _examples(name)],
)
def test_readme_example(
    command: str,
    expected: str,
    earlier: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    if _needs_solver(command):
        require_solver()
    if _needs_allpass_solver(command):
        require_built(allpass_solver.core_available(), "the compiled all-pass solver")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    for edit in earlier:  # as the README runs them (a refused edit changes nothing)
        CliRunner().invoke(main, shlex.split(edit)[1:], env=ENV)
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


def test_the_regeneration_command_is_the_documented_one() -> None:
    """The README's command to regenerate the exact table is the one its header names."""
    header = re.search(
        r"^#   (advisor table calibrate .*)$",
        EXACT_TABLE_PATH.read_text("utf-8"),
        flags=re.MULTILINE,
    )
    assert header is not None
    command = header.group(1).removesuffix(" --table founding")
    assert f"{command} --table founding --output advisor/data/exact_table.toml" in README


def _user_words() -> set[str]:
    """Words that are the user's, not the advisor's: the examples' hand labels and the table's
    setting names and values."""
    labels = re.findall(r"id=([\w-]+)", (ROOT / "examples" / "hands.txt").read_text("utf-8"))
    labels += [
        row.split(",")[0]
        for row in (ROOT / "examples" / "hands.csv").read_text("utf-8").splitlines()[1:]
    ]
    settings = [*SETTING_DEFAULTS, *RULE_DEFAULTS, "rules", "true", "false", "none"]
    settings += sorted(convention_words())  # the file's keys and values, as it spells them
    return {word for text in (*labels, *settings) for word in re.findall(r"[A-Za-z]+", text)}


@pytest.mark.parametrize(
    ("command", "output"),
    [
        (command, output)
        for command, output, _ in _examples("README.ru.md")
        if not {"--json", "--layouts", "csv"} & set(_words(command))
    ],
)
def test_the_russian_examples_speak_russian(command: str, output: str) -> None:
    assert not english_words(output, _user_words())
