"""``advisor lead --contract``: the first card of a game, chosen blind, by the declarer on first
hand or by a defender on lead.

The first hand leads the first trick whoever declared (``shared/game-rules.md``), before any
card is seen but his own and the talon (shown to the table). ``advisor declare``, ``bid``,
``whist`` and ``solve --contract`` play every layout double dummy, the first card included: as
if the leader saw every hand. Here each card he may lead (equal cards as one,
:func:`advisor.lead.lead_classes`) is played out on the same layouts, the trick's other two
cards and the rest with every card in view (:func:`advisor.game.solver.lead_tricks`); beside
the leads stands double dummy on the same layouts, the leader choosing his card in each: what
seeing the other hands would be worth.

The defence has spoken before the first card, so the layouts are those on which it said what
it said (``defence``: both whist, or one whisted alone, the other passing), as the convention's
whist model decides it in each layout (:mod:`advisor.defence`; under the ``both`` model the
defenders always whist, so nothing else can be heard). Without a ``defence`` the model's own
decision stands in each layout, among those on which a defender whists (the game is played and
a first card led); for a defender, that he whisted and his partner said what the model says:

- **The declarer on first hand** (:func:`declarer_lead`): his ten cards and his two discards;
  the layouts are the splits of the defenders' 20 cards drawn as ``advisor solve --samples``
  draws them (the same seed, the same stream of splits), kept where the model's decision is the
  defence's, or every such split.
- **A defender on lead** (:func:`defender_lead`): the :class:`~advisor.whist.problem.
  WhistProblem` of ``advisor whist`` with the defender on lead; the layouts are those
  ``advisor whist`` keeps (the declarer, holding them and the talon, would have named the
  contract: its declare model, which also gives his discard), and of them those on which the
  partner said what he said (his call by the whist model).

Each lead's figures are the declarer's tricks (a histogram), the chance he makes the contract
and the leader's points (the declarer's, or this defender's, under the defence's decision in
each layout),
with a 95 % interval; the best lead has the most points for the leader, then (for equal
points) the fewest tricks given away, then the lower card. The leads are compared on the same
layouts, so the margin of the best over the next is the interval of their paired difference.
"""

from __future__ import annotations

import contextlib
import functools
import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.cards import CardSet
from advisor.contract import Contract
from advisor.convention import Convention, WhistModel
from advisor.defaults import DEFENDER_LEAD_LAYOUTS, GAME_LEAD_LAYOUTS
from advisor.defence import WHISTS, model_decisions
from advisor.errors import LayoutError, WhistError
from advisor.game.solver import lead_tricks, stop_searches
from advisor.i18n import Phrase
from advisor.jsonout import contract_json
from advisor.lead import lead_classes
from advisor.limits import MIN_INTERVAL_SAMPLES, check_run
from advisor.parallel import CHUNKS_PER_JOB, ProgressCallback, Stages, in_order, runs
from advisor.points import TRICKS, Whist, declarer_points
from advisor.sampling import mean_interval
from advisor.seats import Seat
from advisor.solver import catchers_pool, split_hands
from advisor.splits import drawn_ranks, every_rank
from advisor.whist.advice import declarer_view
from advisor.whist.declaring import Declared
from advisor.whist.figures import defender_points, difference_interval
from advisor.whist.layouts import Layouts, layouts_for
from advisor.whist.problem import Choice, Leader, WhistProblem

MAX_PIECE = 64  # layouts a piece of the solving at most (a bar that moves)
DRAWS_PER_SAMPLE = 20
"""Splits drawn at most per layout asked for, in search of those on which the defence said
what it said: a decision the whist model makes on one split in twenty still finds them all."""


# --- the figures -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeadFigures:
    """One lead's figures over the layouts (``cards`` empty: double dummy, the leader choosing
    his card in each layout with every hand in view)."""

    cards: CardSet
    histogram: tuple[int, ...]
    """Layouts by the declarer's tricks, 0 … 10."""
    points: float
    """The leader's mean points."""
    interval: tuple[float, float]
    level: int

    @property
    def layouts(self) -> int:
        return sum(self.histogram)

    @property
    def mean_tricks(self) -> float:
        return sum(tricks * count for tricks, count in enumerate(self.histogram)) / self.layouts

    @property
    def p_make(self) -> float:
        """The chance the declarer takes the contract's tricks."""
        return sum(self.histogram[self.level :]) / self.layouts

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"cards": str(self.cards)} if self.cards else {}
        return {
            **found,
            "mean_tricks": self.mean_tricks,
            "p_make": self.p_make,
            "points": self.points,
            "interval": list(self.interval),
            "histogram": list(self.histogram),
        }


