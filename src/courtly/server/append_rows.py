"""The rows of a group commit (``ActionRows.append``): the tables' rows moved and the actions
inserted, as parameters of SQLAlchemy Core, or with both statements compiled once (SQLite).

The general path (``ActionRows.append``) hands SQLAlchemy Core the same two executemany
statements every batch; Core finds their compiled form in its cache, then builds and converts
each row's parameters in Python, on the database thread, holding the GIL the event loop waits
for (the appends were a sixteenth of the server's GIL time at a thousand tables,
docs/performance.md). Here both statements are compiled once for the engine's dialect and each
batch's rows go to the driver as tuples (``exec_driver_sql``): the same SQL, the same values
stored (the dialect's own conversion of a moment to text), in the caller's transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.types import DateTime

from courtly.core.canonical import canonical_json
from courtly.server.schema import ACTION_ROWS, ADVANCE
from courtly.server.stored import ACTIVE, Append

# The action rows' columns, as ``ActionRows.append``'s general path inserts them.
ADD = insert(ACTION_ROWS).values(
    {
        name: bindparam(name)
        for name in ("table_id", "ply", "seat", "action", "fingerprint", "created_at")
    }
)


class _Compiled:
    """One statement compiled for a dialect with positional parameters: its SQL, the order of
    its parameters, and the values of those it fixes itself (``status = 'playing'``)."""

    def __init__(self, statement: Any, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.order: tuple[str, ...] = tuple(compiled.positiontup or ())
        self.fixed: dict[str, Any] = {k: v for k, v in compiled.params.items() if v is not None}

    def rows(self, values: Sequence[dict[str, Any]]) -> list[tuple[Any, ...]]:
        fixed, order = self.fixed, self.order
        return [tuple(({**fixed, **row})[name] for name in order) for row in values]


class CompiledAppends:
    """``ActionRows.append``'s two statements for a dialect with positional parameters (the
    SQLite driver's ``?``)."""

    def __init__(self, dialect: Dialect) -> None:
        if not dialect.positional:
            raise ValueError(f"{dialect.name}'s parameters are not positional")
        self._advance = _Compiled(ADVANCE, dialect)
        self._add = _Compiled(ADD, dialect)
        convert = DateTime().dialect_impl(dialect).bind_processor(dialect)
        self._moment: Callable[[datetime], Any] = convert or (lambda moment: moment)

    def advance(self, connection: Connection, appends: Sequence[Append], moment: datetime) -> int:
        """Move each table's row (compare and set, as ``schema.ADVANCE``); how many moved."""
        rows = self._advance.rows(moves(appends, self._moment(moment)))
        return int(connection.exec_driver_sql(self._advance.sql, rows).rowcount)

    def add(self, connection: Connection, appends: Sequence[Append], moment: datetime) -> None:
        """Insert the actions."""
        rows = self._add.rows(added(appends, self._moment(moment)))
        connection.exec_driver_sql(self._add.sql, rows)


def moves(appends: Sequence[Append], now: Any) -> list[dict[str, Any]]:
    """``schema.ADVANCE``'s parameters for each action's table (``now``: the moment, as the
    statement's caller passes it)."""
    return [
        {
            "b_id": a.table_id,
            "b_before": a.seq - 1,
            "b_seq": a.seq,
            "b_status": a.status,
            "b_now": now,
            "b_finished": None if a.status in ACTIVE else now,
            "b_result": None if a.status in ACTIVE else canonical_json(a.result),
            "b_seat": a.seat,
            "b_bot": a.holder is None,
            "b_holder": a.holder or "",
        }
        for a in appends
    ]


def added(appends: Sequence[Append], now: Any) -> list[dict[str, Any]]:
    """The action rows to insert."""
    return [
        {
            "table_id": a.table_id,
            "ply": a.ply,
            "seat": a.seat,
            "action": canonical_json(a.action),
            "fingerprint": a.fingerprint,
            "created_at": now,
        }
        for a in appends
    ]
