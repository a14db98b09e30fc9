"""The ``advisor`` command line: a thin shell over the library.

Each command lives in its own module and is imported only when it runs, so a one-shot
``advisor check`` loads nothing it does not need. Every command runs under the one error
handler of :mod:`advisor.cli.guard`, which turns whatever ends it into a documented exit code
and at most one line on standard error, and in the language chosen by ``--lang``,
``$ADVISOR_LANG`` or the locale (:func:`advisor.language.choose`).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from advisor import i18n
from advisor.cli import guard
from advisor.cli.help import Group
from advisor.i18n import N_, _
from advisor.language import choose

# command name -> "module:attribute"
COMMANDS = {
    "allpass": "advisor.cli.allpass:allpass",
    "batch": "advisor.cli.batch:batch",
    "bid": "advisor.cli.bid:bid",
    "check": "advisor.cli.check:check",
    "declare": "advisor.cli.declare:declare",
    "discard": "advisor.cli.discard:discard",
    "lead": "advisor.cli.lead:lead",
    "solve": "advisor.cli.solve:solve",
    "table": "advisor.cli.table:table",
    "whist": "advisor.cli.whist:whist",
}


class LazyGroup(Group):
    """A group that imports a command's module only when that command is used, and runs it
    under the one error handler (:func:`advisor.cli.guard.run`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return command

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> NoReturn:
        """Parse and run, always ending in :func:`sys.exit` with a code of the table."""
        arguments = list(sys.argv[1:] if args is None else args)

        def command() -> int:
            i18n.use(choose(_language_given(arguments), os.environ))
            with self.make_context(prog_name or "advisor", arguments, **extra) as ctx:
                self.invoke(ctx)
            return guard.ExitCode.SUCCESS

        with i18n.speaking("en"):  # and back to what it was (for callers in the same process)
            guard.run(command)
        raise AssertionError("unreachable: guard.run exits")  # pragma: no cover


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which compiled parts were built."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    from advisor.build import PURE_PYTHON_ENV, compiled_parts, switched_off

    parts = ", ".join(
        _("{part} present", part=_(name)) if built else _("{part} missing", part=_(name))
        for name, built in compiled_parts().items()
    )
    if switched_off():
        parts = _("all switched off ({variable} is set)", variable=PURE_PYTHON_ENV)
    click.echo(_("advisor, version {version}", version=version("misere-advisor")))
    click.echo(_("compiled parts: {parts}", parts=parts))
    ctx.exit()


def _language_given(arguments: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the group's own options (before the command's name), read
    before click parses: ``--help --lang ru`` is Russian too (click runs ``--help`` as soon as it
    meets it), and ``--lang fr --help`` is an error, not English help."""
    words = iter(arguments)
    for word in words:
        if word == "--lang":
            return next(words, None)
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if not word.startswith("-"):  # the command's name: its options are its own
            return None
    return None


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        "Preferans bidding advisor: read a hand and say what to bid (misère, a game or pass), "
        "why, and what it is worth; all-pass and whist too."
    ),
    epilog=guard.EXIT_CODE_TABLE,
    examples=['advisor check "7S 8S 10S 7C 9C JC 7D 8D 7H 9H" --lead me'],
)
@click.option(
    "--lang",
    type=click.Choice(i18n.LANGUAGES, case_sensitive=False),
    expose_value=False,
    help=N_(
        "The language of what is shown: en or ru (default: $ADVISOR_LANG, then the locale, "
        "then en). JSON and CSV are the same in every language."
    ),
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help=N_("Show the version and the compiled parts present, and exit."),
)
def main() -> None:
    """The group: its commands are in :data:`COMMANDS`."""
