"""``advisor discard``: twelve cards (the hand and the talon), which two to discard, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from advisor.cards import WITH_TALON, CardSet, parse_cards
from advisor.cli.guard import ExitCode
from advisor.cli.help import Command, Option
from advisor.cli.options import (
    effective_table,
    founding_lead,
    jobs_option,
    json_option,
    require_exact,
    samples_option,
    seed_option,
    table_option,
)
from advisor.cli.solve import ALL_LAYOUTS
from advisor.defaults import DISCARD_LAYOUTS
from advisor.i18n import N_, _
from advisor.jsonout import json_text
from advisor.limits import MAX_DISCARD_SAMPLES
from advisor.seats import Lead
from advisor.table import Table
from advisor.talon import best_discards

if TYPE_CHECKING:
    from advisor.exact.discard_odds import DiscardOdds
    from advisor.exact.settings import ExactSettings

SHOWN = 3  # the best discard and the next two
EXACT_SETTINGS = ("samples", "all_layouts", "seed", "full", "jobs")


@click.command(
    cls=Command,
    help=N_(
        "Choose the two cards to discard from CARDS, and show the next choices.\n\n"
        "CARDS is twelve cards, the hand and the talon, in any notation that advisor check "
        "reads. By the table, the best discard leaves the hand that declares rather than passes, "
        "then the lowest combined catch chance, then the fewest holes; the higher cards go first "
        "on a tie. With --exact, the best discard has the highest expected score in exact play "
        "(+10 when clean, -10 a trick), all 66 scored on the same layouts of the catchers' 20 "
        "cards.\n\n"
        "Exit code: 0 if the best hand declares (with --exact: its expected score beats the "
        "table's pass_score), 1 if it passes, 2 bad input."
    ),
    examples=(
        'advisor discard "♠7810 ♣79J ♦78 ♥79KA" --lead me',
        'advisor discard "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9" --exact --lead left',
    ),
)
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--lead",
    type=click.Choice(["me", "left", "right", "them"], case_sensitive=False),
    default="them",
    show_default=True,
    help=N_(
        "Who has the first lead: me (the misère player) or the catchers (them); with "
        "--exact also left or right, one catcher's seat."
    ),
)
@table_option
@json_option
@click.option(
    "-x",
    "--exact",
    is_flag=True,
    help=N_(
        "Choose by exact play: every discard played out on the same random layouts of the "
        "catchers' cards, with its catch chance and expected score."
    ),
)
@samples_option(
    N_("With --exact: the layouts every discard is played out on (at most {limit:,})."),
    DISCARD_LAYOUTS,
    MAX_DISCARD_SAMPLES,
)
@click.option(
    "--all",
    "all_layouts",
    is_flag=True,
    cls=Option,
    help=N_("With --exact: then solve the leading discards over all {layouts:,} layouts."),
    help_values={"layouts": ALL_LAYOUTS},
)
@seed_option(N_("With --exact: the sampling seed (same seed, same answer)."))
@click.option(
    "--full",
    is_flag=True,
    help=N_(
        "With --exact: play out every discard on all the layouts, even when fewer already "
        "make the verdict and the choice clear (slower, more precise figures)."
    ),
)
@jobs_option(
    N_("With --exact: threads to solve with (0: all cores; the answer is the same)."),
    default=0,
)
@click.pass_context
def discard(
    ctx: click.Context,
    cards: tuple[str, ...],
    lead: str,
    table_path: str | None,
    as_json: bool,
    exact: bool,
    samples: int,
    all_layouts: bool,
    seed: int,
    full: bool,
    jobs: int,
) -> None:
    given = require_exact(ctx, exact, EXACT_SETTINGS)
    if "samples" in given and "all_layouts" in given:
        raise click.UsageError(_("--samples and --all exclude each other"), ctx)
    twelve = parse_cards(cards, count=WITH_TALON)
    table = effective_table(table_path)
    if exact:
        from advisor.exact.settings import ExactSettings  # the table's advice needs none

        settings = ExactSettings(samples, seed, full=full, jobs=jobs, every_layout=all_layouts)
        _exact(twelve, lead.lower(), table, settings, as_json)
    options = best_discards(twelve, founding_lead(ctx, lead, exact=False), table, top=SHOWN)
    best, *others = options
    if as_json:
        data = {
            "cards": str(twelve),
            "lead": lead.lower(),
            "best": best.to_dict(),
            "alternatives": [option.to_dict() for option in others],
        }
        click.echo(json_text(data, indent=2))
    else:
        from advisor.cli.render_talon import render_discards

        render_discards(str(twelve), options)
    raise SystemExit(ExitCode.DECLARE if best.assessment.declare else ExitCode.PASS)


def _exact(
    twelve: CardSet, lead: str, table: Table, settings: ExactSettings, as_json: bool
) -> None:
    """``--exact``: every discard by exact play, under a progress bar on a terminal's standard
    error (not with --json). Imported here: the table's advice never loads the solver."""
    import functools

    from advisor.exact.discard_odds import discard_odds

    run = functools.partial(discard_odds, twelve, Lead(lead), table, settings)
    from advisor.cli.progress import answered

    found = answered(run, as_json, _render_exact)
    raise SystemExit(ExitCode.DECLARE if found.declare else ExitCode.PASS)


def _render_exact(found: DiscardOdds) -> None:
    """The text report of ``--exact`` (rich loaded for it alone: ``--json`` starts without
    it)."""
    from advisor.cli.render_exact_discard import render_discard_odds

    render_discard_odds(found)
