"""The ``advisor`` command line: a thin shell over the library.

Each command lives in its own module and is imported only when it runs, so a one-shot
``advisor check`` loads nothing it does not need. Every :class:`~advisor.errors.AdvisorError`
a command lets through becomes one line on standard error and exit code 2.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from advisor.errors import AdvisorError

# command name -> "module:attribute"
COMMANDS = {
    "allpass": "advisor.cli.allpass:allpass",
    "batch": "advisor.cli.batch:batch",
    "check": "advisor.cli.check:check",
    "discard": "advisor.cli.discard:discard",
    "solve": "advisor.cli.solve:solve",
    "table": "advisor.cli.table:table",
}

EXIT_BAD_INPUT = 2


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except AdvisorError as error:
            click.echo(f"Error: {error}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="misere-advisor")
def main() -> None:
    """Preferans misère advisor: read a hand, find its holes, say declare or pass.

    \b
    Example:
      advisor check "7S 8S 10S 7C 9C JC 7D 8D 7H 9H" --lead me
    """
