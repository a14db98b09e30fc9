"""Game contracts (6♠ … 10 no-trump) played double dummy: the declarer's tricks, exactly.

:mod:`advisor.game.position` holds a position and the rules of play; :mod:`advisor.game.solver`
the typed API over the compiled search :mod:`advisor.game._core`.
"""

from advisor.game.position import Hands, Position, legal_cards, trick_winner
from advisor.game.solver import (
    GameResult,
    GameTrick,
    Pruning,
    clear_table,
    core_available,
    declarer_tricks,
    lead_tricks,
    makes_many,
    makes_ranked,
    nodes_searched,
    solve_many,
    solve_position,
    solve_ranked,
    stop_searches,
    trick_histogram,
)

__all__ = [
    "GameResult",
    "GameTrick",
    "Hands",
    "Position",
    "Pruning",
    "clear_table",
    "core_available",
    "declarer_tricks",
    "lead_tricks",
    "legal_cards",
    "makes_many",
    "makes_ranked",
    "nodes_searched",
    "solve_many",
    "solve_position",
    "solve_ranked",
    "stop_searches",
    "trick_histogram",
    "trick_winner",
]
