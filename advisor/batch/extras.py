"""What ``advisor batch --talon``, ``--exact``, ``--allpass`` and ``--bid`` add to every record,
computed in the worker processes: the fields of ``check --talon --json`` (flat, so that CSV gets
one column each), the ``exact`` object of ``check --exact --json``, the ``allpass`` object of
``check --allpass --json``, and ``advisor bid``'s figures (flat in every format, its whole
``bid`` object in JSON only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from advisor.cards import CardSet
from advisor.exact.settings import ExactSettings
from advisor.seats import Lead, Position
from advisor.table import Table
from advisor.verdict import RECORD_FIELDS

TALON_FIELDS = ("talon_clean", "talon_declare", "talon_expected_combined", "talon_outs")
EXACT_FIELDS = ("exact",)
ALLPASS_FIELDS = ("allpass",)
BID_FIELDS = (
    "bid_seat", "bid_answer", "bid_ceiling", "bid_pass", "bid_misere", "bid_best_game_points",
    "bid_best_contract",
)  # fmt: skip
BID_OBJECT = "bid"  # advisor bid --json's object, in JSON records only
EXACT_CHUNK_HANDS = 2  # hands a batch chunk holds with --exact: hard hands take a second or more
BID_CHUNK_HANDS = 1  # with --bid: a hand takes seconds
_TAKEN = {"file", "line", "id", "error", *RECORD_FIELDS}  # the record's own fields


@dataclass(frozen=True)
class Extra:
    """An optional analysis run on every valid hand, in the worker processes.

    ``compute(hand, lead, table)`` returns the extra fields of the record (JSON values), named
    in ``fields`` (they become CSV columns, in that order). It must be picklable (a module-level
    function or a frozen dataclass) so that it can be sent to worker processes; an
    :class:`~advisor.errors.AdvisorError` it raises turns the line into an error record.
    """

    fields: tuple[str, ...]
    compute: Callable[[CardSet, Lead, Table], Mapping[str, Any]]
    chunk_hands: int | None = None
    """For a slow analysis, about how many hands a chunk holds (None: the usual chunks): small
    chunks keep every process busy and the progress bar moving."""
    json_only: tuple[str, ...] = ()
    """Fields ``compute`` returns beside ``fields`` that only JSON records hold (an object
    whose figures ``fields`` already give CSV flat)."""

    def __post_init__(self) -> None:
        taken = (set(self.fields) | set(self.json_only)) & _TAKEN
        if taken:
            raise ValueError(f"extra field {sorted(taken)[0]!r} would replace a record field")


def talon_fields(hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
    """``--talon``: the figures of ``advisor check --talon --json``, the outs as
    ``"♥7 10: ♣7 ♦7 ♥8 9"`` a hole, joined by ``"; "``."""
    from advisor.talon import talon_outlook  # loaded only by the runs that need it

    outlook = talon_outlook(hand, lead, table)
    found = outlook.to_dict()
    outs = [f"{hole.suit.glyph}{hole.holding}: {hole.outs}" for hole in outlook.holes]
    return {
        "talon_clean": found["clean"],
        "talon_declare": found["declare"],
        "talon_expected_combined": found["expected_combined"],
        "talon_outs": "; ".join(outs),
    }


@dataclass(frozen=True)
class ExactFields:
    """``--exact``: the ``exact`` object of ``check --exact --json`` (a line's lead ``them``
    means both catchers' seats), with ``settings`` (its ``jobs`` unused: batch spreads the
    hands over processes)."""

    settings: ExactSettings

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        from advisor.exact.misere import exact_odds

        found = exact_odds(hand, lead, table, self.settings)
        return {"exact": found.to_dict()}


@dataclass(frozen=True)
class AllPassFields:
    """``--allpass``: what passing costs the hand if everyone passes (``advisor check
    --allpass``'s object), from ``seat`` or, when None, from where the line's lead puts the
    misère player."""

    seat: Position | None = None

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        from advisor.allpass import AllPassRules, passing_cost  # only the runs that need it

        seats = lead.positions if self.seat is None else (self.seat,)
        return {"allpass": passing_cost(hand, seats, AllPassRules.from_table(table)).to_dict()}


@dataclass(frozen=True)
class BidFields:
    """``--bid``: ``advisor bid``'s figures for the hand, from ``seat`` (every hand before it
    passed) or, when None, from the seat the line's lead implies (:func:`bid_seat`), with
    ``settings`` (its ``jobs`` unused: batch spreads the hands over processes)."""

    settings: ExactSettings
    seat: Position | None = None

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        from advisor.auction import read_auction
        from advisor.exact.bid import bid_odds

        seat = bid_seat(lead) if self.seat is None else self.seat
        auction = read_auction(" ".join(["pass"] * seat), seat)
        found = bid_odds(hand, auction, table, None, self.settings).to_dict()
        return {**bid_flat(found), BID_OBJECT: found}


def bid_seat(lead: Lead) -> Position:
    """The seat a line's lead implies for ``--bid``: first hand on the player's own lead
    (first hand leads the first trick), else second hand (the first of the two seats a
    catcher's lead leaves him, and the one ``--lead right`` means).

    >>> bid_seat(Lead.ME).word, bid_seat(Lead.THEM).word
    ('first', 'second')
    """
    return Position.FIRST if lead is Lead.ME else Position.SECOND


def bid_flat(found: Mapping[str, Any]) -> dict[str, Any]:
    """The flat ``bid_*`` fields of ``advisor bid --json``'s object: the seat, the answer, the
    ceiling, passing's and misère's points (None: misère not open), and the best game's
    points and the contract named most often with it (None: no game bid open)."""
    bids = found["bids"]
    best = max(bids, key=lambda figure: figure["points"], default=None)
    misere = found["misere"]
    return {
        "bid_seat": found["seat"],
        "bid_answer": found["answer"],
        "bid_ceiling": found["ceiling"],
        "bid_pass": found["pass"]["points"],
        "bid_misere": None if misere is None else misere["points"],
        "bid_best_game_points": None if best is None else best["points"],
        "bid_best_contract": None if best is None else best["best_contract"],
    }


@dataclass(frozen=True)
class _Both:
    """Several analyses as one (picklable, for the worker processes)."""

    parts: tuple[Callable[[CardSet, Lead, Table], Mapping[str, Any]], ...]

    def __call__(self, hand: CardSet, lead: Lead, table: Table) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for compute in self.parts:
            fields.update(compute(hand, lead, table))
        return fields


def extra_analysis(
    talon: bool,
    exact: ExactFields | None,
    allpass: AllPassFields | None = None,
    bid: BidFields | None = None,
) -> Extra | None:
    """The analysis every record gains: any of ``--talon``, ``--exact``, ``--allpass``,
    ``--bid``."""
    found = []
    if talon:
        found.append(Extra(TALON_FIELDS, talon_fields))
    if allpass is not None:
        found.append(Extra(ALLPASS_FIELDS, allpass, EXACT_CHUNK_HANDS))
    if exact is not None:
        found.append(Extra(EXACT_FIELDS, exact, EXACT_CHUNK_HANDS))
    if bid is not None:
        found.append(Extra(BID_FIELDS, bid, BID_CHUNK_HANDS, (BID_OBJECT,)))
    if len(found) < 2:
        return found[0] if found else None
    slow = [extra.chunk_hands for extra in found if extra.chunk_hands is not None]
    return Extra(
        tuple(name for extra in found for name in extra.fields),
        _Both(tuple(extra.compute for extra in found)),
        min(slow) if slow else None,
        tuple(name for extra in found for name in extra.json_only),
    )
