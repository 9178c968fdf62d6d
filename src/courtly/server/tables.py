"""The live tables of this process, kept as the Store holds them: loaded when first asked for,
re-read when another process (or the database coming back) says they changed, and let go once
finished and unwatched. A re-read brings the clients up to date."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from courtly.core.errors import CourtlyError
from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server import chat
from courtly.server.database import StoreThread
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast, broadcast_table, drop_lost_seats, send_fresh_views
from courtly.server.peer_signals import PeerSignals
from courtly.server.peers import one_line
from courtly.server.refusals import RequestError
from courtly.server.stored import ACTIVE, WAITING, StoredTable

log = logging.getLogger("courtly.server")

#: What a part calls when a table may have a bot to move now (the hub's bot seats).
WakeBots = Callable[[LiveTable], None]


class LiveTables:
    def __init__(self, thread: StoreThread, signals: PeerSignals, wake_bots: WakeBots) -> None:
        self.thread = thread
        self.store = thread.store
        self.signals = signals
        self.wake_bots = wake_bots
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # Tables whose last write failed for want of the database: what it stores is re-read
        # as soon as it answers again, and their bots wait until then.
        self.suspect: set[str] = set()

    def add(self, live: LiveTable) -> None:
        self.tables[live.id] = live

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from its record in the Store if it is not in memory yet."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                stored = await self.thread.run(self.store.load_table, table_id)
                if stored is None:
                    return None
                game = load_game(stored.game)
                table = Table.from_record(game, stored.record(), seq=stored.seq)
                messages = await self.thread.run(self.store.chat.load, table_id, chat.KEPT)
                live = self.tables[table_id] = LiveTable(stored, table)
                live.chat = messages
                # Who is connected through the other processes, and any undo request waiting.
                self.signals.plain("ask", table_id)
        return live

    async def require(self, table_id: str) -> LiveTable:
        live = await self.get(table_id)
        if live is None:
            raise RequestError(404, "server.request.no_table", table=table_id)
        return live

    def evict_if_done(self, live: LiveTable) -> None:
        """A finished or ended table nobody watches leaves memory (the Store keeps it, and
        ``get`` brings it back when asked for): a long-running server does not grow."""
        if live.status not in ACTIVE and not live.connections and self.tables.get(live.id) is live:
            del self.tables[live.id]

    async def refresh(self, live: LiveTable) -> None:
        """Re-read a table from the Store and tell its clients what changed (``_adopt``)."""
        async with live.lock:
            stored = await self.thread.run(self.store.load_table, live.id)
            if stored is None:
                return
            self._adopt(live, stored)
        self.wake_bots(live)

    async def reload(self, live: LiveTable) -> bool:
        """``refresh`` with the lock held; False (logged) if the Store cannot be read."""
        try:
            stored = await self.thread.run(self.store.load_table, live.id)
        except Exception as exc:
            if live.id not in self.suspect:  # once, not every second of an outage
                log.warning("table %s: reading it back failed: %s", live.id, one_line(exc))
            self.suspect.add(live.id)
            return False
        if stored is not None:
            self._adopt(live, stored)
        return True

    async def reload_suspects(self) -> None:
        """Re-read the tables whose last write failed; they are trusted again once read."""
        for table_id in list(self.suspect):
            live = self.tables.get(table_id)
            if live is None:
                self.suspect.discard(table_id)
                continue
            async with live.lock:
                if await self.reload(live):
                    self.suspect.discard(table_id)

    def _adopt(self, live: LiveTable, stored: StoredTable) -> None:
        """Make the live table what the Store holds (the lock is held) and tell its clients:
        the update of each action stored since (as the clients of the process that took it
        got), or a fresh view of their seat if the game changed otherwise (an undo), or the
        table's news if it did not move."""
        # Moved from what the clients were last shown (the stored position as known here), or
        # from the table in memory (one step ahead while an action it refused was committed).
        shown = live.stored.seq
        moved = (
            stored.seq != shown
            or stored.seq != live.table.seq
            or len(stored.actions) != len(live.table.record.actions)
        )
        # Started elsewhere: the deal is shown only now, so every viewer needs a fresh view.
        dealt = live.status == WAITING and stored.status != WAITING
        live.stored = stored
        stepped = False
        if moved:
            self.signals.cancel_undo(live, CourtlyError.keyed("server.undo.moved_on"))
            live.last_act.clear()
            stepped = live.table.seq == shown and self._step_to(live, stored)
            if not stepped:
                live.table = Table.from_record(
                    load_game(stored.game), stored.record(), seq=stored.seq
                )
        if live.status not in ACTIVE:
            live.undo = None
            if live.bot_task is not None:
                live.bot_task.cancel()
            live.thinking = None
        drop_lost_seats(live)
        if (moved and not stepped) or dealt:
            send_fresh_views(live)
        elif not moved:
            broadcast_table(live)
        self.evict_if_done(live)

    def _step_to(self, live: LiveTable, stored: StoredTable) -> bool:
        """Play on the live table the actions stored after the ones it has (a move made
        through another process costs one action, not a replay of the whole game), each
        one's update sent as it is played; fingerprints checked. False if the stored game is
        not this one continued (an undo): the caller rebuilds it and sends fresh views."""
        table = live.table
        played = len(table.record.actions)
        if not (
            played <= len(stored.actions)
            and table.record.actions == stored.actions[:played]
            and table.record.fingerprints[1:] == stored.fingerprints[:played]
            and stored.seq == table.seq + len(stored.actions) - played
        ):
            return False
        for action in stored.actions[played:]:
            seat = table.state.current_player
            if seat is None:
                return False
            try:
                deliveries = table.act(seat, table.seq, action)
            except CourtlyError:
                return False
            if table.record.fingerprints[-1] != stored.fingerprints[len(table.record.actions) - 1]:
                return False
            broadcast(live, deliveries)
        return True
