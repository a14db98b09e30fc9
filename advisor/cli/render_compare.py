"""Output of ``advisor table compare``: the hands that flip as they come, then the summary
(text), or one JSON object written as the run goes (its ``flips`` list streamed)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import click
from rich.table import Table as RichTable
from rich.text import Text

from advisor.cli.render import (
    FOUNDING_LEAD_WORDS,
    VERDICT_STYLE,
    VERDICT_WORDS,
    console,
    labels,
    percent,
    plain,
    share,
)
from advisor.cli.render_batch import LEAD_WORDS
from advisor.compare import ComparedChunk, Comparison, ComparisonTally, HandPair, Side
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.jsonout import json_text


class TextOutput:
    """Flips as rows under one header, then the counts (and, with exact play, its scores)."""

    def __init__(self, comparison: Comparison, several_files: bool) -> None:
        self.comparison = comparison
        self.names = (comparison.table.name, comparison.against.name)
        self.console = console()
        self.several_files = several_files
        self.file: str | None = None
        self.header = True

    def start(self) -> None:
        out = self.console
        lead = _(FOUNDING_LEAD_WORDS[self.comparison.lead.founding])
        table, against, lead_label = labels(N_("Table"), N_("Against"), N_("Lead"))
        out.print(Text.assemble((table, "bold"), plain(self.names[0])))
        out.print(Text.assemble((against, "bold"), plain(self.names[1])))
        out.print(
            Text.assemble((lead_label, "bold"), _("{lead}, unless a line gives its own", lead=lead))
        )

    def add(self, chunk: ComparedChunk) -> None:
        flips = (pair for pair in chunk.pairs if pair.flips)
        for _file, same_file in itertools.groupby(flips, key=lambda pair: pair.file):
            self._print(list(same_file))

    def _print(self, flips: Sequence[HandPair]) -> None:
        if flips[0].file != self.file:
            self.file = flips[0].file
            if self.several_files:
                self.console.print(plain(self.file, style="bold"))
        table = _flips_table(self.names, self.header)
        self.header = False
        for pair in flips:
            lead = _(LEAD_WORDS.get(pair.lead, pair.lead))
            table.add_row(str(pair.line), plain(pair.id or ""), shown_cards(pair.hand), lead,
                          _side(pair.table), _side(pair.against))  # fmt: skip
            if pair.exact is not None:  # exact play's verdict, under the hand
                exact = _(
                    "exact: {verdict} {score:+.2f}",
                    verdict=_(VERDICT_WORDS[pair.exact["verdict"]]),
                    score=pair.exact["expected_score"],
                )
                table.add_row("", "", Text(exact, style="dim"), "", "", "")
        self.console.print(table)

    def finish(self, tally: ComparisonTally) -> None:
        out = self.console
        if self.header:
            out.print(_("No hand flips."))
        out.print(_counts(tally, self.names))
        if tally.exact is not None and self.comparison.exact is not None:
            out.print(_exact_settings(self.comparison))
            out.print(_exact_scores(tally, self.names))


def _exact_settings(comparison: Comparison) -> Text:
    """The line that says how exact play was run, and what a pass scores."""
    assert comparison.exact is not None, "exact play's settings"
    deals, analysis = comparison.exact.samples, comparison.exact.analysis
    pass_score = comparison.table.pass_score
    fields = {"discard": analysis.discard, "seed": str(analysis.seed)}  # option values as typed
    if pass_score is None:
        text = ngettext(
            "{count:,} deal a seat, {discard} discards, seed {seed}; passing scores minus the "
            "expected all-pass penalty",
            "{count:,} deals a seat, {discard} discards, seed {seed}; passing scores minus the "
            "expected all-pass penalty",
            deals,
            **fields,
        )
    else:
        text = ngettext(
            "{count:,} deal a seat, {discard} discards, seed {seed}; passing scores {score:g}",
            "{count:,} deals a seat, {discard} discards, seed {seed}; passing scores {score:g}",
            deals,
            score=pass_score,
            **fields,
        )
    return Text.assemble((_("Exact play"), "bold"), "  ", text)


_FLIP_COLUMNS: tuple[tuple[str, int], ...] = (  # header, English width
    (N_("Line"), 5),
    (N_("Id"), 8),
    (N_("Hand"), 27),
    (N_("Lead"), 4),
)
_SIDE_WIDTH = 13
_ID_AT_LEAST = 5
_WIDTH = 80


def _flip_widths() -> list[int]:
    """The flip table's column widths: as in English, or as its translated heads and lead words
    need, the Id column giving up what that adds beyond 80 columns."""
    lead_words = [_(word) for word in LEAD_WORDS.values()]
    widths = [max(width, len(_(head))) for head, width in _FLIP_COLUMNS]
    widths[3] = max(widths[3], *(len(word) for word in lead_words))
    over = sum(widths) + 2 * _SIDE_WIDTH + 2 * (len(widths) + 1) - _WIDTH  # 2 between columns
    if over > 0:
        widths[1] = max(_ID_AT_LEAST, widths[1] - over)
    return widths


def _flips_table(names: tuple[str, str], show_header: bool) -> RichTable:
    table = RichTable(box=None, pad_edge=False, show_header=show_header, header_style="bold")
    line, id_, hand, lead = _flip_widths()
    table.add_column(_("Line"), width=line, justify="right")
    table.add_column(_("Id"), width=id_, no_wrap=True, overflow="ellipsis")
    table.add_column(_("Hand"), width=hand, overflow="fold")
    table.add_column(_("Lead"), width=lead)
    table.add_column(plain(names[0]), width=_SIDE_WIDTH, overflow="fold")
    table.add_column(plain(names[1]), width=_SIDE_WIDTH, overflow="fold")
    return table


def _side(side: Side) -> Text:
    word = _(VERDICT_WORDS[side.verdict])
    return Text.assemble((word, VERDICT_STYLE[side.verdict]), f" {percent(side.combined)}")


def _counts(tally: ComparisonTally, names: tuple[str, str]) -> RichTable:
    verdicts = tally.verdicts
    counts = RichTable(box=None, pad_edge=False, show_header=False)
    counts.add_column()
    counts.add_column(justify="right")
    counts.add_row(Text(_("Hands"), style="bold"), number(tally.hands, ","))
    counts.add_row("  " + _("both declare"), number(verdicts.both_declare, ","))
    counts.add_row("  " + _("both pass"), number(verdicts.both_pass, ","))
    for name, count in zip(names, verdicts[2:], strict=True):
        counts.add_row(plain("  " + _("only {name} declares", name=name)), number(count, ","))
    counts.add_row(_("Bad lines"), number(tally.bad, ","))
    return counts


_SCORE_HEADS = (
    N_("Agrees"),
    N_("Declares,\nexact passes"),
    N_("Passes,\nexact declares"),
    N_("Mean\nscore"),
)


def _exact_scores(tally: ComparisonTally, names: tuple[str, str]) -> RichTable:
    assert tally.exact is not None, "scores need exact play"
    scores = RichTable(box=None, pad_edge=False, header_style="bold")
    scores.add_column(_("Following"))
    for column in _SCORE_HEADS:
        scores.add_column(_(column), justify="right")
    hands = tally.hands
    followed = {"table": names[0], "against": names[1], "exact": _("exact play")}
    for key, found in tally.exact.items():
        agree = f"{number(found.agree, ',')} ({share(found.agree / hands, 0)})" if hands else "0"
        mean = number(found.score / hands, "+.2f") if hands else "—"
        scores.add_row(plain(followed[key]), agree, number(found.declares_exact_passes, ","),
                       number(found.passes_exact_declares, ","), mean)  # fmt: skip
    return scores


class JsonOutput:
    """One JSON object: the tables and settings, then ``flips`` one a line as they come, then
    ``summary``."""

    def __init__(self, comparison: Comparison) -> None:
        self.comparison = comparison
        self.first = True

    def start(self) -> None:
        comparison = self.comparison
        head: dict[str, Any] = {
            "table": comparison.table.name,
            "against": comparison.against.name,
            "lead": comparison.lead.value,
            "exact": None,
        }
        if comparison.exact is not None:
            analysis = comparison.exact.analysis
            head["exact"] = {"samples": comparison.exact.samples, "seed": analysis.seed,
                             "discard": analysis.discard,
                             "pass_score": comparison.table.setting("pass_score")}  # fmt: skip
        click.echo(_dumps(head)[:-1] + ', "flips": [', nl=False)

    def add(self, chunk: ComparedChunk) -> None:
        for pair in chunk.pairs:
            if pair.flips:
                click.echo(("\n" if self.first else ",\n") + _dumps(pair.to_dict()), nl=False)
                self.first = False

    def finish(self, tally: ComparisonTally) -> None:
        click.echo(("" if self.first else "\n") + '], "summary": ' + _dumps(tally.to_dict()) + "}")


def _dumps(value: Any) -> str:
    return json_text(value)


def comparison_output(
    comparison: Comparison, several_files: bool, as_json: bool
) -> TextOutput | JsonOutput:
    return JsonOutput(comparison) if as_json else TextOutput(comparison, several_files)
