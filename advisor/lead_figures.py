"""The figures of ``advisor lead``: each lead's catch chance over the layouts, its tricks
counted on the first of them (:class:`TrickFigures`), and the whole answer (:class:`BlindLead`),
as text reads them and as ``--json`` writes them. :mod:`advisor.lead` works them out."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.cards import Card, CardSet
from advisor.sampling import Z95, wilson_interval
from advisor.scoring import MISERE
from advisor.seats import Seat
from advisor.words import Word


class DiscardRule(Word):
    """How M's discards were settled: given, chosen by exact play (as ``advisor discard
    --exact --lead me``), or, in a catcher's view, the table's best in each layout."""

    GIVEN = "given"
    EXACT = "exact"
    TABLE = "table"


@dataclass(frozen=True)
class TrickFigures:
    """Forced tricks over the layouts: M caught in ``caught`` of them (found in every layout),
    and the forced tricks counted on the first ``counted`` of them (``histogram``; None: not
    counted). Counted on fewer than all, the tricks of a caught layout are estimated from the
    caught layouts counted, and the catch chance stays that of every layout."""

    layouts: int
    caught: int
    histogram: tuple[int, ...] | None
    """``histogram[t]``: layouts, of the first :attr:`counted`, with ``t`` tricks forced."""
    exact: bool
    """Whether the layouts are all there are, not a sample."""

    @property
    def p_caught(self) -> float:
        return self.caught / self.layouts if self.layouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of the catch chance (a point when every layout was solved)."""
        if self.exact:
            return self.p_caught, self.p_caught
        return wilson_interval(self.caught, self.layouts)

    @property
    def counted(self) -> int:
        """The layouts the tricks were counted on (0: none)."""
        return 0 if self.histogram is None else sum(self.histogram)

    @property
    def mean_tricks(self) -> float | None:
        """The mean tricks forced: the catch chance times the mean tricks of the caught layouts
        counted (None: not counted)."""
        if self.histogram is None:
            return None
        caught, tricks, _ = _caught_sums(self.histogram)
        return self.p_caught * tricks / caught if caught else 0.0

    @property
    def tricks_margin(self) -> float:
        """The 95 % half-width of :attr:`mean_tricks` against counting every layout (0 when
        all were counted): the caught layouts counted are a sample, without replacement, of
        the :attr:`caught` ones."""
        if self.histogram is None or self.counted == self.layouts:
            return 0.0
        counted, tricks, squares = _caught_sums(self.histogram)
        if counted < 2 or counted >= self.caught:
            return 0.0
        spread = max(0.0, (squares - tricks * tricks / counted) / (counted - 1))
        left = 1 - counted / self.caught
        return Z95 * self.p_caught * math.sqrt(spread / counted * left)

    @property
    def expected_score(self) -> float | None:
        """M's expected score (+10 clean, -10 a trick), when the tricks were counted."""
        tricks = self.mean_tricks
        return None if tricks is None else MISERE.expected(self.p_caught, tricks)

    @property
    def score_bound(self) -> float:
        """M's expected score, or the most it can be when the tricks were not counted."""
        score = self.expected_score
        if score is not None:
            return score
        return MISERE.rarely_made(self.p_caught)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        tricks, score = self.mean_tricks, self.expected_score
        return {
            "p_caught": round(self.p_caught, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "mean_tricks": None if tricks is None else round(tricks, 3),
            "tricks_margin": None if tricks is None else round(self.tricks_margin, 3),
            "tricks_layouts": None if tricks is None else self.counted,
            "expected_score": None if score is None else round(score, 2),
            "score_at_most": round(self.score_bound, 2),
            "histogram": None if self.histogram is None else list(self.histogram),
        }


def _caught_sums(histogram: Sequence[int]) -> tuple[int, int, int]:
    """The caught layouts of a histogram, their tricks and the tricks' squares."""
    caught = sum(histogram[1:])
    tricks = sum(t * n for t, n in enumerate(histogram))
    return caught, tricks, sum(t * t * n for t, n in enumerate(histogram))


@dataclass(frozen=True)
class LeadFigures(TrickFigures):
    """One lead over the layouts."""

    cards: CardSet = field(kw_only=True)
    """The cards that make this lead: equal to the play, any of them."""

    @property
    def card(self) -> Card:
        """The card named for the lead: the lowest of its cards."""
        return min(self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "equivalent": [str(card) for card in self.cards if card != self.card],
            **super().to_dict(),
        }


@dataclass(frozen=True)
class BlindLead:
    """Every card the first leader may lead, best first, and the double-dummy figure."""

    leader: Seat
    hand: CardSet
    """The leader's ten cards."""
    discards: CardSet | None
    """M's two discards when he leads (None in a catcher's view: they vary by layout)."""
    discard_rule: DiscardRule
    talon: CardSet | None
    """The talon a catcher saw (None when M leads)."""
    samples: int | None
    """The random layouts asked for (None: every one)."""
    seed: int
    drawn: int
    """The splits looked at: the layouts themselves, or in a catcher's view more (those on
    which M could not have declared are left out)."""
    full: bool
    leads: tuple[LeadFigures, ...]
    double_dummy: TrickFigures
    """The same layouts, the leader choosing his card in each with every hand in view."""

    @property
    def best(self) -> LeadFigures:
        return self.leads[0]

    @property
    def layouts(self) -> int:
        return self.double_dummy.layouts

    @property
    def exact(self) -> bool:
        return self.samples is None

    @property
    def counted(self) -> int:
        """The layouts the tricks were counted on: the first of them, or all."""
        return self.double_dummy.counted

    @property
    def tricks_margin(self) -> float:
        """The widest 95 % half-width of a mean tricks figure shown (0: every layout counted)."""
        return max(lead.tricks_margin for lead in (self.double_dummy, *self.leads))

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form; documented in the README."""
        return {
            "hand": str(self.hand),
            "lead": self.leader.lead.value,
            "discards": None if self.discards is None else str(self.discards),
            "discard": self.discard_rule.value,
            "talon": None if self.talon is None else str(self.talon),
            "exact": self.exact,
            "samples": self.samples,
            "seed": None if self.exact else self.seed,
            "layouts": self.layouts,
            "drawn": self.drawn,
            "full": self.full,
            "tricks_layouts": self.counted,
            "best": self.best.to_dict(),
            "leads": [lead.to_dict() for lead in self.leads],
            "double_dummy": self.double_dummy.to_dict(),
        }
