"""Exact double-dummy all-pass: how many tricks a player takes when every card is known.

For a deal and a player P there are two values (both count the talon tricks):

- **forced** (:attr:`Value.FORCED`): the most tricks the other two, playing together, can force
  on P while P plays to take as few as possible: what P can count on whatever they do;
- **fewest** (:attr:`Value.FEWEST`): the fewest tricks P can end with if everyone plays to keep
  his count down. Never more than forced.

The search runs in the compiled core :mod:`advisor.allpass._core` (C99, built by ``setup.py``);
this module is the one place that imports it (``ADVISOR_PUREPYTHON`` set: as if it were not
built), and defines the typed API on top of it: :func:`deal_values` (the six values of a deal),
:func:`value` (one of them, for any position, endings included), :func:`best_line` (a line of
play that reaches a seat's forced value) and :func:`solve_deals` (many full deals in one call
into C, spread over threads with ``jobs``).
"""

from __future__ import annotations

import contextlib
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from advisor.allpass.rules import (
    AllPassRules,
    Deal,
    Trick,
    legal_cards,
    talon_taker,
    trick_taker,
)
from advisor.build import compiled
from advisor.cards import Card, CardSet
from advisor.errors import AdvisorError, AllPassSolverUnavailableError
from advisor.i18n import Phrase
from advisor.limits import check_jobs
from advisor.parallel import even_pieces, in_order
from advisor.seats import Position
from advisor.table import TalonCard

# built without a C compiler (or ADVISOR_PUREPYTHON set): the rules work, the solver says so
if TYPE_CHECKING:
    from advisor.allpass import _core
else:
    _core = compiled("advisor.allpass._core")

__all__ = [
    "DealValues",
    "SeatValues",
    "Value",
    "best_line",
    "core_available",
    "deal_values",
    "nodes_searched",
    "solve_deals",
    "value",
]

_CHUNKS_PER_JOB = 8


class Value(IntEnum):
    """The two exact values of a deal for one player (the core's numbering)."""

    FORCED = 0
    FEWEST = 1


@dataclass(frozen=True)
class SeatValues:
    """A seat's two values in one deal (``None``: not asked for)."""

    seat: Position
    forced: int | None
    fewest: int | None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat.word}
        if self.forced is not None:
            data["forced"] = self.forced
        if self.fewest is not None:
            data["fewest"] = self.fewest
        return data


DealValues = tuple[SeatValues, ...]
"""The values of one deal, a :class:`SeatValues` for each seat asked about, in seat order."""


def core_available() -> bool:
    """Whether the compiled all-pass solver was built."""
    return _core is not None


def _require_core() -> None:
    if _core is None:
        raise AllPassSolverUnavailableError()


def nodes_searched() -> int:
    """Search nodes the compiled core visited in this process (for benchmarks)."""
    _require_core()
    return _core.nodes()


def _dealer_code(rules: AllPassRules) -> int:
    """The core's ``dealer`` argument: who a talon trick no player beats goes to."""
    if rules.talon_card is TalonCard.SUIT:
        return _core.SUIT_ONLY
    return _core.DEALER_OUT if rules.dealer is None else int(rules.dealer)


# ----------------------------------------------------------------------------------------------
# One position


def value(deal: Deal, seat: Position, which: Value, rules: AllPassRules) -> int:
    """``seat``'s forced or fewest tricks from the position ``deal`` (a full deal or an ending:
    the talon cards still to be turned up, then ``deal.leader`` leads)."""
    _require_core()
    first, second, third = (hand.mask for hand in deal.hands)
    talon = bytes(card.index for card in deal.talon)
    return _core.value(first, second, third, talon, deal.leader, seat, which, _dealer_code(rules))


def deal_values(
    deal: Deal, rules: AllPassRules, seats: Sequence[Position] = tuple(Position)
) -> DealValues:
    """Forced and fewest for each of ``seats`` in ``deal`` (a position of any size)."""
    _require_core()
    found = []
    for seat in seats:
        forced = value(deal, seat, Value.FORCED, rules)
        found.append(SeatValues(seat, forced, value(deal, seat, Value.FEWEST, rules)))
    return tuple(found)


def best_line(deal: Deal, seat: Position, rules: AllPassRules) -> tuple[Trick, ...]:
    """A line of play, all tricks to the end, in which ``seat`` takes exactly his forced
    tricks: at every trick he plays to take as few as he can, the other two to give him as many
    as they can (each card chosen by the solver's value of the positions after the trick)."""
    _require_core()
    hands = list(deal.hands)
    talon = list(deal.talon)
    leader = Position.FIRST if talon else deal.leader
    line: list[Trick] = []
    while hands[0]:
        turned = talon.pop(0) if talon else None
        cards = _best_cards(hands, tuple(talon), turned, leader, deal.leader, seat, rules)
        taker = _taker(turned, leader, cards, rules)
        line.append(Trick(len(line) + 1, turned, leader, cards, taker))
        for position, card in enumerate(cards):
            hands[leader.after(position)] -= CardSet.of([card])
        if turned is not None:
            leader = Position.FIRST if talon else deal.leader
        elif taker is not None:
            leader = taker
    return tuple(line)


