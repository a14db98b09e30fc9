"""Files the advisor writes are written whole or not at all, and only regular files are replaced.

What :func:`atomic_output` does depends on what the path names:

* a regular file, or nothing yet: the output goes to a temporary file in the same directory,
  which replaces the file when the block ends without an error (keeping the permission bits of
  the file it replaces). The temporary file is unnamed where the file system allows it
  (``O_TMPFILE``, linked into place only at the end), so that even a killed run leaves nothing
  behind; elsewhere it is a named ``.NAME.*.tmp`` file, removed on any error;
* a symbolic link: the same for its final target, in the target's own directory (the link
  stays a link);
* a character device, a FIFO or a socket (``/dev/null``, ``/dev/stdout``, a named pipe): it
  is written into directly. Atomicity is impossible there, and writing into it is what the user
  asked for.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import tempfile
from collections.abc import Iterator
from typing import IO

from advisor.errors import OutputError, os_reason
from advisor.i18n import Phrase

_PROC_FD = "/proc/self/fd"  # where an unnamed file can be linked from (Linux)


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


@contextlib.contextmanager
def _replacing(path: str, info: os.stat_result | None) -> Iterator[IO[bytes]]:
    """A regular file (or none yet) replaced whole at the end, through a temporary file."""
    target = os.path.realpath(path)  # a link's final target is replaced, not the link
    mode = stat.S_IMODE(info.st_mode) if info is not None else _new_file_mode()
    directory = os.path.dirname(target)
    unnamed = _unnamed_file(directory)
    try:
        if unnamed is None:
            with _named_temporary(target, mode) as stream:
                yield stream
            return
        with os.fdopen(unnamed, "wb") as stream:
            yield stream
            stream.flush()
            os.fchmod(stream.fileno(), mode)
            _link_into_place(stream.fileno(), target)
    except OSError as error:
        raise _cannot_write(path, error) from None


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
    """Give the unnamed file a name beside ``target``, then rename it over ``target``."""
    directory, name = os.path.split(target)
    # linkat(..., AT_SYMLINK_FOLLOW) through /proc: Python calls plain link() (which does not
    # follow the magic link) unless a directory descriptor is given, so one is
    folder = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for attempt in range(100):
            temporary = os.path.join(directory, f".{name}.{os.getpid()}.{attempt}.tmp")
            try:
                source = f"{_PROC_FD}/{descriptor}"
                os.link(source, temporary, src_dir_fd=folder, follow_symlinks=True)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - a hundred leftover names
            raise FileExistsError(f"no free temporary name beside {target}")
    finally:
        os.close(folder)
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _named_temporary(target: str, mode: int) -> Iterator[IO[bytes]]:
    """The fallback: a named temporary file beside ``target``, removed on any error."""
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, then renamed
        "wb",
        dir=os.path.dirname(target),
        prefix=f".{os.path.basename(target)}.",
        suffix=".tmp",
        delete=False,
    )
    try:
        with handle:
            yield handle
        os.chmod(handle.name, mode)
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _new_file_mode() -> int:
    """The usual permissions of a new file (the umask applied)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