@dataclass(frozen=True)
class LeadQuestion:
    """What is asked: who leads from which cards against which contract, what the defence
    said, and the layouts' sample."""

    leader: Seat
    """The solver's seat of the leader: M (the declarer) or the defender's, L or R."""
    hand: CardSet
    """The leader's ten cards (the declarer's after his discard)."""
    discards: CardSet | None
    """The declarer's discards (None: a defender leads; he sees the talon, not them)."""
    talon: CardSet | None
    contract: Contract
    convention: Convention
    defence: Whist | None
    """What the defence said (None: what the whist model says in each layout, a defender
    whisting; for a defender, he whisted and his partner said what the model says)."""
    samples: int | None
    seed: int

    @property
    def out_of_play(self) -> CardSet:
        """The cards the leader knows to be out of play: the declarer's own discards."""
        return self.discards or CardSet(0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": "declarer" if self.leader is Seat.M else "defender",
            "seat": self.leader.name,
            "hand": str(self.hand),
            "discards": None if self.discards is None else str(self.discards),
            "talon": None if self.talon is None else str(self.talon),
            "contract": contract_json(self.contract),
            "convention": self.convention.to_dict(),
            "whist_model": self.convention.whist_model.value,
            "defence": None if self.defence is None else self.defence.value,
            "samples": self.samples,
            "seed": self.seed if self.samples is not None else None,
        }


@dataclass(frozen=True)
class GameLead:
    """Every lead's figures, best first, double dummy's, and how they were found."""

    question: LeadQuestion
    drawn: int
    """The splits looked at for layouts on which the defence said what it said."""
    outcomes: dict[Whist, int]
    """The layouts by the defence's decision (one, when it was given)."""
    leads: tuple[LeadFigures, ...]
    double_dummy: LeadFigures
    margin: tuple[float, float] | None
    """The 95 % interval of the best lead's lead in points over the next (None: one lead)."""

    @property
    def best(self) -> LeadFigures:
        return self.leads[0]

    @property
    def layouts(self) -> int:
        return self.double_dummy.layouts

    @property
    def exact(self) -> bool:
        return self.question.samples is None

    @property
    def clear(self) -> bool:
        """Whether the best lead is better than the next at 95 % (always with one lead)."""
        return self.margin is None or self.margin[0] > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.question.to_dict(),
            "drawn": self.drawn,
            "layouts": self.layouts,
            "outcomes": {outcome.value: count for outcome, count in self.outcomes.items()},
            "exact": self.exact,
            "best": str(self.best.cards),
            "clear": self.clear,
            "margin": None if self.margin is None else list(self.margin),
            "leads": [lead.to_dict() for lead in self.leads],
            "double_dummy": self.double_dummy.to_dict(),
        }


@dataclass(frozen=True)
class _Found:
    """The layouts kept: three hands a layout (M's, L's, R's), the defence's decision in each
    (its place in :data:`~advisor.defence.WHISTS`), and the splits looked at."""

    triples: array[int]
    outcomes: bytes
    drawn: int


# --- the entry points --------------------------------------------------------------------------


