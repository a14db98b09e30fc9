"""Writing the user's table file: ``advisor table init``'s starter, ``table set`` and ``unset``.

The file is read and written back with ``tomlkit``, which keeps everything it does not change
as it was: comments, blank lines, the order and spelling of keys, its line endings (``\r\n``
stays ``\r\n``). The edited text is checked with the same code as ``advisor table check``
(:func:`advisor.table.merge_table`) before it is written, and written whole or not at all
(:func:`advisor.fileio.write_atomic`): a refused edit leaves the file as it was. Each edit holds
the file's edit lock (:func:`advisor.fileio.edit_lock`) from before it reads the file until it
has written it, so edits made at the same time run one after the other and none is lost.

A key is a setting (``threshold``), a rule (``rules.no_seven``), a setting of the scoring
convention (``convention.preset``), ``inherit``, or a holding in
any spelling the table reads (``"7 Q"``, ``"q 7"``, ``"7 8|9 Q"``); an entry already in the file
under another spelling of the same holding is changed in place.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import sys
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import tomlkit
import tomlkit.exceptions
from tomlkit.items import KeyType, SingleKey

from advisor.cards import RANK_CHARS
from advisor.convention import TABLE_KEYS
from advisor.errors import AdvisorError, OutputError, TableError, os_reason
from advisor.fileio import edit_lock, write_atomic
from advisor.holdings import HoldingPattern
from advisor.i18n import N_, Phrase, as_cards
from advisor.table import (
    BUILT_IN,
    CONFIG_FILE_NAME,
    CONVENTION,
    RULE_DEFAULTS,
    SETTING_DEFAULTS,
    BuiltIn,
    Table,
    default_table,
    merge_table,
    resolve_table_path,
)
from advisor.table_file import not_a_section, parse_toml, read_table_file, shown_value
from advisor.text import cut_short, shown
from advisor.words import Word

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

STARTER_TABLE_PATH = Path(__file__).parent / "data" / "starter_table.toml"
RULES, HOLES, INHERIT = "rules", "holes", "inherit"
SETTING_KEYS = (INHERIT, *SETTING_DEFAULTS)


# --- the starter -------------------------------------------------------------------------------


def starter_table_text() -> str:
    """A commented starter file: every built-in value, commented out, ready to change."""
    return STARTER_TABLE_PATH.read_text(encoding="utf-8")


def write_starter_table(path: str | os.PathLike[str], force: bool = False) -> Path:
    """Write :func:`starter_table_text` to ``path`` (whole or not at all).

    Refuses to replace an existing file unless ``force``.
    """
    target = Path(path)
    with _editing(target, make_folder=True):
        if target.exists() and not force:
            raise TableError(
                Phrase("{path}: already exists (use --force to overwrite it)", path=target)
            )
        write_atomic(target, starter_table_text())
    return target


@contextlib.contextmanager
def _editing(target: Path, make_folder: bool) -> Iterator[None]:
    """Hold ``target``'s edit lock for the block, its folder made first when ``make_folder``
    (and removed again, if still empty, when the block fails: a refused edit leaves nothing):
    the folder of its final target, for a link to a file not there yet as for a plain name."""
    made = _make_folder(Path(os.path.realpath(target))) if make_folder else []
    try:
        with edit_lock(target):
            yield
    except BaseException:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if empty: another edit may have used it meanwhile
        raise


def _make_folder(target: Path) -> list[Path]:
    """Make the folders ``target`` needs; the ones made, outermost first."""
    above = (target.parent, *target.parent.parents)
    missing = list(itertools.takewhile(lambda folder: not folder.exists(), above))
    made = []
    try:
        if not above[len(missing)].is_dir():  # the nearest that exists: a file on the way
            raise NotADirectoryError(above[len(missing)])
        for folder in reversed(missing):
            try:
                folder.mkdir()
            except FileExistsError:
                if not folder.is_dir():
                    raise
                continue  # made meanwhile by another program
            made.append(folder)
    except OSError as error:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        reason = (
            Phrase(N_("a part of it is a file"))
            if _is_file_on_the_way(target.parent)
            else os_reason(error)
        )
        raise OutputError(
            Phrase("{path}: its folder cannot be made ({reason})", path=target, reason=reason)
        ) from None
    return made


def _is_file_on_the_way(folder: Path) -> bool:
    return any(part.exists() and not part.is_dir() for part in (folder, *folder.parents))


# --- keys and values ---------------------------------------------------------------------------


class KeyKind(Word):
    SETTING = "setting"
    RULE = "rule"
    CONVENTION = "convention"
    HOLDING = "holding"


_SECTIONS = {KeyKind.RULE: RULES, KeyKind.CONVENTION: CONVENTION, KeyKind.HOLDING: HOLES}
"""The section of the file each kind of key but a setting lives in."""


@dataclass(frozen=True)
class EditKey:
    """What ``set`` and ``unset`` change: a setting, a rule or a holding's entry."""

    kind: KeyKind
    name: str
    """The setting's or rule's name, or the holding's key as the table writes it."""
    pattern: HoldingPattern | None = None

    def __str__(self) -> str:
        if self.kind in _SECTIONS and self.kind is not KeyKind.HOLDING:
            return f"{_SECTIONS[self.kind]}.{self.name}"
        return f'"{self.name}"' if self.kind is KeyKind.HOLDING else self.name


