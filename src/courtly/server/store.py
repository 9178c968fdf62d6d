"""The Store: tables, seats (token hashes only) and every table's list of actions.

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from courtly.core.canonical import canonical_json
from courtly.core.records import GameRecord

MIGRATIONS = Path(__file__).parent / "migrations"

# Table states. A table waits until its owner starts it, is played, then is finished (the game
# ended) or ended (its owner closed it before the end).
WAITING, PLAYING, FINISHED, ENDED = "waiting", "playing", "finished", "ended"
ACTIVE = (WAITING, PLAYING)

# Seat kinds: ``open`` waits for a person to take it by its invite link, ``person`` is taken,
# ``bot`` is played by an agent spec, ``hotseat`` is held by the table's creator.
OPEN, PERSON, BOT, HOTSEAT = "open", "person", "bot", "hotseat"


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


# PostgreSQL channel on which every committed change is announced to the other server processes.
CHANNEL = "courtly_tables"


class ConflictError(Exception):
    """The table changed in the database since this process last saw it (another process)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "courtly_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)
    # Text, not an integer column: seeds are unsigned 64-bit, beyond PostgreSQL's BIGINT.
    seed: Mapped[str] = mapped_column(String(24))
    start_fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    owner_hash: Mapped[str] = mapped_column(String(64))
    spectator_hash: Mapped[str] = mapped_column(String(64))
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class SeatRow(Base):
    __tablename__ = "courtly_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("courtly_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot_spec: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class ActionRow(Base):
    __tablename__ = "courtly_actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("courtly_tables.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    fingerprint: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime)


@dataclass(frozen=True)
class Append:
    """One action to store, with what it changes in its table's row."""

    table_id: str
    ply: int
    seat: int
    action: dict[str, Any]
    fingerprint: str
    seq: int
    status: str
    result: dict[str, Any] | None


@dataclass
class StoredSeat:
    seat: int
    kind: str
    bot_spec: str | None = None
    name: str | None = None
    token_hash: str | None = None

    @property
    def label(self) -> str:
        """How the record names this seat: the person's name or the bot's spec."""
        if self.kind == BOT and self.bot_spec:
            return self.bot_spec
        return self.name or f"seat {self.seat + 1}"  # counted from 1, as the kernel's Table


