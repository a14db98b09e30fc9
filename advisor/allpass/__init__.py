"""All-pass (распас): the rules of seed §6.1 as an engine, an exact solver, what passing costs.

- :mod:`advisor.allpass.rules`: the deal and its notation, the tricks, who takes them, the
  revoke, the score, and :func:`replay` of a recorded deal;
- :mod:`advisor.allpass.solver`: forced and fewest tricks of a deal (double dummy), a best line;
- :mod:`advisor.allpass.sample`: a hand's expected tricks and penalty over random deals.
"""

from advisor.allpass.rules import (
    AllPassRules,
    Deal,
    Replay,
    Revoke,
    Trick,
    format_deal,
    parse_deal,
    parse_play,
    replay,
)
from advisor.allpass.sample import (
    AllPassEstimate,
    PassingCost,
    Spread,
    estimate_allpass,
    passing_cost,
)
from advisor.allpass.solver import SeatValues, Value, best_line, deal_values, solve_deals, value

__all__ = [
    "AllPassEstimate",
    "AllPassRules",
    "Deal",
    "PassingCost",
    "Replay",
    "Revoke",
    "SeatValues",
    "Spread",
    "Trick",
    "Value",
    "best_line",
    "deal_values",
    "estimate_allpass",
    "format_deal",
    "parse_deal",
    "parse_play",
    "passing_cost",
    "replay",
    "solve_deals",
    "value",
]