def parse_key(text: str) -> EditKey:
    """``threshold``, ``rules.no_seven`` or a holding; anything else is a :class:`TableError`
    that says which of them it looks like it meant."""
    name = text.strip()
    if name in SETTING_KEYS:
        return EditKey(KeyKind.SETTING, name)
    rules = ", ".join(f"{RULES}.{rule}" for rule in RULE_DEFAULTS)
    conventions = ", ".join(f"{CONVENTION}.{setting}" for setting in TABLE_KEYS)
    if name.startswith(f"{CONVENTION}."):
        if name[len(CONVENTION) + 1 :] in TABLE_KEYS:
            return EditKey(KeyKind.CONVENTION, name[len(CONVENTION) + 1 :])
        raise TableError(
            Phrase(
                "'{key}' is not a setting of the convention: they are {settings}",
                key=cut_short(shown(text)),
                settings=conventions,
            )
        )
    if name.startswith(f"{RULES}."):
        if name[len(RULES) + 1 :] in RULE_DEFAULTS:
            return EditKey(KeyKind.RULE, name[len(RULES) + 1 :])
        raise TableError(
            Phrase(
                "'{key}' is not a rule: the rules are {rules}",
                key=cut_short(shown(text)),
                rules=rules,
            )
        )
    try:
        pattern = HoldingPattern.parse(name)
    except AdvisorError as error:
        if _looks_like_a_holding(name):
            raise TableError(
                Phrase(
                    "'{key}' is not a setting, nor a holding: {error}",
                    key=cut_short(shown(text)),
                    error=error.phrase,
                )
            ) from None
        raise TableError(
            Phrase(
                "'{key}' is not a setting: the settings are {settings}, and {rules} (or give a "
                'holding, such as "7 10")',
                key=cut_short(shown(text)),
                settings=", ".join(SETTING_KEYS),
                rules=rules + ", " + conventions,
            )
        ) from None
    return EditKey(KeyKind.HOLDING, str(pattern), pattern)


def _looks_like_a_holding(text: str) -> bool:
    """Digits, spaces or '|', or only characters of ranks (``QK``): meant as a holding."""
    if any(ch.isdigit() or ch.isspace() or ch == "|" for ch in text):
        return True
    return bool(text) and all(ch in RANK_CHARS for ch in text)


def parse_value(text: str) -> Any:
    """A value as TOML reads it (``70``, ``82.5``, ``false``, ``"sum"``), else the text itself
    (``independent``)."""
    try:
        data = tomllib.loads(f"value = {text}")
    except ValueError:  # not TOML (or a number of thousands of digits)
        return text
    return data["value"] if len(data) == 1 else text


