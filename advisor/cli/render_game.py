"""Text output of ``advisor solve --contract``: a game contract in one deal, or over the
layouts of a hand."""

from __future__ import annotations

from rich.text import Text

from advisor.cards import HAND_SIZE
from advisor.cli.grid import Cell, Column, Grid
from advisor.cli.render import console, fields
from advisor.cli.render_declare import convention_words
from advisor.cli.render_solve import SEAT_LETTERS, card_text, diagram
from advisor.contract import Contract
from advisor.game.odds import GameHandOdds, GameLayout, GameOdds
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import no_interval, reported_interval
from advisor.points import Whist
from advisor.seats import Lead, Seat

WHIST_WORDS = {
    Whist.BOTH: N_("both whist"),
    Whist.LEFT: N_("L whists alone"),
    Whist.RIGHT: N_("R whists alone"),
    Whist.HALF: N_("R half-whists"),
    Whist.PASS: N_("both pass (no play)"),
}
"""What the defence said, as the output says it."""

DOWN_WORDS = {
    1: N_("down one"),
    2: N_("down two"),
    3: N_("down three"),
    4: N_("down four"),
    5: N_("down five"),
    6: N_("down six"),
    7: N_("down seven"),
    8: N_("down eight"),
    9: N_("down nine"),
    10: N_("down ten"),
}
"""A failed game's undertricks, as players say them."""

LEAD_WORDS = {
    Lead.ME: N_("me (M, the declarer, leads the first trick)"),
    Lead.LEFT: N_("left (L, the left defender, leads the first trick)"),
    Lead.RIGHT: N_("right (R, the right defender, leads the first trick)"),
}
"""Who leads the first trick of a game (misère's words name the catchers, not defenders)."""

MODEL_WORDS = {
    "folk": N_("folk (each defender whists when his own hand reaches the folk threshold)"),
    "both": N_("both (the defenders always whist)"),
}
"""The convention's whist model, as the output names it."""


def _convention_line(odds: GameOdds | GameLayout) -> str:
    convention = odds.convention
    return _(
        "{preset}, {players} players; whist model {model}",
        preset=convention_words(convention, players=False),
        players=convention.players,
        model=_(MODEL_WORDS[convention.whist_model.value]),
    )


def render_game_layout(found: GameLayout) -> None:
    out = console()
    position = found.result.position
    out.print(diagram(position.hands, out.width))
    out.print()
    labelled = [
        (_("Contract"), found.contract.label.text()),
        (_("Lead"), _(LEAD_WORDS[position.leader.lead])),
        (_("Convention"), _convention_line(found)),
    ]
    out.print(fields(labelled, out.width))
    out.print(_layout_verdict(found))
    out.print()
    out.print(_line(found, out.width))


def _layout_verdict(found: GameLayout) -> Text:
    level = found.contract.level
    if found.made:
        head = ngettext(
            "M takes {count} trick: {contract} made.",
            "M takes {count} tricks: {contract} made.",
            found.tricks,
            contract=found.contract.label,
        )
    else:
        head = ngettext(
            "M takes {count} trick: {contract} {down}.",
            "M takes {count} tricks: {contract} {down}.",
            found.tricks,
            contract=found.contract.label,
            down=_(DOWN_WORDS[level - found.tricks]),
        )
    points = _(
        "The defence: {whist}; M scores {points:+.2f} points.",
        whist=_(WHIST_WORDS[found.whist]),
        points=found.points,
    )
    return Text.assemble((head, "bold green" if found.made else "bold red"), "\n", points)


def _line(found: GameLayout, width: int) -> Text:
    """The line of play, a trick a row: who led, each seat's card, who won it."""
    letters = {seat: _(SEAT_LETTERS[seat]) for seat in Seat}
    leads = {seat: _("{seat} leads", seat=letters[seat]) for seat in Seat}
    columns = [
        Column("#", right=True, least=2),
        Column(_("Lead"), least=9),
        *(Column(letters[seat], least=4) for seat in Seat),
        Column(_("Won by")),
    ]
    rows: list[list[Cell]] = [
        [
            str(place),
            leads[trick.leader],
            *(card_text(trick.card_of(seat)) for seat in Seat),
            Text(letters[trick.winner], style="bold" if trick.winner == Seat.M else ""),
        ]
        for place, trick in enumerate(found.result.line, start=1)
    ]
    return Grid.of(columns, rows, width).text(rows)


