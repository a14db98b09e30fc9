"""A table file read: its text (a regular file of bounded size, UTF-8), its TOML, its
sections, its top-level settings and percents checked, and a value quoted in a message as TOML
writes it. :mod:`advisor.table`
makes a table of what is read here; :mod:`advisor.table_edit` edits the file keeping its form."""

from __future__ import annotations

import datetime
import os
import re
import stat
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from advisor.errors import TableError, os_reason
from advisor.i18n import Phrase
from advisor.limits import MAX_ALLPASS_PENALTY, MAX_TABLE_BYTES
from advisor.scoring import MISERE
from advisor.text import cut_short

PASS_SCORE_RANGE = (MISERE.worst, MISERE.best)  # ten tricks in the mountain .. a clean misère
PASS_FROM_ALLPASS = "allpass"  # pass_score: what the hand can expect to pay if everyone passes
PLAYER_COUNTS = (3, 4)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

OFF = "off"
"""What switches ``exact_threshold`` off in a file or ``table set``, as ``table show`` says it."""


def read_table_file(path: Path) -> str:
    """The file's text: a regular file of at most :data:`MAX_TABLE_BYTES` (a device, a FIFO
    or a huge file is refused before it is read: no hang, no flood of memory)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise TableError(Phrase("{path}: no such table file", path=path)) from None
    except OSError as error:
        raise TableError(_unreadable(path, error)) from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):  # checked before fdopen, which refuses a directory
        os.close(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise TableError(Phrase("{path}: is a directory, not a table file", path=path))
        raise TableError(
            Phrase("{path}: is not a regular file (a table is a TOML file)", path=path)
        )
    with os.fdopen(descriptor, "rb") as stream:
        try:
            data = stream.read(MAX_TABLE_BYTES + 1)
        except OSError as error:
            raise TableError(_unreadable(path, error)) from None
    if len(data) > MAX_TABLE_BYTES:
        raise TableError(
            Phrase(
                "{path}: larger than {limit:,} bytes: too big for a table",
                path=path,
                limit=MAX_TABLE_BYTES,
            )
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TableError(
            Phrase("{path}: not UTF-8 text ({reason})", path=path, reason=error.reason)
        ) from None


def config_file_there(path: Path) -> bool:
    """Whether the config file is there: anything by its name, which :func:`read_table_file`
    then reads or refuses (a folder, a device or a named pipe there is an error, not a table
    left out silently; a link to nothing is no file). A config folder that cannot be searched
    is listed instead (that needs only its read permission): no file there, no table to read.
    One that cannot be listed either is an error naming it; so is a file there that cannot be
    read."""
    try:
        os.stat(path)
        return True
    except (FileNotFoundError, NotADirectoryError):
        return False
    except PermissionError as error:
        try:
            names = os.listdir(path.parent)
        except OSError as listing:
            raise TableError(
                Phrase(
                    "{folder}: the config folder cannot be searched ({reason}): give --table, "
                    "or let this user read it",
                    folder=path.parent,
                    reason=os_reason(listing),
                )
            ) from None
        if path.name in names:
            raise TableError(_unreadable(path, error)) from None
        return False
    except OSError as error:
        raise TableError(_unreadable(path, error)) from None


def _unreadable(path: Path, error: OSError) -> Phrase:
    return Phrase("{path}: cannot be read ({reason})", path=path, reason=os_reason(error))


def parse_toml(text: str, origin: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tomllib.loads(text)
        return data
    except tomllib.TOMLDecodeError as error:
        raise TableError(
            Phrase("{origin}: TOML syntax error: {error}", origin=origin, error=str(error))
        ) from None
    except RecursionError:
        raise TableError(
            Phrase("{origin}: values nested too deeply for a table", origin=origin)
        ) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise TableError(
            Phrase("{origin}: a number too long for a table (thousands of digits)", origin=origin)
        ) from None


def section(data: Mapping[str, Any], name: str, origin: str) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, dict):
        raise not_a_section(origin, name, section)
    return section


def not_a_section(origin: str, name: str, value: Any) -> TableError:
    """``[rules]`` or ``[holes]`` given as something else (``holes = 5``)."""
    return TableError(
        Phrase(
            "{origin}: '{name}' must be a table ([{name}]), not {value}",
            origin=origin,
            name=name,
            value=shown_value(value),
        )
    )


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def shown_value(value: Any) -> str:
    """A value read from a table file as TOML writes it (``true``, ``"avg"``, ``{ value = 50
    }``), not as Python would (``True``, ``'avg'``, ``{'value': 50}``), cut short after
    :data:`~advisor.limits.MAX_QUOTED_CHARS` characters: a message quotes no 309-digit
    number whole."""
    return cut_short(_toml_text(value))


def _toml_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, dict):
        fields = ", ".join(f"{_toml_key(key)} = {_toml_text(item)}" for key, item in value.items())
        return f"{{ {fields} }}" if fields else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_text(item) for item in value) + "]"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return repr(value) if isinstance(value, float) else str(value)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _quoted(key)


def _quoted(text: str) -> str:
    """``text`` as a TOML basic string, whose escapes are JSON's. The JSON module is loaded
    only here, when a value is quoted: ``advisor check`` reads a table and quotes nothing
    (its start-up, ``benchmarks/startup.py``)."""
    from advisor.jsonout import json_text

    return json_text(text)


def percent_value(value: Any, where: str, origin: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TableError(
            Phrase(
                "{origin}: {where} = {value} is not a number (percent, 0..100)",
                origin=origin,
                where=where,
                value=shown_value(value),
            )
        )
    if not 0 <= value <= 100:
        raise TableError(
            Phrase(
                "{origin}: {where} = {value} is outside 0..100 percent",
                origin=origin,
                where=where,
                value=shown_value(value),
            )
        )
    return value


def is_player_count(value: Any) -> bool:
    """Whether a value read from a table file is a number of players: 3 or 4, an integer
    (not ``true``, not ``3.0``)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in PLAYER_COUNTS


