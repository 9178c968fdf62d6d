"""The lobby: tables are made, listed, started and ended here (their seats change in
``courtly.server.seating``), and a finished one's record is handed out. Each change is stored
before anyone at the table hears of it."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from courtly.core.i18n import ENGLISH
from courtly.core.registry import load_game
from courtly.core.render import event_json
from courtly.core.rng import fresh_seed
from courtly.core.table import Table
from courtly.server.access import link, require_owner, seat_of
from courtly.server.bots import admit_bot
from courtly.server.config import Limits
from courtly.server.live import LiveTable, table_info
from courtly.server.outbox import broadcast_table, send_fresh_views
from courtly.server.protocol import seat_names
from courtly.server.rated import check_rated_start, check_rated_table
from courtly.server.refusals import RequestError
from courtly.server.standings import with_places
from courtly.server.stored import (
    ACTIVE,
    BOT,
    ENDED,
    HOTSEAT,
    OPEN,
    PLAYING,
    WAITING,
    StoredSeat,
    StoredTable,
)
from courtly.server.tables import LiveTables, WakeBots
from courtly.server.tokens import new_token, token_hash

log = logging.getLogger("courtly.server")


class Lobby:
    def __init__(self, tables: LiveTables, limits: Limits, wake_bots: WakeBots) -> None:
        self.tables = tables
        self.thread = tables.thread
        self.store = tables.store
        self.limits = limits
        self.wake_bots = wake_bots

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[str],
        seed: int | None,
        hints: bool = False,
        spectator_chat: bool = False,
        rated: bool = False,
        quick: bool = False,
        fill_after: int | None = None,
    ) -> dict[str, Any]:
        game = load_game(game_name)
        game.check_players(players)
        resolved = game.resolve_options(options)
        if len(seats) != players:
            raise RequestError(400, "server.request.seats", seats=len(seats), players=players)
        tokens: dict[int, str] = {}
        stored_seats: list[StoredSeat] = []
        for index, spec in enumerate(seats):
            kind, _, bot = spec.strip().partition(":")
            if kind == BOT:
                stored_seats.append(StoredSeat(index, BOT, bot_spec=admit_bot(bot, game)))
            elif kind in (OPEN, HOTSEAT) and not bot:
                tokens[index] = new_token()
                # No default name: each client labels an unnamed seat in its own language.
                stored_seats.append(StoredSeat(index, kind, None, None, token_hash(tokens[index])))
            else:
                raise RequestError(400, "server.request.seat_kind", index=index, spec=spec)
        if rated:
            check_rated_table(game.name, stored_seats, hints)
        seed = fresh_seed() if seed is None else seed
        owner, spectator = new_token(), new_token()
        now = datetime.now(UTC).replace(tzinfo=None)
        table_id = new_token()[:12]
        table = Table(
            game, players, seed=seed, options=resolved, seats=[s.label() for s in stored_seats]
        )
        stored = StoredTable(
            id=table_id,
            game=game.name,
            num_players=players,
            options=resolved,
            seed=seed,
            start_fingerprint=table.record.fingerprints[0],
            status=WAITING,
            seq=table.seq,
            owner_hash=token_hash(owner),
            spectator_hash=token_hash(spectator),
            seats=stored_seats,
            created_at=now,
            updated_at=now,
            hints=hints,
            spectator_chat=spectator_chat,
            rated=rated,
            quick=quick,
            fill_after=fill_after,
        )
        await self.thread.run(self.store.create_table, stored)
        live = LiveTable(stored, table)
        self.tables.add(live)
        return {
            "table": live.info(),
            "owner": link(table_id, owner),
            "spectator": link(table_id, spectator),
            "seats": [
                {"seat": s.seat, "kind": s.kind, **link(table_id, tokens[s.seat])}
                for s in stored_seats
                if s.seat in tokens
            ],
        }

    async def start_table(self, table_id: str, token: str | None) -> dict[str, Any]:
        live = await self.tables.require(table_id)
        require_owner(live, token)
        async with live.lock:
            if live.status != WAITING:
                raise RequestError(409, "server.request.not_waiting", status=live.status)
            await self.start_locked(live)
        self.wake_bots(live)
        return live.info()

    async def start_locked(self, live: LiveTable) -> None:
        """Start a waiting table whose seats are all taken (its lock is held)."""
        still_open = [s.seat for s in live.stored.seats if s.kind == OPEN]
        if still_open:
            raise RequestError(409, "server.request.still_open", seats=still_open)
        check_rated_start(live)
        # Compare and set: started (or a seat freed) through another process meanwhile is
        # seen here, not overwritten.
        done = await self.thread.run(self.store.transition, live.id, [WAITING], PLAYING)
        if not done.changed:
            await self.tables.reload(live)
            still_open = [s.seat for s in live.stored.seats if s.kind == OPEN]
            if live.status == WAITING and still_open:
                raise RequestError(409, "server.request.still_open", seats=still_open)
            raise RequestError(409, "server.request.not_waiting", status=live.status)
        live.stored.status = PLAYING
        send_fresh_views(live)  # the deal is shown now, to each viewer its own part of it

    async def end_table(self, table_id: str, token: str | None) -> dict[str, Any]:
        live = await self.tables.require(table_id)
        require_owner(live, token)
        async with live.lock:
            if live.status not in ACTIVE or not await self._end(live):
                raise RequestError(409, "server.request.already", status=live.status)
        return live.info()

    async def expire_waiting(self) -> None:
        """End every table still waiting ``waiting_table_hours`` after it was created: waiting
        tables are held in memory, and anyone may create them (docs/server.md, "Limits")."""
        age = timedelta(hours=self.limits.waiting_table_hours)
        while True:
            cutoff = datetime.now(UTC).replace(tzinfo=None) - age
            for live in list(self.tables.tables.values()):
                if live.status != WAITING or live.stored.created_at > cutoff:
                    continue
                try:
                    async with live.lock:
                        if live.status == WAITING:
                            await self._end(live)
                except Exception:
                    log.exception("table %s: ending an expired waiting table failed", live.id)
            await asyncio.sleep(min(60.0, age.total_seconds() / 4))

    async def _end(self, live: LiveTable) -> bool:
        """Close a waiting or playing table (the lock is held); everyone hears it. Compare
        and set on the stored state, never writing the sequence number: a game another
        process finished or ended meanwhile stays so (False), and one it moved on ends
        where it is stored."""
        done = await self.thread.run(self.store.transition, live.id, list(ACTIVE), ENDED)
        if not done.changed or done.seq != live.seq:
            await self.tables.reload(live)
            if not done.changed:
                return False
        live.stored.status = ENDED
        live.undo = None
        if live.bot_task is not None:
            live.bot_task.cancel()
        live.thinking = None
        broadcast_table(live)
        self.tables.evict_if_done(live)
        return True

    async def record(self, table_id: str, token: str | None, lang: str = ENGLISH) -> dict[str, Any]:
        """The whole record once the game is over; before, the events this viewer has seen
        (their texts in ``lang``, naming the seats that have names)."""
        live = await self.tables.require(table_id)
        viewer = None if token is None else seat_of(live, token)
        async with live.lock:
            if live.table.state.is_terminal:
                record = live.table.record
                record.seats = [s.label(lang) for s in live.stored.seats]
                # The table's chat goes with its record (``courtly replay`` reads past it).
                return {**record.to_json(), "chat": await self._chat(table_id)}
            # Before the start nobody has seen anything (the deal is not shown yet).
            events = live.table.snapshot(viewer).events if live.dealt else []
            names = seat_names(live.info(), lang)
        return {
            "format": "courtly-log",
            "game": live.stored.game,
            "num_players": live.stored.num_players,
            "options": live.stored.options,
            "seats": [s.label(lang) for s in live.stored.seats],
            "viewer": viewer,
            "events": [event_json(live.table.game, e, lang, names) for e in events],
            "note": "the game is not over: only what this viewer has seen so far",
            "chat": await self._chat(table_id),  # public to the table: every viewer read it
        }

    async def _chat(self, table_id: str) -> list[dict[str, Any]]:
        return await self.thread.run(self.store.chat.load, table_id)

    async def list_tables(self, statuses: list[str]) -> list[dict[str, Any]]:
        rows = await self.thread.run(
            self.store.list_tables, statuses, self.limits.max_tables_listed
        )
        return [with_places(table_info(row, self.tables.tables.get(row.id))) for row in rows]
