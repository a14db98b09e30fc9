"""Text output of ``advisor table set``, ``unset`` and ``diff``."""

from __future__ import annotations

import click
from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import console, percent, plain
from advisor.cli.render_table import origin_words
from advisor.i18n import N_, _, number, shown_cards
from advisor.jsonout import json_text
from advisor.table import SettingValue
from advisor.table_diff import Pricing, TableDiff
from advisor.table_edit import EditKey, InEffect, KeyKind, TableEdit
from advisor.text import shown


def render_edit(edit: TableEdit) -> None:
    """``my.toml: "7 Q" 95 (built-in) → 82 (my.toml)``, after a line for a new file."""
    path, key = shown(str(edit.path)), shown_cards(shown(str(edit.key)))
    before, after = _in_effect(edit.key, edit.before), _in_effect(edit.key, edit.after)
    if edit.created:
        click.echo(_("Created {path} from the starter table", path=path))
    template = (
        N_("{path}: removed {key} {before} → {after}")
        if edit.removed
        else N_("{path}: {key} {before} → {after}")
    )
    click.echo(_(template, path=path, key=key, before=before, after=after))


def _in_effect(key: EditKey, found: InEffect) -> str:
    """``95 (built-in)``, ``own 5, their 30 (my.toml)``, ``off (built-in)``, ``no entry``."""
    if found.origin is None:
        return _("unknown (the file was not a usable table)")
    origin = origin_words(found.origin)
    if key.kind is not KeyKind.HOLDING:
        return _("{value} ({origin})", value=_value(found.value), origin=origin)
    if found.value is None:
        return _("no entry")
    own, their = found.value
    if own == their:
        return _("{value} ({origin})", value=number(own, "g"), origin=origin)
    return _(
        "own {own}, their {their} ({origin})",
        own=number(own, "g"),
        their=number(their, "g"),
        origin=origin,
    )


def _value(value: SettingValue) -> str:
    """A setting's or a rule's value as the table file writes it (numbers the language's way);
    ``off`` for none."""
    if value is None:
        return _("off")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return number(value, "g")
    return shown(str(value))


def render_diff(diff: TableDiff, as_json: bool) -> None:
    if as_json:
        click.echo(json_text(diff.to_dict(), indent=2))
        return
    out = console()
    out.print(Text.assemble(("A  ", "bold"), plain(diff.a)))
    out.print(Text.assemble(("B  ", "bold"), plain(diff.b)))
    if diff.same:
        out.print(_("No setting and no holding differs."))
        return
    if diff.settings:
        out.print(_settings(diff, out.width))
    if diff.holdings:
        out.print(_holdings(diff, out.width))
        out.print(_("(percent for both leads, or own / their)"))


def _columns(first: str) -> tuple[Column, ...]:
    """``first``, then A's value, where it comes from, B's, where it comes from."""
    return (Column(first), Column("A"), Column(_("From"), wrap=True),
            Column("B"), Column(_("From"), wrap=True))  # fmt: skip


def _settings(diff: TableDiff, width: int) -> Text:
    rows = [
        (row.name, plain(_value(row.a)), plain(origin_words(row.a_origin)),
         plain(_value(row.b)), plain(origin_words(row.b_origin)))
        for row in diff.settings
    ]  # fmt: skip
    return Grid.of(_columns(_("Setting")), rows, width).text(rows)


def _holdings(diff: TableDiff, width: int) -> Text:
    rows = [
        (shown_cards(row.key), _percents(row.a), plain(row.a.source.text()),
         _percents(row.b), plain(row.b.source.text()))
        for row in diff.holdings
    ]  # fmt: skip
    return Grid.of(_columns(_("Holding")), rows, width).text(rows)


def _percents(pricing: Pricing) -> str:
    if pricing.own == pricing.their:
        return percent(pricing.own)
    return f"{number(pricing.own, 'g')} / {percent(pricing.their)}"
