"""``advisor discard``: twelve cards (the hand and the talon), which two to discard, and why."""

from __future__ import annotations

import click

from advisor.cards import parse_cards
from advisor.cli.guard import ExitCode
from advisor.cli.options import effective_table, example, json_option, lead_option, table_option
from advisor.table import Lead
from advisor.talon import HAND_CARDS, TALON_CARDS, best_discards

SHOWN = 3  # the best discard and the next two


@click.command(epilog=example('advisor discard "♠7810 ♣79J ♦78 ♥79KA" --lead me'))
@click.argument("cards", nargs=-1, required=True)
@lead_option("me", "them", default="them")
@table_option
@json_option
def discard(cards: tuple[str, ...], lead: str, table_path: str | None, as_json: bool) -> None:
    """Choose the two cards to discard from CARDS, and show the next two choices.

    CARDS is twelve cards, the hand and the talon, in any notation that advisor check reads.
    The best discard leaves the hand that declares rather than passes, then the lowest combined
    catch chance, then the fewest holes; the higher cards go first on a tie.

    Exit code: 0 if the best hand declares, 1 if it passes, 2 bad input.
    """
    twelve = parse_cards(cards, count=HAND_CARDS + TALON_CARDS)
    options = best_discards(twelve, Lead(lead.lower()), effective_table(table_path), top=SHOWN)
    best, *others = options
    if as_json:
        import json

        data = {
            "cards": str(twelve),
            "lead": lead.lower(),
            "best": best.to_dict(),
            "alternatives": [option.to_dict() for option in others],
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from advisor.cli.render_talon import render_discards

        render_discards(str(twelve), options)
    raise SystemExit(ExitCode.DECLARE if best.assessment.declare else ExitCode.PASS)
