"""Text output of the talon outlook (``advisor check --talon``) and of ``advisor discard``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from advisor.cli.render import console, percent, share
from advisor.cli.render_check import render_assessment
from advisor.talon import DiscardOption, TalonOutlook

BAR_WIDTH = 60
EXACT_HINT = "Add --exact (-x) to choose by exact play: each discard's catch chance and score."
# (label, bar character, style): characters that still read without colour
_KINDS = (
    ("clean", "█", "green"),
    ("declare with holes", "▓", "yellow"),
    ("pass", "░", "red"),
)


def render_outlook(outlook: TalonOutlook) -> None:
    out = console()
    out.print()
    out.print(
        Text.assemble(
            ("Talon  ", "bold"),
            f"{outlook.talons} possible talons, each with the best discard of the twelve cards",
        )
    )
    counts = (
        outlook.clean_count,
        outlook.declare_count - outlook.clean_count,
        outlook.pass_count,
    )
    out.print(_bar(counts))
    out.print(_legend(counts))
    out.print(
        f"After the talon: declare {share(outlook.declare)}, clean {share(outlook.clean)}, "
        f"expected catch chance {outlook.expected_combined:.1f}%"
    )
    out.print(_outs_lines(outlook))


def _bar(counts: Sequence[int]) -> Text:
    bar = Text()
    for (_, char, style), width in zip(_KINDS, _widths(counts, BAR_WIDTH), strict=True):
        bar.append(char * width, style=style)
    return bar


def _widths(counts: Sequence[int], width: int) -> list[int]:
    """Split ``width`` in proportion to ``counts`` (largest remainders get the spare cells)."""
    total = sum(counts)
    exact = [count * width / total for count in counts]
    widths = [int(x) for x in exact]
    by_remainder = sorted(range(len(counts)), key=lambda i: widths[i] - exact[i])
    for i in by_remainder[: width - sum(widths)]:
        widths[i] += 1
    return widths


def _legend(counts: Sequence[int]) -> Text:
    parts = [
        Text.assemble((char, style), f" {label} {count}")
        for (label, char, style), count in zip(_KINDS, counts, strict=True)
    ]
    return Text("  ").join(parts)


def _outs_lines(outlook: TalonOutlook) -> Text:
    lines = Text()
    lines.append("Outs   ", style="bold")
    if not outlook.holes:
        lines.append("none needed: no holes")
    for number, hole in enumerate(outlook.holes):
        indent = "       " if number else ""
        lines.append(f"{indent}{hole.suit.glyph}{hole.holding} ({percent(hole.percent)}): ")
        count = len(hole.outs)
        if count:
            plural = "s" if count != 1 else ""
            lines.append(f"{count} card{plural}, at least one in the talon {share(hole.chance)}\n")
            lines.append(f"         {hole.outs}\n")
        else:
            lines.append("no outs\n")
    lines.rstrip()
    return lines


def render_discards(cards: str, options: Sequence[DiscardOption]) -> None:
    """The best discard in full, then the next ones in a short table."""
    best, *others = options
    out = console()
    out.print(Text.assemble(("Cards    ", "bold"), cards))
    out.print(Text.assemble(("Discard  ", "bold"), (str(best.discards), "bold")))
    out.print()
    render_assessment(best.assessment)
    if others:
        out.print()
        out.print(_alternatives(others))
    out.print(EXACT_HINT, style="dim")


def _alternatives(options: Sequence[DiscardOption]) -> Text:
    header = ("Next", "Discard", "Keeps", "Holes", "Caught", "Verdict")
    rows = [
        (
            str(rank),
            str(option.discards),
            str(option.hand),
            str(option.assessment.holes),
            percent(option.assessment.combined),
            option.assessment.verdict,
        )
        for rank, option in enumerate(options, start=2)
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = Text()
    lines.append(_row(header, widths) + "\n", style="bold")
    for row in rows:
        lines.append(_row(row, widths) + "\n")
    lines.rstrip()
    return lines


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(f"{cell:<{width}}" for cell, width in zip(cells, widths, strict=True)).rstrip()
