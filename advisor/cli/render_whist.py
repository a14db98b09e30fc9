"""Text output of ``advisor whist``: the game faced, every call priced, the verdict."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import console, fields, share, verdict_line
from advisor.cli.render_declare import convention_words
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import no_interval
from advisor.seats import Seat
from advisor.whist import ChoiceFigures, WhistAdvice
from advisor.whist.advice import FEW_KEPT

_HEADER = ("#", N_("Call"), N_("Points"), N_("95% interval"), N_("Short"), N_("95% interval"))
_RIGHT = {0, 2, 3, 4, 5}
_SHORT = 4  # the first of the shortfall's columns
CALL_WORDS = {"pass": N_("pass"), "whist": N_("whist"), "half": N_("half-whist")}
LEADER_WORDS = {"me": N_("me"), "partner": N_("partner"), "declarer": N_("declarer")}
PARTNER_MODELS = {
    "folk": N_("his folk call in each layout (whist with half the quota in sure tricks): the "
               "whist model folk"),
    "both": N_("he whists in every layout: the whist model both"),
}  # fmt: skip
"""The partner's call when not given: the convention's whist model decides it."""


def render_whist(found: WhistAdvice) -> None:
    out = console()
    width = out.width
    out.print(fields(_heading(found), width))
    out.print()
    out.print(_table(found.choices, width))
    notes = []
    if not found.problem.checked:  # a checked ten has no lone whister: both defenders play
        notes.append((_("Lone whister"), _("plays open (double dummy); closed play is not priced")))
    if found.too_few:
        notes.insert(0, (_("Warning"), ngettext(
            "only {count} layout kept (fewer than {least}): the figures are rough",
            "only {count} layouts kept (fewer than {least}): the figures are rough",
            found.kept, least=FEW_KEPT)))  # fmt: skip
        if not found.has_intervals:
            notes.insert(1, (_("Intervals"), no_interval(found.kept, layouts=True).text()))
    out.print(fields(notes, width))
    out.print(_verdict(found, width))


def _heading(found: WhistAdvice) -> list[tuple[str, str]]:
    problem = found.problem
    side = _("on your left") if problem.declarer.value == "left" else _("on your right")
    order = _("you speak second") if problem.defender is Seat.R else _("you speak first")
    if problem.partner is not None:
        partner = _("{call} (given)", call=_(CALL_WORDS[problem.partner.value]))
    elif problem.partner_model is None:
        partner = _("he plays it: both defenders play a checked ten")
    else:
        partner = _(PARTNER_MODELS[problem.partner_model.value])
    return [
        (_("Hand"), shown_cards(problem.hand)),
        (_("Talon"), shown_cards(problem.talon)),
        (_("Contract"), _("{contract}, the declarer {side}; {order}",
                          contract=problem.contract.label.text(), side=side, order=order)),
        (_("Partner"), partner),
        (_("Lead"), _(LEADER_WORDS[problem.leader.value])),
        (_("Convention"), convention_words(problem.convention)),
        (_("Layouts"), _layouts(found)),
        (_("Declare model"), _model(found)),
        (_("Declarer"), _("{tricks} tricks on average; makes the contract in {made}",
                          tricks=number(found.mean_tricks, ".2f"), made=share(found.p_made))),
    ]  # fmt: skip


def _layouts(found: WhistAdvice) -> str:
    if found.exact:
        text = ngettext(  # the noun follows the splits: "из 21 расклада"
            "{kept:,} of the {count:,} split of the unseen cards",
            "{kept:,} of all {count:,} splits of the unseen cards",
            found.drawn, kept=found.kept)  # fmt: skip
    else:
        text = ngettext(
            "{kept:,} kept of {count:,} random split drawn (seed {seed})",
            "{kept:,} kept of {count:,} random splits drawn (seed {seed})",
            found.drawn, kept=found.kept, seed=str(found.seed))  # fmt: skip
    return text + _(": those on which the declarer, seeing only his own cards, names the contract")


def _model(found: WhistAdvice) -> str:
    discards = (
        _("every discard worth playing")
        if found.model_discards is None
        else ngettext("{count} discard a strain, the likeliest",
                      "{count} discards a strain, the likeliest", found.model_discards)
    )  # fmt: skip
    return ngettext(
        "the advisor's declare on his twelve cards, over {count} split of the defenders' cards "
        "({discards}); he plays the discard it chose",
        "the advisor's declare on his twelve cards, over {count} splits of the defenders' cards "
        "({discards}); he plays the discard it chose",
        found.model_splits, discards=discards)  # fmt: skip


def _table(choices: tuple[ChoiceFigures, ...], width: int) -> Text:
    """The calls' figures; the shortfall's columns only where the defence has a quota (not
    against a checked ten)."""
    quota = choices[0].p_short is not None
    headers = _HEADER if quota else _HEADER[:_SHORT]
    columns = [Column(_(header), right=index in _RIGHT) for index, header in enumerate(headers)]
    rows = [_cells(place, figures) for place, figures in enumerate(choices, start=1)]
    return Grid.of(columns, rows, width).text(rows)


def _cells(place: int, figures: ChoiceFigures) -> tuple[str, ...]:
    cells = (
        str(place),
        _(CALL_WORDS[figures.choice.value]),
        number(figures.points, "+.2f"),
        _NO_INTERVAL if figures.interval is None else _points_range(*figures.interval),
    )
    if figures.p_short is None:
        return cells
    short = figures.short_interval
    return (
        *cells, share(figures.p_short),
        _NO_INTERVAL if short is None else f"{share(short[0])}–{share(short[1])}",
    )  # fmt: skip


_NO_INTERVAL = "—"
"""An interval's cell when too few layouts were sampled for one (the note below says why)."""


def _points_range(low: float, high: float) -> str:
    return f"{number(low, '+.2f')} – {number(high, '+.2f')}"


def _verdict(found: WhistAdvice, width: int) -> Text:
    best = found.best
    head = Text(_(CALL_WORDS[best.choice.value]).capitalize(), style="bold")
    reason = _("{points} points", points=number(best.points, "+.2f"))
    if found.ahead_by is None:
        return verdict_line(head, reason, _("the only call"), width)
    other = _(CALL_WORDS[found.choices[1].choice.value])
    if found.margin is None:
        ahead = _("ahead of {other} by {points}; too few layouts to call it",
                  other=other, points=number(found.ahead_by, "+.2f"))  # fmt: skip
        return verdict_line(head, reason, ahead, width)
    low, high = found.margin
    ahead = _("ahead of {other} by {low} to {high} (95%)", other=other,
              low=number(low, "+.2f"), high=number(high, "+.2f"))  # fmt: skip
    if not found.clear:
        ahead += _(": too close to call")
    return verdict_line(head, reason, ahead, width)
