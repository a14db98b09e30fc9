"""Text output of ``advisor check --exact``: the odds per seat, the tricks, the two verdicts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text

from advisor.cards import Card
from advisor.cli.grid import Column, Grid, paragraph
from advisor.cli.render import (
    VERDICT_HEADLINES,
    VERDICT_STYLE,
    VERDICT_WORDS,
    console,
    fields,
    percent,
    share,
    verdict_line,
)
from advisor.defaults import TALON_COUNT
from advisor.exact.game_check import GameCheck
from advisor.exact.reading import Cell, Form
from advisor.exact.result import ExactOdds, Method
from advisor.exact.suits import SuitOdds
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.table import Combine

_HEADER = (N_("Lead"), N_("Caught"), N_("95% interval"), N_("Score"), N_("95% interval"))
_WIDTHS = (8, 6, 13, 7, 15)  # at least: the English columns
_SEAT_NAMES = {"me": N_("me"), "left": N_("left"), "right": N_("right")}
"""A leading seat as a row of the seats' table names it."""
_AVERAGE = N_("average")
_DISCARDS_SHOWN = 4  # cards of the hand in the "Discarded" line, most often discarded first
_DISCARD_SHARE = 0.05  # ... each discarded after at least this share of the talons


def render_exact(found: ExactOdds) -> None:
    out = console()
    width = out.width
    out.print()
    out.print(_title(found, width))
    how = _how_line(found, width)
    if how is not None:
        out.print(how)
    out.print(_seat_lines(found, width))
    if found.histogram is not None:
        out.print(_tricks_line(found, width))
        out.print(_discarded_line(found, width))
    note = found.reading.per_suit_note
    if found.per_suit:
        out.print()
        out.print(_suit_lines(found, width))
        out.print(_through_line(found, width))
        out.print()
    elif note is not None:
        out.print(fields([(_("Per suit"), _(note))], width))
    out.print(_verdict_line(found, width))
    if found.too_close:
        text = ngettext(
            "too close to call at {count} deal; --samples {more} narrows it",
            "too close to call at {count} deals; --samples {more} narrows it",
            found.samples,
            more=str(found.samples_to_decide),  # an option's value: digits as typed
        )
        out.print(fields([(_("Close"), text)], width))
    if found.reason is not None:
        out.print(fields([(_("Why"), found.reason.text())], width))


def _title(found: ExactOdds, width: int) -> Text:
    values = {
        "per_talon": found.samples // TALON_COUNT,
        "talons": TALON_COUNT,
        "discard": found.discard.value,
        "seed": str(found.seed),  # an option's value: digits as typed
    }
    if found.method is Method.SEQUENTIAL:
        # TRANSLATORS: {talons} is always 231 ("из 231 прикупа"); the noun after {count}
        # follows it (the samples)
        text = ngettext(
            "{deals} of {count} deal ({used} of the {talons} talons, {per_talon} each), "
            "{discard} discards, seed {seed}",
            "{deals} of {count} deals ({used} of the {talons} talons, {per_talon} each), "
            "{discard} discards, seed {seed}",
            found.samples,
            deals=found.deals,
            used=found.talons_used,
            **values,
        )
    else:
        text = ngettext(
            "{count} deal ({per_talon} for each of the {talons} talons), {discard} discards, "
            "seed {seed}",
            "{count} deals ({per_talon} for each of the {talons} talons), {discard} discards, "
            "seed {seed}",
            found.samples,
            **values,
        )
    return fields([(_("Exact play"), text)], width)


def _how_line(found: ExactOdds, width: int) -> Text | None:
    """What a sequential estimate or bounds are, in a line (None for every talon in full)."""
    if found.method is Method.SEQUENTIAL:
        label = _("Sequential")
        text = _(
            "talons drawn at random until the verdict was clear; --full works out all {talons}",
            talons=TALON_COUNT,
        )
    elif found.method is Method.BOUNDS:
        label = _("Bounds")
        text = _(
            "whatever M discards, he is caught at least this often and scores at most this, "
            "which settles the verdict; --full works the figures out"
        )
    else:
        return None
    return fields([(label, text)], width)


