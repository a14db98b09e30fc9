"""Text output of ``advisor check``."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import FOUNDING_LEAD_WORDS, console, fields, note, percent, verdict_line
from advisor.i18n import N_, _, ngettext, shown_cards
from advisor.rules import Rule, Status
from advisor.verdict import Assessment

_STATUS_STYLE = {
    Status.VOID: "dim",
    Status.CLEAN: "green",
    Status.SAFE: "green",
    Status.HOLE: "bold red",
}
STATUS_WORDS = {
    Status.VOID: N_("void"),
    Status.CLEAN: N_("clean"),
    Status.SAFE: N_("safe"),
    Status.HOLE: N_("hole"),
}
"""A suit's status, as the tables show it."""


def _rule_title(rule: Rule, assessment: Assessment) -> str:
    if rule is Rule.MAX_HOLES:
        limit = assessment.table.max_holes
        return ngettext("At most {count} hole", "At most {count} holes", limit)
    titles = {
        Rule.NO_SEVEN: N_("No seven"),
        Rule.THRESHOLD: N_("Combined chance"),
        Rule.CLEAN: N_("Clean misère"),
    }
    return _(titles[rule])


def _broken_name(rule: Rule, assessment: Assessment) -> str:
    """A broken rule as the verdict line names it: ``no seven``, ``at most 2 holes``."""
    if rule is Rule.MAX_HOLES:
        limit = assessment.table.max_holes
        return ngettext("at most {count} hole", "at most {count} holes", limit)
    names = {
        Rule.NO_SEVEN: N_("no seven"),
        Rule.THRESHOLD: N_("combined chance"),
        Rule.CLEAN: N_("clean misère"),
    }
    return _(names[rule])


HINT = N_("Add --talon (-t) for the odds after the talon and the outs of each hole.")
_TITLE_WIDTH = 15  # the rules' titles in English: "Combined chance"


def render_assessment(assessment: Assessment) -> None:
    out = console()
    lead = _(FOUNDING_LEAD_WORDS[assessment.lead])
    out.print(fields([(_("Hand"), shown_cards(assessment.hand)), (_("Lead"), lead)], out.width))
    out.print()
    out.print(_suit_table(assessment, out.width))
    out.print()
    out.print(_rules_lines(assessment, out.width))
    out.print(_verdict_line(assessment, out.width))


def render_talon_hint() -> None:
    """The plain check's pointer to ``--talon``."""
    note(console(), _(HINT))


def _suit_table(assessment: Assessment, width: int) -> Text:
    """Suit, holding, status, matched entry, percent."""
    columns = (
        Column(_("Suit")),
        Column(_("Holding")),
        Column(_("Status")),
        Column(_("Matched"), wrap=True),
        Column("%", right=True),
    )
    rows = [
        (
            suit.glyph,
            shown_cards(judged.holding),
            Text(_(STATUS_WORDS[judged.status]), style=_STATUS_STYLE[judged.status]),
            judged.source.text(),
            "" if judged.status is Status.VOID else percent(judged.percent),
        )
        for suit, judged in assessment.suits
    ]
    return Grid.of(columns, rows, width).text(rows)


def _rules_lines(assessment: Assessment, width: int) -> Text:
    """One line a rule: its mark, its title, how the hand stands (wrapped under itself)."""
    rows = [
        (
            Text("✓", style="green") if rule.passed else Text("✗", style="bold red"),
            _rule_title(rule.rule, assessment),
            rule.detail.text(),
        )
        for rule in assessment.rules
    ]
    columns = (Column(), Column(least=_TITLE_WIDTH), Column(wrap=True))
    grid = Grid.of(columns, rows, width, header=False, gaps=(2,))
    return grid.text(rows, header=False)


def _verdict_line(assessment: Assessment, width: int) -> Text:
    """``Verdict: PASS — 2 holes, ...; broken: ...``; the broken rules on a line of their own
    when the whole would not fit in ``width`` columns."""
    holes = assessment.holes
    summary = (
        ngettext(
            "{count} hole, caught in {combined} (limit {limit})",
            "{count} holes, caught in {combined} (limit {limit})",
            holes,
            combined=percent(assessment.combined),
            limit=percent(assessment.table.threshold),
        )
        if holes
        else _("a clean misère")
    )
    if assessment.declare:
        return Text.assemble((_("Verdict: DECLARE"), "bold green"), f" — {summary}")
    head = _("Verdict: PASS")
    broken = _(
        "broken: {rules}",
        rules=", ".join(_broken_name(name, assessment) for name in assessment.decided_by),
    )
    return verdict_line(Text(head, style="bold red"), summary, broken, width)
