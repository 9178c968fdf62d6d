"""The hub: one server process's parts put together, started and stopped.

The parts, as boardgame.io divides a game server: the :class:`Lobby` (tables, tokens) and
:class:`Seating` (who sits where), the :class:`Master` and :class:`Undo` (what changes a game
in progress), the live tables kept as the Store holds them (:class:`LiveTables`, on the
Store's own thread), the bot seats (:class:`BotSeats`, thinking in the scheduler's workers),
and the other processes on a shared PostgreSQL (:class:`PeerSignals` out,
:class:`PeerListener` in). The transport (a client's websocket, its messages out) is
:mod:`courtly.server.websocket` and :mod:`courtly.server.outbox`.
docs/server.md has the code map.
"""

from __future__ import annotations

import asyncio
import logging

from courtly.core.errors import CourtlyError
from courtly.server.accounts import Accounts
from courtly.server.bot_seats import BotSeats
from courtly.server.chat import TableChat
from courtly.server.clocks import Clock, system_clock, use
from courtly.server.config import Limits
from courtly.server.database import StoreThread
from courtly.server.deadlines import Deadlines
from courtly.server.gc_policy import GcPolicy
from courtly.server.live import LiveTable
from courtly.server.lobby import Lobby
from courtly.server.loop_watch import LoopWatch
from courtly.server.master import Master
from courtly.server.peer_listener import PeerListener
from courtly.server.peer_signals import PeerSignals
from courtly.server.peers import BotLeases, one_line
from courtly.server.quickplay import QuickPlay
from courtly.server.rated import RatedGames
from courtly.server.reviews import Reviews, review_settings
from courtly.server.scheduler import BotScheduler
from courtly.server.seating import Seating
from courtly.server.store import Store
from courtly.server.stored import ACTIVE, PLAYING
from courtly.server.tables import LiveTables
from courtly.server.undo import Undo

log = logging.getLogger("courtly.server")

# Every how many seconds of upkeep the rated games not counted yet are looked for.
UNCOUNTED_EVERY = 5


class Hub:
    def __init__(
        self,
        store: Store,
        limits: Limits,
        scheduler: BotScheduler | None,
        clock: Clock = system_clock,
    ) -> None:
        self.limits = limits
        use(clock)  # every message of this process measures the tables' clocks with it
        self.scheduler = scheduler
        self.thread = StoreThread(store)
        self.signals = PeerSignals(self.thread)
        # With a shared PostgreSQL: which tables' bots think in this process.
        self.leases = BotLeases(store.listen_dsn()) if store.shared else None
        # The parts call ``wake_bots`` after a change; the bot seats are made last.
        self.tables = LiveTables(self.thread, self.signals, self.wake_bots)
        self.master = Master(self.tables, self.leases, self.wake_bots, self.game_over)
        self.undo = Undo(self.tables, self.wake_bots)
        self.lobby = Lobby(self.tables, limits, self.wake_bots)
        self.seating = Seating(self.tables, limits, self.wake_bots)
        self.quick = QuickPlay(self.tables, self.lobby, self.wake_bots)
        self.bot_seats = BotSeats(self.tables, self.master, self.leases, scheduler)
        self.peers = PeerListener(self.tables, self.undo, self.leases)
        self.deadlines = Deadlines(self.tables, clock, self.wake_bots)
        self.master.moved = self.deadlines.moved
        self.undo.taken_back = self.deadlines.taken_back
        self.bot_seats.budget = self.deadlines.budget
        self.chat = TableChat(self.thread, limits)
        self.accounts = Accounts(self.thread, self.tables)
        self.rated = RatedGames(self.thread)
        self._counting: set[asyncio.Task[object]] = set()
        self._beats = 0
        self.reviews = Reviews(self.thread, scheduler, review_settings(limits))
        self._tasks: list[asyncio.Task[None]] = []
        # The event loop's lag and the collector's pauses, when asked for (docs/server.md, "Load").
        self.loop_watch = LoopWatch() if limits.loop_watch > 0 else None
        self.thread.watch = self.loop_watch
        self.gc_policy = GcPolicy(limits.gc_full_minutes)

    @property
    def shared(self) -> bool:
        """Whether other server processes may hold this process's tables (one PostgreSQL)."""
        return self.thread.store.shared

    def wake_bots(self, live: LiveTable) -> None:
        self.bot_seats.wake(live)

    def game_over(self, live: LiveTable) -> None:
        """A game of this process ended: a rated one's ratings are counted (off the table's
        lock; the count claims the table in the database, so it happens once)."""
        if live.stored.rated:
            task = asyncio.create_task(self.rated.settle(live.id))
            self._counting.add(task)  # held until done: a task nobody holds may be collected
            task.add_done_callback(self._counting.discard)

    def health(self) -> dict[str, int]:
        live = [t for t in self.tables.tables.values() if t.status in ACTIVE]
        return {
            "live_tables": len(live),
            "bot_decisions": self.master.bot_decisions,
            "review_turns": self.reviews.turns_judged,
        }

    async def start(self) -> None:
        """Migrate the schema, bring back every unfinished table, and let bots resume."""
        store = self.thread.store
        await self.thread.run(store.migrate)
        for table_id in await self.thread.run(store.table_ids, list(ACTIVE)):
            try:
                await self.tables.get(table_id)
            except CourtlyError as exc:
                log.error("table %s cannot be restored: %s", table_id, exc)
        for live in self.tables.tables.values():
            self.wake_bots(live)
        # Rated games that ended while no process was left to count them.
        await self.rated.settle_missed()
        if self.shared:
            self._tasks.append(asyncio.create_task(self.peers.listen()))
        if self.limits.waiting_table_hours > 0:
            self._tasks.append(asyncio.create_task(self.lobby.expire_waiting()))
        self._tasks.append(asyncio.create_task(self._sweep()))
        self._tasks.append(asyncio.create_task(self.deadlines.run()))
        if self.loop_watch is not None:
            self.loop_watch.start()
        # Last: what start-up made (the tables restored, the modules) is frozen with the rest.
        self.gc_policy.start()

    async def _sweep(self) -> None:
        """Once a second: heartbeats, processes gone silent, tables to re-read after a failed
        write, bot leases to check or give back, and bots to wake (a lease freed elsewhere)."""
        while True:
            await asyncio.sleep(1.0)
            try:
                await self._sweep_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("server upkeep: %s", one_line(exc))

    async def _sweep_once(self) -> None:
        if self.shared:
            self.peers.upkeep()
        if self.leases is not None:
            await self.leases.check()
            for table_id in list(self.leases.held):
                live = self.tables.tables.get(table_id)
                if live is None or live.status != PLAYING:
                    await self.leases.release(table_id)
        await self.tables.reload_suspects()
        await self.quick.fill_due()
        self._beats += 1
        if self._beats % UNCOUNTED_EVERY == 0:
            # Rated games no process counted: lost on time (the clock ends them), or counted
            # while the database was away. The claim keeps each counted once.
            await self.rated.settle_missed()
        for live in list(self.tables.tables.values()):
            self.wake_bots(live)

    async def stop(self) -> None:
        if self.loop_watch is not None:
            self.loop_watch.stop()
        self.gc_policy.stop()
        for task in self._tasks:
            task.cancel()
        await self.signals.goodbye()
        if self.leases is not None:
            await self.leases.close()
        self.reviews.stop()
        await self.reviews.close()
        self.deadlines.stop()
        for live in self.tables.tables.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            for conn in live.connections:
                conn.queue.put_nowait(None)
        if self.scheduler is not None:
            self.scheduler.shutdown()
        self.thread.shutdown()
