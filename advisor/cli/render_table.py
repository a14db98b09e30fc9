"""Text output of ``advisor table show``."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text

from advisor.cli.render import console, percent, plain
from advisor.table import RULE_DEFAULTS, SETTING_DEFAULTS, BuiltIn, Table


def render_table(table: Table) -> None:
    out = console()
    if table.built_in is BuiltIn.EXACT:
        out.print(Text.assemble(("Table", "bold"), "  exact (built-in: exact play's figures)"))
    else:
        files = ", ".join(table.files) if table.files else "none (built-in table only)"
        out.print(Text.assemble(("User file", "bold"), "  ", plain(files)))
    out.print(_settings(table))
    out.print(_holes(table))


def _settings(table: Table) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, header_style="bold")
    shown.add_column("Setting")
    shown.add_column("Value")
    shown.add_column("From")
    for name in SETTING_DEFAULTS:
        value = table.setting(name)
        shown_value = "off" if value is None else str(value)
        shown.add_row(name, plain(shown_value), plain(table.origin_of_setting(name)))
    for name in RULE_DEFAULTS:
        value = "true" if table.rule(name) else "false"
        shown.add_row(f"rules.{name}", value, plain(table.origin_of_rule(name)))
    return shown


def _holes(table: Table) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, header_style="bold")
    shown.add_column("Holding")
    shown.add_column("Own", justify="right")
    shown.add_column("Their", justify="right")
    shown.add_column("From")
    shown.add_column("Source", overflow="fold")
    for key, entry in table.entries.items():
        shown.add_row(
            key, percent(entry.own), percent(entry.their), plain(entry.origin), plain(entry.source)
        )
    return shown
