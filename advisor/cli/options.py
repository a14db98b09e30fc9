"""Options shared by several commands, defined once."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from advisor.cli.help import Option
from advisor.defaults import ALLPASS_DEALS, EXACT_DEALS
from advisor.errors import AdvisorError, ContractError, LimitError
from advisor.i18n import N_, Phrase, _
from advisor.limits import MAX_DISCARD_SAMPLES, MAX_SAMPLES, resolve_jobs
from advisor.seats import Lead, Position
from advisor.table import Table, load_table, resolve_table_path
from advisor.text import cut_short

if TYPE_CHECKING:
    from advisor.cards import CardSet
    from advisor.contract import Contract
    from advisor.convention import Convention

F = TypeVar("F", bound=Callable[..., Any])

APP_NAME = "advisor"


class WholeNumber(click.IntRange):
    """click's integer (within a range when one is given), with messages of the advisor's own
    for what is not one, in the language spoken (click names the type in English: "'abc' — не
    integer range"), a long value quoted cut short (:func:`advisor.text.cut_short`): a
    100,000-digit ``--seed`` is not echoed whole (click's own messages, out of range, are cut
    by the guard, :mod:`advisor.cli.guard`)."""

    name = "integer"

    def _describe_range(self) -> str:
        """The range the help shows: none for a number without bounds (click's own would
        say ``x<=None``)."""
        return "" if self.min is None and self.max is None else super()._describe_range()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and _integer_of(value) is None:
            quoted = "'" + cut_short(value.strip()) + "'"
            if value.strip().lstrip("+-").isdigit():  # more digits than Python reads
                self.fail(_("{value} is a number of too many digits", value=quoted), param, ctx)
            self.fail(_("{value} is not a whole number", value=quoted), param, ctx)
        return super().convert(value, param, ctx)  # out of range: the guard cuts the number


def _integer_of(text: str) -> int | None:
    """The integer Python reads in ``text`` (None: none, or more digits than it reads)."""
    try:
        return int(text)
    except ValueError:
        return None


def config_dir() -> str:
    """The advisor's config directory (click's choice for the system), except that an empty or
    relative ``$XDG_CONFIG_HOME`` is ignored, as the XDG Base Directory rules say: click would
    take it relative to the current folder, so the table would change with the folder."""
    found = click.get_app_dir(APP_NAME)
    variable = os.environ.get("XDG_CONFIG_HOME")
    relative = variable is not None and not os.path.isabs(variable)
    if relative and found == os.path.join(variable or "", APP_NAME):  # not macOS or Windows
        return os.path.join(os.path.expanduser("~"), ".config", APP_NAME)
    return found


def table_option(function: F) -> F:
    return click.option(
        "--table",
        "table_path",
        metavar="FILE",
        help=N_(
            "A TOML table merged over the built-in one, or a built-in table by name: founding "
            "or exact (default: $ADVISOR_TABLE, then table.toml in the config directory)."
        ),
    )(function)


def jobs_option(help_text: str, short: bool = True, default: int = 1) -> Callable[[F], F]:
    """``--jobs``: 0 for every core, else at most :func:`advisor.limits.max_jobs`, in every
    command (:func:`advisor.limits.resolve_jobs`); the command gets the number of jobs.
    ``default`` 0 suits a command whose answer is the same for every number of jobs and that a
    player waits for (the exact analyses)."""

    def check(ctx: click.Context, param: click.Parameter, value: int) -> int:
        try:
            return resolve_jobs(value)
        except LimitError as error:
            raise click.BadParameter(error.text(), ctx, param) from None

    names = ("-j", "--jobs") if short else ("--jobs",)
    return click.option(
        *names,
        type=WholeNumber(),
        default=default,
        show_default=True,
        callback=check,
        help=help_text,
    )


def samples_option(
    help_text: str,
    default: int | None,
    most: int = MAX_SAMPLES,
    minimum: int = 1,
    name: str = "--samples",
    values: dict[str, int] | None = None,
) -> Callable[[F], F]:
    """``--samples N`` (or another ``name``): at least ``minimum``, at most ``most``
    (``help_text`` may say so with ``{limit:,}``, and name other ``values``)."""
    return click.option(
        name,
        cls=Option,
        type=WholeNumber(min=minimum, max=most),
        default=default,
        show_default=default is not None,
        metavar="N",
        help=help_text,
        help_values={"limit": most, **(values or {})},
    )


def seed_option(help_text: str) -> Callable[[F], F]:
    """``--seed S``: the sampling seed, default 0; never negative (Python's generator would
    draw the samples of the positive seed while the output names the negative one)."""
    return click.option(
        "--seed",
        type=WholeNumber(min=0),
        default=0,
        show_default=True,
        metavar="S",
        help=help_text,
    )


SEAT_WORDS = ("first", "second", "third")  # Position's words, without loading all-pass


def seat_option(help_text: str) -> Callable[[F], F]:
    """``--seat first|second|third``: an all-pass seat."""
    return click.option(
        "--seat", type=click.Choice(SEAT_WORDS, case_sensitive=False), help=help_text
    )


def allpass_options(function: F) -> F:
    """``--allpass`` and its ``--seat``: what passing costs if everyone passes."""
    function = seat_option(
        N_(
            "With --allpass: the player's all-pass seat [default: first hand on his own lead, "
            "else second and third, averaged]."
        )
    )(function)
    return click.option(
        "--allpass",
        cls=Option,
        is_flag=True,
        help=N_(
            "Also what passing costs if everyone passes: the hand's tricks in all-pass "
            "(распас) over {deals:,} random deals, solved exactly."
        ),
        help_values={"deals": ALLPASS_DEALS},
    )(function)


def allpass_seats(
    ctx: click.Context, allpass: bool, seat: str | None, lead: Lead
) -> tuple[Position, ...]:
    """The all-pass seats to price: ``--seat``, or where the lead puts the misère player; a
    usage error for ``--seat`` without ``--allpass``."""
    if seat is not None and not allpass:
        raise click.UsageError(_("--seat needs --allpass"), ctx)
    if seat is None:
        return lead.positions
    return (Position.parse(seat),)


def named_file(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A callback for options and arguments naming a file: an empty name is an error (it
    would otherwise mean the default, or the current directory)."""
    if value is not None and not value:
        raise click.BadParameter(_("the file name is empty"), ctx, param)
    return value


