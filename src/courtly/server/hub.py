"""The Hub: the live tables of this process, who is connected to each, and every message out.

Each live table is the kernel's ``Table`` plus its seats; one asyncio lock per table orders
everything that changes it. A change is committed to the Store (on the database thread)
before any viewer hears of it, then every connection gets the message built from its own
viewer's ``Delivery``. Bots are scheduled here and think in the :class:`BotScheduler`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from courtly.core.errors import CourtlyError, error_text
from courtly.core.records import result_of
from courtly.core.registry import load_game
from courtly.core.rng import fresh_seed
from courtly.core.table import Deliveries, Table
from courtly.server import protocol
from courtly.server.bots import admit_bot
from courtly.server.config import Limits
from courtly.server.live import (
    Connection,
    LiveTable,
    RequestError,
    UndoRequest,
    clean_name,
    refusal_code,
    table_info,
)
from courtly.server.scheduler import BotScheduler
from courtly.server.store import (
    ACTIVE,
    BOT,
    CHANNEL,
    ENDED,
    FINISHED,
    HOTSEAT,
    OPEN,
    PERSON,
    PLAYING,
    WAITING,
    Append,
    ConflictError,
    Store,
    StoredSeat,
    StoredTable,
)
from courtly.server.tokens import new_token, same_hash, token_hash

log = logging.getLogger("courtly.server")
T = TypeVar("T")


class Hub:
    def __init__(self, store: Store, limits: Limits, bots: BotScheduler | None) -> None:
        self.store = store
        self.limits = limits
        self.bots = bots
        self.tables: dict[str, LiveTable] = {}
        # One database thread: the event loop never waits on the database, and SQLite sees
        # one writer at a time.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="courtly-db")
        self._loading: dict[str, asyncio.Lock] = {}
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def db(self, func: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, func, *args)

    async def _commit(self, append: Append) -> None:
        """Store one action; returns once it is committed. Actions arriving while a commit is
        under way are committed together in the next transaction (group commit), so many busy
        tables cost one database round trip, not one each."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((append, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self.db(self.store.append_actions, [append for append, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                    continue
                # One bad action must not sink the others: store each alone.
                for append, done in batch:
                    try:
                        await self.db(self.store.append_actions, [append])
                    except Exception as alone:
                        _settle(done, alone)
                    else:
                        _settle(done, None)
            else:
                for _, done in batch:
                    _settle(done, None)

    # --- life cycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Migrate the schema, bring back every unfinished table, and let bots resume."""
        await self.db(self.store.migrate)
        for table_id in await self.db(self.store.table_ids, list(ACTIVE)):
            try:
                await self.get(table_id)
            except CourtlyError as exc:
                log.error("table %s cannot be restored: %s", table_id, exc)
        for live in self.tables.values():
            self.schedule_bots(live)
        if self.store.shared:
            self._listener = asyncio.create_task(self._listen())
        if self.limits.waiting_table_hours > 0:
            self._sweeper = asyncio.create_task(self._expire_waiting())

    async def _listen(self) -> None:
        """Hear the changes other server processes commit to a shared PostgreSQL, and bring
        this process's copy of those tables (and its clients) up to date."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.store.listen_dsn(), autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    async for note in connection.notifies():
                        origin, _, rest = note.payload.partition(":")
                        table_id = rest.rpartition(":")[0]
                        if origin != self.store.origin and table_id in self.tables:
                            await self.refresh(self.tables[table_id])
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for other server processes failed; retrying")
                await asyncio.sleep(1.0)

    async def refresh(self, live: LiveTable) -> None:
        """Re-read a table from the Store; every client gets a fresh view if the game moved."""
        async with live.lock:
            stored = await self.db(self.store.load_table, live.id)
            if stored is None:
                return
            moved = stored.seq != live.table.seq or len(stored.actions) != len(
                live.table.record.actions
            )
            # Started elsewhere: the deal is shown only now, so every viewer needs a fresh view.
            dealt = live.status == WAITING and stored.status != WAITING
            # A seat taken, kicked or given to a bot elsewhere: whoever watches it here came
            # with a token that no longer holds it (an invite, say) and must not see it dealt.
            swapped = {
                seat.seat
                for seat, now in zip(live.stored.seats, stored.seats, strict=True)
                if seat.token_hash != now.token_hash
            }
            for conn in [c for c in live.connections if c.viewer in swapped]:
                conn.close(1008, "seat changed")
                live.connections.discard(conn)
            live.stored = stored
            if moved or dealt:
                live.table = Table.from_record(
                    load_game(stored.game), stored.record(), seq=stored.seq
                )
                live.undo = None
                live.last_act.clear()
                for conn in live.connections:
                    conn.send(live.fresh_view(conn.viewer))
            else:
                self._broadcast_table(live)
        self.schedule_bots(live)

    async def stop(self) -> None:
        for task in (self._listener, self._sweeper):
            if task is not None:
                task.cancel()
        for live in self.tables.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            for conn in live.connections:
                conn.queue.put_nowait(None)
        if self.bots is not None:
            self.bots.shutdown()
        self._db.shutdown(wait=True)
        self.store.dispose()

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from its record in the Store if it is not in memory yet."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                stored = await self.db(self.store.load_table, table_id)
                if stored is None:
                    return None
                game = load_game(stored.game)
                table = Table.from_record(game, stored.record(), seq=stored.seq)
                live = self.tables[table_id] = LiveTable(stored, table)
        return live

    async def require(self, table_id: str) -> LiveTable:
        live = await self.get(table_id)
        if live is None:
            raise RequestError(404, "server.request.no_table", table=table_id)
        return live

    # --- HTTP requests --------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[str],
        seed: int | None,
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
        seed = fresh_seed() if seed is None else seed
        owner, spectator = new_token(), new_token()
        now = datetime.now(UTC).replace(tzinfo=None)
        table_id = new_token()[:12]
        table = Table(
            game, players, seed=seed, options=resolved, seats=[s.label for s in stored_seats]
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
        )
        await self.db(self.store.create_table, stored)
        live = self.tables[table_id] = LiveTable(stored, table)
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

    def _owner(self, live: LiveTable, token: str | None) -> None:
        if not self.is_owner(live, token):
            raise RequestError(403, "server.request.owner")

    def is_owner(self, live: LiveTable, token: object) -> bool:
        """Whether ``token`` is the table's owner link (it sees the public view, and the
        client offers it the owner's controls)."""
        return isinstance(token, str) and same_hash(token_hash(token), live.stored.owner_hash)

    def _seat_of(self, live: LiveTable, token: str) -> int | None:
        digest = token_hash(token)
        for seat in live.stored.seats:
            if same_hash(digest, seat.token_hash):
                return seat.seat
        return None

    async def take_seat(self, table_id: str, token: str | None, name: object) -> dict[str, Any]:
        """Take an open seat with its invite link, or rename a taken one. Taking a seat swaps
        the invite's token for a new one, given only to the taker: the owner handed the invite
        on and still knows it, and must not be able to look through the seat once it is dealt.
        Whoever was watching through the invite is disconnected for the same reason."""
        live = await self.require(table_id)
        cleaned = clean_name(name, self.limits.max_name_chars)
        if token is not None and self._seat_of(live, token) is None and self.store.shared:
            await self.refresh(live)  # the seat's token may be new, from another process
        async with live.lock:
            # Under the lock: two holders of one invite cannot both take its seat.
            seat = None if token is None else self._seat_of(live, token)
            if seat is None:
                raise RequestError(403, "server.request.not_a_seat")
            if live.status not in ACTIVE:
                # The record names its seats: a finished game keeps the names it was played by.
                raise RequestError(409, "server.request.rename_over", status=live.status)
            current = live.seat(seat)
            fresh = new_token() if current.kind == OPEN else None
            changed = StoredSeat(
                seat,
                PERSON if fresh is not None else current.kind,
                None,
                cleaned,
                current.token_hash if fresh is None else token_hash(fresh),
            )
            await self.db(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            if fresh is not None:
                for conn in [c for c in live.connections if c.viewer == seat]:
                    conn.close(1008, "seat taken")
                    live.connections.discard(conn)
            self._broadcast_table(live)
        answer: dict[str, Any] = {"seat": seat, "table": live.info()}
        if fresh is not None:
            answer.update(link(live.id, fresh))
        return answer

    async def start_table(self, table_id: str, token: str | None) -> dict[str, Any]:
        live = await self.require(table_id)
        self._owner(live, token)
        async with live.lock:
            if live.status != WAITING:
                raise RequestError(409, "server.request.not_waiting", status=live.status)
            still_open = [s.seat for s in live.stored.seats if s.kind == OPEN]
            if still_open:
                raise RequestError(409, "server.request.still_open", seats=still_open)
            await self.db(self.store.set_status, live.id, PLAYING, live.table.seq)
            live.stored.status = PLAYING
            # The deal is shown now, to each viewer its own part of it.
            for conn in live.connections:
                conn.send(live.fresh_view(conn.viewer))
        self.schedule_bots(live)
        return live.info()

    async def end_table(self, table_id: str, token: str | None) -> dict[str, Any]:
        live = await self.require(table_id)
        self._owner(live, token)
        async with live.lock:
            if live.status not in ACTIVE:
                raise RequestError(409, "server.request.already", status=live.status)
            await self._end(live)
        return live.info()

    async def _expire_waiting(self) -> None:
        """End every table still waiting ``waiting_table_hours`` after it was created: waiting
        tables are held in memory, and anyone may create them (docs/server.md, "Limits")."""
        age = timedelta(hours=self.limits.waiting_table_hours)
        while True:
            cutoff = datetime.now(UTC).replace(tzinfo=None) - age
            for live in list(self.tables.values()):
                if live.status != WAITING or live.stored.created_at > cutoff:
                    continue
                try:
                    async with live.lock:
                        if live.status == WAITING:
                            await self._end(live)
                except Exception:
                    log.exception("table %s: ending an expired waiting table failed", live.id)
            await asyncio.sleep(min(60.0, age.total_seconds() / 4))

    async def _end(self, live: LiveTable) -> None:
        """Close a waiting or playing table (the lock is held); everyone hears it."""
        await self.db(self.store.set_status, live.id, ENDED, live.table.seq)
        live.stored.status = ENDED
        live.undo = None
        if live.bot_task is not None:
            live.bot_task.cancel()
        live.thinking = None
        self._broadcast_table(live)
        self._evict_if_done(live)

    async def kick(self, table_id: str, token: str | None, seat: int) -> dict[str, Any]:
        """Free a taken seat whose person is away before the start: it is open again, with a
        new invite link for the owner to hand on. Once the game has started the seat has seen
        its hand, and a new token would let the owner read it: it may only pass to a bot
        (``replace_by_bot``), or wait for its person, whose own link still works."""
        live = await self.require(table_id)
        self._owner(live, token)
        self._check_seat(live, seat)
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
            await self.db(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            self._broadcast_table(live)
        return {"seat": seat, **link(live.id, fresh), "table": live.info()}

    async def replace_by_bot(
        self, table_id: str, token: str | None, seat: int, spec: str
    ) -> dict[str, Any]:
        live = await self.require(table_id)
        self._owner(live, token)
        self._check_seat(live, seat)
        spec = admit_bot(spec, live.table.game)
        async with live.lock:
            if live.status not in ACTIVE:
                raise RequestError(409, "server.refused.not_playing", status=live.status)
            # As with kick: a person who is here keeps their seat (only an idle one is given
            # away). An open seat's invite holder has not sat down, and is told it is replaced.
            if live.seat(seat).kind in (PERSON, HOTSEAT) and live.connected(seat):
                raise RequestError(409, "server.request.connected_bot", seat=seat)
            changed = StoredSeat(seat, BOT, bot_spec=spec.strip())
            await self.db(self.store.update_seat, live.id, changed)
            live.stored.seats[seat] = changed
            for conn in [c for c in live.connections if c.viewer == seat]:
                conn.send(protocol.error_message("replaced", "a bot now plays this seat", None))
                conn.close(1008, "replaced")
            if live.undo is not None:
                live.undo.waiting_for.discard(seat)
            self._broadcast_table(live)
        self.schedule_bots(live)
        return live.info()

    def _check_seat(self, live: LiveTable, seat: int) -> None:
        if not 0 <= seat < live.stored.num_players:
            raise RequestError(
                400, "server.request.no_seat", seat=seat, last=live.stored.num_players - 1
            )

    async def record(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The whole record once the game is over; before, the events this viewer has seen."""
        live = await self.require(table_id)
        viewer = None if token is None else self._seat_of(live, token)
        async with live.lock:
            if live.table.state.is_terminal:
                record = live.table.record
                record.seats = [s.label for s in live.stored.seats]
                return record.to_json()
            # Before the start nobody has seen anything (the deal is not shown yet).
            events = live.table.snapshot(viewer).events if live.dealt else []
        return {
            "format": "courtly-log",
            "game": live.stored.game,
            "num_players": live.stored.num_players,
            "options": live.stored.options,
            "seats": [s.label for s in live.stored.seats],
            "viewer": viewer,
            "events": [e.to_json() for e in events],
            "note": "the game is not over: only what this viewer has seen so far",
        }

    async def list_tables(self, statuses: list[str]) -> list[dict[str, Any]]:
        rows = await self.db(self.store.list_tables, statuses, self.limits.max_tables_listed)
        return [table_info(row, self.tables.get(row.id)) for row in rows]

    # --- websockets ----------------------------------------------------------------------

    def viewer_for(self, live: LiveTable, token: object) -> int | None:
        """The seat a token acts for; None (the public view) for no token, the spectator or
        the owner link. Any other token is refused."""
        if token is None:
            return None
        if not isinstance(token, str):
            raise protocol.ProtocolError("bad_token", "a token must be text")
        seat = self._seat_of(live, token)
        if seat is not None:
            return seat
        digest = token_hash(token)
        if same_hash(digest, live.stored.spectator_hash) or same_hash(
            digest, live.stored.owner_hash
        ):
            return None
        raise protocol.ProtocolError("bad_token", "this token belongs to no seat of this table")

    async def resolve_viewer(self, live: LiveTable, token: object) -> int | None:
        """``viewer_for``; on a database shared with other server processes, a token this
        process does not know yet (a seat just taken or kicked through another) is looked up
        again in the Store before it is refused."""
        try:
            return self.viewer_for(live, token)
        except protocol.ProtocolError as exc:
            if exc.code != "bad_token" or not self.store.shared or not isinstance(token, str):
                raise
        await self.refresh(live)
        return self.viewer_for(live, token)

    async def join(self, live: LiveTable, conn: Connection) -> None:
        async with live.lock:
            # Under the lock, so no update can slip between the snapshot and the first update.
            live.connections.add(conn)
            conn.send({**live.fresh_view(conn.viewer, "snapshot"), "owner": conn.owner})
            self._broadcast_table(live, skip=conn)

    async def leave(self, live: LiveTable, conn: Connection) -> None:
        conn.queue.put_nowait(None)
        async with live.lock:
            live.connections.discard(conn)
            self._broadcast_table(live)
            self._evict_if_done(live)

    def _evict_if_done(self, live: LiveTable) -> None:
        """A finished or ended table nobody watches leaves memory (the Store keeps it, and
        ``get`` brings it back when asked for): a long-running server does not grow."""
        if live.status not in ACTIVE and not live.connections and self.tables.get(live.id) is live:
            del self.tables[live.id]

    def _broadcast_table(self, live: LiveTable, skip: Connection | None = None) -> None:
        text = protocol.encode(protocol.table_message(live.info()))
        for conn in live.connections:
            if conn is not skip:
                conn.send_text(text)

    def _broadcast(self, live: LiveTable, deliveries: Deliveries) -> None:
        """Each viewer's update in each language it reads, encoded once for all of that
        viewer's connections in that language (the spectators share one per language)."""
        info = live.info()
        texts: dict[tuple[int | None, str], str] = {}
        for conn in live.connections:
            delivery = deliveries.get(conn.viewer)
            if delivery is None:
                continue
            key = (conn.viewer, conn.lang)
            text = texts.get(key)
            if text is None:
                message = protocol.localize(protocol.update_message(delivery, info), conn.lang)
                text = texts[key] = protocol.encode(message)
            conn.send_text(text)

    async def handle(
        self, live: LiveTable, conn: Connection, message: protocol.ClientMessage
    ) -> None:
        kind = message.type
        if kind == protocol.PING:
            conn.send({"type": "pong", "seq": live.table.seq})
            return
        if kind == protocol.HELLO:
            raise protocol.ProtocolError("bad_message", "already connected: hello comes once")
        seat = conn.viewer
        if seat is None:
            raise protocol.ProtocolError("spectator", "a spectator cannot act")
        if kind == protocol.ACT:
            seq = protocol.int_field(message, "seq")
            if "action" not in message.body:
                raise protocol.ProtocolError("bad_message", "'act' needs an 'action'")
            await self.act(live, seat, seq, message.body["action"], conn)
        elif kind == protocol.UNDO:
            await self.request_undo(live, seat, conn)
        elif kind == protocol.UNDO_REPLY:
            accept = message.body.get("accept")
            if not isinstance(accept, bool):
                raise protocol.ProtocolError("bad_message", "'undo_reply' needs 'accept': bool")
            await self.reply_undo(live, seat, accept, conn)

    async def act(
        self, live: LiveTable, seat: int, seq: int, action: Any, conn: Connection | None
    ) -> bool:
        """Apply, commit, then tell everyone. False (and an error to ``conn``) if refused."""
        async with live.lock:
            table = live.table
            if live.status != PLAYING:
                return _refuse(
                    conn,
                    "not_playing",
                    CourtlyError.keyed("server.refused.not_playing", status=live.status),
                    table.seq,
                )
            action_id = _action_id(table, action)
            if seq < table.seq and live.last_act.get(seat) == (seq, action_id):
                return _refuse(
                    conn, "duplicate", CourtlyError.keyed("server.refused.duplicate"), table.seq
                )
            try:
                deliveries = table.act(seat, seq, action)
            except CourtlyError as exc:
                return _refuse(conn, refusal_code(exc), exc, table.seq)
            record = table.record
            finished = table.state.is_terminal
            result = result_of(table.state) if finished else None
            status = FINISHED if finished else PLAYING
            try:
                await self._commit(
                    Append(
                        live.id,
                        len(record.actions) - 1,
                        seat,
                        record.actions[-1],
                        record.fingerprints[-1],
                        table.seq,
                        status,
                        result,
                    )
                )
            except Exception as exc:
                # Nobody heard of the action: put the table back as the Store has it.
                conflict = isinstance(exc, ConflictError)
                if not conflict:
                    log.exception("table %s: storing an action failed", live.id)
                await self._reload(live)
                if conflict:
                    return _refuse(
                        conn, "stale", CourtlyError.keyed("server.refused.stale"), live.table.seq
                    )
                return _refuse(
                    conn, "storage", CourtlyError.keyed("server.refused.storage"), live.table.seq
                )
            live.last_act[seat] = (seq, action_id)
            live.stored.seq = table.seq
            if finished:
                live.stored.status = FINISHED
                live.stored.result = result
                live.stored.finished_at = datetime.now(UTC).replace(tzinfo=None)
            self._cancel_undo(live, CourtlyError.keyed("server.undo.moved_on"))
            self._broadcast(live, deliveries)
            self._evict_if_done(live)
        self.schedule_bots(live)
        return True

    async def _reload(self, live: LiveTable) -> None:
        """Back to what the Store holds (the lock is held). If the table moved on meanwhile
        (another process), every client gets a fresh view."""
        stored = await self.db(self.store.load_table, live.id)
        if stored is None:
            return
        moved = stored.seq != live.stored.seq
        live.stored = stored
        live.table = Table.from_record(load_game(stored.game), stored.record(), seq=stored.seq)
        if moved:
            for conn in live.connections:
                conn.send(live.fresh_view(conn.viewer))

    # --- undo ------------------------------------------------------------------------------

    def _cancel_undo(self, live: LiveTable, reason: CourtlyError) -> None:
        if live.undo is not None:
            seat = live.undo.seat
            live.undo = None
            _tell_undo_result(live, seat, False, reason)

    async def request_undo(self, live: LiveTable, seat: int, conn: Connection) -> None:
        async with live.lock:
            table = live.table
            if live.status != PLAYING:
                _refuse(
                    conn,
                    "not_playing",
                    CourtlyError.keyed("server.refused.not_playing", status=live.status),
                    table.seq,
                )
                return
            if live.undo is not None:
                _refuse(
                    conn,
                    "undo_pending",
                    CourtlyError.keyed("server.refused.undo_pending"),
                    table.seq,
                )
                return
            if not table.can_undo(seat):
                _refuse(
                    conn, "cannot_undo", CourtlyError.keyed("server.refused.cannot_undo"), table.seq
                )
                return
            mine = live.holder(seat)
            others = {s.seat for s in live.stored.seats if live.holder(s.seat) not in (None, mine)}
            live.undo = UndoRequest(seat, table.seq, others)
            if others:
                for c in live.connections:
                    c.send(protocol.undo_request_message(seat, table.seq, sorted(others)))
                self._broadcast_table(live)
                return
            await self._undo(live)

    async def reply_undo(self, live: LiveTable, seat: int, accept: bool, conn: Connection) -> None:
        async with live.lock:
            request = live.undo
            if request is None or request.seq != live.table.seq:
                _refuse(
                    conn, "no_undo", CourtlyError.keyed("server.refused.no_undo"), live.table.seq
                )
                return
            holder = live.holder(seat)
            answered = {s for s in request.waiting_for if live.holder(s) == holder}
            if not answered:
                _refuse(
                    conn,
                    "no_undo",
                    CourtlyError.keyed("server.refused.not_waiting"),
                    live.table.seq,
                )
                return
            if not accept:
                self._cancel_undo(live, CourtlyError.keyed("server.undo.declined", seat=seat + 1))
                self._broadcast_table(live)
                return
            request.waiting_for -= answered
            if request.waiting_for:
                self._broadcast_table(live)
                return
            await self._undo(live)

    async def _undo(self, live: LiveTable) -> None:
        """Take the request's seat's last decision back (the lock is held)."""
        request = live.undo
        assert request is not None
        live.undo = None
        try:
            deliveries = live.table.undo(request.seat)
        except CourtlyError as exc:
            _tell_undo_result(live, request.seat, False, exc)
            return
        try:
            await self.db(
                self.store.truncate_actions, live.id, len(live.table.record.actions), live.table.seq
            )
        except Exception:
            log.exception("table %s: storing an undo failed", live.id)
            await self._reload(live)  # nobody was told of the undo: back to the stored game
            _tell_undo_result(live, request.seat, False, CourtlyError.keyed("server.undo.storage"))
            return
        live.stored.seq = live.table.seq
        live.last_act.clear()
        _tell_undo_result(live, request.seat, True, CourtlyError.keyed("server.undo.taken_back"))
        self._broadcast(live, deliveries)
        self.schedule_bots(live)

    # --- bots ------------------------------------------------------------------------------

    def schedule_bots(self, live: LiveTable) -> None:
        if self.bots is None or (live.bot_task is not None and not live.bot_task.done()):
            return
        if self._bot_to_move(live) is not None:
            live.bot_task = asyncio.create_task(self._bot_loop(live))

    def _bot_to_move(self, live: LiveTable) -> int | None:
        if live.status != PLAYING:
            return None
        player = live.table.state.current_player
        if player is None or live.seat(player).kind != BOT:
            return None
        return player

    async def _bot_loop(self, live: LiveTable) -> None:
        assert self.bots is not None
        while True:
            async with live.lock:
                player = self._bot_to_move(live)
                if player is None:
                    return
                spec = live.seat(player).bot_spec or "random"
                seq = live.table.seq
                record = live.table.record.to_json()
                live.thinking = player
                self._broadcast_table(live)

            def wanted(player: int = player, spec: str = spec, seq: int = seq) -> bool:
                # Undone, moved on (another process), ended or reseated: stop thinking.
                seat = live.seat(player)
                return (
                    live.status == PLAYING
                    and live.table.seq == seq
                    and seat.kind == BOT
                    and seat.bot_spec == spec
                )

            try:
                action = await self.bots.decide(live.id, record, player, spec, wanted)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: bot %r in seat %d failed", live.id, spec, player)
                live.thinking = None
                async with live.lock:
                    self._broadcast_table(live)
                return
            live.thinking = None
            # None: the table changed while the bot thought (the loop looks again); a stale
            # seq (an undo meanwhile) is refused by the kernel, and the loop looks again too.
            if action is None or not await self.act(live, player, seq, action, None):
                async with live.lock:
                    self._broadcast_table(live)


def link(table_id: str, token: str) -> dict[str, str]:
    """A token and the link that carries it. The token rides in the fragment, which browsers
    never send to a server, so it stays out of access logs and proxies."""
    return {"token": token, "link": f"/play/{table_id}#token={token}"}


def _action_id(table: Table, action: Any) -> int:
    try:
        return table.state.action_space.resolve(action).id
    except CourtlyError:
        return -1


def _settle(done: asyncio.Future[None], error: Exception | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


def _tell_undo_result(live: LiveTable, seat: int, accepted: bool, reason: CourtlyError) -> None:
    """Every connection hears how an undo request ended, the reason in its own language."""
    for conn in live.connections:
        text = error_text(reason, conn.lang)
        conn.send(protocol.undo_result_message(seat, accepted, text))


def _refuse(conn: Connection | None, code: str, reason: CourtlyError, seq: int) -> bool:
    if conn is not None:
        conn.send(protocol.error_message(code, error_text(reason, conn.lang), seq))
    return False
