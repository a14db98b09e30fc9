"""The probability table: catch chances of holdings, the settings, and where each came from.

The built-in table (``advisor/data/default_table.toml``) encodes the founding notes. A user's
TOML file is merged over it key by key (``inherit = false`` starts from an empty table); the
file comes from ``--table``, else ``$ADVISOR_TABLE``, else ``table.toml`` in the user's config
directory (see :func:`resolve_table_path`). Instead of a file, ``--table`` and
``$ADVISOR_TABLE`` may name a built-in table (:class:`BuiltIn`): ``founding``, the default, or
``exact``, exact play's figures (``advisor/data/exact_table.toml``, made by ``advisor table
calibrate``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from advisor.errors import AdvisorError, ConventionError, LimitError, TableError
from advisor.holdings import Holding, HoldingPattern
from advisor.i18n import N_, Phrase
from advisor.limits import MAX_REPEAT
from advisor.seats import Lead
from advisor.table_file import (
    PASS_FROM_ALLPASS,
    check_setting,
    config_file_there,
    is_player_count,
    parse_toml,
    percent_value,
    read_table_file,
    section,
    shown_value,
)
from advisor.words import Word

if TYPE_CHECKING:
    from advisor.convention import Convention

DEFAULT_TABLE_PATH = Path(__file__).parent / "data" / "default_table.toml"
EXACT_TABLE_PATH = Path(__file__).parent / "data" / "exact_table.toml"
BUILT_IN = "built-in"
TABLE_ENV = "ADVISOR_TABLE"
CONFIG_FILE_NAME = "table.toml"


class Combine(Word):
    """How the holes' catch chances add up to the hand's."""

    SUM = "sum"
    """Added, as the founding notes do."""
    INDEPENDENT = "independent"
    """As independent chances: 1 - (1 - p)(1 - q)..."""
    MAX = "max"
    """The largest alone."""

    @property
    def phrase(self) -> Phrase:
        """The word for people: ``sum``, ``independent``, ``max``."""
        return _COMBINE_WORDS[self]


_COMBINE_WORDS = {
    Combine.SUM: Phrase("sum"),
    Combine.INDEPENDENT: Phrase("independent"),
    Combine.MAX: Phrase("max"),
}


class TalonCard(Word):
    """All-pass: what the turned-up talon card of tricks 1 and 2 does."""

    SUIT = "suit"
    """It only names the suit: the highest card of that suit played by a player wins."""
    DEALER = "dealer"
    """It counts as the dealer's card: when no player beats it, the dealer takes the trick."""


class Progression(Word):
    """All-pass: how the price of a trick grows over repeated all-passes in a row."""

    NONE = "none"
    """The same price every time."""
    ARITHMETIC = "arithmetic"
    """1, 2, 3, ... times the price."""
    GEOMETRIC = "geometric"
    """1, 2, 4, ... times the price."""

    def factor(self, repeat: int) -> int:
        """The multiplier of the price for the ``repeat``-th all-pass in a row (1 = the first)."""
        if repeat < 1:
            raise AdvisorError(
                Phrase("the all-pass in a row must be counted from 1, not {repeat}", repeat=repeat)
            )
        if repeat > MAX_REPEAT:
            raise LimitError(
                Phrase(
                    "at most {limit} all-passes in a row are counted, not {repeat:,}",
                    limit=MAX_REPEAT,
                    repeat=repeat,
                )
            )
        if self is Progression.ARITHMETIC:
            return repeat
        if self is Progression.GEOMETRIC:
            return 1 << (repeat - 1)
        return 1


class BuiltIn(Word):
    """The built-in tables a ``--table`` option or ``$ADVISOR_TABLE`` may name instead of a
    file (``./exact`` names a file called ``exact``)."""

    FOUNDING = "founding"
    """The founding notes' table: the default."""
    EXACT = "exact"
    """Exact play's figures for the founding table's holdings, with the founding settings."""


TableReference = Path | BuiltIn
"""A table file, or a built-in table."""


