"""The verdict on a hand and its record: the suits judged, the founding rules applied, declare
or pass, and the one schema of the record that ``check --json`` prints and ``batch`` writes.

:data:`RECORD_FIELDS` names the fields of a record in order, and :func:`record_value` gives each
one's value: :meth:`Assessment.to_dict` is built from them, and so are batch's CSV columns and
its prepared pieces of JSON (:mod:`advisor.batch.records`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from advisor.cards import CardSet, Suit
from advisor.rules import Decision, Rule, RuleOutcome, SuitJudgement, judge
from advisor.seats import Lead
from advisor.table import Table

DECLARE = "declare"
PASS = "pass"


def json_number(value: float) -> float | int:
    """Whole numbers print as integers in JSON (50, not 50.0)."""
    return int(value) if float(value).is_integer() else value


class Assessment(NamedTuple):
    """Everything ``advisor check`` says about a hand, as plain data."""

    hand: CardSet
    lead: Lead
    """``me`` or ``them``: the lead as the founding rules see it."""
    suits: tuple[tuple[Suit, SuitJudgement], ...]
    decision: Decision
    rules: tuple[RuleOutcome, ...]
    table: Table

    @property
    def combined(self) -> float:
        return self.decision.combined

    @property
    def holes(self) -> int:
        return self.decision.holes

    @property
    def declare(self) -> bool:
        return self.decision.declare

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def decided_by(self) -> tuple[Rule, ...]:
        """The rules that decided: the broken ones on a pass; on a declare, why it is safe."""
        return self.decision.decided_by

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form: the fields of :data:`RECORD_FIELDS`; documented in the README."""
        return {name: value(self) for name, value in _RECORD.items()}


def suit_record(suit: Suit, judged: SuitJudgement) -> dict[str, Any]:
    """One suit's object in a record's ``suits``."""
    return {
        "suit": suit.glyph,
        "holding": str(judged.holding),
        "status": judged.status.value,
        "percent": json_number(judged.percent),
        "source": str(judged.source),
    }


def rule_record(rule: RuleOutcome) -> dict[str, Any]:
    """One rule's object in a record's ``rules``."""
    return {
        "rule": rule.rule.value,
        "passed": rule.passed,
        "outcome": rule.outcome.value,
        "detail": str(rule.detail),
    }


_RECORD: dict[str, Callable[[Assessment], Any]] = {
    "hand": lambda a: str(a.hand),
    "lead": lambda a: a.lead.value,
    "suits": lambda a: [suit_record(suit, judged) for suit, judged in a.suits],
    "holes": lambda a: a.holes,
    "combined": lambda a: json_number(a.combined),
    "combine": lambda a: a.table.combine.value,
    "threshold": lambda a: json_number(a.table.threshold),
    "max_holes": lambda a: a.table.max_holes,
    "rules": lambda a: [rule_record(rule) for rule in a.rules],
    "verdict": lambda a: a.verdict,
    "decided_by": lambda a: [rule.value for rule in a.decided_by],
}
RECORD_FIELDS = tuple(_RECORD)
"""The fields of a hand's record, in order."""
HAND_FIELDS = RECORD_FIELDS[:2]
"""The fields that say which hand, and whose lead: ``hand``, ``lead``."""
SUITS_FIELD = RECORD_FIELDS[2]
DECISION_FIELDS = RECORD_FIELDS[3:]
"""The fields that follow from the holes and the no-seven outcome alone (batch makes them once
for every hand that has the same)."""
SUIT_COLUMNS = ("holding", "status", "percent")
"""What a CSV row gives of each suit."""


def record_value(assessment: Assessment, name: str) -> Any:
    """The value of the record field ``name`` (one of :data:`RECORD_FIELDS`)."""
    return _RECORD[name](assessment)


def assess(hand: CardSet, lead: Lead, table: Table) -> Assessment:
    """Judge every suit of ``hand`` and apply the founding rules."""
    found = judge(table, lead)
    suits = found.suits(hand)
    holes = [facts.hole for _, facts in suits if facts.hole is not None]
    decision = found.decide(holes, found.no_seven_of([facts.no_seven for _, facts in suits]))
    rules = (found.no_seven_rule(suits), *decision.counted)
    judged = tuple((suit, facts.judgement) for suit, facts in suits)
    return Assessment(hand, found.lead, judged, decision, rules, table)
