"""The Hub: the live tables of this process, who is connected to each, and every message out.

Each live table is the kernel's ``Table`` plus its seats; one asyncio lock per table orders
everything that changes it. A change is committed to the Store (on the database thread)
before any viewer hears of it, then every connection gets the message built from its own
viewer's ``Delivery``; a change the Store refuses is taken back before anyone hears of it.
Bots are scheduled here and think in the :class:`BotScheduler`. Several processes on one
PostgreSQL hear each other's stored changes and signals (``courtly.server.peers``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
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
    Presence,
    RequestError,
    UndoRequest,
    clean_name,
    refusal_code,
    table_info,
)
from courtly.server.peers import GONE_AFTER, HEARTBEAT, BotLeases, Signal, decode, one_line
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
    SIGNALS,
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
        # Tables whose last write failed for want of the database: what it stores is re-read
        # as soon as it answers again, and their bots wait until then.
        self._suspect: set[str] = set()
        self._upkeep: asyncio.Task[None] | None = None
        # With a shared PostgreSQL: the other processes last heard of, the tables whose bots
        # think here, and the signals on their way out.
        self._peers: dict[str, float] = {}
        self.leases = BotLeases(store.listen_dsn()) if store.shared else None
        self._sending: set[asyncio.Task[None]] = set()
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._alive_at = 0.0
        self.bot_decisions = 0  # bot actions this process decided (health: one process each)

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
        self._upkeep = asyncio.create_task(self._sweep())

    async def _listen(self) -> None:
        """Hear the changes and signals of the other server processes on a shared PostgreSQL,
        and bring this process's copy of those tables (and its clients) up to date. Nothing
        is heard while the connection is down, so each time it is made (again) every table
        held here is re-read and the others are asked who is connected."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.store.listen_dsn(), autocommit=True, connect_timeout=5
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    await connection.execute(f"LISTEN {SIGNALS}")
                    if self.leases is not None:
                        self.leases.suspect()
                    self._signal(Signal(origin=self.store.origin, kind="hello"))
                    for live in list(self.tables.values()):
                        self._share_presence(live, force=True)
                        await self.refresh(live)
                    async for note in connection.notifies():
                        await self._hear(note.channel, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # The database restarting or away is expected: one line, no traceback.
                log.warning("listening to the other server processes: %s", one_line(exc))
                await asyncio.sleep(1.0)

    async def _hear(self, channel: str, payload: str) -> None:
        if channel == CHANNEL:
            origin, _, rest = payload.partition(":")
            table_id = rest.rpartition(":")[0]
            self._peers[origin] = time.monotonic()
            if origin != self.store.origin and table_id in self.tables:
                self._refresh_soon(self.tables[table_id])
            return
        signal = decode(payload)
        if signal is None or signal.origin == self.store.origin:
            return
        self._peers[signal.origin] = time.monotonic()
        if signal.kind == "hello":
            for live in list(self.tables.values()):
                self._share_presence(live, force=True)
                self._share_undo(live)
        elif signal.kind == "bye":
            self._forget(signal.origin)
        elif signal.table is not None and signal.table in self.tables:
            await self._table_signal(self.tables[signal.table], signal)

    def _refresh_soon(self, live: LiveTable) -> None:
        """Re-read the table in a task of its own, so a busy table does not hold up the
        notices of the others; the notices that arrive meanwhile make one more read, not one
        each (a burst of bot moves is one read)."""
        if live.id in self._refreshing:
            live.refresh_again = True
            return

        async def run() -> None:
            try:
                while True:
                    live.refresh_again = False
                    await self.refresh(live)
                    if not live.refresh_again:
                        return
            except Exception as exc:
                log.warning("table %s: reading it back failed: %s", live.id, one_line(exc))
                self._suspect.add(live.id)
            finally:
                self._refreshing.pop(live.id, None)

        self._refreshing[live.id] = asyncio.create_task(run())

    async def _table_signal(self, live: LiveTable, signal: Signal) -> None:
        # A signal follows the changes announced before it (an undo request after a move).
        pending = self._refreshing.get(live.id)
        if pending is not None:
            await asyncio.wait([pending])
        async with live.lock:
            if signal.kind == "ask":
                self._share_presence(live, force=True)
                self._share_undo(live)
            elif signal.kind == "presence":
                presence = Presence(frozenset(signal.seats), signal.spectators)
                if presence.seats or presence.spectators:
                    live.remote[signal.origin] = presence
                else:
                    live.remote.pop(signal.origin, None)
                self._broadcast_table(live)
            elif signal.kind == "undo_request" and signal.seat is not None:
                if live.status != PLAYING or signal.seq != live.seq:
                    return  # moved on meanwhile: the asker's process hears so and cancels
                waiting = set(signal.seats)
                live.undo = UndoRequest(signal.seat, live.seq, waiting, signal.origin)
                for conn in live.connections:
                    conn.send(protocol.undo_request_message(signal.seat, live.seq, sorted(waiting)))
                self._broadcast_table(live)
            elif signal.kind == "undo_answer":
                await self._answered(live, set(signal.seats), bool(signal.accept), signal.seq)
            elif (
                signal.kind == "undo_result"
                and signal.seat is not None
                and live.undo is not None
                and live.undo.seq == signal.seq
            ):
                live.undo = None
                reason = CourtlyError.keyed(
                    signal.reason or "server.undo.moved_on", **signal.reason_data
                )
                _tell_undo_result(live, signal.seat, bool(signal.accept), reason)
                self._broadcast_table(live)

    def _signal(self, signal: Signal) -> None:
        """Send a signal to the other processes (in order, on the database thread); a failure
        (the database away) is logged: what it said is sent again when the database is back."""
        if not self.store.shared:
            return

        async def send() -> None:
            try:
                await self.db(self.store.signal, signal.encode())
            except Exception as exc:
                log.warning("a signal to the other server processes was lost: %s", one_line(exc))

        task = asyncio.create_task(send())
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def _share_presence(self, live: LiveTable, force: bool = False) -> None:
        """Tell the other processes who is connected to the table through this one."""
        presence = live.local_presence()
        if self.store.shared and (force or presence != live.shared_presence):
            live.shared_presence = presence
            if force and not presence.seats and not presence.spectators:
                return
            self._signal(
                Signal(
                    origin=self.store.origin,
                    kind="presence",
                    table=live.id,
                    seats=sorted(presence.seats),
                    spectators=presence.spectators,
                )
            )

    def _share_undo(self, live: LiveTable) -> None:
        """Repeat an undo request this process decides (for a process that just came)."""
        request = live.undo
        if request is not None and request.origin is None:
            self._signal(
                Signal(
                    origin=self.store.origin,
                    kind="undo_request",
                    table=live.id,
                    seat=request.seat,
                    seq=request.seq,
                    seats=sorted(request.waiting_for),
                )
            )

    def _forget(self, origin: str) -> None:
        """A process is gone: its connections no longer count, its undo requests end."""
        self._peers.pop(origin, None)
        for live in list(self.tables.values()):
            changed = live.remote.pop(origin, None) is not None
            if live.undo is not None and live.undo.origin == origin:
                self._cancel_undo(live, CourtlyError.keyed("server.undo.gone"))
                changed = True
            if changed:
                self._broadcast_table(live)

    async def _sweep(self) -> None:
        """Once a second: heartbeats, processes gone silent, tables to re-read after a failed
        write, bot leases to check or give back, and bots to wake (a lease freed elsewhere)."""
        while True:
            await asyncio.sleep(1.0)
            try:
                await self._sweep_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("server upkeep: %s", one_line(exc))

    async def _sweep_once(self) -> None:
        now = time.monotonic()
        if self.store.shared:
            if now - self._alive_at >= HEARTBEAT:
                self._alive_at = now
                self._signal(Signal(origin=self.store.origin, kind="alive"))
            for origin, seen in list(self._peers.items()):
                if now - seen > GONE_AFTER:
                    self._forget(origin)
        if self.leases is not None:
            await self.leases.check()
            for table_id in list(self.leases.held):
                live = self.tables.get(table_id)
                if live is None or live.status != PLAYING:
                    await self.leases.release(table_id)
        for table_id in list(self._suspect):
            live = self.tables.get(table_id)
            if live is None:
                self._suspect.discard(table_id)
                continue
            async with live.lock:
                if await self._reload(live):
                    self._suspect.discard(table_id)
        for live in list(self.tables.values()):
            self.schedule_bots(live)

    async def refresh(self, live: LiveTable) -> None:
        """Re-read a table from the Store and tell its clients what changed (``_adopt``)."""
        async with live.lock:
            stored = await self.db(self.store.load_table, live.id)
            if stored is None:
                return
            self._adopt(live, stored)
        self.schedule_bots(live)

    async def _reload(self, live: LiveTable) -> bool:
        """``refresh`` with the lock held; False (logged) if the Store cannot be read."""
        try:
            stored = await self.db(self.store.load_table, live.id)
        except Exception as exc:
            if live.id not in self._suspect:  # once, not every second of an outage
                log.warning("table %s: reading it back failed: %s", live.id, one_line(exc))
            self._suspect.add(live.id)
            return False
        if stored is not None:
            self._adopt(live, stored)
        return True

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
            self._cancel_undo(live, CourtlyError.keyed("server.undo.moved_on"))
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
        self._drop_lost_seats(live)
        if (moved and not stepped) or dealt:
            for conn in live.connections:
                conn.send(live.fresh_view(conn.viewer))
        elif not moved:
            self._broadcast_table(live)
        self._evict_if_done(live)

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
            self._broadcast(live, deliveries)
        return True

    def _drop_lost_seats(self, live: LiveTable) -> None:
        """Close the connections whose seat is no longer theirs: freed or given to a bot
        (through another process, or while the database was away)."""
        for conn in list(live.connections):
            if not _still_holds(live, conn):
                live.connections.discard(conn)
                _close_lost_seat(live, conn)

    async def stop(self) -> None:
        for task in (self._listener, self._sweeper, self._upkeep):
            if task is not None:
                task.cancel()
        if self.store.shared:
            try:  # the others forget this process's connections now, not after the heartbeat
                signal = Signal(origin=self.store.origin, kind="bye")
                await asyncio.wait_for(self.db(self.store.signal, signal.encode()), 2.0)
            except Exception as exc:
                log.warning("could not say goodbye to the other processes: %s", one_line(exc))
        if self.leases is not None:
            await self.leases.close()
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
                # Who is connected through the other processes, and any undo request waiting.
                self._signal(Signal(origin=self.store.origin, kind="ask", table=table_id))
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
            # Compare and set: started (or a seat freed) through another process meanwhile is
            # seen here, not overwritten.
            done = await self.db(self.store.transition, live.id, [WAITING], PLAYING)
            if not done.changed:
                await self._reload(live)
                still_open = [s.seat for s in live.stored.seats if s.kind == OPEN]
                if live.status == WAITING and still_open:
                    raise RequestError(409, "server.request.still_open", seats=still_open)
                raise RequestError(409, "server.request.not_waiting", status=live.status)
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
            if live.status not in ACTIVE or not await self._end(live):
                raise RequestError(409, "server.request.already", status=live.status)
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

    async def _end(self, live: LiveTable) -> bool:
        """Close a waiting or playing table (the lock is held); everyone hears it. Compare
        and set on the stored state, never writing the sequence number: a game another
        process finished or ended meanwhile stays so (False), and one it moved on ends
        where it is stored."""
        done = await self.db(self.store.transition, live.id, list(ACTIVE), ENDED)
        if not done.changed or done.seq != live.seq:
            await self._reload(live)
            if not done.changed:
                return False
        live.stored.status = ENDED
        live.undo = None
        if live.bot_task is not None:
            live.bot_task.cancel()
        live.thinking = None
        self._broadcast_table(live)
        self._evict_if_done(live)
        return True

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
            if not _still_holds(live, conn):  # the seat changed since its hello was checked
                _close_lost_seat(live, conn)
                return
            # Under the lock, so no update can slip between the snapshot and the first update.
            live.connections.add(conn)
            conn.send({**live.fresh_view(conn.viewer, "snapshot"), "owner": conn.owner})
            self._broadcast_table(live, skip=conn)
            self._share_presence(live)

    async def leave(self, live: LiveTable, conn: Connection) -> None:
        conn.queue.put_nowait(None)
        async with live.lock:
            live.connections.discard(conn)
            self._broadcast_table(live)
            self._share_presence(live)
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
            conn.send({"type": "pong", "seq": live.seq})
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
        """Apply, commit, then tell everyone. False (and an error to ``conn``) if refused.
        ``conn`` None is the seat's bot."""
        if conn is None:
            self.bot_decisions += 1
        async with live.lock:
            table = live.table
            if live.status != PLAYING:
                return _refuse(
                    conn,
                    "not_playing",
                    CourtlyError.keyed("server.refused.not_playing", status=live.status),
                    live.seq,
                )
            if conn is not None and not _still_holds(live, conn):
                _close_lost_seat(live, conn)
                return False
            action_id = _action_id(table, action)
            if seq < table.seq and live.last_act.get(seat) == (seq, action_id):
                return _refuse(
                    conn, "duplicate", CourtlyError.keyed("server.refused.duplicate"), live.seq
                )
            try:
                deliveries = table.act(seat, seq, action)
            except CourtlyError as exc:
                return _refuse(conn, refusal_code(exc), exc, live.seq)
            record = table.record
            ply = len(record.actions) - 1
            finished = table.state.is_terminal
            result = result_of(table.state) if finished else None
            status = FINISHED if finished else PLAYING
            try:
                await self._commit(
                    Append(
                        live.id,
                        ply,
                        seat,
                        record.actions[-1],
                        record.fingerprints[-1],
                        table.seq,
                        status,
                        result,
                        None if conn is None else conn.seat_hash,
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
                live.stored.finished_at = datetime.now(UTC).replace(tzinfo=None)
            self._cancel_undo(live, CourtlyError.keyed("server.undo.moved_on"))
            self._broadcast(live, deliveries)
            self._evict_if_done(live)
        self.schedule_bots(live)
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
            if await self._reload(live):
                stored = live.stored
                if conn is not None and not _still_holds(live, conn):
                    return False  # freed meanwhile: the connection was closed saying why
                if ply < len(stored.actions) and (stored.acted_by[ply], stored.actions[ply]) == (
                    seat,
                    action,
                ):
                    live.last_act[seat] = (seq, action_id)
                    return _refuse(
                        conn, "duplicate", CourtlyError.keyed("server.refused.duplicate"), live.seq
                    )
                if live.status != PLAYING:
                    key = CourtlyError.keyed("server.refused.not_playing", status=live.status)
                    return _refuse(conn, "not_playing", key, live.seq)
                return _refuse(conn, "stale", CourtlyError.keyed("server.refused.stale"), live.seq)
        else:
            log.warning("table %s: storing an action failed: %s", live.id, one_line(exc))
        self._take_back(live)
        self._suspect.add(live.id)
        if self.leases is not None:
            self.leases.suspect()
        return _refuse(conn, "storage", CourtlyError.keyed("server.refused.storage"), live.seq)

    def _take_back(self, live: LiveTable) -> None:
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

    # --- undo ------------------------------------------------------------------------------

    def _cancel_undo(self, live: LiveTable, reason: CourtlyError) -> None:
        if live.undo is not None:
            request = live.undo
            live.undo = None
            _tell_undo_result(live, request.seat, False, reason)
            if request.origin is None:
                self._signal(self._undo_result(live, request, False, reason))

    def _undo_result(
        self, live: LiveTable, request: UndoRequest, accepted: bool, reason: CourtlyError
    ) -> Signal:
        return Signal(
            origin=self.store.origin,
            kind="undo_result",
            table=live.id,
            seat=request.seat,
            seq=request.seq,
            accept=accepted,
            reason=reason.key,
            reason_data=reason.data,
        )

    async def request_undo(self, live: LiveTable, seat: int, conn: Connection) -> None:
        """A seat asks to take back its last decision. This process decides the request: the
        other processes show it to their seats and pass their answers back (signals)."""
        async with live.lock:
            table = live.table
            if live.status != PLAYING:
                _refuse(
                    conn,
                    "not_playing",
                    CourtlyError.keyed("server.refused.not_playing", status=live.status),
                    live.seq,
                )
                return
            if live.undo is not None:
                _refuse(
                    conn,
                    "undo_pending",
                    CourtlyError.keyed("server.refused.undo_pending"),
                    live.seq,
                )
                return
            if not table.can_undo(seat):
                _refuse(
                    conn, "cannot_undo", CourtlyError.keyed("server.refused.cannot_undo"), live.seq
                )
                return
            mine = live.holder(seat)
            others = {s.seat for s in live.stored.seats if live.holder(s.seat) not in (None, mine)}
            live.undo = UndoRequest(seat, live.seq, others)
            if others:
                for c in live.connections:
                    c.send(protocol.undo_request_message(seat, live.seq, sorted(others)))
                self._broadcast_table(live)
                self._share_undo(live)
                return
            await self._undo(live)

    async def reply_undo(self, live: LiveTable, seat: int, accept: bool, conn: Connection) -> None:
        async with live.lock:
            request = live.undo
            if request is None or request.seq != live.seq:
                _refuse(conn, "no_undo", CourtlyError.keyed("server.refused.no_undo"), live.seq)
                return
            holder = live.holder(seat)
            answered = {s for s in request.waiting_for if live.holder(s) == holder}
            if not answered:
                _refuse(
                    conn,
                    "no_undo",
                    CourtlyError.keyed("server.refused.not_waiting"),
                    live.seq,
                )
                return
            if request.origin is not None or request.waiting_for - answered:
                # Another process decides, or more answers are awaited: every process shows
                # who has answered.
                self._signal(
                    Signal(
                        origin=self.store.origin,
                        kind="undo_answer",
                        table=live.id,
                        seats=sorted(answered),
                        seq=request.seq,
                        accept=accept,
                    )
                )
            await self._answered(live, answered, accept, request.seq)

    async def _answered(
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
                self._cancel_undo(live, CourtlyError.keyed("server.undo.declined", seat=first))
                self._broadcast_table(live)
            return
        request.waiting_for -= seats
        if deciding and not request.waiting_for:
            await self._undo(live)
        else:
            self._broadcast_table(live)

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
            _tell_undo_result(live, request.seat, False, exc)
            self._signal(self._undo_result(live, request, False, exc))
            return
        granted = CourtlyError.keyed("server.undo.taken_back")
        try:
            await self.db(
                self.store.truncate_actions,
                live.id,
                len(live.table.record.actions),
                live.table.seq,
                [self._undo_result(live, request, True, granted).encode()],
            )
        except Exception as exc:
            # Nobody was told of the undo: back to the game as stored.
            live.table = Table.from_record(live.table.game, before, seq=live.stored.seq)
            reason = CourtlyError.keyed("server.undo.storage")
            if isinstance(exc, ConflictError):
                reason = CourtlyError.keyed("server.undo.moved_on")
                await self._reload(live)
            else:
                log.warning("table %s: storing an undo failed: %s", live.id, one_line(exc))
                self._suspect.add(live.id)
            _tell_undo_result(live, request.seat, False, reason)
            self._signal(self._undo_result(live, request, False, reason))
            return
        live.stored.seq = live.table.seq
        live.last_act.clear()
        _tell_undo_result(live, request.seat, True, granted)
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

    async def thinks_here(self, live: LiveTable) -> bool:
        """Whether this process thinks for the table's bots now: with a shared PostgreSQL,
        only the one holding the table's lease (several processes may hold the table live);
        never while its last write failed for want of the database."""
        if live.id in self._suspect:
            return False
        return self.leases is None or await self.leases.holds(live.id)

    async def _bot_loop(self, live: LiveTable) -> None:
        assert self.bots is not None
        while True:
            if not await self.thinks_here(live):
                return
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


def _still_holds(live: LiveTable, conn: Connection) -> bool:
    """Whether a connection's seat is still its own: not freed nor given to a bot since (by
    another process, whose change this one has just read)."""
    if conn.viewer is None:
        return True
    seat = live.seat(conn.viewer)
    return seat.kind != BOT and seat.token_hash == conn.seat_hash


def _close_lost_seat(live: LiveTable, conn: Connection) -> None:
    """Tell a connection why its seat is no longer its own, then close it."""
    kind = live.seat(conn.viewer).kind if conn.viewer is not None else None
    code = {BOT: "replaced", OPEN: "kicked"}.get(kind or "", "taken")
    reason = CourtlyError.keyed(f"server.closed.{code}")
    conn.send(protocol.error_message(code, error_text(reason, conn.lang), None))
    conn.close(1008, code)


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
