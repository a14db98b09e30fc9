"""Text output of ``advisor check``."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.render import LEAD_WORDS, console, percent
from advisor.rules import Status
from advisor.verdict import Assessment

_STATUS_STYLE = {
    Status.VOID: "dim",
    Status.CLEAN: "green",
    Status.SAFE: "green",
    Status.HOLE: "bold red",
}


def _rule_title(rule: str, assessment: Assessment) -> str:
    titles = {
        "no_seven": "No seven",
        "max_holes": f"At most {assessment.table.max_holes} holes",
        "threshold": "Combined chance",
        "clean": "Clean misère",
    }
    return titles[rule]


HINT = "Add --talon (-t) for the odds after the talon and the outs of each hole."


def render_assessment(assessment: Assessment) -> None:
    out = console()
    out.print(Text.assemble(("Hand  ", "bold"), str(assessment.hand)))
    out.print(Text.assemble(("Lead  ", "bold"), LEAD_WORDS[assessment.lead]))
    out.print()
    out.print(_suit_table(assessment))
    out.print()
    out.print(_rules_lines(assessment))
    out.print(_verdict_line(assessment))


def render_talon_hint() -> None:
    """The plain check's pointer to ``--talon``."""
    console().print(HINT, style="dim")


def _suit_table(assessment: Assessment) -> Text:
    """Suit, holding, status, matched entry, percent: columns padded by hand, because a rich
    Table costs more to lay out than the whole rest of a one-shot check."""
    header = ("Suit", "Holding", "Status", "Matched", "%")
    rows = [
        (
            suit.glyph,
            str(judged.holding),
            judged.status.value,
            judged.source,
            "" if judged.status is Status.VOID else percent(judged.percent),
        )
        for suit, judged in assessment.suits
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = Text()
    lines.append(_row(header, widths) + "\n", style="bold")
    for row, (_, judged) in zip(rows, assessment.suits, strict=True):
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
    lines = Text()
    for rule in assessment.rules:
        mark = ("✓", "green") if rule.passed else ("✗", "bold red")
        title = _rule_title(rule.rule, assessment)
        lines.append_text(Text.assemble(mark, f"  {title:<16} {rule.detail}\n"))
    lines.rstrip()
    return lines


def _verdict_line(assessment: Assessment) -> Text:
    holes = assessment.holes
    summary = (
        f"{holes} hole{'s' if holes != 1 else ''}, caught in {percent(assessment.combined)} "
        f"(limit {percent(assessment.table.threshold)})"
        if holes
        else "a clean misère"
    )
    if assessment.declare:
        return Text.assemble(("Verdict: DECLARE", "bold green"), f" — {summary}")
    broken = ", ".join(_rule_title(name, assessment).lower() for name in assessment.decided_by)
    return Text.assemble(("Verdict: PASS", "bold red"), f" — {summary}; broken: {broken}")
