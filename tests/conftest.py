"""Shared fixtures: a CLI runner that never sees the developer's own table."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True)
def _isolated_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No test reads a real ``$ADVISOR_TABLE`` or the user's config directory."""
    config = tmp_path / "config-home"
    monkeypatch.delenv("ADVISOR_TABLE", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return config


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
