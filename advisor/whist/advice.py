"""``advisor whist``'s answer: pass, whist or half-whist against a declared game, priced.

:func:`whist_advice` draws the layouts the defender's view allows, keeps those on which the
declarer would have named the contract (:mod:`advisor.whist.layouts`; the declare model is the
declarer's own view, :mod:`advisor.whist.view`: ``advisor declare``'s choice on his twelve
cards over a few splits of the defenders' cards, the same for every layout), plays each with the
discard the declarer chose so (he cannot see the layout), and prices each of the defender's
calls on them
(:mod:`advisor.whist.figures`). A lone whister's play is priced open (double dummy: the cards
of both defenders in view); closed play ("стоя") is outside double dummy and not priced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.defaults import WHIST_LAYOUTS
from advisor.errors import WhistError
from advisor.exact.game import GameObjective
from advisor.i18n import Phrase
from advisor.jsonout import contract_json
from advisor.limits import MIN_INTERVAL_SAMPLES, check_run, no_interval
from advisor.parallel import ProgressCallback
from advisor.whist.declaring import DeclareModel, ModelName
from advisor.whist.figures import ChoiceFigures, choice_rows, difference_interval, figures_of
from advisor.whist.layouts import layouts_for
from advisor.whist.problem import Choice, WhistProblem
from advisor.whist.view import DeclarerView, ViewDeclare

FEW_KEPT = MIN_INTERVAL_SAMPLES
"""Kept layouts below which the figures are flagged as too few to trust (``too_few``)."""


LONE_WHISTER = "open (double dummy); closed play not priced"
"""How a lone whister's play is priced, as the JSON says (None on a checked ten: no lone
whister, both defenders play)."""


@dataclass(frozen=True)
class WhistAdvice:
    """Every call's figures, best first, and how they were found."""

    problem: WhistProblem
    model: ModelName
    model_splits: int
    """Splits of the defenders' cards the declarer's choice is judged on."""
    model_discards: int | None
    """Discards the model tries a strain (None: every one worth playing)."""
    samples: int | None
    seed: int
    drawn: int
    kept: int
    exact: bool
    choices: tuple[ChoiceFigures, ...]
    margin: tuple[float, float] | None
    """The 95 % interval of the best call's lead over the next one (None: one call, or too few
    layouts sampled for an interval)."""
    mean_tricks: float
    p_made: float

    @property
    def best(self) -> ChoiceFigures:
        return self.choices[0]

    @property
    def clear(self) -> bool:
        """Whether the best call is better than the next at 95 % (always with one call; never
        without an interval)."""
        if len(self.choices) == 1:
            return True
        return self.margin is not None and self.margin[0] > 0

    @property
    def ahead_by(self) -> float | None:
        """The best call's mean lead over the next one (None: one call)."""
        if len(self.choices) == 1:
            return None
        return self.choices[0].points - self.choices[1].points

    @property
    def has_intervals(self) -> bool:
        """Whether the figures have 95 % intervals: every layout counted, or enough sampled
        (:data:`~advisor.limits.MIN_INTERVAL_SAMPLES`), as :func:`figures_of` gives them."""
        return self.exact or self.kept >= MIN_INTERVAL_SAMPLES

    @property
    def too_few(self) -> bool:
        return self.kept < FEW_KEPT

    def to_dict(self) -> dict[str, Any]:
        problem = self.problem
        model = problem.partner_model  # what decides the partner's call
        rule = "given" if problem.partner is not None else None if model is None else model.value
        return {
            "hand": str(problem.hand),
            "talon": str(problem.talon),
            "contract": contract_json(problem.contract),
            "declarer": problem.declarer.value,
            "defender_seat": problem.defender.name,
            "lead": problem.leader.value,
            "partner": None if problem.partner is None else problem.partner.value,
            "partner_rule": rule,  # None: a checked ten, which both defenders play
            "convention": problem.convention.to_dict(),
            "declare_model": self.model.value,
            "declare_splits": self.model_splits,
            "declare_discards": self.model_discards,
            "discard_played": self.model.value,
            "lone_whister": None if problem.checked else LONE_WHISTER,
            "samples": self.samples,
            "seed": self.seed if self.samples is not None else None,
            "drawn": self.drawn,
            "kept": self.kept,
            "too_few": self.too_few,
            "exact": self.exact,
            "mean_tricks": self.mean_tricks,
            "p_made": self.p_made,
            "best": self.best.choice.value,
            "clear": self.clear,
            "margin": None if self.margin is None else list(self.margin),
            "choices": [figures.to_dict() for figures in self.choices],
        } | self._no_interval()

    def _no_interval(self) -> dict[str, str]:
        """Why the figures have no interval, when they have none (too few layouts sampled)."""
        if self.has_intervals:
            return {}
        return {"no_interval": str(no_interval(self.kept, layouts=True))}


def whist_advice(
    problem: WhistProblem,
    *,
    samples: int | None = WHIST_LAYOUTS,
    seed: int = 0,
    jobs: int = 1,
    model: DeclareModel | None = None,
    progress: ProgressCallback | None = None,
) -> WhistAdvice:
    """The defender's calls priced over ``samples`` random splits of the cards he does not see
    on which the declarer would have named the contract (every such split when None); the
    declarer's view is the same for every ``seed`` (:func:`declarer_view`).
    :class:`WhistError` when there is none."""
    check_run(samples, jobs)
    model = model or declarer_view(problem)
    layouts = layouts_for(problem, model, samples, seed, jobs=jobs, progress=progress)
    if not layouts.kept:
        raise WhistError(
            Phrase.counted(
                "the declarer would have named {contract} on none of the {count:,} layout "
                "looked at (declare model: {model})",
                "the declarer would have named {contract} on none of the {count:,} layouts "
                "looked at (declare model: {model})",
                layouts.drawn,
                contract=problem.contract.label,
                model=model.name.value,
            )
        )
    rows = {choice: choice_rows(problem, layouts, choice) for choice in problem.choices()}
    found = [figures_of(choice, *row, layouts.exact) for choice, row in rows.items()]
    found.sort(key=lambda figures: (-figures.points, _ORDER.index(figures.choice)))
    margin = None
    if len(found) > 1:
        margin = difference_interval(
            rows[found[0].choice][0], rows[found[1].choice][0], layouts.exact
        )
    level = problem.contract.level
    return WhistAdvice(
        problem, model.name, model.splits, model.discards, samples, seed, layouts.drawn,
        layouts.kept, layouts.exact,
        tuple(found), margin, sum(layouts.tricks) / layouts.kept,
        sum(tricks >= level for tricks in layouts.tricks) / layouts.kept,
    )  # fmt: skip


VIEW_SEED = 1_000_003
"""The seed of the declarer's splits: a stream apart from the layouts' (whatever ``--seed``)."""


def declarer_view(problem: WhistProblem) -> ViewDeclare:
    """The declare model of ``problem``: the declarer's own view (the first hand's lead, the
    problem's convention) on splits drawn from :data:`VIEW_SEED`. It is the same for every
    ``--seed``: the model is part of the question, not of its sampling, so that samples with any
    seed and the count of every layout price the same layouts kept (with the view drawn from the
    seed, two seeds kept layouts by slightly different declarers and could differ beyond their
    intervals)."""
    objective = GameObjective(problem.convention, problem.lead_seat)
    return ViewDeclare(DeclarerView.drawn(objective, VIEW_SEED), problem.contract)


_ORDER = (Choice.PASS, Choice.HALF, Choice.WHIST)  # among equals, the cheaper call first
