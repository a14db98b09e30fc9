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
from advisor.cli.render import console
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import no_interval
from advisor.seats import Position
from advisor.table import Progression, TalonCard

_RED = (Suit.DIAMONDS, Suit.HEARTS)
_MARK = "  ←"
_LABEL_WIDTH = 8  # the English labels' column: "Second  "

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
    columns = _Columns((_("Seat"), 6), (_("Forced"), 6), (_("Fewest"), 6), (_("Points"), 6))
    out.print(Text(columns.header(), style="bold"))
    for values in found:
        assert values.forced is not None and values.fewest is not None  # both asked
        points = _number(values.forced * price)
        out.print(columns.row(_(SEAT_WORDS[values.seat]), values.forced, values.fewest, points))
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
    columns = _Columns((_("Seat"), 6), (_("Tricks"), 6), (_("Charged"), 7), (_("Points"), 6))
    out.print(Text(columns.header(), style="bold"))
    for seat in Position:
        points = _number(played.penalty(seat))
        seat_word = _(SEAT_WORDS[seat])
        out.print(columns.row(seat_word, played.taken(seat), played.charged(seat), points))
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
    labels = _labels(N_("Hand"), N_("Seat"), N_("Deals"), N_("Rules"), N_("Price"))
    out.print(Text.assemble((labels["Hand"], "bold"), shown_cards(found.hand)))
    out.print(Text.assemble((labels["Seat"], "bold"), found.seat.label.text()))
    deals = ngettext(
        "{count:,} random deal of the other 22 cards (seed {seed})",
        "{count:,} random deals of the other 22 cards (seed {seed})",
        found.samples,
        seed=str(found.seed),
    )
    out.print(Text.assemble((labels["Deals"], "bold"), deals))
    _print_rules(out, found.rules, found.repeat, labels)
    out.print()
    names = (_("Forced"), _("Fewest"))
    name_width = max(len(name) for name in names)
    mean_header = _("Mean")
    mean_width = max(6, len(mean_header))
    with_interval = found.penalty_interval is not None
    interval_header = f"  {_('95% interval')}" if with_interval else ""
    heading = f"{'':<{name_width}}  {mean_header:>{mean_width}}{interval_header}"
    out.print(Text(heading, style="bold"))
    for name, spread in zip(names, (found.forced, found.fewest), strict=True):
        mean = number(spread.mean, f">{mean_width}.3f")
        out.print(f"{name:<{name_width}}  {mean}{_interval_cell(spread.interval, '.3f')}")
    if not with_interval:
        out.print(f"({no_interval(found.samples).text()})")
    out.print()
    columns = _Columns((_("Tricks"), 6), (_("Forced"), 6), (_("Fewest"), 6))
    out.print(Text(columns.header(), style="bold"))
    for tricks, (forced, fewest) in enumerate(
        zip(found.forced.histogram, found.fewest.histogram, strict=True)
    ):
        if forced or fewest:
            out.print(columns.row(tricks, forced, fewest))
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
    out.print(Text.assemble((_("All-pass") + "  ", "bold"), setting))
    seats = [found.seat.label.text() for found in cost.estimates]
    average = _("average")
    headers = (_("Seat"), _("Forced"), _("95% interval"), _("Fewest"), _("Penalty"))
    widths = [
        max(11, len(headers[0]), *(len(label) for label in (*seats, average))),
        *(
            max(width, len(header))
            for header, width in zip(headers[1:], (6, 12, 6, 7), strict=True)
        ),
    ]
    aligned = ("<", ">", "<", ">", ">")  # as the figures under them
    heading = (f"{h:{a}{w}}" for h, a, w in zip(headers, aligned, widths, strict=True))
    out.print(Text("  ".join(heading), style="bold"))
    for label, found in zip(seats, cost.estimates, strict=True):
        bounds = found.forced.interval
        interval = (
            "—" if bounds is None else f"{number(bounds[0], '>5.2f')}–{number(bounds[1], '<5.2f')}"
        )
        cells = (
            f"{label:<{widths[0]}}",
            number(found.forced.mean, f">{widths[1]}.2f"),
            f"{interval:<{widths[2]}}",
            number(found.fewest.mean, f">{widths[3]}.2f"),
            number(_score(-found.expected_penalty), f">+{widths[4]}.2f"),
        )
        out.print("  ".join(cells))
    if len(cost.estimates) > 1:
        cells = (
            f"{average:<{widths[0]}}",
            number(cost.expected_tricks, f">{widths[1]}.2f"),
            " " * widths[2],
            " " * widths[3],
            number(_score(cost.pass_score), f">+{widths[4]}.2f"),
        )
        out.print("  ".join(cells))
    if first.penalty_interval is None:
        out.print(f"({no_interval(first.samples).text()})")


