"""A long run draws its progress bar only on a terminal's standard error, and only when the
command shows one; elsewhere the run gets no progress callback at all."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from advisor.cli.progress import on_terminal


class _Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def _run(progress: Callable[[int, int], None] | None = None) -> str:
    if progress is None:
        return "plain"
    for done in range(4):
        progress(done, 3)
    return "reported"


@pytest.mark.parametrize(
    ("terminal", "show", "expected"),
    [(True, True, "reported"), (True, False, "plain"), (False, True, "plain")],
)
def test_a_bar_only_on_a_terminal_when_shown(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, show: bool, expected: str
) -> None:
    stream = _Stream(terminal)
    monkeypatch.setattr("sys.stderr", stream)
    assert on_terminal(_run, show=show) == expected
    drawn = stream.getvalue()
    assert (drawn != "") == (expected == "reported")  # a bar drawn (and cleared) or nothing
