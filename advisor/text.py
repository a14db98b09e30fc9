"""Untrusted text made safe to show: control characters escaped, stray bytes replaced.

A hand, an id, a file name or a table's text comes from the user and may hold anything: a NUL,
an ANSI or OSC escape sequence that would drive the terminal, a line break that would split a
one-line message, or bytes that were not UTF-8 (decoded with ``surrogateescape``). Every
message that quotes such text passes it through :func:`shown`.
"""

from __future__ import annotations

import re

# C0 controls, DEL and C1 controls, and the bidirectional overrides and isolates (which can
# make a message read backwards on screen)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_STRAY_BYTE = re.compile("[\udc80-\udcff]")  # a byte that was not UTF-8, surrogate-escaped


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` safe for a one-line message: ``\\x00``, ``\\x1b``, ``\\n``... written out as
    escapes, and U+FFFD for each byte of the input that was not UTF-8."""
    if text.isprintable():  # the usual case: nothing to do (escapes are not printable)
        return text
    text = _CONTROL.sub(_escape, text)
    return _STRAY_BYTE.sub("\ufffd", text).encode("utf-8", "replace").decode("utf-8")
