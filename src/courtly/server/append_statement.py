"""A group commit on PostgreSQL in one statement, sent in one round trip.

The general path (``ActionRows.append``) takes five round trips a batch: ``BEGIN``, the
tables' rows moved, the actions inserted, the notices, ``COMMIT``. On a busy machine each
costs the database thread more CPU than the SQL itself (the socket's wake-ups), so on
PostgreSQL the same writes are one statement in autocommit: one statement is one
transaction, all of it stored or none. What it stores, refuses and announces is the general
path's: each table's row moved only from the position its action was played at, still
playing and held by who acted (compare and set; a process racing for the same row waits on
its lock, then finds it moved); the actions inserted only if every row moved (else nothing
is, and the caller raises ``ConflictError``); each change announced (``NOTIFY``, heard at
commit)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DataError

from courtly.core.canonical import canonical_json
from courtly.server.stored import ACTIVE, BOT, PLAYING, Append
from courtly.server.write_connection import WriteConnection

# Said by the statement's own error when a table was no longer where its action was played:
# an error undoes the whole statement, rows already moved included (all or nothing).
CONFLICT = "tables moved: courtly conflict"

# A data-modifying WITH runs whether or not it is read; the notices (a plain SELECT) are
# made only because the last line counts them. The conflict's error is a cast made of the
# count itself, so the planner cannot fold it into an error before anything ran.
ONE_STATEMENT = text(
    f"""
WITH v AS (
    SELECT * FROM unnest(
        CAST(:ids AS text[]), CAST(:befores AS integer[]), CAST(:seqs AS integer[]),
        CAST(:statuses AS text[]), CAST(:finished AS timestamp[]), CAST(:results AS text[]),
        CAST(:seats AS integer[]), CAST(:bots AS boolean[]), CAST(:holders AS text[]),
        CAST(:plies AS integer[]), CAST(:actions AS text[]), CAST(:fingerprints AS text[])
    ) AS v(id, before, seq, status, finished, result, seat, bot, holder, ply, action,
           fingerprint)
),
moved AS (
    UPDATE courtly_tables AS t
    SET seq = v.seq, status = v.status, updated_at = CAST(:now AS timestamp),
        finished_at = v.finished, result = v.result
    FROM v
    WHERE t.id = v.id AND t.seq = v.before AND t.status = '{PLAYING}'
      AND EXISTS (
          SELECT 1 FROM courtly_seats AS s
          WHERE s.table_id = v.id AND s.seat = v.seat
            AND ((v.bot AND s.kind = '{BOT}') OR (s.kind <> '{BOT}' AND s.token_hash = v.holder))
      )
    RETURNING t.id
),
added AS (
    INSERT INTO courtly_actions (table_id, ply, seat, action, fingerprint, created_at)
    SELECT v.id, v.ply, v.seat, v.action, v.fingerprint, CAST(:now AS timestamp) FROM v
    WHERE (SELECT count(*) FROM moved) = :n
    RETURNING 1
),
told AS (
    SELECT pg_notify(CAST(:channel AS text), CAST(:origin AS text) || ':' || v.id || ':' || v.seq)
    FROM v
    WHERE (SELECT count(*) FROM moved) = :n
)
SELECT CASE
    WHEN (SELECT count(*) FROM moved) = :n AND (SELECT count(*) FROM added) = :n
         AND (SELECT count(*) FROM told) = :n
    THEN :n
    ELSE CAST((SELECT count(*) FROM moved) || ' of ' || :n || ' {CONFLICT}' AS integer)
END AS stored
"""
)


def append_in_one_statement(
    connection: Connection,
    appends: Sequence[Append],
    moment: datetime,
    channel: str,
    origin: str,
) -> bool:
    """Store ``appends`` (tables all different) in one statement; False, and nothing stored,
    if some table is no longer where its action was played (or held by who acted)."""
    over = [a.status not in ACTIVE for a in appends]
    params: dict[str, Any] = {
        "ids": [a.table_id for a in appends],
        "befores": [a.seq - 1 for a in appends],
        "seqs": [a.seq for a in appends],
        "statuses": [a.status for a in appends],
        "finished": [moment if done else None for done in over],
        "results": [
            canonical_json(a.result) if done else None
            for a, done in zip(appends, over, strict=True)
        ],
        "seats": [a.seat for a in appends],
        "bots": [a.holder is None for a in appends],
        "holders": [a.holder or "" for a in appends],
        "plies": [a.ply for a in appends],
        "actions": [canonical_json(a.action) for a in appends],
        "fingerprints": [a.fingerprint for a in appends],
        "now": moment,
        "n": len(appends),
        "channel": channel,
        "origin": origin,
    }
    try:
        connection.execute(ONE_STATEMENT, params).one()
    except DataError as exc:
        if CONFLICT in str(exc):
            return False
        raise
    return True


class OneStatementAppends:
    """``append_in_one_statement`` on a kept connection of its own in autocommit (one
    statement is one transaction: no ``BEGIN`` and ``COMMIT`` round trips)."""

    def __init__(self, engine: Engine, channel: str, origin: str) -> None:
        self._writes = WriteConnection(engine.execution_options(isolation_level="AUTOCOMMIT"))
        self._channel = channel
        self._origin = origin

    def __call__(self, appends: Sequence[Append], moment: datetime) -> bool:
        with self._writes.begin() as connection:
            return append_in_one_statement(connection, appends, moment, self._channel, self._origin)

    def close(self) -> None:
        self._writes.close()
