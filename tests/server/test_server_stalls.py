"""What may stop a server's event loop: the garbage collector's policy (survivors of a full
collection frozen, everything collected every few minutes) and the loop watch that measures
the lag and the pauses (docs/server.md, "Load")."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import ServerProcess

from courtly.server.gc_policy import GcPolicy
from courtly.server.loop_watch import LoopWatch


@pytest.fixture
def collector_restored() -> Iterator[None]:
    """Each test leaves the collector of the test process as it found it."""
    yield
    gc.unfreeze()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_gc_policy_freezes_start_up_and_the_survivors_of_older_collections(
    collector_restored: None,
) -> None:
    async def scenario() -> None:
        policy = GcPolicy(10.0)
        policy.start()
        at_start = gc.get_freeze_count()
        assert at_start > 0  # start-up's objects
        kept = [Node() for _ in range(5000)]  # a table's objects, made after start-up
        gc.collect(1)  # the middle generation's collection: survivors frozen once the loop turns
        await asyncio.sleep(0)
        assert gc.get_freeze_count() >= at_start + len(kept)
        more = [Node() for _ in range(5000)]
        gc.collect()  # a full collection: the same
        await asyncio.sleep(0)
        assert gc.get_freeze_count() >= at_start + len(kept) + len(more)
        policy.stop()
        assert gc.get_freeze_count() == 0

    asyncio.run(scenario())


def test_gc_policy_collects_frozen_cycles_at_its_whole_collection(
    collector_restored: None,
) -> None:
    async def scenario() -> None:
        policy = GcPolicy(10.0)
        policy.start()
        first, second = Node(), Node()
        first.other, second.other = second, first  # a cycle: no reference count frees it
        alive = weakref.ref(first)
        gc.collect()
        await asyncio.sleep(0)  # the cycle survived a full collection: frozen
        del first, second
        gc.collect()
        assert alive() is not None  # frozen: the automatic collections leave it
        policy.collect_everything()  # what the policy does every gc_full_minutes
        assert alive() is None
        assert gc.get_freeze_count() > 0  # and everything alive is frozen again
        policy.stop()

    asyncio.run(scenario())


def test_gc_policy_zero_leaves_the_collector_alone(collector_restored: None) -> None:
    async def scenario() -> None:
        policy = GcPolicy(0)
        policy.start()
        gc.collect()
        await asyncio.sleep(0)
        assert gc.get_freeze_count() == 0
        policy.stop()

    asyncio.run(scenario())


def test_loop_watch_counts_a_stalled_loop_and_the_collections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> LoopWatch:
        watch = LoopWatch()
        watch.start()
        await asyncio.sleep(0.05)
        time.sleep(0.12)  # the loop held 120 ms, as a long collection would
        gc.collect()
        await asyncio.sleep(0.05)
        watch.stop()
        return watch

    def walks_every_frozen_object() -> int:
        raise AssertionError("counting the frozen objects stops the loop (100 ms at 1000 tables)")

    # The answer is read during a benchmark's window: nothing in it may walk the heap.
    monkeypatch.setattr(gc, "get_freeze_count", walks_every_frozen_object)
    seen = asyncio.run(scenario()).as_json(full_passes=3)
    assert seen["gc_full_passes"] == 3
    lag = seen["lag"]
    assert sum(lag["counts"]) >= 3
    assert lag["max_ms"] >= 100
    bounds = [*lag["bounds_ms"], float("inf")]
    over_100 = [c for c, b in zip(lag["counts"], bounds, strict=True) if b > 100]
    assert sum(over_100) >= 1
    assert sum(seen["gc"]["2"]["counts"]) >= 1 and seen["gc"]["2"]["total_ms"] > 0


def _loop(server: ServerProcess) -> dict[str, object]:
    answer = server.http.get("/api/health/loop")
    assert answer.status_code == 200, answer.text
    loop: dict[str, object] = answer.json()
    return loop


def test_served_process_freezes_at_start_and_reports_its_loop(tmp_path: Path) -> None:
    """``courtly serve`` applies the policy at start-up; ``COURTLY_LOOP_WATCH=1`` shows it."""
    tuned = ServerProcess(
        f"sqlite:///{tmp_path / 'a.sqlite3'}", tmp_path / "a.log", {"COURTLY_LOOP_WATCH": "1"}
    )
    untouched = ServerProcess(
        f"sqlite:///{tmp_path / 'b.sqlite3'}",
        tmp_path / "b.log",
        {"COURTLY_LOOP_WATCH": "1", "COURTLY_GC_FULL_MINUTES": "0"},
    )
    unwatched = ServerProcess(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path / "c.log")
    for process in (tuned, untouched, unwatched):
        process.start()
    try:
        time.sleep(0.3)
        loop = _loop(tuned)
        assert loop["gc_full_passes"] == 1  # the policy's collection at start-up
        lag = loop["lag"]
        assert isinstance(lag, dict) and sum(lag["counts"]) > 0  # the watch ticks
        assert _loop(untouched)["gc_full_passes"] == 0
        refused = unwatched.http.get("/api/health/loop")
        assert refused.status_code == 404
        assert "COURTLY_LOOP_WATCH" in refused.json()["detail"]
    finally:
        for process in (tuned, untouched, unwatched):
            process.stop()


def test_loop_watch_times_the_commits_of_actions(tmp_path: Path) -> None:
    """Each group commit's time on the database thread, and each action's wait for it (what
    every update of that action waits for, the loop never late), are in the watch."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'd.sqlite3'}", tmp_path / "d.log", {"COURTLY_LOOP_WATCH": "1"}
    )
    server.start()
    try:
        before = _loop(server)
        _created, clients = server.seated("courtisans", ["open", "open"], seed=3)
        mover = next(c for c in clients if c.legal)
        mover.act(int(mover.legal[0]["id"]))
        for client in clients:
            client.wait_seq(1)
        after = _loop(server)
        for name in ("commits", "stored_waits"):
            seen_before, seen = before[name], after[name]
            assert isinstance(seen_before, dict) and isinstance(seen, dict)
            assert sum(seen["counts"]) == sum(seen_before["counts"]) + 1  # the one action
            assert seen["total_ms"] > 0 and seen["max_ms"] > 0
        for client in clients:
            client.close()
    finally:
        server.stop()
