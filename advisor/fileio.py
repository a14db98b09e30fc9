"""Files the advisor writes are written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory and a rename,
    so a reader (or a crash) never sees half a file."""
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