def json_option(function: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help=N_("Print JSON instead of text."))(
        function
    )


def lead_option(*choices: str, default: str) -> Callable[[F], F]:
    """``--lead``: who leads the first trick (``me`` = the misère player)."""
    return click.option(
        "--lead",
        type=click.Choice(choices, case_sensitive=False),
        default=default,
        show_default=True,
        help=N_("Who has the first lead: me (the misère player) or the catchers."),
    )


def input_format_option(function: F) -> F:
    """``--input-format``: how files of hands are read (batch, table compare)."""
    return click.option(
        "--input-format",
        type=click.Choice(["text", "csv"], case_sensitive=False),
        help=N_("How to read the files [default: csv for *.csv, else text]."),
    )(function)


def effective_table(table_path: str | None) -> Table:
    """The table a command works with: the built-in one, with the user's file merged over."""
    path = resolve_table_path(table_path, os.environ, config_dir())
    return load_table(path)


CONVENTION_NAMES = ("sochi", "leningrad", "rostov")  # convention.Preset's words, not loaded


def convention_option(function: F) -> F:
    """``--convention NAME``: the scoring convention of a command that scores games, instead
    of the table's (:func:`effective_convention`)."""
    return click.option(
        "--convention",
        type=click.Choice(CONVENTION_NAMES, case_sensitive=False),
        help=N_(
            "Score games under this convention (its preset's settings; the table's players "
            "and whist model) [default: the table's [convention], else sochi]."
        ),
    )(function)


def option_cards(option: str, text: str, count: int) -> CardSet:
    """The ``count`` cards of an option's value; an error in them names the option."""
    from advisor.cards import parse_cards

    try:
        return parse_cards(text, count=count)
    except AdvisorError as error:
        raise type(error)(Phrase("{option}: {error}", option=option, error=error.phrase)) from None


def game_contract(text: str | None) -> Contract | None:
    """``--contract``'s game (6S … 10NT); None for misère, the default (no ``--contract``, or
    ``--contract misere``). A :class:`ContractError` naming the option for a bad one or pass."""
    from advisor.contract import Bid

    try:
        bid = None if text is None else Bid.parse(text)
    except AdvisorError as error:
        raise ContractError(Phrase("--contract: {error}", error=error.phrase)) from None
    if bid is None or bid.is_misere:
        return None
    if bid.contract is None:  # pass
        raise ContractError(
            Phrase(
                "--contract {call}: a game contract (6♠ … 10NT) or misère is needed here",
                call=bid.label,
            )
        )
    return bid.contract


