"""Messages out to the viewers of one live table: each viewer gets only what was built for it
(from the kernel's ``Delivery`` for that viewer), in its own language, encoded once for all
of that viewer's connections in that language."""

from __future__ import annotations

from courtly.core.errors import CourtlyError, error_text
from courtly.core.table import Deliveries
from courtly.server import protocol
from courtly.server.live import LiveTable
from courtly.server.stored import BOT, OPEN, PLAYING
from courtly.server.transport import Connection


def broadcast_table(live: LiveTable, skip: Connection | None = None) -> None:
    """Every connection (but ``skip``) hears the table's news: seats, presence, status."""
    text = protocol.encode(protocol.table_message(live.info()))
    for conn in live.connections:
        if conn is not skip:
            conn.send_text(text)


def broadcast(live: LiveTable, deliveries: Deliveries) -> None:
    """Each viewer's update in each language it reads, encoded once for all of that
    viewer's connections in that language (the spectators share one per language)."""
    info = live.info()
    texts: dict[tuple[int | None, str], str] = {}
    rendered: protocol.RenderedEvents = {}
    for conn in live.connections:
        delivery = deliveries.get(conn.viewer)
        if delivery is None:
            continue
        key = (conn.viewer, conn.lang)
        text = texts.get(key)
        if text is None:
            game = live.table.game
            message = protocol.game_message("update", delivery, info, game, conn.lang, rendered)
            text = texts[key] = protocol.encode(message)
        conn.send_text(text)


def send_fresh_views(live: LiveTable) -> None:
    """Every connection gets a view of its own seat drawn from nothing (the deal shown at the
    start, a game rebuilt after an undo or a re-read), the events' words made once per
    language for them all."""
    rendered: protocol.RenderedEvents = {}
    for conn in live.connections:
        conn.send(live.fresh_view(conn.viewer, conn.lang, rendered=rendered))


async def tell_rules(live: LiveTable, conn: Connection) -> None:
    """The rules of the decision in front of ``conn``'s seat, when it is the seat to act
    (else no text). Under the table's lock, so the position explained is the stored one: an
    action being stored has changed the state in memory, and nobody hears of it before."""
    async with live.lock:
        text = None
        table, seat = live.table, conn.viewer
        if seat is not None and live.status == PLAYING and table.state.current_player == seat:
            names = protocol.seat_names(live.info(), conn.lang)
            view = table.seat_view(seat)
            text = protocol.explanation(table.game, view.observation, conn.lang, names)
        conn.send(protocol.explain_message(live.seq, text))


def tell_undo_result(live: LiveTable, seat: int, accepted: bool, reason: CourtlyError) -> None:
    """Every connection hears how an undo request ended, the reason in its own language."""
    for conn in live.connections:
        text = error_text(reason, conn.lang)
        conn.send(protocol.undo_result_message(seat, accepted, text))


def refuse(conn: Connection | None, code: str, reason: CourtlyError, seq: int | None) -> bool:
    """Tell ``conn`` (None: a bot, told nothing) why its message changed nothing; False."""
    if conn is not None:
        conn.send(protocol.error_message(code, error_text(reason, conn.lang), seq))
    return False


def still_holds(live: LiveTable, conn: Connection) -> bool:
    """Whether a connection's seat is still its own: not freed nor given to a bot since (by
    another process, whose change this one has just read)."""
    if conn.viewer is None:
        return True
    seat = live.seat(conn.viewer)
    return seat.kind != BOT and seat.token_hash == conn.seat_hash


def close_lost_seat(live: LiveTable, conn: Connection) -> None:
    """Tell a connection why its seat is no longer its own, then close it."""
    kind = live.seat(conn.viewer).kind if conn.viewer is not None else None
    code = {BOT: "replaced", OPEN: "kicked"}.get(kind or "", "taken")
    refuse(conn, code, CourtlyError.keyed(f"server.closed.{code}"), None)
    conn.close(1008, code)


def drop_lost_seats(live: LiveTable) -> None:
    """Close the connections whose seat is no longer theirs: freed or given to a bot
    (through another process, or while the database was away)."""
    for conn in list(live.connections):
        if not still_holds(live, conn):
            live.connections.discard(conn)
            close_lost_seat(live, conn)
