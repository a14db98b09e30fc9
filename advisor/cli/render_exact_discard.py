"""Text output of ``advisor discard --exact``: the discards by exact play, best first."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from advisor.cli.render import VERDICT_STYLE, console, share
from advisor.discard_odds import Candidate, DiscardOdds
from advisor.solver import EXACT_LAYOUTS

SHOWN = 5  # candidates in the table; the others are summed up in a line
_LEADS = {
    "me": "me (M leads the first trick)",
    "left": "left (L leads the first trick)",
    "right": "right (R leads the first trick)",
    "them": "them (L's and R's lead, averaged)",
}
_HEADER = ("#", "Discard", "Keeps", "Caught", "95% interval", "Tricks", "Score")


def render_discard_odds(found: DiscardOdds) -> None:
    out = console()
    out.print(Text.assemble(("Cards    ", "bold"), str(found.cards)))
    out.print(Text.assemble(("Lead     ", "bold"), _LEADS[found.lead.value]))
    out.print(
        Text.assemble(
            ("Layouts  ", "bold"),
            f"{found.samples:,} random splits (seed {found.seed}), the same for every discard",
        )
    )
    if found.exact:
        solved = sum(1 for candidate in found.candidates if candidate.exact)
        leading = "the leading discard" if solved == 1 else f"the leading {solved} discards"
        out.print(
            Text.assemble(("Exact    ", "bold"), f"{leading} over all {EXACT_LAYOUTS:,} splits")
        )
    out.print()
    distinct = [c for c in found.candidates if c.same_as is None]  # touching cards are one
    out.print(_table(distinct[:SHOWN]))
    rest = distinct[SHOWN:]
    if rest:
        bound = max(candidate.score_bound for candidate in rest)
        out.print(
            f"{len(rest)} more, each expected at most {bound:+.2f}; all 66 in --json "
            "(touching cards as one)",
            style="dim",
        )
    out.print(_verdict_line(found))


def _table(candidates: Sequence[Candidate]) -> Text:
    rows = [_HEADER] + [_cells(number, c) for number, c in enumerate(candidates, start=1)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER))]
    right = {0, 3, 4, 5, 6}
    lines = Text()
    for number, row in enumerate(rows):
        cells = [
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip() + "\n", style="bold" if number == 0 else "")
    lines.rstrip()
    return lines


def _cells(number: int, candidate: Candidate) -> tuple[str, ...]:
    low, high = candidate.interval
    score = candidate.expected_score
    tricks = candidate.expected_tricks
    return (
        str(number),
        str(candidate.discards),
        str(candidate.hand),
        share(candidate.p_caught),
        "exact" if candidate.exact else f"{share(low)}–{share(high)}",
        "" if tricks is None else f"{tricks:.2f}",
        f"≤ {candidate.score_bound:+.2f}" if score is None else f"{score:+.2f}",
    )


def _verdict_line(found: DiscardOdds) -> Text:
    best = found.best
    score = best.expected_score
    assert score is not None, "the best discard is always settled"
    return Text.assemble(
        ("Exact play: ", "bold"),
        (found.verdict.upper(), VERDICT_STYLE[found.verdict]),
        f" — discard {best.discards}: expected {score:+.2f} (passing: {found.pass_score:g})",
    )
