"""misere-advisor: a Preferans misère advisor.

Read a hand, find its holes, price them from a tunable table, apply the founding rules::

    >>> from advisor import Lead, assess, default_table, parse_hand
    >>> assess(parse_hand("♠7 10 ♣7 8 9 ♦7 8 9 ♥7 8"), Lead.ME, default_table()).verdict
    'declare'
"""

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
