"""The result of ``check --exact``: each leading seat's figures and the hand's, with the
exact-play verdict, as text reads them and as ``--json`` writes them.

A seat's figures are an estimate (every talon, or a sequential sample of them) or, for
:attr:`Method.BOUNDS`, bounds: the catch chance at least, the score at most. Their
:class:`~advisor.exact.reading.Reading` says which, in JSON (``"bound"`` and the ``null`` edges
a bound has not) and in text, so that no reader asks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor.cards import Card, CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.reading import BOUND, ESTIMATE, Reading
from advisor.exact.settings import DiscardMode
from advisor.exact.stopping import Goal, mean, mean_bounds
from advisor.exact.suits import Share, SuitOdds, mean_share, most_often
from advisor.holdings import Holding
from advisor.i18n import Phrase, as_cards
from advisor.seats import Lead, Seat
from advisor.table import Table
from advisor.verdict import DECLARE, PASS, Assessment, json_number
from advisor.words import Word

if TYPE_CHECKING:
    from advisor.allpass import PassingCost


class Method(Word):
    """How the figures of an exact analysis were found."""

    FULL = "full"
    """Every talon worked out."""
    SEQUENTIAL = "sequential"
    """The first talons of a shuffle, until the verdict was clear."""
    BOUNDS = "bounds"
    """Bounds that settle the verdict: the catch chance at least, the score at most."""


@dataclass(frozen=True)
class SeatOdds:
    """One leading seat: the catch chance and the score over the deals worked out, and the
    cards M discarded; or, for :attr:`Method.BOUNDS`, a lower bound on the catch chance and an
    upper bound on the score (its :attr:`reading` says which)."""

    seat: Seat
    p_caught: float
    interval: tuple[float, float]
    """The 95 % interval of :attr:`p_caught` (for a bound: its own lower limit, and 1)."""
    expected_score: float
    score_interval: tuple[float, float]
    """The 95 % interval of :attr:`expected_score` (for a bound: the lowest score a deal can
    have, and the bound's own upper limit)."""
    histogram: tuple[int, ...] | None
    """``histogram[t]``: deals where the catchers force exactly ``t`` tricks (None: a bound)."""
    discarded: tuple[tuple[Card, int], ...] = ()
    """Each card of the hand as dealt that M discarded, with the number of talons it went in."""
    reading: Reading = ESTIMATE
    suits: tuple[SuitOdds, ...] = ()
    """Each suit's figures (empty for a bound, or when not asked for)."""
    whichever: Share | None = None
    """The share of the deals caught whichever suit M protects (None: no per-suit figures)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "lead": self.seat.lead.value,
            "p_caught": round(self.p_caught, 4),
            **self.reading.caught_json(self.interval),
            "histogram": None if self.histogram is None else list(self.histogram),
            "expected_score": round(self.expected_score, 2),
            **self.reading.score_json(self.score_interval),
        }


@dataclass(frozen=True)
class ExactOdds:
    """The exact analysis of a hand over the talons, its discards and the catchers' splits."""

    founding: Assessment
    """The founding rules on the ten cards as dealt."""
    lead: Lead
    discard: DiscardMode
    seed: int
    samples: int
    """Splits drawn over all the talons, the same for every seat: a multiple of 231."""
    seats: tuple[SeatOdds, ...]
    method: Method = Method.FULL
    talons_used: int = TALON_COUNT
    """The talons the figures come from (fewer than 231 for a sequential estimate)."""
    passing: PassingCost | None = None
    """What passing costs if everyone passes, when the table's ``pass_score`` is
    ``"allpass"``."""

    @property
    def hand(self) -> CardSet:
        return self.founding.hand

    @property
    def reading(self) -> Reading:
        """What the figures are: bounds (:attr:`Method.BOUNDS`: the catch chance at least,
        the score at most) or an estimate."""
        return BOUND if self.method is Method.BOUNDS else ESTIMATE

    @property
    def deals(self) -> int:
        """The deals the figures come from."""
        return self.samples // TALON_COUNT * self.talons_used

    @property
    def threshold(self) -> float | None:
        """The table's optional limit on P(caught), in percent (``exact_threshold``)."""
        return self.founding.table.exact_threshold

    @property
    def pass_score(self) -> float:
        """What passing is worth, to compare the misère's expected score with: the table's
        ``pass_score``, or minus the expected all-pass penalty."""
        return pass_score_of(self.founding.table, self.passing)

    @property
    def p_caught(self) -> float:
        """P(caught) with best play, averaged over the seats."""
        return mean([seat.p_caught for seat in self.seats])

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval (for ``them``: the seats' bounds averaged)."""
        return mean_bounds(seat.interval for seat in self.seats)

    @property
    def histogram(self) -> tuple[int, ...] | None:
        """Forced tricks 0..10, counted over every seat's deals (None for bounds)."""
        found = [seat.histogram for seat in self.seats]
        if any(histogram is None for histogram in found):
            return None
        return tuple(sum(column) for column in zip(*found, strict=True))

    @property
    def expected_score(self) -> float:
        return mean([seat.expected_score for seat in self.seats])

    @property
    def score_interval(self) -> tuple[float, float]:
        """The 95 % interval of the expected score (for ``them``: the bounds averaged)."""
        return mean_bounds(seat.score_interval for seat in self.seats)

    @property
    def tricks_when_caught(self) -> float:
        """The mean number of tricks the catchers force in the deals where M is caught."""
        histogram = self.histogram or ()
        caught = sum(histogram[1:])
        return sum(t * n for t, n in enumerate(histogram)) / caught if caught else 0.0

    @property
    def declare(self) -> bool:
        """The exact-play verdict: declare when the expected score beats passing (and P(caught)
        is within ``exact_threshold`` when the table sets one)."""
        return Goal(self.pass_score, self.threshold).declares(self.expected_score, self.p_caught)

    @property
    def verdict(self) -> str:
        return DECLARE if self.declare else PASS

    @property
    def too_close(self) -> bool:
        """Whether the expected score's interval holds the pass score: the verdict follows
        the point estimate, but more deals could turn it."""
        low, high = self.score_interval
        return self.reading.two_sided and low <= self.pass_score <= high

    @property
    def samples_to_decide(self) -> int:
        """About how many deals would narrow the score's interval enough to leave the pass
        score outside it (a multiple of 231; at least twice the deals drawn)."""
        low, high = self.score_interval
        gap = abs(self.expected_score - self.pass_score)
        factor = ((high - low) / 2 / gap) ** 2 if gap else 4.0
        wanted = max(2 * self.samples, math.ceil(factor * self.samples))
        return math.ceil(wanted / TALON_COUNT) * TALON_COUNT

    @property
    def reason(self) -> Phrase | None:
        """Why the exact-play verdict differs from the founding one, in one line (None when
        they agree)."""
        if self.declare == self.founding.declare:
            return None
        caught, score = 100 * self.p_caught, self.expected_score
        if self.founding.declare:
            return self._reason_to_pass(caught, score)
        usual = self.usual_discards
        if not usual:
            return Phrase(
                "with the talon and best play it is caught in only {caught:.1f}%: "
                "expected {score:+.1f}",
                caught=caught,
                score=score,
            )
        share = 100 * max(n for _, n in usual) / self.talons
        cards = CardSet.of(card for card, _ in usual)
        return Phrase(
            "the talon usually lets the player discard {cards} ({share:.0f}% of talons)",
            cards=as_cards(cards),
            share=share,
        )

    def _reason_to_pass(self, caught: float, score: float) -> Phrase:
        settled = self.reading.pass_reason(caught, score)
        if settled is not None:
            return settled
        if self.expected_score > self.pass_score and self.threshold is not None:
            return Phrase(
                "with best play the catchers catch it in {caught:.1f}%, above the {limit:g}% limit",
                caught=caught,
                limit=self.threshold,
            )
        return Phrase(
            "caught in {caught:.1f}%, then for {tricks:.1f} tricks on average: "
            "expected {score:+.1f}",
            caught=caught,
            tricks=self.tricks_when_caught,
            score=score,
        )

    @property
    def discarded(self) -> tuple[tuple[Card, int], ...]:
        """Each card of the hand as dealt that M discarded, with the number of talons it went
        in (summed over the seats), most often first."""
        counts: dict[Card, int] = {}
        for seat in self.seats:
            for card, count in seat.discarded:
                counts[card] = counts.get(card, 0) + count
        return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    @property
    def usual_discards(self) -> tuple[tuple[Card, int], ...]:
        """The cards of the hand discarded after most talons (summed over the seats)."""
        half = self.talons / 2
        return tuple(sorted((card, n) for card, n in self.discarded if n > half))

    @property
    def talons(self) -> int:
        """Talons worked out times seats: what :attr:`discarded` counts out of."""
        return self.talons_used * len(self.seats)

    @property
    def per_suit(self) -> bool:
        """Whether there are per-suit figures (not for bounds, nor when not asked for)."""
        return all(seat.whichever is not None for seat in self.seats)

    @property
    def suits(self) -> tuple[SuitOdds, ...]:
        """Each suit's figures averaged over the seats (their holdings counted together);
        empty without per-suit figures."""
        if not self.per_suit:
            return ()
        found = []
        for each in zip(*(seat.suits for seat in self.seats), strict=True):
            counts: dict[Holding, int] = {}
            for suit in each:
                for holding, n in suit.holdings:
                    counts[holding] = counts.get(holding, 0) + n
            caught = mean_share([suit.caught for suit in each])
            found.append(SuitOdds(each[0].suit, caught, most_often(counts)))
        return tuple(found)

    @property
    def whichever(self) -> Share | None:
        """The share of the deals caught whichever suit M protects, averaged over the seats."""
        shares = [seat.whichever for seat in self.seats]
        return None if None in shares else mean_share([s for s in shares if s is not None])

    def to_dict(self) -> dict[str, Any]:
        """The ``exact`` object of ``--json``; documented in the README."""
        histogram = self.histogram
        return {
            "lead": self.lead.value,
            "discard": self.discard.value,
            "seed": self.seed,
            "samples": self.samples,
            "method": self.method.value,
            "talons": self.talons_used,
            "deals": self.deals,
            "bound": self.reading.bound_json,
            "p_caught": round(self.p_caught, 4),
            **self.reading.caught_json(self.interval),
            "histogram": None if histogram is None else list(histogram),
            "expected_score": round(self.expected_score, 2),
            **self.reading.score_json(self.score_interval),
            "pass_score": json_number(
                self.pass_score if self.passing is None else round(self.pass_score, 2)
            ),
            "passing": None if self.passing is None else self.passing.to_dict(),
            "threshold": None if self.threshold is None else json_number(self.threshold),
            "verdict": self.verdict,
            "reason": None if self.reason is None else str(self.reason),
            "discarded": [{"card": str(card), "talons": n} for card, n in self.discarded],
            "seats": [seat.to_dict() for seat in self.seats],
            "suits": self._suits_dict(),
            "whichever": self._whichever_dict(),
        }

    def _suits_dict(self) -> list[dict[str, Any]] | None:
        """Each suit: as dealt, kept most often after the discard (and the share of talons that
        leave it), the share caught through it, then the same per seat."""
        if not self.per_suit:
            return None
        found = []
        for index, suit in enumerate(self.suits):
            seats = [
                {"lead": seat.seat.lead.value, **seat.suits[index].caught.to_dict()}
                for seat in self.seats
            ]
            found.append(
                {
                    "suit": suit.suit.glyph,
                    "dealt": str(Holding(self.hand.suit_mask(suit.suit))),
                    "holding": str(suit.holding),
                    "holding_share": round(suit.holding_share, 4),
                    **suit.caught.to_dict(),
                    "seats": seats,
                }
            )
        return found

    def _whichever_dict(self) -> dict[str, Any] | None:
        whichever = self.whichever
        if whichever is None:
            return None
        seats = [
            {"lead": seat.seat.lead.value, **seat.whichever.to_dict()}
            for seat in self.seats
            if seat.whichever is not None
        ]
        of_caught = whichever.p / self.p_caught if self.p_caught else 0.0
        return {**whichever.to_dict(), "of_caught": round(of_caught, 4), "seats": seats}


def pass_score_of(table: Table, passing: PassingCost | None) -> float:
    """What passing is worth: the table's ``pass_score``, or what passing costs if everyone
    passes (``passing``) when the table says ``"allpass"``."""
    if passing is not None:
        return passing.pass_score
    fixed = table.pass_score
    assert fixed is not None, "a table passing by all-pass has its cost here"
    return fixed
