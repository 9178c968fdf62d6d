"""The stored actions of tables (the Store's hottest writes): an action committed with its
table's new sequence number and end, and an undo's actions dropped. Apart from the Store's
tables and seats, which it shares the database, transactions and notices with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime

from sqlalchemy import delete, insert, update
from sqlalchemy.engine import Connection, Engine

from courtly.server.append_rows import CompiledAppends, added, moves, updates_from
from courtly.server.append_statement import OneStatementAppends
from courtly.server.schema import ACTION_ROWS, ADVANCE, TABLE_ROWS
from courtly.server.stored import PLAYING, Append, ConflictError


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class ActionRows:
    def __init__(
        self,
        engine: Engine,
        write: Callable[[], AbstractContextManager[Connection]],
        announce: Callable[[Connection, str, int], None],
        announce_many: Callable[[Connection, Sequence[tuple[str, int]]], None],
        signal: Callable[[Connection, Sequence[str]], None],
    ) -> None:
        self._engine = engine
        self._write = write
        self._announce = announce
        self._announce_many = announce_many
        self._signal = signal
        # PostgreSQL's group commit in one round trip (courtly.server.append_statement).
        self._one_statement: OneStatementAppends | None = None
        # SQLite's, its statements compiled once (courtly.server.append_rows).
        self._compiled = CompiledAppends(engine.dialect) if updates_from(engine.dialect) else None

    def in_one_statement(self, channel: str, origin: str) -> None:
        """Store each batch in one statement (PostgreSQL), announced on ``channel``."""
        self._one_statement = OneStatementAppends(self._engine, channel, origin)

    def close(self) -> None:
        if self._one_statement is not None:
            self._one_statement.close()

    def append(self, appends: Sequence[Append]) -> datetime:
        """Commit actions (of different tables) and their tables' new sequence numbers and
        ends, all in one transaction: all of them are stored, or none (ConflictError if a
        table is no longer where its action was played). Returns the moment stored as their
        time (and a finished table's ``finished_at``), so a live table can show what a
        restart reads back.

        This is the server's hottest write: two statements on the Core tables (on SQLite, one
        each for the whole batch: ``append_rows``), not ORM objects or one ORM update per
        table (whose Python work on the database thread held the event loop's GIL for a third
        of all server time under load)."""
        moment = now()
        if self._one_statement is not None and len({a.table_id for a in appends}) == len(appends):
            if not self._one_statement(appends, moment):
                raise ConflictError("a table is no longer at the position its action was played")
            return moment
        # The tables' rows first: a process racing for the same position waits for this
        # transaction on the row's lock, then finds the row moved and is refused as a
        # conflict (inserting first, it failed on the action's key, as an error).
        with self._write() as connection:
            if self._compiled is not None:
                moved = self._compiled.advance(connection, appends, moment)
            elif self._engine.dialect.supports_sane_multi_rowcount:
                moved = connection.execute(ADVANCE, moves(appends, moment)).rowcount
            else:
                moved = sum(
                    connection.execute(ADVANCE, [m]).rowcount for m in moves(appends, moment)
                )
            if moved != len(appends):
                raise ConflictError("a table is no longer at the position its action was played")
            if self._compiled is not None:
                self._compiled.add(connection, appends, moment)
            else:
                connection.execute(insert(ACTION_ROWS), added(appends, moment))
            self._announce_many(connection, [(a.table_id, a.seq) for a in appends])
        return moment

    def truncate(self, table_id: str, keep: int, seq: int, signals: Sequence[str] = ()) -> None:
        """Undo: drop every action from ply ``keep`` on and store the new sequence number.
        Refused (ConflictError) if the table is no longer playing at ``seq - 1``: another
        process changed it, and two processes never store diverging games. ``signals`` go out
        in the same transaction, before the change's own notice (the undo's result is heard
        before the fresh views)."""
        actions = ACTION_ROWS.c
        with self._write() as connection:
            moved = connection.execute(
                update(TABLE_ROWS)
                .where(
                    TABLE_ROWS.c.id == table_id,
                    TABLE_ROWS.c.seq == seq - 1,
                    TABLE_ROWS.c.status == PLAYING,
                )
                .values(seq=seq, updated_at=now())
            )
            if moved.rowcount != 1:
                raise ConflictError(f"table {table_id} is no longer at position {seq - 1}")
            connection.execute(
                delete(ACTION_ROWS).where(actions.table_id == table_id, actions.ply >= keep)
            )
            self._signal(connection, signals)
            self._announce(connection, table_id, seq)
