"""Bot thinking, shared fairly between tables, in worker processes.

The entry point is :meth:`BotScheduler.decide`: one decision of one table's bot, awaited by the
hub. Decisions wait in one queue; whenever a worker is free it takes the waiting decision of
the table that has used the workers least lately (worker-seconds, halving every
``half_life`` seconds), so a table whose bots think little (a person against ``easy``) goes
ahead of tables of ``hard`` bots playing each other, and among those each gets its turn: no
table waits behind more than the decisions already running, each at most the strongest
level's budget (the server admits no longer ones: ``courtly.server.bots.admit_bot``). A first
in, first out queue made a bot wait behind one decision of every busy table.

A decision nobody needs any more is stopped: when the awaiting task is cancelled (the table
ended) or ``wanted()`` turns false (the table was undone or moved on), a waiting decision
leaves the queue and a running one is interrupted in its worker (a signal that raises inside
the search); a worker that does not answer within ``GRACE`` seconds is killed and replaced.
A decision running past ``ceiling`` seconds is stopped the same way and fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from courtly.server import bots

log = logging.getLogger("courtly.server")

#: How often a running decision's ``wanted()`` is asked again (seconds).
WATCH_INTERVAL = 0.05
#: How long an interrupted worker may take to answer before it is killed (seconds).
GRACE = 2.0


class BotError(Exception):
    """A bot's decision failed in its worker (the agent raised, or the worker died)."""


@dataclass(eq=False)
class _Job:
    id: int
    table_id: str
    args: tuple[Any, ...]
    wanted: Callable[[], bool]
    future: asyncio.Future[dict[str, Any] | None]
    started_at: float | None = None
    interrupted_at: float | None = None
    #: What the worker runs: ``bots.DECIDE`` (a bot's move) or ``bots.REVIEW`` (a turn of a
    #: post-game review, which waits while any decision does: ``low``).
    kind: str = "decide"
    low: bool = False


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    cancel: Synchronized[int]
    job: _Job | None = None
    last_table: str | None = None

    def call(self, job: int, kind: str, args: tuple[Any, ...]) -> tuple[str, Any]:
        """Run in a thread: send one job and wait for its answer."""
        self.conn.send((job, kind, args))
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    def interrupt(self, job: _Job) -> None:
        job.interrupted_at = time.monotonic()
        self.cancel.value = job.id
        if bots.INTERRUPT is not None and self.process.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.process.pid, bots.INTERRUPT)


@dataclass
class _Usage:
    """A table's recent worker-seconds, decaying."""

    seconds: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def at(self, now: float, half_life: float) -> float:
        return self.seconds * math.exp2(-(now - self.stamp) / half_life)


