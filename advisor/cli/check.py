"""``advisor check``: one hand, its holes, the founding rules, declare or pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from advisor.cards import parse_hand
from advisor.cli.options import effective_table, json_option, lead_option, table_option
from advisor.table import Lead
from advisor.verdict import Assessment, assess

if TYPE_CHECKING:
    from advisor.talon import TalonOutlook

EXIT_DECLARE = 0
EXIT_PASS = 1


@click.command()
@click.argument("hand", nargs=-1, required=True)
@lead_option("me", "them", default="them")
@table_option
@json_option
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit code is the answer.")
@click.option(
    "-t",
    "--talon",
    is_flag=True,
    help="Also go through the 231 possible talons, each with its best discard: the chances "
    "to end clean or worth declaring, and the outs of each hole.",
)
def check(
    hand: tuple[str, ...],
    lead: str,
    table_path: str | None,
    as_json: bool,
    quiet: bool,
    talon: bool,
) -> None:
    """Say whether to declare misère with HAND, and why.

    HAND is ten cards in any notation (one quoted argument or several):
    7S 8S 10S ...,  7♠ 8♠ 10♠ ...,  ♠7810 ♣79J ...,  S:7,8,10 C:...,
    78T.79J.78.79, or Russian 7п 8п 10п ... Вт.

    Exit code: 0 declare, 1 pass, 2 bad input (for the hand as dealt, also with --talon).

    \b
    Example:
      advisor check "♠7810 ♣79J ♦78 ♥79" --lead me
    """
    assessment = assess(parse_hand(hand), Lead(lead.lower()), effective_table(table_path))
    if as_json:
        import json

        data = assessment.to_dict()
        if talon:
            data["talon"] = _outlook(assessment).to_dict()
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif not quiet:
        from advisor.cli.render_check import render_assessment, render_talon_hint

        render_assessment(assessment)
        if talon:
            from advisor.cli.render_talon import render_outlook

            render_outlook(_outlook(assessment))
        else:
            render_talon_hint()
    raise SystemExit(EXIT_DECLARE if assessment.declare else EXIT_PASS)


def _outlook(assessment: Assessment) -> TalonOutlook:
    """Imported here: the plain check never loads the talon module."""
    from advisor.talon import talon_outlook

    return talon_outlook(assessment.hand, assessment.lead, assessment.table)
