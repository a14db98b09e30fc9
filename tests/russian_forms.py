"""Shared by the Russian tests of the talon, exact odds, discard and solve: a Russian run of
the command line, and the check of a message's three plural forms."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner

from advisor import i18n
from advisor.cli import main

COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
FORM = {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2, 111: 2}
"""The Russian plural form each count takes: 0 one (1, 21), 1 few (2, 22), 2 many."""


def russian(runner: CliRunner, *args: str) -> tuple[int, str]:
    """``advisor --lang ru ARGS``: its exit code and output."""
    result = runner.invoke(main, ["--lang", "ru", *args])
    return result.exit_code, result.output


def assert_plural(
    singular: str, plural: str, forms: tuple[str, str, str], count: int, **values: Any
) -> None:
    """The Russian of ``singular``/``plural`` at ``count`` has the form of that count (and no
    other form) right after the number."""
    with i18n.speaking("ru"):
        text = i18n.ngettext(singular, plural, count, **values)
    assert f"{count} {forms[FORM[count]]}" in text, text
    for other in set(forms) - {forms[FORM[count]]}:
        assert f"{count} {other}" not in text, text
