"""Text output of the talon outlook (``advisor check --talon``) and of ``advisor discard``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import VERDICT_WORDS, console, fields, note, percent, share
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
    talons = ngettext(
        "{count} possible talon, each with the best discard of the twelve cards",
        "{count} possible talons, each with the best discard of the twelve cards",
        outlook.talons,
    )
    counts = (
        outlook.clean_count,
        outlook.declare_count - outlook.clean_count,
        outlook.pass_count,
    )
    out.print()
    out.print(fields([(_("Talon"), talons)], out.width, least=_label_width()))
    out.print(_bar(counts, min(BAR_WIDTH, out.width)))
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
    out.print(_outs_lines(outlook, out.width))


def _label_width() -> int:
    """The outlook's labels, ``Talon`` and ``Outs``, share a width (in any language)."""
    return max(len(_("Talon")), len(_("Outs")))


def _bar(counts: Sequence[int], length: int) -> Text:
    bar = Text()
    for (_label, char, style), width in zip(_KINDS, _widths(counts, length), strict=True):
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


def _outs_lines(outlook: TalonOutlook, width: int) -> Text:
    """Each hole's outs, under the label ``Outs``: the hole and its chance, how many cards
    close it, and under that the cards."""
    if not outlook.holes:
        return fields([(_("Outs"), _("none needed: no holes"))], width, least=_label_width())
    rows: list[tuple[str, str]] = []
    for hole in outlook.holes:
        holding = shown_cards(f"{hole.suit.glyph}{hole.holding}")
        count = len(hole.outs)
        if count:
            closing = ngettext(
                "{count} card, at least one in the talon {chance}",
                "{count} cards, at least one in the talon {chance}",
                count,
                chance=share(hole.chance),
            )
            closing += f"\n  {shown_cards(hole.outs)}"
        else:
            closing = _("no outs")
        rows.append(("" if rows else _("Outs"), f"{holding} ({percent(hole.percent)}): {closing}"))
    return fields(rows, width, least=_label_width())


def render_discards(cards: str, options: Sequence[DiscardOption]) -> None:
    """The best discard in full, then the next ones in a short table."""
    best, *others = options
    out = console()
    discards = Text(shown_cards(best.discards), style="bold")
    out.print(fields([(_("Cards"), shown_cards(cards)), (_("Discard"), discards)], out.width))
    out.print()
    render_assessment(best.assessment)
    if others:
        out.print()
        out.print(_alternatives(others, out.width))
    note(out, _(EXACT_HINT))


def _alternatives(options: Sequence[DiscardOption], width: int) -> Text:
    columns = [Column(_(word)) for word in _ALTERNATIVES_HEADER]
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
    return Grid.of(columns, rows, width).text(rows)
