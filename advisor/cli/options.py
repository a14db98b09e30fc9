"""Options shared by several commands, defined once."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from advisor.table import Table, load_table, resolve_table_path

F = TypeVar("F", bound=Callable[..., Any])

APP_NAME = "advisor"


def table_option(function: F) -> F:
    return click.option(
        "--table",
        "table_path",
        metavar="FILE",
        help="A TOML table merged over the built-in one "
        "(default: $ADVISOR_TABLE, then table.toml in the config directory).",
    )(function)


def json_option(function: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(
        function
    )


def lead_option(*choices: str, default: str) -> Callable[[F], F]:
    """``--lead``: who leads the first trick (``me`` = the misère player)."""
    return click.option(
        "--lead",
        type=click.Choice(choices, case_sensitive=False),
        default=default,
        show_default=True,
        help="Who has the first lead: me (the misère player) or the catchers.",
    )


def effective_table(table_path: str | None) -> Table:
    """The table a command works with: the built-in one, with the user's file merged over."""
    path = resolve_table_path(table_path, os.environ, click.get_app_dir(APP_NAME))
    return load_table(path)
