"""Text output of ``advisor allpass``: the deal, its values, a line of play, a replay, an
estimate; and ``advisor check --allpass``'s passing section.

Labels and headers are translated, and every column is as wide as its translated header needs
(the English widths are the least), so that the Russian lines up as well as the English.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from advisor.allpass.rules import AllPassRules, Deal, Replay, Trick
from advisor.allpass.sample import AllPassEstimate, PassingCost
from advisor.allpass.solver import DealValues
from advisor.cards import Card, Suit
from advisor.cli.grid import Cell, Column, Grid
from advisor.cli.render import console, fields
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import no_interval
from advisor.seats import Position
from advisor.table import Progression, TalonCard

_RED = (Suit.DIAMONDS, Suit.HEARTS)
_MARK = "  ←"
_LABEL_WIDTH = 6  # the English labels' column: "Second"

SEAT_WORDS = {
    Position.FIRST: N_("first"),
    Position.SECOND: N_("second"),
    Position.THIRD: N_("third"),
}
"""A seat in a table's rows and in "first leads": ``первая`` in Russian (рука)."""
_SEAT_TITLES = {
    Position.FIRST: N_("First"),
    Position.SECOND: N_("Second"),
    Position.THIRD: N_("Third"),
}
_PROGRESSION_WORDS = {
    Progression.NONE: N_("none"),
    Progression.ARITHMETIC: N_("arithmetic"),
    Progression.GEOMETRIC: N_("geometric"),
}


def render_deal_values(
    deal: Deal,
    rules: AllPassRules,
    repeat: int,
    found: DealValues,
    seat: Position | None,
    line: Sequence[Trick] | None,
) -> None:
    out = console()
    _print_deal(out, deal, rules, repeat)
    out.print()
    price = rules.price(repeat)
    rows = []
    for values in found:
        assert values.forced is not None and values.fewest is not None  # both asked
        points = _number(values.forced * price)
        rows.append((_(SEAT_WORDS[values.seat]), values.forced, values.fewest, points))
    heads = (N_("Seat"), N_("Forced"), N_("Fewest"), N_("Points"))
    out.print(_figures(heads, (6, 6, 6, 6), rows, out.width))
    out.print(_("(points: the forced tricks at the price)"))
    if seat is None or line is None:
        return
    forced = sum(trick.taker is seat for trick in line)
    out.print()
    out.print(
        ngettext(
            "A line of play in which {seat} takes his forced {count} trick:",
            "A line of play in which {seat} takes his forced {count} tricks:",
            forced,
            seat=seat.label,
        )
    )
    out.print()
    _print_tricks(out, line, rules, seat)


def render_replay(played: Replay) -> None:
    out = console()
    _print_deal(out, played.deal, played.rules, played.repeat)
    out.print()
    _print_tricks(out, played.tricks, played.rules, None)
    for revoke in played.revokes:
        suit = revoke.suit.glyph
        message = _(
            "Revoke in trick {trick}: {seat} played {card} to a {suit} trick while holding {suit}",
            trick=revoke.trick,
            seat=revoke.seat.label,
            card=shown_cards(revoke.card),
            suit=suit,
        )
        out.print(Text(message, style="bold red"))
    if played.revokes:
        out.print(_("(the revoker is charged every trick of the deal, the others nothing)"))
    out.print()
    rows = [
        (
            _(SEAT_WORDS[seat]),
            played.taken(seat),
            played.charged(seat),
            _number(played.penalty(seat)),
        )
        for seat in Position
    ]
    heads = (N_("Seat"), N_("Tricks"), N_("Charged"), N_("Points"))
    out.print(_figures(heads, (6, 6, 7, 6), rows, out.width))
    nobody = played.taken(None)
    if nobody:
        if _dealer_took(played.rules):
            took = ngettext(
                "The dealer, who sits out, took {count} trick.",
                "The dealer, who sits out, took {count} tricks.",
                nobody,
            )
        else:
            took = ngettext("Nobody took {count} trick.", "Nobody took {count} tricks.", nobody)
        out.print(took)
    out.print(_("(points: the tricks charged, at the price)"))


