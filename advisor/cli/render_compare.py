"""Output of ``advisor table compare``: the hands that flip as they come, then the summary
(text), or one JSON object written as the run goes (its ``flips`` list streamed)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

import click
from rich.table import Table as RichTable
from rich.text import Text

from advisor.cli.render import FOUNDING_LEAD_WORDS, VERDICT_STYLE, console, percent, plain, share
from advisor.compare import ComparedChunk, Comparison, ComparisonTally, HandPair, Side


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
        out.print(Text.assemble(("Table    ", "bold"), plain(self.names[0])))
        out.print(Text.assemble(("Against  ", "bold"), plain(self.names[1])))
        out.print(Text.assemble(("Lead     ", "bold"), f"{lead}, unless a line gives its own"))

    def add(self, chunk: ComparedChunk) -> None:
        flips = (pair for pair in chunk.pairs if pair.flips)
        for _, same_file in itertools.groupby(flips, key=lambda pair: pair.file):
            self._print(list(same_file))

    def _print(self, flips: Sequence[HandPair]) -> None:
        if flips[0].file != self.file:
            self.file = flips[0].file
            if self.several_files:
                self.console.print(plain(self.file, style="bold"))
        table = _flips_table(self.names, self.header)
        self.header = False
        for pair in flips:
            table.add_row(str(pair.line), plain(pair.id or ""), pair.hand, pair.lead,
                          _side(pair.table), _side(pair.against))  # fmt: skip
            if pair.exact is not None:  # exact play's verdict, under the hand
                exact = f"exact: {pair.exact['verdict']} {pair.exact['expected_score']:+.2f}"
                table.add_row("", "", Text(exact, style="dim"), "", "", "")
        self.console.print(table)

    def finish(self, tally: ComparisonTally) -> None:
        out = self.console
        if self.header:
            out.print("No hand flips.")
        out.print(_counts(tally, self.names))
        if tally.exact is not None and self.comparison.exact is not None:
            out.print(_exact_settings(self.comparison))
            out.print(_exact_scores(tally, self.names))


def _exact_settings(comparison: Comparison) -> str:
    """The line that says how exact play was run, and what a pass scores."""
    assert comparison.exact is not None, "exact play's settings"
    deals, analysis = comparison.exact.samples, comparison.exact.analysis
    pass_score = comparison.table.pass_score
    if pass_score is None:
        return (
            f"Exact play  {deals:,} deals a seat, {analysis.discard} discards, seed "
            f"{analysis.seed}; passing scores minus the expected all-pass penalty"
        )
    return (
        f"Exact play  {deals:,} deals a seat, {analysis.discard} discards, seed "
        f"{analysis.seed}; passing scores {pass_score:g}"
    )


def _flips_table(names: tuple[str, str], show_header: bool) -> RichTable:
    table = RichTable(box=None, pad_edge=False, show_header=show_header, header_style="bold")
    table.add_column("Line", width=5, justify="right")
    table.add_column("Id", width=8, no_wrap=True, overflow="ellipsis")
    table.add_column("Hand", width=27, overflow="fold")
    table.add_column("Lead", width=4)
    table.add_column(plain(names[0]), width=13, overflow="fold")
    table.add_column(plain(names[1]), width=13, overflow="fold")
    return table


def _side(side: Side) -> Text:
    return Text.assemble((side.verdict, VERDICT_STYLE[side.verdict]), f" {percent(side.combined)}")


def _counts(tally: ComparisonTally, names: tuple[str, str]) -> RichTable:
    verdicts = tally.verdicts
    counts = RichTable(box=None, pad_edge=False, show_header=False)
    counts.add_column()
    counts.add_column(justify="right")
    counts.add_row(Text("Hands", style="bold"), f"{tally.hands:,}")
    counts.add_row("  both declare", f"{verdicts.both_declare:,}")
    counts.add_row("  both pass", f"{verdicts.both_pass:,}")
    for name, count in zip(names, verdicts[2:], strict=True):
        counts.add_row(plain(f"  only {name} declares"), f"{count:,}")
    counts.add_row("Bad lines", f"{tally.bad:,}")
    return counts


def _exact_scores(tally: ComparisonTally, names: tuple[str, str]) -> RichTable:
    assert tally.exact is not None, "scores need exact play"
    scores = RichTable(box=None, pad_edge=False, header_style="bold")
    scores.add_column("Following")
    for column in ("Agrees", "Declares,\nexact passes", "Passes,\nexact declares", "Mean\nscore"):
        scores.add_column(column, justify="right")
    hands = tally.hands
    labels = {"table": names[0], "against": names[1], "exact": "exact play"}
    for key, found in tally.exact.items():
        agree = f"{found.agree:,} ({share(found.agree / hands, 0)})" if hands else "0"
        mean = f"{found.score / hands:+.2f}" if hands else "—"
        scores.add_row(plain(labels[key]), agree, f"{found.declares_exact_passes:,}",
                      f"{found.passes_exact_declares:,}", mean)  # fmt: skip
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
    return json.dumps(value, ensure_ascii=False)


def comparison_output(
    comparison: Comparison, several_files: bool, as_json: bool
) -> TextOutput | JsonOutput:
    return JsonOutput(comparison) if as_json else TextOutput(comparison, several_files)
