"""How late the event loop runs, and how long the garbage collector stops it.

A server's latency tail is made of stalls, not of the average cost of an action: whatever
holds the event loop (a garbage collection over every live table's state, a burst of work,
a long callback) delays every table's next message. With ``COURTLY_LOOP_WATCH=1``
(``Limits.loop_watch``) a server process keeps two histograms from its start, and
``GET /api/health/loop`` returns them:

- the loop's lag: a task asks to wake every 10 ms and counts how late it woke;
- the collector's pauses (``gc.callbacks``), per generation, with their total time;
- the group commits of actions (``StoreThread.watch``): each commit's time on the database
  thread, and each action's wait from its arrival to its commit, which every seat's update
  of that action waits for without the loop being late (a slow disk flush, a checkpoint).

Counts only grow, so a benchmark reads them at both ends of its window and subtracts
(``benchmarks/serve_load.py`` does). Off by default: the watching task wakes a hundred times
a second, which a production server has no use for.
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import time
from collections.abc import Sequence
from typing import Any

#: Upper bounds (ms) of the histograms' buckets; the last bucket is everything above.
BOUNDS_MS: tuple[float, ...] = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
#: How often the lag task asks to wake (s).
TICK_S = 0.010


class Histogram:
    """Counts of durations in the :data:`BOUNDS_MS` buckets, their sum and their maximum."""

    def __init__(self) -> None:
        self.counts = [0] * (len(BOUNDS_MS) + 1)
        self.total_ms = 0.0
        self.max_ms = 0.0

    def add(self, ms: float) -> None:
        self.counts[bisect.bisect_left(BOUNDS_MS, ms)] += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)

    def as_json(self) -> dict[str, Any]:
        return {
            "bounds_ms": list(BOUNDS_MS),
            "counts": list(self.counts),
            "total_ms": round(self.total_ms, 3),
            "max_ms": round(self.max_ms, 3),
        }


class LoopWatch:
    """The lag task and the collector's callback of one process (:meth:`start`, :meth:`stop`)."""

    def __init__(self) -> None:
        self.lag = Histogram()
        self.gc_pauses = {generation: Histogram() for generation in range(3)}
        # Objects each generation's collections found unreachable (cycles): what freezing the
        # survivors (``courtly.server.gc_policy``) would leave uncollected.
        self.gc_collected = [0, 0, 0]
        # The collections' CPU time (s) besides their wall time: on a contended machine the
        # process may be descheduled in the middle of one.
        self.gc_cpu = [0.0, 0.0, 0.0]
        self._gc_cpu_started = 0.0
        self._gc_started = 0.0
        self._task: asyncio.Task[None] | None = None
        self.commits = Histogram()
        self.stored_waits = Histogram()

    def committed(self, commit_s: float, waits_s: Sequence[float]) -> None:
        self.commits.add(1000 * commit_s)
        for wait in waits_s:
            self.stored_waits.add(1000 * wait)

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.create_task(self._tick())

    def stop(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._gc_started = now
            self._gc_cpu_started = time.thread_time()
        else:
            self.gc_cpu[info["generation"]] += time.thread_time() - self._gc_cpu_started
            self.gc_pauses[info["generation"]].add(1000 * (now - self._gc_started))
            self.gc_collected[info["generation"]] += info["collected"]

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + TICK_S
            await asyncio.sleep(TICK_S)
            self.lag.add(max(0.0, 1000 * (loop.time() - asked)))

    def as_json(self, full_passes: int) -> dict[str, Any]:
        """The histograms, the collector's thresholds and ``full_passes``, the whole
        collections made by the process's policy (:mod:`courtly.server.gc_policy`). Not the
        number of frozen objects: ``gc.get_freeze_count`` walks every one of them, and at a
        thousand tables that stopped the loop for about 100 ms each time a benchmark asked."""
        return {
            "lag": self.lag.as_json(),
            "gc": {
                str(g): {
                    **h.as_json(),
                    "collected": self.gc_collected[g],
                    "cpu_ms": round(1000 * self.gc_cpu[g], 3),
                }
                for g, h in self.gc_pauses.items()
            },
            "commits": self.commits.as_json(),
            "stored_waits": self.stored_waits.as_json(),
            "gc_full_passes": full_passes,
            "gc_threshold": list(gc.get_threshold()),
        }
