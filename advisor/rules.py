"""The founding rules, in one place: how a suit is judged against the table, and whether a hand
declares. :class:`Judge` is the one authority; everything that says declare or pass asks it.

A suit is judged in this order: a void is safe; a holding the table lists takes its value for
the lead (above 0 it is a hole); a clean holding is safe; otherwise the lowest value among the
table's holdings of the same length that it is at most, card for card; otherwise it is a hole
worth ``unlisted``.

The hand then declares when every rule holds: **no seven** (a suit with cards but not its 7
means pass, except a lone 8 or 9 on one's own first lead), **at most two holes**, and the holes'
**combined chance** at most the threshold. A judge judges each of a suit's 256 holdings once
(:meth:`Judge.facts`) and decides each combination of hole chances and no-seven outcome once
(:meth:`Judge.decide`): the talon outlook and batch read those facts and decisions over and
over, and nothing else applies a rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from advisor.cards import CardSet, Suit
from advisor.holdings import Holding
from advisor.i18n import N_, Phrase, as_cards
from advisor.seats import Lead
from advisor.table import Combine, Table, TableEntry
from advisor.words import Word

_EPSILON = 1e-9  # percent sums of decimals must not miss the threshold by rounding
_HOLDINGS = 256  # the holdings of one suit


class Status(Word):
    VOID = "void"
    CLEAN = "clean"
    SAFE = "safe"  # the table prices it at 0 for this lead
    HOLE = "hole"


class Basis(Word):
    """What decided a suit's value."""

    VOID = "void"
    TABLE = "table"
    CLEAN = "clean"
    COMPARED = "compared"
    UNLISTED = "unlisted"


_BASIS_WORDS = {
    Basis.VOID: Phrase("void"),
    Basis.TABLE: Phrase("table"),
    Basis.CLEAN: Phrase("clean"),
    Basis.COMPARED: Phrase("compared"),
    Basis.UNLISTED: Phrase("unlisted"),
}


_WITHIN = N_("caught in {combined:g}% ({combine}) ≤ {threshold:g}%")
_ABOVE = N_("caught in {combined:g}% ({combine}) > {threshold:g}%")


class Rule(Word):
    """The founding rules, in the order they are reported."""

    NO_SEVEN = "no_seven"
    MAX_HOLES = "max_holes"
    THRESHOLD = "threshold"
    CLEAN = "clean"


class Outcome(Word):
    """How a rule came out: ``holds`` or ``broken``; the no-seven rule also ``excepted`` (a lone
    8 or 9 on one's own lead) or ``off``; the clean misère ``yes`` or ``no``."""

    HOLDS = "holds"
    BROKEN = "broken"
    EXCEPTED = "excepted"
    OFF = "off"
    YES = "yes"
    NO = "no"


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
    def source(self) -> Phrase:
        """Where the value came from, in words: ``table "7 10"``, ``clean``, ..."""
        if self.basis is Basis.TABLE and self.entry is not None:
            return Phrase('table "{key}"', key=as_cards(self.entry.key))
        if self.basis is Basis.COMPARED and self.entry is not None:
            return Phrase(
                'at most "{holding}" (table "{key}")',
                holding=as_cards(self.compared_with),
                key=as_cards(self.entry.key),
            )
        if self.basis is Basis.UNLISTED:
            return Phrase("not in the table")
        return _BASIS_WORDS[self.basis]


class HoldingFacts(NamedTuple):
    """All the rules need to know of one holding for one table and lead."""

    judgement: SuitJudgement
    no_seven: Outcome
    """``holds`` (void, or it has its 7), ``broken``, or ``excepted`` (a lone 8 or 9 on one's
    own lead); ``holds`` when the table switches the rule off."""

    @property
    def hole(self) -> float | None:
        """The catch chance when the holding is a hole, else None."""
        judged = self.judgement
        return judged.percent if judged.is_hole else None


class RuleOutcome(NamedTuple):
    """One founding rule applied to a hand."""

    rule: Rule
    passed: bool
    outcome: Outcome
    detail: Phrase


