"""``--jobs`` means the same in every command that takes it: 0 is every core this process may
use, a number from 1 to 4 a core is itself, anything else is refused with the same words."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from advisor.cli import COMMANDS, main
from advisor.limits import cores, max_jobs


def _commands(group: click.Group, ctx: click.Context) -> Iterator[tuple[str, click.Command]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            for inner, sub in _commands(command, ctx):
                yield f"{name} {inner}", sub
        else:
            yield name, command


def _jobs_commands() -> list[tuple[str, click.Command, click.Parameter]]:
    ctx = click.Context(main)
    found = []
    for name, command in _commands(main, ctx):
        for param in command.params:
            if param.name == "jobs":
                found.append((name, command, param))
    return found


JOBS_COMMANDS = _jobs_commands()


def test_the_commands_that_take_jobs() -> None:
    assert sorted(name for name, _, _ in JOBS_COMMANDS) == [
        "allpass", "batch", "bid", "check", "declare", "discard", "lead", "solve",
        "table calibrate",
        "table compare", "whist",
    ]  # fmt: skip
    assert set(COMMANDS) >= {name.split()[0] for name, _, _ in JOBS_COMMANDS}


@pytest.mark.parametrize(
    ("name", "command", "param"), JOBS_COMMANDS, ids=[name for name, _, _ in JOBS_COMMANDS]
)
def test_zero_is_every_core(name: str, command: click.Command, param: click.Parameter) -> None:
    ctx = click.Context(command)
    assert param.process_value(ctx, "0") == cores()
    assert param.process_value(ctx, "1") == 1
    assert param.process_value(ctx, str(max_jobs())) == max_jobs()
    assert "0: all cores" in (param.help or "")


def test_one_hand_analyses_use_every_core_by_default() -> None:
    """A player waits for these, and their answer is the same for every number of jobs; the
    file-sized runs (batch's processes, the table's tuning tools) start with one."""
    defaults = {name: param.default for name, _, param in JOBS_COMMANDS}
    assert {name for name, default in defaults.items() if default == 0} == {
        "allpass",
        "bid",
        "check",
        "declare",
        "discard",
        "lead",
        "solve",
        "whist",
    }
    assert {name: defaults[name] for name in ("batch", "table calibrate", "table compare")} == {
        "batch": 1,
        "table calibrate": 1,
        "table compare": 1,
    }


@pytest.mark.parametrize("name", [name for name, _, _ in JOBS_COMMANDS])
@pytest.mark.parametrize(
    ("jobs", "why"),
    [("-1", "jobs must be 0 (every core) or more, not -1"), ("100000", "jobs must be at most")],
)
def test_the_same_refusal_everywhere(runner: CliRunner, name: str, jobs: str, why: str) -> None:
    result = runner.invoke(main, [*name.split(), "--jobs", jobs])
    assert result.exit_code == 2
    assert result.output.startswith("Error: Invalid value for ")
    assert f"'--jobs': {why}" in result.output


def test_zero_runs(runner: CliRunner) -> None:
    hand = ["allpass", "7S 8S 10S 7C 9C JC 7D 8D 7H 9H", "--seat", "first", "--samples", "30"]
    every_core = runner.invoke(main, [*hand, "--jobs", "0"])
    assert every_core.exit_code == 0, every_core.output
    assert every_core.output == runner.invoke(main, [*hand, "--jobs", "1"]).output