def _seat_lines(found: ExactOdds, width: int) -> Text:
    rows: list[tuple[str, ...]] = []
    cells = found.reading.cells
    for seat in found.seats:
        name = _(_SEAT_NAMES[seat.seat.lead.value])
        figures = cells(seat.p_caught, seat.interval, seat.expected_score, seat.score_interval)
        rows.append((name, *map(_cell, figures)))
    if len(found.seats) > 1:
        figures = cells(found.p_caught, found.interval, found.expected_score,
                        found.score_interval)  # fmt: skip
        rows.append((_(_AVERAGE), *map(_cell, figures)))
    columns = [
        Column(_(header), right=index > 0, wrap=index in (2, 4), least=least)
        for index, (header, least) in enumerate(zip(_HEADER, _WIDTHS, strict=True))
    ]
    return Grid.of(columns, rows, width).text(rows)


_FORMS: dict[Form, Callable[[tuple[float, ...]], str]] = {
    "share": lambda values: share(values[0]),
    "shares": lambda values: f"{share(values[0])}–{share(values[1])}",
    "score": lambda values: number(values[0], "+.2f"),
    "score_limit": lambda values: number(values[0], "+.1f"),
    "scores": lambda values: _("{low:+.1f} to {high:+.1f}", low=values[0], high=values[1]),
}
"""How each :data:`~advisor.exact.reading.Form` of a cell is written."""


def _cell(cell: Cell) -> str:
    """A cell of the seats' table as its reading marks it: ``≥ 41.2%``, ``+1.23``."""
    return cell.mark + _FORMS[cell.form](cell.values)


def _suit_lines(found: ExactOdds, width: int) -> Text:
    """Each suit M holds (as dealt or after the discard): the holding as dealt, the one kept
    most often after the discard (and after what share of the talons), the founding table's
    percent for the holding as dealt, and exact play's share of the deals caught through the
    suit, with its interval (the seat's, or the seats' averaged)."""
    judged = dict(found.founding.suits)
    rows: list[tuple[str, ...]] = []
    for suit in found.suits:
        dealt = judged[suit.suit]
        if dealt.holding.is_void and suit.holding.is_void and not suit.caught.p:
            continue
        table = "" if dealt.holding.is_void else percent(dealt.percent)
        rows.append(
            (
                suit.suit.glyph,
                shown_cards(dealt.holding),
                _kept(suit),
                table,
                share(suit.caught.p),
                f"{share(suit.caught.low)}–{share(suit.caught.high)}",
            )
        )
    columns = [
        Column(_(header), right=index > 2, wrap=index == 2)
        for index, header in enumerate(_SUIT_HEADER)
    ]
    return Grid.of(columns, rows, width).text(rows)


_SUIT_HEADER = (N_("Suit"), N_("Holding"), N_("After discard"), N_("Table"), N_("Exact"),
                N_("95% interval"))  # fmt: skip


def _kept(suit: SuitOdds) -> str:
    """The holding kept most often after the discard, with the share of the talons: ``7 10
    (62%)``; a void as ``—``."""
    holding = "—" if suit.holding.is_void else shown_cards(suit.holding)
    return f"{holding} ({share(suit.holding_share, 0)})"


_NAMED_SHARE = 0.005
"""The least share of the deals a suit that is no hole is named at in the line under the suit
table (it reads as 1 %); the table above gives every share."""


def _through_line(found: ExactOdds, width: int) -> Text:
    """``Caught through ♠ 31%, ♥ 44%; caught 58%, 6% of it whichever suit M protects (the
    table adds 50% + 80% = 130%)``, wrapped at the line's width."""
    holes = {suit: judged.percent for suit, judged in found.founding.suits if judged.is_hole}
    caught = [
        f"{suit.suit.glyph} {share(suit.caught.p, 0)}"
        for suit in found.suits
        if suit.caught.p >= _NAMED_SHARE or suit.suit in holes
    ]
    whichever = found.whichever
    of_caught = whichever.p / found.p_caught if whichever is not None and found.p_caught else 0.0
    text = _(
        "{through}; caught {caught}, {whichever} of it whichever suit M protects ({table})",
        through=_("Caught through {suits}", suits=", ".join(caught)) if caught
        else _("Caught through no one suit"),
        caught=share(found.p_caught, 0),
        whichever=share(of_caught, 0),
        table=_table_words(found, list(holes.values())),
    )  # fmt: skip
    return Text(paragraph(text, width))


def _table_words(found: ExactOdds, holes: list[float]) -> str:
    """What the founding table makes of the holes: ``the table adds 50% + 80% = 130%``."""
    combined = percent(found.founding.combined)
    if not holes:
        return _("the table: no hole")
    if len(holes) == 1:
        return _("the table says {percent}", percent=combined)
    how = found.founding.table.combine
    parts = [percent(hole) for hole in holes]
    if how is Combine.SUM:
        return _("the table adds {holes} = {combined}", holes=" + ".join(parts), combined=combined)
    if how is Combine.INDEPENDENT:
        return _(
            "the table combines {holes} into {combined}, as independent chances",
            holes=", ".join(parts),
            combined=combined,
        )
    return _("the table takes the largest of {holes}: {combined}", holes=", ".join(parts),
             combined=combined)  # fmt: skip