class Decision(NamedTuple):
    """What the rules say of a hand with these holes and this no-seven outcome. The no-seven
    rule's detail names the suits, so it is made per hand (:meth:`Judge.no_seven_rule`)."""

    holes: int
    combined: float
    no_seven: Outcome
    """Of the whole hand: ``off``, ``broken``, ``excepted`` or ``holds``."""
    counted: tuple[RuleOutcome, ...]
    """The other rules: at most two holes, the combined chance, a clean misère."""

    @property
    def declare(self) -> bool:
        return self.no_seven is not Outcome.BROKEN and all(r.passed for r in self.counted)

    @property
    def decided_by(self) -> tuple[Rule, ...]:
        """The rules that decided: the broken ones on a pass; on a declare, why it is safe."""
        if not self.declare:
            broken = [Rule.NO_SEVEN] if self.no_seven is Outcome.BROKEN else []
            return (*broken, *(r.rule for r in self.counted if not r.passed))
        if self.holes == 0:
            return (Rule.CLEAN,)
        return (Rule.MAX_HOLES, Rule.THRESHOLD)


def combine(percents: Sequence[float], mode: Combine | str) -> float:
    """Add the holes' catch chances up: ``sum``, ``independent`` 1-∏(1-p), or ``max``.

    >>> combine([50, 20], Combine.SUM), combine([50, 20], "independent"), combine([], "max")
    (70.0, 60.0, 0.0)
    """
    if not percents:
        return 0.0
    how = Combine(mode)
    if how is Combine.SUM:
        total = math.fsum(percents)
    elif how is Combine.INDEPENDENT:
        total = 100 * (1 - math.prod(1 - p / 100 for p in percents))
    else:
        total = max(percents)
    return round(total, 6)


def within(combined: float, threshold: float) -> bool:
    """``combined <= threshold`` without a rounding hair deciding a bid."""
    return combined <= threshold + _EPSILON


