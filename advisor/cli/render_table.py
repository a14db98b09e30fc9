"""Text output of ``advisor table show``."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text

from advisor.cli.render import console, percent, plain
from advisor.i18n import _, shown_cards
from advisor.table import BUILT_IN, RULE_DEFAULTS, SETTING_DEFAULTS, BuiltIn, Table
from advisor.text import shown


def render_table(table: Table) -> None:
    out = console()
    if table.built_in is BuiltIn.EXACT:
        out.print(
            Text.assemble((_("Table"), "bold"), "  ", _("exact (built-in: exact play's figures)"))
        )
    else:
        files = ", ".join(table.files) if table.files else _("none (built-in table only)")
        out.print(Text.assemble((_("User file"), "bold"), "  ", plain(files)))
    out.print(_settings(table))
    out.print(_holes(table))


def _settings(table: Table) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, header_style="bold")
    shown.add_column(_("Setting"))
    shown.add_column(_("Value"))
    shown.add_column(_("From"))
    for name in SETTING_DEFAULTS:
        value = table.setting(name)
        shown_value = _("off") if value is None else str(value)
        shown.add_row(name, plain(shown_value), plain(origin_words(table.origin_of_setting(name))))
    for name in RULE_DEFAULTS:
        value = "true" if table.rule(name) else "false"
        shown.add_row(f"rules.{name}", value, plain(origin_words(table.origin_of_rule(name))))
    return shown


def _holes(table: Table) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, header_style="bold")
    shown.add_column(_("Holding"))
    shown.add_column(_("Own"), justify="right")
    shown.add_column(_("Their"), justify="right")
    shown.add_column(_("From"))
    shown.add_column(_("Source"), overflow="fold")
    for key, entry in table.entries.items():
        source = _source(entry.source, entry.origin)
        shown.add_row(
            shown_cards(key),
            percent(entry.own),
            percent(entry.their),
            plain(origin_words(entry.origin)),
            plain(source),
        )
    return shown


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
    from advisor.calibrate import source_phrase

    found = source_phrase(source)
    return source if found is None else found.text()