def user_table_file(
    option: str | None, environ: Mapping[str, str], config_dir: str | os.PathLike[str]
) -> Path:
    """The file ``set`` and ``unset`` edit: ``--table``, else ``$ADVISOR_TABLE``, else
    ``table.toml`` in the config directory (whether or not it exists yet)."""
    found = resolve_table_path(option, environ, config_dir)
    if isinstance(found, BuiltIn):
        raise TableError(
            Phrase(
                "'{name}' is a built-in table, not a file: name a file of your own to edit",
                name=str(found),
            )
        )
    return found or Path(config_dir) / CONFIG_FILE_NAME


# --- the edit ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class InEffect:
    """A key's value in effect with a table file, and where it comes from.

    ``value`` is a setting's or a rule's value (None: a setting that is off), or a holding's
    ``(own, their)`` (None: no entry prices it); ``origin`` is None when the file was not a
    usable table (the edit may be what makes it one)."""

    value: Any
    origin: str | None

    def to_dict(self) -> dict[str, Any]:
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"value": value, "origin": self.origin}


@dataclass(frozen=True)
class TableEdit:
    """An edit written: the file, the key, its value in effect before and after, whether the
    file was new and whether the key was removed."""

    path: Path
    key: EditKey
    before: InEffect
    after: InEffect
    created: bool
    removed: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "key": str(self.key),
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "created": self.created,
            "removed": self.removed,
        }


@dataclass(frozen=True)
class _Opened:
    """A table file to edit: its text, as plain data and as a document, whether it is new (the
    starter's text), and the table in effect with it (None: it is not a usable table)."""

    text: str
    data: Mapping[str, Any]
    document: tomlkit.TOMLDocument
    created: bool
    table: Table | None


def set_key(
    path: Path,
    key_text: str,
    value: str | None = None,
    *,
    own: float | None = None,
    their: float | None = None,
    source: str | None = None,
) -> TableEdit:
    """Set a setting, a rule or a holding's entry in the table file ``path`` (a new file starts
    from ``advisor table init``'s starter). A holding takes ``value`` for both leads, or
    ``own`` and/or ``their`` (the other lead keeps its figure in effect: the file's entry, else
    the entry of the table below, else the entry that prices the holding), and optionally
    ``source``; the entry is written anew (a source it had goes: it spoke of the old value)."""
    key = parse_key(key_text)
    if key.kind is KeyKind.HOLDING:
        if (value is None) == (own is None and their is None):
            raise TableError(
                Phrase(
                    "{key}: a holding takes a value, or its own and/or their percent",
                    key=as_cards(key),
                )
            )
    elif value is None or own is not None or their is not None or source is not None:
        raise TableError(
            Phrase("{key} takes one value (own, their and a source are for holdings)", key=str(key))
        )
    with _editing(path, make_folder=True):
        opened = _open(path)
        if key.kind is KeyKind.HOLDING:
            _set_holding(opened, key, path, value, own, their, source)
        else:
            _made_section(opened.document, key, path)[key.name] = parse_value(value or "")
        return _finish(path, key, opened, removed=False)


def unset_key(path: Path, key_text: str) -> TableEdit:
    """Remove a setting, a rule or a holding's entry (every spelling of it) from ``path``: the
    value below it (the built-in table's) applies again."""
    key = parse_key(key_text)
    if not path.exists():  # (a file made meanwhile is as if made after this unset)
        raise TableError(Phrase("{path}: no such table file", path=path))
    with _editing(path, make_folder=False):
        opened = _open(path)
        if opened.created:
            raise TableError(Phrase("{path}: no such table file", path=path))
        section = _section(opened.document, key, path)
        names = [] if section is None else _names_in(section, key)
        if section is None or not names:
            raise TableError(
                Phrase(
                    "{path}: {key} is not set in this file (nothing to remove)",
                    path=path,
                    key=as_cards(key),
                )
            )
        for name in names:
            del section[name]
        return _finish(path, key, opened, removed=True)


