"""Shared pieces of terminal output (rich)."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.text import Text

from advisor.text import shown


def console(stderr: bool = False) -> Console:
    """A console that honours NO_COLOR and keeps 80 columns when piped."""
    stream = sys.stderr if stderr else sys.stdout
    return Console(file=stream, highlight=False, soft_wrap=False, emoji=False)


def plain(text: str, style: str = "") -> Text:
    """Text from the user as it is: never read as markup, its control characters escaped."""
    return Text(shown(text), style=style)


def percent(value: float) -> str:
    return f"{value:g}%"
