"""Running a batch: in this process, or in worker processes that check chunks and write their
records into the output at their place (or hand them back in unnamed files), keeping the input
order; the workers die with the run, however it ends."""

from __future__ import annotations

import io
import itertools
import multiprocessing
import os
import signal
import stat
import sys
import tempfile
import threading
import time
import traceback
from collections import deque
from collections.abc import Iterable, Iterator
from multiprocessing import connection, reduction
from typing import IO, Any

from advisor.batch.check import BatchJob, Checker, ChunkResult
from advisor.batch.sources import (
    BLOCK_SIZE,
    CSV_ROWS,
    LINE_BYTES,
    Chunk,
    FileFailure,
    Source,
    read_chunks,
)
from advisor.errors import BatchError
from advisor.i18n import Phrase
from advisor.limits import resolve_jobs
from advisor.text import shown


def writable_in_place(out: IO[bytes]) -> bool:
    """Whether other processes may write into ``out`` anywhere (given its file descriptor): a
    regular file not opened for appending (the temporary file of ``--output``, or standard
    output sent to a file), and not the file standard error goes to (messages written
    meanwhile would land where records belong)."""
    try:
        import fcntl

        target = out.fileno()
        opened = os.fstat(target)
        appending = fcntl.fcntl(target, fcntl.F_GETFL) & os.O_APPEND
    except (ImportError, OSError, AttributeError, ValueError, io.UnsupportedOperation):
        return False
    if appending or not stat.S_ISREG(opened.st_mode) or not hasattr(os, "pwrite"):
        return False
    return file_identity(sys.stderr) != _identity(opened)


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def file_identity(where: Any) -> tuple[int, int] | None:
    """The identity (device, inode) of the regular file a path or a stream names, or None
    (for anything else too: a terminal or a pipe may well be both read and written)."""
    try:
        info = os.stat(where) if isinstance(where, str) else os.fstat(where.fileno())
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        return None
    return _identity(info) if stat.S_ISREG(info.st_mode) else None


def refuse_overwriting_inputs(sources: Iterable[Source], output: Any, name: str | Phrase) -> None:
    """Raise :class:`BatchError` when ``output`` (a path or a stream, called ``name``: a file
    name, or a phrase such as "standard output") is one of the sources' files: the run would
    read its own records (or, appending, grow without end). Checked before anything is read."""
    written = file_identity(output)
    if written is None:
        return
    for source in sources:
        read = file_identity(source.path if source.path is not None else source.stream)
        if read == written:
            raise BatchError(
                Phrase(
                    "{output} is also the input {input}: write the results elsewhere",
                    output=shown(name) if isinstance(name, str) else name,
                    input=source.label,
                )
            )


class BatchRun:
    """A batch run with up to ``jobs`` processes; use it as a context manager.

    :meth:`results` starts the worker processes, no more than there are chunks (one chunk
    or none: no worker at all), so call it before starting any other thread (a progress bar).
    When ``output`` can be written in place (:func:`writable_in_place`), the workers write
    their records into it themselves, and the results yielded have nothing left to write.
    """

    def __init__(self, job: BatchJob, jobs: int = 1, output: IO[bytes] | None = None) -> None:
        self.job, self.jobs, self.output = job, resolve_jobs(jobs), output
        self._workers: _Workers | None = None

    def __enter__(self) -> BatchRun:
        return self

    @property
    def workers(self) -> int:
        """How many worker processes the run started (0: it checks in this process)."""
        return 0 if self._workers is None else self._workers.count

    def __exit__(self, *exc: object) -> None:
        if self._workers is not None:
            self._workers.close()
            self._workers = None

    def _chunk_sizes(self) -> tuple[int, int]:
        """Bytes of text and rows of CSV per chunk: fewer for a slow extra analysis."""
        extra = self.job.extra
        if extra is None or extra.chunk_hands is None:
            return BLOCK_SIZE, CSV_ROWS
        return extra.chunk_hands * LINE_BYTES, extra.chunk_hands

    def results(self, sources: Iterable[Source]) -> Iterator[ChunkResult | FileFailure]:
        """Every source's results in input order, a :class:`FileFailure` for a bad file.
        Write each result's output with :meth:`ChunkResult.write_to`."""
        sizes = self._chunk_sizes()
        items: Iterator[Chunk | FileFailure] = (
            item for source in sources for item in read_chunks(source, *sizes)
        )
        ahead: list[Chunk | FileFailure] = []
        chunks = 0
        if self.jobs > 1:  # read a little ahead: no more workers than chunks
            for item in items:
                ahead.append(item)
                chunks += not isinstance(item, FileFailure)
                if chunks > self.jobs:
                    break
        everything = itertools.chain(ahead, items)
        if chunks <= 1:
            return self._here(everything)
        in_place = self.output is not None and writable_in_place(self.output)
        self._workers = _Workers(
            self.job, min(chunks, self.jobs), self.output if in_place else None
        )
        return self._in_workers(self._workers, everything)

    def _here(self, items: Iterable[Chunk | FileFailure]) -> Iterator[ChunkResult | FileFailure]:
        checker = Checker(self.job)
        for item in items:
            yield item if isinstance(item, FileFailure) else checker.check(item)

    def _in_workers(
        self, workers: _Workers, items: Iterable[Chunk | FileFailure]
    ) -> Iterator[ChunkResult | FileFailure]:
        if workers.output is None:
            yield from workers.results(items)
            return
        workers.output.flush()  # what the caller wrote first (a CSV header) comes first
        yield from workers.results(items, workers.output.tell())
        workers.output.seek(0, os.SEEK_END)


