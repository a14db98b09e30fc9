"""``check --exact``'s word on games: whether some game is worth more than the misère.

The value of a game bid never rises up the ladder (a lower bid allows every contract a higher
one does), so the lowest, 6♠, is worth what the best game is, and one bid answers the question.
Its value is ``advisor bid``'s (:func:`advisor.exact.bid.talon_value`: on each talon the
discard and contract chosen on splits of its own, scored on others), from the seat the lead
implies (:func:`seats_of`), on a few talons only: ``check --exact`` must stay fast.

**First a screen**, cheap and sound: on the first talons (:data:`SCREEN_TALONS` at a time, at
most :data:`SCREEN_MOST`, and no more once the bounds' mean is above the figure to beat), an
upper bound of the bid's value on each, from the cheap question alone (does the declarer take six
tricks with this discard and strain?): the points of ten tricks where he does, of five where he
does not, for the best (discard, strain, contract), or giving up when that is better. Every
choice scores at most that on every split, so the talon's value is at most its bound. When even
the bounds' mean is clearly below passing (a game not worth bidding is never named) or below
the misère's estimate, nothing is said and nothing more is worked out.

**Else an estimate** on at most :data:`GAME_TALONS` talons, stopped once the game is clearly
above or below the misère. The two figures come from deals drawn apart, so they are compared
as independent estimates: the game beats the misère when their difference exceeds
:data:`~advisor.exact.stopping.Z_CLEAR` standard errors of a difference (the misère's from its
95 % interval; a misère known by its bounds only is taken at its upper bound, which can only
make the game's win harder). The game is *named* when it beats the misère and its point
estimate beats passing, as ``advisor bid``'s ceiling counts a bid worth making.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor.contract import CONTRACTS, Contract, Strain
from advisor.defaults import TALON_COUNT
from advisor.defence import WHISTS
from advisor.exact.bid import SCORE_SPLITS, lead_of, talon_value
from advisor.exact.bid_talon import talon_pairs
from advisor.exact.deals import Deals
from advisor.exact.game import GameObjective
from advisor.exact.stopping import Z_CLEAR
from advisor.game.solver import stop_searches
from advisor.jsonout import contract_json
from advisor.parallel import in_order
from advisor.points import TRICKS, game_points
from advisor.sampling import Z95, ClusterMean, normal_interval
from advisor.seats import Lead, Position

if TYPE_CHECKING:
    from collections.abc import Sequence

    from advisor.convention import Convention
    from advisor.exact.result import ExactOdds

SCREEN_TALONS = 4  # talons the screen bounds the game's value on at a time (and at least)
SCREEN_MOST = 16  # talons the screen bounds the game's value on at most
GAME_TALONS = 8  # talons the game's value is estimated on at most (a multiple of the screen's)
LOWEST = CONTRACTS[0]  # 6♠: the lowest game bid's lowest contract
_SEATS = {
    Lead.ME: (Position.FIRST,),
    Lead.RIGHT: (Position.SECOND,),
    Lead.LEFT: (Position.THIRD,),
    Lead.THEM: (Position.SECOND, Position.THIRD),
}


def seats_of(lead: Lead) -> tuple[Position, ...]:
    """The seats a misère lead puts the player in when he bids a game instead (first hand
    leads): first hand on his own lead, second when his right-hand catcher leads, third when
    the left one does; ``them``, either catcher, means second and third hand, averaged as the
    misère is.

    >>> [p.word for p in seats_of(Lead.THEM)], seats_of(Lead.LEFT)[0].word
    (['second', 'third'], 'third')
    """
    return _SEATS[lead]


@dataclass(frozen=True)
class GameCheck:
    """The lowest game bid's value beside the misère's, when the screen did not rule it out."""

    seats: tuple[Position, ...]
    points: float
    interval: tuple[float, float]
    """The 95 % interval of :attr:`points`."""
    talons: int
    named: tuple[tuple[Contract | None, int], ...]
    """What was named after the talons (None: given up), most often first, with its count
    (a talon counted once a seat)."""
    misere_points: float
    """The misère's expected points on the games' scale (an upper bound when it has bounds
    only)."""
    misere_bound: bool
    """Whether :attr:`misere_points` is a bound (the misère settled by bounds)."""
    pass_points: float
    beats_misere: bool
    """Whether the game's value is clearly above the misère's (see the module)."""

    @property
    def best(self) -> tuple[Contract | None, float]:
        """The choice made most often after the talon (None: giving up), and its share."""
        choice, count = self.named[0]
        return choice, count / sum(n for _, n in self.named)

    @property
    def worth_naming(self) -> bool:
        """Whether ``check --exact`` names the game: clearly above the misère, and above
        passing."""
        return self.beats_misere and self.points > self.pass_points

    def to_dict(self) -> dict[str, Any]:
        choice, share = self.best
        return {
            "bid": contract_json(LOWEST),
            "seats": [seat.word for seat in self.seats],
            "points": round(self.points, 3),
            "interval": [round(x, 3) for x in self.interval],
            "talons": self.talons,
            "best_contract": "give up" if choice is None else contract_json(choice),
            "best_share": round(share, 4),
            "misere_points": round(self.misere_points, 3),
            "misere_bound": self.misere_bound,
            "beats_misere": self.beats_misere,
            "named": self.worth_naming,
        }


def game_beside_misere(found: ExactOdds, seed: int, jobs: int = 1) -> GameCheck | None:
    """The lowest game's value beside ``found``'s misère (see the module), its talons drawn
    from ``seed`` as ``advisor bid`` draws them; None when the screen rules out a game worth
    naming. ``jobs`` threads share the talons (the answer does not depend on them)."""
    seats = seats_of(found.lead)
    convention = found.founding.table.convention
    objectives = [GameObjective(convention, lead_of(seat).seats[0]) for seat in seats]
    deals = Deals(found.hand, SCORE_SPLITS, seed)
    order = deals.order()
    misere = _Misere(found, objectives[0].misere_scale())
    threshold = found.pass_score if misere.bounds else max(found.pass_score, misere.points)
    bound = ClusterMean()
    screen = functools.partial(_upper_bounds, deals, objectives)
    for start in range(0, SCREEN_MOST, SCREEN_TALONS):
        batch = order[start : start + SCREEN_TALONS]
        for uppers in in_order(screen, batch, max(1, min(jobs, len(batch))), stop_searches):
            # a talon's seats are one cluster, as in the estimate (they share its cards)
            squares = sum(upper * upper for upper in uppers)
            bound.add(
                sum(uppers) * SCORE_SPLITS, squares * SCORE_SPLITS, SCORE_SPLITS * len(uppers)
            )
        high = normal_interval(bound.mean, bound.variance(TALON_COUNT), Z_CLEAR)[1]
        if high < found.pass_score or misere.clearly_above(bound):
            return None
        if bound.mean > threshold:
            break  # a game may well be worth more: screening on would not stop it
    sums, named, talons = _estimate(deals, objectives, order[:GAME_TALONS], misere, jobs)
    return GameCheck(
        seats, sums.mean, normal_interval(sums.mean, sums.variance(TALON_COUNT), Z95), talons,
        tuple(sorted(named.items(), key=_by_count)), misere.points, misere.bounds,
        found.pass_score,
        misere.clearly_below(sums),
    )  # fmt: skip


class _Misere:
    """The misère's figure on the games' points scale, and the comparison with a game's
    estimate as independent estimates."""

    def __init__(self, found: ExactOdds, scale: float) -> None:
        self.points = found.expected_score * scale
        low, high = found.score_interval
        self.bounds = not found.reading.two_sided
        self.variance = 0.0 if self.bounds else ((high - low) * scale / (2 * Z95)) ** 2

    def _z(self, game: ClusterMean) -> float:
        """The game's lead over the misère in standard errors of the difference."""
        gap = game.mean - self.points
        se = math.sqrt(game.variance(TALON_COUNT) + self.variance)
        if se == 0:
            return math.copysign(math.inf, gap) if gap else 0.0
        return gap / se

    def clearly_below(self, game: ClusterMean) -> bool:
        """Whether the misère is clearly worth less than the game."""
        return self._z(game) > Z_CLEAR

    def clearly_above(self, game: ClusterMean) -> bool:
        """Whether the misère is clearly worth more than the game (never, for a misère known
        by its upper bound only: the true figure may be far lower)."""
        return not self.bounds and self._z(game) < -Z_CLEAR


