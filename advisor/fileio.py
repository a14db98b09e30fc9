"""Files the advisor writes are written whole or not at all, and only regular files are replaced.

What :func:`atomic_output` does depends on what the path names:

* a regular file, or nothing yet: the output goes to a temporary file in the same directory,
  which replaces the file when the block ends without an error. The replacement keeps the
  permission bits, the owner and the group of the file it replaces (a file whose owner or
  group this user cannot give the new one is refused, and left as it was). The temporary file
  is unnamed where the file system allows it (``O_TMPFILE``, linked into place only at the
  end), so that even a killed run leaves nothing behind; elsewhere it is a named
  ``.NAME.*.tmp`` file, removed on any error. The data is flushed to the disk (``fsync``)
  before the rename and the folder after it, so that a power cut leaves the old file or the
  new one. A hard link to the old file is a second name of the old data: it keeps the old
  text (as with ``sed -i``), since writing into the linked file itself could not be whole or
  nothing;
* a symbolic link: the same for its final target, in the target's own directory (the link
  stays a link; a link to nothing yet gets its target made);
* a character device, a FIFO or a socket (``/dev/null``, ``/dev/stdout``, a named pipe): it
  is written into directly. Atomicity is impossible there, and writing into it is what the user
  asked for.

A read-edit-write of a file (``advisor table set``) holds :func:`edit_lock` from before it
reads until after it writes: edits of the same file run one after the other, and none is lost.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
import stat
import tempfile
import time
from collections.abc import Iterator
from typing import IO, NamedTuple

from advisor import limits
from advisor.errors import FolderError, OutputError, os_reason
from advisor.i18n import Phrase

_PROC_FD = "/proc/self/fd"  # where an unnamed file can be linked from (Linux)
_LOCK_POLL_SECONDS = 0.01


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary stream to ``path``, written as the module docstring says. Raises
    :class:`OutputError` naming the path when it cannot be written."""
    path = os.fspath(path)
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:  # nothing there yet, or a link to nothing yet
        info = None
    except OSError as error:
        raise _cannot_write(path, error) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(Phrase("{path}: cannot be written (it is a directory)", path=path))
    if info is not None and not stat.S_ISREG(info.st_mode):
        with _written_into(path, info) as stream:
            yield stream
        return
    with _replacing(path, info) as stream:
        yield stream


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through :func:`atomic_output`."""
    with atomic_output(path) as handle:
        handle.write(text.encode("utf-8"))


def _cannot_write(path: str, error: OSError) -> OutputError:
    return OutputError(
        Phrase("{path}: cannot be written ({reason})", path=path, reason=os_reason(error))
    )


def _folder_refuses(path: str, folder: str, error: OSError) -> OutputError:
    """The folder would not take the new file (read-only, not there): it is named. A folder
    that is there but makes no file ("no such file", as ``/proc`` and ``/sys`` answer) is said
    to be so, not to be missing."""
    if error.errno == errno.ENOENT and os.path.isdir(folder):
        return OutputError(
            Phrase(
                "{path}: cannot be written (its folder {folder} takes no new files, and a file "
                "is written whole through a new one beside it)",
                path=path,
                folder=folder,
            )
        )
    return OutputError(
        Phrase(
            "{path}: cannot be written (its folder {folder}: {reason})",
            path=path,
            folder=folder,
            reason=os_reason(error),
        )
    )


# --- the edit lock -----------------------------------------------------------------------------

_held: dict[tuple[int, int], int] = {}
"""The folders this process holds locked (device and inode), and how many blocks hold each: a
second lock of the same folder inside the first must not wait for itself."""


def lock_folder(path: str | os.PathLike[str]) -> str:
    """The folder an edit of ``path`` locks: the one its final target is (or will be) in."""
    return os.path.dirname(os.path.realpath(path))


@contextlib.contextmanager
def edit_lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the edit lock of ``path``: an advisory ``flock`` of the folder its final target is
    (or will be) in, which no rename replaces. Every advisor that edits or replaces a file in
    that folder waits for it, at most :data:`~advisor.limits.LOCK_WAIT_SECONDS`; the system
    drops it when the process ends, however it ends. Raises :class:`OutputError` naming the
    folder when it cannot be locked (it must exist, be readable, and be on a file system that
    locks folders: some network ones do not)."""
    path = os.fspath(path)
    folder = lock_folder(path)
    try:
        descriptor = _open_folder(folder)
    except OSError as error:
        raise _cannot_lock(path, folder, error) from None
    try:
        with _locked(descriptor, path, folder, strict=True):
            yield
    finally:
        os.close(descriptor)


