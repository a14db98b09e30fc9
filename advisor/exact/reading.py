"""How the figures of an exact analysis read: an estimate (a value with its two-sided 95 %
interval) or bounds (the catch chance at least, the score at most, each with its one-sided 95 %
limit). Each reading says itself in JSON and in text (as plain cells the renderer lays out),
so that no reader has to ask which it holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from advisor.i18n import N_, Phrase

Form = Literal["share", "shares", "score", "score_limit", "scores"]
"""How a cell's values are written: a share (``33.8%``), two shares (``30.1%–37.6%``), a score
(``+1.23``), a score's limit (``+1.2``) or a score's interval (``-1.0 to +2.3``)."""


class Cell(NamedTuple):
    """One figure of a row of the seats' table: a mark (``≥ ``) and its values in ``form``."""

    mark: str
    form: Form
    values: tuple[float, ...]


class Reading(Protocol):
    """What an exact analysis's figures are, as JSON and text say it."""

    @property
    def bound_json(self) -> dict[str, str] | None:
        """The ``"bound"`` of ``--json``: which side each figure bounds (None: an estimate)."""
        ...

    @property
    def caught_mark(self) -> str:
        """What the catch chance is written after (``≥ `` for a bound)."""
        ...

    @property
    def expected(self) -> str:
        """The verdict's words on the expected score, against a fixed pass score."""
        ...

    @property
    def expected_allpass(self) -> str:
        """The same against the cost of passing by all-pass."""
        ...

    @property
    def per_suit_note(self) -> str | None:
        """Why there are no per-suit figures, when the reading has none to give."""
        ...

    @property
    def two_sided(self) -> bool:
        """Whether the score's interval has two honest ends (a bound has only its upper one)."""
        ...

    def pass_reason(self, caught: float, score: float) -> Phrase | None:
        """Why to pass, when the reading alone says it (a bound: at least this often caught);
        None when the figures' own reasons do."""
        ...

    def caught_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        """``low`` and ``high`` of the catch chance in ``--json``."""
        ...

    def score_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        """``score_low`` and ``score_high`` of the expected score in ``--json``."""
        ...

    def cells(
        self,
        p_caught: float,
        interval: tuple[float, float],
        score: float,
        score_interval: tuple[float, float],
    ) -> tuple[Cell, ...]:
        """A row of the seats' table after its name: the catch chance, its interval, the
        expected score, its interval."""
        ...


@dataclass(frozen=True)
class Estimate:
    """Figures worked out on deals (every talon, or a sequential sample of them)."""

    bound_json: None = None
    caught_mark: str = ""
    expected: str = N_("expected {score:+.2f} (passing: {passing:g})")
    expected_allpass: str = N_("expected {score:+.2f} (passing: {passing:+.2f}, all-pass)")
    per_suit_note: None = None
    two_sided: bool = True

    def pass_reason(self, caught: float, score: float) -> Phrase | None:
        return None

    def caught_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        return {"low": round(interval[0], 4), "high": round(interval[1], 4)}

    def score_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        return {"score_low": round(interval[0], 2), "score_high": round(interval[1], 2)}

    def cells(
        self,
        p_caught: float,
        interval: tuple[float, float],
        score: float,
        score_interval: tuple[float, float],
    ) -> tuple[Cell, ...]:
        return (
            Cell("", "share", (p_caught,)),
            Cell("", "shares", interval),
            Cell("", "score", (score,)),
            Cell("", "scores", score_interval),
        )


@dataclass(frozen=True)
class Bound:
    """Bounds that settle the verdict: the catch chance at least, the score at most; each
    interval has only its one honest end (the other is ``null`` in JSON)."""

    caught_mark: str = "≥ "
    expected: str = N_("expected at most {score:+.2f} (passing: {passing:g})")
    expected_allpass: str = N_("expected at most {score:+.2f} (passing: {passing:+.2f}, all-pass)")
    per_suit_note: str = N_("bounds say nothing per suit; --full works it out")
    two_sided: bool = False

    @property
    def bound_json(self) -> dict[str, str]:
        return {"p_caught": "lower", "expected_score": "upper"}

    def pass_reason(self, caught: float, score: float) -> Phrase | None:
        return Phrase(
            "whatever the discard, the catchers catch it in at least {caught:.1f}%: "
            "expected at most {score:+.1f}",
            caught=caught,
            score=score,
        )

    def caught_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        return {"low": round(interval[0], 4), "high": None}

    def score_json(self, interval: tuple[float, float]) -> dict[str, float | None]:
        return {"score_low": None, "score_high": round(interval[1], 2)}

    def cells(
        self,
        p_caught: float,
        interval: tuple[float, float],
        score: float,
        score_interval: tuple[float, float],
    ) -> tuple[Cell, ...]:
        return (
            Cell("≥ ", "share", (p_caught,)),
            Cell("≥ ", "share", (interval[0],)),
            Cell("≤ ", "score", (score,)),
            Cell("≤ ", "score_limit", (score_interval[1],)),
        )


ESTIMATE: Reading = Estimate()
BOUND: Reading = Bound()
