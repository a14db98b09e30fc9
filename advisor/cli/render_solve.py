"""Text output of ``advisor solve``: the deal diagram, the line of play, the odds."""

from __future__ import annotations

from rich.text import Text

from advisor.cards import Card, CardSet, Suit, format_ranks
from advisor.cli.render import LEAD_WORDS, console, labels
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.seats import Seat
from advisor.solver import HandOdds, Layout, LayoutResult, SuitCatches

SEAT_LETTERS = {
    # TRANSLATORS: the misère player's seat letter in the deal diagram and the tricks
    Seat.M: N_("M"),
    # TRANSLATORS: the left catcher's seat letter (plays after M)
    Seat.L: N_("L"),
    # TRANSLATORS: the right catcher's seat letter (plays before M)
    Seat.R: N_("R"),
}
"""Each seat's letter in the diagram and the table of tricks (the notation of ``--layout``
keeps M, L and R)."""
_RED = (Suit.DIAMONDS, Suit.HEARTS)
_COLUMN = 24  # width of L's column in the diagram
_CARD_COLUMN = 6  # width of a card's column in the table of tricks


def render_layout(result: LayoutResult) -> None:
    out = console()
    for line in _diagram(result.hands):
        out.print(line)
    out.print()
    (lead,) = labels(N_("Lead"))
    out.print(Text.assemble((lead, "bold"), _(LEAD_WORDS[result.leader.lead.value])))
    out.print(_layout_verdict(result))
    out.print()
    for line in _tricks(result):
        out.print(line)


def _tricks(result: LayoutResult) -> list[Text]:
    """The line of play, a trick a row: who led, each seat's card, who won it."""
    letters = {seat: _(SEAT_LETTERS[seat]) for seat in Seat}
    leads = {seat: _("{seat} leads", seat=letters[seat]) for seat in Seat}
    head, won_by = _("Lead"), _("Won by")
    lead_width = max(9, len(head), *(len(text) for text in leads.values()))
    seats = "".join(f"{letters[seat]:<{_CARD_COLUMN}}" for seat in Seat)
    lines = [Text(f"{'#':>2}  {head:<{lead_width}}  {seats}{won_by}", style="bold")]
    for place, trick in enumerate(result.line, start=1):
        row = Text(f"{place:>2}  {leads[trick.leader]:<{lead_width}}  ")
        for seat in Seat:
            card = _card(trick.card_of(seat))
            row.append_text(card)
            row.append(" " * (_CARD_COLUMN - len(card.plain)))
        caught = trick.winner == Seat.M
        won = _("{seat}  ← caught", seat=letters[Seat.M]) if caught else letters[trick.winner]
        row.append(won, style="bold red" if caught else "")
        lines.append(row)
    return lines


def _layout_verdict(result: LayoutResult) -> Text:
    if not result.caught:
        return Text(_("Clean: the catchers cannot force M to take a trick."), style="bold green")
    caught = ngettext(
        "Caught: the catchers can force M to take {count} trick ({points} to the mountain).",
        "Caught: the catchers can force M to take {count} tricks ({points} to the mountain).",
        result.tricks,
        points=10 * result.tricks,
    )
    return Text.assemble((caught, "bold red"), "\n", _through_words(result))


def _through_words(result: LayoutResult) -> str:
    """Which suits the catchers can force M's first trick into, or that none of them can be."""
    if not result.through:
        return _("Caught whichever suit M protects: through no one suit alone.")
    suits = ", ".join(suit.glyph for suit in sorted(result.through))
    return ngettext(
        "Caught through {suits}: the catchers can force M's first trick into that suit.",
        "Caught through {suits}: the catchers can force M's first trick into each.",
        len(result.through),
        suits=suits,
    )


