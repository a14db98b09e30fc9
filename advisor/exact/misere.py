"""Misère in the exact machinery: its objective (:data:`MISERE_PLAY`: +10 clean, -10 a trick;
the double-dummy misère solver; keeping the lower card of a suit is never caught more often;
the founding table's order of discards breaks ties) and ``check --exact``'s entry point, the
exact analysis of a misère hand as dealt (:mod:`advisor.exact.analysis` says how it is worked
out). Its per-suit annotations are :mod:`advisor.exact.suits`'."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from advisor.cards import HAND_SIZE, CardSet
from advisor.defaults import TALON_COUNT
from advisor.exact.analysis import Analysis
from advisor.exact.deals import Deals
from advisor.exact.result import ExactOdds, pass_score_of
from advisor.exact.settings import DEFAULT_SETTINGS, ExactSettings
from advisor.exact.stopping import Goal
from advisor.exact.suits import CAUGHT_THROUGH
from advisor.parallel import ProgressCallback
from advisor.scoring import MISERE, Scoring
from advisor.seats import Lead, Seat
from advisor.solver import solve_many
from advisor.table import Table
from advisor.talon import check_hand_size, talon_discard_order
from advisor.verdict import assess

if TYPE_CHECKING:
    from array import array

    from advisor.allpass import PassingCost


@dataclass(frozen=True)
class MiserePlay:
    """Misère as an :class:`~advisor.exact.objective.Objective`: the tricks M takes are the
    tricks he falls short."""

    scoring: Scoring = MISERE
    keeps_lower: bool = True
    """Keeping the lower of two cards of a suit is never caught where keeping the higher is
    clean: M can play the lower card wherever he would have played the higher."""
    screen_budget: int = 400
    """Search nodes a catch is first looked for in (most are found in a few dozen, while
    proving M clean takes thousands): what is left open is settled only if the discard is
    still in the running."""

    def short(
        self,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        *,
        cap: int = HAND_SIZE,
        stop: int | None = None,
        budget: int | None = None,
    ) -> bytes:
        """The tricks the catchers force on M in each layout
        (:func:`~advisor.solver.solve_many`)."""
        return solve_many(hand, pool, seat, layouts, cap=cap, stop=stop, budget=budget)

    def discard_order(self, twelve: CardSet, lead: Lead, table: Table) -> Iterator[CardSet]:
        """The founding table's order of discards for the lead (its founding lead)."""
        return talon_discard_order(twelve, lead.founding, table)


MISERE_PLAY = MiserePlay()


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
    annotation = CAUGHT_THROUGH if per_suit else None
    analysis = Analysis(
        hand, lead, table, mode, deals, settings.jobs, objective=MISERE_PLAY, annotation=annotation
    )
    method, seats, talons = analysis.run(goal, settings.full, progress)
    samples = per_talon * TALON_COUNT
    return ExactOdds(founding, lead, mode, settings.seed, samples, seats, method, talons, passing)