def _cannot_lock(path: str, folder: str, error: OSError) -> OutputError:
    return OutputError(
        Phrase(
            "{path}: cannot be edited: its folder {folder} cannot be locked ({reason})",
            path=path,
            folder=folder,
            reason=os_reason(error),
        )
    )


@contextlib.contextmanager
def _locked(descriptor: int, path: str, folder: str, strict: bool) -> Iterator[None]:
    """The lock of the open ``folder``, taken unless this process holds it already. Where the
    file system cannot lock it, ``strict`` refuses; else the block runs without the lock (an
    edit there is refused, so none can be under way)."""
    info = os.fstat(descriptor)
    identity = (info.st_dev, info.st_ino)
    if identity in _held:
        _held[identity] += 1
    elif _wait_for_lock(descriptor, path, folder, strict):
        _held[identity] = 1
    else:
        yield
        return
    try:
        yield
    finally:
        _held[identity] -= 1
        if not _held[identity]:
            del _held[identity]
            fcntl.flock(descriptor, fcntl.LOCK_UN)


def _wait_for_lock(descriptor: int, path: str, folder: str, strict: bool) -> bool:
    """Whether the lock was taken (False: the file system cannot lock the folder)."""
    deadline = time.monotonic() + limits.LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise OutputError(
                    Phrase(
                        "{path}: cannot be written: another program has held its folder "
                        "{folder} locked for {seconds} s",
                        path=path,
                        folder=folder,
                        seconds=limits.LOCK_WAIT_SECONDS,
                    )
                ) from None
            time.sleep(_LOCK_POLL_SECONDS)
        except OSError as error:
            if strict:
                raise _cannot_lock(path, folder, error) from None
            return False


# --- writing into ------------------------------------------------------------------------------


@contextlib.contextmanager
def _written_into(path: str, info: os.stat_result) -> Iterator[IO[bytes]]:
    """A device, a FIFO or a socket, written into directly."""
    try:
        if stat.S_ISSOCK(info.st_mode):
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            with contextlib.closing(connection):
                connection.connect(path)
                stream: IO[bytes] = connection.makefile("wb")
        else:
            stream = open(path, "wb")  # noqa: SIM115 - closed below
    except OSError as error:
        raise _cannot_write(path, error) from None
    try:
        with stream:
            yield stream
    except OSError as error:
        raise _cannot_write(path, error) from None


# --- replacing ---------------------------------------------------------------------------------


class _Kept(NamedTuple):
    """What the replacement keeps of the file it replaces (a new file: the usual mode)."""

    mode: int
    owner: tuple[int, int] | None  # user and group; None for a new file


@contextlib.contextmanager
def _replacing(path: str, info: os.stat_result | None) -> Iterator[IO[bytes]]:
    """A regular file (or none yet) replaced whole at the end, through a temporary file."""
    target = os.path.realpath(path)  # a link's final target is replaced, not the link
    kept = (
        _Kept(stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid))
        if info is not None
        else _Kept(_new_file_mode(), None)
    )
    directory = os.path.dirname(target)
    try:
        unnamed = _unnamed_file(directory)
        if unnamed is None:
            with _named_temporary(path, target, kept) as stream:
                yield stream
            return
        with os.fdopen(unnamed, "wb") as stream:
            yield stream
            _made_whole(stream, path, kept)
            _link_into_place(stream.fileno(), target)
    except FolderError as failed:
        raise _folder_refuses(path, directory, failed.error) from None
    except OSError as error:
        raise _cannot_write(path, error) from None


