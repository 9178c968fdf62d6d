"""Hearing the other server processes on a shared PostgreSQL: their stored changes (a table
held here is re-read, and its clients told) and their signals (who is connected through
them, undo requests and answers, heartbeats). A process gone silent stops counting."""

from __future__ import annotations

import asyncio
import logging
import time

from courtly.core.errors import CourtlyError
from courtly.server import chat
from courtly.server.live import LiveTable, Presence
from courtly.server.outbox import broadcast_table
from courtly.server.peers import GONE_AFTER, HEARTBEAT, BotLeases, Signal, decode, one_line
from courtly.server.store import CHANNEL, SIGNALS
from courtly.server.tables import LiveTables
from courtly.server.undo import Undo

log = logging.getLogger("courtly.server")


class PeerListener:
    def __init__(self, tables: LiveTables, undo: Undo, leases: BotLeases | None) -> None:
        self.tables = tables
        self.signals = tables.signals
        self.undo = undo
        self.leases = leases
        self._peers: dict[str, float] = {}  # the other processes, when last heard of
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._alive_at = 0.0

    async def listen(self) -> None:
        """Hear the changes and signals of the other server processes, and bring this
        process's copy of those tables (and its clients) up to date. Nothing is heard while
        the connection is down, so each time it is made (again) every table held here is
        re-read and the others are asked who is connected."""
        # psycopg is the optional PostgreSQL driver (the ``postgres`` extra), imported only by
        # a server on a shared PostgreSQL: a SQLite server runs without it installed.
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.tables.store.listen_dsn(), autocommit=True, connect_timeout=5
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    await connection.execute(f"LISTEN {SIGNALS}")
                    if self.leases is not None:
                        self.leases.suspect()
                    self.signals.plain("hello")
                    for live in list(self.tables.tables.values()):
                        self.signals.share_presence(live, force=True)
                        await self.tables.refresh(live)
                        # Chat signals missed while not listening: from the Store.
                        stored = await self.tables.thread.run(
                            self.tables.store.chat.load, live.id, chat.KEPT
                        )
                        async with live.lock:
                            chat.catch_up(live, stored)
                    async for note in connection.notifies():
                        await self._hear(note.channel, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # The database restarting or away is expected: one line, no traceback.
                log.warning("listening to the other server processes: %s", one_line(exc))
                await asyncio.sleep(1.0)

    def upkeep(self) -> None:
        """Once a second: say this process is alive, and forget the ones gone silent."""
        now = time.monotonic()
        if now - self._alive_at >= HEARTBEAT:
            self._alive_at = now
            self.signals.plain("alive")
        for origin, seen in list(self._peers.items()):
            if now - seen > GONE_AFTER:
                self._forget(origin)

    async def _hear(self, channel: str, payload: str) -> None:
        tables = self.tables.tables
        if channel == CHANNEL:
            origin, _, rest = payload.partition(":")
            table_id = rest.rpartition(":")[0]
            self._peers[origin] = time.monotonic()
            if origin != self.signals.origin and table_id in tables:
                self._refresh_soon(tables[table_id])
            return
        signal = decode(payload)
        if signal is None or signal.origin == self.signals.origin:
            return
        self._peers[signal.origin] = time.monotonic()
        if signal.kind == "hello":
            for live in list(tables.values()):
                self.signals.share_presence(live, force=True)
                self.signals.share_undo(live)
        elif signal.kind == "bye":
            self._forget(signal.origin)
        elif signal.table is not None and signal.table in tables:
            await self._table_signal(tables[signal.table], signal)

    def _refresh_soon(self, live: LiveTable) -> None:
        """Re-read the table in a task of its own, so a busy table does not hold up the
        notices of the others; the notices that arrive meanwhile make one more read, not one
        each (a burst of bot moves is one read)."""
        if live.id in self._refreshing:
            live.refresh_again = True
            return

        async def run() -> None:
            try:
                while True:
                    live.refresh_again = False
                    await self.tables.refresh(live)
                    if not live.refresh_again:
                        return
            except Exception as exc:
                log.warning("table %s: reading it back failed: %s", live.id, one_line(exc))
                self.tables.suspect.add(live.id)
            finally:
                self._refreshing.pop(live.id, None)

        self._refreshing[live.id] = asyncio.create_task(run())

    async def _table_signal(self, live: LiveTable, signal: Signal) -> None:
        # A signal follows the changes announced before it (an undo request after a move).
        pending = self._refreshing.get(live.id)
        if pending is not None:
            await asyncio.wait([pending])
        async with live.lock:
            if signal.kind == "ask":
                self.signals.share_presence(live, force=True)
                self.signals.share_undo(live)
            elif signal.kind == "presence":
                presence = Presence(frozenset(signal.seats), signal.spectators)
                if presence.seats or presence.spectators:
                    live.remote[signal.origin] = presence
                else:
                    live.remote.pop(signal.origin, None)
                broadcast_table(live)
            elif signal.kind == "undo_request":
                self.undo.remote_request(live, signal)
            elif signal.kind == "undo_answer":
                await self.undo.answered(live, set(signal.seats), bool(signal.accept), signal.seq)
            elif signal.kind == "undo_result":
                self.undo.remote_result(live, signal)
            elif signal.kind == "chat" and signal.message is not None:
                chat.deliver(live, signal.message)

    def _forget(self, origin: str) -> None:
        """A process is gone: its connections no longer count, its undo requests end."""
        self._peers.pop(origin, None)
        for live in list(self.tables.tables.values()):
            changed = live.remote.pop(origin, None) is not None
            if live.undo is not None and live.undo.origin == origin:
                self.signals.cancel_undo(live, CourtlyError.keyed("server.undo.gone"))
                changed = True
            if changed:
                broadcast_table(live)
