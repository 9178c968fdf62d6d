"""The database's tables as SQLAlchemy rows (the Alembic migrations make them), and the
statement the Store runs for every action."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    and_,
    bindparam,
    exists,
    or_,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from courtly.server.stored import BOT, PLAYING


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


TABLE_ROWS = Base.metadata.tables[TableRow.__tablename__]
SEAT_ROWS = Base.metadata.tables[SeatRow.__tablename__]
ACTION_ROWS = Base.metadata.tables[ActionRow.__tablename__]
# Move one table from ``b_before`` to ``b_seq`` (with its end, if the action ended the game):
# only a table still playing there, whose seat ``b_seat`` is still held by who acted (a bot,
# or the person with token hash ``b_holder``).
HELD = exists().where(
    SEAT_ROWS.c.table_id == bindparam("b_id"),
    SEAT_ROWS.c.seat == bindparam("b_seat"),
    or_(
        and_(bindparam("b_bot", type_=Boolean), SEAT_ROWS.c.kind == BOT),
        and_(
            SEAT_ROWS.c.kind != BOT,
            SEAT_ROWS.c.token_hash == bindparam("b_holder", type_=String),
        ),
    ),
)
ADVANCE = (
    update(TABLE_ROWS)
    .where(
        TABLE_ROWS.c.id == bindparam("b_id"),
        TABLE_ROWS.c.seq == bindparam("b_before"),
        TABLE_ROWS.c.status == PLAYING,
        HELD,
    )
    .values(
        seq=bindparam("b_seq"),
        status=bindparam("b_status"),
        updated_at=bindparam("b_now"),
        finished_at=bindparam("b_finished"),
        result=bindparam("b_result"),
    )
)