_AHEAD = 3  # chunks in flight per worker: enough to keep each busy, few for flat memory


class _Workers:
    """Worker processes checking chunks; their results come back in input order.

    Each worker has a queue of tasks (a chunk goes to the worker with the fewest in flight) and
    a socket pair back, over which open files can be passed too. A chunk's records either stay
    in the worker until this process, which knows how long all the records before them are,
    tells it where in the output file (passed to it at its start) they go, or (output not
    writable in place) go to an unnamed spill file whose descriptor is passed back, for this
    process to copy out: sending the records themselves through the pipe would carry them in
    64 KiB turns between the processes. Nothing has a name on disk, so a killed run leaves no
    file behind; and the workers die with this process, however it dies
    (:func:`_die_with_parent`).
    """

    def __init__(self, job: BatchJob, count: int, output: IO[bytes] | None) -> None:
        context = multiprocessing.get_context()
        self.output, self.count = output, count
        self._tasks: list[Any] = []
        self._replies: list[Any] = []
        self._processes: list[Any] = []
        for _ in range(count):
            tasks, (replies, theirs) = context.Queue(), context.Pipe(duplex=True)
            args = (job, output is not None, tasks, theirs, os.getpid())
            process = context.Process(target=_work, args=args, daemon=True)
            self._tasks.append(tasks)
            self._replies.append(replies)
            self._processes.append(process)
            process.start()
            theirs.close()  # before the next start: the pipe ends when its worker does
            if output is not None:
                reduction.send_handle(replies, output.fileno(), process.pid)
        self._worker_of = {pipe: n for n, pipe in enumerate(self._replies)}
        self._in_flight = [0] * count
        self._arrived: dict[int, tuple[int, ChunkResult]] = {}
        self._finished = False

    def results(
        self, items: Iterable[Chunk | FileFailure], at: int = 0
    ) -> Iterator[ChunkResult | FileFailure]:
        """The items' results in order; records in place are written from offset ``at`` on."""
        window = _AHEAD * len(self._processes)
        waiting: deque[int | FileFailure] = deque()
        for number, item in enumerate(items):
            if isinstance(item, FileFailure):
                waiting.append(item)
                continue
            worker = self._in_flight.index(min(self._in_flight))
            self._in_flight[worker] += 1
            self._tasks[worker].put((number, item))
            waiting.append(number)
            while len(waiting) >= window:
                result, at = self._settle(waiting.popleft(), at)
                yield result
        while waiting:
            result, at = self._settle(waiting.popleft(), at)
            yield result
        self._finish()

    def _settle(self, waiting: int | FileFailure, at: int) -> tuple[ChunkResult | FileFailure, int]:
        """The result for ``waiting``, and where the next chunk's records go."""
        if isinstance(waiting, FileFailure):
            return waiting, at
        while waiting not in self._arrived:
            self._receive()
        worker, result = self._arrived.pop(waiting)
        if self.output is not None:
            self._tasks[worker].put((waiting, at))
            at += result.in_place
        return result, at

    def _receive(self) -> None:
        """Take every reply that has come in."""
        for pipe in connection.wait(self._replies):
            worker = self._worker_of[pipe]
            number, result = self._reply(worker)
            self._in_flight[worker] -= 1
            self._arrived[number] = (worker, result)

    def _reply(self, worker: int) -> Any:
        try:
            reply = self._replies[worker].recv()
        except EOFError:
            process = self._processes[worker]
            process.join(10)  # its pipe has ended: it is ending too
            raise RuntimeError(
                f"batch worker process {process.pid} ended unexpectedly "
                f"(exit code {process.exitcode})"
            ) from None
        if isinstance(reply, BaseException):
            raise reply
        if reply is not None and reply[1].spilled is not None:  # its spill file comes next
            reply[1].spilled = reduction.recv_handle(self._replies[worker])
        return reply

    def _finish(self) -> None:
        """Stop the workers once they have written everything."""
        for tasks in self._tasks:
            tasks.put(None)
        for worker in range(len(self._processes)):
            self._reply(worker)  # None: done
        for process in self._processes:
            process.join()
        self._finished = True

    def close(self) -> None:
        for process in self._processes:
            if not self._finished and process.is_alive():
                process.terminate()
        for process in self._processes:
            if process.pid is not None:
                process.join()
        for tasks in self._tasks:
            if not self._finished:
                tasks.cancel_join_thread()
            tasks.close()
        for pipe in self._replies:
            pipe.close()
        for _, result in self._arrived.values():
            result.discard()


