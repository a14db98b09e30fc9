"""Text output of ``advisor declare``: the discards and contracts by expected points."""

from __future__ import annotations

from rich.text import Text

from advisor.cli.grid import Column, Grid
from advisor.cli.render import console, fields, note, share
from advisor.contract import Ten
from advisor.convention import BothFail, Convention
from advisor.exact.declare import Choice, Declaration
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.limits import reported_interval

SHOWN = 6  # contracts in the table (each with its best discard); all in --json
_HEADER = (
    "#",
    N_("Contract"),
    N_("Discard"),
    N_("Makes"),
    N_("Tricks"),
    N_("Points"),
    N_("95% interval"),
    N_("Splits"),
)
LEADS = {
    "me": N_("me (the declarer leads the first trick)"),
    "left": N_("left (L, the left defender, leads the first trick)"),
    "right": N_("right (R, the right defender, leads the first trick)"),
}
"""Who leads the first trick of the game declared (defenders, not misère's catchers)."""
PRESETS = {"sochi": N_("Sochi"), "leningrad": N_("Leningrad"), "rostov": N_("Rostov")}
TENS = {Ten.CHECKED: N_("a ten checked"), Ten.WHISTED: N_("a ten whisted")}
BOTH_FAIL = {
    BothFail.SECOND: N_("the second whister pays when both fail"),
    BothFail.SHARED: N_("both whisters failing share the penalty"),
}
MODELS = {
    "folk": N_("folk (each defender whists when his own hand reaches half the quota in sure "
               "tricks; both passing: the contract is written without play)"),
    "both": N_("both (the defenders always whist)"),
}  # fmt: skip


def convention_words(convention: Convention, *, players: bool = True) -> str:
    """The convention as the output names it: the preset, then what the table changed of it
    (a ten, who pays when both whisters fail; "Sochi" alone would read as Sochi's own), and
    with ``players`` a four-handed game."""
    name = _(PRESETS[convention.preset.value])
    preset = Convention.of(convention.preset)
    changed = [
        *([_(TENS[convention.ten])] if convention.ten is not preset.ten else []),
        *([_(BOTH_FAIL[convention.both_fail])] if convention.both_fail is not preset.both_fail
          else []),
    ]  # fmt: skip
    if changed:
        name = _("{preset} ({changes})", preset=name, changes="; ".join(changed))
    if players and convention.players != preset.players:
        name = _("{convention}, {count} players", convention=name, count=convention.players)
    return name


def render_declaration(found: Declaration) -> None:
    out = console()
    convention = found.objective.convention
    bid = _("none (any game)") if found.bid.is_pass else found.bid.label.text()
    splits = ngettext(  # the noun follows the samples: "of 1 random split"
        "{layouts:,} of {count:,} random split (seed {seed}), the same for every choice",
        "{layouts:,} of {count:,} random splits (seed {seed}), the same for every choice",
        found.samples,
        layouts=found.layouts,
        seed=str(found.seed),
    )
    lines = [
        (_("Cards"), shown_cards(found.twelve)),
        (_("Bid"), bid),
        (_("Lead"), _(LEADS[found.objective.leader.lead.value])),
        (_("Convention"), convention_words(convention)),
        (_("Whists"), _(MODELS[convention.whist_model.value])),
        (_("Layouts"), splits),
    ]
    out.print(fields(lines, out.width))
    out.print()
    shown = found.best_by_contract()[:SHOWN]
    columns = [Column(_(h), right=i in (0, 3, 4, 5, 6, 7)) for i, h in enumerate(_HEADER)]
    rows = [_cells(place, choice) for place, choice in enumerate(shown, start=1)]
    rows.append(("", _("give up"), "", "", "", number(found.give_up, "+.2f"), "", ""))
    out.print(Grid.of(columns, rows, out.width).text(rows))
    if found.dropped:
        bound = max(item.bound for item in found.dropped)
        dropped = ngettext(
            "{count} discard and strain dropped on the first splits, each at most {bound:+.2f}",
            "{count} discards and strains dropped on the first splits, each at most {bound:+.2f}",
            len(found.dropped),
            bound=bound,
        )
        note(out, dropped)
    out.print(_answer(found))


def _cells(place: int, choice: Choice) -> tuple[str, ...]:
    interval = reported_interval(choice.interval, choice.layouts)
    return (
        str(place),
        choice.contract.label.text(),
        shown_cards(choice.discards),
        share(choice.p_make),
        number(choice.mean_tricks, ".2f"),
        number(choice.expected, "+.2f"),
        "—" if interval is None
        else f"{number(interval[0], '+.2f')} … {number(interval[1], '+.2f')}",
        number(choice.layouts, ","),
    )  # fmt: skip


def _answer(found: Declaration) -> Text:
    best = found.best
    if best is None:
        why = _(
            "give up {contract} three down: {points:+.2f}, better than playing",
            contract=found.give_up_contract.label.text(),
            points=found.give_up,
        )
    else:
        why = _(
            "discard {cards}, name {contract}: expected {points:+.2f} points",
            cards=shown_cards(best.discards),
            contract=best.contract.label.text(),
            points=best.expected,
        )
    return Text.assemble((_("Declare:") + " ", "bold"), why)