@dataclass
class StoredTable:
    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    start_fingerprint: str
    status: str
    seq: int
    owner_hash: str
    spectator_hash: str
    seats: list[StoredSeat]
    created_at: datetime
    updated_at: datetime
    result: dict[str, Any] | None = None
    finished_at: datetime | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    fingerprints: list[str] = field(default_factory=list)

    def record(self) -> GameRecord:
        """The game record: seed, every action and fingerprint, as ``courtly replay`` reads it."""
        return GameRecord(
            game=self.game,
            num_players=self.num_players,
            options=dict(self.options),
            seats=[s.label for s in self.seats],
            seed=self.seed,
            actions=list(self.actions),
            fingerprints=[self.start_fingerprint, *self.fingerprints],
            result=self.result,
        )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit survives the server being killed (the case
    # `kill -9` tests); foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Every database read and write of the server. Methods are synchronous: the hub calls
    them from its database thread, never on the event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Several server processes may share a PostgreSQL database: each change is announced
        # with NOTIFY (sent at commit), tagged with this process's origin so it ignores its own.
        self.shared = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(8)

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

    def listen_dsn(self) -> str:
        """The libpq address of the database, for a LISTEN connection of its own."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction of Core statements. Every write goes through here rather than an
        ORM session: under load the ORM's Python work per write (about 2 ms) on the database
        thread took the GIL from the event loop and made the writes queue up."""
        with self.engine.begin() as connection:
            yield connection

    # --- tables --------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        with self._write() as connection:
            connection.execute(
                insert(_TABLE_ROWS).values(
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
                )
            )
            connection.execute(
                insert(_SEAT_ROWS), [_seat_values(table.id, seat) for seat in table.seats]
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            actions = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.ply)
            ).all()
            stored = _stored(row, seats)
            stored.actions = [json.loads(a.action) for a in actions]
            stored.fingerprints = [a.fingerprint for a in actions]
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
            return [_stored(r, by_table.get(r.id, [])) for r in rows]

    def set_status(
        self, table_id: str, status: str, seq: int, result: dict[str, Any] | None = None
    ) -> None:
        now = _now()
        values: dict[str, Any] = {"status": status, "seq": seq, "updated_at": now}
        if status not in ACTIVE:
            values["finished_at"] = now
        if result is not None:
            values["result"] = canonical_json(result)
        with self._write() as connection:
            connection.execute(
                update(_TABLE_ROWS).where(_TABLE_ROWS.c.id == table_id).values(**values)
            )
            self._announce(connection, table_id, seq)

    # --- actions -------------------------------------------------------------------------

    def append_actions(self, appends: Sequence[Append]) -> None:
        """Commit actions (of different tables) and their tables' new sequence numbers and
        ends, all in one transaction: all of them are stored, or none (ConflictError if a
        table is no longer where its action was played).

        This is the server's hottest write: two executemany statements on the Core tables,
        not ORM objects or one ORM update per table (whose Python work on the database
        thread held the event loop's GIL for a third of all server time under load)."""
        now = _now()
        with self._write() as connection:
            connection.execute(
                insert(_ACTION_ROWS),
                [
                    {
                        "table_id": a.table_id,
                        "ply": a.ply,
                        "seat": a.seat,
                        "action": canonical_json(a.action),
                        "fingerprint": a.fingerprint,
                        "created_at": now,
                    }
                    for a in appends
                ],
            )
            moves = [
                {
                    "b_id": a.table_id,
                    "b_before": a.seq - 1,
                    "b_seq": a.seq,
                    "b_status": a.status,
                    "b_now": now,
                    "b_finished": None if a.status in ACTIVE else now,
                    "b_result": None if a.status in ACTIVE else canonical_json(a.result),
                }
                for a in appends
            ]
            if self.engine.dialect.supports_sane_multi_rowcount:
                moved = connection.execute(_ADVANCE, moves).rowcount
            else:
                moved = sum(connection.execute(_ADVANCE, [m]).rowcount for m in moves)
            if moved != len(appends):
                raise ConflictError("a table is no longer at the position its action was played")
            self._announce_many(connection, [(a.table_id, a.seq) for a in appends])

    def truncate_actions(self, table_id: str, keep: int, seq: int) -> None:
        """Undo: drop every action from ply ``keep`` on and store the new sequence number.
        Refused (ConflictError) if the table is no longer at ``seq - 1``: another process
        changed it, and two processes never store diverging games."""
        actions = _ACTION_ROWS.c
        with self._write() as connection:
            connection.execute(
                delete(_ACTION_ROWS).where(actions.table_id == table_id, actions.ply >= keep)
            )
            moved = connection.execute(
                update(_TABLE_ROWS)
                .where(_TABLE_ROWS.c.id == table_id, _TABLE_ROWS.c.seq == seq - 1)
                .values(seq=seq, updated_at=_now())
            )
            if moved.rowcount != 1:
                raise ConflictError(f"table {table_id} is no longer at position {seq - 1}")
            self._announce(connection, table_id, seq)

    # --- seats ---------------------------------------------------------------------------

    def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Store a seat's new holder (every seat row exists from the table's creation)."""
        seats = _SEAT_ROWS.c
        with self._write() as connection:
            changed = connection.execute(
                update(_SEAT_ROWS)
                .where(seats.table_id == table_id, seats.seat == seat.seat)
                .values(_seat_values(table_id, seat))
            )
            if changed.rowcount != 1:
                raise ConflictError(f"table {table_id} has no seat {seat.seat}")
            connection.execute(
                update(_TABLE_ROWS).where(_TABLE_ROWS.c.id == table_id).values(updated_at=_now())
            )
            self._announce(connection, table_id, -1)


_TABLE_ROWS = Base.metadata.tables[TableRow.__tablename__]
_SEAT_ROWS = Base.metadata.tables[SeatRow.__tablename__]
_ACTION_ROWS = Base.metadata.tables[ActionRow.__tablename__]
# Move one table from ``b_before`` to ``b_seq`` (with its end, if the action ended the game).
_ADVANCE = (
    update(_TABLE_ROWS)
    .where(_TABLE_ROWS.c.id == bindparam("b_id"), _TABLE_ROWS.c.seq == bindparam("b_before"))
    .values(
        seq=bindparam("b_seq"),
        status=bindparam("b_status"),
        updated_at=bindparam("b_now"),
        finished_at=bindparam("b_finished"),
        result=bindparam("b_result"),
    )
)


def _seat_values(table_id: str, seat: StoredSeat) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": seat.seat,
        "kind": seat.kind,
        "bot_spec": seat.bot_spec,
        "name": seat.name,
        "token_hash": seat.token_hash,
    }


def _stored(row: TableRow, seats: Sequence[SeatRow]) -> StoredTable:
    return StoredTable(
        id=row.id,
        game=row.game,
        num_players=row.num_players,
        options=json.loads(row.options),
        seed=int(row.seed),
        start_fingerprint=row.start_fingerprint,
        status=row.status,
        seq=row.seq,
        owner_hash=row.owner_hash,
        spectator_hash=row.spectator_hash,
        seats=[StoredSeat(s.seat, s.kind, s.bot_spec, s.name, s.token_hash) for s in seats],
        created_at=row.created_at,
        updated_at=row.updated_at,
        result=None if row.result is None else json.loads(row.result),
        finished_at=row.finished_at,
    )
