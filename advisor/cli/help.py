"""Help in the language spoken: commands, groups and options whose help is translated when it
is shown, not when the module is imported (the language is chosen after that).

Every command of the advisor is made with :class:`Command` or :class:`Group`: their help, their
options' help and their examples are English ``msgid`` strings of the catalogue, put into the
language spoken for as long as click lays the help out. An option whose help has a number in
it (:class:`Option`) carries the number apart (``help_values``), so that the number is written
the language's way.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import click

from advisor.i18n import N_, _, ngettext


class Option(click.Option):
    """An option whose help is a template filled with ``help_values`` (``{limit:,}``)."""

    def __init__(
        self, *args: Any, help_values: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.help_values = dict(help_values or {})


@contextlib.contextmanager
def _translated(command: click.Command) -> Iterator[None]:
    """The help of ``command`` and of its options in the language spoken, inside the block."""
    texts: list[tuple[Any, str]] = [(command, "help"), (command, "short_help"), (command, "epilog")]
    texts += [(param, "help") for param in command.params if isinstance(param, click.Option)]
    saved = [(owner, name, getattr(owner, name)) for owner, name in texts]
    for owner, name, english in saved:
        if english:
            setattr(owner, name, _(english, **getattr(owner, "help_values", {})))
    try:
        yield
    finally:
        for owner, name, english in saved:
            setattr(owner, name, english)


_HELP_OPTION = N_("Show this message and exit.")
_DASHED_VALUE = re.compile(r"-[\d.]")
"""The start of a word that is a value, never an option: a negative number (``-20``, ``-.5``)
or a hand in the dotted notation with a void in spades (``-.79TK.89K.7TK``). No option's name
starts so."""


def _dashed_values_as_arguments(parser: Any) -> None:
    """Make ``parser`` (click's, of one command) read a word that starts with ``-`` and a digit
    or a dot as an argument where click would look for an option of that name ("No such option
    '-2'"). The value of an option (``--own -5``) click takes as it is already."""
    read_option = parser._process_opts

    def read_word(word: str, state: Any) -> None:
        if _DASHED_VALUE.match(word):
            state.largs.append(word)
        else:
            read_option(word, state)

    parser._process_opts = read_word


class _Translating(click.Command):
    def __init__(self, *args: Any, examples: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("options_metavar", N_("[OPTIONS]"))  # click's own is not translated
        super().__init__(*args, **kwargs)
        self.examples = tuple(examples)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated(self):
            super().format_help(ctx, formatter)

    def make_parser(self, ctx: click.Context) -> Any:
        """Click's parser, which takes ``-20`` and ``-.79TK.89K.7TK`` for arguments."""
        parser = super().make_parser(ctx)
        _dashed_values_as_arguments(parser)
        return parser

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's words (``[OPTIONS]``, ``COMMAND [ARGS]...``) in the language spoken;
        the arguments' names (``HAND``) stay, as the help text names them."""
        words = {self.options_metavar, getattr(self, "subcommand_metavar", None)}
        return [
            _(piece) if piece in words else piece for piece in super().collect_usage_pieces(ctx)
        ]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """Click keeps the ``--help`` option it made first, in the language of then."""
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _(_HELP_OPTION)
        return option

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated(self):
            return super().get_short_help_str(limit)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The epilog, then the examples, which click prints last, after the options."""
        super().format_epilog(ctx, formatter)
        if self.examples:
            heading = ngettext("Example:", "Examples:", len(self.examples))
            lines = "\n".join(f"  {line}" for line in self.examples)
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(f"\b\n{heading}\n{lines}")


class Command(_Translating):
    """A command whose help is shown in the language spoken, with its ``examples`` last."""


class Group(_Translating, click.Group):
    """A group of commands whose help is shown in the language spoken."""

    command_class = Command

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("subcommand_metavar", N_("COMMAND [ARGS]..."))
        super().__init__(*args, **kwargs)