def table_reference(text: str) -> TableReference:
    """What a ``--table`` option or ``$ADVISOR_TABLE`` names: a built-in table or a file."""
    if not text:
        raise TableError(Phrase("the table file name is empty"))
    return BuiltIn(text) if text in BuiltIn.__members__.values() else Path(text)


class TableEntry(NamedTuple):
    """One ``[holes]`` entry: the catch chance of a holding pattern for each lead."""

    pattern: HoldingPattern
    own: float
    their: float
    source: str = ""
    origin: str = BUILT_IN

    def percent(self, lead: Lead) -> float:
        return self.own if lead.own else self.their

    @property
    def key(self) -> str:
        return str(self.pattern)


SettingValue = bool | int | float | str | None
"""A setting's value as the TOML file gives it (checked by name when it is read)."""


class Setting(NamedTuple):
    value: SettingValue
    origin: str = BUILT_IN


SETTING_DEFAULTS: dict[str, SettingValue] = {
    "threshold": 80,
    "max_holes": 2,
    "combine": Combine.SUM.value,
    "unlisted": 100,
    "pass_score": 0,
    "exact_threshold": None,  # off unless a table sets it (false or "off" switch it off again)
    "players": 3,
    "talon_card": TalonCard.SUIT.value,
    "allpass_penalty": 1,
    "allpass_progression": Progression.NONE.value,
}
RULE_DEFAULTS: dict[str, bool] = {"no_seven": True, "lone_low_own_lead": True}