def _interval_cell(interval: tuple[float, float] | None, spec: str) -> str:
    """``  0.52–0.61`` after a mean; nothing when there is no interval."""
    if interval is None:
        return ""
    return f"  {number(interval[0], spec)}–{number(interval[1], spec)}"


def _score(points: float) -> float:
    """Points to two decimals, without a minus sign on nothing (-0.00)."""
    return round(points, 2) + 0.0


# ----------------------------------------------------------------------------------------------
# Pieces


class _Columns:
    """Columns of figures under headers: the first column left-aligned (its figures right), the
    others right, each as wide as its English width or its (translated) header, two spaces
    apart."""

    def __init__(self, *columns: tuple[str, int]) -> None:
        self.headers = [header for header, _width in columns]
        self.widths = [max(width, len(header)) for header, width in columns]

    def header(self) -> str:
        first, *figures = zip(self.headers, self.widths, strict=True)
        cells = [f"{first[0]:<{first[1]}}", *(f"{h:>{w}}" for h, w in figures)]
        return "  ".join(cells)

    def row(self, first: object, *figures: object) -> str:
        width = self.widths[0]
        cells = [f"{first:>{width}}" if isinstance(first, int) else f"{first!s:<{width}}"]
        cells += (
            _figure(value, width) for value, width in zip(figures, self.widths[1:], strict=True)
        )
        return "  ".join(cells)


def _figure(value: object, width: int) -> str:
    if isinstance(value, int):
        return number(value, f">{width},")
    return f"{value!s:>{width}}"


def _labels(*names: str) -> dict[str, str]:
    """Each label translated and padded to one width (at least the English ``Second  ``)."""
    shown = {name: _(name) for name in names}
    width = max(_LABEL_WIDTH, *(len(label) + 2 for label in shown.values()))
    return {name: f"{label:<{width}}" for name, label in shown.items()}


def _print_deal(out: Console, deal: Deal, rules: AllPassRules, repeat: int) -> None:
    titles = [_SEAT_TITLES[seat] for seat in Position]
    labels = _labels(*titles, N_("Talon"), N_("Rules"), N_("Price"))
    for seat, title in zip(Position, titles, strict=True):
        out.print(Text.assemble((labels[title], "bold"), _hand(deal, seat)))
    talon = Text(_(", then ")).join(_card(card) for card in deal.talon)
    out.print(Text.assemble((labels["Talon"], "bold"), talon))
    _print_rules(out, rules, repeat, labels)


def _hand(deal: Deal, seat: Position) -> Text:
    hand = deal.hand(seat)
    groups = []
    for suit in Suit:
        ranks = [shown_cards(card.rank.symbol) for card in hand if card.suit is suit]
        if ranks:
            groups.append(Text(suit.glyph + " ".join(ranks), style="red" if suit in _RED else ""))
    return Text(" ").join(groups)


def _print_rules(out: Console, rules: AllPassRules, repeat: int, labels: dict[str, str]) -> None:
    players = ngettext(
        "{count} player ({dealer}); talon card {mode}",
        "{count} players ({dealer}); talon card {mode}",
        rules.players,
        dealer=_dealer(rules),
        mode=rules.talon_card.value,
    )
    out.print(Text.assemble((labels["Rules"], "bold"), players))
    price = _("{price} a trick", price=_points(rules.penalty))
    factor = rules.progression.factor(repeat)
    if factor != 1:
        price += _(
            ", x{factor}: all-pass {repeat} in a row, {progression}",
            factor=factor,
            repeat=repeat,
            progression=_(_PROGRESSION_WORDS[rules.progression]),
        )
    out.print(Text.assemble((labels["Price"], "bold"), price))


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
    leads = [_lead(trick) for trick in tricks]
    lead_header = _("Lead")
    lead_width = max(12, len(lead_header), *(len(lead.plain) for lead in leads))
    seats = [_(_SEAT_TITLES[seat]) for seat in Position]
    card_widths = [max(len(title), 3) + 2 for title in seats]  # a card is up to 3 wide: 10♠
    header = f"{'#':>2}  {lead_header:<{lead_width}}  " + "".join(
        f"{title:<{width}}" for title, width in zip(seats, card_widths, strict=True)
    )
    out.print(Text(header + _("Taken by"), style="bold"))
    for trick, lead in zip(tricks, leads, strict=True):
        row = Text(f"{trick.number:>2}  ") + lead
        row.pad_right(lead_width + 6 - len(row.plain))
        for seat, width in zip(Position, card_widths, strict=True):
            card = _card(trick.card_of(seat))
            row.append_text(card)
            row.append(" " * (width - len(card.plain)))
        if trick.taker is not None:
            taker = _(SEAT_WORDS[trick.taker])
        else:
            taker = _("dealer") if _dealer_took(rules) else _("nobody")
        row.append(taker, style="bold red" if marked is not None and trick.taker is marked else "")
        if marked is not None and trick.taker is marked:
            row.append(_MARK, style="bold red")
        out.print(row)


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
