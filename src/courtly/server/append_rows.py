"""The rows of a group commit (``ActionRows.append``): the tables' rows moved and the actions
inserted, as parameters of SQLAlchemy Core, or in statements compiled once (SQLite).

The general path (``ActionRows.append``) hands SQLAlchemy Core the same two executemany
statements every batch; Core finds their compiled form in its cache, then builds and converts
each row's parameters in Python, on the database thread, holding the GIL the event loop waits
for (the appends were a sixteenth of the server's GIL time at a thousand tables,
docs/performance.md). Here the statements are compiled once for the engine's dialect and each
batch's rows go to the driver as tuples (``exec_driver_sql``): the same values stored (the
dialect's own conversion of a moment to text), in the caller's transaction.

A batch's tables move in one ``UPDATE ... FROM`` a list of rows and its actions go in one
multi-row ``INSERT``, not an executemany's row each: the driver lets go of the GIL around
each of SQLite's steps and resets and must win it back from a busy event loop each time (up
to a switch interval, 1 ms), so a batch of k actions waited for it about 4k times, and now
about six. Beside processes busy on the same two cores, those waits starved the database
thread (docs/performance.md, "A thousand tables")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any

from sqlalchemy import bindparam, insert, select, union_all
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.types import DateTime

from courtly.core.canonical import canonical_json
from courtly.server.schema import ACTION_ROWS, ADVANCE, MOVE_COLUMNS, advance
from courtly.server.stored import ACTIVE, Append

# The action rows' columns, as ``ActionRows.append``'s general path inserts them.
ADDED_COLUMNS = ("table_id", "ply", "seat", "action", "fingerprint", "created_at")

# The most rows one statement carries: a larger batch goes in several. Ten parameters a row
# stay under SQLite's oldest limit (999 a statement), and each size is compiled once, so the
# driver's cache of prepared statements (128) keeps them all.
ROWS_AT_ONCE = 32


def advance_many(count: int) -> Any:
    """``schema.advance`` of ``count`` tables at once, from a list of rows whose row ``i`` has
    the parameters ``v{i}_id``, ``v{i}_before``, ... (``moves``' names without ``b_``).

    The list is a subquery of SELECTs joined by UNION ALL, not a WITH of VALUES before the
    UPDATE: Python's sqlite3 knows a statement for a change by its first word, and one that
    begins with WITH would neither open the transaction (the next statement would, after this
    one was committed alone) nor count the rows it changed."""
    rows = [
        select(
            *(
                bindparam(f"v{i}_{name}", type_=kind).label(name)
                for name, kind in MOVE_COLUMNS.items()
            )
        )
        for i in range(count)
    ]
    listed = (union_all(*rows) if count > 1 else rows[0]).subquery("v")
    return advance({name: listed.c[name] for name in MOVE_COLUMNS})


def add_many(count: int) -> Any:
    """``count`` actions inserted by one statement, row ``i``'s parameters ``v{i}_table_id``,
    ``v{i}_ply``, ... (``added``'s names)."""
    return insert(ACTION_ROWS).values(
        [{name: bindparam(f"v{i}_{name}") for name in ADDED_COLUMNS} for i in range(count)]
    )


def numbered(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Rows' parameters as one statement's (``advance_many``, ``add_many``): row ``i``'s
    ``b_id`` or ``table_id`` named ``v{i}_id`` or ``v{i}_table_id``."""
    return {
        f"v{i}_{name.removeprefix('b_')}": value
        for i, row in enumerate(rows)
        for name, value in row.items()
    }


class _Compiled:
    """One statement compiled for a dialect with positional parameters: its SQL, the order of
    its parameters, and the values of those it fixes itself (``status = 'playing'``)."""

    def __init__(self, statement: Any, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.order: tuple[str, ...] = tuple(compiled.positiontup or ())
        self.fixed: dict[str, Any] = {k: v for k, v in compiled.params.items() if v is not None}
        # A statement's parameters in their order (every statement here has several).
        self._pick: Callable[[dict[str, Any]], tuple[Any, ...]] = itemgetter(*self.order)

    def rows(self, values: Sequence[dict[str, Any]]) -> list[tuple[Any, ...]]:
        """An executemany's parameters, a tuple for each of ``values``."""
        fixed, pick = self.fixed, self._pick
        return [pick({**fixed, **row}) for row in values]

    def row(self, values: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
        """One statement's parameters for all of ``values`` (``numbered``)."""
        return self._pick({**self.fixed, **numbered(values)})


class CompiledAppends:
    """``ActionRows.append``'s statements for a dialect with positional parameters (the
    SQLite driver's ``?``) whose UPDATE takes a FROM (SQLite 3.33 on: ``updates_from``)."""

    def __init__(self, dialect: Dialect) -> None:
        if not dialect.positional:
            raise ValueError(f"{dialect.name}'s parameters are not positional")
        self._dialect = dialect
        self._advance_each = _Compiled(ADVANCE, dialect)
        self._advances: dict[int, _Compiled] = {}
        self._adds: dict[int, _Compiled] = {}
        convert = DateTime().dialect_impl(dialect).bind_processor(dialect)
        self._moment: Callable[[datetime], Any] = convert or (lambda moment: moment)

    def advance(self, connection: Connection, appends: Sequence[Append], moment: datetime) -> int:
        """Move each table's row (compare and set, as ``schema.ADVANCE``); how many moved."""
        rows = moves(appends, self._moment(moment))
        if len({a.table_id for a in appends}) < len(appends) or len(appends) == 1:
            # An UPDATE changes a table's row once, from one of the rows it is joined to: a
            # table with two actions in the batch moves a step at a time, a row each. One
            # table alone moves so too, by the same steps without a list to join (a tenth
            # less CPU).
            each = self._advance_each
            return int(connection.exec_driver_sql(each.sql, each.rows(rows)).rowcount)
        moved = 0
        for part in _parts(rows):
            statement = self._statement(self._advances, advance_many, len(part))
            moved += connection.exec_driver_sql(statement.sql, statement.row(part)).rowcount
        return moved

    def add(self, connection: Connection, appends: Sequence[Append], moment: datetime) -> None:
        """Insert the actions."""
        for part in _parts(added(appends, self._moment(moment))):
            statement = self._statement(self._adds, add_many, len(part))
            connection.exec_driver_sql(statement.sql, statement.row(part))

    def _statement(
        self, made: dict[int, _Compiled], make: Callable[[int], Any], count: int
    ) -> _Compiled:
        compiled = made.get(count)
        if compiled is None:
            compiled = made[count] = _Compiled(make(count), self._dialect)
        return compiled


def updates_from(dialect: Dialect) -> bool:
    """Whether ``CompiledAppends`` can write to this dialect's database: SQLite 3.33 or later
    (UPDATE ... FROM), which every supported system has; an older one takes the general
    path."""
    version = getattr(dialect.dbapi, "sqlite_version_info", (0,))
    return dialect.name == "sqlite" and dialect.positional and tuple(version) >= (3, 33)


def _parts(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [rows[start : start + ROWS_AT_ONCE] for start in range(0, len(rows), ROWS_AT_ONCE)]


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
