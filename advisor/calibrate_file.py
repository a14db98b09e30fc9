"""The table file of a calibration (``advisor table calibrate -o``): exact play's figures as a
complete table, each entry's conditions as its source, and those sources read back for people."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.calibrate import LEADS, Calibration, CatchFigure, Figure, HoldingCalibration
from advisor.errors import CalibrationError
from advisor.holdings import Holding
from advisor.i18n import N_, Phrase
from advisor.seats import Lead
from advisor.table import CONVENTION, RULE_DEFAULTS, SETTING_DEFAULTS, Table, merge_table
from advisor.verdict import json_number

_HEADER = """\
Exact play's catch chances for the table {name!r}, made by
  {command}
{what}
The solver prices a holding in representative hands: the other suits clean and low as dealt
(each suit's share of a random deal replaced by its lowest cards), two cards of the other suits
discarded (as if the talon brought them), the catchers' 20 cards split at random. own = M leads
the first trick; their = L and R leading, averaged. The settings, rules and convention are
those of the table calibrated.
{caught}"""
_EVERY_HOLDING = """\
Every entry of that table (each '|' alternative on its own where their figures differ) and
every holding of up to four cards that is not clean."""
_SOME_HOLDINGS = """\
The holdings asked for (each '|' alternative of an entry on its own unless every one of them
was asked for and their figures agree); every other entry is the table's, as it was."""
_CAUGHT_WORDS = {
    CatchFigure.SUIT: (
        "A deal counts when M is caught through the holding: his first trick is forced\n"
        "into its suit, however he tries to take it in another."
    ),
    CatchFigure.HAND: "A deal counts when M is caught at all: the hand's whole catch chance.",
}
"""What counts as caught, in the file's header."""


@dataclass(frozen=True)
class _Priced:
    """One holding's figures as the file writes them: exact play's, or the table's own."""

    own: float
    their: float
    source: str
    calibrated: bool

    @property
    def figures(self) -> tuple[float, float, bool]:
        """What alternatives of one key must share to stay one key (not the source, whose
        intervals differ from holding to holding)."""
        return self.own, self.their, self.calibrated


def calibrated_table_text(calibration: Calibration, table: Table, command: str) -> str:
    """A complete table file (``inherit = false``): ``table``'s settings, rules and
    convention, every calibrated holding with exact play's figures and the conditions as its
    source, and every entry not calibrated as the table has it. Alternatives of one entry stay
    one key when their figures are the same."""
    import tomlkit
    from tomlkit.items import KeyType, SingleKey

    from advisor.convention import TABLE_KEYS

    if set(calibration.leads) != set(LEADS):
        raise CalibrationError(Phrase("a table file needs both leads calibrated (own and their)"))
    entries, every = _priced_entries(calibration, table)
    document = tomlkit.document()
    header = _HEADER.format(
        command=command,
        name=table.name,
        what=_EVERY_HOLDING if every else _SOME_HOLDINGS,
        caught=_CAUGHT_WORDS[calibration.figure],
    )
    for line in header.splitlines():
        document.add(tomlkit.comment(line))
    document.add("inherit", False)
    for name in SETTING_DEFAULTS:
        value = table.setting(name)
        if value is not None:  # exact_threshold: off
            document.add(name, value)
    rules = tomlkit.table()
    for name in RULE_DEFAULTS:
        rules.add(name, table.rule(name))
    convention = tomlkit.table()
    for name, value in table.convention.section().items():
        if name in TABLE_KEYS:  # players is the table's own setting, written above
            convention.add(name, value)
    holes = tomlkit.table()
    for key, priced in entries:
        entry = tomlkit.inline_table()
        entry.update({"own": json_number(priced.own), "their": json_number(priced.their)})
        if priced.source:
            entry["source"] = priced.source
        holes.add(SingleKey(key, t=KeyType.Basic), entry)  # quoted, as "7 10" must be
    document.add("rules", rules)
    document.add(CONVENTION, convention)
    document.add("holes", holes)
    return tomlkit.dumps(document)


def _priced_entries(
    calibration: Calibration, table: Table
) -> tuple[list[tuple[str, _Priced]], bool]:
    """The ``[holes]`` entries to write, and whether every holding of the table was
    calibrated: each table entry's holdings priced by exact play where calibrated, else by
    the entry, then the calibrated holdings no entry lists."""
    calibrated = {row.holding: _exact_figures(calibration, row) for row in calibration.holdings}
    groups: dict[str, list[tuple[Holding, _Priced]]] = {}
    every = True
    for key, entry in table.entries.items():
        for holding in entry.pattern.holdings():
            priced = calibrated.pop(holding, None)
            if priced is None:
                every = False
                priced = _Priced(entry.own, entry.their, entry.source, calibrated=False)
            groups.setdefault(key, []).append((holding, priced))
    for holding, priced in calibrated.items():
        groups[str(holding)] = [(holding, priced)]
    return _entries(groups), every


def _exact_figures(calibration: Calibration, row: HoldingCalibration) -> _Priced:
    own, their = row.exact[Lead.ME], row.exact[Lead.THEM]
    source = _source(calibration, own, their)
    return _Priced(own.rounded, their.rounded, source, calibrated=True)


def table_file_text(
    path: str | os.PathLike[str], calibration: Calibration, table: Table, command: str
) -> str:
    """The figures as a complete table file (:func:`calibrated_table_text`) for ``path``,
    checked as ``advisor table check`` does."""
    text = calibrated_table_text(calibration, table, command)
    merge_table(Table(entries={}), text, origin=str(path))
    return text


def _entries(
    groups: dict[str, list[tuple[Holding, _Priced]]],
) -> list[tuple[str, _Priced]]:
    """The keys to write: a group's key when all its holdings have the same figures, else
    each holding under its own."""
    written: list[tuple[str, _Priced]] = []
    for key, group in groups.items():
        if len({priced.figures for _, priced in group}) == 1:
            written.append((key, group[0][1]))
        else:
            written += [(str(holding), priced) for holding, priced in group]
    return written


def _source(calibration: Calibration, own: Figure, their: Figure) -> str:
    """The conditions of an entry's figures: the hands, what counts as caught, the deals, the
    intervals (in English: the file is a record; :func:`source_phrase` reads it back for
    people)."""
    figure = calibration.figure
    if calibration.samples is None:
        return str(Phrase(_EVERY_DEAL[figure]))
    if own.low is None or own.high is None or their.low is None or their.high is None:
        return str(_few_deals_source(figure, calibration.samples, str(calibration.seed)))
    bounds = (own.low, own.high, their.low, their.high)
    return str(_sampled_source(figure, calibration.samples, str(calibration.seed), bounds))


_EVERY_DEAL = {
    CatchFigure.HAND: N_("exact play in clean low hands, two of their cards discarded: every deal"),
    CatchFigure.SUIT: N_(
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: every deal"
    ),
}
_N = r"(\d+\.\d)"
_SAMPLED_TEXT = re.compile(
    r"exact play in clean low hands, two of their cards discarded(, caught through the "
    r"holding)?: ([\d,]+) deals? \(seed "
    rf"(-?\d+)\); 95%: own {_N}–{_N}, their {_N}–{_N}"
)
"""What :func:`_sampled_source` writes in English, read back (the figure caught through the
holding, or, without that clause, the hand's whole catch chance)."""
_FEW_DEALS_TEXT = re.compile(
    r"exact play in clean low hands, two of their cards discarded(, caught through the "
    r"holding)?: ([\d,]+) deals? \(seed (-?\d+)\), too few for a 95% interval"
)
"""What :func:`_few_deals_source` writes in English, read back."""


def _sampled_source(
    figure: CatchFigure, samples: int, seed: str, bounds: Sequence[float]
) -> Phrase:
    own_low, own_high, their_low, their_high = bounds
    figures = {
        "seed": seed,
        "own_low": own_low,
        "own_high": own_high,
        "their_low": their_low,
        "their_high": their_high,
    }
    if figure is CatchFigure.HAND:
        return Phrase.counted(
            "exact play in clean low hands, two of their cards discarded: {count:,} deal (seed "
            "{seed}); 95%: own {own_low:.1f}–{own_high:.1f}, their "
            "{their_low:.1f}–{their_high:.1f}",
            "exact play in clean low hands, two of their cards discarded: {count:,} deals (seed "
            "{seed}); 95%: own {own_low:.1f}–{own_high:.1f}, their "
            "{their_low:.1f}–{their_high:.1f}",
            samples,
            **figures,
        )
    return Phrase.counted(
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: {count:,} deal (seed {seed}); 95%: own {own_low:.1f}–{own_high:.1f}, their "
        "{their_low:.1f}–{their_high:.1f}",
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: {count:,} deals (seed {seed}); 95%: own {own_low:.1f}–{own_high:.1f}, their "
        "{their_low:.1f}–{their_high:.1f}",
        samples,
        **figures,
    )


def _few_deals_source(figure: CatchFigure, samples: int, seed: str) -> Phrase:
    if figure is CatchFigure.HAND:
        return Phrase.counted(
            "exact play in clean low hands, two of their cards discarded: {count:,} deal (seed "
            "{seed}), too few for a 95% interval",
            "exact play in clean low hands, two of their cards discarded: {count:,} deals (seed "
            "{seed}), too few for a 95% interval",
            samples,
            seed=seed,
        )
    return Phrase.counted(
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: {count:,} deal (seed {seed}), too few for a 95% interval",
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: {count:,} deals (seed {seed}), too few for a 95% interval",
        samples,
        seed=seed,
    )


def source_phrase(source: str) -> Phrase | None:
    """The phrase of a source :func:`calibrated_table_text` wrote (so that it can be shown in
    the language spoken), or None for any other text."""
    for text in _EVERY_DEAL.values():
        if source == text:
            return Phrase(text)
    few = _FEW_DEALS_TEXT.fullmatch(source)
    if few is not None:
        through, count, seed = few.groups()
        figure = CatchFigure.HAND if through is None else CatchFigure.SUIT
        return _few_deals_source(figure, int(count.replace(",", "")), seed)
    found = _SAMPLED_TEXT.fullmatch(source)
    if found is None:
        return None
    through, count, seed, *bounds = found.groups()
    figure = CatchFigure.HAND if through is None else CatchFigure.SUIT
    return _sampled_source(figure, int(count.replace(",", "")), seed, [float(b) for b in bounds])
