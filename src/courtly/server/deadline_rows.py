"""The stored clocks of tables (courtly.server.deadlines): each table's clock state with the
position it was measured at and its next deadline, the expired deadlines, and the clock's
events (time-outs, returns, leave) kept with the record. Apart from the Store's tables, seats
and actions, whose database, transactions and notices it shares.

Every change of a clock is compare-and-set on the stored clock's text at the table's stored
position: two server processes sharing PostgreSQL that both see a deadline pass both try, and
exactly one of them changes the row (the other's UPDATE matches nothing), so a time-out is
acted on once."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.engine import Connection, Engine

from courtly.core.canonical import canonical_json
from courtly.server.schema import CLOCK_EVENT_ROWS, TABLE_ROWS
from courtly.server.stored import ENDED, PLAYING


def clock_text(clock: dict[str, Any] | None) -> str | None:
    """The stored form of a clock (canonical JSON: the same dict, the same text)."""
    return None if clock is None else canonical_json(clock)


class DeadlineRows:
    def __init__(
        self,
        reader: Engine,
        write: Callable[[], AbstractContextManager[Connection]],
        announce: Callable[[Connection, str, int], None],
    ) -> None:
        self._reader = reader
        self._write = write
        self._announce = announce

    def configure(self, table_id: str, clock: dict[str, Any]) -> None:
        """A new table's pace and clocks (before its start: nothing runs, no deadline)."""
        with self._write() as connection:
            connection.execute(
                update(TABLE_ROWS)
                .where(TABLE_ROWS.c.id == table_id)
                .values(clock=clock_text(clock), clock_seq=None, deadline=None)
            )

    def swap(
        self,
        table_id: str,
        seq: int,
        before: dict[str, Any],
        after: dict[str, Any],
        deadline: datetime | None,
        now: datetime,
        event: tuple[int, int, str, dict[str, Any]] | None = None,
        end: bool = False,
    ) -> bool:
        """Store ``after`` (measured at position ``seq``, next deadline ``deadline``) if the
        table is still playing at ``seq`` with the clock ``before`` as stored; with ``event``
        (ply, seat, kind, detail) kept in the same transaction, and with ``end`` the table
        ends (a seat lost on time: the clock says which; the record keeps no result, since the
        game did not reach its end). False if anything changed meanwhile (nothing written)."""
        rows = TABLE_ROWS.c
        values: dict[str, Any] = {
            "clock": clock_text(after),
            "clock_seq": seq,
            "deadline": deadline,
        }
        if end:
            values.update(status=ENDED, finished_at=now, updated_at=now)
        with self._write() as connection:
            changed = connection.execute(
                update(TABLE_ROWS)
                .where(
                    rows.id == table_id,
                    rows.seq == seq,
                    rows.status == PLAYING,
                    rows.clock == clock_text(before),
                )
                .values(**values)
            ).rowcount
            if changed != 1:
                return False
            if event is not None:
                self._event(connection, table_id, event, now)
            self._announce(connection, table_id, seq)
            return True

    def _event(
        self,
        connection: Connection,
        table_id: str,
        event: tuple[int, int, str, dict[str, Any]],
        now: datetime | None,
    ) -> None:
        if now is None:
            raise ValueError("a clock event needs the time it happened")
        ply, seat, kind, detail = event
        connection.execute(
            insert(CLOCK_EVENT_ROWS).values(
                table_id=table_id,
                ply=ply,
                seat=seat,
                kind=kind,
                detail=canonical_json(detail),
                created_at=now,
            )
        )

    def measured(
        self,
        table_id: str,
        seq: int,
        after: dict[str, Any],
        deadline: datetime | None,
        event: tuple[int, int, str, dict[str, Any]] | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Store the clocks measured after the action that brought the table to ``seq``, unless
        clocks for that position are stored already (whoever measured first wins); with
        ``event`` (ply, seat, kind, detail, at ``now``) kept in the same transaction."""
        rows = TABLE_ROWS.c
        with self._write() as connection:
            changed = connection.execute(
                update(TABLE_ROWS)
                .where(
                    rows.id == table_id,
                    rows.seq == seq,
                    rows.status == PLAYING,
                    rows.clock.is_not(None),
                    or_(rows.clock_seq.is_(None), rows.clock_seq != seq),
                )
                .values(clock=clock_text(after), clock_seq=seq, deadline=deadline)
            ).rowcount
            if changed != 1:
                return False
            if event is not None:
                self._event(connection, table_id, event, now)
            self._announce(connection, table_id, seq)
            return True

    def expired(self, now: datetime) -> list[str]:
        """The playing tables whose stored deadline has passed (measured at their position)."""
        rows = TABLE_ROWS.c
        with self._reader.connect() as connection:
            return list(
                connection.execute(
                    select(rows.id).where(
                        rows.deadline <= now,
                        rows.status == PLAYING,
                        rows.clock_seq == rows.seq,
                    )
                ).scalars()
            )

    def events(self, table_id: str) -> list[dict[str, Any]]:
        """What the clock did at the table, oldest first."""
        events = CLOCK_EVENT_ROWS.c
        with self._reader.connect() as connection:
            rows = connection.execute(
                select(events.ply, events.seat, events.kind, events.detail, events.created_at)
                .where(events.table_id == table_id)
                .order_by(events.id)
            ).all()
        return [
            {
                "ply": r.ply,
                "seat": r.seat,
                "kind": r.kind,
                **json.loads(r.detail),
                "at": r.created_at.isoformat() + "Z",
            }
            for r in rows
        ]
