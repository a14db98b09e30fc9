"""Files the advisor writes are written whole or not at all."""

from __future__ import annotations

import multiprocessing
import os
import socket
import stat
import threading
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import pytest
from fifo import read_in_background
from other_user import NOBODY, as_nobody, needs_root, shared_folder

from advisor import limits
from advisor.errors import OutputError
from advisor.fileio import atomic_output, edit_lock, write_atomic


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


# --- owners, links, the disk -------------------------------------------------------------------

OTHER_USER, OTHER_GROUP = 12345, 23456


@pytest.mark.parametrize("unnamed", [True, False], ids=["O_TMPFILE", "named temporary"])
def test_a_replaced_file_keeps_its_owner_group_and_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unnamed: bool
) -> None:
    needs_root()
    if not unnamed:
        monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    target = tmp_path / "table.toml"
    target.write_text("old\n")
    os.chown(target, OTHER_USER, OTHER_GROUP)
    target.chmod(0o640)
    write_atomic(target, "new\n")
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (
        OTHER_USER,
        OTHER_GROUP,
        0o640,
    )
    assert target.read_text() == "new\n" and _entries(tmp_path) == ["table.toml"]
    link = tmp_path / "link.toml"  # through a link: its target's owner
    link.symlink_to(target)
    write_atomic(link, "newer\n")
    assert (target.stat().st_uid, target.stat().st_gid) == (OTHER_USER, OTHER_GROUP)


def test_a_new_file_belongs_to_its_writer(tmp_path: Path) -> None:
    write_atomic(tmp_path / "new.toml", "x\n")
    info = (tmp_path / "new.toml").stat()
    assert (info.st_uid, info.st_gid) == (os.geteuid(), os.getegid())


@pytest.fixture
def shared() -> Iterator[Path]:
    yield from shared_folder()


def test_a_file_whose_owner_cannot_be_kept_is_not_replaced(shared: Path) -> None:
    """Another user's file in a folder anyone may write: replacing it would make it nobody's."""
    shared.chmod(0o777)
    target = shared / "theirs.toml"
    target.write_text("old\n")
    os.chown(target, OTHER_USER, OTHER_GROUP)
    target.chmod(0o666)
    outcome = as_nobody(write_atomic, target, "new\n")
    assert outcome == (
        "OutputError",
        f"{target}: not replaced: it belongs to user {OTHER_USER} and group {OTHER_GROUP}, and "
        "this user cannot give its new text the same owner (Operation not permitted)",
    )
    assert target.read_text() == "old\n" and _entries(shared) == ["theirs.toml"]
    assert target.stat().st_uid == OTHER_USER


def test_a_read_only_folder_is_named(shared: Path) -> None:
    target = shared / "mine.toml"  # the user's own file, in a folder only root may write
    target.write_text("old\n")
    os.chown(target, NOBODY, NOBODY)
    assert as_nobody(write_atomic, target, "new\n") == (
        "OutputError",
        f"{target}: cannot be written (its folder {shared}: Permission denied)",
    )
    assert target.read_text() == "old\n"


def test_a_hard_link_keeps_the_old_text(tmp_path: Path) -> None:
    """As the README says: the file is replaced by a new one, so a second name of the old one
    (a hard link) goes on naming the old text; the name written has the new."""
    target = tmp_path / "table.toml"
    target.write_text("old\n")
    other = tmp_path / "other-name.toml"
    os.link(target, other)
    write_atomic(target, "new\n")
    assert (target.read_text(), other.read_text()) == ("new\n", "old\n")
    assert target.stat().st_nlink == 1


@pytest.mark.parametrize("unnamed", [True, False], ids=["O_TMPFILE", "named temporary"])
def test_the_file_is_flushed_before_the_rename_and_the_folder_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unnamed: bool
) -> None:
    if not unnamed:
        monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file"
        events.append(f"fsync {kind}")
        real_fsync(descriptor)

    def replace(source: str, target: str) -> None:
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    write_atomic(target, "new\n")
    assert events == ["fsync file", "rename", "fsync folder"]
    events.clear()
    write_atomic(tmp_path / "fresh.jsonl", "new\n")
    assert events == ["fsync file", "rename", "fsync folder"]


# --- the edit lock -----------------------------------------------------------------------------


def _hold_lock(path: Path, held: Connection, release: Connection) -> None:
    with edit_lock(path):
        held.send("held")
        release.recv()


@pytest.fixture
def lock_held_elsewhere(tmp_path: Path) -> Iterator[Connection]:
    """Another process holds the edit lock of tmp_path's files until it is sent anything."""
    context = multiprocessing.get_context("fork")
    held, held_there = context.Pipe()
    release_there, release = context.Pipe()
    holder = context.Process(target=_hold_lock, args=(tmp_path / "x", held_there, release_there))
    holder.start()
    assert held.recv() == "held"
    yield release
    release.send("go")
    holder.join(timeout=60)


def test_an_edit_waits_for_the_lock_and_says_so_when_it_gives_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lock_held_elsewhere: Connection
) -> None:
    monkeypatch.setattr(limits, "LOCK_WAIT_SECONDS", 0)
    target = tmp_path / "table.toml"
    with pytest.raises(OutputError) as raised, edit_lock(target):
        pass  # pragma: no cover
    assert str(raised.value) == (
        f"{target}: cannot be written: another program has held its folder {tmp_path} locked "
        "for 0 s"
    )
    with pytest.raises(OutputError, match="another program has held its folder"):
        write_atomic(target, "x\n")  # a plain write takes the lock for its rename
    assert _entries(tmp_path) == []
    lock_held_elsewhere.send("go")  # released: the next edit goes through
    monkeypatch.setattr(limits, "LOCK_WAIT_SECONDS", 60)
    with edit_lock(target):
        write_atomic(target, "x\n")  # inside the lock this process holds: no wait for itself
    assert target.read_text() == "x\n"


def test_the_lock_needs_a_folder_it_can_open(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as raised, edit_lock(tmp_path / "no" / "table.toml"):
        pass  # pragma: no cover
    assert str(raised.value) == (
        f"{tmp_path}/no/table.toml: cannot be edited: its folder {tmp_path}/no cannot be locked "
        "(No such file or directory)"
    )
