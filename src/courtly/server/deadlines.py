"""Time at live tables: the clocks measured after every action (the master calls ``moved``),
started when a table starts, and the deadlines acted on when they pass; a seat's leave and
its person's return.

The server's clock is injected (``now``): the Store's deadlines are compared with it, never
with a sleep. The deadlines are the Store's (``courtly.server.deadline_rows``), so they
survive a restart; every process sharing the database looks for passed ones a few times a
second, and the compare-and-set of the stored clock lets exactly one of them act on each. A
time-out enters the record as what it causes: the stand-in bot's moves are the seat's actions
in the record (replayed like any other), and a seat lost on time ends the table with the
result saying so; the event itself is kept with the record (``clock_events``)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from courtly.server import clocks
from courtly.server.access import seat_of
from courtly.server.clocks import Clock, Pace
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast_table
from courtly.server.peers import one_line
from courtly.server.refusals import RequestError
from courtly.server.stored import PLAYING
from courtly.server.tables import LiveTables, WakeBots

log = logging.getLogger("courtly.server")

#: How often the passed deadlines are looked for (seconds of real time).
INTERVAL = 0.25
#: How long clocks may lag their table's position (measured by another process, whose write is
#: on its way) before this process measures them itself (seconds of real time).
LAG = 2.0


def kinds(live: LiveTable) -> Callable[[int], str]:
    """Each seat's kind (a bot's seat is not timed where a time-out would hand it to a bot)."""
    return lambda seat: live.seat(seat).kind


def _clocks_behind(live: LiveTable) -> bool:
    """Whether a playing table's clocks were measured at another position than its own."""
    clock = live.stored.clock
    return clock is not None and live.stored.status == PLAYING and clock["seq"] != live.stored.seq


def decider(live: LiveTable) -> int | None:
    state = live.table.state
    return None if state.is_terminal else state.current_player


