"""Undo at a live table: a seat asks to take back its last decision, the other people at the
table answer, and the process where it was asked decides (the other processes show the
request and pass their seats' answers back as signals)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable

from courtly.core.errors import CourtlyError
from courtly.core.table import Table
from courtly.server import protocol
from courtly.server.live import LiveTable, UndoRequest
from courtly.server.outbox import broadcast, broadcast_table, refuse, tell_undo_result
from courtly.server.peers import Signal, one_line
from courtly.server.stored import PLAYING, ConflictError
from courtly.server.tables import LiveTables, WakeBots
from courtly.server.transport import Connection

log = logging.getLogger("courtly.server")


class Undo:
    def __init__(self, tables: LiveTables, wake_bots: WakeBots) -> None:
        self.tables = tables
        self.signals = tables.signals
        self.wake_bots = wake_bots
        # The clocks measured at the position taken back to (the hub gives ``Deadlines``').
        self.taken_back: Callable[[LiveTable], None] = lambda live: None

    async def request(self, live: LiveTable, seat: int, conn: Connection) -> None:
        """A seat asks to take back its last decision. This process decides the request: the
        other processes show it to their seats and pass their answers back (signals)."""
        async with live.lock:
            if live.status != PLAYING:
                key = CourtlyError.keyed("server.refused.not_playing", status=live.status)
                refuse(conn, "not_playing", key, live.seq)
                return
            if live.undo is not None:
                key = CourtlyError.keyed("server.refused.undo_pending")
                refuse(conn, "undo_pending", key, live.seq)
                return
            if not live.table.can_undo(seat):
                key = CourtlyError.keyed("server.refused.cannot_undo")
                refuse(conn, "cannot_undo", key, live.seq)
                return
            mine = live.holder(seat)
            others = {s.seat for s in live.stored.seats if live.holder(s.seat) not in (None, mine)}
            live.undo = UndoRequest(seat, live.seq, others)
            if others:
                for c in live.connections:
                    c.send(protocol.undo_request_message(seat, live.seq, sorted(others)))
                broadcast_table(live)
                self.signals.share_undo(live)
                return
            await self._undo(live)

    async def reply(self, live: LiveTable, seat: int, accept: bool, conn: Connection) -> None:
        async with live.lock:
            request = live.undo
            if request is None or request.seq != live.seq:
                refuse(conn, "no_undo", CourtlyError.keyed("server.refused.no_undo"), live.seq)
                return
            holder = live.holder(seat)
            answered = {s for s in request.waiting_for if live.holder(s) == holder}
            if not answered:
                refuse(conn, "no_undo", CourtlyError.keyed("server.refused.not_waiting"), live.seq)
                return
            if request.origin is not None or request.waiting_for - answered:
                # Another process decides, or more answers are awaited: every process shows
                # who has answered.
                self.signals.send(
                    Signal(
                        origin=self.signals.origin,
                        kind="undo_answer",
                        table=live.id,
                        seats=sorted(answered),
                        seq=request.seq,
                        accept=accept,
                    )
                )
            await self.answered(live, answered, accept, request.seq)

    async def answered(
        self, live: LiveTable, seats: set[int], accept: bool, seq: int | None
    ) -> None:
        """Seats answered the undo request (here or through another process; the lock is
        held). Only the process that decides the request grants or refuses it."""
        request = live.undo
        if request is None or request.seq != seq:
            return
        deciding = request.origin is None
        if not accept:
            if deciding:
                first = min(seats) + 1  # seats are counted from 1 in texts
                reason = CourtlyError.keyed("server.undo.declined", seat=first)
                self.signals.cancel_undo(live, reason)
                broadcast_table(live)
            return
        request.waiting_for -= seats
        if deciding and not request.waiting_for:
            await self._undo(live)
        else:
            broadcast_table(live)

    async def _undo(self, live: LiveTable) -> None:
        """Take the request's seat's last decision back (the lock is held). The result is
        signalled in the transaction that stores the undo, before its notice: the other
        processes tell their clients the result, then send them fresh views."""
        request = live.undo
        assert request is not None
        live.undo = None
        before = dataclasses.replace(
            live.table.record,
            actions=list(live.table.record.actions),
            fingerprints=list(live.table.record.fingerprints),
        )
        try:
            deliveries = live.table.undo(request.seat)
        except CourtlyError as exc:
            tell_undo_result(live, request.seat, False, exc)
            self.signals.send(self.signals.undo_result(live, request, False, exc))
            return
        granted = CourtlyError.keyed("server.undo.taken_back")
        thread = self.tables.thread
        try:
            await thread.run(
                thread.store.actions.truncate,
                live.id,
                len(live.table.record.actions),
                live.table.seq,
                [self.signals.undo_result(live, request, True, granted).encode()],
            )
        except Exception as exc:
            # Nobody was told of the undo: back to the game as stored.
            live.table = Table.from_record(live.table.game, before, seq=live.stored.seq)
            reason = CourtlyError.keyed("server.undo.storage")
            if isinstance(exc, ConflictError):
                reason = CourtlyError.keyed("server.undo.moved_on")
                await self.tables.reload(live)
            else:
                log.warning("table %s: storing an undo failed: %s", live.id, one_line(exc))
                self.tables.suspect.add(live.id)
            tell_undo_result(live, request.seat, False, reason)
            self.signals.send(self.signals.undo_result(live, request, False, reason))
            return
        live.stored.seq = live.table.seq
        live.last_act.clear()
        self.taken_back(live)
        tell_undo_result(live, request.seat, True, granted)
        broadcast(live, deliveries)
        self.wake_bots(live)

    def remote_result(self, live: LiveTable, signal: Signal) -> None:
        """The process that decides the table's undo request says how it ended."""
        if signal.seat is None or live.undo is None or live.undo.seq != signal.seq:
            return
        live.undo = None
        reason = CourtlyError.keyed(signal.reason or "server.undo.moved_on", **signal.reason_data)
        tell_undo_result(live, signal.seat, bool(signal.accept), reason)
        broadcast_table(live)

    def remote_request(self, live: LiveTable, signal: Signal) -> None:
        """A seat asked through another process, which decides: show the request here."""
        if signal.seat is None or live.status != PLAYING or signal.seq != live.seq:
            return  # moved on meanwhile: the asker's process hears so and cancels
        waiting = set(signal.seats)
        live.undo = UndoRequest(signal.seat, live.seq, waiting, signal.origin)
        for conn in live.connections:
            conn.send(protocol.undo_request_message(signal.seat, live.seq, sorted(waiting)))
        broadcast_table(live)
