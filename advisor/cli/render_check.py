"""Text output of ``advisor check``."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.render import FOUNDING_LEAD_WORDS, console, percent, verdict_line
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


def render_assessment(assessment: Assessment) -> None:
    out = console()
    hand, lead = _("Hand"), _("Lead")
    width = max(len(hand), len(lead)) + 2
    out.print(Text.assemble((f"{hand:<{width}}", "bold"), shown_cards(assessment.hand)))
    out.print(Text.assemble((f"{lead:<{width}}", "bold"), _(FOUNDING_LEAD_WORDS[assessment.lead])))
    out.print()
    out.print(_suit_table(assessment))
    out.print()
    out.print(_rules_lines(assessment))
    out.print(_verdict_line(assessment, out.width))


def render_talon_hint() -> None:
    """The plain check's pointer to ``--talon``."""
    console().print(_(HINT), style="dim")


def _suit_table(assessment: Assessment) -> Text:
    """Suit, holding, status, matched entry, percent: columns padded by hand, because a rich
    Table costs more to lay out than the whole rest of a one-shot check."""
    header = (_("Suit"), _("Holding"), _("Status"), _("Matched"), "%")
    rows = [
        (
            suit.glyph,
            shown_cards(judged.holding),
            _(STATUS_WORDS[judged.status]),
            judged.source.text(),
            "" if judged.status is Status.VOID else percent(judged.percent),
        )
        for suit, judged in assessment.suits
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = Text()
    lines.append(_row(header, widths) + "\n", style="bold")
    for row, (_suit, judged) in zip(rows, assessment.suits, strict=True):
        suit, holding, status, matched, shown = row
        lines.append(f"{suit:<{widths[0]}}  {holding:<{widths[1]}}  ")
        lines.append(f"{status:<{widths[2]}}", style=_STATUS_STYLE[judged.status])
        lines.append(f"  {matched:<{widths[3]}}  {shown:>{widths[4]}}".rstrip() + "\n")
    lines.rstrip()
    return lines


def _row(cells: tuple[str, ...], widths: list[int]) -> str:
    *left, last = cells
    padded = [f"{cell:<{width}}" for cell, width in zip(left, widths, strict=False)]
    return "  ".join([*padded, f"{last:>{widths[-1]}}"])


def _rules_lines(assessment: Assessment) -> Text:
    """One line a rule; plain text so nothing pads the lines with trailing spaces."""
    titles = [_rule_title(rule.rule, assessment) for rule in assessment.rules]
    width = max(16, *(len(title) for title in titles))
    lines = Text()
    for rule, title in zip(assessment.rules, titles, strict=True):
        mark = ("✓", "green") if rule.passed else ("✗", "bold red")
        lines.append_text(Text.assemble(mark, f"  {title:<{width}} {rule.detail.text()}\n"))
    lines.rstrip()
    return lines


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