def _estimate(
    deals: Deals,
    objectives: Sequence[GameObjective],
    order: Sequence[int],
    misere: _Misere,
    jobs: int,
) -> tuple[ClusterMean, dict[Contract | None, int], int]:
    """The bid's value on the talons of ``order``, :data:`SCREEN_TALONS` at a time until it is
    clearly above or below the misère: its running mean, what was named, the talons used."""
    sums = ClusterMean()
    named: dict[Contract | None, int] = {}
    work = functools.partial(_talon, deals, objectives)
    done = 0
    while done < len(order):
        batch = order[done : done + SCREEN_TALONS]
        for totals, squares, contracts in in_order(
            work, batch, max(1, min(jobs, len(batch))), stop_searches
        ):
            sums.add(totals, squares, SCORE_SPLITS * len(objectives))
            for contract in contracts:
                named[contract] = named.get(contract, 0) + 1
        done += len(batch)
        if misere.clearly_below(sums) or misere.clearly_above(sums):
            break
    return sums, named, done


def _talon(
    deals: Deals, objectives: Sequence[GameObjective], number: int
) -> tuple[float, float, list[Contract | None]]:
    """Talon ``number``'s figures for the lowest bid, from every seat (one cluster of
    deals): the points' total and squares, and what each seat named."""
    values = [talon_value(deals, objective, [LOWEST], number) for objective in objectives]
    return (
        sum(v.totals[0] for v in values),
        sum(v.squares[0] for v in values),
        [v.contracts[0] for v in values],
    )


