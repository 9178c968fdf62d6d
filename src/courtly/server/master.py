"""The master of a live game: an action is applied by the kernel, committed to the Store, and
only then heard by every viewer (each its own update). An action the Store refuses is taken
back before anyone hears of it."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from courtly.core.errors import CourtlyError
from courtly.core.records import result_of
from courtly.core.table import Table
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast, close_lost_seat, refuse, still_holds
from courtly.server.peers import BotLeases, one_line
from courtly.server.refusals import refusal_code
from courtly.server.stored import FINISHED, PLAYING, Append, ConflictError
from courtly.server.tables import LiveTables, WakeBots
from courtly.server.transport import Connection

log = logging.getLogger("courtly.server")


class Master:
    def __init__(
        self,
        tables: LiveTables,
        leases: BotLeases | None,
        wake_bots: WakeBots,
        game_over: Callable[[LiveTable], None],
    ) -> None:
        self.tables = tables
        self.game_over = game_over  # told once the final action is stored (rated games)
        self.leases = leases
        self.wake_bots = wake_bots
        self.bot_decisions = 0  # bot actions this process decided (health: one process each)
        # Told of every stored action before anyone hears of it (seat, by a stand-in bot):
        # the table's clocks (courtly.server.deadlines).
        self.moved: Callable[[LiveTable, int, bool], None] = lambda live, seat, stand_in: None

    async def act(
        self,
        live: LiveTable,
        seat: int,
        seq: int,
        action: Any,
        conn: Connection | None,
        holder: str | None = None,
    ) -> bool:
        """Apply, commit, then tell everyone. False (and an error to ``conn``) if refused.
        ``conn`` None is the seat's bot, or with ``holder`` (the person's token hash) the
        stand-in bot of a person's seat who ran out of time."""
        if conn is None:
            self.bot_decisions += 1
        async with live.lock:
            table = live.table
            if live.status != PLAYING:
                return refuse(
                    conn,
                    "not_playing",
                    CourtlyError.keyed("server.refused.not_playing", status=live.status),
                    live.seq,
                )
            if conn is not None and not still_holds(live, conn):
                close_lost_seat(live, conn)
                return False
            action_id = _action_id(table, action)
            if seq < table.seq and live.last_act.get(seat) == (seq, action_id):
                return refuse(
                    conn, "duplicate", CourtlyError.keyed("server.refused.duplicate"), live.seq
                )
            try:
                deliveries = table.act(seat, seq, action)
            except CourtlyError as exc:
                return refuse(conn, refusal_code(exc), exc, live.seq)
            record = table.record
            ply = len(record.actions) - 1
            finished = table.state.is_terminal
            result = result_of(table.state) if finished else None
            status = FINISHED if finished else PLAYING
            try:
                stored_at = await self.tables.thread.commit(
                    Append(
                        live.id,
                        ply,
                        seat,
                        record.actions[-1],
                        record.fingerprints[-1],
                        table.seq,
                        status,
                        result,
                        holder if conn is None else conn.seat_hash,
                    )
                )
            except Exception as exc:
                # Nobody heard of the action: the table goes back to what the Store holds.
                return await self._not_stored(live, seat, seq, action_id, ply, exc, conn)
            live.last_act[seat] = (seq, action_id)
            live.stored.seq = table.seq
            if finished:
                live.stored.status = FINISHED
                live.stored.result = result
                live.stored.finished_at = stored_at  # as stored: a restart reads the same
            self.moved(live, seat, conn is None and holder is not None)
            if live.undo is not None:  # the reason is put into words only when it is told
                self.tables.signals.cancel_undo(live, CourtlyError.keyed("server.undo.moved_on"))
            broadcast(live, deliveries)
            self.tables.evict_if_done(live)
        if finished:
            self.game_over(live)
        self.wake_bots(live)
        return True

    async def _not_stored(
        self,
        live: LiveTable,
        seat: int,
        seq: int,
        action_id: int,
        ply: int,
        exc: Exception,
        conn: Connection | None,
    ) -> bool:
        """An act the Store refused (the lock is held). Lost to another process (a race:
        expected, no traceback), the table is read back and the seat told ``duplicate`` if
        it was its very decision, else ``stale`` or ``not_playing``, with a fresh view. The
        database away, the action is taken back in memory and the seat told ``storage``."""
        action = live.table.record.actions[-1]
        if isinstance(exc, ConflictError):
            log.info("table %s: another server process moved it first", live.id)
            if self.leases is not None and conn is None:
                self.leases.suspect()  # a bot lost a race: is its lease still held?
            if await self.tables.reload(live):
                stored = live.stored
                if conn is not None and not still_holds(live, conn):
                    return False  # freed meanwhile: the connection was closed saying why
                if ply < len(stored.actions) and (stored.acted_by[ply], stored.actions[ply]) == (
                    seat,
                    action,
                ):
                    live.last_act[seat] = (seq, action_id)
                    return refuse(
                        conn, "duplicate", CourtlyError.keyed("server.refused.duplicate"), live.seq
                    )
                if live.status != PLAYING:
                    key = CourtlyError.keyed("server.refused.not_playing", status=live.status)
                    return refuse(conn, "not_playing", key, live.seq)
                return refuse(conn, "stale", CourtlyError.keyed("server.refused.stale"), live.seq)
        else:
            log.warning("table %s: storing an action failed: %s", live.id, one_line(exc))
        _take_back(live)
        self.tables.suspect.add(live.id)
        if self.leases is not None:
            self.leases.suspect()
        return refuse(conn, "storage", CourtlyError.keyed("server.refused.storage"), live.seq)


def _take_back(live: LiveTable) -> None:
    """Undo in memory the last action, which was never stored (the lock is held)."""
    record = live.table.record
    before = dataclasses.replace(
        record,
        options=dict(record.options),
        seats=list(record.seats),
        actions=record.actions[:-1],
        fingerprints=record.fingerprints[:-1],
        result=None,
    )
    live.table = Table.from_record(live.table.game, before, seq=live.stored.seq)


def _action_id(table: Table, action: Any) -> int:
    try:
        return table.state.action_space.resolve(action).id
    except CourtlyError:
        return -1
