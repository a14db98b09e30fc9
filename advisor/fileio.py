"""Files the advisor writes are written whole or not at all."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import IO

from advisor.errors import OutputError


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A file written whole or not at all: a temporary file beside ``path``, renamed over it
    when the block ends without an error, removed otherwise. An existing file keeps its
    permissions. Raises :class:`OutputError` naming the path when it cannot be written."""
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, then renamed
            "wb", dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp", delete=False
        )
    except OSError as error:
        raise OutputError(f"{path}: cannot be written ({error.strerror})") from None
    try:
        with handle:
            yield handle
        os.chmod(handle.name, _new_file_mode(path))
        os.replace(handle.name, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        if isinstance(error, OSError):
            raise OutputError(f"{path}: cannot be written ({error.strerror})") from None
        raise


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through :func:`atomic_output`."""
    with atomic_output(path) as handle:
        handle.write(text.encode("utf-8"))


def _new_file_mode(path: str) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
