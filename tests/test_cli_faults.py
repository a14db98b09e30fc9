"""Faults a hostile user meets, round three: out of memory on every command, ``table calibrate
-o`` that must not lose its file, reports at tiny widths, a config folder the user cannot
search, a negative seed on every command that takes one, and an output into ``/proc``."""

from __future__ import annotations

import errno
import mmap
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from other_user import as_nobody, shared_folder
from solver_build import require_solver

from advisor.cli import COMMANDS, guard, main

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
TWELVE = "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9"
HOPELESS = "♠8 10 Q A ♣8 10 Q ♦8 10 Q"
OUT_OF_MEMORY = (
    "Error: out of memory: the system refused the memory this needs (lower --samples or --jobs, "
    "or free some)\n"
)

# --- out of memory: exit 5, one line --------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [MemoryError(), OSError(errno.ENOMEM, "Cannot allocate memory"), RuntimeError(guard.NO_THREAD)],
    ids=["MemoryError", "ENOMEM", "no thread"],
)
def test_out_of_memory_is_its_own_exit_code(
    error: BaseException, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever command runs (every one runs under the guard): one line, exit 5, not 1
    (``pass`` for check and discard) nor 3 (an output that cannot be written)."""

    def command() -> int:
        raise error

    with pytest.raises(SystemExit) as done:
        guard.run(command)
    assert (
        done.value.code == guard.ExitCode.OUT_OF_MEMORY and int(guard.ExitCode.OUT_OF_MEMORY) == 5
    )
    assert capsys.readouterr().err == OUT_OF_MEMORY


def test_another_runtime_error_is_not_memory() -> None:
    def command() -> int:
        raise RuntimeError("something else")

    with pytest.raises(RuntimeError, match="something else"):
        guard.run(command)


def _small_memory() -> None:  # pragma: no cover - in the child
    """Room for the interpreter and the command line, not for the solver's 64 MB table."""
    resource.setrlimit(resource.RLIMIT_AS, (60 << 20, 60 << 20))


@pytest.mark.parametrize(
    "arguments",
    [
        ["check", HOPELESS, "--exact", "-q"],
        ["discard", HOPELESS + " ♥K A", "--exact"],
        ["solve", HOPELESS, "--discards", "KH AH", "--lead", "me", "--samples", "100"],
        ["lead", HOPELESS, "--discards", "KH AH", "--samples", "100"],
        ["table", "calibrate", "--holding", "7 Q", "--samples", "30"],
        ["batch", "--exact", "-q"],
    ],
    ids=lambda words: " ".join(words[:2]),
)
@pytest.mark.skipif(not hasattr(mmap, "MADV_HUGEPAGE"), reason="the solver maps no table here")
def test_under_ulimit_v_every_solving_command_says_out_of_memory(arguments: list[str]) -> None:
    require_solver()
    done = subprocess.run(
        [sys.executable, "-m", "advisor", *arguments],
        input=HAND.encode(), capture_output=True, preexec_fn=_small_memory,
        env={**os.environ, "ADVISOR_LANG": "en"}, timeout=600,
    )  # fmt: skip
    assert (done.returncode, done.stderr.decode()) == (5, OUT_OF_MEMORY)


# --- table calibrate -o ----------------------------------------------------------------------


def test_calibrate_writes_its_file_before_printing(tmp_path: Path) -> None:
    """``> /dev/full``: the print fails (exit 3), the file is there, whole."""
    require_solver()
    target = tmp_path / "calibrated.toml"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "advisor", "table", "calibrate", "--holding", "7 Q",
             "--samples", "30", "-o", str(target)],
            stdout=full, stderr=subprocess.PIPE, env={**os.environ, "ADVISOR_LANG": "en"},
        )  # fmt: skip
    assert done.returncode == 3
    assert (
        done.stderr.decode()
        == "Error: standard output cannot be written (No space left on device)\n"
    )
    assert '"7 Q"' in target.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calibrated.toml"]


