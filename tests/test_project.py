"""Project-wide promises: a pure library, documented commands, help with examples."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from fresh_modules import loaded_by_command, loaded_by_imports

from advisor.cli import COMMANDS, main
from advisor.cli.guard import EXIT_CODE_TABLE, ExitCode
from advisor.game import core_available as game_core_available
from advisor.solver import core_available as solver_core_available

ROOT = Path(__file__).resolve().parent.parent


def test_library_never_imports_click_or_rich() -> None:
    library = (
        "advisor.cards", "advisor.holdings", "advisor.table", "advisor.rules", "advisor.verdict",
        "advisor.fileio", "advisor.seats", "advisor.allpass", "advisor.allpass.lines",
        "advisor.calibrate", "advisor.compare", "advisor.table_diff", "advisor.table_edit",
    )  # fmt: skip
    assert loaded_by_imports(library, ("click", "rich")) == []


WHIST_HAND = "8S 9S JS KS 8C JC KC 8D JH KH"
JSON_RUNS = [
    ["bid", "AS KS QS JS 10S AC KC AD 7H 8H", "--seat", "third", "--samples", "64"],
    ["declare", "AS KS QS JS 10S AC KC AD 7H 8H 7D 8D", "--samples", "40"],
    ["discard", "7S 9S JS AS KC 7D JD 7H 9H JH 8C 8D", "--exact", "--lead", "me"],
    ["whist", WHIST_HAND, "--contract", "6D", "--declarer", "left", "--talon", "AS 7H"],
]


@pytest.mark.skipif(
    not (game_core_available() and solver_core_available()), reason="the solvers are not built"
)
@pytest.mark.parametrize("args", JSON_RUNS, ids=[args[0] for args in JSON_RUNS])
def test_json_never_loads_rich(args: list[str]) -> None:
    """``--json`` prints without the text report's rich: its import is start-up time."""
    exit_code, loaded = loaded_by_command([*args, "--json"], ("rich",))
    assert (exit_code in (0, 1), loaded) == (True, [])


def test_a_plain_check_loads_no_game_scoring_and_no_json() -> None:
    """``advisor check`` is the one-shot command of the start-up target (issues 2 and 16,
    ``benchmarks/startup.py``): its text report loads neither games' convention and contracts
    (the table's ``[convention]`` is read when a command asks for it) nor the JSON module."""
    names = ("json", "advisor.convention", "advisor.contract", "advisor.jsonout")
    assert loaded_by_command(["check", "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"], names) == (0, [])


def _all_commands() -> list[tuple[str, click.Command]]:
    found = []
    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        found.append((name, command))
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", cmd) for sub, cmd in command.commands.items()]
    return found


@pytest.mark.parametrize(("name", "command"), _all_commands())
def test_every_command_has_help_ending_with_an_example(name: str, command: click.Command) -> None:
    """The examples come last, after the options."""
    assert command.help, name
    assert getattr(command, "examples", ()), name
    shown = CliRunner().invoke(main, [*name.split(), "--help"], prog_name="advisor")
    assert shown.exit_code == 0
    last = shown.output.rstrip("\n").rsplit("\n\n", 1)[-1]
    assert last.startswith(("  Example:\n    ", "  Examples:\n    ")), shown.output
    assert "advisor " in last
    assert "Options:" not in last and "Options:" in shown.output


def test_main_help_and_the_readme_list_every_exit_code() -> None:
    shown = CliRunner().invoke(main, ["--help"], prog_name="advisor")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in EXIT_CODE_TABLE.splitlines()[1:]:  # after click's no-rewrap mark
        assert line in shown.output
    for code in {int(c) for c in ExitCode}:
        assert f"\n| {code} |" in readme, code


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_a_readme_section(name: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"advisor {name}" in readme
    assert f"### `advisor {name}" in readme, f"README has no section for advisor {name}"


def test_ruff_is_clean() -> None:
    ruff = pytest.importorskip("ruff")
    del ruff
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "advisor", "tests", "benchmarks"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    """The whole package, the CLI included, the tests, the benchmarks and the tools type-check
    under ``mypy --strict`` (pyproject.toml's ``files``)."""
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def _readme_commands() -> list[str]:
    """The two one-line commands at the top of the README (try it, run the tests)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", readme, flags=re.DOTALL)[:2]


def test_the_readme_commands_make_a_virtual_environment_first() -> None:
    """On a stock system pip refuses to install outside one (PEP 668), and there may be no
    ``python``: each command is one line that makes and uses a virtual environment."""
    for command in _readme_commands():
        assert "\n" not in command
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert _readme_commands()[1] in ci
    assert _readme_commands()[1].endswith("&& pytest")


def test_the_readme_links_point_into_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#:]+)\)", readme)
    assert links, "the README links to its examples"
    for link in links:
        target = (ROOT / link).resolve()
        assert target.is_relative_to(ROOT) and target.exists(), link


@pytest.mark.parametrize("compiler_macros", [[], ["-U__GNUC__", "-U__clang__"]])
def test_the_shared_card_header_compiles_with_and_without_gcc_builtins(
    compiler_macros: list[str], tmp_path: Path
) -> None:
    """``advisor/_cards.h`` has a portable C99 path for compilers without GCC's builtins:
    each of its functions defined once, whichever path the preprocessor takes."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    source = tmp_path / "uses_cards.c"
    source.write_text(
        '#include "advisor/_cards.h"\n'
        "int main(void) {\n"
        "    u32 hands[3] = {1, 2, 4};\n"
        "    build_compress();\n"
        "    normalise(hands);\n"
        "    return highest(hands[0]) + lowest(hands[1]) + popcount32(hands[2]);\n"
        "}\n"
    )
    flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", *compiler_macros]
    done = subprocess.run(
        [compiler, *flags, "-I", str(ROOT), str(source)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_pyproject_ships_every_package_of_the_library() -> None:
    """A non-editable install ships only the packages pyproject.toml lists: a package missing
    there works in an editable checkout and fails on a clean install."""
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "advisor").rglob("__init__.py")
    }
    assert found <= listed


def _pyproject() -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    data: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data
