"""``advisor table``: show, start, check, edit, compare and calibrate the probability table."""

from __future__ import annotations

from pathlib import Path

import click

from advisor.cli.help import Group
from advisor.cli.options import (
    config_dir,
    effective_table,
    json_option,
    named_file,
    table_option,
)
from advisor.cli.table_tools import calibrate, compare, diff, set_key, unset
from advisor.i18n import N_, _, ngettext
from advisor.jsonout import json_text
from advisor.table import CONFIG_FILE_NAME, load_table
from advisor.text import shown


@click.group(
    cls=Group,
    help=N_("Show, start, check, edit, compare and calibrate the probability table of holes."),
    examples=("advisor table show --table my-table.toml",),
)
def table() -> None:
    """The group of table commands (its help is the ``help`` above, translated)."""


@table.command(
    help=N_("Print the effective table and where each value came from."),
    examples=("ADVISOR_TABLE=my-table.toml advisor table show",),
)
@table_option
@json_option
def show(table_path: str | None, as_json: bool) -> None:
    effective = effective_table(table_path)
    if as_json:
        click.echo(json_text(effective.to_dict(), indent=2))
        return
    from advisor.cli.render_table import render_table

    render_table(effective)


@table.command(
    help=N_(
        "Write a commented starter table to PATH (default: the config directory's table.toml)."
    ),
    examples=("advisor table init my-table.toml",),
)
@click.argument("path", required=False, type=click.Path(dir_okay=False), callback=named_file)
@click.option("--force", is_flag=True, help=N_("Overwrite an existing file."))
def init(path: str | None, force: bool) -> None:
    from advisor.table_edit import write_starter_table

    target = Path(path) if path else Path(config_dir()) / CONFIG_FILE_NAME
    written = write_starter_table(target, force=force)
    click.echo(_("wrote {path}", path=shown(str(written))))


@table.command(
    name="check",
    help=N_("Validate the table file PATH: exit 0 if it is usable, 2 with the problem if not."),
    examples=("advisor table check my-table.toml",),
)
@click.argument("path", type=click.Path(dir_okay=False))
def check_table(path: str) -> None:
    loaded = load_table(path)
    own = [key for key, entry in loaded.entries.items() if entry.origin == path]
    settings = [name for name in loaded.settings if loaded.origin_of_setting(name) == path]
    given = {"preset", *loaded.convention.overridden}  # not the values a preset brought along
    settings += [
        name
        for name, origin in loaded.convention_origins.items()
        if origin == path and name in given
    ]
    entries = ngettext("{count} hole entry", "{count} hole entries", len(own))
    changed = ngettext("{count} setting", "{count} settings", len(settings))
    in_effect = ngettext(
        "{count} entry in effect", "{count} entries in effect", len(loaded.entries)
    )
    click.echo(
        _(
            "{path}: ok ({entries}, {settings}; {in_effect})",
            path=shown(path),
            entries=entries,
            settings=changed,
            in_effect=in_effect,
        )
    )


for _tuning in (set_key, unset, diff, compare, calibrate):  # in advisor/cli/table_tools.py
    table.add_command(_tuning)
