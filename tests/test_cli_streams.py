"""Faults of the standard streams, as a hostile user makes them: a full device, closed streams,
a reader that goes away. Each gives one line where it can be written and a documented code.

The "full disk" is a character device of our own (the kernel's full device, made with mknod
in a temporary folder), never the machine's /dev/full: if a run wrongly replaced it, only the
copy would suffer.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import guard, main

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"  # declares
# the installed command (``python -m advisor`` from the source folder would import the sources,
# where a plain ``pip install .`` has built no C module)
_SCRIPT = Path(sys.executable).with_name("advisor")
ADVISOR = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "advisor"]


def shell(script: str, *args: str, stdin: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``script`` under sh with ``$ADVISOR`` set to the command, ``$1``... to ``args``."""
    env = {**os.environ, "ADVISOR": " ".join(ADVISOR), "NO_COLOR": "1"}
    return subprocess.run(
        ["sh", "-c", script, "sh", *args],
        capture_output=True, text=True, env=env, stdin=stdin, timeout=120,
    )  # fmt: skip


@pytest.fixture
def full_device(tmp_path: Path) -> Path:
    """A character device that answers every write with ENOSPC (major 1, minor 7)."""
    path = tmp_path / "full"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        with open(path, "wb", buffering=0) as probe, pytest.raises(OSError):
            probe.write(b"x")
    except (OSError, pytest.fail.Exception) as error:  # not root, or a nodev file system
        pytest.skip(f"cannot make a full device here: {error}")
    return path


def test_full_standard_output(full_device: Path) -> None:
    done = shell('$ADVISOR check "$1" --lead me > "$2"', HAND, str(full_device))
    assert (done.returncode, done.stderr) == (
        3,
        "Error: standard output cannot be written (No space left on device)\n",
    )
    assert stat.S_ISCHR(full_device.stat().st_mode)


def test_full_standard_output_of_a_batch_with_two_jobs(full_device: Path, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n" * 5000)
    done = shell('$ADVISOR batch "$1" --jobs 2 -q > "$2"', str(hands), str(full_device))
    assert (done.returncode, done.stderr) == (
        3,
        "Error: standard output cannot be written (No space left on device)\n",
    )


def test_closed_standard_output() -> None:
    done = shell('$ADVISOR check "$1" >&-', HAND)
    assert (done.returncode, done.stderr) == (
        3,
        "Error: standard output cannot be written (it is closed)\n",
    )


def test_closed_standard_output_is_no_matter_when_nothing_is_written() -> None:
    done = shell('$ADVISOR check -q "$1" --lead me >&-', HAND)
    assert (done.returncode, done.stderr) == (0, "")


def test_closed_standard_input_is_a_file_that_cannot_be_read() -> None:
    done = shell("$ADVISOR batch -q <&-")
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "<stdin>: cannot be read (it is closed)\n",
    )


@pytest.mark.parametrize("redirect", ["2>&-", '2>"$2"'])
def test_standard_error_that_cannot_be_written(redirect: str, full_device: Path) -> None:
    done = shell(f'$ADVISOR check "$1" {redirect}', "7S 8S", str(full_device))
    assert (done.returncode, done.stdout) == (2, "")
    lines = "7S 8S\n" + f"{HAND}\n" * 3
    done = shell(f'printf "$1" | $ADVISOR batch --lead me {redirect}', lines, str(full_device))
    assert done.returncode == 2
    assert done.stdout.count('"verdict": "declare"') == 3


def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n" * 20_000)
    for jobs in ("1", "2"):
        run = subprocess.Popen(
            [*ADVISOR, "batch", str(hands), "--jobs", jobs],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert run.stdout is not None and run.stderr is not None
        assert run.stdout.readline().startswith(b'{"file": ')
        run.stdout.close()
        assert run.wait(timeout=120) == 141
        assert run.stderr.read() == b""
        run.stderr.close()


def test_usage_errors_are_one_line(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HAND, "--frobnicate"])
    assert (result.exit_code, result.output) == (2, "Error: No such option '--frobnicate'.\n")
    result = runner.invoke(main, ["nonsense"])
    assert (result.exit_code, result.output) == (2, "Error: No such command 'nonsense'.\n")


def test_control_characters_of_the_input_are_shown_escaped(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "7S\x1b]0;owned\x07 8S\x00"])
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\x00" not in result.output
    assert result.output.startswith("Error: '7S\\x1b]0;owned\\x07'")