@pytest.mark.parametrize("where", ["under a file", "in /proc"])
def test_calibrate_checks_its_output_before_the_work(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output no folder will take is named before any work (which takes minutes)."""
    import advisor.calibrate

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the calibration ran before the output was checked")

    monkeypatch.setattr(advisor.calibrate, "calibrate", no_work)
    (tmp_path / "file").write_text("")
    output = str(tmp_path / "file" / "t.toml") if where == "under a file" else "/proc/version"
    result = CliRunner().invoke(main, ["table", "calibrate", "--all", "-o", output])
    assert result.exit_code == 3, result.output
    assert result.output.startswith(f"Error: {output}: cannot be written (")


def test_output_into_proc_says_the_folder_takes_no_files() -> None:
    result = CliRunner().invoke(main, ["batch", "-o", "/proc/version"], input=HAND)
    assert (result.exit_code, result.output) == (
        3,
        "Error: /proc/version: cannot be written (its folder /proc takes no new files, and a "
        "file is written whole through a new one beside it)\n",
    )


# --- tiny widths -----------------------------------------------------------------------------

REPORTS = [
    ["check", HAND, "--lead", "me"],
    ["check", HAND, "--talon"],
    ["discard", TWELVE, "--lead", "me"],
    ["batch", "examples/hands.txt", "--format", "table"],
    ["table", "show"],
    ["table", "diff", "founding", "exact"],
    ["--help"],
    ["check", "--help"],
]


@pytest.mark.parametrize("columns", ["0", "1", "5", "39"])
@pytest.mark.parametrize("arguments", REPORTS, ids=lambda words: " ".join(words)[:30])
def test_a_tiny_width_gives_the_report_at_40_columns(arguments: list[str], columns: str) -> None:
    """COLUMNS=0 (or any width under 40) never empties a report: it is laid out at 40."""
    at_40 = CliRunner().invoke(main, arguments, env={"COLUMNS": "40", "NO_COLOR": "1"})
    tiny = CliRunner().invoke(main, arguments, env={"COLUMNS": columns, "NO_COLOR": "1"})
    assert tiny.exit_code == at_40.exit_code
    assert len(at_40.output.splitlines()) > 3
    assert tiny.output == at_40.output


# --- a config folder the user cannot search --------------------------------------------------


@pytest.fixture
def shared() -> Iterator[Path]:
    yield from shared_folder()


def _as_nobody(arguments: list[str], config: Path) -> tuple[str, str]:
    """``advisor ARGUMENTS`` run as ``nobody`` with ``config`` as its config home: the modules
    are loaded first, as root (nobody may not read the interpreter's folder)."""
    CliRunner().invoke(main, arguments)

    def run() -> tuple[int, str]:
        result = CliRunner().invoke(main, arguments, env={"XDG_CONFIG_HOME": str(config)})
        return result.exit_code, result.output.splitlines()[-1]

    return as_nobody(run)


@pytest.mark.parametrize(
    "arguments",
    [["table", "show"], ["check", HAND, "--lead", "me"], ["discard", TWELVE, "--lead", "me"]],
    ids=lambda words: words[0] + " " + words[1][:5],
)
@pytest.mark.parametrize("mode", [0o000, 0o444], ids=["---", "r--"])
def test_a_config_folder_it_cannot_search(arguments: list[str], mode: int, shared: Path) -> None:
    """Without a table file there, read-only commands work when the folder can be listed; one
    that cannot be is named as what it is (exit 2), never 'table.toml cannot be written'."""
    folder = shared / "advisor"
    folder.mkdir()
    folder.chmod(mode)
    outcome, found = _as_nobody(arguments, shared)
    assert outcome == "ok"
    code, last = eval(found)  # the repr of (exit code, last line)
    if mode & 0o004:  # others may list it
        assert code in (0, 1) and not last.startswith("Error")
    else:
        assert (code, last) == (
            2,
            f"Error: {folder}: the config folder cannot be searched (Permission denied): give "
            "--table, or let this user read it",
        )


def test_a_table_file_in_a_folder_it_cannot_search(shared: Path) -> None:
    """A table file there that cannot be read is named (exit 2), not left out silently."""
    folder = shared / "advisor"
    folder.mkdir()
    (folder / "table.toml").write_text("pass_score = -10\n")
    folder.chmod(0o444)
    outcome, found = _as_nobody(["table", "show"], shared)
    assert (outcome, eval(found)) == (
        "ok",
        (2, f"Error: {folder / 'table.toml'}: cannot be read (Permission denied)"),
    )


# --- a negative seed, on every command that takes one ----------------------------------------

SEEDED = {
    "allpass": ["allpass", HAND, "--seat", "first"],
    "batch": ["batch", "--exact"],
    "bid": ["bid", HAND],
    "check": ["check", HAND, "--exact"],
    "declare": ["declare", TWELVE],
    "discard": ["discard", TWELVE, "--exact"],
    "lead": ["lead", HAND, "--discards", "KH AH"],
    "solve": ["solve", HAND, "--discards", "KH AH", "--lead", "me", "--samples", "40"],
    "table calibrate": ["table", "calibrate"],
    "table compare": ["table", "compare", "examples/hands.txt", "--exact"],
    "whist": ["whist", HAND, "--contract", "7S", "--declarer", "left", "--talon", "KH AH"],
}


def _seeded_commands() -> set[str]:
    """Every command of the advisor with a ``--seed``."""
    found: set[str] = set()
    context = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(context, name)
        assert command is not None
        commands = {name: command}
        if isinstance(command, click.Group):
            commands = {f"{name} {sub}": command.commands[sub] for sub in command.commands}
        for full, each in commands.items():
            if any(param.name == "seed" for param in each.params):
                found.add(full)
    return found


def test_every_command_with_a_seed_is_tried() -> None:
    assert _seeded_commands() == set(SEEDED)


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_a_negative_seed_is_refused(name: str) -> None:
    """Python's generator draws the samples of the positive seed for a negative one, while the
    output would name the negative seed: refused, exit 2, before any work."""
    result = CliRunner().invoke(main, [*SEEDED[name], "--seed", "-1"], input=HAND)
    assert (result.exit_code, result.output) == (
        2,
        "Error: Invalid value for '--seed': -1 is not in the range x>=0.\n",
    )


@pytest.mark.parametrize("seed", ["0", "7"])
def test_a_seed_from_zero_is_taken(seed: str) -> None:
    arguments = ["allpass", HAND, "--seat", "first", "--samples", "30", "--seed", seed, "--json"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output


# --- also noticed ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "discard"])
@pytest.mark.parametrize("lead", ["left", "RIGHT"])
def test_left_without_exact_says_it_needs_exact(command: str, lead: str) -> None:
    """``--help`` lists left and right: without --exact they need it, they are not unknown."""
    cards = HAND if command == "check" else TWELVE
    result = CliRunner().invoke(main, [command, cards, "--lead", lead])
    assert (result.exit_code, result.output) == (
        2,
        "Error: Invalid value for '--lead': left and right need --exact\n",
    )


@pytest.mark.parametrize("off", ["off", "false"])
def test_exact_threshold_off_as_table_show_writes_it(off: str, tmp_path: Path) -> None:
    """``table show`` says ``off``; ``table set exact_threshold off`` takes it back."""
    target = str(tmp_path / "table.toml")
    runner = CliRunner()
    assert (
        runner.invoke(main, ["table", "set", "exact_threshold", "50", "--table", target]).exit_code
        == 0
    )
    result = runner.invoke(main, ["table", "set", "exact_threshold", off, "--table", target])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"exact_threshold 50 ({target}) → off ({target})\n")
    shown = runner.invoke(main, ["table", "show", "--table", target]).output
    assert any(line.split()[:2] == ["exact_threshold", "off"] for line in shown.splitlines())