class Judge:
    """The founding rules of one table for one lead (``me``, or any catcher's: ``them``).

    Use :func:`judge` for a shared, remembered one. Facts and decisions are made when first
    asked for: a one-shot check pays only for the four holdings of its hand.

    >>> from advisor.table import default_table
    >>> facts = judge(default_table(), Lead.ME).facts(0b1001)  # 7 10
    >>> str(facts.judgement.source), facts.hole, facts.no_seven.value
    ('table "7 10"', 50, 'holds')
    >>> judge(default_table(), Lead.THEM).decide([50, 30], Outcome.HOLDS).declare
    True
    """

    def __init__(self, table: Table, lead: Lead) -> None:
        self.table = table
        self.lead = lead.founding
        self._facts: list[HoldingFacts | None] = [None] * _HOLDINGS
        self._decisions: dict[tuple[tuple[float, ...], Outcome], Decision] = {}
        self._no_seven_on = table.rule("no_seven")
        self._excepting = table.rule("lone_low_own_lead") and self.lead.own

    # --- one suit ------------------------------------------------------------------------------

    def facts(self, mask: int) -> HoldingFacts:
        """The facts of the holding with rank mask ``mask`` (bit 0 = the 7)."""
        found = self._facts[mask]
        if found is None:
            holding = Holding(mask)
            found = self._facts[mask] = HoldingFacts(self._judge(holding), self._seven(holding))
        return found

    def _judge(self, holding: Holding) -> SuitJudgement:
        if holding.is_void:
            return SuitJudgement(holding, Status.VOID, 0, Basis.VOID)
        entry = self.table.lookup.get(holding.mask)
        if entry is not None:
            percent = entry.percent(self.lead)
            status = Status.HOLE if percent > 0 else Status.SAFE
            return SuitJudgement(holding, status, percent, Basis.TABLE, entry)
        if holding.is_clean:
            return SuitJudgement(holding, Status.CLEAN, 0, Basis.CLEAN)
        compared = self._lowest_dominating(holding)
        if compared is not None:
            other, entry = compared
            percent = entry.percent(self.lead)
            status = Status.HOLE if percent > 0 else Status.SAFE
            return SuitJudgement(holding, status, percent, Basis.COMPARED, entry, other)
        return SuitJudgement(holding, Status.HOLE, self.table.unlisted, Basis.UNLISTED)

    def _lowest_dominating(self, holding: Holding) -> tuple[Holding, TableEntry] | None:
        """The cheapest table holding of the same length that ``holding`` is at most."""
        best: tuple[Holding, TableEntry] | None = None
        for other in self.table.by_length.get(len(holding), ()):
            if holding.at_most(other):
                entry = self.table.lookup[other.mask]
                if best is None or entry.percent(self.lead) < best[1].percent(self.lead):
                    best = (other, entry)
        return best

    def _seven(self, holding: Holding) -> Outcome:
        """ "Without the seven, if there are other cards in that suit, it is not worth the
        risk" — except a lone 8 or 9 with one's own first lead (``lone_low_own_lead``)."""
        if not self._no_seven_on or holding.is_void or holding.mask & 1:
            return Outcome.HOLDS
        if self._excepting and holding.mask in (0b10, 0b100):  # a lone 8 or a lone 9
            return Outcome.EXCEPTED
        return Outcome.BROKEN

    # --- the hand ------------------------------------------------------------------------------

    def no_seven_of(self, outcomes: Sequence[Outcome]) -> Outcome:
        """The whole hand's no-seven outcome from its suits'."""
        if not self._no_seven_on:
            return Outcome.OFF
        if Outcome.BROKEN in outcomes:
            return Outcome.BROKEN
        return Outcome.EXCEPTED if Outcome.EXCEPTED in outcomes else Outcome.HOLDS

    def decide(self, holes: Sequence[float], no_seven: Outcome) -> Decision:
        """The decision for a hand whose holes have these catch chances (in suit order: the
        order only matters to ``independent``) and this no-seven outcome; remembered."""
        key = (tuple(holes), no_seven)
        found = self._decisions.get(key)
        if found is None:
            found = self._decisions[key] = self._decide(key[0], no_seven)
        return found

    def _decide(self, holes: tuple[float, ...], no_seven: Outcome) -> Decision:
        table = self.table
        combined = combine(holes, table.combine)
        count, limit = len(holes), table.max_holes
        within_holes = count <= limit
        counted = Phrase.counted("{count} hole, at most {limit}", "{count} holes, at most {limit}",
                                 count, limit=limit)  # fmt: skip
        max_holes = RuleOutcome(Rule.MAX_HOLES, within_holes, _held(within_holes), counted)
        below = within(combined, table.threshold)
        template = _WITHIN if below else _ABOVE
        caught = Phrase(
            template,
            combined=combined,
            combine=table.combine.phrase,
            threshold=table.threshold,
        )
        threshold = RuleOutcome(Rule.THRESHOLD, below, _held(below), caught)
        clean = (
            RuleOutcome(Rule.CLEAN, True, Outcome.YES, Phrase("no holes: a clean misère"))
            if count == 0
            else RuleOutcome(Rule.CLEAN, True, Outcome.NO, Phrase("has holes"))
        )
        return Decision(count, combined, no_seven, (max_holes, threshold, clean))

    def no_seven_rule(self, suits: Sequence[tuple[Suit, HoldingFacts]]) -> RuleOutcome:
        """The no-seven rule of a hand, its detail naming the suits that break it (or are
        excepted)."""
        outcome = self.no_seven_of([facts.no_seven for _, facts in suits])
        if outcome is Outcome.OFF:
            return RuleOutcome(
                Rule.NO_SEVEN, True, outcome, Phrase("rule switched off in the table")
            )
        listed = as_cards(
            ", ".join(
                f"{suit.glyph}{facts.judgement.holding}"
                for suit, facts in suits
                if facts.no_seven is outcome
            )
        )
        if outcome is Outcome.BROKEN:
            detail = Phrase("no seven under {suits}", suits=listed)
            return RuleOutcome(Rule.NO_SEVEN, False, outcome, detail)
        if outcome is Outcome.EXCEPTED:
            detail = Phrase("lone {suits} without its 7, but the first lead is mine", suits=listed)
            return RuleOutcome(Rule.NO_SEVEN, True, outcome, detail)
        detail = Phrase("every suit held has its 7")
        return RuleOutcome(Rule.NO_SEVEN, True, outcome, detail)

    def suits(self, hand: CardSet) -> tuple[tuple[Suit, HoldingFacts], ...]:
        """The facts of each suit of ``hand``."""
        return tuple((suit, self.facts(hand.suit_mask(suit))) for suit in Suit)


def _held(passed: bool) -> Outcome:
    return Outcome.HOLDS if passed else Outcome.BROKEN


@lru_cache(maxsize=64)
def judge(table: Table, lead: Lead) -> Judge:
    """The judge of ``table`` for ``lead`` (``left``, ``right`` and ``them`` are one: a
    catcher's lead), made once and shared."""
    return _judge_of(table, lead.founding)


@lru_cache(maxsize=64)
def _judge_of(table: Table, lead: Lead) -> Judge:
    return Judge(table, lead)