def check_setting(
    name: str, value: Any, origin: str, choices: Mapping[str, tuple[str, ...]]
) -> Any:
    """``value`` of the top-level setting ``name`` of a table file, checked (``choices``: the
    words of each setting that takes one of a few); a :class:`TableError` naming the file, the
    setting and the value."""
    if name in choices:
        if not isinstance(value, str) or value not in choices[name]:
            modes = ", ".join(f'"{m}"' for m in choices[name])
            raise TableError(
                Phrase(
                    "{origin}: {name} = {value} is not one of {modes}",
                    origin=origin,
                    name=name,
                    value=shown_value(value),
                    modes=modes,
                )
            )
        return value
    if name == "players":
        if not is_player_count(value):
            raise TableError(
                Phrase(
                    "{origin}: players = {value} must be 3 or 4",
                    origin=origin,
                    value=shown_value(value),
                )
            )
        return value
    if name == "allpass_penalty":
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or not 0 < value <= MAX_ALLPASS_PENALTY:
            raise TableError(
                Phrase(
                    "{origin}: allpass_penalty = {value} must be a number above 0, at most "
                    "{limit} (points a trick)",
                    origin=origin,
                    value=shown_value(value),
                    limit=MAX_ALLPASS_PENALTY,
                )
            )
        return value
    if name == "max_holes":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
            raise TableError(
                Phrase(
                    "{origin}: max_holes = {value} must be a whole number 0..4",
                    origin=origin,
                    value=shown_value(value),
                )
            )
        return value
    if name == "pass_score":
        low, high = PASS_SCORE_RANGE
        if value == PASS_FROM_ALLPASS:
            return value
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not low <= value <= high
        ):
            raise TableError(
                Phrase(
                    "{origin}: pass_score = {value} must be a number of points, {low}..{high}, "
                    'or "{allpass}"',
                    origin=origin,
                    value=shown_value(value),
                    low=low,
                    high=high,
                    allpass=PASS_FROM_ALLPASS,
                )
            )
        return value
    if name == "exact_threshold" and (value is False or value == OFF):
        return None  # switched off again (``off``: as ``table show`` writes it)
    return percent_value(value, f"{name}", origin)