def _tricks_line(found: ExactOdds, width: int) -> Text:
    """The share of deals for each number of forced tricks, wrapped under its label."""
    histogram = found.histogram or ()
    total = sum(histogram)
    shares = [f"{t}: {share(n / total)}" for t, n in enumerate(histogram) if n]
    label = _("Tricks forced") + "  "
    lines = [""]
    for piece in shares:
        if lines[-1] and len(label) + len(lines[-1]) + 2 + len(piece) > width:
            lines.append("")
        lines[-1] += f"  {piece}" if lines[-1] else piece
    return Text.assemble((label, "bold"), ("\n" + " " * len(label)).join(lines))


def _discarded_line(found: ExactOdds, width: int) -> Text:
    """The cards of the hand M threw away, and after what share of the talons."""
    shares = [
        (card, count / found.talons)
        for card, count in found.discarded[:_DISCARDS_SHOWN]
        if count / found.talons >= _DISCARD_SHARE
    ]
    if not shares:
        text = _("mostly the talon's own two cards")
    else:
        (first, part), *rest = shares
        text = ", ".join(
            [_("{card} after {share} of talons", card=_glyph_first(first), share=share(part, 0))]
            + [f"{_glyph_first(card)} {share(part, 0)}" for card, part in rest]
        )
    return fields([(_("Discarded"), text)], width)


def _glyph_first(card: Card) -> str:
    """``♠K`` (in Russian ``♠К``), as holdings are written, rather than the card's ``K♠``."""
    return shown_cards(f"{card.suit.glyph}{card.rank.symbol}")


def _verdict_line(found: ExactOdds, width: int) -> Text:
    """``Exact play: DECLARE — expected ...; the founding rule ...``; the founding rule's word on
    a line of its own when the whole would not fit in ``width`` columns."""
    limit = found.threshold
    if limit is not None and found.expected_score > found.pass_score and not found.declare:
        caught = found.reading.caught_mark + share(found.p_caught)
        why = _("caught in {caught} (limit {limit:g}%)", caught=caught, limit=limit)
    else:
        expected = found.reading.expected if found.passing is None else \
            found.reading.expected_allpass  # fmt: skip
        why = _(expected, score=found.expected_score, passing=found.pass_score)
    founding = found.founding.verdict
    if founding == found.verdict:
        rule = _("the founding rule agrees")
    else:
        rule = _("the founding rule says {verdict}", verdict=_(VERDICT_WORDS[founding]))
    label, headline = _("Exact play:") + " ", _(VERDICT_HEADLINES[found.verdict])
    head = Text.assemble((label, "bold"), (headline, VERDICT_STYLE[found.verdict]))
    return verdict_line(head, why, rule, width)


def exact_summary(exact: Mapping[str, Any]) -> str:
    """The ``exact`` object of a JSON record in one line (``advisor batch``'s table)."""
    if exact.get("bound"):
        return _(
            "exact: {verdict}, caught ≥ {caught}, score ≤ {score:+.2f} (bounds)",
            verdict=_(VERDICT_WORDS[exact["verdict"]]),
            caught=share(exact["p_caught"]),
            score=exact["expected_score"],
        )
    return _(
        "exact: {verdict}, caught {caught} ({low}–{high}), score {score:+.2f}",
        verdict=_(VERDICT_WORDS[exact["verdict"]]),
        caught=share(exact["p_caught"]),
        low=share(exact["low"]),
        high=share(exact["high"]),
        score=exact["expected_score"],
    )


def render_game(game: GameCheck) -> None:
    """``check --exact``'s line on games, when one is worth more than the misère (and than
    passing)."""
    if not game.worth_naming:
        return
    out = console()
    choice, share = game.best
    text = _(
        "a game is worth more: {contract} named on {share}% of talons, {points} points "
        "against misère's {misere}; see advisor bid for the ceiling",
        contract=_("give up") if choice is None else choice.label.text(),
        share=number(100 * share, ".0f"),
        points=number(game.points, "+.1f"),
        misere=("≤ " if game.misere_bound else "") + number(game.misere_points, "+.1f"),
    )
    out.print(fields([(_("Game"), text)], out.width))
