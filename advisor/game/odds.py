"""A game contract over one layout or over the layouts of a hand, in points (``advisor solve
--contract``).

In each layout the declarer takes his double-dummy tricks (:mod:`advisor.game.solver`); the
defenders say whist or pass as the convention's whist model decides from their own hands
(:func:`advisor.defence.model_decisions`); and the deal is worth the points
:func:`advisor.points.declarer_points` gives for that contract, decision and tricks. A layout
where both defenders pass (or one half-whists) is written without play, whatever the cards
would have taken: its tricks still count in the histogram, which is the play's.
"""

from __future__ import annotations

import contextlib
import math
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from advisor.cards import HAND_SIZE, CardSet
from advisor.contract import Contract
from advisor.convention import Convention
from advisor.defence import WHISTS, model_decisions, model_outcome, rest_of
from advisor.game.position import Position
from advisor.game.solver import GameResult, solve_many, solve_position, stop_searches
from advisor.jsonout import contract_json
from advisor.limits import check_run, no_interval, reported_interval
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, even_pieces, in_order
from advisor.points import Whist, declarer_points, game_points
from advisor.sampling import Z95, wilson_interval
from advisor.seats import Seat
from advisor.solver import catchers_pool, require_core, split_hands
from advisor.splits import EXACT_LAYOUTS, sample_ranks

"""The defence's decisions, in the order :attr:`GameOdds.counts` keeps them."""


@dataclass(frozen=True)
class GameLayout:
    """One layout of a game contract: the double-dummy play, the defence's decision, the
    declarer's points."""

    contract: Contract
    convention: Convention
    result: GameResult
    whist: Whist

    @property
    def tricks(self) -> int:
        return self.result.tricks

    @property
    def made(self) -> bool:
        return self.result.tricks >= self.contract.level

    @property
    def points(self) -> float:
        """The declarer's points under the convention (:mod:`advisor.points`)."""
        return float(game_points(self.contract, self.tricks, self.whist, self.convention))

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --contract --layout --json`` form; documented in the README."""
        position = self.result.position
        return {
            "contract": contract_json(self.contract),
            "hands": {
                seat.name: str(cards) for seat, cards in zip(Seat, position.hands, strict=True)
            },
            "lead": position.leader.lead.value,
            "tricks": self.tricks,
            "made": self.made,
            "whist_model": self.convention.whist_model.value,
            "whist": self.whist.value,
            "points": self.points,
            "convention": self.convention.to_dict(),
            "line": [
                {
                    "leader": trick.leader.name,
                    "cards": [str(card) for card in trick.cards],
                    "winner": trick.winner.name,
                }
                for trick in self.result.line
            ],
        }


def solve_game_layout(
    hands: tuple[CardSet, CardSet, CardSet],
    contract: Contract,
    leader: Seat,
    convention: Convention,
) -> GameLayout:
    """``contract`` played double dummy in one deal of three ten-card hands (M the declarer)."""
    position = Position(hands, contract.trump, leader)
    result = solve_position(position)
    whist = model_outcome(
        convention.whist_model, contract, hands[Seat.L], hands[Seat.R], convention.ten
    )
    return GameLayout(contract, convention, result, whist)


@dataclass(frozen=True)
class GameOdds:
    """A game contract over many layouts of one hand (all of them, or a sample)."""

    contract: Contract
    convention: Convention
    counts: tuple[tuple[int, ...], ...]
    """``counts[w][t]``: layouts where the defence says ``WHISTS[w]`` and the declarer takes
    ``t`` tricks double dummy (t = 0..10)."""
    exact: bool

    @property
    def histogram(self) -> tuple[int, ...]:
        """``histogram[t]``: layouts where the declarer takes exactly ``t`` tricks."""
        return tuple(sum(column) for column in zip(*self.counts, strict=True))

    @property
    def layouts(self) -> int:
        return sum(self.histogram)

    @property
    def defence(self) -> dict[Whist, int]:
        """The layouts of each decision of the defence."""
        return {whist: sum(row) for whist, row in zip(WHISTS, self.counts, strict=True)}

    def making(self, level: int) -> int:
        """Layouts where the declarer takes at least ``level`` tricks."""
        return sum(self.histogram[level:])

    def p_making(self, level: int) -> float:
        return self.making(level) / self.layouts if self.layouts else 0.0

    @property
    def p_make(self) -> float:
        """The chance the declarer makes the contract (takes its level of tricks) in play."""
        return self.p_making(self.contract.level)

    def interval(self, level: int) -> tuple[float, float]:
        """The 95 % Wilson interval of :meth:`p_making` (a point when exact)."""
        if self.exact or not self.layouts:
            share = self.p_making(level)
            return share, share
        return wilson_interval(self.making(level), self.layouts)

    @property
    def expected_tricks(self) -> float:
        if not self.layouts:
            return 0.0
        return sum(t * n for t, n in enumerate(self.histogram)) / self.layouts

    def _points(self) -> Iterator[tuple[float, int]]:
        """Each (points, layouts) pair: a decision of the defence and a number of tricks."""
        for whist, row in zip(WHISTS, self.counts, strict=True):
            if any(row):
                table = declarer_points(self.contract, whist, self.convention)
                yield from ((table[t], n) for t, n in enumerate(row) if n)

    @property
    def expected_score(self) -> float:
        """The declarer's expected points under the convention."""
        if not self.layouts:
            return 0.0
        return sum(points * n for points, n in self._points()) / self.layouts

    @property
    def score_interval(self) -> tuple[float, float]:
        """95 % interval of the expected score (normal, from the layouts' spread; a point
        when exact)."""
        mean, n = self.expected_score, self.layouts
        if self.exact or n < 2:
            return mean, mean
        squares = sum(points * points * count for points, count in self._points())
        half = Z95 * math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)
        return mean - half, mean + half


