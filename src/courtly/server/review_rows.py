"""The stored reviews of finished tables' seats (courtly.server.reviews): one JSON body per
seat, replaced after each judged turn, so a review resumes after a restart. Apart from the
Store's tables, seats and actions, which it shares the database and transactions with."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection, Engine

from courtly.server.schema import REVIEW_ROWS


class ReviewRows:
    def __init__(
        self, reader: Engine, write: Callable[[], AbstractContextManager[Connection]]
    ) -> None:
        self._reader = reader
        self._write = write

    def load(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The stored review of ``seat`` of a table (its JSON body), or None."""
        reviews = REVIEW_ROWS.c
        with self._reader.connect() as connection:
            body = connection.execute(
                select(reviews.body).where(reviews.table_id == table_id, reviews.seat == seat)
            ).scalar_one_or_none()
        return None if body is None else dict(json.loads(body))

    def save(self, table_id: str, seat: int, body: dict[str, Any]) -> None:
        """Store (or replace) the review of ``seat`` of a table."""
        reviews = REVIEW_ROWS.c
        updated_at = datetime.now(UTC).replace(tzinfo=None)
        with self._write() as connection:
            connection.execute(
                delete(REVIEW_ROWS).where(reviews.table_id == table_id, reviews.seat == seat)
            )
            connection.execute(
                insert(REVIEW_ROWS).values(
                    table_id=table_id, seat=seat, body=json.dumps(body), updated_at=updated_at
                )
            )
