"""A Babel extractor for the built-in table: each founding entry's ``source`` is a message
(``table show`` gives it in the language spoken; a user's own sources are shown as written)."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Mapping
from typing import IO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, object],
    comment_tags: Collection[str],
    options: Mapping[str, object],
) -> Iterator[tuple[int, None, str, list[str]]]:
    """(line, no function, the source, a comment naming the entry) for every hole entry."""
    text = fileobj.read().decode("utf-8")
    holes = tomllib.loads(text).get("holes", {})
    lines = text.splitlines()
    for key, entry in holes.items():
        if isinstance(entry, dict) and isinstance(entry.get("source"), str):
            number = next(
                (n for n, line in enumerate(lines, 1) if line.lstrip().startswith(f'"{key}"')), 0
            )
            yield number, None, entry["source"], [f'the source of the founding entry "{key}"']
