"""The stored chat of tables (courtly.server.chat): its messages, and the seats each table's
owner muted. Apart from the Store's tables, seats and actions, which it shares the database,
transactions and notices with."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine

from courtly.server.schema import CHAT_ROWS, TABLE_ROWS


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class ChatRows:
    def __init__(
        self,
        reader: Engine,
        write: Callable[[], AbstractContextManager[Connection]],
        announce: Callable[[Connection, str, int], None],
        signal: Callable[[Connection, Sequence[str]], None],
    ) -> None:
        self._reader = reader
        self._write = write
        self._announce = announce
        self._signal = signal

    def add(
        self, table_id: str, seat: int | None, text_: str, signal: Callable[[dict[str, Any]], str]
    ) -> dict[str, Any] | None:
        """Store a message written by ``seat`` (None: a spectator) and, on a shared database,
        send ``signal(message)`` to the other processes in the same transaction. None (nothing
        stored) if the table, as stored, refuses it: the seat is muted, or spectators may not
        write; read here, not from a process's copy, so a mute made through another process
        holds at once."""
        tables = TABLE_ROWS.c
        with self._write() as connection:
            row = connection.execute(
                select(tables.muted, tables.spectator_chat).where(tables.id == table_id)
            ).one_or_none()
            if row is None:
                return None
            if seat is None and not row.spectator_chat:
                return None
            if seat is not None and seat in json.loads(row.muted):
                return None
            stamp = now()
            number = connection.execute(
                insert(CHAT_ROWS)
                .values(table_id=table_id, seat=seat, text=text_, created_at=stamp)
                .returning(CHAT_ROWS.c.id)
            ).scalar_one()
            message = {"id": number, "seat": seat, "text": text_, "at": stamp.isoformat() + "Z"}
            self._signal(connection, [signal(message)])
            return message

    def load(self, table_id: str, limit: int | None = None) -> list[dict[str, Any]]:
        """The table's messages, oldest first (the newest ``limit`` of them, if given)."""
        chat = CHAT_ROWS.c
        query = select(chat.id, chat.seat, chat.text, chat.created_at).where(
            chat.table_id == table_id
        )
        query = query.order_by(chat.id.desc())
        if limit is not None:
            query = query.limit(limit)
        with self._reader.connect() as connection:
            rows = connection.execute(query).all()
        return [
            {"id": r.id, "seat": r.seat, "text": r.text, "at": r.created_at.isoformat() + "Z"}
            for r in reversed(rows)
        ]

    def set_muted(self, table_id: str, seat: int, muted: bool) -> list[int]:
        """Mute (or unmute) a seat in the table's chat; the muted seats as stored now."""
        tables = TABLE_ROWS.c
        with self._write() as connection:
            stored = connection.execute(
                select(tables.muted).where(tables.id == table_id).with_for_update()
            ).scalar_one()
            seats = set(json.loads(stored))
            seats = seats | {seat} if muted else seats - {seat}
            connection.execute(
                update(TABLE_ROWS)
                .where(tables.id == table_id)
                .values(muted=json.dumps(sorted(seats)), updated_at=now())
            )
            self._announce(connection, table_id, -1)
            return sorted(seats)
