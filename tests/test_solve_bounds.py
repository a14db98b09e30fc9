"""Bounds of ``advisor solve`` and ``--exact``: samples and jobs, and bad input told before
any progress bar is drawn."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cards import parse_cards, parse_hand
from advisor.cli import main
from advisor.errors import LimitError
from advisor.limits import MAX_SAMPLES, max_jobs
from advisor.seats import Seat
from advisor.solver import catch_odds

HOLED = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
TOO_MANY = str(MAX_SAMPLES + 1)


@pytest.mark.parametrize(
    "args",
    [["solve", HOLED, "--discards", "AD AH", "--lead", "me", "--samples", TOO_MANY],
     ["check", HOLED, "--exact", "--samples", TOO_MANY],
     ["batch", "--exact", "--samples", TOO_MANY]],
)  # fmt: skip
def test_samples_have_an_upper_limit(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args, input="")
    assert result.exit_code == 2
    assert result.output == (
        f"Error: Invalid value for '--samples': {TOO_MANY} is not in the range "
        f"1<=x<={MAX_SAMPLES}.\n"
    )


def test_the_library_refuses_them_too() -> None:
    hand, discards = parse_hand(HOLED), parse_cards("AD AH")
    with pytest.raises(LimitError, match="samples must be at most 10,000,000, not 10,000,001"):
        catch_odds(hand, discards, Seat.M, samples=MAX_SAMPLES + 1)
    with pytest.raises(LimitError, match=f"jobs must be at most {max_jobs()}"):
        catch_odds(hand, discards, Seat.M, jobs=max_jobs() + 1)


def test_too_many_solver_threads(runner: CliRunner) -> None:
    args = ["solve", HOLED, "--discards", "AD AH", "--lead", "me", "--jobs", "100000"]
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert result.output.startswith(
        f"Error: Invalid value for '-j' / '--jobs': jobs must be at most {max_jobs()} "
    )


def test_bad_discards_are_told_before_a_progress_bar(tmp_path: Path) -> None:
    """On a terminal, bad input gives its one line and no bar (it used to draw one first)."""
    controller, terminal = pty.openpty()
    command = [sys.executable, "-m", "advisor", "solve", HOLED, "--discards", "7S AH"]
    done = subprocess.Popen(
        [*command, "--lead", "me"],
        stdout=terminal, stderr=terminal, stdin=subprocess.DEVNULL, cwd=tmp_path,
    )  # fmt: skip
    os.close(terminal)
    shown = b""
    while True:
        try:
            piece = os.read(controller, 4096)
        except OSError:  # the terminal closed: the run has ended
            break
        if not piece:
            break
        shown += piece
    os.close(controller)
    assert done.wait(timeout=120) == 2
    assert shown.decode() == "Error: the discards ♠7 are in the hand\r\n"
