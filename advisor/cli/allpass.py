"""``advisor allpass``: all-pass (распас) exactly: one deal, many deals, a hand, a replay."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any

import click

from advisor.allpass.sample import DEFAULT_SAMPLES
from advisor.cli.guard import ExitCode, say
from advisor.cli.help import Command
from advisor.cli.options import (
    WholeNumber,
    effective_table,
    jobs_option,
    json_option,
    samples_option,
    seed_option,
    table_option,
)
from advisor.errors import AdvisorError, os_reason
from advisor.i18n import N_, Phrase, _
from advisor.jsonout import json_text
from advisor.limits import MAX_REPEAT
from advisor.seats import Position
from advisor.table import TalonCard
from advisor.text import bounded_lines, shown

if TYPE_CHECKING:
    from advisor.allpass.rules import AllPassRules, Deal

SEATS = [seat.word for seat in Position]
VALUES = {"forced": ("forced",), "fewest": ("fewest",), "both": ("forced", "fewest")}


def _usage(ctx: click.Context, message: str) -> click.UsageError:
    return click.UsageError(message, ctx)


@click.command(
    cls=Command,
    help=N_(
        "All-pass (распас), when everyone passes: every trick is a penalty.\n\n"
        "Exact values, every card in view: forced (the most tricks the other two together can "
        "force on a player who plays to take as few as he can) and fewest (if everyone helps "
        "him).\n\n"
        "\b\n"
        "--layout DEAL             forced and fewest for every seat (--seat: a line of play)\n"
        "--layout DEAL --play ...  replay a recorded deal: rules, tricks, revokes, penalties\n"
        "--layouts FILE            one deal a line, one JSON object a line, in order\n"
        "HAND --seat SEAT          HAND's tricks over --samples random deals of the other cards"
        "\n\n"
        "Exit code: 0 done; 2 bad input (with --layouts: after every other line got its "
        "record)."
    ),
    examples=(
        'advisor allpass --layout "first: ♠7 8 9 10 ♣7 8 9 ♦7 8 9 second: ♠J Q K A ♣10 J Q',
        '  ♦10 J Q third: ♣K A ♦K A ♥7 8 9 10 J Q talon: K♥ A♥" --seat third',
        'advisor allpass "♠7 9 J ♣8 Q A ♦7 10 ♥9 K" --seat second --samples 2000',
    ),
)
@click.argument("hand", nargs=-1)
@click.option(
    "--layout",
    metavar='"first: ... second: ... third: ... talon: ..."',
    help=N_("One deal: three hands of ten and the two talon cards in the order turned up."),
)
@click.option(
    "--layouts",
    metavar="FILE",
    help=N_("Many deals, one a line ('-': standard input); one JSON object a line out."),
)
@click.option(
    "--play",
    metavar='"CARDS..."',
    help=N_("With --layout: replay this recorded deal, every card in the order played."),
)
@click.option(
    "--seat",
    type=click.Choice(SEATS, case_sensitive=False),
    help=N_(
        "The player: HAND's seat; with --layout, draw a line of play for him; with --layouts, "
        "solve for him only."
    ),
)
@click.option(
    "--talon-card",
    type=click.Choice([mode.value for mode in TalonCard], case_sensitive=False),
    help=N_(
        "Tricks 1-2: the turned-up card only names the suit, or is the dealer's card "
        "[default: the table's talon_card, suit]."
    ),
)
@samples_option(
    N_("With HAND: random deals of the other 22 cards (at most {limit:,})."), DEFAULT_SAMPLES
)
@seed_option(N_("With HAND: the seed."))
@jobs_option(
    N_("With HAND or --layouts: threads to solve with (0: all cores; at most 4 a core)."), default=0
)
@click.option(
    "--values",
    "which",
    type=click.Choice(list(VALUES), case_sensitive=False),
    default="both",
    show_default=True,
    help=N_("With --layouts: the values to give."),
)
@click.option(
    "--repeat",
    type=WholeNumber(min=1, max=MAX_REPEAT),
    default=1,
    show_default=True,
    metavar="N",
    help=N_("This is the N-th all-pass in a row (the table's allpass_progression prices it)."),
)
@table_option
@json_option
@click.pass_context
def allpass(
    ctx: click.Context,
    hand: tuple[str, ...],
    layout: str | None,
    layouts: str | None,
    play: str | None,
    seat: str | None,
    talon_card: str | None,
    samples: int,
    seed: int,
    jobs: int,
    which: str,
    repeat: int,
    table_path: str | None,
    as_json: bool,
) -> None:
    """``advisor allpass``: its help is the command's ``help`` above (translated when shown)."""
    _check_usage(ctx, hand, layout, layouts, play, seat)
    table = effective_table(table_path)
    from advisor.allpass.rules import AllPassRules

    mode = TalonCard(talon_card.lower()) if talon_card else None
    rules = AllPassRules.from_table(table, mode)
    chosen = Position.parse(seat) if seat else None
    rules.price(repeat)  # a price beyond the bounds is named before any work or output
    if layouts is not None:
        _solve_layouts(layouts, rules, chosen, which, jobs)
    elif layout is not None and play is not None:
        _replay(layout, play, rules, repeat, as_json)
    elif layout is not None:
        _one_deal(layout, rules, chosen, repeat, as_json)
    else:
        assert chosen is not None  # _check_usage makes sure
        _estimate(" ".join(hand), chosen, rules, samples, seed, jobs, repeat, as_json)


