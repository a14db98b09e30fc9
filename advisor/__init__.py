"""misere-advisor: a Preferans misère advisor.

Read a hand, find its holes, price them from a tunable table, apply the founding rules::

    >>> from advisor import Lead, assess, default_table, parse_hand
    >>> assess(parse_hand("♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8"), Lead.ME, default_table()).verdict
    'declare'

The names below are loaded when first used (:pep:`562`): ``import advisor``, which the
``advisor`` command does first, costs nothing, so that Ctrl-C while it starts meets no half-made
import (:mod:`advisor.__main__`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from advisor.cards import Card, CardSet, Rank, Suit, parse_cards, parse_hand
    from advisor.errors import (
        AdvisorError,
        AllPassSolverUnavailableError,
        BatchError,
        BidError,
        CalibrationError,
        CardCountError,
        ContractError,
        ConventionError,
        DealError,
        DuplicateCardError,
        ExactError,
        LayoutError,
        LimitError,
        MissingBuildError,
        NotationError,
        OutputError,
        PlayError,
        SolverUnavailableError,
        TableError,
        WhistError,
    )
    from advisor.holdings import Holding, HoldingPattern
    from advisor.seats import Lead, Position, Seat
    from advisor.table import Progression, Table, TalonCard, default_table, load_table
    from advisor.verdict import Assessment, assess

_HOMES = {
    "advisor.cards": ("Card", "CardSet", "Rank", "Suit", "parse_cards", "parse_hand"),
    "advisor.errors": (
        "AdvisorError",
        "AllPassSolverUnavailableError",
        "BatchError",
        "BidError",
        "CalibrationError",
        "CardCountError",
        "ContractError",
        "ConventionError",
        "DealError",
        "DuplicateCardError",
        "ExactError",
        "LayoutError",
        "LimitError",
        "MissingBuildError",
        "NotationError",
        "OutputError",
        "PlayError",
        "SolverUnavailableError",
        "TableError",
        "WhistError",
    ),
    "advisor.holdings": ("Holding", "HoldingPattern"),
    "advisor.seats": ("Lead", "Position", "Seat"),
    "advisor.table": ("Progression", "Table", "TalonCard", "default_table", "load_table"),
    "advisor.verdict": ("Assessment", "assess"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'advisor' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "AdvisorError",
    "AllPassSolverUnavailableError",
    "Assessment",
    "BatchError",
    "BidError",
    "CalibrationError",
    "Card",
    "CardCountError",
    "CardSet",
    "ContractError",
    "ConventionError",
    "DealError",
    "DuplicateCardError",
    "ExactError",
    "Holding",
    "HoldingPattern",
    "LayoutError",
    "Lead",
    "LimitError",
    "MissingBuildError",
    "NotationError",
    "OutputError",
    "PlayError",
    "Position",
    "Progression",
    "Rank",
    "Seat",
    "SolverUnavailableError",
    "Suit",
    "Table",
    "TableError",
    "TalonCard",
    "WhistError",
    "assess",
    "default_table",
    "load_table",
    "parse_cards",
    "parse_hand",
]
