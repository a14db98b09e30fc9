"""Judging one suit against the table, and the founding rules over the whole hand.

A suit is judged in this order: a void is safe; a holding the table lists takes its value for
the lead (above 0 it is a hole); a clean holding is safe; otherwise the lowest value among the
table's holdings of the same length that it is at most, card for card; otherwise it is a hole
worth ``unlisted``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from advisor.cards import Suit
from advisor.holdings import Holding
from advisor.seats import Lead
from advisor.table import Table, TableEntry

_EPSILON = 1e-9  # percent sums of decimals must not miss the threshold by rounding


class Status(str, Enum):
    VOID = "void"
    CLEAN = "clean"
    SAFE = "safe"  # the table prices it at 0 for this lead
    HOLE = "hole"

    def __str__(self) -> str:
        return self.value


class Basis(str, Enum):
    """What decided a suit's value."""

    VOID = "void"
    TABLE = "table"
    CLEAN = "clean"
    COMPARED = "compared"
    UNLISTED = "unlisted"

    def __str__(self) -> str:
        return self.value


class SuitJudgement(NamedTuple):
    """How one holding stands for one lead."""

    holding: Holding
    status: Status
    percent: float
    basis: Basis
    entry: TableEntry | None = None
    compared_with: Holding | None = None

    @property
    def is_hole(self) -> bool:
        return self.status is Status.HOLE

    @property
    def source(self) -> str:
        """Where the value came from, in words: ``table "7 10"``, ``clean``, ..."""
        if self.basis is Basis.TABLE and self.entry is not None:
            return f'table "{self.entry.key}"'
        if self.basis is Basis.COMPARED and self.entry is not None:
            return f'at most "{self.compared_with}" (table "{self.entry.key}")'
        if self.basis is Basis.UNLISTED:
            return "not in the table"
        return str(self.basis)


def judge_holding(holding: Holding, lead: Lead, table: Table) -> SuitJudgement:
    """Judge one suit's holding (see the module docstring for the order)."""
    if holding.is_void:
        return SuitJudgement(holding, Status.VOID, 0, Basis.VOID)
    entry = table.lookup.get(holding.mask)
    if entry is not None:
        percent = entry.percent(lead)
        status = Status.HOLE if percent > 0 else Status.SAFE
        return SuitJudgement(holding, status, percent, Basis.TABLE, entry)
    if holding.is_clean:
        return SuitJudgement(holding, Status.CLEAN, 0, Basis.CLEAN)
    compared = _lowest_dominating(holding, lead, table)
    if compared is not None:
        other, entry = compared
        percent = entry.percent(lead)
        status = Status.HOLE if percent > 0 else Status.SAFE
        return SuitJudgement(holding, status, percent, Basis.COMPARED, entry, other)
    return SuitJudgement(holding, Status.HOLE, table.unlisted, Basis.UNLISTED)


def _lowest_dominating(
    holding: Holding, lead: Lead, table: Table
) -> tuple[Holding, TableEntry] | None:
    """The cheapest table holding of the same length that ``holding`` is at most."""
    best: tuple[Holding, TableEntry] | None = None
    for other in table.by_length.get(len(holding), ()):
        if holding.at_most(other):
            entry = table.lookup[other.mask]
            if best is None or entry.percent(lead) < best[1].percent(lead):
                best = (other, entry)
    return best


def combine(percents: Sequence[float], mode: str) -> float:
    """Add the holes' catch chances up: ``sum``, ``independent`` 1-∏(1-p), or ``max``."""
    if not percents:
        return 0.0
    if mode == "sum":
        total = math.fsum(percents)
    elif mode == "independent":
        total = 100 * (1 - math.prod(1 - p / 100 for p in percents))
    elif mode == "max":
        total = max(percents)
    else:
        raise ValueError(f"unknown combine mode {mode!r}")
    return round(total, 6)


def within(combined: float, threshold: float) -> bool:
    """``combined <= threshold`` without a rounding hair deciding a bid."""
    return combined <= threshold + _EPSILON


class RuleOutcome(NamedTuple):
    """One founding rule applied to a hand."""

    rule: str  # no_seven | max_holes | threshold | clean
    passed: bool
    outcome: str  # holds | broken | excepted | off | yes | no
    detail: str


def no_seven_rule(
    holdings: Sequence[tuple[Suit, Holding]], lead: Lead, table: Table
) -> RuleOutcome:
    """ "Without the seven, if there are other cards in that suit, it is not worth the risk" —
    except a lone 8 or 9 with one's own first lead (``lone_low_own_lead``)."""
    if not table.rule("no_seven"):
        return RuleOutcome("no_seven", True, "off", "rule switched off in the table")
    broken, excepted = [], []
    for suit, holding in holdings:
        if holding.is_void or holding.mask & 1:
            continue
        if _lone_low_excepted(holding, lead, table):
            excepted.append(f"{suit.glyph}{holding}")
        else:
            broken.append(f"{suit.glyph}{holding}")
    if broken:
        suits = ", ".join(broken)
        return RuleOutcome("no_seven", False, "broken", f"no seven under {suits}")
    if excepted:
        cards = ", ".join(excepted)
        return RuleOutcome(
            "no_seven", True, "excepted", f"lone {cards} without its 7, but the first lead is mine"
        )
    return RuleOutcome("no_seven", True, "holds", "every suit held has its 7")


def _lone_low_excepted(holding: Holding, lead: Lead, table: Table) -> bool:
    return (
        table.rule("lone_low_own_lead")
        and lead.own
        and holding.mask in (0b10, 0b100)  # a lone 8 or a lone 9
    )


def max_holes_rule(holes: int, table: Table) -> RuleOutcome:
    limit = table.max_holes
    passed = holes <= limit
    word = "hole" if holes == 1 else "holes"
    return RuleOutcome(
        "max_holes", passed, "holds" if passed else "broken", f"{holes} {word}, at most {limit}"
    )


def threshold_rule(combined: float, table: Table) -> RuleOutcome:
    passed = within(combined, table.threshold)
    sign = "≤" if passed else ">"
    return RuleOutcome(
        "threshold",
        passed,
        "holds" if passed else "broken",
        f"caught in {combined:g}% ({table.combine}) {sign} {table.threshold:g}%",
    )


def clean_rule(holes: int) -> RuleOutcome:
    if holes == 0:
        return RuleOutcome("clean", True, "yes", "no holes: a clean misère")
    return RuleOutcome("clean", True, "no", "has holes")
