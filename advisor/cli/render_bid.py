"""Text output of ``advisor bid``: each call's points, the ceiling and the answer."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import console, fields, note, share
from advisor.cli.render_declare import MODELS, convention_words
from advisor.contract import Bid
from advisor.defaults import TALON_COUNT
from advisor.exact.bid import (
    CHOICE_SPLITS,
    SCORE_SPLITS,
    BidAdvice,
    BidFigure,
    MisereFigure,
    Source,
)
from advisor.i18n import N_, _, number, shown_cards

LEADS = {
    "me": N_("me (the declarer leads the first trick)"),
    "left": N_("left (L, on your left, leads the first trick)"),
    "right": N_("right (R, on your right, leads the first trick)"),
}
"""Who leads the first trick, seen from the bidder: a defender of his game or a catcher of
his misère, so named by his seat alone."""
_HEADER = (N_("Call"), N_("Points"), N_("95% interval"), N_("Talons"), N_("Named after the talon"))
_METHODS = {
    "full": N_("every talon"),
    "sequential": N_("a sequential estimate, until the answer was clear"),
    "cut": N_("a sequential estimate, stopped by --samples before the answer was clear; --full "
              "works out all {talons}"),
}  # fmt: skip


def _method(found: BidAdvice) -> str:
    """How the talons were worked out: all, or until the answer was clear, or until the
    samples ran out first (then the output must not say it is clear)."""
    if found.full:
        return "full"
    return "sequential" if found.clear else "cut"


def render_bid(found: BidAdvice) -> None:
    out = console()
    convention = found.objective.convention
    auction = found.auction
    calls = " ".join(call.label.text() for call in auction.calls) or _("none (you speak first)")
    talons = _(
        "{talons} talons ({method}), each choice made on {choosing} splits and scored on "
        "{scoring} others (seed {seed})",
        talons=found.talons,
        method=_(_METHODS[_method(found)], talons=TALON_COUNT),
        choosing=CHOICE_SPLITS,
        scoring=SCORE_SPLITS,
        seed=str(found.seed),
    )
    lines = [
        (_("Hand"), shown_cards(found.hand)),
        (_("Seat"), auction.seat.label.text()),
        (_("Auction"), calls),
        (_("Lead"), _(LEADS[found.lead.value])),
        (_("Convention"), convention_words(convention)),
        (_("Whists"), _(MODELS[convention.whist_model.value])),
        (_("Talons"), talons),
    ]
    out.print(fields(lines, out.width))
    out.print()
    columns = [Column(_(h), right=i in (1, 2, 3)) for i, h in enumerate(_HEADER)]
    rows = [_pass_row(found)]
    if found.misere is not None:
        rows.append(_misere_row(found.misere))
    rows += _grouped(found.bids)
    out.print(Grid.of(columns, rows, out.width).text(rows))
    if any(figure.source is not Source.OWN for figure in found.bids):
        note(out, _(LADDER_NOTE))
    ceiling = found.ceiling
    out.print(
        Text.assemble(
            (_("Ceiling:") + " ", "bold"),
            _("none") if ceiling is None else ceiling.label.text(),
        )
    )
    out.print(Text.assemble((_("Answer:") + " ", "bold"), _answer(found)))


def _misere_row(misere: MisereFigure) -> tuple[str, ...]:
    if misere.method == "bounds":
        caught = _("caught in at least {share}", share=share(misere.p_caught))
        return (_("misère"), "≤ " + number(misere.points, "+.2f"), "", "", caught)
    caught = _("caught in {share}", share=share(misere.p_caught))
    return (_("misère"), number(misere.points, "+.2f"), _span(*misere.interval), "", caught)


def _pass_row(found: BidAdvice) -> tuple[str, ...]:
    source = (
        _("the table's pass_score") if found.pass_source == "table" else _("what an all-pass costs")
    )
    return (_("pass"), number(found.pass_points, "+.2f"), "", "", source)


def _grouped(figures: tuple[BidFigure, ...]) -> list[tuple[str, ...]]:
    """A row a bid, neighbouring bids with the same figures in one row (``6♠ … 8NT``)."""
    rows: list[tuple[str, ...]] = []
    first: BidFigure | None = None
    for index, figure in enumerate(figures):
        first = first or figure
        after = figures[index + 1] if index + 1 < len(figures) else None
        if after is None or _row(after, after)[1:] != _row(figure, figure)[1:]:
            rows.append(_row(first, figure))
            first = None
    return rows


def _row(first: BidFigure, figure: BidFigure) -> tuple[str, ...]:
    bids = figure.bid.label.text()
    if first is not figure:
        bids = f"{first.bid.label.text()} … {bids}"
    points = number(figure.points, "+.2f")
    return (
        bids,
        points if figure.interval is not None else "≤ " + points,
        "" if figure.interval is None else _span(*figure.interval),
        number(figure.talons, ","),
        _named(figure),
    )


def _named(figure: BidFigure) -> str:
    """What is named after the talon, and which play the figure is the value of when it is
    not the bid's own (see :mod:`advisor.exact.bid_ladder`; :data:`LADDER_NOTE` explains)."""
    if figure.source is Source.GIVE_UP:
        return _("give up on every talon")
    choice, fraction = figure.best
    named = _("{contract} on {share} of talons", share=share(fraction, 0),
              contract=_("give up") if choice is None else choice.label.text())  # fmt: skip
    if figure.via is None:
        return named
    if figure.source is Source.HIGHER:
        return _("as {bid}: {named}", bid=figure.via.label.text(), named=named)
    return _("≤ {bid}: {named}", bid=figure.via.label.text(), named=named)


LADDER_NOTE = N_(
    "A lower bid allows every contract a higher one does, and giving up is always open: a bid "
    'is worth at least a higher bid\'s play ("as 7♠": played as after it) and giving up; a '
    'bid worked out on fewer talons is worth at most the bid below it ("≤ 7♠").'
)
"""The note under the table when some bid's figure is not its own play's."""


def _span(low: float, high: float) -> str:
    return f"{number(low, '+.2f')} … {number(high, '+.2f')}"


def _answer(found: BidAdvice) -> str:
    return answer_text(found.answer)


def answer_text(answer: Bid) -> str:
    """The answer in the language spoken: ``bid up to 7♥``, ``misère``, ``pass``."""
    if answer.contract is not None:
        return _("bid up to {bid}", bid=answer.label.text())
    return _("misère") if answer.is_misere else _("pass")