def _work(job: BatchJob, in_place: bool, tasks: Any, replies: Any, parent: int) -> None:
    """A worker process: check chunks, and write their records where it is told (or spill
    them); reply with each result, then None when told to stop, or the exception that stopped
    it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process stops the workers
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # (a closed terminal signals them all)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and does it with SIGTERM
    _die_with_parent(parent)
    try:
        target = reduction.recv_handle(replies) if in_place else None
        _serve(Checker(job), target, tasks, replies)
        replies.send(None)
    except OSError as error:
        replies.send(error)
    except BaseException:  # a bug, or anything else: the main process must hear of it
        replies.send(RuntimeError(f"a batch worker failed:\n{traceback.format_exc()}"))


_PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies
_ORPHAN_CHECK = 0.5  # seconds between two looks at the parent, where prctl is missing


def _die_with_parent(parent: int) -> None:
    """End this worker when the main process ends, however it ends (even by SIGKILL, which
    runs no clean-up): on Linux the kernel sends SIGKILL (``PR_SET_PDEATHSIG``); elsewhere a
    thread looks every half second whether the worker's parent is still the main process
    (an orphan is adopted by another)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        armed = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError, ImportError):  # not Linux
        armed = False
    if not armed:
        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the main process died before the watch was set
        os._exit(1)


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_ORPHAN_CHECK)
    os._exit(1)


def _serve(checker: Checker, target: int | None, tasks: Any, replies: Any) -> None:
    held: dict[int, bytes] = {}  # records waiting to learn where they go
    try:
        for number, task in iter(tasks.get, None):
            if isinstance(task, int):  # where the records of chunk ``number`` go
                assert target is not None, "records placed without an output in place"
                _write_at(target, held.pop(number), task)
                continue
            result = checker.check(task)
            if target is not None:
                held[number] = result.output
                result.in_place, result.output = len(result.output), b""
                replies.send((number, result))
            elif result.output:
                with tempfile.TemporaryFile() as spill:  # unnamed (or unlinked at once)
                    spill.write(result.output)
                    spill.flush()
                    result.output, result.spilled = b"", -1  # the descriptor follows
                    replies.send((number, result))
                    reduction.send_handle(replies, spill.fileno(), os.getppid())
            else:
                replies.send((number, result))
    finally:
        if target is not None:
            os.close(target)


def _write_at(target: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(target, view, offset)
        view, offset = view[written:], offset + written