def test_json_and_quiet_exclude_each_other(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", HAND, "--json", "-q"])
    assert (result.exit_code, result.output) == (
        2,
        "Error: --json and --quiet exclude each other\n",
    )


def test_version_names_the_compiled_parts(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from advisor.build import PURE_PYTHON_ENV, compiled_parts

    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0
    parts = compiled_parts()
    assert set(parts) == {"solver", "game solver", "all-pass solver", "reader"}
    listed = ", ".join(f"{name} {'present' if on else 'missing'}" for name, on in parts.items())
    assert result.output.endswith(f"\ncompiled parts: {listed}\n")


def test_version_says_when_the_compiled_parts_are_switched_off(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADVISOR_PUREPYTHON", "1")
    result = runner.invoke(main, ["--version"])
    assert result.output.endswith(
        "\ncompiled parts: all switched off (ADVISOR_PUREPYTHON is set)\n"
    )
    russian = runner.invoke(main, ["--lang", "ru", "--version"])
    assert russian.output.endswith(
        "\nскомпилированные части: все отключены (задана ADVISOR_PUREPYTHON)\n"
    )


LAYOUT = "M: ♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8 L: ♠8 Q A ♣J Q ♦10 J K ♥Q K R: ♠9 J K ♣10 K A ♦Q ♥9 10 J"


@pytest.mark.parametrize(
    "args",
    [["check", HAND], ["check", HAND, "--talon"], ["check", HAND, "--json"],
     ["table", "show"], ["solve", "--layout", LAYOUT, "--lead", "left"], ["--help"]],
)  # fmt: skip
def test_a_pipe_closed_before_anything_is_written(args: list[str]) -> None:
    """Every command, rich's text included (rich would exit 1, which reads as a pass)."""
    reader, writer = os.pipe()
    os.close(reader)  # nobody will ever read: the first write fails with EPIPE
    try:
        done = subprocess.run([*ADVISOR, *args], stdout=writer, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, b"")


def test_a_full_disk_under_output_leaves_the_old_file(tmp_path: Path) -> None:
    """A small file system of our own (tmpfs in a private mount namespace) fills up while the
    workers write in place: one line, exit 3, the old file intact, nothing else left."""
    mount = tmp_path / "small"
    mount.mkdir()
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n" * 20_000)
    script = (
        'mount -t tmpfs -o size=256k tmpfs "$1" || exit 99; echo old > "$1/out.jsonl"; '
        '$ADVISOR batch "$3" -q --jobs 2 -o "$1/out.jsonl"; echo "exit $?"; '
        'ls -A "$1"; cat "$1/out.jsonl"'
    )
    try:
        done = subprocess.run(
            ["unshare", "-m", "sh", "-c", script, "sh", str(mount), "", str(hands)],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "ADVISOR": " ".join(ADVISOR)},
        )  # fmt: skip
    except FileNotFoundError:
        pytest.skip("no unshare here")
    if done.returncode == 99 or "unshare" in done.stderr:
        pytest.skip(f"no private mount namespace here: {done.stderr.strip()}")
    assert done.stdout == "exit 3\nout.jsonl\nold\n"
    assert done.stderr == f"Error: {mount}/out.jsonl: cannot be written (No space left on device)\n"


def test_a_command_run_outside_the_main_thread(runner: CliRunner) -> None:
    """Signal handlers can only be set in the main thread: elsewhere the command still runs."""
    import threading

    results = []
    worker = threading.Thread(target=lambda: results.append(runner.invoke(main, ["check", HAND])))
    worker.start()
    worker.join(timeout=60)
    assert results[0].exit_code == 0  # the verdict, not a ValueError from signal.signal
    assert results[0].output.startswith("Hand  ♠7 8 10")


@pytest.mark.parametrize(
    ("filename", "shown"), [("out.jsonl", "out.jsonl"), (b"out\x1b.csv", "out\\x1b.csv"), (7, "7")]
)
def test_a_failed_write_names_its_file_whatever_the_error_carries(
    filename: object, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def command() -> int:
        raise OSError(errno.ENOSPC, "No space left on device", filename)

    with pytest.raises(SystemExit) as done:
        guard.run(command)
    assert done.value.code == guard.ExitCode.OUTPUT_FAILED
    assert capsys.readouterr().err == (
        f"Error: {shown} cannot be written (No space left on device)\n"
    )
