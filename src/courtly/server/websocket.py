"""A client's websocket: its ``hello`` (with its token, or none to watch), a snapshot, then
each message it sends, read into its model (:mod:`courtly.server.protocol`) and handed to the
master or the undo; a refusal is an ``error`` frame in the connection's language."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from courtly.core.i18n import language_from_accept, text
from courtly.server import protocol
from courtly.server.access import is_owner, viewer_for
from courtly.server.hub import Hub
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast_table, close_lost_seat, still_holds, tell_rules
from courtly.server.tokens import token_hash
from courtly.server.transport import Connection, TokenBucket

HELLO_SECONDS = 10.0


async def serve_websocket(hub: Hub, websocket: WebSocket, table_id: str) -> None:
    """One client, from its ``hello`` until it goes."""
    await websocket.accept()
    limits = hub.limits
    # Before its hello names one, a connection reads its browser's language.
    lang = language_from_accept(websocket.headers.get("accept-language"))
    live = await hub.tables.get(table_id)
    if live is None:
        await _close(websocket, "no_table", text("server.closed.no_table", lang, table=table_id))
        return
    try:
        first = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
        hello = protocol.parse_client_message(_payload(first), limits.max_message_bytes)
        if not isinstance(hello, protocol.Hello):
            raise protocol.ProtocolError.keyed("bad_message", "server.message.hello_first")
        lang = protocol.connection_language(hello, websocket.headers.get("accept-language"))
        viewer = await resolve_viewer(hub, live, hello.token)
    except TimeoutError:
        reason = text("server.closed.no_hello", lang, seconds=round(HELLO_SECONDS))
        await _close(websocket, "no_hello", reason)
        return
    except WebSocketDisconnect:
        return
    except protocol.ProtocolError as exc:
        await _close(websocket, exc.code, exc.reason(lang))
        return
    conn = Connection(websocket, viewer, TokenBucket(limits.per_second, limits.burst))
    conn.lang = lang
    if viewer is not None:
        conn.seat_hash = token_hash(str(hello.token))
    conn.owner = is_owner(live, hello.token)
    writer = asyncio.create_task(conn.writer())
    await _join(hub, live, conn)
    try:
        while True:
            raw = await websocket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            if not conn.bucket.take():
                conn.refused += 1
                if conn.refused >= limits.flood_close:
                    conn.close(1008, "too many messages")
                    break
                reason = text("server.refused.rate_limited", conn.lang)
                conn.send(protocol.error_message("rate_limited", reason, live.seq))
                continue
            try:
                message = protocol.parse_client_message(_payload(raw), limits.max_message_bytes)
                await _handle(hub, live, conn, message)
            except protocol.ProtocolError as exc:
                conn.send(protocol.error_message(exc.code, exc.reason(conn.lang), live.seq))
    except WebSocketDisconnect:
        pass
    finally:
        await _leave(hub, live, conn)
        with contextlib.suppress(Exception):
            await writer


async def resolve_viewer(hub: Hub, live: LiveTable, token: object) -> int | None:
    """The seat ``token`` sees for (``access.viewer_for``); on a database shared with other
    server processes, a token this process does not know yet (a seat just taken or kicked
    through another) is looked up again in the Store before it is refused."""
    try:
        return viewer_for(live, token)
    except protocol.ProtocolError as exc:
        if exc.code != "bad_token" or not hub.shared or not isinstance(token, str):
            raise
    await hub.tables.refresh(live)
    return viewer_for(live, token)


async def _handle(
    hub: Hub, live: LiveTable, conn: Connection, message: protocol.ClientMessage
) -> None:
    if isinstance(message, protocol.Ping):
        conn.send({"type": "pong", "seq": live.seq})
        return
    if isinstance(message, protocol.Hello):
        raise protocol.ProtocolError.keyed("bad_message", "server.message.hello_once")
    # Spectators may write too, where the creator allowed it.
    if isinstance(message, protocol.Chat):
        await hub.chat.post(live, conn, message.text)
        return
    seat = conn.viewer
    if seat is None:
        raise protocol.ProtocolError.keyed("spectator", "server.message.spectator")
    if isinstance(message, protocol.Act):
        await hub.master.act(live, seat, message.seq, message.action, conn)
    elif isinstance(message, protocol.Undo):
        await hub.undo.request(live, seat, conn)
    elif isinstance(message, protocol.UndoReply):
        await hub.undo.reply(live, seat, message.accept, conn)
    elif isinstance(message, protocol.Explain):
        await tell_rules(live, conn)


async def _join(hub: Hub, live: LiveTable, conn: Connection) -> None:
    async with live.lock:
        if not still_holds(live, conn):  # the seat changed since its hello was checked
            close_lost_seat(live, conn)
            return
        # Under the lock, so no update can slip between the snapshot and the first update.
        live.connections.add(conn)
        conn.send({**live.fresh_view(conn.viewer, conn.lang, "snapshot"), "owner": conn.owner})
        conn.send(protocol.chat_history_message(live.chat))
        broadcast_table(live, skip=conn)
        hub.signals.share_presence(live)


async def _leave(hub: Hub, live: LiveTable, conn: Connection) -> None:
    conn.queue.put_nowait(None)
    async with live.lock:
        live.connections.discard(conn)
        broadcast_table(live)
        hub.signals.share_presence(live)
        hub.tables.evict_if_done(live)


def _payload(message: Any) -> str | bytes:
    if message.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _close(websocket: WebSocket, code: str, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(protocol.encode(protocol.error_message(code, reason, None)))
        await websocket.close(code=1008, reason=code)