def _taker(
    turned: Card | None, leader: Position, cards: tuple[Card, Card, Card], rules: AllPassRules
) -> Position | None:
    """A talon trick is played first, second, third hand; an ordinary one from its leader."""
    return talon_taker(turned, cards, rules) if turned is not None else trick_taker(leader, cards)


def _best_cards(
    hands: Sequence[CardSet],
    talon: tuple[Card, ...],
    turned: Card | None,
    leader: Position,
    after_talon: Position,
    player: Position,
    rules: AllPassRules,
) -> tuple[Card, Card, Card]:
    """The cards a best line plays to the next trick: an alpha-beta search over its three
    cards, each position after the trick valued by the core (``player`` minimises his tricks,
    the others maximise them)."""

    def outcome(cards: tuple[Card, ...], alpha: int, beta: int) -> tuple[int, tuple[Card, ...]]:
        if len(cards) == 3:
            three = (cards[0], cards[1], cards[2])
            taker = _taker(turned, leader, three, rules)
            next_leader = after_talon if turned is not None or taker is None else taker
            rest = [hands[s] - CardSet.of([three[(s - leader) % 3]]) for s in Position]
            after = Deal((rest[0], rest[1], rest[2]), talon, next_leader)
            return (taker is player) + value(after, player, Value.FORCED, rules), cards
        seat = leader.after(len(cards))
        suit = turned.suit if turned is not None else cards[0].suit if cards else None
        best: tuple[int, tuple[Card, ...]] | None = None
        for card in legal_cards(hands[seat], suit):
            found = outcome((*cards, card), alpha, beta)
            if seat is player and (best is None or found[0] < best[0]):
                best, beta = found, min(beta, found[0])
            elif seat is not player and (best is None or found[0] > best[0]):
                best, alpha = found, max(alpha, found[0])
            if alpha >= beta:
                break
        assert best is not None  # a hand that still holds cards has a legal card
        return best

    _, cards = outcome((), -1, 99)
    return (cards[0], cards[1], cards[2])


# ----------------------------------------------------------------------------------------------
# Many deals


def solve_deals(
    deals: Sequence[Deal],
    rules: AllPassRules,
    seats: Sequence[Position] = tuple(Position),
    values: Sequence[Value] = tuple(Value),
    jobs: int = 1,
) -> list[DealValues]:
    """The values of many full deals (three hands of 10, two talon cards, first hand leading
    trick 3) in few calls into C; ``jobs`` threads share them out (the answer does not depend
    on it)."""
    check_jobs(jobs)
    for deal in deals:
        if deal.tricks != 10 or len(deal.talon) != 2 or deal.leader is not Position.FIRST:
            raise AdvisorError(
                Phrase("solve_deals takes full deals: three hands of 10 and a talon of 2")
            )
    _require_core()
    records = array("I")
    for deal in deals:
        records.extend(hand.mask for hand in deal.hands)
        records.append(deal.talon[0].index | deal.talon[1].index << 8)
    seat_mask = sum(1 << seat for seat in set(seats))
    value_mask = sum(1 << which for which in set(values))
    solved = b"".join(_run(records, seat_mask, value_mask, _dealer_code(rules), jobs))
    return [_values_of(solved[6 * i : 6 * i + 6], seats) for i in range(len(deals))]


def _values_of(six: bytes, seats: Sequence[Position]) -> DealValues:
    def known(byte: int) -> int | None:
        return None if byte == _core.NOT_ASKED else byte

    return tuple(SeatValues(seat, known(six[seat]), known(six[3 + seat])) for seat in seats)


def _run(records: array[int], seats: int, values: int, dealer: int, jobs: int) -> Iterator[bytes]:
    """Solve the records, in order. With jobs > 1 in that many threads: the core lets go of the
    GIL while it searches, and the threads share its transposition table (whose entries are
    safe to write from several at once); a caller that stops reading or is interrupted stops
    them at once (:func:`advisor.parallel.in_order`)."""
    count = len(records) // 4
    if jobs == 1 or count < 2:
        yield _core.solve_deals(records.tobytes(), seats, values, dealer)
        return
    spans = even_pieces(range(count), min(count, _CHUNKS_PER_JOB * jobs))
    chunks = [records[4 * span.start : 4 * span.stop].tobytes() for span in spans]

    def solve(chunk: bytes) -> bytes:
        return _core.solve_deals(chunk, seats, values, dealer)

    with contextlib.closing(in_order(solve, chunks, jobs, _core.stop)) as solved:
        yield from solved
