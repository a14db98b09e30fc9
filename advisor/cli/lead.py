"""``advisor lead``: which card to lead to the first trick, chosen blind (M on first hand, or a
catcher on lead), against the double-dummy lead that sees every hand."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from advisor.cards import HAND_SIZE, WITH_TALON, CardSet, parse_cards
from advisor.cli.guard import say
from advisor.cli.help import Command, Option
from advisor.cli.options import (
    effective_table,
    jobs_option,
    json_option,
    samples_option,
    seed_option,
    table_option,
)
from advisor.cli.progress import on_terminal
from advisor.cli.solve import ALL_LAYOUTS
from advisor.defaults import LEAD_LAYOUTS
from advisor.errors import AdvisorError
from advisor.i18n import N_, Phrase, _
from advisor.limits import MIN_INTERVAL_SAMPLES
from advisor.seats import Lead

if TYPE_CHECKING:
    from advisor.lead_figures import BlindLead

SEATS = (Lead.LEFT.value, Lead.RIGHT.value)


@click.command(
    cls=Command,
    help=N_(
        "Which card to lead to the first trick, chosen blind: the leader sees only his own "
        "cards (and the talon) until it is played.\n\n"
        "M on first hand: HAND is his ten cards with --discards, or twelve (the hand and the "
        "talon), and then the discard exact play makes comes first (as advisor discard --exact "
        "--lead me). A catcher on lead: --catcher is his ten cards, --talon the talon he saw, "
        "--seat his seat; the layouts are then the splits of the other 20 cards on which M "
        "could have declared misère, discarding the table's best two of his twelve (as advisor "
        "discard --lead them; exact play's discard would take minutes).\n\n"
        "Every card he may lead (equal cards as one) is played out on the same random layouts: "
        "the trick's other two cards and the rest with every card in view. Best first: the "
        "lowest chance that M is caught (for a catcher the highest), then the expected score. "
        "Beside them, double dummy: the leader choosing his card in each layout with every hand "
        "in view."
    ),
    examples=(
        'advisor lead "7S 10S 7C 8C 9C 10C JC 7D 8D 8H" --discards "AD AH"',
        'advisor lead --catcher "♠8JK ♣10QA ♦9K ♥JA" --talon "♠Q ♥9" --seat left',
    ),
)
@click.argument("hand", nargs=-1)
@click.option(
    "--discards",
    metavar='"C1 C2"',
    help=N_("M's two discards (HAND is then his ten cards)."),
)
@click.option(
    "--catcher",
    metavar="HAND",
    help=N_("The catcher's ten cards: he leads the first trick (instead of HAND)."),
)
@click.option("--talon", metavar='"C1 C2"', help=N_("With --catcher: the talon he saw."))
@click.option(
    "--seat",
    type=click.Choice(SEATS, case_sensitive=False),
    help=N_("With --catcher: his seat, left (plays after M) or right [default: left]."),
)
@samples_option(
    N_("The random layouts every lead is played out on (at most {limit:,})"),
    LEAD_LAYOUTS,
    minimum=MIN_INTERVAL_SAMPLES,
)
@click.option(
    "--all",
    "all_layouts",
    is_flag=True,
    cls=Option,
    help=N_("Play every lead out on all {layouts:,} layouts instead (M's view: slower)."),
    help_values={"layouts": ALL_LAYOUTS},
)
@seed_option(N_("The sampling seed (same seed, same answer)."))
@click.option(
    "--full",
    is_flag=True,
    help=N_(
        "Find the forced tricks of every lead, not only of those that could be the best (slower)."
    ),
)
@jobs_option(
    N_("Threads to solve with (0: all cores; the answer is the same)."),
    default=0,
)
@table_option
@json_option
@click.pass_context
def lead(
    ctx: click.Context,
    hand: tuple[str, ...],
    discards: str | None,
    catcher: str | None,
    talon: str | None,
    seat: str | None,
    samples: int,
    all_layouts: bool,
    seed: int,
    full: bool,
    jobs: int,
    table_path: str | None,
    as_json: bool,
) -> None:
    given = ctx.get_parameter_source("samples") is click.core.ParameterSource.COMMANDLINE
    if given and all_layouts:
        raise click.UsageError(_("--samples and --all exclude each other"), ctx)
    asked = None if all_layouts or _past_every_layout(samples, catcher is not None) else samples
    if asked is None and not all_layouts:
        say(
            _(
                "--samples {samples:,} would draw more splits than the {count:,} there are: "
                "every one is looked at instead (as with --all)",
                samples=samples,
                count=ALL_LAYOUTS,
            )
        )
    if catcher is None:
        if talon is not None or seat is not None:
            raise click.UsageError(_("--talon and --seat need --catcher"), ctx)
        if not hand:
            raise click.UsageError(_("give HAND (M's cards) or --catcher"), ctx)
        run = _m_run(" ".join(hand), discards, table_path)
    else:
        if hand or discards is not None:
            raise click.UsageError(_("--catcher takes no HAND or --discards"), ctx)
        if talon is None:
            raise click.UsageError(_("--catcher needs --talon"), ctx)
        run = _catcher_run(catcher, talon, (seat or Lead.LEFT.value).lower(), table_path)
    found = on_terminal(functools.partial(run, samples=asked, seed=seed, jobs=jobs, full=full))
    if as_json:
        from advisor.jsonout import json_text

        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_lead import render_lead

    render_lead(found)


def _past_every_layout(samples: int, catcher: bool) -> bool:
    """Whether a sample would draw as many splits as there are, or more (a catcher's view draws
    up to :data:`~advisor.lead.DRAWS_PER_SAMPLE` a layout it keeps): every split then answers
    sooner, and exactly."""
    from advisor.lead import DRAWS_PER_SAMPLE

    return samples * (DRAWS_PER_SAMPLE if catcher else 1) >= ALL_LAYOUTS


def _m_run(text: str, discards: str | None, table_path: str | None) -> Callable[..., BlindLead]:
    """M's lead from HAND: ten cards and ``--discards``, or twelve."""
    from advisor.lead import lead_odds, lead_odds_after_discard

    cards = parse_cards(text)
    if discards is None and len(cards) == HAND_SIZE:
        raise click.UsageError(
            _("ten cards need --discards (or give twelve: the hand and the talon)")
        )
    if discards is None:
        twelve = parse_cards(text, count=WITH_TALON)
        return functools.partial(lead_odds_after_discard, twelve, effective_table(table_path))
    ten = parse_cards(text, count=HAND_SIZE)
    return functools.partial(lead_odds, ten, _option_cards("--discards", discards, 2))


def _catcher_run(
    catcher: str, talon: str, seat: str, table_path: str | None
) -> Callable[..., BlindLead]:
    """A catcher's lead from his ten cards and the talon he saw."""
    from advisor.lead import catcher_lead_odds

    (leader,) = Lead(seat).seats
    own = _option_cards("--catcher", catcher, HAND_SIZE)
    seen = _option_cards("--talon", talon, WITH_TALON - HAND_SIZE)
    return functools.partial(catcher_lead_odds, own, seen, leader, effective_table(table_path))


def _option_cards(option: str, text: str, count: int) -> CardSet:
    """The cards of an option's value; an error in them names the option."""
    try:
        return parse_cards(text, count=count)
    except AdvisorError as error:
        raise type(error)(Phrase("{option}: {error}", option=option, error=error.phrase)) from None