def _open(path: Path) -> _Opened:
    """The file to edit, or the starter for a file not there yet; text that is not TOML gets
    the message ``table check`` gives. A link to nothing yet is written through, as every
    file the advisor writes is (:mod:`advisor.fileio`): its target is made."""
    created = not path.exists()
    text = starter_table_text() if created else read_table_file(path)
    data = parse_toml(text, str(path))
    try:
        document = tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as error:  # what tomllib reads, tomlkit should too
        raise TableError(
            Phrase("{origin}: TOML syntax error: {error}", origin=path, error=str(error))
        ) from None
    try:
        table: Table | None = merge_table(default_table(), text, origin=str(path))
    except TableError:  # the edit may be what makes it a usable table
        table = None
    return _Opened(text, data, document, created, table)


def _section(
    document: tomlkit.TOMLDocument, key: EditKey, path: Path
) -> MutableMapping[str, Any] | None:
    """Where ``key`` lives: the top level, ``[rules]`` or ``[holes]`` (None when missing)."""
    if key.kind is KeyKind.SETTING:
        return document
    name = _SECTIONS[key.kind]
    section = document.get(name)
    if section is not None and not isinstance(section, dict):
        raise not_a_section(str(path), name, section)
    return section


def _made_section(
    document: tomlkit.TOMLDocument, key: EditKey, path: Path
) -> MutableMapping[str, Any]:
    """:func:`_section`, made (at the end of the file) when missing."""
    section = _section(document, key, path)
    if section is None:
        section = tomlkit.table()
        document[_SECTIONS[key.kind]] = section
    return section


def _names_in(section: Mapping[str, Any], key: EditKey) -> list[str]:
    """The names under which ``section`` holds ``key`` (a holding may be spelled several
    ways)."""
    if key.kind is not KeyKind.HOLDING:
        return [key.name] if key.name in section else []
    found = []
    for name in section:
        try:
            if HoldingPattern.parse(name) == key.pattern:
                found.append(name)
        except AdvisorError:
            continue  # a bad key: the check after the edit names it
    return found


def _set_holding(
    opened: _Opened,
    key: EditKey,
    path: Path,
    value: str | None,
    own: float | None,
    their: float | None,
    source: str | None,
) -> None:
    holes = _made_section(opened.document, key, path)
    names = _names_in(holes, key)
    where = names[-1] if names else key.name  # the spelling the table reads last
    if value is not None:
        percent = parse_value(value)
        if isinstance(percent, bool) or not isinstance(percent, (int, float)):
            raise TableError(
                Phrase(
                    "{origin}: {where} = {value} is not a number (percent, 0..100)",
                    origin=path,
                    where=as_cards(f'[holes] "{key.name}"'),
                    value=shown_value(percent),
                )
            )
        fields: dict[str, Any] = {"value": percent}
    else:
        previous = opened.data.get(HOLES, {}).get(where) if names else None
        fields = _lead_fields(previous, own, their)
        for lead in ("own", "their"):
            if lead not in fields:
                fields[lead] = _figure_in_effect(opened.table, key, lead, path)
        fields = {lead: fields[lead] for lead in ("own", "their")}
    if source is not None:
        fields["source"] = source
    fields = {name: _whole(found) for name, found in fields.items()}
    item: Any = fields["value"] if list(fields) == ["value"] else tomlkit.inline_table()
    if not isinstance(item, (int, float)):
        item.update(fields)
    if names:
        holes[where] = item
    else:  # a new key, quoted as "7 10" must be (tomlkit's tables take a key object)
        cast(Any, holes)[SingleKey(where, t=KeyType.Basic)] = item