def declarer_lead(
    hand: CardSet,
    discards: CardSet,
    contract: Contract,
    convention: Convention,
    defence: Whist | None = None,
    *,
    samples: int | None = GAME_LEAD_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> GameLead:
    """The declarer on first hand leads from ``hand`` (ten cards) having thrown ``discards``:
    every lead over ``samples`` splits of the defenders' 20 cards on which the defence said
    ``defence`` (None: on which a defender whists, as the whist model says; every such split
    when ``samples`` is None). :class:`LayoutError` for a bad hand or too few such splits,
    :class:`WhistError` for a defence the whist model never says."""
    pool = catchers_pool(hand, discards)
    check_run(samples, jobs)
    question = LeadQuestion(Seat.M, hand, discards, None, contract, convention, defence,
                            samples, seed)  # fmt: skip
    _check_heard(question)
    found = _declarer_layouts(question, pool)
    _check_found(len(found.outcomes), found.drawn)
    return _valued(question, found, _declarer_points(question), jobs, progress)


def defender_lead(
    problem: WhistProblem,
    defence: Whist | None = None,
    *,
    samples: int | None = DEFENDER_LEAD_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> GameLead:
    """The defender of ``problem`` leads (its leader must be :attr:`Leader.ME`): every lead over
    ``samples`` of the layouts ``advisor whist`` keeps (every one when None), those on which
    the partner said what ``defence`` says he did (``defence`` in the solver's seats: both, or
    L or R alone; None: the defender whisted, his partner as the whist model says)."""
    if problem.leader is not Leader.ME:
        raise ValueError("the defender leads the first trick")
    check_run(samples, jobs)
    question = LeadQuestion(problem.defender, problem.hand, None, problem.talon,
                            problem.contract, problem.convention, defence, samples,
                            seed)  # fmt: skip
    _check_heard(question)
    heard = _Heard(problem, defence)
    stages = Stages(progress, 2)  # the layouts kept, then the leads solved on them
    kept = layouts_for(problem, heard, samples, seed, jobs=jobs, progress=stages.of(0))
    _check_found(kept.kept, kept.drawn, named=True)
    found = _Found(_defender_triples(problem, kept), heard.outcomes(kept), kept.drawn)
    table = defender_points(problem.contract, problem.convention, problem.defender)
    return _valued(question, found, table.__getitem__, jobs, stages.of(1))


# --- what the defence said -----------------------------------------------------------------------


def _check_heard(question: LeadQuestion) -> None:
    """A defence that plays the game and that the whist model can say."""
    defence, contract, convention = question.defence, question.contract, question.convention
    if defence is None:
        return
    if not defence.played:
        raise WhistError(Phrase("the first card is led only when a defender whists"))
    if defence is Whist.BOTH:
        return
    if contract.quota(convention.ten) is None:
        raise WhistError(
            Phrase("a checked {contract} is played by both defenders: nobody whists alone",
                   contract=contract.label)
        )  # fmt: skip
    if convention.whist_model is WhistModel.BOTH:
        raise WhistError(
            Phrase("under the whist model both, both defenders whist against {contract}: "
                   "nobody whists alone", contract=contract.label)
        )  # fmt: skip


def _declarer_points(question: LeadQuestion) -> Callable[[Whist], tuple[float, ...]]:
    """The declarer's points by his tricks, for a decision of the defence."""
    return functools.partial(declarer_points, question.contract, convention=question.convention)


PLAYED = (Whist.BOTH, Whist.LEFT, Whist.RIGHT)
"""The decisions of a defence that plays the game: someone whists, and a first card is led."""


class _Heard:
    """``advisor whist``'s declare model, keeping only the layouts on which the partner said
    what he said (his call by the whist model, after the defender's own: whist, unless he
    passed and his partner whisted alone)."""

    def __init__(self, problem: WhistProblem, defence: Whist | None) -> None:
        self.problem, self.model = problem, declarer_view(problem)
        self.name = self.model.name
        mine = defence is None or problem.defender in defence.whisters
        self.mine = Choice.WHIST if mine else Choice.PASS
        self.partner_whisted = None if defence is None else problem.partner_seat in defence.whisters

    @property
    def splits(self) -> int:
        return self.model.splits

    @property
    def discards(self) -> int | None:
        return self.model.discards

    def outcome(self, partner: CardSet) -> Whist:
        return self.problem.outcome(self.mine, partner)

    def outcomes(self, kept: Layouts) -> bytes:
        """The defence's decision on each layout kept (places in :data:`WHISTS`)."""
        return bytes(WHISTS.index(self.outcome(CardSet(partner))) for partner in kept.partners)

    def declared(self, twelve: CardSet, left: CardSet, right: CardSet) -> Declared | None:
        partner = left if self.problem.partner_seat is Seat.L else right
        whisted = self.problem.partner_seat in self.outcome(partner).whisters
        if self.partner_whisted is not None and whisted != self.partner_whisted:
            return None
        return self.model.declared(twelve, left, right)


# --- the layouts -------------------------------------------------------------------------------


def _declarer_layouts(question: LeadQuestion, pool: CardSet) -> _Found:
    """The layouts on which the whist model says ``question.defence`` (or any decision that
    plays the game): ``samples`` of them from the stream of ``advisor solve --samples``
    (looking at most at :data:`DRAWS_PER_SAMPLE` splits a layout), or every one."""
    samples, convention, hand = question.samples, question.convention, question.hand
    most = None if samples is None else DRAWS_PER_SAMPLE * samples
    blocks: Iterator[array[int]] = every_rank() if samples is None else drawn_ranks(question.seed)
    wanted = PLAYED if question.defence is None else (question.defence,)
    numbers = {WHISTS.index(outcome) for outcome in wanted}
    triples, outcomes, drawn = array("I"), bytearray(), 0
    for ranks in blocks:
        if most is not None:
            ranks = ranks[: most - drawn]
        lefts = split_hands(pool, ranks)
        rights = array("I", (pool.mask & ~left for left in lefts))
        decisions = model_decisions(convention.whist_model, question.contract, lefts, rights,
                                    convention.ten)  # fmt: skip
        for left, right, decision in zip(lefts, rights, decisions, strict=True):
            drawn += 1
            if decision in numbers:
                triples.extend((hand.mask, left, right))
                outcomes.append(decision)
                if len(outcomes) == samples:
                    return _Found(triples, bytes(outcomes), drawn)
        if most is not None and drawn >= most:
            break
    return _Found(triples, bytes(outcomes), drawn)


def _defender_triples(problem: WhistProblem, found: Layouts) -> array[int]:
    triples = array("I")
    for declarer, partner in zip(found.declarers, found.partners, strict=True):
        hands = {
            Seat.M: declarer,
            problem.defender: problem.hand.mask,
            problem.partner_seat: partner,
        }
        triples.extend((hands[Seat.M], hands[Seat.L], hands[Seat.R]))
    return triples


def _check_found(kept: int, drawn: int, *, named: bool = False) -> None:
    """Enough layouts kept for an interval: those the defence's words fit (and, ``named``,
    on which the declarer, seeing only his cards, names the contract)."""
    if kept >= MIN_INTERVAL_SAMPLES:
        return
    if named:
        raise LayoutError(
            Phrase.counted(
                "the declarer names this contract and the defence said so on {count:,} of the "
                "{drawn:,} layouts looked at: too few to say (at least {least})",
                "the declarer names this contract and the defence said so on {count:,} of the "
                "{drawn:,} layouts looked at: too few to say (at least {least})",
                kept,
                drawn=drawn,
                least=MIN_INTERVAL_SAMPLES,
            )
        )
    raise LayoutError(
        Phrase.counted(
            "the defence said so on {count:,} of the {drawn:,} layouts looked at: too few "
            "to say (at least {least})",
            "the defence said so on {count:,} of the {drawn:,} layouts looked at: too few "
            "to say (at least {least})",
            kept,
            drawn=drawn,
            least=MIN_INTERVAL_SAMPLES,
        )
    )


# --- the solving -------------------------------------------------------------------------------


def _valued(
    question: LeadQuestion,
    found: _Found,
    points_of: Callable[[Whist], tuple[float, ...]],
    jobs: int,
    progress: ProgressCallback | None,
) -> GameLead:
    """Every lead's figures on the layouts found (the leader's points ``points_of(decision)
    [tricks]``), best first: the most points, then the fewest tricks given away, then the
    lower card."""
    classes = lead_classes(question.hand, question.out_of_play)
    leads = CardSet(sum(1 << min(cards).index for cards in classes))
    rows = _solved(question, found.triples, leads, jobs, progress)
    width, exact, level = 1 + len(classes), question.samples is None, question.contract.level
    tables = {number: points_of(WHISTS[number]) for number in set(found.outcomes)}
    points = [
        [tables[outcome][tricks] for outcome, tricks in zip(found.outcomes, rows[column::width],
                                                             strict=True)]
        for column in range(width)
    ]  # fmt: skip
    columns = [_figures(rows[column::width], points[column], level, exact, cards)
               for column, cards in enumerate([CardSet(0), *classes])]  # fmt: skip
    double_dummy, figures = columns[0], columns[1:]
    given_away = 1 if question.leader is Seat.M else -1  # his tricks, or the declarer's

    def order(number: int) -> tuple[float, float, int]:
        lead = figures[number]
        return -lead.points, -given_away * lead.mean_tricks, min(lead.cards).index

    ranked = sorted(range(len(figures)), key=order)
    margin = None
    if len(ranked) > 1:
        margin = difference_interval(points[1 + ranked[0]], points[1 + ranked[1]], exact)
    outcomes = {outcome: found.outcomes.count(WHISTS.index(outcome)) for outcome in PLAYED}
    return GameLead(question, found.drawn, {o: n for o, n in outcomes.items() if n},
                    tuple(figures[n] for n in ranked), double_dummy, margin)  # fmt: skip


def _solved(
    question: LeadQuestion,
    triples: array[int],
    leads: CardSet,
    jobs: int,
    progress: ProgressCallback | None,
) -> bytes:
    """:func:`~advisor.game.solver.lead_tricks` on every layout, in pieces and threads."""
    count = len(triples) // 3
    size = max(1, min(MAX_PIECE, math.ceil(count / (CHUNKS_PER_JOB * jobs))))
    spans = runs(count, size)
    trump, leader = question.contract.strain.suit, question.leader

    def work(span: range) -> bytes:
        return lead_tricks(trump, leader, triples[3 * span.start : 3 * span.stop], leads)

    solved = bytearray()
    with contextlib.closing(in_order(work, spans, jobs, stop_searches)) as pieces:
        for span, piece in zip(spans, pieces, strict=True):
            solved += piece
            if progress is not None:
                progress(span.stop, count)
    return bytes(solved)


def _figures(
    column: bytes, points: Sequence[float], level: int, exact: bool, cards: CardSet
) -> LeadFigures:
    histogram = [0] * (TRICKS + 1)
    for tricks in column:
        histogram[tricks] += 1
    mean, interval = mean_interval(points, exact)
    return LeadFigures(cards, tuple(histogram), mean, interval, level)


# --- input -------------------------------------------------------------------------------------
