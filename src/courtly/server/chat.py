"""Table chat: short messages written at a table by its seats and, if its creator allowed it,
its spectators. Public to the table (every viewer hears every message: nothing in them comes
from the game), stored with the table and its record, and checked here before anything is
stored: its length, the writer's rate, no control characters, not a muted seat. A refusal is
a ProtocolError (an ``error`` frame in the writer's language); nothing is stored then.

The text is kept as written (trimmed): the clients show it as text, never as markup, so
``<b>`` reaches every screen as the four characters typed.
"""

from __future__ import annotations

import logging
import unicodedata
from typing import Any

from courtly.server.access import require_owner
from courtly.server.config import Limits
from courtly.server.database import StoreThread
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast_table
from courtly.server.peers import Signal, one_line
from courtly.server.protocol import ProtocolError, chat_message, encode
from courtly.server.refusals import RequestError
from courtly.server.store import UNREACHABLE
from courtly.server.transport import Connection, TokenBucket

log = logging.getLogger("courtly.server")

#: How many of the latest messages a live table keeps and a viewer gets on connecting (the
#: record export carries them all).
KEPT = 100

# Bidirectional overrides and isolates: they reorder what follows on the screen, so a message
# could show other words than it holds (and run into the next line of the panel).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(raw: str, limit: int) -> str:
    """A message as it is stored: trimmed, one line of at most ``limit`` characters, without
    control characters (refused, not stripped, so the writer sees why and keeps the draft)."""
    text = raw.strip()
    if not text:
        raise ProtocolError.keyed("chat_empty", "server.chat.empty")
    if any(unicodedata.category(c) == "Cc" or c in _BIDI_CONTROLS for c in text):
        raise ProtocolError.keyed("chat_control", "server.chat.control")
    if len(text) > limit:
        raise ProtocolError.keyed("chat_long", "server.chat.long", limit=limit, length=len(text))
    return text


def deliver(live: LiveTable, message: dict[str, Any]) -> None:
    """Keep a stored message with the live table and tell every viewer (once: a message
    heard again, from another process, is not shown twice)."""
    if any(m["id"] == message["id"] for m in live.chat):
        return
    live.chat.append(message)
    del live.chat[:-KEPT]
    text = encode(chat_message(message))
    for conn in live.connections:
        conn.send_text(text)


def catch_up(live: LiveTable, stored: list[dict[str, Any]]) -> None:
    """Deliver the stored messages the live table has not heard of (their signals were sent
    while this process was not listening), in the order they were stored."""
    for message in stored:
        deliver(live, message)
    live.chat.sort(key=lambda m: int(m["id"]))


class TableChat:
    def __init__(self, thread: StoreThread, limits: Limits) -> None:
        self.thread = thread
        self.limits = limits

    def _bucket(self, live: LiveTable, conn: Connection) -> TokenBucket:
        rate, burst = self.limits.chat_per_second, self.limits.chat_burst
        if conn.viewer is None:
            if conn.chat_bucket is None:
                conn.chat_bucket = TokenBucket(rate, burst)
            return conn.chat_bucket
        return live.chat_buckets.setdefault(conn.viewer, TokenBucket(rate, burst))

    async def post(self, live: LiveTable, conn: Connection, raw: str) -> None:
        """Store and deliver a message from ``conn``'s seat (or a spectator), or refuse it."""
        seat = conn.viewer
        self._check_writer(live, seat)
        text = clean_text(raw, self.limits.chat_chars)
        if not self._bucket(live, conn).take():
            raise ProtocolError.keyed("chat_fast", "server.chat.fast")
        store = self.thread.store

        def signal(message: dict[str, Any]) -> str:
            return Signal(origin=store.origin, kind="chat", table=live.id, message=message).encode()

        try:
            message = await self.thread.run(store.chat.add, live.id, seat, text, signal)
        except UNREACHABLE as exc:
            # The database away: nothing stored, nobody told; the writer sends it again.
            log.warning("table %s: storing a chat message failed: %s", live.id, one_line(exc))
            raise ProtocolError.keyed("storage", "server.chat.storage") from None
        if message is None:
            # Refused by the table as stored: muted (or spectators barred) through another
            # process since this one last read it. Read it again, and say why.
            stored = await self.thread.run(store.load_table, live.id)
            if stored is not None:
                live.stored.muted, live.stored.spectator_chat = stored.muted, stored.spectator_chat
            self._check_writer(live, seat)
            raise ProtocolError.keyed("chat_muted", "server.chat.muted")
        async with live.lock:
            deliver(live, message)

    def _check_writer(self, live: LiveTable, seat: int | None) -> None:
        if seat is None and not live.stored.spectator_chat:
            raise ProtocolError.keyed("chat_spectators", "server.chat.spectators")
        if seat is not None and seat in live.stored.muted:
            raise ProtocolError.keyed("chat_muted", "server.chat.muted")

    async def mute(
        self, live: LiveTable, token: str | None, seat: int, muted: bool
    ) -> dict[str, Any]:
        """The owner mutes (or unmutes) a seat: its messages are refused from then on (those
        already written stay). Every viewer hears the table's news."""
        require_owner(live, token)
        if not 0 <= seat < live.stored.num_players:
            raise RequestError(
                400, "server.request.no_seat", seat=seat, last=live.stored.num_players - 1
            )
        seats = await self.thread.run(self.thread.store.chat.set_muted, live.id, seat, muted)
        async with live.lock:
            live.stored.muted = seats
            broadcast_table(live)
        return {"seat": seat, "muted": seats, "table": live.info()}