def effective_convention(table_path: str | None, name: str | None) -> Convention:
    """The convention a command scores games under: ``--convention``'s preset (its scoring
    settings, with the table's number of players and whist model, which no preset sets), else
    the table's ``[convention]``."""
    from advisor.convention import Convention, Preset

    table = effective_table(table_path)
    if name is None:
        return table.convention
    kept = table.convention
    model = {"whist_model": kept.whist_model} if "whist_model" in kept.overridden else {}
    return Convention.of(Preset(name.lower()), players=table.players, **model)


EXACT_SETTINGS = ("samples", "seed", "discard")


def exact_options(function: F) -> F:
    """``--exact`` and its settings ``--samples``, ``--seed`` and ``--discard``."""
    options = [
        click.option(
            "-x",
            "--exact",
            is_flag=True,
            help=N_(
                "Also the exact odds: for each of the 231 talons M discards two cards, the "
                "catchers' 20 cards are split at random, and the solver plays it out."
            ),
        ),
        samples_option(
            N_(
                "With --exact: deals to solve (at most {limit:,}), rounded to a multiple of 231 "
                "(as many per talon)."
            ),
            EXACT_DEALS,
        ),
        seed_option(N_("With --exact: the sampling seed (same seed, same answer).")),
        click.option(
            "--discard",
            type=click.Choice(["exact", "table", "solver"], case_sensitive=False),
            default="exact",
            show_default=True,
            help=N_(
                "With --exact: the discard exact play makes (the best expected score of all "
                "66), the table's best, or the solver's pick of the table's best three."
            ),
        ),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def full_option(function: F) -> F:
    """``--full``: work out every talon of the exact analysis."""
    return click.option(
        "--full",
        is_flag=True,
        help=N_(
            "With --exact: work out every talon in full, even when a few already make the "
            "verdict clear (slower; the figures then are not bounds nor estimates from "
            "fewer deals)."
        ),
    )(function)


def exact_run_options(function: F) -> F:
    """``--full`` and ``--jobs``: how much of the exact analysis to work out, and with how many
    threads."""
    function = jobs_option(
        N_("With --exact: threads to solve with (0: all cores; the answer is the same)."),
        default=0,
    )(function)
    return full_option(function)


def game_run_options(
    samples_help: str, samples: int, full_help: str, least: int = 1
) -> Callable[[F], F]:
    """The options of a command that plays games over sampled splits (``declare``, ``bid``),
    in this order: ``--convention``, ``--table``, ``--samples`` (its help, default, at least
    ``least``), ``--seed``, ``--full`` (its help), ``--jobs`` (every core by default: the answer
    is the same), ``--json``."""

    def decorate(function: F) -> F:
        function = json_option(function)
        function = jobs_option(
            N_("Threads to solve with (0: all cores; the answer is the same)."), default=0
        )(function)
        function = click.option("--full", is_flag=True, help=full_help)(function)
        function = seed_option(N_("The sampling seed (same seed, same answer)."))(function)
        function = samples_option(samples_help, samples, MAX_DISCARD_SAMPLES, least)(function)
        return convention_option(table_option(function))

    return decorate


def require_exact(
    ctx: click.Context, exact: bool, settings: tuple[str, ...] = EXACT_SETTINGS
) -> list[str]:
    """The ``settings`` given on the command line; a usage error when any is given without
    ``--exact`` (they mean nothing without it)."""
    given = [
        name
        for name in settings
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    ]
    if given and not exact:
        option = next(p for p in ctx.command.params if p.name == given[0])
        raise click.UsageError(_("{option} needs --exact", option=option.opts[-1]), ctx)
    return given


def founding_lead(ctx: click.Context, lead: str, exact: bool) -> Lead:
    """``--lead`` for the founding rules: me, or them for any catcher's seat. Without
    ``exact``, ``left`` and ``right`` (which ``--help`` lists for ``--exact``) are refused as
    needing it, not as unknown words."""
    if exact:
        return Lead.ME if lead.lower() == Lead.ME.value else Lead.THEM
    if lead.lower() not in (Lead.ME.value, Lead.THEM.value):
        param = next(p for p in ctx.command.params if p.name == "lead")
        raise click.BadParameter(_("left and right need --exact"), ctx, param)
    return Lead(lead.lower())
