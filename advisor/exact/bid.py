"""``advisor bid``: before the talon, what each call open to a player is worth, in points.

- **Passing** is worth the table's ``pass_score``, or with ``pass_score = "allpass"`` minus what
  an all-pass costs from the player's seat (:func:`~advisor.exact.result.pass_score_of`).
- **Misère** (when the auction still allows it) is worth its exact expected score
  (:func:`advisor.exact.misere.exact_odds`, ``check --exact``'s analysis, with the lead the seat
  implies) times the convention's misère scale.
- **A game bid** ``b`` is worth what winning the auction at ``b`` brings: on each talon, the
  declarer chooses, from his twelve cards and without knowing the split, one discard and one
  contract at least ``b`` (or giving up three down), and plays it whatever the split. The choice
  is made on splits of its own and scored on others (:mod:`advisor.exact.bid_talon`: separate
  choosing and scoring streams, so that the best of many choices is not flattered by the
  splits it was picked on). The value is the mean over the talons.

The talons are worked out in :class:`~advisor.exact.deals.Deals`' shuffled order, a batch of
:data:`TALON_BATCH` at a time (threads share a batch; the answer never depends on how many), and
the estimate stops once the answer is clear: the bid just below the ceiling clearly beats
passing and the one above clearly does not (or is within :data:`TOLERANCE` of it), misère
clearly apart from the best game, each at :data:`~advisor.exact.stopping.Z_CLEAR` with the
two-stage variance of :mod:`advisor.sampling`; else when the talons the samples allow are spent.
A bid clearly worth less than passing (after :data:`MIN_TALONS` talons) is worked out no more,
nor is any above it (a higher bid allows fewer contracts, so it is worth no more): its figures
are those of the talons it saw, and the choice after the other talons is weighed over the bids
still open only (their screen drops more pairs).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor.auction import AuctionState
from advisor.cards import CardSet
from advisor.contract import MISERE, PASS, Bid, Contract
from advisor.convention import Convention
from advisor.defaults import EXACT_DEALS, TALON_COUNT
from advisor.exact.bid_ladder import BidFigure, Source, on_the_ladder
from advisor.exact.bid_talon import Choosing, TalonValue, score_picks, talon_pairs
from advisor.exact.deals import Deals
from advisor.exact.game import GameObjective
from advisor.exact.result import pass_score_of
from advisor.exact.settings import ExactSettings
from advisor.exact.stopping import Z_CLEAR
from advisor.game.solver import stop_searches
from advisor.jsonout import contract_json
from advisor.parallel import ProgressCallback, in_order
from advisor.sampling import Z95, ClusterMean, normal_interval
from advisor.seats import Lead, Position
from advisor.table import Table
from advisor.talon import check_hand_size

if TYPE_CHECKING:
    from advisor.allpass import PassingCost

SCORE_SPLITS = 8  # splits a talon's choices are scored on
CHOICE_SPLITS = 8  # splits a talon's choices are made on (a stream apart)
TALON_BATCH = 8  # talons worked out between two looks at the answer
MIN_TALONS = 16  # talons a bid is worked out on at least before its value may be called clear
BID_SAMPLES = SCORE_SPLITS * 40  # the scoring splits by default: at most 40 talons
TOLERANCE = 0.5  # points within which a bid's value and passing are the same to a player
METHOD = "separate choosing and scoring splits a talon"

_LEADS = {Position.FIRST: Lead.ME, Position.SECOND: Lead.RIGHT, Position.THIRD: Lead.LEFT}


def lead_of(seat: Position) -> Lead:
    """Who leads the first trick when the player in ``seat`` declares: first hand leads,
    whoever declared (second hand has first hand on his right, third on his left)."""
    return _LEADS[seat]


@dataclass(frozen=True)
class MisereFigure:
    """Misère's exact expected points (``check --exact``'s estimate, scaled)."""

    points: float
    interval: tuple[float, float]
    p_caught: float
    method: str
    """``check --exact``'s method: full, sequential, or bounds (then points is an upper
    bound)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": round(self.points, 3),
            "interval": None if self.method == "bounds" else [round(x, 3) for x in self.interval],
            "p_caught": round(self.p_caught, 4),
            "method": self.method,
        }


