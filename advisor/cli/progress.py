"""A long run under a progress bar on a terminal's standard error, and plainly anywhere else.

Kept apart from :mod:`advisor.cli.render` so that a command deciding whether to draw a bar does
not load rich: only a terminal's run does (start-up time counts for every command).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

from advisor.i18n import N_

T = TypeVar("T")


def on_terminal(run: Callable[..., T], *, show: bool = True, label: str = N_("Solving")) -> T:
    """``run(progress=...)`` under a bar headed by ``label`` when ``show`` and standard error is
    a terminal; else ``run()``, which reports to no one."""
    if not (show and sys.stderr.isatty()):
        return run()
    from advisor.cli.render import with_progress

    return with_progress(run, label)
