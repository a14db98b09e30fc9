"""What the misère solver answers, as types: one layout's result (:class:`LayoutResult`, its
best line of :class:`Trick`), the suits caught layouts are caught through
(:class:`SuitCatches`), and the forced tricks of many layouts of a hand (:class:`Odds`,
``advisor solve``'s :class:`HandOdds`). :mod:`advisor.solver` works them out."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from advisor.cards import Card, CardSet, Suit
from advisor.holdings import Holding
from advisor.limits import no_interval, reported_interval
from advisor.sampling import Z95, wilson_interval
from advisor.scoring import MISERE
from advisor.seats import Seat
from advisor.solver.layout import Layout

_SUIT_SETS = 1 << len(Suit)  # the sets of suits a layout can be caught through, as bit masks


@dataclass(frozen=True)
class Trick:
    """One trick of a line of play: who led, the three cards in the order played, the winner."""

    leader: Seat
    cards: tuple[Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played."""
        return self.cards[(seat - self.leader) % 3]


@dataclass(frozen=True)
class LayoutResult:
    """The exact result of one layout under best play by both sides."""

    tricks: int
    """The most tricks the catchers can force M to take (0: M stays clean)."""
    line: tuple[Trick, ...]
    """One best line of play, all tricks to the end."""
    hands: Layout
    leader: Seat
    through: frozenset[Suit] = frozenset()
    """The suits M is caught through (:func:`caught_through`): empty when he is clean, or
    caught whichever suit he protects."""

    @property
    def caught(self) -> bool:
        return self.tricks > 0

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --layout --json`` form; documented in the README."""
        return {
            "hands": {seat.name: str(cards) for seat, cards in zip(Seat, self.hands, strict=True)},
            "lead": self.leader.lead.value,
            "caught": self.caught,
            "tricks": self.tricks,
            "through": [suit.glyph for suit in sorted(self.through)],
            "line": [
                {
                    "leader": trick.leader.name,
                    "cards": [str(card) for card in trick.cards],
                    "winner": trick.winner.name,
                }
                for trick in self.line
            ],
        }


def suits_of(mask: int) -> tuple[Suit, ...]:
    """The suits of a mask :func:`through_many` gives (bit ``s``: ``Suit(s)``), in order."""
    return tuple(suit for suit in Suit if mask >> suit & 1)


@dataclass(frozen=True)
class SuitCatches:
    """The caught layouts of a hand, counted by the suits they are caught through."""

    by_suits: tuple[int, ...]
    """``by_suits[mask]``: caught layouts caught through exactly the suits of ``mask`` (bit
    ``s``: ``Suit(s)``); ``by_suits[0]``: those caught whichever suit M protects."""

    @classmethod
    def of(cls, masks: Iterable[int]) -> SuitCatches:
        """Counted from the masks of caught layouts (as :func:`through_many` gives them)."""
        counts = [0] * _SUIT_SETS
        for mask in masks:
            counts[mask] += 1
        return cls(tuple(counts))

    def __add__(self, other: SuitCatches) -> SuitCatches:
        return SuitCatches(tuple(a + b for a, b in zip(self.by_suits, other.by_suits, strict=True)))

    def caught(self, suit: Suit) -> int:
        """Layouts caught through ``suit``."""
        return sum(n for mask, n in enumerate(self.by_suits) if mask >> suit & 1)

    @property
    def whichever(self) -> int:
        """Layouts caught whichever suit M protects: caught, but through no single suit."""
        return self.by_suits[0]


NO_CATCHES = SuitCatches((0,) * _SUIT_SETS)


@dataclass(frozen=True)
class Odds:
    """Forced tricks over many layouts of one hand (all of them, or a sample)."""

    histogram: tuple[int, ...]
    """``histogram[t]``: layouts where the catchers force exactly ``t`` tricks (t = 0..10)."""
    exact: bool
    """True when every layout was solved; False for a sample."""
    through: SuitCatches | None = None
    """The caught layouts by the suits they are caught through, when asked for."""

    def share_interval(self, count: int) -> tuple[float, float]:
        """The 95 % Wilson interval of ``count`` layouts' share (a point when exact)."""
        if not self.layouts:
            return 0.0, 0.0
        if self.exact:
            return count / self.layouts, count / self.layouts
        return wilson_interval(count, self.layouts)

    @property
    def layouts(self) -> int:
        return sum(self.histogram)

    @property
    def caught(self) -> int:
        """Layouts where M is caught (takes at least one trick)."""
        return self.layouts - self.histogram[0]

    @property
    def fraction(self) -> float:
        return self.caught / self.layouts if self.layouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of the caught fraction (a point when exact)."""
        return self.share_interval(self.caught)

    @property
    def expected_tricks(self) -> float:
        """The mean number of tricks the catchers force."""
        if not self.layouts:
            return 0.0
        return sum(t * n for t, n in enumerate(self.histogram)) / self.layouts

    @property
    def expected_score(self) -> float:
        """Expected points (:data:`advisor.scoring.MISERE`)."""
        return MISERE.expected(self.fraction, self.expected_tricks)

    @property
    def score_interval(self) -> tuple[float, float]:
        """95 % interval of the expected score (normal, from the layouts' spread; a point
        when exact)."""
        mean, n = self.expected_score, self.layouts
        if self.exact or n < 2:
            return mean, mean
        squares = sum(count * MISERE.layout(t) ** 2 for t, count in enumerate(self.histogram))
        variance = max(0.0, (squares - n * mean * mean) / (n - 1))
        half = Z95 * math.sqrt(variance / n)
        return mean - half, mean + half


@dataclass(frozen=True)
class HandOdds:
    """:func:`catch_odds` of a hand, with what it was asked for: ``advisor solve``'s answer."""

    hand: CardSet
    discards: CardSet
    leader: Seat
    odds: Odds
    seed: int | None
    """The sampling seed, or None when every layout was solved."""

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --json`` form; documented in the README."""
        odds = self.odds
        interval = reported_interval(odds.interval, odds.layouts)
        data: dict[str, Any] = {
            "hand": str(self.hand),
            "discards": str(self.discards),
            "lead": self.leader.lead.value,
            "exact": odds.exact,
            "layouts": odds.layouts,
            "caught": odds.caught,
            "fraction": round(odds.fraction, SHARE_DIGITS),
            "interval": _rounded(interval),
            "histogram": list(odds.histogram),
            "expected_tricks": round(odds.expected_tricks, 4),
            "expected_score": round(odds.expected_score, 2),
        }
        if interval is None:
            data["no_interval"] = str(no_interval(odds.layouts, layouts=True))
        through = odds.through
        if through is not None:
            data["suits"] = {
                suit.glyph: {
                    "holding": str(Holding(self.hand.suit_mask(suit))),
                    **self._share(through.caught(suit)),
                }
                for suit in Suit
            }
            data["whichever"] = self._share(through.whichever)
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    def _share(self, count: int) -> dict[str, Any]:
        """A count of layouts, its share of all and, for a sample, the share's interval (None
        below :data:`~advisor.limits.MIN_INTERVAL_SAMPLES`, like the catch chance's)."""
        odds = self.odds
        share = round(count / odds.layouts, SHARE_DIGITS)
        found: dict[str, Any] = {"caught": count, "p_caught": share}
        if not odds.exact:
            interval = reported_interval(odds.share_interval(count), odds.layouts)
            found["interval"] = _rounded(interval)
        return found


SHARE_DIGITS = 6  # of a share in JSON: finer than one layout in 184,756, no float noise


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(bound, SHARE_DIGITS) for bound in interval]
