"""``advisor solve``: exact double-dummy play, for one layout or over all the layouts of a hand."""

from __future__ import annotations

import functools
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, TypeVar

import click

from advisor.cli.guard import say
from advisor.cli.help import Command, Option
from advisor.cli.options import (
    convention_option,
    effective_convention,
    game_contract,
    jobs_option,
    json_option,
    samples_option,
    seed_option,
    table_option,
)
from advisor.cli.progress import on_terminal
from advisor.errors import AdvisorError
from advisor.i18n import N_, Phrase, _
from advisor.jsonout import json_text
from advisor.seats import Lead

if TYPE_CHECKING:
    from advisor.cards import CardSet
    from advisor.contract import Contract
    from advisor.convention import Convention

T = TypeVar("T")

LEADS = (Lead.ME, Lead.LEFT, Lead.RIGHT)  # one seat leads: them is not a choice here
ALL_LAYOUTS = comb(20, 10)  # advisor.solver.EXACT_LAYOUTS, which help must not load
_PROGRESS_FROM = 20_000  # layouts: below this a run is too short for a progress bar


@click.command(
    cls=Command,
    help=N_(
        "Solve a hand exactly, every card in view (double dummy): misère, or a game with "
        "--contract.\n\n"
        "With --layout: whether the catchers can catch M in that deal, the most tricks they can "
        "force, and one best line of play. With HAND (M's ten cards after the discard) and "
        "--discards: the same over every split of the other 20 cards between L and R, or over "
        "--samples N random splits, with the chance to be caught, the forced tricks and the "
        "expected score (+10 to the pool when clean, 10 to the mountain per trick).\n\n"
        "With --contract (6S … 10NT, M the declarer): M's tricks in that game instead, and "
        "over many layouts the chance to make it and each higher level and the expected "
        "points under the table's convention, the defenders' whist decided in each layout by "
        "the convention's whist model."
    ),
    examples=(
        'advisor solve "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H" --discards "AD AH" --lead left',
        'advisor solve --layout "M: ♠7 10 ♣789 ♦789 ♥78 L: ♠89J ♣TJ ♦TJ ♥9TJ',
        '                        R: ♠QKA ♣QKA ♦QK ♥QK" --lead me',
        'advisor solve "AS KS QS 10S 9S AC KC AD 7D AH" --discards "8H 9H" --contract 8S --lead me',
    ),
)
@click.argument("hand", nargs=-1)
@click.option(
    "--layout",
    metavar='"M: ... L: ... R: ..."',
    help=N_("Solve this one deal of three 10-card hands instead of all the layouts of HAND."),
)
@click.option("--discards", metavar='"C1 C2"', help=N_("M's two discards (with HAND)."))
@click.option(
    "--lead",
    type=click.Choice([lead.value for lead in LEADS], case_sensitive=False),
    required=True,
    help=N_("Who leads the first trick: me (M), left (L, who plays after M) or right (R)."),
)
@click.option(
    "--exact",
    "exact",
    is_flag=True,
    cls=Option,
    help=N_("Solve all {layouts:,} layouts (the default)."),
    help_values={"layouts": ALL_LAYOUTS},
)
@click.option(
    "--contract",
    metavar="CONTRACT",
    help=N_(
        "Solve this game contract instead of misère: 6..10 and a strain (7S, 7♠, 6NT, "
        "7 пик), M the declarer [default: misère]."
    ),
)
@convention_option
@table_option
@samples_option(N_("Solve N random layouts instead"), None)
@seed_option(N_("Seed of --samples."))
@jobs_option(
    N_("Threads to solve with, the layouts shared out (0: all cores; at most 4 a core)."),
    default=0,
)
@json_option
def solve(
    hand: tuple[str, ...],
    layout: str | None,
    discards: str | None,
    lead: str,
    exact: bool,
    contract: str | None,
    convention: str | None,
    table_path: str | None,
    samples: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    game = _game(contract, convention, table_path)
    if layout is not None:
        if hand or discards or exact or samples:
            raise click.UsageError(_("--layout takes no HAND, --discards, --exact or --samples"))
        if game is not None:
            _solve_game_layout(layout, lead.lower(), game, as_json)
        else:
            _solve_layout(layout, lead.lower(), as_json)
        return
    if not hand:
        raise click.UsageError(_("give HAND (with --discards) or --layout"))
    if discards is None:
        raise click.UsageError(_("--discards is required with HAND"))
    if exact and samples:
        raise click.UsageError(_("--exact and --samples exclude each other"))
    samples = _every_layout_past(samples)
    if game is not None:
        _solve_game_odds(" ".join(hand), discards, lead.lower(), game, samples, seed, jobs, as_json)
        return
    _solve_odds(" ".join(hand), discards, lead.lower(), samples, seed, jobs, as_json)


def _every_layout_past(samples: int | None) -> int | None:
    """``samples``, or None (every layout) when it reaches them all, said on standard error."""
    from advisor.splits import sampled_or_every

    wanted = sampled_or_every(samples)
    if samples is not None and wanted is None:
        say(_("--samples {samples:,} reaches every layout ({layouts:,}): each is solved once",
              samples=samples, layouts=ALL_LAYOUTS))  # fmt: skip
    return wanted


def _game(
    contract: str | None, convention: str | None, table_path: str | None
) -> tuple[Contract, Convention] | None:
    """The game contract asked for and the convention it is scored under; None for misère
    (no --contract, or --contract misère). A usage error for --convention or --table without
    a game to score."""
    game = game_contract(contract)
    if game is None:
        if convention is not None or table_path is not None:
            raise click.UsageError(
                _("--convention and --table score a game: give a game --contract (6S … 10NT)")
            )
        return None
    return game, effective_convention(table_path, convention)


def _solve_layout(text: str, lead: str, as_json: bool) -> None:
    from advisor.solver import parse_layout, solve_layout

    (seat,) = Lead(lead).seats
    result = solve_layout(*parse_layout(text), seat)
    if as_json:
        click.echo(json_text(result.to_dict(), indent=2))
        return
    from advisor.cli.render_solve import render_layout

    render_layout(result)


def _solve_game_layout(
    text: str, lead: str, game: tuple[Contract, Convention], as_json: bool
) -> None:
    from advisor.game.odds import solve_game_layout
    from advisor.solver import parse_layout

    (seat,) = Lead(lead).seats
    contract, convention = game
    found = solve_game_layout(parse_layout(text), contract, seat, convention)
    if as_json:
        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_game import render_game_layout

    render_game_layout(found)


def _solve_game_odds(
    hand_text: str,
    discards_text: str,
    lead: str,
    game: tuple[Contract, Convention],
    samples: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.game.odds import GameHandOdds, game_odds

    hand, discards = _hand_and_discards(hand_text, discards_text)
    (seat,) = Lead(lead).seats
    contract, convention = game
    run = functools.partial(
        game_odds, hand, discards, contract, seat, convention, samples=samples, seed=seed,
        jobs=jobs,
    )  # fmt: skip
    odds = _with_progress(run, samples)
    found = GameHandOdds(hand, discards, seat, odds, None if samples is None else seed)
    if as_json:
        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_game import render_game_odds

    render_game_odds(found)


def _hand_and_discards(hand_text: str, discards_text: str) -> tuple[CardSet, CardSet]:
    from advisor.cards import parse_cards, parse_hand

    hand = parse_hand(hand_text)
    try:
        discards = parse_cards(discards_text, count=2)
    except AdvisorError as error:
        raise type(error)(Phrase("--discards: {error}", error=error.phrase)) from None
    return hand, discards


def _with_progress(run: Callable[..., T], samples: int | None) -> T:
    """``run()``, under a progress bar when standard error is a terminal and the run is long."""
    return on_terminal(run, show=(samples or ALL_LAYOUTS) >= _PROGRESS_FROM)


def _solve_odds(
    hand_text: str,
    discards_text: str,
    lead: str,
    samples: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    from advisor.solver import HandOdds, catch_odds

    hand, discards = _hand_and_discards(hand_text, discards_text)
    (seat,) = Lead(lead).seats
    run = functools.partial(
        catch_odds, hand, discards, seat, samples=samples, seed=seed, jobs=jobs, per_suit=True
    )
    odds = _with_progress(run, samples)
    found = HandOdds(hand, discards, seat, odds, None if samples is None else seed)
    if as_json:
        click.echo(json_text(found.to_dict(), indent=2))
        return
    from advisor.cli.render_solve import render_odds

    render_odds(found)