def render_game_odds(found: GameHandOdds) -> None:
    out = console()
    odds = found.odds
    if odds.exact:
        splits = _("all {count:,} splits of the other 20 cards", count=odds.layouts)
    else:
        splits = ngettext(
            "{count:,} random split (seed {seed})",
            "{count:,} random splits (seed {seed})",
            odds.layouts,
            seed=str(found.seed),
        )
    labelled = [
        (_("Hand"), shown_cards(found.hand)),
        (_("Discards"), shown_cards(found.discards)),
        (_("Lead"), _(LEAD_WORDS[found.leader.lead])),
        (_("Contract"), odds.contract.label.text()),
        (_("Convention"), _convention_line(odds)),
        (_("Layouts"), splits),
    ]
    out.print(fields(labelled, out.width))
    out.print()
    made = odds.p_make >= 0.5
    out.print(Text(_making_line(odds), style="bold green" if made else "bold red"))
    out.print()
    out.print(_histogram(odds, out.width))
    out.print()
    out.print(_levels(odds, out.width))
    out.print()
    out.print(fields(_figures(odds), out.width))


def _making_line(odds: GameOdds) -> str:
    """``Makes 7♠ in 157,198 of 184,756 layouts: 85.08%``, with a sample's interval (the
    noun follows the layouts: "of 1 layout", "из 21 расклада")."""
    level = odds.contract.level
    line = ngettext(
        "Makes {contract} in {made:,} of {count:,} layout: {percent:.2f}%",
        "Makes {contract} in {made:,} of {count:,} layouts: {percent:.2f}%",
        odds.layouts,
        contract=odds.contract.label,
        made=odds.making(level),
        percent=100 * odds.p_make,
    )
    if odds.exact:
        return line
    interval = reported_interval(odds.interval(level), odds.layouts)
    if interval is None:
        return f"{line} ({no_interval(odds.layouts, layouts=True).text()})"
    low, high = interval
    return line + " " + _("(95% interval {low:.2f}–{high:.2f}%)", low=100 * low, high=100 * high)


def _histogram(odds: GameOdds, width: int) -> Text:
    heads = (_("M's tricks"), _("Layouts"), _("Share"))
    columns = [
        Column(head, right=True, least=least) for head, least in zip(heads, (0, 7, 6), strict=True)
    ]
    rows = [
        (str(tricks), number(count, ","), number(100 * count / odds.layouts, ".1f") + "%")
        for tricks, count in enumerate(odds.histogram)
        if count
    ]
    return Grid.of(columns, rows, width, gaps=(3, 1)).text(rows)


def _levels(odds: GameOdds, width: int) -> Text:
    """The chance to take each level of tricks from the contract's up."""
    columns = [Column(_("Level")), Column(_("Made in"), right=True, least=7)]
    strain = odds.contract.strain
    rows = [
        (Contract(level, strain).label.text(), number(100 * odds.p_making(level), ".2f") + "%")
        for level in range(odds.contract.level, HAND_SIZE + 1)
    ]
    return Grid.of(columns, rows, width, gaps=(3,)).text(rows)


def _figures(odds: GameOdds) -> list[tuple[str, Cell]]:
    defence = ", ".join(
        _(
            "{whist} {percent}%",
            whist=_(WHIST_WORDS[whist]),
            percent=number(100 * n / odds.layouts, ".1f"),
        )
        for whist, n in odds.defence.items()
        if n
    )
    score = _("{score:+.2f} points", score=odds.expected_score)
    if not odds.exact:
        interval = reported_interval(odds.score_interval, odds.layouts)
        if interval is not None:
            score += " " + _(
                "(95% interval {low:+.2f} to {high:+.2f})", low=interval[0], high=interval[1]
            )
    return [
        (_("Defence"), defence),
        (_("Mean tricks"), number(odds.expected_tricks, ".3f")),
        (_("Expected score"), score),
    ]
