"""``advisor check``: one hand, its holes, the founding rules, declare or pass."""

from __future__ import annotations

import click

from advisor.cards import parse_hand
from advisor.cli.options import effective_table, json_option, lead_option, table_option
from advisor.table import Lead
from advisor.verdict import assess

EXIT_DECLARE = 0
EXIT_PASS = 1


@click.command()
@click.argument("hand", nargs=-1, required=True)
@lead_option("me", "them", default="them")
@table_option
@json_option
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit code is the answer.")
def check(
    hand: tuple[str, ...], lead: str, table_path: str | None, as_json: bool, quiet: bool
) -> None:
    """Say whether to declare misère with HAND, and why.

    HAND is ten cards in any notation (one quoted argument or several):
    7S 8S 10S ...,  7♠ 8♠ 10♠ ...,  ♠7810 ♣79J ...,  S:7,8,10 C:...,
    78T.79J.78.79, or Russian 7п 8п 10п ... Вт.

    Exit code: 0 declare, 1 pass, 2 bad input.

    \b
    Example:
      advisor check "♠7810 ♣79J ♦78 ♥79" --lead me
    """
    assessment = assess(parse_hand(hand), Lead(lead.lower()), effective_table(table_path))
    if as_json:
        import json

        click.echo(json.dumps(assessment.to_dict(), ensure_ascii=False, indent=2))
    elif not quiet:
        from advisor.cli.render_check import render_assessment

        render_assessment(assessment)
    raise SystemExit(EXIT_DECLARE if assessment.declare else EXIT_PASS)
