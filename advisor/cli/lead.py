"""``advisor lead``: which card to lead to the first trick, chosen blind (M on first hand, or a
catcher on lead; against a game, the declarer on first hand or a defender), against the
double-dummy lead that sees every hand."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from advisor.cards import HAND_SIZE, WITH_TALON, parse_cards
from advisor.cli.guard import say
from advisor.cli.help import Command, Option
from advisor.cli.lead_game import DEFENCES, GameOptions, game_run
from advisor.cli.options import (
    convention_option,
    effective_table,
    game_contract,
    jobs_option,
    json_option,
    option_cards,
    samples_option,
    seed_option,
    table_option,
)
from advisor.cli.progress import answered
from advisor.cli.solve import ALL_LAYOUTS
from advisor.defaults import DEFENDER_LEAD_LAYOUTS, GAME_LEAD_LAYOUTS, LEAD_LAYOUTS
from advisor.i18n import N_, _
from advisor.limits import MIN_INTERVAL_SAMPLES
from advisor.seats import Lead

if TYPE_CHECKING:
    from advisor.game_lead import GameLead
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
        "in view.\n\n"
        "Against a game (--contract 6S … 10NT): the declarer on first hand (HAND his ten cards, "
        "--discards), or a defender (--defender his ten cards, --talon, --declarer where the "
        "declarer sits). The defence has spoken before the first card: --defence says what it "
        "said (both whisted, or one alone), and the layouts are those on which the "
        "convention's whist model says so (a defender's are also those on which the declarer, "
        "seeing his own cards, names the contract, as in advisor whist). Best first: the most "
        "points for the leader, then the fewest tricks given away."
    ),
    examples=(
        'advisor lead "7S 10S 7C 8C 9C 10C JC 7D 8D 8H" --discards "AD AH"',
        'advisor lead --catcher "♠8JK ♣10QA ♦9K ♥JA" --talon "♠Q ♥9" --seat left',
        'advisor lead --defender "♠78 ♣QKA ♦QK ♥9TJ" --talon "♠A ♥7" --contract 6S',
        'advisor lead "♠9K ♣8 9 10K ♦79KA" --discards "♥10Q" --contract 6C',
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
@click.option(
    "--talon", metavar='"C1 C2"', help=N_("With --catcher or --defender: the talon he saw.")
)
@click.option(
    "--seat",
    type=click.Choice(SEATS, case_sensitive=False),
    help=N_("With --catcher: his seat, left (plays after M) or right [default: left]."),
)
@click.option(
    "--contract",
    metavar="CONTRACT",
    help=N_("The game the first card is led to (6S … 10NT) [default: misère]."),
)
@click.option(
    "--defender",
    metavar="HAND",
    help=N_("With --contract: a defender's ten cards: he leads the first trick (instead of HAND)."),
)
@click.option(
    "--declarer",
    type=click.Choice(["left", "right"], case_sensitive=False),
    help=N_("With --defender: where the declarer sits, on his left or right [default: left]."),
)
@click.option(
    "--defence",
    type=click.Choice(DEFENCES, case_sensitive=False),
    help=N_("With --contract: what the defence said: both whisted, or one alone: left or right "
            "of the declarer (his lead), me or partner (a defender's) [default: what the whist "
            "model says in each layout, a defender whisting; for a defender, he whisted]."),
)  # fmt: skip
@convention_option
@samples_option(
    N_("The random layouts every lead is played out on (at most {limit:,}); against a game "
       "{game:,} for the declarer, {defender:,} kept for a defender"),
    LEAD_LAYOUTS,
    minimum=MIN_INTERVAL_SAMPLES,
    values={"game": GAME_LEAD_LAYOUTS, "defender": DEFENDER_LEAD_LAYOUTS},
)  # fmt: skip
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
    contract: str | None,
    defender: str | None,
    declarer: str | None,
    defence: str | None,
    convention: str | None,
    samples: int,
    all_layouts: bool,
    seed: int,
    full: bool,
    jobs: int,
    table_path: str | None,
    as_json: bool,
) -> None:
    game = game_contract(contract)
    given = ctx.get_parameter_source("samples") is click.core.ParameterSource.COMMANDLINE
    if given and all_layouts:
        raise click.UsageError(_("--samples and --all exclude each other"), ctx)
    if game is None:
        _check_misere(defender, declarer, defence, convention, named=contract is not None)
    elif not given:
        samples = GAME_LEAD_LAYOUTS if defender is None else DEFENDER_LEAD_LAYOUTS
    unseen = catcher is not None or defender is not None
    asked = (
        None if all_layouts or _past_every_layout(samples, game is not None, unseen) else samples
    )
    if asked is None and not all_layouts:
        say(
            _(
                "--samples {samples:,} would draw more splits than the {count:,} there are: "
                "every one is looked at instead (as with --all)",
                samples=samples,
                count=ALL_LAYOUTS,
            )
        )
    text = " ".join(hand)
    if game is not None:
        if catcher is not None:
            raise click.UsageError(
                _("--catcher leads against misère: against a game give --defender"), ctx
            )
        options = GameOptions(text, discards, defender, talon, declarer, defence, seat, full,
                              convention, table_path)  # fmt: skip
        game_lead = functools.partial(game_run(game, options), samples=asked, seed=seed,
                                      jobs=jobs)  # fmt: skip
        answered(game_lead, as_json, _render_game)
        return
    run = _misere_run(ctx, text, discards, catcher, talon, seat, table_path)
    misere_lead = functools.partial(run, samples=asked, seed=seed, jobs=jobs, full=full)
    answered(misere_lead, as_json, _render)


def _render(found: BlindLead) -> None:
    """The text report (rich loaded for it alone: ``--json`` starts without it)."""
    from advisor.cli.render_lead import render_lead

    render_lead(found)


def _render_game(found: GameLead) -> None:
    from advisor.cli.render_lead_game import render_game_lead

    render_game_lead(found)


def _check_misere(
    defender: str | None,
    declarer: str | None,
    defence: str | None,
    convention: str | None,
    *,
    named: bool,
) -> None:
    """The options of a game's lead, given without a game (``named``: misère was given as
    ``--contract``)."""
    if defender is not None and named:
        message = _(
            "--contract misère: --defender leads against a game (6S … 10NT); against misère "
            "a catcher leads (--catcher)"
        )
        raise click.UsageError(message)
    if defender is not None:
        raise click.UsageError(_("--defender leads against a game: give --contract (6S … 10NT)"))
    if declarer is not None or defence is not None or convention is not None:
        raise click.UsageError(
            _("--declarer, --defence and --convention go with a game --contract")
        )


def _past_every_layout(samples: int, game: bool, unseen: bool) -> bool:
    """Whether a sample would draw as many splits as there are, or more: every split then
    answers sooner, and exactly. Splits drawn at most a layout asked for: by a catcher's or a
    defender's view (``unseen``: they keep only the layouts on which M could have declared), or
    the declarer's against a game (those on which the defence said what it said); one for
    M's misère."""
    if game:
        from advisor.game_lead import DRAWS_PER_SAMPLE as DECLARER
        from advisor.whist.layouts import DRAWS_PER_SAMPLE as DEFENDER

        draws = DEFENDER if unseen else DECLARER
    else:
        from advisor.lead import DRAWS_PER_SAMPLE

        draws = DRAWS_PER_SAMPLE if unseen else 1
    return samples * draws >= ALL_LAYOUTS