def _whole(value: Any) -> Any:
    """82.0 -> 82: whole percents are written as integers."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _lead_fields(previous: Any, own: float | None, their: float | None) -> dict[str, Any]:
    """``own`` and ``their``, the one not given taken from the file's entry when it has it."""
    if isinstance(previous, dict):
        before = {lead: previous.get(lead, previous.get("value")) for lead in ("own", "their")}
    else:
        before = {"own": previous, "their": previous}
    fields = {}
    for lead, given in (("own", own), ("their", their)):
        found = given if given is not None else before[lead]
        if found is not None:
            fields[lead] = found
    return fields


def _figure_in_effect(table: Table | None, key: EditKey, lead: str, path: Path) -> float:
    """The percent of ``key``'s holding on ``lead`` (``own``, ``their``) that an edit of the
    other lead keeps: its entry's, else the one figure the entries that price its holdings
    give; a :class:`TableError` when there is none."""
    assert key.pattern is not None
    figures: set[float] = set()
    if table is not None:
        own_entry = table.entries.get(key.name)
        found = (
            [own_entry]
            if own_entry is not None
            else [table.lookup.get(holding.mask) for holding in key.pattern.holdings()]
        )
        figures = {getattr(entry, lead) for entry in found if entry is not None}
        if None in found:
            figures = set()
    if len(figures) == 1:
        return figures.pop()
    where = as_cards(f'[holes] "{key.name}"')
    if lead == "own":
        message = N_(
            "{origin}: {where}: give its own percent too: the table has no single figure for it "
            "on your own lead"
        )
    else:
        message = N_(
            "{origin}: {where}: give their percent too: the table has no single figure for it on "
            "their lead"
        )
    raise TableError(Phrase(message, origin=path, where=where))


def _finish(path: Path, key: EditKey, opened: _Opened, removed: bool) -> TableEdit:
    """Check the edited text as ``table check`` does, write it (with the file's own line
    endings), say what changed."""
    text = tomlkit.dumps(opened.document).replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    after = merge_table(default_table(), text, origin=str(path))
    before = (
        InEffect(None, None)
        if opened.table is None
        else in_effect(opened.text, path, key, opened.table)
    )
    _require_writable(path)
    write_atomic(path, text.replace("\n", _line_ending(opened.text)))
    return TableEdit(path, key, before, in_effect(text, path, key, after), opened.created, removed)


def _line_ending(text: str) -> str:
    """``\r\n`` for a file whose first line ends so, else ``\n``."""
    first, newline, _rest = text.partition("\n")
    return "\r\n" if newline and first.endswith("\r") else "\n"


def _require_writable(path: Path) -> None:
    """A read-only file is refused even where its directory would let it be replaced."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputError(
            Phrase("{path}: cannot be written ({reason})", path=path, reason=os_reason(error))
        ) from None
    if stat.S_ISREG(mode) and (not mode & 0o222 or not os.access(path, os.W_OK)):
        raise OutputError(
            Phrase(
                "{path}: cannot be written ({reason})",
                path=path,
                reason=Phrase(N_("the file is read-only")),
            )
        )


def in_effect(text: str, path: Path, key: EditKey, table: Table | None = None) -> InEffect:
    """``key`` in effect with the table file ``text`` at ``path`` (``table``: the text already
    merged over the built-in table)."""
    if table is None:
        try:
            table = merge_table(default_table(), text, origin=str(path))
        except TableError:
            return InEffect(None, None)
    if key.kind is KeyKind.HOLDING:
        entry = table.entries.get(key.name)
        if entry is None:
            return InEffect(None, BUILT_IN)
        return InEffect((entry.own, entry.their), entry.origin)
    if key.kind is KeyKind.RULE:
        return InEffect(table.rule(key.name), table.origin_of_rule(key.name))
    if key.kind is KeyKind.CONVENTION:
        value = table.convention.to_dict()[key.name]
        return InEffect(value, table.convention_origins.get(key.name, BUILT_IN))
    if key.name == INHERIT:
        inherit = tomllib.loads(text).get(INHERIT)
        return InEffect(True, BUILT_IN) if inherit is None else InEffect(inherit, str(path))
    return InEffect(table.setting(key.name), table.origin_of_setting(key.name))