class BotScheduler:
    def __init__(self, workers: int, half_life: float = 30.0, ceiling: float = 30.0) -> None:
        # spawn, not fork: the server has threads (database, event loop) a fork would copy.
        self._context = multiprocessing.get_context("spawn")
        self._workers = [self._spawn() for _ in range(max(1, workers))]
        # One thread per worker waits for its answer, so the event loop never blocks on a pipe.
        self._threads = ThreadPoolExecutor(len(self._workers), thread_name_prefix="courtly-bot")
        self._queue: list[_Job] = []
        self._usage: dict[str, _Usage] = {}
        self._half_life = half_life
        # No admitted spec comes near it (the strongest level stops at one second); a bot
        # stored before budgets were checked, or a machine far too busy, must still not hold a
        # worker for ever. A decision stopped there fails (BotError): the hub logs it.
        self.ceiling = ceiling
        self._ids = itertools.count(1)
        self._watcher: asyncio.Task[None] | None = None
        self._closed = False

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        cancel = self._context.Value("q", -1, lock=False)
        process = self._context.Process(
            target=bots.serve, args=(child, cancel), name="courtly-bot", daemon=True
        )
        process.start()
        child.close()
        return _Worker(process, parent, cancel)

    async def decide(
        self,
        table_id: str,
        record: dict[str, Any],
        seat: int,
        spec: str,
        wanted: Callable[[], bool] = lambda: True,
    ) -> dict[str, Any] | None:
        """The action (JSON form) agent ``spec`` chooses for ``seat`` of the table whose record
        this is; None if ``wanted()`` turned false first. Cancelling the awaiting task stops
        the decision too. Raises BotError if the decision failed."""
        return await self._submit(
            _Job(next(self._ids), table_id, (table_id, record, seat, spec), wanted, self._future())
        )

    async def review_turn(
        self,
        key: str,
        record: dict[str, Any],
        seat: int,
        step: int,
        settings: dict[str, Any],
        wanted: Callable[[], bool] = lambda: True,
    ) -> dict[str, Any] | None:
        """One turn of a post-game review (``courtly.analysis.review``), the turn of ``seat``
        starting at ``step``: its Decision's JSON form; None if ``wanted()`` turned false first.
        It runs at the lowest priority: only when no bot's decision is waiting."""
        args = (key, record, seat, step, settings)
        job = _Job(next(self._ids), key, args, wanted, self._future(), kind="review", low=True)
        return await self._submit(job)

    async def hint(
        self, table_id: str, record: dict[str, Any], seat: int, settings: dict[str, Any]
    ) -> dict[str, Any] | None:
        """A hint for ``seat`` of a table (``bots.hint_now``), scheduled fairly like its bots'
        decisions (a person is waiting for it)."""
        args = (table_id, record, seat, settings)
        job = _Job(next(self._ids), table_id, args, lambda: True, self._future(), kind="hint")
        return await self._submit(job)

    def _future(self) -> asyncio.Future[dict[str, Any] | None]:
        return asyncio.get_running_loop().create_future()

    async def _submit(self, job: _Job) -> dict[str, Any] | None:
        self._queue.append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._drop(job)
            raise

    def _drop(self, job: _Job) -> None:
        if job in self._queue:
            self._queue.remove(job)
        for worker in self._workers:
            if worker.job is job and job.interrupted_at is None:
                worker.interrupt(job)

    def _dispatch(self) -> None:
        """Give every free worker the waiting decision of the table that used workers least."""
        if self._closed:
            return
        for job in [j for j in self._queue if j.future.done() or not j.wanted()]:
            self._queue.remove(job)
            _settle(job.future, None)
        now = time.monotonic()
        while self._queue:
            idle = [w for w in self._workers if w.job is None]
            if not idle:
                break
            # min() keeps the first of equals: among tables with equal use, the longest waiting.
            # A review's turn (low) goes only when no bot's decision waits.
            job = min(self._queue, key=lambda j: (j.low, self._used(j.table_id, now)))
            self._queue.remove(job)
            # A worker that decided for this table last still holds its game: no replay.
            worker = next((w for w in idle if w.last_table == job.table_id), idle[0])
            worker.job = job
            asyncio.get_running_loop().create_task(self._run(worker, job))
        if any(w.job is not None for w in self._workers) and (
            self._watcher is None or self._watcher.done()
        ):
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    def _used(self, table_id: str, now: float) -> float:
        usage = self._usage.get(table_id)
        return 0.0 if usage is None else usage.at(now, self._half_life)

    def _charge(self, table_id: str, seconds: float) -> None:
        now = time.monotonic()
        usage = self._usage.setdefault(table_id, _Usage())
        usage.seconds = usage.at(now, self._half_life) + seconds
        usage.stamp = now
        if len(self._usage) > 4 * len(self._workers) + 1000:
            # Forget tables whose use has decayed to nothing: the map does not grow forever.
            for key in [k for k, u in self._usage.items() if u.at(now, self._half_life) < 1e-3]:
                del self._usage[key]

    async def _run(self, worker: _Worker, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        started = job.started_at = time.monotonic()
        try:
            kind, value = await loop.run_in_executor(
                self._threads, worker.call, job.id, job.kind, job.args
            )
        except (EOFError, OSError) as exc:
            # The worker died (killed after an interrupt it did not answer, or crashed).
            if not self._closed:
                self._replace(worker)
            _settle(job.future, None if job.interrupted_at else BotError(f"bot worker: {exc}"))
        else:
            if kind == "done":
                _settle(job.future, value if job.interrupted_at is None else None)
            elif kind == "cancelled":
                _settle(job.future, None)
            else:
                _settle(job.future, BotError(str(value)))
            worker.last_table = job.table_id
        finally:
            self._charge(job.table_id, time.monotonic() - started)
            worker.job = None
            self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        with contextlib.suppress(Exception):
            worker.conn.close()
        fresh = self._spawn()
        worker.process, worker.conn, worker.cancel = fresh.process, fresh.conn, fresh.cancel
        worker.last_table = None

    async def _watch(self) -> None:
        """While decisions run: interrupt each one no longer wanted; kill a worker that does
        not stop within ``GRACE`` seconds of its interrupt."""
        while not self._closed and any(w.job is not None for w in self._workers):
            now = time.monotonic()
            for worker in self._workers:
                job = worker.job
                if job is None:
                    continue
                if job.interrupted_at is None and (job.future.done() or not job.wanted()):
                    worker.interrupt(job)
                elif (
                    job.interrupted_at is None
                    and job.started_at is not None
                    and now - job.started_at > self.ceiling
                ):
                    _settle(job.future, BotError(f"the decision ran past {self.ceiling:g} s"))
                    worker.interrupt(job)
                elif job.interrupted_at is not None and now - job.interrupted_at > GRACE:
                    log.warning("a bot worker did not stop its decision; replacing it")
                    worker.process.kill()
                    job.interrupted_at = now  # once
            await asyncio.sleep(WATCH_INTERVAL)

    def shutdown(self) -> None:
        self._closed = True
        for job in self._queue:
            _settle(job.future, None)
        self._queue.clear()
        for worker in self._workers:
            with contextlib.suppress(Exception):
                worker.process.kill()
            with contextlib.suppress(Exception):
                worker.conn.close()
        self._threads.shutdown(wait=False, cancel_futures=True)


def _settle(future: asyncio.Future[dict[str, Any] | None], value: Any) -> None:
    if future.done():
        return
    if isinstance(value, BaseException):
        future.set_exception(value)
    else:
        future.set_result(value)
