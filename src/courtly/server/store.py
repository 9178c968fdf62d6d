"""The Store: tables, seats (token hashes only) and every table's list of actions (the
actions' writes in ``courtly.server.action_rows``).

The record (seed + actions) is the source of truth: a live table is rebuilt from what is
stored here, and an action is committed here before any viewer hears of it. The same code
runs on SQLite and PostgreSQL (SQLAlchemy 2); the schema is made by Alembic migrations
shipped in the package and applied on start.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    exists,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from courtly.core.canonical import canonical_json
from courtly.server.account_rows import AccountRows
from courtly.server.action_rows import ActionRows
from courtly.server.chat_rows import ChatRows
from courtly.server.deadline_rows import DeadlineRows
from courtly.server.rating_rows import RatingRows
from courtly.server.review_rows import ReviewRows
from courtly.server.schema import (
    ACTION_ROWS,
    SEAT_ROWS,
    TABLE_ROWS,
    SeatRow,
    TableRow,
    make_engine,
    seat_values,
    stored_table,
)
from courtly.server.standings import Standings
from courtly.server.stored import (
    ACTIVE,
    OPEN,
    PLAYING,
    ConflictError,
    StoredSeat,
    StoredTable,
    Transition,
)
from courtly.server.write_connection import WriteConnection

MIGRATIONS = Path(__file__).parent / "migrations"


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


# PostgreSQL channel on which every committed change is announced to the other server processes
# (payload ``origin:table_id:seq``), and the channel of the signals they exchange that are not
# stored (presence, undo requests and answers, heartbeats: JSON, see ``courtly.server.peers``).
CHANNEL = "courtly_tables"
SIGNALS = "courtly_signals"


#: What the Store raises when the database cannot be reached (stopped, restarting, away).
UNREACHABLE = (OperationalError, InterfaceError)


class Store:
    """Every database read and write of the server. Methods are synchronous: the hub calls
    them from its database thread, never on the event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.writes = WriteConnection(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Several server processes may share a PostgreSQL database: each change is announced
        # with NOTIFY (sent at commit), tagged with this process's origin so it ignores its own.
        self.shared = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(8)
        # A table is read in one snapshot (row, seats, actions), so a commit of another process
        # between the statements never mixes two positions. SQLite has one writer: the
        # database thread of this very process, which is not writing while it reads.
        self._reader = (
            self.engine.execution_options(isolation_level="REPEATABLE READ")
            if self.shared
            else self.engine
        )
        self.reviews = ReviewRows(self._reader, self._write)
        self.chat = ChatRows(self._reader, self._write, self._announce, self._signal)
        self.actions = ActionRows(
            self.engine, self._write, self._announce, self._announce_many, self._signal
        )
        if self.shared:  # the group commit in one round trip (courtly.server.append_statement)
            self.actions.in_one_statement(CHANNEL, self.origin)
        self.accounts = AccountRows(self._reader, self._write, self._announce)
        self.ratings = RatingRows(self._reader, self._write)
        self.standings = Standings(self._reader)
        self.clocks = DeadlineRows(self._reader, self._write, self._announce)

    def _announce(self, connection: Connection, table_id: str, seq: int) -> None:
        if self.shared:
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{self.origin}:{table_id}:{seq}"},
            )

    def _announce_many(self, connection: Connection, changes: Sequence[tuple[str, int]]) -> None:
        """``_announce`` for many tables in one statement."""
        if self.shared and changes:
            connection.execute(
                text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p"),
                {
                    "channel": CHANNEL,
                    "payloads": [f"{self.origin}:{t}:{seq}" for t, seq in changes],
                },
            )

    def signal(self, payload: str) -> None:
        """Send one signal to the other server processes (nothing is stored)."""
        if self.shared:
            with self._write() as connection:
                self._signal(connection, [payload])

    def _signal(self, connection: Connection, payloads: Sequence[str]) -> None:
        if not self.shared:
            return  # one process alone: nobody to tell
        for payload in payloads:
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": SIGNALS, "payload": payload},
            )

    def listen_dsn(self) -> str:
        """The libpq address of the database, for a LISTEN connection of its own."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        # Alembic is slow to import and needed once, at the start: loaded here.
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.actions.close()
        self.writes.close()
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction of Core statements, not an ORM session (whose Python work per write,
        2 ms, took the event loop's GIL under load), on the database thread's kept connection
        (``courtly.server.write_connection``: a pooled one each time cost round trips)."""
        with self.writes.begin() as connection:
            yield connection

    # --- tables --------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        with self._write() as connection:
            connection.execute(
                insert(TABLE_ROWS).values(
                    id=table.id,
                    game=table.game,
                    num_players=table.num_players,
                    options=canonical_json(table.options),
                    seed=str(table.seed),
                    start_fingerprint=table.start_fingerprint,
                    status=table.status,
                    seq=table.seq,
                    owner_hash=table.owner_hash,
                    spectator_hash=table.spectator_hash,
                    created_at=table.created_at,
                    updated_at=table.updated_at,
                    hints=table.hints,
                    spectator_chat=table.spectator_chat,
                    muted=json.dumps(sorted(table.muted)),
                    rated=table.rated,
                    quick=table.quick,
                    fill_after=table.fill_after,
                )
            )
            connection.execute(
                insert(SEAT_ROWS), [seat_values(table.id, seat) for seat in table.seats]
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        """The table, its seats and its actions, read in one snapshot."""
        actions = ACTION_ROWS.c
        with self._reader.connect() as connection, connection.begin():
            row = connection.execute(
                select(TABLE_ROWS).where(TABLE_ROWS.c.id == table_id)
            ).one_or_none()
            if row is None:
                return None
            seats = connection.execute(
                select(SEAT_ROWS).where(SEAT_ROWS.c.table_id == table_id).order_by(SEAT_ROWS.c.seat)
            ).all()
            moves = connection.execute(
                select(actions.action, actions.fingerprint, actions.seat)
                .where(actions.table_id == table_id)
                .order_by(actions.ply)
            ).all()
        stored = stored_table(row, seats)
        stored.actions = [json.loads(a.action) for a in moves]
        stored.fingerprints = [a.fingerprint for a in moves]
        stored.acted_by = [a.seat for a in moves]
        return stored

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        with self._session() as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status.in_(statuses))
                    .order_by(TableRow.created_at)
                ).all()
            )

    def list_tables(self, statuses: Sequence[str], limit: int) -> list[StoredTable]:
        """The newest tables in these states, with their seats but without their actions."""
        with self._session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.in_(statuses))
                .order_by(TableRow.updated_at.desc())
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
            ).all()
            by_table: dict[str, list[SeatRow]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [stored_table(r, by_table.get(r.id, [])) for r in rows]

    def transition(self, table_id: str, before: Sequence[str], status: str) -> Transition:
        """Move the table to ``status`` if it is stored in one of the states ``before``
        (compare and set: whatever another process did meanwhile is respected, and the
        sequence number is never written). Starting also needs every seat taken, as stored."""
        now = _now()
        rows = TABLE_ROWS.c
        values: dict[str, Any] = {"status": status, "updated_at": now}
        if status not in ACTIVE:
            values["finished_at"] = now
        change = update(TABLE_ROWS).where(rows.id == table_id, rows.status.in_(list(before)))
        if status == PLAYING:
            seats = SEAT_ROWS.c
            change = change.where(~exists().where(seats.table_id == table_id, seats.kind == OPEN))
        with self._write() as connection:
            changed = connection.execute(change.values(**values)).rowcount == 1
            row = connection.execute(
                select(rows.status, rows.seq).where(rows.id == table_id)
            ).one_or_none()
            if row is None:
                return Transition(False, None, -1)
            if changed:
                self._announce(connection, table_id, row.seq)
            return Transition(changed, row.status, row.seq)

    # --- seats ---------------------------------------------------------------------------

    def update_seat(self, table_id: str, seat: StoredSeat, if_open: bool = False) -> None:
        """Store a seat's new holder (every seat row exists from the table's creation);
        ``if_open``: only if it is still open as stored (quick play, whichever process)."""
        seats = SEAT_ROWS.c
        with self._write() as connection:
            change = update(SEAT_ROWS).where(seats.table_id == table_id, seats.seat == seat.seat)
            if if_open:
                change = change.where(seats.kind == OPEN)
            changed = connection.execute(change.values(seat_values(table_id, seat)))
            if changed.rowcount != 1:
                raise ConflictError(f"table {table_id} has no seat {seat.seat}")
            connection.execute(
                update(TABLE_ROWS).where(TABLE_ROWS.c.id == table_id).values(updated_at=_now())
            )
            self._announce(connection, table_id, -1)
