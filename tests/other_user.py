"""Run a function as another user (``nobody``), in a forked child of the test process.

The tests run as root, which no file permission stops; what a user who is not root meets (a
read-only folder, a file of another owner) is tried in a child that drops to ``nobody``. The
child is forked, not started anew: the interpreter may live in a folder ``nobody`` cannot read.
"""

from __future__ import annotations

import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

NOBODY = 65534


def needs_root() -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root: it changes owners and becomes another user")


def as_nobody(function: Callable[..., Any], *args: Any) -> tuple[str, str]:
    """``function(*args)`` run as ``nobody``: ``("ok", repr(result))`` or ``(the exception's
    class name, its message)``."""
    needs_root()
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.close(reader)
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            outcome: tuple[str, str] = ("ok", repr(function(*args)))
        except BaseException as error:
            outcome = (type(error).__name__, str(error))
        with os.fdopen(writer, "wb") as out:
            out.write(pickle.dumps(outcome))
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as received:
        data = received.read()
    os.waitpid(child, 0)
    result: tuple[str, str] = pickle.loads(data)
    return result


def shared_folder() -> Iterator[Path]:
    """A folder outside pytest's private one (which only root may enter), removed after."""
    folder = Path(tempfile.mkdtemp(prefix="advisor-test-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
