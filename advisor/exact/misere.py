"""``check --exact``'s entry point: the exact analysis of a misère hand as dealt
(:mod:`advisor.exact.analysis` says how it is worked out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor.cards import CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.analysis import Analysis
from advisor.exact.deals import Deals
from advisor.exact.result import ExactOdds, pass_score_of
from advisor.exact.settings import DEFAULT_SETTINGS, ExactSettings
from advisor.exact.stopping import Goal
from advisor.parallel import ProgressCallback
from advisor.seats import Lead
from advisor.table import Table
from advisor.talon import check_hand_size
from advisor.verdict import assess

if TYPE_CHECKING:
    from advisor.allpass import PassingCost


def exact_odds(
    hand: CardSet,
    lead: Lead,
    table: Table,
    settings: ExactSettings = DEFAULT_SETTINGS,
    *,
    passing: PassingCost | None = None,
    per_suit: bool = True,
    progress: ProgressCallback | None = None,
) -> ExactOdds:
    """The exact analysis of ten cards as dealt, as ``settings`` ask (see
    :mod:`advisor.exact.analysis`): ``full`` works out every talon (no bounds, no sequential
    estimate); ``jobs`` threads share the work (the answer does not depend on it);
    ``per_suit`` adds each suit's figures.

    With the table's ``pass_score = "allpass"`` the cost of passing is ``passing`` (what
    :func:`advisor.allpass.passing_cost` says of the hand from ``lead.positions``), computed
    here when not given (or given for other seats).

    Raises :class:`~advisor.solver.SolverUnavailableError` when the compiled solver is missing,
    :class:`~advisor.errors.ExactError` for bad settings and
    :class:`~advisor.errors.CardCountError` unless the hand holds ten cards.
    """
    mode = settings.checked()
    check_hand_size(hand)
    per_talon = settings.per_talon
    founding = assess(hand, lead.founding, table)
    if not table.pass_from_allpass:
        passing = None
    elif passing is None or passing.seats != lead.positions:  # not the seats the lead needs
        from advisor.allpass import AllPassRules, passing_cost  # only for an all-pass table

        passing = passing_cost(hand, lead.positions, AllPassRules.from_table(table))
    goal = Goal(pass_score_of(table, passing), table.exact_threshold)
    deals = Deals(hand, per_talon, settings.seed)
    analysis = Analysis(hand, lead, table, mode, deals, settings.jobs, per_suit)
    method, seats, talons = analysis.run(goal, settings.full, progress)
    samples = per_talon * TALON_COUNT
    return ExactOdds(founding, lead, mode, settings.seed, samples, seats, method, talons, passing)