class Table:
    """The effective table: entries by normalised key, settings, and each one's origin.

    Treat it as immutable; it compares and hashes by identity (it is a cache key).
    """

    def __init__(
        self,
        entries: Mapping[str, TableEntry],
        settings: Mapping[str, Setting] | None = None,
        rules: Mapping[str, Setting] | None = None,
        files: tuple[str, ...] = (),
        convention: Convention | None = None,
        convention_origins: Mapping[str, str] | None = None,
    ) -> None:
        self.entries = dict(entries)
        self.settings = dict(settings or {})
        self.rules = dict(rules or {})
        self.files = files
        self._convention = convention
        """The ``[convention]`` sections' convention; None: the built-in one, made when first
        asked for (games' scoring stays unloaded on ``advisor check``'s path: its start-up)."""
        self.convention_origins = dict(convention_origins or {})
        """Where each ``[convention]`` setting given came from (a missing one: built-in)."""

    @property
    def name(self) -> str:
        """How commands name the table: its files (or the built-in table it is), else
        ``founding``."""
        return ", ".join(self.files) if self.files else BuiltIn.FOUNDING.value

    @property
    def built_in(self) -> BuiltIn | None:
        """The built-in table this is, as shipped (None for one with a user's file)."""
        if not self.files:
            return BuiltIn.FOUNDING
        return BuiltIn.EXACT if self.files == (BuiltIn.EXACT.value,) else None

    def setting(self, name: str) -> SettingValue:
        """The value of the setting ``name`` (of :data:`SETTING_DEFAULTS`), as the table gives
        it; the properties below give each one typed."""
        found = self.settings.get(name)
        return found.value if found is not None else SETTING_DEFAULTS[name]

    def _number(self, name: str) -> float:
        value = self.setting(name)
        assert isinstance(value, (int, float)), f"{name} is checked to be a number"
        return value

    def _text(self, name: str) -> str:
        value = self.setting(name)
        assert isinstance(value, str), f"{name} is checked to be text"
        return value

    def rule(self, name: str) -> bool:
        found = self.rules.get(name)
        return bool(found.value) if found is not None else RULE_DEFAULTS[name]

    @property
    def threshold(self) -> float:
        return float(self._number("threshold"))

    @property
    def max_holes(self) -> int:
        return int(self._number("max_holes"))

    @property
    def combine(self) -> Combine:
        return Combine(self._text("combine"))

    @property
    def unlisted(self) -> float:
        return float(self._number("unlisted"))

    @property
    def pass_score(self) -> float | None:
        """What passing is worth, in the misère's points: ``check --exact`` declares when the
        misère's expected score is above it. None for ``"allpass"``: then it is minus what the
        hand can expect to pay if everyone passes (:attr:`pass_from_allpass`)."""
        return None if self.pass_from_allpass else float(self._number("pass_score"))

    @property
    def pass_from_allpass(self) -> bool:
        """Whether ``pass_score = "allpass"``: passing costs what an all-pass would."""
        return self.setting("pass_score") == PASS_FROM_ALLPASS

    @property
    def exact_threshold(self) -> float | None:
        """An optional extra limit of ``check --exact`` on P(caught), in percent (None: off)."""
        return None if self.setting("exact_threshold") is None else self._number("exact_threshold")

    @property
    def players(self) -> int:
        """3 or 4: in a four-handed game the dealer sits each deal out."""
        return int(self._number("players"))

    @property
    def convention(self) -> Convention:
        """The scoring convention of games: the ``[convention]`` section's preset and
        settings, and the table's own ``players`` (the one home of the number of players:
        all-pass reads it too)."""
        from advisor.convention import Convention

        return (self._convention or Convention())._replace(players=self.players)

    @property
    def talon_card(self) -> TalonCard:
        return TalonCard(self._text("talon_card"))

    @property
    def allpass_penalty(self) -> float:
        """Mountain points a trick costs in all-pass (before the progression)."""
        return float(self._number("allpass_penalty"))

    @property
    def allpass_progression(self) -> Progression:
        return Progression(self._text("allpass_progression"))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``advisor table show --json``: every value and where it came from."""
        from advisor.convention import TABLE_KEYS

        return {
            "files": list(self.files),
            "settings": {
                name: {"value": self.setting(name), "origin": self._origin(self.settings, name)}
                for name in SETTING_DEFAULTS
            },
            "rules": {
                name: {"value": self.rule(name), "origin": self._origin(self.rules, name)}
                for name in RULE_DEFAULTS
            },
            "convention": {
                name: {"value": value, "origin": self.convention_origins.get(name, BUILT_IN)}
                for name, value in self.convention.to_dict().items()
                if name in TABLE_KEYS
            },
            "holes": {
                key: {
                    "own": entry.own,
                    "their": entry.their,
                    "source": entry.source,
                    "origin": entry.origin,
                }
                for key, entry in self.entries.items()
            },
        }

    @staticmethod
    def _origin(found: Mapping[str, Setting], name: str) -> str:
        return found[name].origin if name in found else BUILT_IN

    def origin_of_setting(self, name: str) -> str:
        return self._origin(self.settings, name)

    def origin_of_rule(self, name: str) -> str:
        return self._origin(self.rules, name)

    @cached_property
    def lookup(self) -> dict[int, TableEntry]:
        """Holding mask -> the entry that prices it.

        Where patterns overlap, the narrower one wins (``"7 8 Q"`` over ``"7 8|9 Q"``),
        and at equal width the user's file wins over the built-in table.
        """
        spelled = [(entry, entry.pattern.holdings()) for entry in self.entries.values()]
        ranked = sorted(spelled, key=lambda pair: (-len(pair[1]), pair[0].origin != BUILT_IN))
        found: dict[int, TableEntry] = {}
        for entry, holdings in ranked:
            for holding in holdings:
                found[holding.mask] = entry
        return found

    @cached_property
    def by_length(self) -> dict[int, tuple[Holding, ...]]:
        """The table's holdings grouped by their number of cards."""
        groups: dict[int, list[Holding]] = {}
        for mask in sorted(self.lookup):
            holding = Holding(mask)
            groups.setdefault(len(holding), []).append(holding)
        return {n: tuple(hs) for n, hs in groups.items()}


@functools.cache
def default_table() -> Table:
    """The founding notes' table, as shipped."""
    text = DEFAULT_TABLE_PATH.read_text(encoding="utf-8")
    return merge_table(Table(entries={}), text, origin=BUILT_IN)


