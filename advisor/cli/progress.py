"""A long run under a progress bar on a terminal's standard error, and plainly anywhere else;
and a long run's answer printed, as JSON or as text.

Kept apart from :mod:`advisor.cli.render` so that a command deciding whether to draw a bar does
not load rich: only a terminal's run does (start-up time counts for every command).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from advisor.i18n import N_

T = TypeVar("T")


class Reported(Protocol):
    """A command's answer: plain data for ``--json``."""

    def to_dict(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=Reported)


def on_terminal(run: Callable[..., T], *, show: bool = True, label: str = N_("Solving")) -> T:
    """``run(progress=...)`` under a bar headed by ``label`` when ``show`` and standard error is
    a terminal; else ``run()``, which reports to no one."""
    if not (show and sys.stderr.isatty()):
        return run()
    from advisor.cli.render import with_progress

    return with_progress(run, label)


def answered(run: Callable[..., A], as_json: bool, render: Callable[[A], None]) -> A:
    """``run()`` (under a progress bar when its text goes to a terminal: ``run`` takes
    ``progress=``), then its answer printed: ``--json``'s ``to_dict()``, else ``render``."""
    found = on_terminal(run, show=not as_json)
    if as_json:
        import click

        from advisor.jsonout import json_text

        click.echo(json_text(found.to_dict(), indent=2))
    else:
        render(found)
    return found