@dataclass(frozen=True)
class BidAdvice:
    """``advisor bid``'s answer: each call's points, the ceiling and the one-line answer."""

    hand: CardSet
    auction: AuctionState
    objective: GameObjective
    pass_points: float
    pass_source: str
    """``table`` (the table's ``pass_score``) or ``allpass`` (what an all-pass costs)."""
    misere: MisereFigure | None
    bids: tuple[BidFigure, ...]
    samples: int
    seed: int
    talons: int
    full: bool
    clear: bool
    """Whether the talons worked out settle the ceiling and the answer (every talon, or the
    sequential estimate's rule met); False when ``samples`` ran out first."""

    @property
    def lead(self) -> Lead:
        return lead_of(self.auction.seat)

    @property
    def ceiling(self) -> Bid | None:
        """The highest game bid whose value beats passing (None: none does)."""
        return max((f.bid for f in self.bids if f.points > self.pass_points), default=None)

    @property
    def answer(self) -> Bid:
        """Misère when it beats passing and every game; else the ceiling; else pass."""
        best_game = max((f.points for f in self.bids), default=float("-inf"))
        if self.misere is not None and self.misere.points > max(self.pass_points, best_game):
            return MISERE
        return self.ceiling or PASS

    def answer_words(self, *, ascii: bool = False) -> str:
        """The answer in one line of plain English (``bid up to 7♥``, ``misère``, ``pass``;
        ``ascii``: ``bid up to 7H``, ``misere``)."""
        answer = self.answer
        shown = contract_json(answer) if ascii else str(answer)
        return f"bid up to {shown}" if answer.contract is not None else shown

    def to_dict(self) -> dict[str, Any]:
        convention = self.objective.convention
        ceiling = self.ceiling
        return {
            "hand": str(self.hand),
            "seat": self.auction.seat.word,
            "lead": self.lead.value,
            "auction": self.auction.ascii(),
            "convention": convention.to_dict(),
            "whist_model": convention.whist_model.value,
            "pass": {"points": round(self.pass_points, 3) + 0.0, "source": self.pass_source},
            "misere": None if self.misere is None else self.misere.to_dict(),
            "bids": [figure.to_dict() for figure in self.bids],
            "ceiling": None if ceiling is None else contract_json(ceiling),
            "answer": self.answer_words(ascii=True),
            "samples": self.samples,
            "seed": self.seed,
            "talons": self.talons,
            "method": {
                "talons": "full" if self.full else "sequential",
                "clear": self.clear,
                "choice": METHOD,
                "choosing_splits": CHOICE_SPLITS,
                "scoring_splits": SCORE_SPLITS,
            },
        }


def talon_value(
    deals: Deals, objective: GameObjective, bids: Sequence[Contract], number: int
) -> TalonValue:
    """Talon ``number``'s choice for each of ``bids`` (their lowest contracts), made on its
    choosing splits and scored on its scoring splits."""
    choosing = deals.choosing(number, CHOICE_SPLITS)
    pairs = talon_pairs(deals.hand | choosing.talon)
    picks = Choosing(objective, pairs, choosing.pool, choosing.splits, bids).run()
    scoring = deals.reported(number)
    totals, squares = score_picks(objective, pairs, picks, scoring.pool, scoring.splits)
    named = tuple(None if pick.pair is None else pick.contract for pick in picks)
    return TalonValue(number, named, tuple(totals), tuple(squares), len(scoring.splits))


