"""The stored ratings (``Store.ratings``; courtly.server.rated): each account's rating per game
and player count, every change of it (one row per account seat of a rated game: the
profile's graph), and the claim on a finished rated table that makes its game counted once,
whichever of the processes sharing a PostgreSQL counts it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    UniqueConstraint,
    and_,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from courtly.analysis.ratings import Rating
from courtly.server.schema import SEAT_ROWS, TABLE_ROWS, Base, stored_table
from courtly.server.stored import ENDED, FINISHED, StoredSeat, StoredTable

RATING_ROWS = Table(
    "courtly_ratings",
    Base.metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime, nullable=False),
)
HISTORY_ROWS = Table(
    "courtly_rating_history",
    Base.metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("table_id", ForeignKey("courtly_tables.id", ondelete="CASCADE"), index=True),
    Column("seat", Integer, nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", DateTime, nullable=False),
    UniqueConstraint("table_id", "seat", name="uq_courtly_rating_history_seat"),
)

#: The rating count of a table: each account seat's new rating and place, from the table and
#: its accounts' ratings before (``courtly.server.rated.new_ratings``).
Count = Callable[[StoredTable, dict[str, Rating]], list[tuple[StoredSeat, Rating, int]]]
# Two processes counting two games of one new player insert the same rating row at once:
# the loser of that race counts again (the claim went back with its transaction).
ATTEMPTS = 3


def _over(tables: Any) -> Any:
    """A game played to its end, or ended with a clock (maybe lost on time, which counts
    too: else a losing player could let the clock run out to escape; ``count`` tells)."""
    return or_(tables.status == FINISHED, and_(tables.status == ENDED, tables.clock.is_not(None)))


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Settled:
    """A rated game counted: each account seat's rating after it (seat, mu, sigma, games)."""

    table_id: str
    seats: list[tuple[int, float, float, int]]


class RatingRows:
    def __init__(self, reader: Engine, write: Callable[[], AbstractContextManager[Connection]]):
        self._reader = reader
        self._write = write

    def settle(self, table_id: str, count: Count) -> Settled | None:
        """Count a finished rated table's game into its accounts' ratings, unless counted
        already: the claim (``rated_at`` set where it is still unset) and the new ratings are
        one transaction, so a game is counted exactly once, whichever process claims it."""
        for attempt in range(ATTEMPTS):
            try:
                return self._settle_once(table_id, count)
            except IntegrityError:
                if attempt == ATTEMPTS - 1:
                    raise
        return None

    def _settle_once(self, table_id: str, count: Count) -> Settled | None:
        tables, ratings = TABLE_ROWS.c, RATING_ROWS.c
        stamp = _now()
        with self._write() as connection:
            claim = (
                update(TABLE_ROWS)
                .where(
                    tables.id == table_id,
                    tables.rated.is_(True),
                    _over(tables),
                    tables.rated_at.is_(None),
                )
                .values(rated_at=stamp)
            )
            if connection.execute(claim).rowcount != 1:
                return None
            row = connection.execute(select(TABLE_ROWS).where(tables.id == table_id)).one()
            seats = connection.execute(
                select(SEAT_ROWS).where(SEAT_ROWS.c.table_id == table_id).order_by(SEAT_ROWS.c.seat)
            ).all()
            table = stored_table(row, seats)
            accounts = [s.account_id for s in table.seats if s.account_id is not None]
            # Locked until the commit: two games of one account counted at once (two
            # processes) read one after the other, never the same rating twice.
            held = {
                r.account_id: r
                for r in connection.execute(
                    select(RATING_ROWS)
                    .where(
                        ratings.account_id.in_(accounts),
                        ratings.game == table.game,
                        ratings.players == table.num_players,
                    )
                    .with_for_update()
                )
            }
            current = {a: Rating(r.mu, r.sigma) for a, r in held.items()}
            counted: list[tuple[int, float, float, int]] = []
            for seat, rating, place in count(table, current):
                account = seat.account_id
                assert account is not None  # count() rates account seats only
                games = (held[account].games if account in held else 0) + 1
                values = {"mu": rating.mu, "sigma": rating.sigma, "games": games}
                if account in held:
                    connection.execute(
                        update(RATING_ROWS)
                        .where(
                            ratings.account_id == account,
                            ratings.game == table.game,
                            ratings.players == table.num_players,
                        )
                        .values(**values, updated_at=stamp)
                    )
                else:
                    connection.execute(
                        insert(RATING_ROWS).values(
                            account_id=account,
                            game=table.game,
                            players=table.num_players,
                            updated_at=stamp,
                            **values,
                        )
                    )
                connection.execute(
                    insert(HISTORY_ROWS).values(
                        account_id=account,
                        game=table.game,
                        players=table.num_players,
                        table_id=table_id,
                        seat=seat.seat,
                        place=place,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        at=stamp,
                    )
                )
                counted.append((seat.seat, rating.mu, rating.sigma, games))
        return Settled(table_id, counted)

    def unsettled(self) -> list[str]:
        """Finished rated tables whose game was never counted (a process stopped between)."""
        tables = TABLE_ROWS.c
        with self._reader.connect() as connection:
            return list(
                connection.execute(
                    select(tables.id).where(
                        tables.rated.is_(True),
                        _over(tables),
                        tables.rated_at.is_(None),
                    )
                ).scalars()
            )
