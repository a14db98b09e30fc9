"""Text output of ``advisor table show``."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Cell, Column, Grid
from advisor.cli.render import console, fields, percent, plain
from advisor.convention import TABLE_KEYS
from advisor.i18n import _, shown_cards
from advisor.table import (
    BUILT_IN,
    CONVENTION,
    RULE_DEFAULTS,
    SETTING_DEFAULTS,
    BuiltIn,
    Table,
)
from advisor.text import shown


def render_table(table: Table) -> None:
    out = console()
    if table.built_in is BuiltIn.EXACT:
        shown_label = fields([(_("Table"), _("exact (built-in: exact play's figures)"))], out.width)
    else:
        files = ", ".join(table.files) if table.files else _("none (built-in table only)")
        shown_label = fields([(_("User file"), plain(files))], out.width)
    out.print(shown_label)
    out.print(_settings(table, out.width))
    out.print(_holes(table, out.width))


def _settings(table: Table, width: int) -> Text:
    columns = (Column(_("Setting")), Column(_("Value"), wrap=True), Column(_("From"), wrap=True))
    rows: list[tuple[Cell, ...]] = []
    for name in SETTING_DEFAULTS:
        value = table.setting(name)
        shown_value = _("off") if value is None else str(value)
        rows.append((name, plain(shown_value), plain(origin_words(table.origin_of_setting(name)))))
    for name in RULE_DEFAULTS:
        value = "true" if table.rule(name) else "false"
        rows.append((f"rules.{name}", value, plain(origin_words(table.origin_of_rule(name)))))
    convention = table.convention.to_dict()
    for name in TABLE_KEYS:
        origin = origin_words(table.convention_origins.get(name, BUILT_IN))
        rows.append((f"{CONVENTION}.{name}", str(convention[name]), plain(origin)))
    return Grid.of(columns, rows, width).text(rows)


def _holes(table: Table, width: int) -> Text:
    columns = (
        Column(_("Holding")),
        Column(_("Own"), right=True),
        Column(_("Their"), right=True),
        Column(_("From"), wrap=True),
        Column(_("Source"), wrap=True),
    )
    rows = [
        (
            shown_cards(key),
            percent(entry.own),
            percent(entry.their),
            plain(origin_words(entry.origin)),
            plain(_source(entry.source, entry.origin)),
        )
        for key, entry in table.entries.items()
    ]
    return Grid.of(columns, rows, width).text(rows)


def origin_words(origin: str) -> str:
    """Where a value came from: the built-in table (in words) or a file name (escaped)."""
    return _("built-in") if origin == BUILT_IN else shown(origin)


def _source(source: str, origin: str) -> str:
    """An entry's source in the language spoken: the founding notes' words from the catalogue,
    the conditions ``table calibrate`` writes (the exact table's) read back; else as written."""
    if not source:
        return source
    if origin == BUILT_IN:
        return _(source)
    from advisor.calibrate_file import source_phrase

    found = source_phrase(source)
    return source if found is None else found.text()
