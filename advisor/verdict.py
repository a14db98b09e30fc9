"""The verdict on a hand: its suits judged, the founding rules applied, declare or pass."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from advisor.cards import CardSet, Suit
from advisor.holdings import Holding
from advisor.rules import (
    RuleOutcome,
    SuitJudgement,
    clean_rule,
    combine,
    judge_holding,
    max_holes_rule,
    no_seven_rule,
    threshold_rule,
)
from advisor.seats import Lead
from advisor.table import Table

DECLARE = "declare"
PASS = "pass"


class Assessment(NamedTuple):
    """Everything ``advisor check`` says about a hand, as plain data."""

    hand: CardSet
    lead: Lead
    suits: tuple[tuple[Suit, SuitJudgement], ...]
    combined: float
    rules: tuple[RuleOutcome, ...]
    table: Table

    @property
    def holes(self) -> int:
        return sum(1 for _, judged in self.suits if judged.is_hole)

    @property
    def declare(self) -> bool:
        return all(rule.passed for rule in self.rules)

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def decided_by(self) -> tuple[str, ...]:
        """The rules that decided: the broken ones on a pass; on a declare, why it is safe."""
        if not self.declare:
            return tuple(rule.rule for rule in self.rules if not rule.passed)
        if self.holes == 0:
            return ("clean",)
        return ("max_holes", "threshold")

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form; documented in the README."""
        return {
            "hand": str(self.hand),
            "lead": self.lead.value,
            "suits": [
                {
                    "suit": suit.glyph,
                    "holding": str(judged.holding),
                    "status": judged.status.value,
                    "percent": _number(judged.percent),
                    "source": judged.source,
                }
                for suit, judged in self.suits
            ],
            "holes": self.holes,
            "combined": _number(self.combined),
            "combine": self.table.combine,
            "threshold": _number(self.table.threshold),
            "max_holes": self.table.max_holes,
            "rules": [
                {"rule": r.rule, "passed": r.passed, "outcome": r.outcome, "detail": r.detail}
                for r in self.rules
            ],
            "verdict": self.verdict,
            "decided_by": list(self.decided_by),
        }


def _number(value: float) -> float | int:
    """Whole percents print as integers in JSON (50, not 50.0)."""
    return int(value) if float(value).is_integer() else value


def assess(hand: CardSet, lead: Lead, table: Table) -> Assessment:
    """Judge every suit of ``hand`` and apply the founding rules."""
    holdings = tuple((suit, Holding(hand.suit_mask(suit))) for suit in Suit)
    suits = tuple((suit, judge_cached(holding, lead, table)) for suit, holding in holdings)
    hole_percents = [judged.percent for _, judged in suits if judged.is_hole]
    combined = combine(hole_percents, table.combine)
    rules = (
        no_seven_rule(holdings, lead, table),
        max_holes_rule(len(hole_percents), table),
        threshold_rule(combined, table),
        clean_rule(len(hole_percents)),
    )
    return Assessment(hand, lead, suits, combined, rules, table)


@lru_cache(maxsize=4096)
def judge_cached(holding: Holding, lead: Lead, table: Table) -> SuitJudgement:
    """:func:`judge_holding`, remembered: a suit has only 256 holdings."""
    return judge_holding(holding, lead, table)
