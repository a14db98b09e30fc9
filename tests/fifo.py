"""A named pipe read in the background, for tests that write into one."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path


def read_in_background(fifo: Path) -> Callable[[], bytes]:
    """Make the FIFO ``fifo`` and start reading it whole; returns a call that waits for what
    was read (a daemon thread: a test that never writes into it still ends)."""
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()

    def wait() -> bytes:
        reader.join(timeout=60)
        assert received, f"nothing was written into {fifo}"
        return received[0]

    return wait
