"""Text output of ``advisor lead``: every first lead, best first, and double dummy beside them."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import (
    LEAD_WORDS,
    console,
    fields,
    share,
    verdict_line,
)
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.lead_figures import BlindLead, DiscardRule, LeadFigures
from advisor.seats import Seat

_HEADER = ("#", N_("Lead"), N_("Caught"), N_("95% interval"), N_("Tricks"), N_("Score"))
_RIGHT = {0, 2, 3, 4, 5}  # the columns of numbers


def render_lead(found: BlindLead) -> None:
    out = console()
    width = out.width
    out.print(fields(_heading(found), width))
    out.print()
    out.print(_table(found.leads, width))
    lines = [(_("Double dummy"), _double_dummy(found))]
    if found.counted < found.layouts:
        lines.insert(0, (_("Tricks"), _counted(found)))
    out.print(fields(lines, width))
    out.print(_verdict_line(found, width))


def _heading(found: BlindLead) -> list[tuple[str, str]]:
    """The lines above the table: the hand, what M threw or the talon, the lead, the layouts."""
    hand, lead, layouts = _("Hand"), _("Lead"), _("Layouts")
    second = _("Discards") if found.talon is None else _("Talon")
    lines = [(hand, shown_cards(found.hand))]
    if found.talon is not None:
        lines.append((second, shown_cards(found.talon)))
    elif found.discard_rule is DiscardRule.EXACT:
        lines.append((second, _("{cards}, as exact play discards (advisor discard --exact "
                                "--lead me)", cards=shown_cards(found.discards))))  # fmt: skip
    else:
        lines.append((second, shown_cards(found.discards)))
    lines.append((lead, _(LEAD_WORDS[found.leader.lead.value])))
    lines.append((layouts, _layouts(found)))
    return lines


def _layouts(found: BlindLead) -> str:
    count = found.layouts
    if found.talon is None:
        if found.exact:
            return _("all {count:,} splits of the other 20 cards, the same for every lead",
                     count=count)  # fmt: skip
        return ngettext(
            "{count:,} random split (seed {seed}), the same for every lead",
            "{count:,} random splits (seed {seed}), the same for every lead",
            count,
            seed=str(found.seed),  # an option's value: digits as typed
        )
    if found.exact:
        text = ngettext(
            "the {count:,} splits of the other 20 cards on which M could have declared "
            "misère, of all {drawn:,}",
            "the {count:,} splits of the other 20 cards on which M could have declared "
            "misère, of all {drawn:,}",
            count,
            drawn=found.drawn,
        )
    else:
        text = ngettext(
            "{count:,} random split of the other 20 cards on which M could have declared "
            "misère, of {drawn:,} drawn (seed {seed})",
            "{count:,} random splits of the other 20 cards on which M could have declared "
            "misère, of {drawn:,} drawn (seed {seed})",
            count,
            drawn=found.drawn,
            seed=str(found.seed),
        )
    return text + _("; M discards the table's best two of his twelve cards")


def _table(leads: Sequence[LeadFigures], width: int) -> Text:
    columns = [Column(_(header), right=index in _RIGHT) for index, header in enumerate(_HEADER)]
    rows = [_cells(place, lead) for place, lead in enumerate(leads, start=1)]
    return Grid.of(columns, rows, width).text(rows)


def _cells(place: int, lead: LeadFigures) -> tuple[str, ...]:
    low, high = lead.interval
    score, tricks = lead.expected_score, lead.mean_tricks
    return (
        str(place),
        shown_cards(lead.cards),
        share(lead.p_caught),
        _("exact") if lead.exact else f"{share(low)}–{share(high)}",
        "" if tricks is None else number(tricks, ".2f"),
        "≤ " + number(lead.score_bound, "+.2f") if score is None else number(score, "+.2f"),
    )


def _counted(found: BlindLead) -> str:
    """On how many layouts the tricks were counted, and to what margin (rounded up)."""
    return ngettext(
        "counted on the first {count:,} of the {layouts:,} layouts, each figure within "
        "±{margin} tricks of all of them (95%); --full counts every layout",
        "counted on the first {count:,} of the {layouts:,} layouts, each figure within "
        "±{margin} tricks of all of them (95%); --full counts every layout",
        found.counted,
        layouts=found.layouts,
        margin=number(math.ceil(100 * found.tricks_margin) / 100, ".2f"),
    )


def _double_dummy(found: BlindLead) -> str:
    dd = found.double_dummy
    low, high = dd.interval
    values = {
        "caught": share(dd.p_caught),
        "interval": _("exact") if dd.exact else f"{share(low)}–{share(high)}",
        "tricks": number(dd.mean_tricks or 0.0, ".2f"),
        "score": number(dd.score_bound, "+.2f"),
    }
    if found.leader is Seat.M:
        text = _("caught in {caught} ({interval}), tricks {tricks}, score {score}: M choosing "
                 "his lead in each layout with every hand in view", **values)  # fmt: skip
    else:
        text = _("M caught in {caught} ({interval}), tricks {tricks}, score {score}: the "
                 "catcher choosing his lead in each layout with every hand in view",
                 **values)  # fmt: skip
    return text


def _verdict_line(found: BlindLead, width: int) -> Text:
    """``Best blind lead: ♥8 — caught in 20.6%; in 16.2% if M could see the split``."""
    blind, seeing = share(found.best.p_caught), share(found.double_dummy.p_caught)
    if found.leader is Seat.M:
        reason = _("caught in {share}", share=blind)
        more = _("in {share} if M could see the split", share=seeing)
    else:
        reason = _("M caught in {share}", share=blind)
        more = _("in {share} if the catcher could see every hand", share=seeing)
    head = Text(_("Best blind lead:") + " " + shown_cards(found.best.cards), style="bold")
    return verdict_line(head, reason, more, width)
