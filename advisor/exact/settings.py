"""What an exact run is asked to do, in one object: ``check --exact``, ``discard --exact``,
``batch --exact`` and ``table compare --exact`` build it from their options, the analyses read
it.

Light on purpose (no solver, no analysis imported): the command line and batch hold one before
any exact module is loaded, and batch sends it to its worker processes.

>>> ExactSettings().per_talon, ExactSettings(samples=500).per_talon
(4, 2)
>>> ExactSettings(discard="table").mode
<DiscardMode.TABLE: 'table'>
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.defaults import EXACT_DEALS, TALON_COUNT
from advisor.errors import ExactError
from advisor.i18n import Phrase
from advisor.limits import check_jobs, check_samples
from advisor.words import Word

DEFAULT_SAMPLES = EXACT_DEALS


class DiscardMode(Word):
    """How M chooses his discard after each talon in the exact analysis."""

    EXACT = "exact"
    TABLE = "table"
    SOLVER = "solver"


@dataclass(frozen=True)
class ExactSettings:
    """How much of an exact run to work out, and how.

    ``samples``: deals to solve (``check --exact``: rounded to a multiple of the 231 talons;
    ``discard --exact``: the layouts every discard is scored on); ``seed``: their PRNG's seed
    (same seed, same answer); ``full``: work everything out, no stopping early; ``jobs``:
    threads (the answer does not depend on them); ``discard``: how M discards after each talon
    (``check --exact``); ``every_layout``: ``discard --exact --all``, the leading discards
    solved on all 184,756 layouts."""

    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    discard: DiscardMode | str = DiscardMode.EXACT
    full: bool = False
    jobs: int = 1
    every_layout: bool = False

    @property
    def mode(self) -> DiscardMode:
        """:attr:`discard` as a mode; :class:`ExactError` for a word that is none."""
        try:
            return DiscardMode(self.discard)
        except ValueError:
            raise ExactError(
                Phrase("discard '{value}' must be exact, table or solver", value=self.discard)
            ) from None

    @property
    def per_talon(self) -> int:
        """``samples`` rounded to the nearest multiple of 231 (at least 231), divided by 231."""
        check_samples(self.samples)
        return max(1, round(self.samples / TALON_COUNT))

    def checked(self) -> DiscardMode:
        """The discard mode, once the settings of ``check --exact`` are known to be good and
        the compiled solver present; else the error the analysis would raise (so that a
        command can say so before it prints anything)."""
        from advisor.solver import require_core  # only when a run is at hand

        mode = self.mode
        _ = self.per_talon
        check_jobs(self.jobs)
        require_core()
        return mode


DEFAULT_SETTINGS = ExactSettings()
"""``check --exact``'s settings when no option is given."""