def _misere_run(
    ctx: click.Context,
    text: str,
    discards: str | None,
    catcher: str | None,
    talon: str | None,
    seat: str | None,
    table_path: str | None,
) -> Callable[..., BlindLead]:
    """The misère lead the options ask for: M's, or a catcher's."""
    if catcher is None:
        if talon is not None or seat is not None:
            raise click.UsageError(_("--talon and --seat need --catcher"), ctx)
        if not text:
            raise click.UsageError(_("give HAND (M's cards) or --catcher"), ctx)
        return _m_run(text, discards, table_path)
    if text or discards is not None:
        raise click.UsageError(_("--catcher takes no HAND or --discards"), ctx)
    if talon is None:
        raise click.UsageError(_("--catcher needs --talon"), ctx)
    return _catcher_run(catcher, talon, (seat or Lead.LEFT.value).lower(), table_path)


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
    return functools.partial(lead_odds, ten, option_cards("--discards", discards, 2))


def _catcher_run(
    catcher: str, talon: str, seat: str, table_path: str | None
) -> Callable[..., BlindLead]:
    """A catcher's lead from his ten cards and the talon he saw."""
    from advisor.lead import catcher_lead_odds

    (leader,) = Lead(seat).seats
    own = option_cards("--catcher", catcher, HAND_SIZE)
    seen = option_cards("--talon", talon, WITH_TALON - HAND_SIZE)
    return functools.partial(catcher_lead_odds, own, seen, leader, effective_table(table_path))
