"""Files the advisor writes are written whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.errors import OutputError
from advisor.fileio import atomic_output, write_atomic


def test_atomic_output_all_or_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_output(str(target)) as out:
        out.write(b"half")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.jsonl"]
    with atomic_output(target) as out:
        out.write(b"new\n")
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.jsonl"]


def test_atomic_output_into_a_missing_directory() -> None:
    with (
        pytest.raises(OutputError, match=r"^/nonexistent/out\.jsonl: cannot be written"),
        atomic_output("/nonexistent/out.jsonl"),
    ):
        pass  # pragma: no cover


def test_write_atomic_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "table.toml"
    target.write_text("old")
    target.chmod(0o600)
    write_atomic(target, "threshold = 70\n")
    assert target.read_text() == "threshold = 70\n"
    assert target.stat().st_mode & 0o777 == 0o600