class _Sums:
    """Each bid's running figures over the talons worked out."""

    def __init__(self, bids: Sequence[Bid], floors: Sequence[float]) -> None:
        self.bids, self.floors = bids, floors
        self.means = [ClusterMean() for _ in bids]
        self.named: list[Counter[Contract | None]] = [Counter() for _ in bids]

    def add(self, value: TalonValue) -> None:
        """A talon's figures for the bids still open, the first ``len(value.totals)``."""
        for k, total in enumerate(value.totals):
            self.means[k].add(total, value.squares[k], value.splits)
            self.named[k][value.contracts[k]] += 1

    def below(self, pass_points: float, open_: int) -> int:
        """The first of the ``open_`` bids still worked out whose value is clearly below
        passing (every bid above it is worth no more: it allows fewer contracts); ``open_``
        when none is."""
        ladder = on_the_ladder(self._own(Z_CLEAR)[:open_], self.floors[:open_])
        for k, figure in enumerate(ladder):
            if self.means[k].talons >= MIN_TALONS and _high(figure) < pass_points:
                return k
        return open_

    def interval(self, k: int, z: float) -> tuple[float, float]:
        mean = self.means[k]
        return normal_interval(mean.mean, mean.variance(TALON_COUNT), z)

    def figures(self, z: float = Z95) -> tuple[BidFigure, ...]:
        """The bids' figures on the ladder (:func:`~advisor.exact.bid_ladder.on_the_ladder`),
        their intervals at ``z``."""
        return on_the_ladder(self._own(z), self.floors)

    def _own(self, z: float) -> tuple[BidFigure, ...]:
        return tuple(
            BidFigure(bid, self.means[k].mean, self.interval(k, z),
                      tuple(sorted(self.named[k].items(), key=_by_count)))
            for k, bid in enumerate(self.bids)
        )  # fmt: skip


def _high(figure: BidFigure) -> float:
    """The top of a figure's interval (a bound's own value: it is the top)."""
    return figure.points if figure.interval is None else figure.interval[1]


def _by_count(item: tuple[Contract | None, int]) -> tuple[int, int]:
    contract, count = item
    return -count, -1 if contract is None else contract.order


def _settled(low: float, high: float, level: float) -> bool:
    """Whether an interval lies clear of ``level`` or within :data:`TOLERANCE` of it."""
    return low > level or high < level or (level - TOLERANCE < low and high < level + TOLERANCE)


def _clear(sums: _Sums, pass_points: float, misere: MisereFigure | None) -> bool:
    """Whether the ceiling and the answer are the same anywhere in the 99.9 % intervals."""
    ladder = sums.figures(Z_CLEAR)
    above = [k for k, figure in enumerate(ladder) if figure.points > pass_points]
    ceiling = max(above, default=-1)
    for k in (ceiling, ceiling + 1):
        if 0 <= k < len(ladder) and not _settled_figure(ladder[k], pass_points):
            return False
    if misere is not None and ladder:
        best = max(ladder, key=lambda figure: figure.points)
        return _settled_figure(best, misere.points)
    return True


def _settled_figure(figure: BidFigure, level: float) -> bool:
    """:func:`_settled` for a figure; a bound is settled (its bids were stopped: clearly below
    passing, and bounded by a bid below)."""
    return figure.interval is None or _settled(*figure.interval, level)


