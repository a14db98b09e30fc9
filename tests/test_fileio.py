"""Files the advisor writes are written whole or not at all."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from fifo import read_in_background

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


def _entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_symlink_stays_a_link_and_its_final_target_is_replaced(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "results.jsonl"
    target.write_text("old\n")
    target.chmod(0o640)
    (tmp_path / "middle").symlink_to(target)
    link = tmp_path / "link.jsonl"
    link.symlink_to("middle")  # relative, through a second link
    write_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == "middle"
    assert (tmp_path / "middle").is_symlink()
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert _entries(elsewhere) == ["results.jsonl"]
    assert _entries(tmp_path) == ["elsewhere", "link.jsonl", "middle"]


def test_a_dangling_symlink_gets_its_target_made(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to("made.jsonl")
    write_atomic(link, "new\n")
    assert link.is_symlink() and (tmp_path / "made.jsonl").read_text() == "new\n"


def test_a_fifo_is_written_into(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    received = read_in_background(fifo)
    write_atomic(fifo, "through the pipe\n")
    assert received() == b"through the pipe\n"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert _entries(tmp_path) == ["fifo"]


def test_a_socket_is_written_into(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    received: list[bytes] = []

    def serve() -> None:
        connection, _ = server.accept()
        with connection:
            received.append(b"".join(iter(lambda: connection.recv(4096), b"")))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    write_atomic(path, "to the socket\n")
    thread.join(timeout=30)
    server.close()
    assert received == [b"to the socket\n"]
    assert stat.S_ISSOCK(path.lstat().st_mode)


def test_a_character_device_is_written_into_not_replaced(tmp_path: Path) -> None:
    null = tmp_path / "null"  # our own null device (major 1, minor 3), not the machine's
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        null.write_bytes(b"probe")
    except OSError as error:
        pytest.skip(f"cannot make a device here: {error}")
    with atomic_output(null) as out:
        out.write(b"discarded\n")
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert _entries(tmp_path) == ["null"]


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match=r": cannot be written \(it is a directory\)$"):
        write_atomic(tmp_path, "x")


def test_the_temporary_file_has_no_name_while_it_is_written(tmp_path: Path) -> None:
    """An unnamed file (O_TMPFILE): a run killed meanwhile leaves nothing behind."""
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("no O_TMPFILE on this system")
    target = tmp_path / "out.jsonl"
    with atomic_output(target) as out:
        out.write(b"half")
        assert _entries(tmp_path) == []
    assert target.read_bytes() == b"half"


def test_without_unnamed_files_a_named_one_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_output(target) as out:
        out.write(b"half")
        (temporary,) = (name for name in _entries(tmp_path) if name != "out.jsonl")
        assert temporary.startswith(".out.jsonl.") and temporary.endswith(".tmp")
        raise KeyboardInterrupt
    assert _entries(tmp_path) == ["out.jsonl"] and target.read_text() == "old\n"
    write_atomic(target, "new\n")
    assert _entries(tmp_path) == ["out.jsonl"] and target.read_text() == "new\n"
