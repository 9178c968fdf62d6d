"""When a server process's garbage collector may stop its event loop (docs/server.md, "Load").

Python's cyclic collector runs a full collection whenever the objects that survived earlier
ones have grown by a quarter, and a full collection walks every one of them with the event
loop stopped. A server holding a thousand live tables (each game's record, events and
state: about half a million objects) made a full collection every ten seconds, each
stopping every table for 400 to 800 ms: the latency's 99th percentile was those pauses.

The cure, as large Python services use it: objects that survived a collection of the middle
or the oldest generation are frozen (``gc.freeze``: moved where no automatic collection walks
them), so the oldest generation stays nearly empty and no automatic full collection walks
the tables again (freezing after full collections only still left one every 10 to 20 s over
what survived since, up to 270 ms). Frozen objects are still freed by their
reference counts, as nearly all of a server's are; only a reference cycle among them would
stay, and the server makes few (a few hundred objects a minute at a thousand tables, counted
by :mod:`courtly.server.loop_watch`). So that even those do not accumulate, every
``gc_full_minutes`` (``COURTLY_GC_FULL_MINUTES``, default 10; 0 leaves Python's collector
as it is) everything is unfrozen and collected once: one such pause every ten minutes
instead of six a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any


class GcPolicy:
    """The policy of one server process: :meth:`start` in its event loop, :meth:`stop` at the
    end (which leaves the collector as Python has it)."""

    def __init__(self, full_minutes: float) -> None:
        self.full_minutes = full_minutes
        self.full_passes = 0  # whole collections made by the policy (start-up's included)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def active(self) -> bool:
        return self.full_minutes > 0

    def start(self) -> None:
        """After start-up: collect once, freeze what survived (the modules, the tables
        restored), and from now on freeze the survivors of every collection of the middle
        and the oldest generations."""
        if not self.active:
            return
        self._loop = asyncio.get_running_loop()
        self.collect_everything()
        gc.callbacks.append(self._after_collection)
        self._task = asyncio.create_task(self._every_few_minutes())

    def stop(self) -> None:
        if self._after_collection in gc.callbacks:
            gc.callbacks.remove(self._after_collection)
        if self._task is not None:
            self._task.cancel()
        if self.active:
            gc.unfreeze()
        self._loop = None

    def collect_everything(self) -> None:
        """One full collection over every object, the frozen ones too; then freeze again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.full_passes += 1

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        # Called by the collector in whichever thread triggered it (the database thread too):
        # the freeze itself is left to the event loop's thread, once the collection is over.
        loop = self._loop
        if phase == "stop" and info["generation"] >= 1 and loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (shutting down)
                loop.call_soon_threadsafe(gc.freeze)

    async def _every_few_minutes(self) -> None:
        while True:
            await asyncio.sleep(60 * self.full_minutes)
            self.collect_everything()
