"""Work spread over threads, results in order, and stopped at once when the caller is done.

The solvers search in compiled code that lets go of the GIL, so threads run their searches in
parallel and share one transposition table. The threads are never waited for longer than a
search takes to notice that it must stop: when the caller stops reading the results (it has
what it needs) or is interrupted (Ctrl-C raises in the main thread while it waits), ``stop(True)``
makes every search running give up at once, the work not yet begun is cancelled, and
``stop(False)`` lets searches run again.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")

AHEAD_PER_JOB = 2  # items begun ahead of the one the caller waits for, per thread
CHUNKS_PER_JOB = 16  # pieces of work a thread: the threads share them, the progress bar moves

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a long piece of work goes on (units its own)."""


class Stages:
    """Tells ``progress`` how far the work is, in ``stages`` stages of one length each (each
    counts its own steps, however many): one bar for work done in steps of different kinds."""

    STEPS = 1000

    def __init__(self, progress: ProgressCallback | None, stages: int) -> None:
        self.progress, self.stages = progress, stages

    def report(self, stage: int, done: int, of: int) -> None:
        if self.progress is not None:
            at = stage * self.STEPS + done * self.STEPS // max(1, of)
            self.progress(at, self.stages * self.STEPS)

    def of(self, stage: int) -> ProgressCallback:
        """The callback of one stage: ``(done, of)`` within it."""
        return lambda done, of: self.report(stage, done, of)


def even_pieces(span: range, parts: int) -> list[range]:
    """``span`` cut into ``parts`` runs of about the same length (as many, some may be empty
    when ``span`` is shorter than ``parts``).

    >>> even_pieces(range(2, 12), 3)
    [range(2, 5), range(5, 8), range(8, 12)]
    """
    bounds = [span.start + len(span) * part // parts for part in range(parts + 1)]
    return [range(a, b) for a, b in itertools.pairwise(bounds)]


def runs(count: int, size: int) -> list[range]:
    """``count`` items in runs of ``size`` (the last may be shorter).

    >>> runs(5, 2)
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def in_order(
    work: Callable[[T], R], items: Iterable[T], jobs: int, stop: Callable[[bool], None]
) -> Generator[R, None, None]:
    """``work(item)`` for each of ``items``, yielded in their order; in ``jobs`` threads when
    ``jobs`` > 1 (``stop`` as the module docstring says), else here, one after the other."""
    if jobs == 1:
        yield from map(work, items)
        return
    from concurrent.futures import ThreadPoolExecutor  # only for threads

    waiting = iter(items)
    with ThreadPoolExecutor(max_workers=jobs) as threads:
        pending: deque[Future[R]] = deque(
            threads.submit(work, item) for item in itertools.islice(waiting, AHEAD_PER_JOB * jobs)
        )
        try:
            while pending:
                found = pending[0].result()  # kept in pending until done: a stop stops it too
                pending.popleft()
                pending.extend(threads.submit(work, item) for item in itertools.islice(waiting, 1))
                yield found
        finally:
            if pending:
                _stop_all(pending, stop)


def _stop_all(pending: deque[Future[R]], stop: Callable[[bool], None]) -> None:
    from concurrent.futures import wait

    stop(True)
    try:
        for future in pending:
            future.cancel()
        wait(pending)
    finally:
        stop(False)
