"""The bot scheduler: fair between tables, and a decision nobody needs is stopped at once.

Real worker processes and real agents; one worker, so the order decisions get it is the
scheduler's alone."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server.scheduler import BotError, BotScheduler

# Kingdoms, seed 1: seat 0 decides first, with a real choice.
RECORD = Table(load_game("kingdoms"), 2, seed=1).record.to_json()
SLOW = "ismcts:seconds=1"


def run(test: Any) -> Any:
    scheduler = BotScheduler(1)
    try:
        return asyncio.run(test(scheduler))
    finally:
        scheduler.shutdown()


def test_a_light_table_goes_before_tables_that_have_used_the_workers() -> None:
    async def test(scheduler: BotScheduler) -> list[str]:
        await scheduler.decide("warm-up", RECORD, 0, "easy")  # the worker is up
        # Tables b and c have had a long decision each; a is thinking now.
        for table in ("b", "c"):
            await scheduler.decide(table, RECORD, 0, "ismcts:seconds=0.3")
        done: list[str] = []

        async def one(table: str, spec: str) -> None:
            await scheduler.decide(table, RECORD, 0, spec)
            done.append(table)

        running = asyncio.create_task(one("a", "ismcts:seconds=0.3"))
        await asyncio.sleep(0.05)
        waiting = [asyncio.create_task(one(t, "ismcts:seconds=0.3")) for t in ("b", "c")]
        await asyncio.sleep(0.05)
        light = asyncio.create_task(one("person-vs-easy", "easy"))
        await asyncio.gather(running, light, *waiting)
        return done

    done = run(test)
    # First in, first out, the easy bot would have waited for both b and c.
    assert done[:2] == ["a", "person-vs-easy"] and sorted(done[2:]) == ["b", "c"]


@pytest.mark.parametrize("how", ["cancelled", "unwanted"])
def test_a_decision_no_longer_needed_stops_and_frees_its_worker(how: str) -> None:
    async def test(scheduler: BotScheduler) -> tuple[Any, float]:
        await scheduler.decide("warm-up", RECORD, 0, "easy")
        wanted = True
        slow = asyncio.create_task(scheduler.decide("ended", RECORD, 0, SLOW, lambda: wanted))
        await asyncio.sleep(0.2)  # thinking now, for most of a second more
        if how == "cancelled":
            slow.cancel()  # the table ended: the hub cancels its bot task
        else:
            wanted = False  # the table was undone or moved on
        stopped = time.monotonic()
        await scheduler.decide("other", RECORD, 0, "easy")
        waited = time.monotonic() - stopped
        result = await asyncio.gather(slow, return_exceptions=True)
        return result[0], waited

    result, waited = run(test)
    # Left to finish, the stopped search would hold the one worker about 0.8 s more.
    assert waited < 0.4, f"the next decision waited {waited:.2f} s"
    if how == "unwanted":
        assert result is None
    else:
        assert isinstance(result, asyncio.CancelledError)


def test_a_decision_past_the_ceiling_is_stopped_and_fails() -> None:
    async def test() -> tuple[BaseException | None, float]:
        scheduler = BotScheduler(1)
        try:
            await scheduler.decide("warm-up", RECORD, 0, "easy")  # the worker's imports
            scheduler.ceiling = 0.3
            started = time.monotonic()
            try:
                await scheduler.decide("stored-long-ago", RECORD, 0, "ismcts:seconds=5")
            except BotError as exc:
                failed: BaseException | None = exc
            else:
                failed = None
            await scheduler.decide("other", RECORD, 0, "easy")  # the worker is free again
            return failed, time.monotonic() - started
        finally:
            scheduler.shutdown()

    failed, took = asyncio.run(test())
    assert isinstance(failed, BotError) and "0.3 s" in str(failed)
    assert took < 2.0


def test_a_review_turn_waits_while_any_bot_decision_does() -> None:
    """A post-game review runs at the lowest priority: a review's turn that was queued first
    still goes after a table's bot decision queued after it, even a table's that has used the
    workers far more than the review."""
    settings = {"iterations": 20, "seconds": None, "seed": 0}
    played = Table(load_game("kingdoms"), 2, seed=1)
    played.play(0, played.state.legal_action_ids()[0])  # seat 0's first decision, judged
    reviewed = played.record.to_json()

    async def test(scheduler: BotScheduler) -> list[str]:
        await scheduler.decide("warm-up", RECORD, 0, "easy")
        await scheduler.decide("busy", RECORD, 0, "ismcts:seconds=0.3")  # it has used a lot
        done: list[str] = []

        async def review() -> None:
            judged = await scheduler.review_turn("review:t:0", reviewed, 0, 0, settings)
            assert judged is not None and judged["step"] == 0
            done.append("review")

        async def decide() -> None:
            await scheduler.decide("busy", RECORD, 0, "easy")
            done.append("busy")

        running = asyncio.create_task(scheduler.decide("a", RECORD, 0, "ismcts:seconds=0.3"))
        await asyncio.sleep(0.05)
        queued = [asyncio.create_task(review())]
        await asyncio.sleep(0.05)
        queued.append(asyncio.create_task(decide()))
        await asyncio.gather(running, *queued)
        return done

    assert run(test) == ["busy", "review"]