@functools.cache
def exact_table() -> Table:
    """Exact play's table, as shipped: the founding settings, and every entry's figure from
    ``advisor table calibrate`` (its header names the command)."""
    text = EXACT_TABLE_PATH.read_text(encoding="utf-8")
    return merge_table(default_table(), text, origin=BuiltIn.EXACT.value)


def load_table(path: str | os.PathLike[str] | None = None) -> Table:
    """The built-in table with the file at ``path`` (if any) merged over it; a
    :class:`BuiltIn` is that built-in table (a plain ``str`` or a ``Path`` is a file)."""
    if path is None or path is BuiltIn.FOUNDING:
        return default_table()
    if path is BuiltIn.EXACT:
        return exact_table()
    text = read_table_file(Path(path))
    return merge_table(default_table(), text, origin=str(path))


def resolve_table_path(
    option: str | None, environ: Mapping[str, str], config_dir: str | os.PathLike[str]
) -> TableReference | None:
    """Which table applies: ``--table``, then ``$ADVISOR_TABLE``, then the config file (the
    first two may name a built-in table)."""
    if option is not None:
        return table_reference(option)
    if environ.get(TABLE_ENV):
        return table_reference(environ[TABLE_ENV])
    candidate = Path(config_dir) / CONFIG_FILE_NAME
    return candidate if config_file_there(candidate) else None


def merge_table(base: Table, text: str, origin: str) -> Table:
    """Merge the TOML ``text`` (named ``origin`` in errors) over ``base``."""
    data = parse_toml(text, origin)
    unknown = set(data) - set(SETTING_DEFAULTS) - {"inherit", "rules", "holes", CONVENTION}
    if unknown:
        name = sorted(unknown)[0]
        known = ", ".join(
            sorted([*SETTING_DEFAULTS, "inherit", "[rules]", "[holes]", f"[{CONVENTION}]"])
        )
        raise TableError(
            Phrase(
                "{origin}: unknown setting '{name}' (known: {known})",
                origin=origin,
                name=name,
                known=known,
            )
        )
    inherit = data.get("inherit", True)
    if not isinstance(inherit, bool):
        raise TableError(
            Phrase(
                "{origin}: 'inherit' must be true or false, not {value}",
                origin=origin,
                value=shown_value(inherit),
            )
        )
    if not inherit:
        base = Table(entries={})
    settings = dict(base.settings)
    for name in SETTING_DEFAULTS:
        if name in data:
            settings[name] = Setting(check_setting(name, data[name], origin, _CHOICES), origin)
    rules = dict(base.rules)
    for name, value in section(data, "rules", origin).items():
        if name not in RULE_DEFAULTS:
            known = ", ".join(RULE_DEFAULTS)
            raise TableError(
                Phrase(
                    "{origin}: [rules] unknown rule '{name}' (known: {known})",
                    origin=origin,
                    name=name,
                    known=known,
                )
            )
        if not isinstance(value, bool):
            raise TableError(
                Phrase(
                    "{origin}: [rules] {name} must be true or false, not {value}",
                    origin=origin,
                    name=name,
                    value=shown_value(value),
                )
            )
        rules[name] = Setting(value, origin)
    entries = dict(base.entries)
    spelled: dict[str, str] = {}  # a holding's key -> how this file spells it
    for raw_key, value in section(data, "holes", origin).items():
        entry = _parse_entry(raw_key, value, origin, entries)
        if entry.key in spelled:
            raise TableError(
                Phrase(
                    '{origin}: [holes] "{first}" and "{second}" are the same holding: keep one',
                    origin=origin,
                    first=spelled[entry.key],
                    second=raw_key,
                )
            )
        spelled[entry.key] = raw_key
        entries[entry.key] = entry
    convention, convention_origins = _merge_convention(base, data, origin)
    files = base.files if origin == BUILT_IN else (*base.files, origin)
    return Table(entries, settings, rules, files, convention, convention_origins)


CONVENTION = "convention"