def bid_odds(
    hand: CardSet,
    auction: AuctionState,
    table: Table,
    convention: Convention | None = None,
    settings: ExactSettings | None = None,
    progress: ProgressCallback | None = None,
    *,
    passing: PassingCost | None = None,
) -> BidAdvice:
    """What each call open to ``hand`` in ``auction`` is worth (see the module), scored under
    ``convention`` (default: the table's). ``settings``: ``samples`` the games' scoring splits
    at most (a multiple of :data:`SCORE_SPLITS` talons), ``full`` every talon, ``seed``, ``jobs``
    (the answer does not depend on them); misère takes ``check --exact``'s own sample."""
    check_hand_size(hand)
    settings = settings or ExactSettings(samples=BID_SAMPLES)
    settings.checked()
    convention = convention or table.convention
    lead = lead_of(auction.seat)
    objective = GameObjective(convention, lead.seats[0])
    if table.pass_from_allpass and (passing is None or passing.seats != lead.positions):
        from advisor.allpass import AllPassRules, passing_cost

        passing = passing_cost(hand, lead.positions, AllPassRules.from_table(table))
    pass_points = pass_score_of(table, passing if table.pass_from_allpass else None)
    report = _Phases(progress, auction.misere_open)
    misere = None
    if auction.misere_open:
        misere = _misere(hand, lead, table, settings, objective, passing, report.misere)
    bids = [bid for bid in auction.open_bids if bid.contract is not None]
    contracts = [bid.contract for bid in bids if bid.contract is not None]
    budget = TALON_COUNT if settings.full else max(
        MIN_TALONS, min(TALON_COUNT, settings.samples // SCORE_SPLITS)
    )  # fmt: skip
    sums = _Sums(bids, [objective.give_up(contract) for contract in contracts])
    deals = Deals(hand, SCORE_SPLITS, settings.seed)
    order = deals.order()[:budget] if contracts else []
    done = 0
    open_ = len(contracts)  # bids above one clearly below passing are worked out no more
    clear = settings.full or not contracts or len(order) == TALON_COUNT
    while done < len(order) and open_:
        batch = order[done : done + TALON_BATCH]
        jobs = max(1, min(settings.jobs, len(batch)))
        work = functools.partial(talon_value, deals, objective, contracts[:open_])
        for value in in_order(work, batch, jobs, stop_searches):
            sums.add(value)
        done += len(batch)
        report.games(done, len(order))
        if not settings.full:
            open_ = sums.below(pass_points, open_)
            if done >= MIN_TALONS and _clear(sums, pass_points, misere):
                clear = True
                break
    clear = clear or not open_  # every bid clearly below passing
    report.games(1, 1)
    return BidAdvice(
        hand, auction, objective, pass_points, "allpass" if table.pass_from_allpass else "table",
        misere, sums.figures(), settings.samples, settings.seed, done, settings.full, clear,
    )  # fmt: skip


def _misere(
    hand: CardSet,
    lead: Lead,
    table: Table,
    settings: ExactSettings,
    objective: GameObjective,
    passing: PassingCost | None,
    progress: ProgressCallback | None,
) -> MisereFigure:
    """Misère's exact figures from ``lead``, scaled to the convention."""
    from advisor.exact.misere import exact_odds

    found = exact_odds(
        hand, lead, table,
        ExactSettings(EXACT_DEALS, settings.seed, full=settings.full, jobs=settings.jobs),
        passing=passing, per_suit=False, progress=progress,
    )  # fmt: skip
    seat = found.seats[0]
    scale = objective.misere_scale()
    low, high = seat.score_interval
    return MisereFigure(
        seat.expected_score * scale, (low * scale, high * scale), seat.p_caught,
        found.method.value,
    )  # fmt: skip


class _Phases:
    """One progress bar for both phases: misère's analysis (its first third, when open), then
    the games' talons."""

    SCALE = 1000

    def __init__(self, progress: ProgressCallback | None, misere: bool) -> None:
        self.progress, self.open = progress, misere
        self.start = self.SCALE // 3 if misere else 0

    @property
    def misere(self) -> ProgressCallback:
        """The callback misère's analysis reports to."""
        return self._report(0, self.start)

    def games(self, done: int, total: int) -> None:
        self._report(self.start, self.SCALE)(done, total)

    def _report(self, low: int, high: int) -> Callable[[int, int], None]:
        def report(done: int, total: int) -> None:
            if self.progress is not None and total:
                self.progress(low + (high - low) * min(done, total) // total, self.SCALE)

        return report


__all__ = [
    "BidAdvice", "BidFigure", "MisereFigure", "Source", "bid_odds", "lead_of", "talon_value",
]  # fmt: skip
