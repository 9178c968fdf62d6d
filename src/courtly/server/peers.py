"""What several server processes on one PostgreSQL tell each other besides the stored tables.

Stored changes are announced on ``store.CHANNEL`` in the transaction that stores them. What is
never stored travels as a :class:`Signal` (JSON in a ``NOTIFY`` on ``store.SIGNALS``): who is
connected to which seat, undo requests and their answers, chat messages (stored too, but told
in full: a viewer hears one without a re-read), and a heartbeat, so a process that
vanishes (kill -9) stops counting as anyone's connection. Which process thinks for a table's
bots is decided by a PostgreSQL advisory lock per table (:class:`BotLeases`): the lock lives
as long as the connection that took it, so a process that dies lets another one take over.
docs/server.md lists what is shared and what is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

log = logging.getLogger("courtly.server")

# Seconds between heartbeats, and of silence after which a process counts as gone.
HEARTBEAT = 5.0
GONE_AFTER = 15.0
# The first key of every advisory lock courtly takes (the second is the table id's hash), so
# they never collide with another application's locks on the same database.
LOCK_SPACE = 0x436F7274  # "Cort"

SignalKind = Literal[
    "alive",  # heartbeat
    "hello",  # a process (re)started listening: tell it who is connected, and pending undos
    "bye",  # a process stops: forget its connections
    "ask",  # a process took a table live: tell it about that table
    "presence",  # the seats (and number of spectators) connected to a table through `origin`
    "undo_request",  # a seat asks for an undo; `origin` decides it
    "undo_answer",  # seats answered an undo request
    "undo_result",  # the deciding process granted or refused the request
    "chat",  # a chat message `origin` stored (public to the table: its viewers hear it)
]


class Signal(BaseModel):
    origin: str
    kind: SignalKind
    table: str | None = None
    seats: list[int] = []
    spectators: int = 0
    seat: int | None = None
    seq: int | None = None
    accept: bool | None = None
    reason: str | None = None  # a catalogue key (the reader's process writes it in each language)
    reason_data: dict[str, Any] = {}
    message: dict[str, Any] | None = None  # a chat message as stored (``courtly.server.chat``)

    def encode(self) -> str:
        return self.model_dump_json(exclude_defaults=True)


def decode(payload: str) -> Signal | None:
    """A signal, or None (logged) for a payload this version does not understand."""
    try:
        return Signal.model_validate_json(payload)
    except ValidationError as exc:
        log.warning("ignored a signal from another server process: %s", one_line(exc))
        return None


def one_line(exc: BaseException) -> str:
    """An exception as one log line (a database outage is expected: no traceback)."""
    first = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {first[0] if first else ''}"


class BotLeases:
    """The tables whose bots this process thinks for: those whose advisory lock it holds, on a
    connection of its own. A table's lock is kept while the table is live here (its bot
    caches stay warm); a process that cannot reach the database holds none.

    psycopg, the optional PostgreSQL driver (the ``postgres`` extra), is imported in the
    methods that use it: only a server on a shared PostgreSQL has leases, and a SQLite server
    runs without the driver installed."""

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._connection: Any = None
        self._connecting = asyncio.Lock()
        self.held: set[str] = set()
        # False once something suggests the connection (and so every lock) may be gone.
        self._trusted = True

    def suspect(self) -> None:
        """The database may have restarted: check the connection before thinking again."""
        self._trusted = False

    async def holds(self, table_id: str) -> bool:
        """Whether this process (now) holds the table's lock, taking it if it is free."""
        if table_id in self.held and self._trusted:
            return True
        import psycopg  # the optional driver: see the class

        try:
            connection = await self._open()
            if not self._trusted:
                await connection.execute("SELECT 1")
                self._trusted = True
            if table_id in self.held:
                return True
            cursor = await connection.execute(
                "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
            )
            row = await cursor.fetchone()
        except (psycopg.Error, OSError) as exc:
            await self._drop(exc)
            return False
        if row is not None and row[0]:
            self.held.add(table_id)
            return True
        return False

    async def release(self, table_id: str) -> None:
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        import psycopg  # the optional driver: see the class

        try:
            connection = await self._open()
            await connection.execute(
                "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
            )
        except (psycopg.Error, OSError) as exc:
            await self._drop(exc)

    async def check(self) -> None:
        """Make sure the locks believed held still are (their connection is alive)."""
        if self.held:
            self.suspect()
            import psycopg  # the optional driver: see the class

            try:
                connection = await self._open()
                await connection.execute("SELECT 1")
                self._trusted = True
            except (psycopg.Error, OSError) as exc:
                await self._drop(exc)

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def _open(self) -> Any:
        import psycopg  # the optional driver: see the class

        async with self._connecting:
            if self._connection is None or self._connection.closed:
                self.held.clear()  # a new connection holds no lock yet
                self._connection = await psycopg.AsyncConnection.connect(
                    self._dsn, autocommit=True, connect_timeout=5
                )
                self._trusted = True
            return self._connection

    async def _drop(self, exc: BaseException) -> None:
        if self.held:
            log.warning("bot leases lost with their database connection: %s", one_line(exc))
        self.held.clear()
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # already broken: nothing more to release
                await connection.close()
