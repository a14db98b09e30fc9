"""Output of ``advisor table compare``: the hands that flip as they come, then the summary
(text), or one JSON object written as the run goes (its ``flips`` list streamed)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import click
from rich.text import Text

from advisor.cli.grid import Cell, Column, Grid, fit, width_of
from advisor.cli.render import (
    FOUNDING_LEAD_WORDS,
    VERDICT_STYLE,
    VERDICT_WORDS,
    console,
    fields,
    percent,
    plain,
    share,
)
from advisor.cli.render_batch import LEAD_WORDS
from advisor.compare import ComparedChunk, Comparison, ComparisonTally, HandPair, Side
from advisor.i18n import N_, _, ngettext, number, shown_cards
from advisor.jsonout import json_text
from advisor.text import shown


class TextOutput:
    """Flips as rows under one header, then the counts (and, with exact play, its scores)."""

    def __init__(self, comparison: Comparison, several_files: bool) -> None:
        self.comparison = comparison
        self.names = (comparison.table.name, comparison.against.name)
        self.console = console()
        self.grid = _flips_grid(self.names, self.console.width)
        self.several_files = several_files
        self.file: str | None = None
        self.header = True

    def start(self) -> None:
        lead = _(FOUNDING_LEAD_WORDS[self.comparison.lead.founding])
        lines: list[tuple[str, Cell]] = [
            (_("Table"), plain(self.names[0])),
            (_("Against"), plain(self.names[1])),
            (_("Lead"), _("{lead}, unless a line gives its own", lead=lead)),
        ]
        self.console.print(fields(lines, self.console.width))

    def add(self, chunk: ComparedChunk) -> None:
        flips = (pair for pair in chunk.pairs if pair.flips)
        for _file, same_file in itertools.groupby(flips, key=lambda pair: pair.file):
            self._print(list(same_file))

    def _print(self, flips: Sequence[HandPair]) -> None:
        if flips[0].file != self.file:
            self.file = flips[0].file
            if self.several_files:
                self.console.print(plain(self.file, style="bold"))
        grid = self.grid
        lines = [grid.header()] if self.header else []
        self.header = False
        for pair in flips:
            lead = _(LEAD_WORDS.get(pair.lead, pair.lead))
            lines.append(grid.row([str(pair.line), plain(pair.id or ""), shown_cards(pair.hand),
                                   lead, _side(pair.table), _side(pair.against)]))  # fmt: skip
            if pair.exact is not None:  # exact play's verdict, under the hand
                exact = _(
                    "exact: {verdict} {score:+.2f}",
                    verdict=_(VERDICT_WORDS[pair.exact["verdict"]]),
                    score=pair.exact["expected_score"],
                )
                lines.append(grid.row(["", "", Text(exact, style="dim"), "", "", ""]))
        self.console.print(Text("\n").join(lines))

    def finish(self, tally: ComparisonTally) -> None:
        out = self.console
        if self.header:
            out.print(_("No hand flips."))
        out.print(_counts(tally, self.names, out.width))
        if tally.exact is not None and self.comparison.exact is not None:
            out.print(_exact_settings(self.comparison, out.width))
            out.print(_exact_scores(tally, self.names, out.width))


def _exact_settings(comparison: Comparison, width: int) -> Text:
    """The line that says how exact play was run, and what a pass scores."""
    assert comparison.exact is not None, "exact play's settings"
    deals, analysis = comparison.exact.samples, comparison.exact.analysis.settings
    pass_score = comparison.table.pass_score
    values = {"discard": analysis.discard, "seed": str(analysis.seed)}  # option values as typed
    if pass_score is None:
        text = ngettext(
            "{count:,} deal a seat, {discard} discards, seed {seed}; passing scores minus the "
            "expected all-pass penalty",
            "{count:,} deals a seat, {discard} discards, seed {seed}; passing scores minus the "
            "expected all-pass penalty",
            deals,
            **values,
        )
    else:
        text = ngettext(
            "{count:,} deal a seat, {discard} discards, seed {seed}; passing scores {score:g}",
            "{count:,} deals a seat, {discard} discards, seed {seed}; passing scores {score:g}",
            deals,
            score=pass_score,
            **values,
        )
    return fields([(_("Exact play"), text)], width)


_FLIP_COLUMNS: tuple[tuple[str, int], ...] = (  # header, English width
    (N_("Line"), 5),
    (N_("Id"), 8),
    (N_("Hand"), 27),
    (N_("Lead"), 4),
)
_SIDE_WIDTH = 13
_WIDEST_SUIT = len("♠7 8 9 10 J Q K A")  # the Hand column breaks only between suits


def _flips_grid(names: tuple[str, str], width: int) -> Grid:
    """The flip table: its columns as wide as in English, or as their translated heads and
    lead words need, laid out once for ``width`` (the rows come as they are found): the Id
    gives up width first."""
    lead_words = [_(word) for word in LEAD_WORDS.values()]
    natural = [max(least, len(_(head))) for head, least in _FLIP_COLUMNS]
    natural[3] = max(natural[3], *(len(word) for word in lead_words))
    natural += [max(_SIDE_WIDTH, width_of(name)) for name in names]
    narrowest = [natural[0], 4, _WIDEST_SUIT, natural[3], 9, 9]  # a side: "declare 50%"
    columns = [
        Column(_("Line"), right=True),
        Column(_("Id"), truncate=True),
        Column(_("Hand"), wrap=True),
        Column(_("Lead")),
        Column(shown(names[0]), wrap=True),
        Column(shown(names[1]), wrap=True),
    ]
    sooner = [column.truncate for column in columns]
    return Grid(columns, fit(natural, narrowest, width, sooner))


def _side(side: Side) -> Text:
    word = _(VERDICT_WORDS[side.verdict])
    return Text.assemble((word, VERDICT_STYLE[side.verdict]), f" {percent(side.combined)}")


def _counts(tally: ComparisonTally, names: tuple[str, str], width: int) -> Text:
    verdicts = tally.verdicts
    rows: list[tuple[Cell, Cell]] = [
        (Text(_("Hands"), style="bold"), number(tally.hands, ",")),
        ("  " + _("both declare"), number(verdicts.both_declare, ",")),
        ("  " + _("both pass"), number(verdicts.both_pass, ",")),
    ]
    for name, count in zip(names, verdicts[2:], strict=True):
        rows.append((plain("  " + _("only {name} declares", name=name)), number(count, ",")))
    rows.append((_("Bad lines"), number(tally.bad, ",")))
    columns = (Column(wrap=True), Column(right=True))
    return Grid.of(columns, rows, width, header=False).text(rows, header=False)


_SCORE_HEADS = (
    N_("Agrees"),
    N_("Declares,\nexact passes"),
    N_("Passes,\nexact declares"),
    N_("Mean\nscore"),
)


def _exact_scores(tally: ComparisonTally, names: tuple[str, str], width: int) -> Text:
    assert tally.exact is not None, "scores need exact play"
    columns = [Column(_("Following"), wrap=True)]
    columns += [Column(_(head), right=True, wrap=True) for head in _SCORE_HEADS]
    hands = tally.hands
    followed = {"table": names[0], "against": names[1], "exact": _("exact play")}
    rows = []
    for key, found in tally.exact.items():
        agree = f"{number(found.agree, ',')} ({share(found.agree / hands, 0)})" if hands else "0"
        mean = number(found.score / hands, "+.2f") if hands else "—"
        rows.append((plain(followed[key]), agree, number(found.declares_exact_passes, ","),
                     number(found.passes_exact_declares, ","), mean))  # fmt: skip
    return Grid.of(columns, rows, width).text(rows)


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
            analysis = comparison.exact.analysis.settings
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
