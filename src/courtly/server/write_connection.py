"""The database thread's connection for writes, kept from one transaction to the next.

A pooled connection for every transaction cost work the write does not need: on PostgreSQL
the pool's pre-ping is a round trip to the server and the reset on return (``ROLLBACK``)
another; on SQLite the checkout and reset are about a fifth of a one-action commit. A busy
server commits many times a second, so the connection is kept while it is in use and
given back to the pool (which pings it again before the next use) once it has been idle for
``IDLE_SECONDS``: a database restarted while the server was quiet is met as before, by the
pool's pre-ping, not by the first action after it failing. Nor is a restart while it was busy:
a server that closes a connection says so on its socket, which is looked at (without a round
trip) before each transaction. A transaction that fails gives the connection back at once;
the pool decides whether it is still good."""

from __future__ import annotations

import contextlib
import select
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Connection, Engine

# Longer than the gap between two commits of a server with people playing, far shorter than
# any database restart: a connection idle this long goes back to the pool.
IDLE_SECONDS = 1.0


class WriteConnection:
    """Transactions on one kept connection, for whichever thread writes (the Store's one
    database thread). A second thread writing at the same moment (never the case in the
    server, which writes from one thread) gets a pooled connection of its own."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self._kept: Connection | None = None
        self._last_used = 0.0

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction, committed when the block ends (rolled back if it raises)."""
        if not self._lock.acquire(blocking=False):
            with self._engine.begin() as connection:
                yield connection
            return
        try:
            connection = self._connection()
            try:
                with connection.begin():
                    yield connection
            except BaseException:
                self._give_back()
                raise
            self._last_used = time.monotonic()
        finally:
            self._lock.release()

    def close(self) -> None:
        with self._lock:
            self._give_back()

    def _connection(self) -> Connection:
        kept = self._kept
        if kept is not None and (
            kept.invalidated or time.monotonic() - self._last_used > IDLE_SECONDS or _has_news(kept)
        ):
            self._give_back()
            kept = None
        if kept is None:
            kept = self._kept = self._engine.connect()
        return kept

    def _give_back(self) -> None:
        kept, self._kept = self._kept, None
        if kept is not None:
            # A dead connection may fail to close: the pool drops it anyway.
            with contextlib.suppress(Exception):
                kept.close()


def _has_news(connection: Connection) -> bool:
    """Whether an idle connection's socket has something to read: between transactions a
    database says nothing unless it is closing the connection (a restart, an administrator)
    or has a notice for it; either way the pool, which pings, decides what is still good.
    SQLite has no socket: False."""
    fileno = getattr(connection.connection.dbapi_connection, "fileno", None)
    if fileno is None:
        return False
    try:
        readable, _, _ = select.select([fileno()], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)
