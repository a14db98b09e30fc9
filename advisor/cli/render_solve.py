"""Text output of ``advisor solve``: the deal diagram, the line of play, the odds."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rich.text import Text

from advisor.cards import Card, CardSet, Suit, format_ranks
from advisor.cli.render import console
from advisor.seats import Seat
from advisor.solver import HandOdds, Layout, LayoutResult

_LEADS = {
    Seat.M: "me (M leads the first trick)",
    Seat.L: "left (L leads the first trick)",
    Seat.R: "right (R leads the first trick)",
}
T = TypeVar("T")
_RED = (Suit.DIAMONDS, Suit.HEARTS)
_COLUMN = 24  # width of L's column in the diagram


def render_layout(result: LayoutResult) -> None:
    out = console()
    for line in _diagram(result.hands):
        out.print(line)
    out.print()
    out.print(Text.assemble(("Lead  ", "bold"), _LEADS[result.leader]))
    out.print(_layout_verdict(result))
    out.print()
    out.print(Text(f"{'#':>2}  {'Lead':<9}  M     L     R     Won by", style="bold"))
    for number, trick in enumerate(result.line, start=1):
        cards = [_card(trick.card_of(seat)) for seat in Seat]
        row = Text(f"{number:>2}  {trick.leader.name + ' leads':<9}  ")
        for card in cards:
            row.append_text(card)
            row.append(" " * (6 - len(card.plain)))
        won = "M  ← caught" if trick.winner == Seat.M else trick.winner.name
        row.append(won, style="bold red" if trick.winner == Seat.M else "")
        out.print(row)


def _layout_verdict(result: LayoutResult) -> Text:
    if not result.caught:
        return Text("Clean: the catchers cannot force M to take a trick.", style="bold green")
    trick = "trick" if result.tricks == 1 else "tricks"
    return Text(
        f"Caught: the catchers can force M to take {result.tricks} {trick} "
        f"({10 * result.tricks} to the mountain).",
        style="bold red",
    )


def _diagram(hands: Layout) -> list[Text]:
    """L and R side by side, M below them (seen from M's chair)."""
    m, left, right = hands
    lines = [Text(f"{'L':<{_COLUMN}}R", style="bold")]
    for suit in Suit:
        line = _holding(left, suit)
        line.pad_right(_COLUMN - len(line.plain))
        line.append_text(_holding(right, suit))
        lines.append(line)
    indent = " " * (_COLUMN // 2)
    lines.append(Text(f"{indent}M", style="bold"))
    lines += [Text(indent) + _holding(m, suit) for suit in Suit]
    return lines


def _holding(hand: CardSet, suit: Suit) -> Text:
    ranks = format_ranks(hand.suit_mask(suit)) or "—"
    return Text.assemble((suit.glyph, "red" if suit in _RED else ""), " ", ranks)


def _card(card: Card) -> Text:
    return Text(str(card), style="red" if card.suit in _RED else "")


def render_odds(found: HandOdds) -> None:
    out = console()
    odds = found.odds
    out.print(Text.assemble(("Hand      ", "bold"), str(found.hand)))
    out.print(Text.assemble(("Discards  ", "bold"), str(found.discards)))
    out.print(Text.assemble(("Lead      ", "bold"), _LEADS[found.leader]))
    if odds.exact:
        out.print(f"Layouts   all {odds.layouts:,} splits of the other 20 cards")
    else:
        out.print(f"Layouts   {odds.layouts:,} random splits (seed {found.seed})")
    out.print()
    caught = f"Caught in {odds.caught:,} of {odds.layouts:,} layouts: {100 * odds.fraction:.2f}%"
    if not odds.exact:
        low, high = odds.interval
        caught += f" (95% interval {100 * low:.2f}–{100 * high:.2f}%)"
    out.print(Text(caught, style="bold red" if odds.caught else "bold green"))
    out.print()
    out.print(Text("Forced tricks   Layouts   Share", style="bold"))
    for tricks, count in enumerate(odds.histogram):
        if count:
            out.print(f"{tricks:>13}   {count:>7,}   {100 * count / odds.layouts:5.1f}%")
    out.print()
    out.print(f"Mean tricks     {odds.expected_tricks:.3f}")
    out.print(
        f"Expected score  {odds.expected_score:+.2f}  (+10 pool when clean, -10 mountain a trick)"
    )


def with_progress(run: Callable[..., T]) -> T:
    """Call ``run(progress=...)`` under a rich progress bar on standard error, drawn from the
    first progress report on: bad input, which ``run`` rejects before it solves anything, is
    told without a bar drawn first."""
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    bar = Progress(
        "Solving",
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
    )
    task = bar.add_task("layouts", total=None)

    def update(done: int, total: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        return run(progress=update)
    finally:
        bar.stop()
