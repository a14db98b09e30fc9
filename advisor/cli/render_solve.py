"""Text output of ``advisor solve``: the deal diagram, the line of play, the odds."""

from __future__ import annotations

from rich.text import Text

from advisor.cards import Card, CardSet, Suit, format_ranks
from advisor.cli.grid import Cell, Column, Grid, paragraph
from advisor.cli.render import LEAD_WORDS, console, fields
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import no_interval, reported_interval
from advisor.scoring import MISERE
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
    out.print(diagram(result.hands, out.width))
    out.print()
    out.print(fields([(_("Lead"), _(LEAD_WORDS[result.leader.lead.value]))], out.width))
    out.print(_layout_verdict(result))
    out.print()
    out.print(_tricks(result, out.width))


def _tricks(result: LayoutResult, width: int) -> Text:
    """The line of play, a trick a row: who led, each seat's card, who won it."""
    letters = {seat: _(SEAT_LETTERS[seat]) for seat in Seat}
    leads = {seat: _("{seat} leads", seat=letters[seat]) for seat in Seat}
    columns = [
        Column("#", right=True, least=2),
        Column(_("Lead"), least=9),
        *(Column(letters[seat], least=_CARD_COLUMN - 2) for seat in Seat),
        Column(_("Won by")),
    ]
    rows: list[list[Cell]] = []
    for place, trick in enumerate(result.line, start=1):
        caught = trick.winner == Seat.M
        won = _("{seat}  ← caught", seat=letters[Seat.M]) if caught else letters[trick.winner]
        rows.append(
            [
                str(place),
                leads[trick.leader],
                *(card_text(trick.card_of(seat)) for seat in Seat),
                Text(won, style="bold red" if caught else ""),
            ]
        )
    return Grid.of(columns, rows, width).text(rows)


def _layout_verdict(result: LayoutResult) -> Text:
    if not result.caught:
        return Text(_("Clean: the catchers cannot force M to take a trick."), style="bold green")
    caught = ngettext(
        "Caught: the catchers can force M to take {count} trick ({points} to the mountain).",
        "Caught: the catchers can force M to take {count} tricks ({points} to the mountain).",
        result.tricks,
        points=MISERE.per_trick * result.tricks,
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


def diagram(hands: Layout, width: int) -> Text:
    """L and R side by side, M below them (seen from M's chair); on a narrow terminal R under
    L, as the table folds."""
    m, left, right = hands
    letters = {seat: _(SEAT_LETTERS[seat]) for seat in Seat}
    columns = (Column(letters[Seat.L], least=_COLUMN - 2), Column(letters[Seat.R]))
    rows = [(_holding(left, suit), _holding(right, suit)) for suit in Suit]
    indent = " " * (_COLUMN // 2)
    lines = [Grid.of(columns, rows, width).text(rows)]
    lines.append(Text(f"{indent}{letters[Seat.M]}", style="bold"))
    lines += [Text(indent) + _holding(m, suit) for suit in Suit]
    return Text("\n").join(lines)


def _holding(hand: CardSet, suit: Suit) -> Text:
    ranks = shown_cards(format_ranks(hand.suit_mask(suit))) or "—"
    return Text.assemble((suit.glyph, "red" if suit in _RED else ""), " ", ranks)


def card_text(card: Card) -> Text:
    return Text(shown_cards(card), style="red" if card.suit in _RED else "")


def render_odds(found: HandOdds) -> None:
    out = console()
    odds = found.odds
    if odds.exact:
        splits = _("all {count:,} splits of the other 20 cards", count=odds.layouts)
    else:
        splits = ngettext(
            "{count:,} random split (seed {seed})",
            "{count:,} random splits (seed {seed})",
            odds.layouts,
            seed=str(found.seed),  # an option's value: digits as typed
        )
    labelled = [
        (_("Hand"), shown_cards(found.hand)),
        (_("Discards"), shown_cards(found.discards)),
        (_("Lead"), _(LEAD_WORDS[found.leader.lead.value])),
        (_("Layouts"), splits),
    ]
    out.print(fields(labelled, out.width))
    out.print()
    out.print(Text(_caught_line(found), style="bold red" if odds.caught else "bold green"))
    out.print()
    columns = [
        Column(_(head), right=True, least=least)
        for head, least in zip(_HISTOGRAM_HEADS, (0, 7, 6), strict=True)  # "100.0%" is 6
    ]
    rows = [
        (str(tricks), number(count, ","), number(100 * count / odds.layouts, ".1f") + "%")
        for tricks, count in enumerate(odds.histogram)
        if count
    ]
    out.print(Grid.of(columns, rows, out.width, gaps=(3, 1)).text(rows))
    if odds.through is not None:
        out.print()
        for line in _through_lines(found, odds.through, out.width):
            out.print(line)
    out.print()
    expected = _(
        "{score:+.2f}  (+10 pool when clean, -10 mountain a trick)", score=odds.expected_score
    )
    figures = [
        (_("Mean tricks"), number(odds.expected_tricks, ".3f")),
        (_("Expected score"), expected),
    ]
    out.print(fields(figures, out.width))


_HISTOGRAM_HEADS = (N_("Forced tricks"), N_("Layouts"), N_("Share"))


def _through_lines(found: HandOdds, through: SuitCatches, width: int) -> list[Text]:
    """Each suit M holds with the layouts caught through it, then those caught whichever suit
    M protects."""
    layouts = found.odds.layouts
    columns = [
        Column(_(head), right=index > 0, least=least)
        for index, (head, least) in enumerate(zip(_THROUGH_HEADS, (0, 7, 6), strict=True))
    ]
    rows: list[tuple[str, ...]] = [
        (
            f"{suit.glyph} {shown_cards(format_ranks(found.hand.suit_mask(suit)))}",
            number(through.caught(suit), ","),
            number(100 * through.caught(suit) / layouts, ".1f") + "%",
        )
        for suit in Suit
        if found.hand.suit_mask(suit)
    ]
    whichever = through.whichever
    line = ngettext(
        "Caught whichever suit M protects: {count:,} layout ({percent:.1f}%)",
        "Caught whichever suit M protects: {count:,} layouts ({percent:.1f}%)",
        whichever,
        percent=100 * whichever / layouts,
    )
    return [Grid.of(columns, rows, width, gaps=(3, 1)).text(rows), Text(paragraph(line, width))]


_THROUGH_HEADS = (N_("Caught through"), N_("Layouts"), N_("Share"))


def _caught_line(found: HandOdds) -> str:
    """``Caught in 697 of 2,000 layouts: 34.85%``, with the interval of a sample (or why it
    has none); the noun follows the layouts ("of 1 layout", "из 21 расклада")."""
    odds = found.odds
    values = {"caught": odds.caught, "percent": 100 * odds.fraction}
    if odds.exact:
        return ngettext(
            "Caught in {caught:,} of {count:,} layout: {percent:.2f}%",
            "Caught in {caught:,} of {count:,} layouts: {percent:.2f}%",
            odds.layouts,
            **values,
        )
    interval = reported_interval(odds.interval, odds.layouts)
    if interval is None:
        return ngettext(
            "Caught in {caught:,} of {count:,} layout: {percent:.2f}% ({why})",
            "Caught in {caught:,} of {count:,} layouts: {percent:.2f}% ({why})",
            odds.layouts,
            why=no_interval(odds.layouts, layouts=True),
            **values,
        )
    low, high = interval
    return ngettext(
        "Caught in {caught:,} of {count:,} layout: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        "Caught in {caught:,} of {count:,} layouts: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        odds.layouts,
        low=100 * low,
        high=100 * high,
        **values,
    )
