"""Shared fixtures: a CLI runner that never sees the developer's own table or language."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True)
def _isolated_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No test reads a real ``$ADVISOR_TABLE``, the user's config directory or locale: the
    advisor speaks English unless a test asks for Russian."""
    config = tmp_path / "config-home"
    for variable in ("ADVISOR_TABLE", "ADVISOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    # A test's ``python -m advisor`` runs the installed advisor (its compiled parts built), not
    # the source tree in the current folder, whose compiled parts only an editable install has.
    monkeypatch.setenv("PYTHONSAFEPATH", "1")
    return config


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
