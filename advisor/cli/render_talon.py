"""Text output of the talon outlook (``advisor check --talon``) and of ``advisor discard``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from advisor.cli.render import VERDICT_WORDS, console, labels, percent, share
from advisor.cli.render_check import render_assessment
from advisor.i18n import N_, _, ngettext, shown_cards
from advisor.talon import DiscardOption, TalonOutlook

BAR_WIDTH = 60
EXACT_HINT = N_("Add --exact (-x) to choose by exact play: each discard's catch chance and score.")
_ALTERNATIVES_HEADER = (
    N_("Next"),
    N_("Discard"),
    N_("Keeps"),
    N_("Holes"),
    N_("Caught"),
    N_("Verdict"),
)
# (label with its count, bar character, style): characters that still read without colour
_KINDS = (
    (N_("clean {count}"), "█", "green"),
    (N_("declare with holes {count}"), "▓", "yellow"),
    (N_("pass {count}"), "░", "red"),
)


def render_outlook(outlook: TalonOutlook) -> None:
    out = console()
    talon, outs = labels(N_("Talon"), N_("Outs"))
    out.print()
    out.print(
        Text.assemble(
            (talon, "bold"),
            ngettext(
                "{count} possible talon, each with the best discard of the twelve cards",
                "{count} possible talons, each with the best discard of the twelve cards",
                outlook.talons,
            ),
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
        _(
            "After the talon: declare {declare}, clean {clean}, expected catch chance "
            "{expected:.1f}%",
            declare=share(outlook.declare),
            clean=share(outlook.clean),
            expected=outlook.expected_combined,
        )
    )
    out.print(_outs_lines(outlook, outs))


def _bar(counts: Sequence[int]) -> Text:
    bar = Text()
    for (_label, char, style), width in zip(_KINDS, _widths(counts, BAR_WIDTH), strict=True):
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
        Text.assemble((char, style), " " + _(label, count=count))
        for (label, char, style), count in zip(_KINDS, counts, strict=True)
    ]
    return Text("  ").join(parts)


def _outs_lines(outlook: TalonOutlook, label: str) -> Text:
    """Each hole's outs, under ``label`` (padded to the width of the talon line's)."""
    lines = Text()
    lines.append(label, style="bold")
    if not outlook.holes:
        lines.append(_("none needed: no holes"))
    indent = " " * len(label)
    for index, hole in enumerate(outlook.holes):
        holding = shown_cards(f"{hole.suit.glyph}{hole.holding}")
        lines.append(f"{indent if index else ''}{holding} ({percent(hole.percent)}): ")
        count = len(hole.outs)
        if count:
            lines.append(
                ngettext(
                    "{count} card, at least one in the talon {chance}",
                    "{count} cards, at least one in the talon {chance}",
                    count,
                    chance=share(hole.chance),
                )
                + "\n"
            )
            lines.append(f"{indent}  {shown_cards(hole.outs)}\n")
        else:
            lines.append(_("no outs") + "\n")
    lines.rstrip()
    return lines


def render_discards(cards: str, options: Sequence[DiscardOption]) -> None:
    """The best discard in full, then the next ones in a short table."""
    best, *others = options
    out = console()
    cards_label, discard_label = labels(N_("Cards"), N_("Discard"))
    out.print(Text.assemble((cards_label, "bold"), shown_cards(cards)))
    out.print(Text.assemble((discard_label, "bold"), (shown_cards(best.discards), "bold")))
    out.print()
    render_assessment(best.assessment)
    if others:
        out.print()
        out.print(_alternatives(others))
    out.print(_(EXACT_HINT), style="dim")


def _alternatives(options: Sequence[DiscardOption]) -> Text:
    header = tuple(_(word) for word in _ALTERNATIVES_HEADER)
    rows = [
        (
            str(rank),
            shown_cards(option.discards),
            shown_cards(option.hand),
            str(option.assessment.holes),
            percent(option.assessment.combined),
            _(VERDICT_WORDS[option.assessment.verdict]),
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
