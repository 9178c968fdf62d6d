"""The Store's one thread: the event loop never waits on the database, SQLite sees one writer
at a time, and actions arriving while a commit is under way are committed together."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, Protocol, TypeVar

from courtly.server.store import Store
from courtly.server.stored import Append

T = TypeVar("T")


class CommitWatch(Protocol):
    """Told of every group commit (``courtly.server.loop_watch``): how long the database
    thread spent storing it, and how long each of its actions waited from its arrival."""

    def committed(self, commit_s: float, waits_s: Sequence[float]) -> None: ...


class StoreThread:
    """Runs the Store's calls, one at a time, off the event loop."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="courtly-db")
        # Each waiting action with its future (the moment stored) and when it arrived
        # (perf_counter).
        self._pending: list[tuple[Append, asyncio.Future[datetime], float]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.watch: CommitWatch | None = None

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, func, *args)

    async def commit(self, append: Append) -> datetime:
        """Store one action; returns, once it is committed, the moment stored with it (a
        finished table's ``finished_at``). Actions arriving while a commit is under way are
        committed together in the next transaction (group commit), so many busy tables cost
        one database round trip, not one each."""
        done: asyncio.Future[datetime] = asyncio.get_running_loop().create_future()
        self._pending.append((append, done, time.perf_counter()))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                took, moment = await self.run(self._append, [append for append, _, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                    continue
                # One bad action must not sink the others: store each alone.
                for append, done, _ in batch:
                    try:
                        alone_at = await self.run(self.store.actions.append, [append])
                    except Exception as alone:
                        _settle(done, alone)
                    else:
                        _settle(done, alone_at)
            else:
                for _, done, _ in batch:
                    _settle(done, moment)
                if self.watch is not None:
                    now = time.perf_counter()
                    self.watch.committed(took, [now - arrived for _, _, arrived in batch])

    def _append(self, appends: list[Append]) -> tuple[float, datetime]:
        """Store a group of actions (on the database thread); the seconds it took there and
        the moment stored."""
        started = time.perf_counter()
        moment = self.store.actions.append(appends)
        return time.perf_counter() - started, moment

    def shutdown(self) -> None:
        self._executor.shutdown(wait=True)
        self.store.dispose()


def _settle(done: asyncio.Future[datetime], outcome: datetime | Exception) -> None:
    if done.done():
        return
    if isinstance(outcome, Exception):
        done.set_exception(outcome)
    else:
        done.set_result(outcome)
