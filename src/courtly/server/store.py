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
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

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


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


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
        return self.name or f"seat {self.seat}"


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

    def _announce(self, session: Session, table_id: str, seq: int) -> None:
        if self.shared:
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{self.origin}:{table_id}:{seq}"},
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

    # --- tables --------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        with self._session() as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    num_players=table.num_players,
                    options=_dumps(table.options),
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
            session.flush()
            for seat in table.seats:
                session.add(_seat_row(table.id, seat))

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
            values["result"] = _dumps(result)
        with self._session() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
            self._announce(session, table_id, seq)

    # --- actions -------------------------------------------------------------------------

    def append_actions(self, appends: Sequence[Append]) -> None:
        """Commit actions (of different tables) and their tables' new sequence numbers and
        ends, all in one transaction: all of them are stored, or none."""
        now = _now()
        with self._session() as session:
            session.execute(
                insert(ActionRow),
                [
                    {
                        "table_id": a.table_id,
                        "ply": a.ply,
                        "seat": a.seat,
                        "action": _dumps(a.action),
                        "fingerprint": a.fingerprint,
                        "created_at": now,
                    }
                    for a in appends
                ],
            )
            for a in appends:
                values: dict[str, Any] = {"seq": a.seq, "status": a.status, "updated_at": now}
                if a.status not in ACTIVE:
                    values["finished_at"] = now
                    values["result"] = _dumps(a.result)
                self._advance(session, a.table_id, a.seq, values)

    def _advance(self, session: Session, table_id: str, seq: int, values: dict[str, Any]) -> None:
        """Move a table from ``seq - 1`` to ``seq``: refused if it is elsewhere (another
        process changed it), so two processes never store diverging games."""
        moved = session.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.seq == seq - 1)
            .values(**values)
        )
        if getattr(moved, "rowcount", 1) != 1:
            raise ConflictError(f"table {table_id} is no longer at position {seq - 1}")
        self._announce(session, table_id, seq)

    def truncate_actions(self, table_id: str, keep: int, seq: int) -> None:
        """Undo: drop every action from ply ``keep`` on and store the new sequence number."""
        with self._session() as session:
            session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.ply >= keep)
            )
            self._advance(session, table_id, seq, {"seq": seq, "updated_at": _now()})

    # --- seats ---------------------------------------------------------------------------

    def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        with self._session() as session:
            session.merge(_seat_row(table_id, seat))
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(updated_at=_now())
            )
            self._announce(session, table_id, -1)


def _seat_row(table_id: str, seat: StoredSeat) -> SeatRow:
    return SeatRow(
        table_id=table_id,
        seat=seat.seat,
        kind=seat.kind,
        bot_spec=seat.bot_spec,
        name=seat.name,
        token_hash=seat.token_hash,
    )


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