@dataclass(frozen=True)
class GameHandOdds:
    """:func:`game_odds` of a hand, with what it was asked for: ``advisor solve --contract``'s
    answer."""

    hand: CardSet
    discards: CardSet
    leader: Seat
    odds: GameOdds
    seed: int | None
    """The sampling seed, or None when every layout was solved."""

    def to_dict(self) -> dict[str, Any]:
        """The ``advisor solve --contract --json`` form; documented in the README."""
        odds = self.odds
        contract = odds.contract
        interval = reported_interval(odds.interval(contract.level), odds.layouts)
        data: dict[str, Any] = {
            "hand": str(self.hand),
            "discards": str(self.discards),
            "lead": self.leader.lead.value,
            "contract": contract_json(contract),
            "exact": odds.exact,
            "layouts": odds.layouts,
            "histogram": list(odds.histogram),
            "expected_tricks": odds.expected_tricks,
            "p_make": odds.p_make,
            "interval": None if interval is None else list(interval),
            "levels": [self._level(level) for level in range(contract.level, HAND_SIZE + 1)],
            "whist_model": odds.convention.whist_model.value,
            "defence": {whist.value: count for whist, count in odds.defence.items()},
            "expected_score": odds.expected_score,
            "convention": odds.convention.to_dict(),
        }
        if not odds.exact:
            score = reported_interval(odds.score_interval, odds.layouts)
            data["score_interval"] = None if score is None else list(score)
        if interval is None:
            data["no_interval"] = str(no_interval(odds.layouts, layouts=True))
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    def _level(self, level: int) -> dict[str, Any]:
        odds = self.odds
        found: dict[str, Any] = {"level": level, "p_make": odds.p_making(level)}
        if not odds.exact:
            interval = reported_interval(odds.interval(level), odds.layouts)
            found["interval"] = None if interval is None else list(interval)
        return found


@dataclass(frozen=True)
class _Piece:
    """The splits one job works out: their colex ranks (4-byte unsigned integers)."""

    ranks: bytes


def game_odds(
    hand: CardSet,
    discards: CardSet,
    contract: Contract,
    leader: Seat,
    convention: Convention,
    *,
    samples: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> GameOdds:
    """``contract`` declared on ``hand`` (ten cards, ``discards`` thrown) over every split of
    the defenders' 20 cards, or over ``samples`` splits drawn as ``advisor solve`` draws them
    (:func:`advisor.splits.sample_ranks`: same seed, same splits). ``jobs`` threads share the
    splits out in pieces; the answer does not depend on it."""
    pool = catchers_pool(hand, discards)  # bad input is named whether or not C is built
    check_run(samples, jobs)
    require_core()
    ranks = array("I", range(EXACT_LAYOUTS)) if samples is None else sample_ranks(samples, seed)
    pieces = [
        _Piece(ranks[span.start : span.stop].tobytes())
        for span in even_pieces(range(len(ranks)), CHUNKS_PER_JOB * jobs)
        if len(span)
    ]

    def work(piece: _Piece) -> list[list[int]]:
        return _count(piece, hand, pool, contract, leader, convention)

    counts = [[0] * (HAND_SIZE + 1) for _ in WHISTS]
    done = 0
    with contextlib.closing(in_order(work, pieces, jobs, stop_searches)) as found:
        for piece, piece_counts in zip(pieces, found, strict=True):
            for total, row in zip(counts, piece_counts, strict=True):
                for t, n in enumerate(row):
                    total[t] += n
            done += len(piece.ranks) // 4
            if progress is not None:
                progress(done, len(ranks))
    return GameOdds(contract, convention, tuple(map(tuple, counts)), samples is None)


def _count(
    piece: _Piece,
    hand: CardSet,
    pool: CardSet,
    contract: Contract,
    leader: Seat,
    convention: Convention,
) -> list[list[int]]:
    """One piece's counts by the defence's decision and the declarer's tricks (in a worker
    thread when jobs > 1: the search lets go of the GIL)."""
    ranks = array("I")
    ranks.frombytes(piece.ranks)
    lefts = split_hands(pool, ranks)
    tricks = solve_many(hand, pool, contract.trump, leader, lefts)
    model, ten = convention.whist_model, convention.ten
    whists = model_decisions(model, contract, lefts, rest_of(pool.mask, lefts), ten)
    # each layout's decision and tricks in one byte (16 * decision + tricks: the tricks are at
    # most 10), added as big integers whose bytes never carry, then counted by bytes.count
    both = (int.from_bytes(whists, "little") << 4) + int.from_bytes(tricks, "little")
    paired = both.to_bytes(len(tricks), "little")
    return [[paired.count(w << 4 | t) for t in range(HAND_SIZE + 1)] for w in range(len(WHISTS))]