def _made_whole(stream: IO[bytes], path: str, kept: _Kept) -> None:
    """The new file flushed to the disk, with the owner, group and mode of the old one."""
    stream.flush()
    descriptor = stream.fileno()
    os.fsync(descriptor)
    if kept.owner is not None:
        _give_owner(descriptor, path, kept.owner)
    os.fchmod(descriptor, kept.mode)  # after fchown, which may clear the set-id bits


def _give_owner(descriptor: int, path: str, owner: tuple[int, int]) -> None:
    info = os.fstat(descriptor)
    if (info.st_uid, info.st_gid) == owner:
        return
    try:
        os.fchown(descriptor, *owner)
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EACCES):
            raise
        user, group = owner
        raise OutputError(
            Phrase(
                "{path}: not replaced: it belongs to user {user} and group {group}, and this "
                "user cannot give its new text the same owner ({reason})",
                path=path,
                user=user,
                group=group,
                reason=os_reason(error),
            )
        ) from None


def _unnamed_file(directory: str) -> int | None:
    """An unnamed file in ``directory`` (``O_TMPFILE``), or None where the system cannot make
    or later link one."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir(_PROC_FD):
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY | os.O_CLOEXEC, 0o600)
    except OSError:  # a file system without it (or no such directory: the fallback says so)
        return None


def _link_into_place(descriptor: int, target: str) -> None:
    """Give the unnamed file a name beside ``target``, then rename it over ``target`` (under
    the folder's edit lock) and flush the folder."""
    directory, name = os.path.split(target)
    # linkat(..., AT_SYMLINK_FOLLOW) through /proc: Python calls plain link() (which does not
    # follow the magic link) unless a directory descriptor is given, so one is
    try:
        folder = _open_folder(directory)
    except OSError as error:
        raise FolderError(error) from None
    try:
        temporary = _linked_name(descriptor, folder, directory, name)
        _renamed_into_place(temporary, target, folder)
    finally:
        os.close(folder)


def _linked_name(descriptor: int, folder: int, directory: str, name: str) -> str:
    for attempt in range(100):
        temporary = os.path.join(directory, f".{name}.{os.getpid()}.{attempt}.tmp")
        try:
            source = f"{_PROC_FD}/{descriptor}"
            os.link(source, temporary, src_dir_fd=folder, follow_symlinks=True)
            return temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise FolderError(error) from None
    raise FolderError(  # pragma: no cover - a hundred leftover names
        FileExistsError(errno.EEXIST, "no free temporary name", directory)
    )


def _renamed_into_place(temporary: str, target: str, folder: int) -> None:
    """``temporary`` renamed over ``target`` while the folder's edit lock is held (unless it
    cannot be had: an edit of that folder is then refused, so none can be under way), then
    the folder flushed so that the rename survives a power cut."""
    try:
        with _locked(folder, target, os.path.dirname(target), strict=False):
            os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    os.fsync(folder)


@contextlib.contextmanager
def _named_temporary(path: str, target: str, kept: _Kept) -> Iterator[IO[bytes]]:
    """The fallback: a named temporary file beside ``target``, removed on any error."""
    directory = os.path.dirname(target)
    try:
        folder = _open_folder(directory)
    except OSError as error:
        raise FolderError(error) from None
    try:
        try:
            handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, then renamed
                "wb",
                dir=directory,
                prefix=f".{os.path.basename(target)}.",
                suffix=".tmp",
                delete=False,
            )
        except OSError as error:
            raise FolderError(error) from None
        try:
            with handle:
                yield handle
                _made_whole(handle, path, kept)
            _renamed_into_place(handle.name, target, folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(handle.name)
            raise
    finally:
        os.close(folder)


def _open_folder(folder: str) -> int:
    """A descriptor of ``folder``: to lock it, flush it, and link a file into it."""
    return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)


def _new_file_mode() -> int:
    """The usual permissions of a new file (the umask applied)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