class Deadlines:
    def __init__(self, tables: LiveTables, now: Clock, wake_bots: WakeBots) -> None:
        self.tables = tables
        self.thread = tables.thread
        self.rows = tables.store.clocks
        self.now = now
        self.wake_bots = wake_bots
        self._lagging: dict[str, float] = {}  # table: when its clocks were first seen behind
        self._saves: set[asyncio.Task[None]] = set()

    # --- the clocks of a table ------------------------------------------------------------

    async def configure(self, table_id: str, pace: Pace) -> None:
        """Give a new table (not started yet) its pace."""
        live = await self.tables.require(table_id)
        clock = clocks.new_clock(pace, live.stored.num_players)
        await self.thread.run(self.rows.configure, table_id, clock)
        live.stored.clock = clock

    def moved(self, live: LiveTable, seat: int, stand_in: bool) -> None:
        """After ``seat``'s action was stored (the table's lock held, before anyone hears of
        it): its time charged, the next seat's running; stored in the background."""
        clock = live.stored.clock
        if clock is None:
            return
        try:
            self._moved(live, clock, seat, stand_in)
        except Exception:
            # The action is stored: it is heard whatever happened to its clocks, which are
            # measured again from the table's position (``_measure_lagging``).
            log.exception("table %s: measuring its clocks failed", live.id)

    def _moved(self, live: LiveTable, clock: dict[str, Any], seat: int, stand_in: bool) -> None:
        now = self.now()
        after = clocks.moved(clock, seat, decider(live), live.table.seq, now, stand_in)
        event: tuple[int, int, str, dict[str, Any]] | None = None
        if not stand_in and seat in after["stand_in"]:
            # The person acted: they are back, as if they had said so first, and the record
            # says when (the action that brought them back is the one after ``ply``).
            after = clocks.back(after, seat, now)
            event = (len(live.table.record.actions) - 1, seat, "back", {})
        live.stored.clock = after
        if live.status == PLAYING:
            due = clocks.deadline(after, kinds(live))
            self._save(live, after, due, event)

    def taken_back(self, live: LiveTable) -> None:
        """After an undo this process stored (the lock held, before anyone hears of it): the
        clocks measured at the position taken back to, at once (``_measure_lagging`` would
        first wait ``LAG`` for another process's measure, the undone clocks shown meanwhile)."""
        if live.stored.clock is None or not _clocks_behind(live):
            return
        after, due = clocks.restarted(
            live.stored.clock, live.seq, decider(live), self.now(), kinds(live)
        )
        live.stored.clock = after
        self._save(live, after, due)

    def _save(
        self,
        live: LiveTable,
        clock: dict[str, Any],
        due: datetime | None,
        event: tuple[int, int, str, dict[str, Any]] | None = None,
    ) -> None:
        async def save() -> None:
            try:
                stored = await self.thread.run(
                    self.rows.measured, live.id, clock["seq"], clock, due, event, self.now()
                )
            except Exception as exc:
                log.warning("table %s: storing its clocks failed: %s", live.id, one_line(exc))
                stored = False
            if not stored and live.seq == clock["seq"]:
                await self.tables.refresh(live)  # measured elsewhere first: take theirs

        task = asyncio.get_running_loop().create_task(save())
        self._saves.add(task)
        task.add_done_callback(self._saves.discard)

    def budget(self, live: LiveTable, seat: int, spec: str) -> str:
        """A bot's spec for its decision now, cut to the time its clock has left."""
        clock = live.stored.clock
        if clock is None:
            return spec
        seconds = clocks.thinking_time(clock, seat, self.now())
        return clocks.think_spec(live.stored.game, spec, seconds)

    async def events(self, table_id: str) -> list[dict[str, Any]]:
        return await self.thread.run(self.rows.events, table_id)

    # --- leave and return -----------------------------------------------------------------

    async def leave(self, table_id: str, token: str | None, days: float) -> dict[str, Any]:
        """The token's seat takes ``days`` of leave (turn-based tables): its deadlines wait."""
        live, seat = await self._seat(table_id, token)
        async with live.lock:
            clock = self._clock(live)
            try:
                after = clocks.with_leave(clock, seat, days, self.now())
            except ValueError as exc:
                limits = {
                    "at_once": clocks.LEAVE_DAYS_AT_ONCE,
                    "in_all": clocks.LEAVE_DAYS_IN_ALL,
                }
                raise RequestError(409, f"server.clock.leave_{exc}", **limits) from None
            until = after["leave"][str(seat)]
            await self._swap(live, clock, after, (seat, "leave", {"days": days, "until": until}))
        return live.info()

    async def back(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The token's seat's person is back: its stand-in bot stops playing for it."""
        live, seat = await self._seat(table_id, token)
        async with live.lock:
            clock = self._clock(live)
            if seat in clock["stand_in"]:
                after = clocks.back(clock, seat, self.now())
                await self._swap(live, clock, after, (seat, "back", {}))
        return live.info()

    async def _seat(self, table_id: str, token: str | None) -> tuple[LiveTable, int]:
        live = await self.tables.require(table_id)
        seat = None if token is None else seat_of(live, token)
        if seat is None:
            raise RequestError(403, "server.request.not_a_seat")
        return live, seat

    def _clock(self, live: LiveTable) -> dict[str, Any]:
        clock = live.stored.clock
        if clock is None:
            raise RequestError(409, "server.clock.none")
        if live.status != PLAYING:
            raise RequestError(409, "server.refused.not_playing", status=live.status)
        return clock

    async def _swap(
        self,
        live: LiveTable,
        before: dict[str, Any],
        after: dict[str, Any],
        event: tuple[int, str, dict[str, Any]],
    ) -> None:
        """Store a changed clock (the lock held); refused with 409 if the table moved."""
        seat, kind, detail = event
        ply = len(live.table.record.actions)
        due = clocks.deadline(after, kinds(live))
        args = (live.id, live.seq, before, after, due, self.now(), (ply, seat, kind, detail))
        if not await self.thread.run(self.rows.swap, *args):
            raise RequestError(409, "server.clock.moved")
        live.stored.clock = after
        broadcast_table(live)
        self.wake_bots(live)

    # --- the scheduler --------------------------------------------------------------------

    async def run(self) -> None:
        """Look for passed deadlines a few times a second, for as long as the server runs."""
        while True:
            await asyncio.sleep(INTERVAL)
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("deadlines: %s", one_line(exc))

    async def tick(self) -> None:
        now = self.now()
        # Four times a second over every live table: the test is inline, and only a table
        # whose clocks are behind its position costs a coroutine (docs/server.md, "Load").
        behind = [live for live in self.tables.tables.values() if _clocks_behind(live)]
        if self._lagging:
            lagging = {live.id for live in behind}
            self._lagging = {k: v for k, v in self._lagging.items() if k in lagging}
        for live in behind:
            await self._measure_lagging(live, now)
        for table_id in await self.thread.run(self.rows.expired, now):
            due = await self.tables.get(table_id)
            if due is not None:
                await self._expire(due, now)

    async def _measure_lagging(self, live: LiveTable, now: datetime) -> None:
        """Start the clocks of a table just started, and measure those left behind its
        position (the action's process died before storing them) from now."""
        clock = live.stored.clock
        if clock is None or not _clocks_behind(live):
            self._lagging.pop(live.id, None)
            return
        first = self._lagging.setdefault(live.id, time.monotonic())
        if clock["seq"] >= 0 and time.monotonic() - first < LAG:
            return  # another process's measure may be on its way
        async with live.lock:
            clock = live.stored.clock
            if clock is None or not _clocks_behind(live):
                return
            after, due = clocks.restarted(clock, live.seq, decider(live), now, kinds(live))
            if await self.thread.run(self.rows.measured, live.id, live.seq, after, due):
                live.stored.clock = after
                broadcast_table(live)
                self._lagging.pop(live.id, None)
                return
        await self.tables.refresh(live)

    async def _expire(self, live: LiveTable, now: datetime) -> None:
        """Act on a passed deadline, if this process is the one that stores it."""
        stood_in = False
        async with live.lock:
            clock = live.stored.clock
            seat = None if clock is None else clock["running"]
            due = None if clock is None else clocks.deadline(clock, kinds(live))
            if (
                clock is not None
                and seat is not None
                and due is not None
                and due <= now
                and live.status == PLAYING
                and clock["seq"] == live.seq
            ):
                after = clocks.timed_out(clock, seat)
                pace = clock["pace"]
                lose = pace["policy"] == "lose"
                detail = {"policy": pace["policy"], "bot": None if lose else pace["bot"]}
                event = (len(live.table.record.actions), seat, "timeout", detail)
                won = await self.thread.run(
                    self.rows.swap, live.id, live.seq, clock, after, None, now, event, lose
                )
                if won:
                    log.info("table %s: seat %d ran out of time", live.id, seat + 1)
                if won and not lose:
                    live.stored.clock = after
                    broadcast_table(live)
                    stood_in = True
        if stood_in:
            self.wake_bots(live)
        else:
            # Ended here (every viewer hears it from the Store's row), or this process's copy
            # is behind the Store's (another process acted, or measured the clocks).
            await self.tables.refresh(live)

    def stop(self) -> None:
        for task in self._saves:
            task.cancel()
