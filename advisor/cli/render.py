"""Shared pieces of terminal output (rich)."""

from __future__ import annotations

import sys

from rich.console import Console


def console(stderr: bool = False) -> Console:
    """A console that honours NO_COLOR and keeps 80 columns when piped."""
    stream = sys.stderr if stderr else sys.stdout
    return Console(file=stream, highlight=False, soft_wrap=False, emoji=False)


def percent(value: float) -> str:
    return f"{value:g}%"
