"""Text output of ``advisor allpass``: the deal, its values, a line of play, a replay, an
estimate."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from advisor.allpass.rules import AllPassRules, Deal, Replay, Trick
from advisor.allpass.sample import AllPassEstimate, PassingCost
from advisor.allpass.solver import DealValues
from advisor.cards import Card, Suit
from advisor.cli.render import console
from advisor.seats import Position
from advisor.table import TalonCard

_RED = (Suit.DIAMONDS, Suit.HEARTS)
_MARK = "  ←"


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
    out.print(Text("Seat    Forced  Fewest  Points", style="bold"))
    for values in found:
        assert values.forced is not None and values.fewest is not None  # both asked
        points = _number(values.forced * price)
        out.print(f"{values.seat.word:<6}  {values.forced:>6}  {values.fewest:>6}  {points:>6}")
    out.print("(points: the forced tricks at the price)")
    if seat is None or line is None:
        return
    forced = sum(trick.taker is seat for trick in line)
    out.print()
    out.print(f"A line of play in which {seat.label} takes his forced {_tricks(forced)}:")
    out.print()
    _print_tricks(out, line, rules, seat)


def render_replay(played: Replay) -> None:
    out = console()
    _print_deal(out, played.deal, played.rules, played.repeat)
    out.print()
    _print_tricks(out, played.tricks, played.rules, None)
    for revoke in played.revokes:
        out.print(
            Text(
                f"Revoke in trick {revoke.trick}: {revoke.seat.label} played {revoke.card} to "
                f"a {revoke.suit.glyph} trick while holding {revoke.suit.glyph}",
                style="bold red",
            )
        )
    if played.revokes:
        out.print("(the revoker is charged every trick of the deal, the others nothing)")
    out.print()
    out.print(Text("Seat    Tricks  Charged  Points", style="bold"))
    for seat in Position:
        points = _number(played.penalty(seat))
        out.print(
            f"{seat.word:<6}  {played.taken(seat):>6}  {played.charged(seat):>7}  {points:>6}"
        )
    nobody = played.taken(None)
    if nobody:
        who = "The dealer, who sits out," if _dealer_took(played.rules) else "Nobody"
        out.print(f"{who} took {_tricks(nobody)}.")
    out.print("(points: the tricks charged, at the price)")


def render_estimate(found: AllPassEstimate) -> None:
    out = console()
    out.print(Text.assemble(("Hand    ", "bold"), str(found.hand)))
    out.print(Text.assemble(("Seat    ", "bold"), found.seat.label))
    deals = f"{found.samples:,} random deals of the other 22 cards (seed {found.seed})"
    out.print(Text.assemble(("Deals   ", "bold"), deals))
    _print_rules(out, found.rules, found.repeat)
    out.print()
    out.print(Text("          Mean  95% interval", style="bold"))
    for name, spread in (("Forced", found.forced), ("Fewest", found.fewest)):
        low, high = spread.interval
        out.print(f"{name}  {spread.mean:>6.3f}  {low:.3f}–{high:.3f}")
    out.print()
    out.print(Text("Tricks  Forced  Fewest", style="bold"))
    for tricks, (forced, fewest) in enumerate(
        zip(found.forced.histogram, found.fewest.histogram, strict=True)
    ):
        if forced or fewest:
            out.print(f"{tricks:>6}  {forced:>6,}  {fewest:>6,}")
    out.print()
    low, high = found.penalty_interval
    penalty = f"Expected penalty  {found.expected_penalty:.2f} points (95% {low:.2f}–{high:.2f})"
    out.print(Text(penalty, style="bold"))
    out.print(f"(the forced tricks at {_points(found.price)} a trick)")


def render_passing(cost: PassingCost) -> None:
    """``advisor check --allpass``: what passing costs the hand if everyone passes."""
    out = console()
    first = cost.estimates[0]
    out.print()
    dealer = ", talon cards the dealer's" if _dealer_took(first.rules) else ""
    out.print(
        Text.assemble(
            ("All-pass  ", "bold"),
            f"if everyone passes: {first.samples:,} deals a seat (seed {first.seed}), "
            f"{_points(first.price)} a trick{dealer}",
        )
    )
    out.print(Text("Seat         Forced  95% interval  Fewest  Penalty", style="bold"))
    for found in cost.estimates:
        low, high = found.forced.interval
        out.print(
            f"{found.seat.label:<11}  {found.forced.mean:>6.2f}  {low:>5.2f}–{high:<5.2f}   "
            f"{found.fewest.mean:>6.2f}  {_score(-found.expected_penalty):>+7.2f}"
        )
    if len(cost.estimates) > 1:
        average = _score(cost.pass_score)
        out.print(f"{'average':<11}  {cost.expected_tricks:>6.2f}{'':>23}{average:>+7.2f}")


def _score(points: float) -> float:
    """Points to two decimals, without a minus sign on nothing (-0.00)."""
    return round(points, 2) + 0.0


# ----------------------------------------------------------------------------------------------
# Pieces


def _print_deal(out: Console, deal: Deal, rules: AllPassRules, repeat: int) -> None:
    for seat in Position:
        out.print(Text.assemble((f"{seat.word.capitalize():<8}", "bold"), _hand(deal, seat)))
    talon = Text(", then ").join(_card(card) for card in deal.talon)
    out.print(Text.assemble(("Talon   ", "bold"), talon))
    _print_rules(out, rules, repeat)


def _hand(deal: Deal, seat: Position) -> Text:
    hand = deal.hand(seat)
    groups = []
    for suit in Suit:
        ranks = [card.rank.symbol for card in hand if card.suit is suit]
        if ranks:
            groups.append(Text(suit.glyph + " ".join(ranks), style="red" if suit in _RED else ""))
    return Text(" ").join(groups)


def _print_rules(out: Console, rules: AllPassRules, repeat: int) -> None:
    players = f"{rules.players} players ({_dealer(rules)})"
    out.print(Text.assemble(("Rules   ", "bold"), f"{players}; talon card {rules.talon_card}"))
    price = f"{_points(rules.penalty)} a trick"
    factor = rules.progression.factor(repeat)
    if factor != 1:
        price += f", x{factor}: all-pass {repeat} in a row, {rules.progression.value}"
    out.print(Text.assemble(("Price   ", "bold"), price))


def _dealer(rules: AllPassRules) -> str:
    if rules.dealer is None:
        return "the dealer sits out"
    return f"the dealer is {rules.dealer.label}"


def _dealer_took(rules: AllPassRules) -> bool:
    """Whether a talon trick no player at the table took went to the dealer (else: nobody)."""
    return rules.talon_card is TalonCard.DEALER


def _print_tricks(
    out: Console, tricks: Sequence[Trick], rules: AllPassRules, marked: Position | None
) -> None:
    out.print(Text(f"{'#':>2}  {'Lead':<12}  First  Second  Third  Taken by", style="bold"))
    for trick in tricks:
        if trick.turned is not None:
            lead = Text("talon ") + _card(trick.turned)
        else:
            lead = Text(f"{trick.leader.word} leads")
        row = Text(f"{trick.number:>2}  ") + lead
        row.pad_right(18 - len(row.plain))
        for seat, width in zip(Position, (7, 8, 7), strict=True):
            card = _card(trick.card_of(seat))
            row.append_text(card)
            row.append(" " * (width - len(card.plain)))
        if trick.taker is not None:
            taker = trick.taker.word
        else:
            taker = "dealer" if _dealer_took(rules) else "nobody"
        row.append(taker, style="bold red" if marked is not None and trick.taker is marked else "")
        if marked is not None and trick.taker is marked:
            row.append(_MARK, style="bold red")
        out.print(row)


def _card(card: Card) -> Text:
    return Text(str(card), style="red" if card.suit in _RED else "")


def _number(value: float) -> str:
    return f"{value:g}"


def _points(value: float) -> str:
    return f"{_number(value)} point{'' if value == 1 else 's'}"


def _tricks(count: int) -> str:
    return f"{count} trick{'' if count == 1 else 's'}"