def _given(ctx: click.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) given on the command line, as flags."""
    source = click.core.ParameterSource.COMMANDLINE
    flags = {"as_json": "--json", "which": "--values"}
    return [
        flags.get(name, f"--{name.replace('_', '-')}")
        for name in names
        if ctx.get_parameter_source(name) is source
    ]


def _check_usage(
    ctx: click.Context,
    hand: tuple[str, ...],
    layout: str | None,
    layouts: str | None,
    play: str | None,
    seat: str | None,
) -> None:
    """One form of the command, with only the options that belong to it."""
    if play is not None and layout is None:
        raise _usage(ctx, _("--play goes with --layout"))
    forms = [name for name, given in (("HAND", hand), ("--layout", layout), ("--layouts", layouts))
             if given]  # fmt: skip
    if len(forms) != 1:
        raise _usage(ctx, _("give one of HAND (with --seat), --layout or --layouts"))
    misplaced = [
        (_given(ctx, "samples", "seed"), not hand, N_("{option} goes with HAND")),
        (_given(ctx, "which"), not layouts, N_("{option} goes with --layouts")),
        (_given(ctx, "jobs"), layout is not None, N_("{option} goes with HAND or --layouts")),
        (_given(ctx, "seat"), play is not None,
         N_("{option} has no meaning with --play (a replay)")),
        (_given(ctx, "as_json", "repeat"), layouts is not None,
         N_("{option} has no meaning with --layouts (JSON lines of tricks)")),
    ]  # fmt: skip
    for flags, wrong, why in misplaced:
        if flags and wrong:
            raise _usage(ctx, _(why, option=flags[0]))
    if hand and seat is None:
        raise _usage(ctx, _("HAND needs --seat: first, second or third"))


# ----------------------------------------------------------------------------------------------
# The four forms


def _one_deal(
    text: str, rules: AllPassRules, seat: Position | None, repeat: int, as_json: bool
) -> None:
    from advisor.allpass.solver import best_line, deal_values

    deal = _read_deal(text)
    found = deal_values(deal, rules)
    line = best_line(deal, seat, rules) if seat is not None else None
    if as_json:
        data: dict[str, Any] = {
            "deal": deal.to_dict(),
            "rules": rules.to_dict(),
            "price": rules.price(repeat),
            "seats": [values.to_dict() for values in found],
        }
        if seat is not None and line is not None:
            data["seat"] = seat.word
            data["line"] = [trick.to_dict() for trick in line]
        click.echo(json_text(data, indent=2))
        return
    from advisor.cli.render_allpass import render_deal_values

    render_deal_values(deal, rules, repeat, found, seat, line)


def _read_deal(text: str) -> Deal:
    from advisor.allpass.rules import parse_deal

    try:
        return parse_deal(text)
    except AdvisorError as error:
        raise type(error)(_option_problem("--layout", error)) from None


def _replay(text: str, play: str, rules: AllPassRules, repeat: int, as_json: bool) -> None:
    from advisor.allpass.rules import parse_play, replay

    deal = _read_deal(text)
    try:
        played = replay(deal, parse_play(play), rules, repeat)
    except AdvisorError as error:
        raise type(error)(_option_problem("--play", error)) from None
    if as_json:
        click.echo(json_text(played.to_dict(), indent=2))
        return
    from advisor.cli.render_allpass import render_replay

    render_replay(played)


def _estimate(
    hand_text: str,
    seat: Position,
    rules: AllPassRules,
    samples: int,
    seed: int,
    jobs: int,
    repeat: int,
    as_json: bool,
) -> None:
    from advisor.allpass.sample import estimate_allpass
    from advisor.cards import parse_hand

    found = estimate_allpass(
        parse_hand(hand_text), seat, rules, samples=samples, seed=seed, jobs=jobs, repeat=repeat
    )
    if as_json:
        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_allpass import render_estimate

    render_estimate(found)


def _solve_layouts(
    path: str, rules: AllPassRules, seat: Position | None, which: str, jobs: int
) -> None:
    from advisor.allpass.lines import solve_lines
    from advisor.allpass.solver import Value, core_available
    from advisor.batch.sources import STDIN_LABEL

    if not core_available():
        from advisor.errors import AllPassSolverUnavailableError

        raise AllPassSolverUnavailableError()
    seats = (seat,) if seat is not None else tuple(Position)
    values = tuple(Value[name.upper()] for name in VALUES[which])
    bad = 0
    out = sys.stdout
    with _lines_of(path) as stream:
        for result in solve_lines(bounded_lines(stream), rules, seats, values, jobs):
            out.write(json_text(result.to_dict()) + "\n")
            if result.error is not None:  # and on standard error, as batch says it
                bad += 1
                out.flush()  # the record first, where both streams go to one terminal
                label = STDIN_LABEL if path == "-" else shown(path)
                say(f"{label}:{result.line}: {shown(result.error.text())}")
    out.flush()
    raise SystemExit(ExitCode.BAD_INPUT if bad else ExitCode.SUCCESS)


@contextmanager
def _lines_of(path: str) -> Iterator[IO[bytes]]:
    if path == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as error:
        raise AdvisorError(
            Phrase(
                "--layouts: {path}: cannot be read ({reason})", path=path, reason=os_reason(error)
            )
        ) from None
    with handle:
        yield handle


def _option_problem(option: str, error: AdvisorError) -> Phrase:
    """``--layout: what is wrong``."""
    return Phrase("{option}: {reason}", option=option, reason=error.phrase)
