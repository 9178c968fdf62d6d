"""Signals out to the other server processes on a shared PostgreSQL: who is connected here,
the undo requests this process decides and how they end, heartbeats and goodbyes (what each
signal means: :mod:`courtly.server.peers`). On a database of one's own nothing is sent."""

from __future__ import annotations

import asyncio
import logging

from courtly.core.errors import CourtlyError
from courtly.server.database import StoreThread
from courtly.server.live import LiveTable, UndoRequest
from courtly.server.outbox import tell_undo_result
from courtly.server.peers import Signal, SignalKind, one_line

log = logging.getLogger("courtly.server")


class PeerSignals:
    def __init__(self, thread: StoreThread) -> None:
        self.thread = thread
        self.shared = thread.store.shared
        self.origin = thread.store.origin
        self._sending: set[asyncio.Task[None]] = set()

    def plain(self, kind: SignalKind, table: str | None = None) -> None:
        """A signal that says only who sends it, and of which table."""
        self.send(Signal(origin=self.origin, kind=kind, table=table))

    def send(self, signal: Signal) -> None:
        """Send a signal to the other processes (in order, on the database thread); a failure
        (the database away) is logged: what it said is sent again when the database is back."""
        if not self.shared:
            return

        async def send() -> None:
            try:
                await self.thread.run(self.thread.store.signal, signal.encode())
            except Exception as exc:
                log.warning("a signal to the other server processes was lost: %s", one_line(exc))

        task = asyncio.create_task(send())
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def share_presence(self, live: LiveTable, force: bool = False) -> None:
        """Tell the other processes who is connected to the table through this one."""
        presence = live.local_presence()
        if self.shared and (force or presence != live.shared_presence):
            live.shared_presence = presence
            if force and not presence.seats and not presence.spectators:
                return
            self.send(
                Signal(
                    origin=self.origin,
                    kind="presence",
                    table=live.id,
                    seats=sorted(presence.seats),
                    spectators=presence.spectators,
                )
            )

    def share_undo(self, live: LiveTable) -> None:
        """Repeat an undo request this process decides (for a process that just came)."""
        request = live.undo
        if request is not None and request.origin is None:
            self.send(
                Signal(
                    origin=self.origin,
                    kind="undo_request",
                    table=live.id,
                    seat=request.seat,
                    seq=request.seq,
                    seats=sorted(request.waiting_for),
                )
            )

    def undo_result(
        self, live: LiveTable, request: UndoRequest, accepted: bool, reason: CourtlyError
    ) -> Signal:
        return Signal(
            origin=self.origin,
            kind="undo_result",
            table=live.id,
            seat=request.seat,
            seq=request.seq,
            accept=accepted,
            reason=reason.key,
            reason_data=reason.data,
        )

    def cancel_undo(self, live: LiveTable, reason: CourtlyError) -> None:
        """End the table's undo request, refused for ``reason``: every connection here hears
        it, and the other processes too when this one decides the request."""
        if live.undo is not None:
            request = live.undo
            live.undo = None
            tell_undo_result(live, request.seat, False, reason)
            if request.origin is None:
                self.send(self.undo_result(live, request, False, reason))

    async def goodbye(self) -> None:
        """The others forget this process's connections now, not after the heartbeat."""
        if not self.shared:
            return
        try:
            signal = Signal(origin=self.origin, kind="bye")
            await asyncio.wait_for(self.thread.run(self.thread.store.signal, signal.encode()), 2.0)
        except Exception as exc:
            log.warning("could not say goodbye to the other processes: %s", one_line(exc))
