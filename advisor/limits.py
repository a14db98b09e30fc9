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
MAX_DISCARD_SAMPLES = 20_000
"""Splits ``discard --exact`` plays every discard out on, at most: ten times its default, and
more would take hours (each of the 66 is played out on each split) and hold memory for each."""
MAX_LINE_BYTES = 4096
"""The longest line of a file any command reads (hands for ``batch`` and ``table compare``,
deals for ``allpass --layouts``), its line break not counted: a hand or a deal needs a few
hundred bytes. A longer line is read on to its end without being kept (memory stays flat on a
stream without line breaks, ``/dev/zero``) and gets an error record (:data:`LONG_LINE`)."""
MAX_TABLE_BYTES = 1 << 20  # a table file (1 MiB): one with an entry for every holding is ~20 KiB
MAX_ALLPASS_PENALTY = 1000  # mountain points an all-pass trick costs (the table's allpass_penalty)
MAX_REPEAT = 100  # all-passes in a row (allpass --repeat)
MAX_TRICK_PRICE = 1_000_000  # an all-pass trick's points, the progression's factor applied
MAX_QUOTED_CHARS = 40  # of a value quoted in a message (a number of 309 digits is cut short)
LOCK_WAIT_SECONDS = 10  # how long an edit of a file waits for another one's lock (edits take ms)
MIN_INTERVAL_SAMPLES = 30
"""The fewest samples (deals, layouts, splits) a figure's 95 % interval is given for. Below,
the normal approximation behind the interval of a mean (tricks, a score) is no guide, and one
sample gives an interval of no width at all; so that every sampled figure follows one rule, a
catch chance waits for as many (its Wilson interval would be sound for fewer); ``advisor lead``
asks for at least as many."""


LONG_LINE = Phrase(
    "the line is longer than {limit:,} bytes (a hand needs a few hundred)", limit=MAX_LINE_BYTES
)
"""The error record of a line longer than :data:`MAX_LINE_BYTES`; its text is not echoed."""


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


def check_run(samples: int | None, jobs: int) -> None:
    """The checks of an exact run's ``samples`` (None: every layout) and ``jobs``: each
    :func:`check_samples` and :func:`check_jobs`, raising :class:`LimitError`."""
    check_jobs(jobs)
    if samples is not None:
        check_samples(samples)


def check_trick_price(penalty: float, factor: int, repeat: int) -> float:
    """The price of an all-pass trick, ``penalty`` times ``factor`` (the progression's, for the
    ``repeat``-th all-pass in a row), if it is at most :data:`MAX_TRICK_PRICE` points: every
    figure made from it stays a number a player could write; rounded to twelve decimals, so
    that 0.1 × 3 is written 0.3 (not 0.30000000000000004)."""
    if factor > MAX_TRICK_PRICE / penalty:  # compared before multiplying: no overflow
        raise LimitError(
            Phrase(
                "all-pass {repeat} in a row would price a trick at {penalty:g} × {factor:,} "
                "points: at most {limit:,} points a trick",
                penalty=penalty,
                factor=factor,
                repeat=repeat,
                limit=MAX_TRICK_PRICE,
            )
        )
    return round(penalty * factor, 12)


def resolve_jobs(jobs: int) -> int:
    """The processes or threads ``jobs`` asks for: 0 means every core this process may use
    (:func:`cores`); else ``jobs`` itself, checked by :func:`check_jobs`. Every ``--jobs`` of
    the command line means this."""
    if jobs < 0:
        raise LimitError(Phrase("jobs must be 0 (every core) or more, not {jobs}", jobs=jobs))
    return cores() if jobs == 0 else check_jobs(jobs)


def reported_interval(interval: tuple[float, float], samples: int) -> tuple[float, float] | None:
    """``interval``, a 95 % interval from ``samples`` samples, if they are enough for one
    (:data:`MIN_INTERVAL_SAMPLES`); else None, and :func:`no_interval` says why."""
    return interval if samples >= MIN_INTERVAL_SAMPLES else None


def no_interval(samples: int, *, layouts: bool = False) -> Phrase:
    """Why a figure from ``samples`` samples has no interval (:func:`reported_interval`): the
    samples called deals, or ``layouts`` (the splits of one hand's unseen cards)."""
    if layouts:
        return Phrase.counted(
            "no 95% interval from {count:,} layout: it needs {least}",
            "no 95% interval from {count:,} layouts: it needs {least}",
            samples,
            least=MIN_INTERVAL_SAMPLES,
        )
    return Phrase.counted(
        "no 95% interval from {count:,} deal: it needs {least}",
        "no 95% interval from {count:,} deals: it needs {least}",
        samples,
        least=MIN_INTERVAL_SAMPLES,
    )


def check_samples(samples: int, most: int = MAX_SAMPLES) -> int:
    """``samples`` itself if it is at least 1 and at most ``most``."""
    if samples < 1:
        raise LimitError(
            Phrase("the number of samples must be at least 1, not {samples}", samples=samples)
        )
    if samples > most:
        raise LimitError(
            Phrase(
                "the number of samples must be at most {limit:,}, not {samples:,}",
                limit=most,
                samples=samples,
            )
        )
    return samples
