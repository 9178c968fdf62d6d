"""The database: an engine for a URL, its tables as SQLAlchemy rows (the Alembic migrations
make them), the statement the Store runs for every action, and rows read into stored tables."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    and_,
    bindparam,
    create_engine,
    event,
    exists,
    or_,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.dml import Update
from sqlalchemy.sql.elements import ColumnElement

from courtly.server.stored import BOT, PLAYING, StoredSeat, StoredTable


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
    # Whether its players may ask for a hint during the game (off unless the creator chose it).
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    # Whether its spectators may write in its chat (off unless the creator chose it), and the
    # seats its owner muted (a JSON list).
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    muted: Mapped[str] = mapped_column(Text, default="[]")
    # A rated table (its creator's choice; every seat an account or a bot of a named level),
    # and when its finished game's ratings were counted (once: courtly.server.rating_rows).
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    rated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # A quick-play table (courtly.server.quickplay), and its wait before bots fill it.
    quick: Mapped[bool] = mapped_column(Boolean, default=False)
    fill_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Its pace and clocks as JSON (``courtly.server.clocks``; None: no clock), the sequence
    # number they were measured at, and the next deadline while they match (the scheduler's).
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    clock_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True)


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
    # The account the seat is played under (courtly.server.accounts), None for a guest.
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


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


class ReviewRow(Base):
    """A seat's post-game review (``courtly.analysis.review``): its settings and the turns
    judged so far, as JSON, written after each turn (a server restarted goes on from them)."""

    __tablename__ = "courtly_reviews"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("courtly_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    body: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime)


class ChatRow(Base):
    """One message written at a table: by a seat, or by a spectator (``seat`` None)."""

    __tablename__ = "courtly_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("courtly_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class ClockEventRow(Base):
    """What the clock did at a table (a seat timed out, came back, took leave), kept with
    its record: the ply it happened before, and the details as JSON."""

    __tablename__ = "courtly_clock_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("courtly_tables.id", ondelete="CASCADE"), index=True
    )
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    detail: Mapped[str] = mapped_column(Text, default="{}")
    created_at: Mapped[datetime] = mapped_column(DateTime)


TABLE_ROWS = Base.metadata.tables[TableRow.__tablename__]
CLOCK_EVENT_ROWS = Base.metadata.tables[ClockEventRow.__tablename__]
CHAT_ROWS = Base.metadata.tables[ChatRow.__tablename__]
REVIEW_ROWS = Base.metadata.tables[ReviewRow.__tablename__]
SEAT_ROWS = Base.metadata.tables[SeatRow.__tablename__]
ACTION_ROWS = Base.metadata.tables[ActionRow.__tablename__]
# The parameters of moving a table (``advance``), by name, each with its column's type.
MOVE_COLUMNS: dict[str, Any] = {
    "id": String,
    "before": Integer,
    "seq": Integer,
    "status": String,
    "now": DateTime,
    "finished": DateTime,
    "result": Text,
    "seat": Integer,
    "bot": Boolean,
    "holder": String,
}


def advance(row: Mapping[str, ColumnElement[Any]]) -> Update:
    """Move a table from ``before`` to ``seq`` (with its end, if the action ended the game):
    only a table still playing there, whose seat ``seat`` is still held by who acted (a bot,
    ``bot``, or the person with token hash ``holder``). ``row`` gives each of
    ``MOVE_COLUMNS`` as an expression: bind parameters (``ADVANCE``, one table a row of an
    executemany) or the columns of a list of rows (``append_rows.advance_many``: many tables
    in one statement)."""
    seats = SEAT_ROWS.c
    held = exists().where(
        seats.table_id == row["id"],
        seats.seat == row["seat"],
        or_(
            and_(row["bot"], seats.kind == BOT),
            and_(seats.kind != BOT, seats.token_hash == row["holder"]),
        ),
    )
    return (
        update(TABLE_ROWS)
        .where(
            TABLE_ROWS.c.id == row["id"],
            TABLE_ROWS.c.seq == row["before"],
            TABLE_ROWS.c.status == PLAYING,
            held,
        )
        .values(
            seq=row["seq"],
            status=row["status"],
            updated_at=row["now"],
            finished_at=row["finished"],
            result=row["result"],
        )
    )


# ``advance`` of one table, its parameters named ``b_`` and the column (a bind parameter
# may not take the name of a column the statement sets).
ADVANCE = advance({name: bindparam(f"b_{name}", type_=kind) for name, kind in MOVE_COLUMNS.items()})


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


def seat_values(table_id: str, seat: StoredSeat) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": seat.seat,
        "kind": seat.kind,
        "bot_spec": seat.bot_spec,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "account_id": seat.account_id,
    }


def stored_table(row: Any, seats: Sequence[Any]) -> StoredTable:
    """A table from its row and seat rows (ORM objects or Core rows: the same attributes)."""
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
        seats=[
            StoredSeat(s.seat, s.kind, s.bot_spec, s.name, s.token_hash, s.account_id)
            for s in seats
        ],
        created_at=row.created_at,
        updated_at=row.updated_at,
        result=None if row.result is None else json.loads(row.result),
        finished_at=row.finished_at,
        hints=bool(row.hints),
        spectator_chat=bool(row.spectator_chat),
        muted=sorted(int(seat) for seat in json.loads(row.muted)),
        rated=bool(row.rated),
        quick=bool(row.quick),
        fill_after=row.fill_after,
        clock=None if row.clock is None else json.loads(row.clock),
    )
