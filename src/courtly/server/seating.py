"""The seats of a table changed: an invite taken, a seat renamed, a person kicked before the
start, an idle seat given to a bot. Each change is stored before anyone at the table hears
of it (the seats' rules for a dealt game: docs/server.md, "Seats and the deal")."""

from __future__ import annotations

from typing import Any

from courtly.server.access import link, require_owner, seat_of
from courtly.server.account_rows import Account
from courtly.server.bots import admit_bot
from courtly.server.config import Limits
from courtly.server.credentials import seat_taken_as
from courtly.server.live import LiveTable
from courtly.server.outbox import broadcast_table, close_lost_seat
from courtly.server.rated import check_rated_bot, check_rated_taker
from courtly.server.refusals import RequestError
from courtly.server.stored import ACTIVE, BOT, HOTSEAT, OPEN, PERSON, PLAYING, StoredSeat
from courtly.server.tables import LiveTables, WakeBots
from courtly.server.tokens import new_token, token_hash


class Seating:
    def __init__(self, tables: LiveTables, limits: Limits, wake_bots: WakeBots) -> None:
        self.tables = tables
        self.thread = tables.thread
        self.store = tables.store
        self.limits = limits
        self.wake_bots = wake_bots

    async def take_seat(
        self, table_id: str, token: str | None, name: object, account: Account | None = None
    ) -> dict[str, Any]:
        """Take an open seat with its invite link, or rename a taken one. Taking a seat swaps
        the invite's token for a new one, given only to the taker: the owner handed the invite
        on and still knows it, and must not be able to look through the seat once it is dealt.
        Whoever was watching through the invite is disconnected for the same reason. A
        logged-in ``account`` plays its first seat at the table under its own name."""
        live = await self.tables.require(table_id)
        cleaned = clean_name(name, self.limits.max_name_chars)
        if token is not None and seat_of(live, token) is None and self.store.shared:
            await self.tables.refresh(live)  # the seat's token may be new, from another process
        async with live.lock:
            # Under the lock: two holders of one invite cannot both take its seat.
            seat = None if token is None else seat_of(live, token)
            if seat is None:
                raise RequestError(403, "server.request.not_a_seat")
            if live.status not in ACTIVE:
                # The record names its seats: a finished game keeps the names it was played by.
                raise RequestError(409, "server.request.rename_over", status=live.status)
            current = live.seat(seat)
            fresh = new_token() if current.kind == OPEN else None
            shown, account_id = seat_taken_as(live.stored.seats, seat, cleaned, account)
            check_rated_taker(live, seat, account_id)
            changed = StoredSeat(
                seat,
                PERSON if fresh is not None else current.kind,
                None,
                shown,
                current.token_hash if fresh is None else token_hash(fresh),
                account_id,
            )
            await self.thread.run(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            if fresh is not None:
                for conn in [c for c in live.connections if c.viewer == seat]:
                    conn.close(1008, "seat taken")
                    live.connections.discard(conn)
            broadcast_table(live)
        answer: dict[str, Any] = {"seat": seat, "table": live.info()}
        if fresh is not None:
            answer.update(link(live.id, fresh))
        return answer

    async def kick(self, table_id: str, token: str | None, seat: int) -> dict[str, Any]:
        """Free a taken seat whose person is away before the start: it is open again, with a
        new invite link for the owner to hand on. Once the game has started the seat has seen
        its hand, and a new token would let the owner read it: it may only pass to a bot
        (``replace_by_bot``), or wait for its person, whose own link still works."""
        live = await self.tables.require(table_id)
        require_owner(live, token)
        _check_seat(live, seat)
        async with live.lock:
            if live.status == PLAYING:
                raise RequestError(409, "server.request.kick_started", seat=seat)
            if live.status not in ACTIVE:
                raise RequestError(409, "server.refused.not_playing", status=live.status)
            if live.seat(seat).kind not in (PERSON, HOTSEAT):
                raise RequestError(409, "server.request.not_a_person", seat=seat)
            if live.connected(seat):
                raise RequestError(409, "server.request.connected", seat=seat)
            fresh = new_token()
            changed = StoredSeat(seat, OPEN, None, None, token_hash(fresh))
            await self.thread.run(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            broadcast_table(live)
        return {"seat": seat, **link(live.id, fresh), "table": live.info()}

    async def replace_by_bot(
        self, table_id: str, token: str | None, seat: int, spec: str
    ) -> dict[str, Any]:
        live = await self.tables.require(table_id)
        require_owner(live, token)
        _check_seat(live, seat)
        spec = admit_bot(spec, live.table.game)
        if live.stored.rated:
            check_rated_bot(live.stored.game, live.stored.num_players, seat, spec)
        async with live.lock:
            if live.status not in ACTIVE:
                raise RequestError(409, "server.refused.not_playing", status=live.status)
            # As with kick: a person who is here keeps their seat (only an idle one is given
            # away). An open seat's invite holder has not sat down, and is told it is replaced.
            if live.seat(seat).kind in (PERSON, HOTSEAT) and live.connected(seat):
                raise RequestError(409, "server.request.connected_bot", seat=seat)
            changed = StoredSeat(seat, BOT, bot_spec=spec.strip())
            await self.thread.run(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            for conn in [c for c in live.connections if c.viewer == seat]:
                close_lost_seat(live, conn)  # "replaced", in the connection's language
            if live.undo is not None:
                live.undo.waiting_for.discard(seat)
            broadcast_table(live)
        self.wake_bots(live)
        return live.info()


def _check_seat(live: LiveTable, seat: int) -> None:
    if not 0 <= seat < live.stored.num_players:
        raise RequestError(
            400, "server.request.no_seat", seat=seat, last=live.stored.num_players - 1
        )


def clean_name(name: object, limit: int) -> str:
    """A display name as typed: printable, one line, trimmed, at most ``limit`` characters."""
    if not isinstance(name, str):
        raise RequestError(400, "server.request.name_text")
    text = " ".join("".join(c for c in name if c.isprintable()).split())
    if not text:
        raise RequestError(400, "server.request.name_empty")
    if len(text) > limit:
        raise RequestError(400, "server.request.name_long", limit=limit, length=len(text))
    return text