def _players_in_convention(value: object, origin: str) -> Phrase:
    """The error of ``players`` written in ``[convention]``: where it belongs, and the value
    to write there only when it is one that place accepts (not ``inf``, ``3.0``)."""
    shown = shown_value(value)
    if is_player_count(value):
        template = N_(
            "{origin}: [convention] players = {value}: the number of players is the "
            "table's own setting: write players = {value} above the sections"
        )
    else:
        template = N_(
            "{origin}: [convention] players = {value}: the number of players is the "
            "table's own setting, 3 or 4, written above the sections"
        )
    return Phrase(template, origin=origin, value=shown)


def _merge_convention(
    base: Table, data: Mapping[str, Any], origin: str
) -> tuple[Convention | None, dict[str, str]]:
    """The ``[convention]`` section of a file over the base table's convention, and where
    each of its settings came from (a preset given again resets the others to its own)."""
    found = section(data, CONVENTION, origin)
    if not found:  # the base's, and the convention module stays unloaded
        return base._convention, dict(base.convention_origins)
    from advisor.convention import TABLE_KEYS, Convention

    if "players" in found:
        raise TableError(_players_in_convention(found["players"], origin))
    try:
        convention = Convention.from_mapping(found, origin, base._convention, keys=TABLE_KEYS)
    except ConventionError as error:  # a table's every error is a TableError
        raise TableError(error.phrase) from None
    if "preset" in found:
        origins = {name: origin for name in TABLE_KEYS}
    else:
        origins = {**base.convention_origins, **{name: origin for name in found}}
    return convention, origins


_CHOICES: dict[str, tuple[str, ...]] = {
    "combine": tuple(mode.value for mode in Combine),
    "talon_card": tuple(mode.value for mode in TalonCard),
    "allpass_progression": tuple(mode.value for mode in Progression),
}
"""The settings that take one of a few words, and their words."""


_ENTRY_FIELDS = ("value", "own", "their", "source")


def _parse_entry(
    raw_key: str, value: Any, origin: str, existing: Mapping[str, TableEntry]
) -> TableEntry:
    try:
        pattern = HoldingPattern.parse(raw_key)
    except AdvisorError as error:
        raise TableError(
            Phrase("{origin}: [holes] {error}", origin=origin, error=error.phrase)
        ) from None
    where = f'[holes] "{raw_key}"'
    previous = existing.get(str(pattern))
    if not isinstance(value, dict):
        percent = percent_value(value, where, origin)
        return TableEntry(pattern, percent, percent, "", origin)
    unknown = set(value) - set(_ENTRY_FIELDS)
    if unknown:
        raise TableError(
            Phrase(
                "{origin}: {where}: unknown field '{name}' "
                "(use value, or own and their, and optionally source)",
                origin=origin,
                where=where,
                name=sorted(unknown)[0],
            )
        )
    source = value.get("source", "")
    if not isinstance(source, str):
        raise TableError(
            Phrase(
                "{origin}: {where}: source must be text, not {value}",
                origin=origin,
                where=where,
                value=shown_value(source),
            )
        )
    if "value" in value:
        if "own" in value or "their" in value:
            raise TableError(
                Phrase(
                    "{origin}: {where}: give value, or own and their, not both",
                    origin=origin,
                    where=where,
                )
            )
        percent = percent_value(value["value"], f"{where} value", origin)
        return TableEntry(pattern, percent, percent, source, origin)
    own, their = _lead_values(value, where, origin, previous)
    return TableEntry(pattern, own, their, source, origin)


def _lead_values(
    value: Mapping[str, Any], where: str, origin: str, previous: TableEntry | None
) -> tuple[float, float]:
    found = {}
    for name in ("own", "their"):
        if name in value:
            found[name] = percent_value(value[name], f"{where} {name}", origin)
        elif previous is not None:
            found[name] = getattr(previous, name)
        else:
            raise TableError(
                Phrase(
                    "{origin}: {where}: needs a value for '{name}' (or a plain number)",
                    origin=origin,
                    where=where,
                    name=name,
                )
            )
    return found["own"], found["their"]