def render_estimate(found: AllPassEstimate) -> None:
    out = console()
    deals = ngettext(
        "{count:,} random deal of the other 22 cards (seed {seed})",
        "{count:,} random deals of the other 22 cards (seed {seed})",
        found.samples,
        seed=str(found.seed),
    )
    lines = [
        (_("Hand"), shown_cards(found.hand)),
        (_("Seat"), found.seat.label.text()),
        (_("Deals"), deals),
        *_rules_lines(found.rules, found.repeat),
    ]
    out.print(fields(lines, out.width, least=_LABEL_WIDTH))
    out.print()
    with_interval = found.penalty_interval is not None
    columns = [Column(), Column(_("Mean"), right=True, least=6)]
    if with_interval:
        columns.append(Column(_("95% interval")))
    rows = [
        (name, number(spread.mean, ".3f"), _interval_text(spread.interval, ".3f"))[: len(columns)]
        for name, spread in ((_("Forced"), found.forced), (_("Fewest"), found.fewest))
    ]
    out.print(Grid.of(columns, rows, out.width).text(rows))
    if not with_interval:
        out.print(f"({no_interval(found.samples).text()})")
    out.print()
    histogram = [
        (tricks, forced, fewest)
        for tricks, (forced, fewest) in enumerate(
            zip(found.forced.histogram, found.fewest.histogram, strict=True)
        )
        if forced or fewest
    ]
    heads = (N_("Tricks"), N_("Forced"), N_("Fewest"))
    out.print(_figures(heads, (6, 6, 6), histogram, out.width))
    out.print()
    interval = found.penalty_interval
    if interval is None:
        penalty = _("Expected penalty  {penalty:.2f} points", penalty=found.expected_penalty)
    else:
        penalty = _(
            "Expected penalty  {penalty:.2f} points (95% {low:.2f}–{high:.2f})",
            penalty=found.expected_penalty,
            low=interval[0],
            high=interval[1],
        )
    out.print(Text(penalty, style="bold"))
    out.print(_("(the forced tricks at {price} a trick)", price=_points(found.price)))


def render_passing(cost: PassingCost) -> None:
    """``advisor check --allpass``: what passing costs the hand if everyone passes."""
    out = console()
    first = cost.estimates[0]
    out.print()
    if _dealer_took(first.rules):
        setting = ngettext(
            "if everyone passes: {count:,} deal a seat (seed {seed}), {price} a trick, "
            "talon cards the dealer's",
            "if everyone passes: {count:,} deals a seat (seed {seed}), {price} a trick, "
            "talon cards the dealer's",
            first.samples,
            seed=str(first.seed),
            price=_points(first.price),
        )
    else:
        setting = ngettext(
            "if everyone passes: {count:,} deal a seat (seed {seed}), {price} a trick",
            "if everyone passes: {count:,} deals a seat (seed {seed}), {price} a trick",
            first.samples,
            seed=str(first.seed),
            price=_points(first.price),
        )
    out.print(fields([(_("All-pass"), setting)], out.width))
    seats = [found.seat.label.text() for found in cost.estimates]
    columns = [
        Column(_("Seat"), wrap=True, least=11),
        Column(_("Forced"), right=True, least=6),
        Column(_("95% interval"), wrap=True, least=12),
        Column(_("Fewest"), right=True, least=6),
        Column(_("Penalty"), right=True, least=7),
    ]
    rows = [
        (
            label,
            number(found.forced.mean, ".2f"),
            _interval_text(found.forced.interval, ".2f", ">5", "<5"),
            number(found.fewest.mean, ".2f"),
            number(_score(-found.expected_penalty), "+.2f"),
        )
        for label, found in zip(seats, cost.estimates, strict=True)
    ]
    if len(cost.estimates) > 1:
        rows.append(
            (
                _("average"),
                number(cost.expected_tricks, ".2f"),
                "",
                "",
                number(_score(cost.pass_score), "+.2f"),
            )
        )
    out.print(Grid.of(columns, rows, out.width).text(rows))
    if first.penalty_interval is None:
        out.print(f"({no_interval(first.samples).text()})")


def _interval_text(
    interval: tuple[float, float] | None, spec: str, low: str = "", high: str = ""
) -> str:
    """``0.52–0.61`` (each bound aligned by ``low`` and ``high``); a dash for none."""
    if interval is None:
        return "—"
    return f"{number(interval[0], low + spec)}–{number(interval[1], high + spec)}"


def _score(points: float) -> float:
    """Points to two decimals, without a minus sign on nothing (-0.00)."""
    return round(points, 2) + 0.0


# ----------------------------------------------------------------------------------------------
# Pieces