def _upper_bounds(deals: Deals, objectives: Sequence[GameObjective], number: int) -> list[float]:
    """:func:`_upper_bound` from every seat."""
    return [_upper_bound(deals, objective, number) for objective in objectives]


def _upper_bound(deals: Deals, objective: GameObjective, number: int) -> float:
    """An upper bound of the lowest bid's value on talon ``number``'s scoring splits (see
    the module): the points of ten tricks where six are made, of five where not."""
    stratum = deals.reported(number)
    pool, splits = stratum.pool, stratum.splits
    convention = objective.convention
    decisions = {contract: objective.decisions(contract, pool, splits) for contract in CONTRACTS}
    best = objective.give_up(LOWEST)
    for pair in talon_pairs(deals.hand | stratum.talon):
        made = objective.makes_masks(pair.hand, pool, pair.strain, splits, LOWEST.level)
        tricks = [TRICKS if m else LOWEST.level - 1 for m in made]
        for contract in _STRAINS[pair.strain]:
            found = decisions[contract]
            total = sum(
                _points(contract, d, t, convention) for d, t in zip(found, tricks, strict=True)
            )
            best = max(best, total / len(tricks))
    return best


@functools.cache
def _points(contract: Contract, decision: int, tricks: int, convention: Convention) -> float:
    """The declarer's points (:meth:`GameObjective.table`'s entry, worked out alone: the
    screen needs few of them)."""
    return float(game_points(contract, tricks, WHISTS[decision], convention))


_STRAINS = {strain: CONTRACTS[strain :: len(Strain)] for strain in Strain}


def _by_count(item: tuple[Contract | None, int]) -> tuple[int, int]:
    contract, count = item
    return -count, -1 if contract is None else contract.order


__all__ = [
    "GAME_TALONS",
    "SCREEN_MOST",
    "SCREEN_TALONS",
    "GameCheck",
    "game_beside_misere",
    "seats_of",
]
