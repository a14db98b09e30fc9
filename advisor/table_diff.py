"""What differs between two tables (``advisor table diff``): settings, rules, the scoring
convention, and the value each table gives the holdings either one lists, with where each
value came from.

Holdings are compared by what the table makes of them (the judge's facts,
:meth:`advisor.rules.Judge.facts`, for both leads), not by key: ``"7 8|9 Q" = 20`` in one table
and ``"7 8 Q" = 20`` in the other price ``7 8 Q`` alike, while a key that only one table lists
differs from whatever the other makes of it (clean, compared with a longer entry, or unlisted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.holdings import Holding
from advisor.i18n import Phrase, as_cards
from advisor.rules import Basis, SuitJudgement, judge
from advisor.seats import Lead
from advisor.table import BUILT_IN, RULE_DEFAULTS, SETTING_DEFAULTS, SettingValue, Table

LEADS = (Lead.ME, Lead.THEM)


@dataclass(frozen=True)
class SettingDifference:
    """A setting or rule (``rules.no_seven``) with each table's value and origin."""

    name: str
    a: SettingValue
    a_origin: str
    b: SettingValue
    b_origin: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "a": {"value": self.a, "origin": self.a_origin},
            "b": {"value": self.b, "origin": self.b_origin},
        }


@dataclass(frozen=True)
class Pricing:
    """What one table makes of a holding: its percent for each lead, and where they came
    from (``table "7 Q" (my.toml)``, ``clean``, ``not in the table``...)."""

    own: float
    their: float
    source: Phrase

    @classmethod
    def of(cls, holding: Holding, table: Table) -> Pricing:
        own, their = (judge(table, lead).facts(holding.mask).judgement for lead in LEADS)
        sources = dict.fromkeys(where_from(judged) for judged in (own, their))
        if len(sources) == 1:
            source = next(iter(sources))
        else:
            source = Phrase(
                "own: {own}; their: {their}", own=where_from(own), their=where_from(their)
            )
        return cls(own.percent, their.percent, source)

    @property
    def values(self) -> tuple[float, float]:
        return self.own, self.their

    def to_dict(self) -> dict[str, Any]:
        return {"own": self.own, "their": self.their, "source": str(self.source)}


def where_from(judged: SuitJudgement) -> Phrase:
    """Where a judgement's value came from: ``"7 Q" my.toml`` (the entry and its file),
    ``at most "7 8 10 A" built-in``, ``clean``, ``not in the table``."""
    entry = judged.entry
    if entry is not None and judged.basis is Basis.TABLE:
        return Phrase(
            '"{key}" {origin}', key=as_cards(entry.key), origin=origin_words(entry.origin)
        )
    if entry is not None and judged.basis is Basis.COMPARED:
        return Phrase(
            'at most "{holding}" {origin}',
            holding=as_cards(judged.compared_with),
            origin=origin_words(entry.origin),
        )
    return judged.source


def origin_words(origin: str) -> Phrase | str:
    """An entry's or a setting's origin for people: the built-in table in words, a file (or
    the exact table) by its name."""
    return Phrase("built-in") if origin == BUILT_IN else origin


@dataclass(frozen=True)
class HoldingDifference:
    """A key (an entry's, or one holding's) whose holdings both tables price alike within
    each table, but differently between them."""

    key: str
    a: Pricing
    b: Pricing

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "a": self.a.to_dict(), "b": self.b.to_dict()}


@dataclass(frozen=True)
class TableDiff:
    """Every difference between tables ``a`` and ``b``."""

    a: str
    b: str
    settings: tuple[SettingDifference, ...]
    holdings: tuple[HoldingDifference, ...]

    @property
    def same(self) -> bool:
        return not self.settings and not self.holdings

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "same": self.same,
            "settings": [found.to_dict() for found in self.settings],
            "holdings": [found.to_dict() for found in self.holdings],
        }


def diff_tables(a: Table, b: Table) -> TableDiff:
    """The settings, rules and holdings whose values differ between ``a`` and ``b``."""
    return TableDiff(a.name, b.name, _settings(a, b), _holdings(a, b))


def _settings(a: Table, b: Table) -> tuple[SettingDifference, ...]:
    found = [
        SettingDifference(name, x, a.origin_of_setting(name), y, b.origin_of_setting(name))
        for name in SETTING_DEFAULTS
        if (x := a.setting(name)) != (y := b.setting(name))
    ]
    found += [
        SettingDifference(f"rules.{name}", x, a.origin_of_rule(name), y, b.origin_of_rule(name))
        for name in RULE_DEFAULTS
        if (x := a.rule(name)) != (y := b.rule(name))
    ]
    found += _convention(a, b)
    return tuple(found)


def _convention(a: Table, b: Table) -> list[SettingDifference]:
    """The ``[convention]`` settings that differ (the players are the table's own setting,
    compared above): two tables that score games differently are not the same."""
    from advisor.convention import TABLE_KEYS

    ours, theirs = a.convention.to_dict(), b.convention.to_dict()
    return [
        SettingDifference(
            f"convention.{name}", ours[name], a.convention_origins.get(name, BUILT_IN),
            theirs[name], b.convention_origins.get(name, BUILT_IN),
        )
        for name in TABLE_KEYS
        if ours[name] != theirs[name]
    ]  # fmt: skip


def _holdings(a: Table, b: Table) -> tuple[HoldingDifference, ...]:
    """Each key of ``a``, then of ``b``, whose holdings differ: one row when they all differ
    alike, else one row per differing holding; every holding once."""
    keys = dict.fromkeys([*a.entries.values(), *b.entries.values()])
    shown: set[Holding] = set()
    found = []
    for entry in keys:
        priced = {}
        for holding in entry.pattern.holdings():
            if holding not in shown:
                pair = (Pricing.of(holding, a), Pricing.of(holding, b))
                if pair[0].values != pair[1].values:
                    priced[holding] = pair
        if not priced:
            continue
        shown.update(priced)
        every = len(priced) == len(entry.pattern.holdings())
        if every and len(set(priced.values())) == 1:
            first_a, first_b = next(iter(priced.values()))
            found.append(HoldingDifference(entry.key, first_a, first_b))
        else:
            found += [HoldingDifference(str(h), x, y) for h, (x, y) in priced.items()]
    return tuple(found)