def _figures(
    heads: Sequence[str],
    least: Sequence[int],
    rows: Sequence[Sequence[object]],
    width: int,
) -> Text:
    """Columns of figures under their (translated) headers, each as wide as its English
    ``least`` width or its header: the first column's words at the left (its figures at the
    right), the other figures at the right, counts with the language's thousands."""
    words = not isinstance(rows[0][0], int) if rows else True
    columns = [
        Column(_(head), right=index > 0 or not words, least=width_)
        for index, (head, width_) in enumerate(zip(heads, least, strict=True))
    ]
    cells = [[_figure(value) for value in row] for row in rows]
    return Grid.of(columns, cells, width).text(cells)


def _figure(value: object) -> str:
    return number(value, ",") if isinstance(value, int) else str(value)


def _print_deal(out: Console, deal: Deal, rules: AllPassRules, repeat: int) -> None:
    lines: list[tuple[str, Text | str]] = [
        (_(_SEAT_TITLES[seat]), _hand(deal, seat)) for seat in Position
    ]
    lines.append((_("Talon"), Text(_(", then ")).join(_card(card) for card in deal.talon)))
    lines += _rules_lines(rules, repeat)
    out.print(fields(lines, out.width, least=_LABEL_WIDTH))


def _hand(deal: Deal, seat: Position) -> Text:
    hand = deal.hand(seat)
    groups = []
    for suit in Suit:
        ranks = [shown_cards(card.rank.symbol) for card in hand if card.suit is suit]
        if ranks:
            groups.append(Text(suit.glyph + " ".join(ranks), style="red" if suit in _RED else ""))
    return Text(" ").join(groups)


def _rules_lines(rules: AllPassRules, repeat: int) -> list[tuple[str, Text | str]]:
    """The ``Rules`` and ``Price`` lines of a deal or an estimate."""
    players = ngettext(
        "{count} player ({dealer}); talon card {mode}",
        "{count} players ({dealer}); talon card {mode}",
        rules.players,
        dealer=_dealer(rules),
        mode=rules.talon_card.value,
    )
    price = _("{price} a trick", price=_points(rules.penalty))
    factor = rules.progression.factor(repeat)
    if factor != 1:
        price += _(
            ", x{factor}: all-pass {repeat} in a row, {progression}",
            factor=factor,
            repeat=repeat,
            progression=_(_PROGRESSION_WORDS[rules.progression]),
        )
    return [(_("Rules"), players), (_("Price"), price)]


def _dealer(rules: AllPassRules) -> str:
    if rules.dealer is None:
        return _("the dealer sits out")
    return _("the dealer is {seat}", seat=rules.dealer.label)


def _dealer_took(rules: AllPassRules) -> bool:
    """Whether a talon trick no player at the table took went to the dealer (else: nobody)."""
    return rules.talon_card is TalonCard.DEALER


def _print_tricks(
    out: Console, tricks: Sequence[Trick], rules: AllPassRules, marked: Position | None
) -> None:
    titles = [_(_SEAT_TITLES[seat]) for seat in Position]
    columns = [
        Column("#", right=True, least=2),
        Column(_("Lead"), wrap=True, least=12),
        *(Column(title, least=max(len(title), 3)) for title in titles),  # a card: up to 10♠
        Column(_("Taken by")),
    ]
    rows: list[list[Cell]] = []
    for trick in tricks:
        if trick.taker is not None:
            taker = Text(_(SEAT_WORDS[trick.taker]))
        else:
            taker = Text(_("dealer") if _dealer_took(rules) else _("nobody"))
        if marked is not None and trick.taker is marked:
            taker = Text.assemble(taker, _MARK, style="bold red")
        cards = [_card(trick.card_of(seat)) for seat in Position]
        rows.append([str(trick.number), _lead(trick), *cards, taker])
    out.print(Grid.of(columns, rows, out.width).text(rows))


def _lead(trick: Trick) -> Text:
    """``talon K♥`` for a talon trick, else ``first leads``."""
    if trick.turned is not None:
        return Text(_("talon") + " ") + _card(trick.turned)
    return Text(_("{seat} leads", seat=_(SEAT_WORDS[trick.leader])))


def _card(card: Card) -> Text:
    return Text(shown_cards(card), style="red" if card.suit in _RED else "")


def _number(value: float) -> str:
    return number(value, "g")


def _points(value: float) -> str:
    """``1 point``, ``2 points``, ``0.5 points`` (in Russian ``1 очко``, ``2 очка``, ``5 очков``,
    ``0,5 очка``)."""
    if value == int(value) and abs(value) < 1e6:
        return ngettext("{count} point", "{count} points", int(value))
    return _("{value:g} points", value=value)
