"""The bounds that keep a run's time and memory sane, whatever it is asked: one place for all.

A hand never needs more than a few hundred characters, a table more than a few kilobytes, and
more processes than cores only add memory; these limits are far above any real use and far
below what would exhaust the machine.
"""

from __future__ import annotations

import os

from advisor.errors import LimitError
from advisor.i18n import Phrase

JOBS_PER_CORE = 4  # processes or threads a run may use, per core
MAX_SAMPLES = 10_000_000  # sampled layouts (solve --samples) or deals (--exact --samples)
MAX_LINE_BYTES = 4096  # one line of a file of hands
MAX_TABLE_BYTES = 1 << 20  # a table file (1 MiB): one with an entry for every holding is ~20 KiB
MIN_INTERVAL_SAMPLES = 30
"""The fewest samples a figure's 95 % interval is given for (below, the normal approximation of
a mean is no guide, and one sample gives an interval of no width): ``advisor lead`` asks for at
least as many."""


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def max_jobs() -> int:
    return JOBS_PER_CORE * cores()


def check_jobs(jobs: int) -> int:
    """``jobs`` itself if it is at least 1 and at most :func:`max_jobs`."""
    if jobs < 1:
        raise LimitError(Phrase("jobs must be at least 1, not {jobs}", jobs=jobs))
    if jobs > max_jobs():
        raise LimitError(
            Phrase.counted(
                "jobs must be at most {limit} ({per_core} × the {count} core), not {jobs}",
                "jobs must be at most {limit} ({per_core} × the {count} cores), not {jobs}",
                cores(),
                limit=max_jobs(),
                per_core=JOBS_PER_CORE,
                jobs=jobs,
            )
        )
    return jobs


def check_samples(samples: int) -> int:
    """``samples`` itself if it is at least 1 and at most :data:`MAX_SAMPLES`."""
    if samples < 1:
        raise LimitError(
            Phrase("the number of samples must be at least 1, not {samples}", samples=samples)
        )
    if samples > MAX_SAMPLES:
        raise LimitError(
            Phrase(
                "the number of samples must be at most {limit:,}, not {samples:,}",
                limit=MAX_SAMPLES,
                samples=samples,
            )
        )
    return samples
