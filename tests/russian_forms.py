"""Helpers of the Russian-interface tests: a Russian run of the command line (in this process
or in one of its own), and the Russian plural rule with a check of a message's three forms."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from click.testing import CliRunner

from advisor import i18n
from advisor.cli import main

ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C", "LC_ALL": "", "ADVISOR_LANG": ""}
COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
"""The counts every plural form is checked at."""


def russian(runner: CliRunner, *args: str) -> tuple[int, str]:
    """``advisor --lang ru ARGS``: its exit code and output."""
    result = runner.invoke(main, ["--lang", "ru", *args])
    return result.exit_code, result.output


def help_of(command: str) -> subprocess.CompletedProcess[str]:
    """``advisor --lang ru COMMAND --help`` in a process of its own, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "advisor", "--lang", "ru", command, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
        check=False,
    )


def russian_form(count: int, one: str, few: str, many: str) -> str:
    """The Russian plural rule: 1 21 101 -> one; 2-4 22-24 -> few; 0 5-20 25 111 -> many."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many


def assert_plural(
    singular: str, plural: str, forms: tuple[str, str, str], count: int, **values: Any
) -> None:
    """The Russian of ``singular``/``plural`` at ``count`` has the form of that count (and no
    other form) right after the number."""
    with i18n.speaking("ru"):
        text = i18n.ngettext(singular, plural, count, **values)
    wanted = russian_form(count, *forms)
    assert f"{count} {wanted}" in text, text
    for other in set(forms) - {wanted}:
        assert f"{count} {other}" not in text, text
