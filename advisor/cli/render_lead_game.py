"""Text output of ``advisor lead --contract``: every first lead to a game, best first, and double
dummy beside them."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import console, fields, share, verdict_line
from advisor.cli.render_declare import MODELS, convention_words
from advisor.game_lead import GameLead, LeadFigures
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.points import Whist
from advisor.seats import Seat

_HEADER = ("#", N_("Lead"), N_("Tricks"), N_("Makes"), N_("Points"), N_("95% interval"))
_RIGHT = {0, 2, 3, 4, 5}  # the columns of numbers
DECLARER_HEARD = {
    Whist.BOTH: N_("both defenders whisted"),
    Whist.LEFT: N_("L (on the declarer's left) whisted alone, R passed"),
    Whist.RIGHT: N_("R (on the declarer's right) whisted alone, L passed"),
}
MODEL_HEARD = {
    Whist.BOTH: N_("both whisted in {share}"),
    Whist.LEFT: N_("L alone in {share}"),
    Whist.RIGHT: N_("R alone in {share}"),
}
DEFENDER_HEARD = {
    "both": N_("both defenders whisted"),
    "me": N_("you whisted alone, your partner passed"),
    "partner": N_("your partner whisted alone, you passed"),
}


def render_game_lead(found: GameLead) -> None:
    out = console()
    width = out.width
    out.print(fields(_heading(found), width))
    out.print()
    out.print(_table(found, width))
    out.print(fields([(_("Double dummy"), _double_dummy(found))], width))
    out.print(_verdict(found, width))


def _heading(found: GameLead) -> list[tuple[str, str]]:
    question = found.question
    declarer = question.leader is Seat.M
    lines = [(_("Hand"), shown_cards(question.hand))]
    if question.discards is not None:
        lines.append((_("Discards"), shown_cards(question.discards)))
    if question.talon is not None:
        lines.append((_("Talon"), shown_cards(question.talon)))
    contract = question.contract.label.text()
    if declarer:
        played = _("{contract}; the declarer leads the first trick", contract=contract)
    else:
        side = _("on your left") if question.leader is Seat.R else _("on your right")
        played = _("{contract}, the declarer {side}; you lead the first trick",
                   contract=contract, side=side)  # fmt: skip
    lines += [
        (_("Contract"), played),
        (_("Defence"), _heard(found)),
        (_("Convention"), convention_words(question.convention)),
        (_("Whists"), _(MODELS[question.convention.whist_model.value])),
        (_("Layouts"), _layouts(found)),
        (_("Figures"), _("the declarer's tricks and his chance to make the contract; the points "
                         "are yours")),
    ]  # fmt: skip
    return lines


def _heard(found: GameLead) -> str:
    question, defence = found.question, found.question.defence
    if defence is None:
        return _model_heard(found)
    if question.leader is Seat.M or defence is Whist.BOTH:
        return _(DECLARER_HEARD[defence])
    alone = "me" if question.leader in defence.whisters else "partner"
    return _(DEFENDER_HEARD[alone])


def _model_heard(found: GameLead) -> str:
    """What the whist model says in each layout: its decisions' shares."""
    layouts = found.layouts
    if found.question.leader is not Seat.M:
        whisted = found.outcomes.get(Whist.BOTH, 0) / layouts
        return _("you whisted; your partner too in {share} of the layouts (the whist model)",
                 share=share(whisted))  # fmt: skip
    parts = [_(MODEL_HEARD[outcome], share=share(count / layouts))
             for outcome, count in found.outcomes.items()]  # fmt: skip
    return _(
        "as the whist model says in each layout, a defender whisting: {shares}",
        shares="; ".join(parts),
    )


def _layouts(found: GameLead) -> str:
    question, count = found.question, found.layouts
    if question.leader is Seat.M:
        if found.exact:
            text = ngettext(
                "the {count:,} split of the defenders' cards, of all {drawn:,}",
                "the {count:,} splits of the defenders' cards, of all {drawn:,}",
                count, drawn=found.drawn)  # fmt: skip
        else:
            text = ngettext(
                "{count:,} random split of the defenders' cards, of {drawn:,} drawn (seed {seed})",
                "{count:,} random splits of the defenders' cards, of {drawn:,} drawn (seed {seed})",
                count, drawn=found.drawn, seed=str(question.seed))  # fmt: skip
        if question.defence is None:
            return text + _(": those on which a defender whists, as the whist model says; the "
                            "same for every lead")  # fmt: skip
        return text + _(": those on which the whist model says what the defence said; the "
                        "same for every lead")  # fmt: skip
    if found.exact:
        text = ngettext(
            "{count:,} of all {drawn:,} splits of the unseen cards",
            "{count:,} of all {drawn:,} splits of the unseen cards",
            count, drawn=found.drawn)  # fmt: skip
    else:
        text = ngettext(
            "{count:,} kept of {drawn:,} random splits drawn (seed {seed})",
            "{count:,} kept of {drawn:,} random splits drawn (seed {seed})",
            count, drawn=found.drawn, seed=str(question.seed))  # fmt: skip
    if question.defence is None:
        return text + _(": those on which the declarer, seeing only his own cards, names the "
                        "contract (as advisor whist keeps them); the same for every lead"
                        )  # fmt: skip
    return text + _(": those on which the declarer, seeing only his own cards, names the "
                    "contract (as advisor whist keeps them) and the whist model says what your "
                    "partner said; the same for every lead")  # fmt: skip


def _table(found: GameLead, width: int) -> Text:
    columns = [Column(_(header), right=index in _RIGHT) for index, header in enumerate(_HEADER)]
    rows = [_cells(place, lead, found.exact) for place, lead in enumerate(found.leads, start=1)]
    return Grid.of(columns, rows, width).text(rows)


def _cells(place: int, lead: LeadFigures, exact: bool) -> tuple[str, ...]:
    low, high = lead.interval
    return (
        str(place),
        shown_cards(lead.cards),
        number(lead.mean_tricks, ".2f"),
        share(lead.p_make),
        number(lead.points, "+.2f"),
        _("exact") if exact else f"{number(low, '+.2f')} … {number(high, '+.2f')}",
    )


def _double_dummy(found: GameLead) -> str:
    dd = found.double_dummy
    values = {
        "tricks": number(dd.mean_tricks, ".2f"),
        "made": share(dd.p_make),
        "points": number(dd.points, "+.2f"),
    }
    if found.question.leader is Seat.M:
        return _("tricks {tricks}, makes {made}, points {points}: the declarer choosing his "
                 "lead in each layout with every hand in view", **values)  # fmt: skip
    return _("tricks {tricks}, makes {made}, points {points}: you choosing your lead in each "
             "layout with every hand in view", **values)  # fmt: skip


def _verdict(found: GameLead, width: int) -> Text:
    """``Best blind lead: ♥9 10 J — +0.36 points; ahead of ♦Q K by -0.02 to +0.14 (95%): too
    close to call``."""
    best = found.best
    head = Text(_("Best blind lead:") + " " + shown_cards(best.cards), style="bold")
    reason = _("{points} points", points=number(best.points, "+.2f"))
    if found.margin is None:
        return verdict_line(head, reason, _("the only lead"), width)
    low, high = found.margin
    ahead = _("ahead of {other} by {low} to {high} (95%)", other=shown_cards(found.leads[1].cards),
              low=number(low, "+.2f"), high=number(high, "+.2f"))  # fmt: skip
    if not found.clear:
        ahead += _(": too close to call")
    seeing = number(found.double_dummy.points, "+.2f")
    return verdict_line(head, reason, ahead + _("; {points} seeing every hand", points=seeing),
                        width)  # fmt: skip
