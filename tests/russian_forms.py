"""Helpers of the Russian-interface tests: the Russian plural rule written out, and a command's
help shown in Russian in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys

ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C", "LC_ALL": "", "ADVISOR_LANG": ""}
COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
"""The counts every plural form is checked at."""


def russian_form(count: int, one: str, few: str, many: str) -> str:
    """The Russian plural rule: 1 21 101 -> one; 2-4 22-24 -> few; 0 5-20 25 111 -> many."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many


def help_of(command: str) -> subprocess.CompletedProcess[str]:
    """``advisor --lang ru COMMAND --help`` in a process of its own: click makes a command's
    help option once, in the language of the first help shown in the process."""
    return subprocess.run(
        [sys.executable, "-m", "advisor", "--lang", "ru", command, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
        check=False,
    )