def _diagram(hands: Layout) -> list[Text]:
    """L and R side by side, M below them (seen from M's chair)."""
    m, left, right = hands
    letters = {seat: _(SEAT_LETTERS[seat]) for seat in Seat}
    lines = [Text(f"{letters[Seat.L]:<{_COLUMN}}{letters[Seat.R]}", style="bold")]
    for suit in Suit:
        line = _holding(left, suit)
        line.pad_right(_COLUMN - len(line.plain))
        line.append_text(_holding(right, suit))
        lines.append(line)
    indent = " " * (_COLUMN // 2)
    lines.append(Text(f"{indent}{letters[Seat.M]}", style="bold"))
    lines += [Text(indent) + _holding(m, suit) for suit in Suit]
    return lines


def _holding(hand: CardSet, suit: Suit) -> Text:
    ranks = shown_cards(format_ranks(hand.suit_mask(suit))) or "—"
    return Text.assemble((suit.glyph, "red" if suit in _RED else ""), " ", ranks)


def _card(card: Card) -> Text:
    return Text(shown_cards(card), style="red" if card.suit in _RED else "")


def render_odds(found: HandOdds) -> None:
    out = console()
    odds = found.odds
    hand, discards, lead, layouts = labels(N_("Hand"), N_("Discards"), N_("Lead"), N_("Layouts"))
    out.print(Text.assemble((hand, "bold"), shown_cards(found.hand)))
    out.print(Text.assemble((discards, "bold"), shown_cards(found.discards)))
    out.print(Text.assemble((lead, "bold"), _(LEAD_WORDS[found.leader.lead.value])))
    if odds.exact:
        splits = _("all {count:,} splits of the other 20 cards", count=odds.layouts)
    else:
        splits = ngettext(
            "{count:,} random split (seed {seed})",
            "{count:,} random splits (seed {seed})",
            odds.layouts,
            seed=str(found.seed),  # an option's value: digits as typed
        )
    out.print(layouts + splits)
    out.print()
    out.print(Text(_caught_line(found), style="bold red" if odds.caught else "bold green"))
    out.print()
    header = [_("Forced tricks"), _("Layouts"), _("Share")]
    widths = [len(header[0]), max(7, len(header[1])), max(5, len(header[2]) - 1)]
    out.print(Text("   ".join(header), style="bold"))
    for tricks, count in enumerate(odds.histogram):
        if count:
            cells = (
                f"{tricks:>{widths[0]}}",
                f"{number(count, ','):>{widths[1]}}",
                f"{number(100 * count / odds.layouts, '.1f'):>{widths[2]}}%",
            )
            out.print("   ".join(cells))
    if odds.through is not None:
        out.print()
        for line in _through_lines(found, odds.through):
            out.print(line)
    out.print()
    mean, expected = labels(N_("Mean tricks"), N_("Expected score"))
    out.print(mean + number(odds.expected_tricks, ".3f"))
    out.print(
        expected
        + _(
            "{score:+.2f}  (+10 pool when clean, -10 mountain a trick)",
            score=odds.expected_score,
        )
    )


def _through_lines(found: HandOdds, through: SuitCatches) -> list[Text]:
    """Each suit M holds with the layouts caught through it, then those caught whichever suit
    M protects."""
    layouts = found.odds.layouts
    header = [_("Caught through"), _("Layouts"), _("Share")]
    rows = [
        (
            f"{suit.glyph} {shown_cards(format_ranks(found.hand.suit_mask(suit)))}",
            through.caught(suit),
        )
        for suit in Suit
        if found.hand.suit_mask(suit)
    ]
    widths = [
        max(len(header[0]), *(len(name) for name, _count in rows)),
        max(7, len(header[1])),
        max(5, len(header[2]) - 1),
    ]
    lines = [Text("   ".join([f"{header[0]:<{widths[0]}}", *header[1:]]), style="bold")]
    for name, count in rows:
        cells = (
            f"{name:<{widths[0]}}",
            f"{number(count, ','):>{widths[1]}}",
            f"{number(100 * count / layouts, '.1f'):>{widths[2]}}%",
        )
        lines.append(Text("   ".join(cells)))
    whichever = through.whichever
    lines.append(
        Text(
            ngettext(
                "Caught whichever suit M protects: {count:,} layout ({percent:.1f}%)",
                "Caught whichever suit M protects: {count:,} layouts ({percent:.1f}%)",
                whichever,
                percent=100 * whichever / layouts,
            )
        )
    )
    return lines


def _caught_line(found: HandOdds) -> str:
    """``Caught in 697 of 2,000 layouts: 34.85%``, with the interval of a sample."""
    odds = found.odds
    values = {"layouts": odds.layouts, "percent": 100 * odds.fraction}
    if odds.exact:
        return ngettext(
            "Caught in {count:,} of {layouts:,} layouts: {percent:.2f}%",
            "Caught in {count:,} of {layouts:,} layouts: {percent:.2f}%",
            odds.caught,
            **values,
        )
    low, high = odds.interval
    return ngettext(
        "Caught in {count:,} of {layouts:,} layouts: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        "Caught in {count:,} of {layouts:,} layouts: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        odds.caught,
        low=100 * low,
        high=100 * high,
        **values,
    )
