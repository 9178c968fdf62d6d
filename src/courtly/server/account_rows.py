"""The stored accounts (``Store.accounts``; courtly.server.accounts): names and password
hashes, sessions (a hash of each cookie's id, with its expiry), the log-in attempts the rate
limits count, and the tables an account played. In the Store's database, so every process on
one PostgreSQL sees the same sessions and counts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from courtly.server.schema import SEAT_ROWS, TABLE_ROWS, Base, stored_table
from courtly.server.stored import StoredTable


@dataclass(frozen=True)
class Account:
    """A player's account as the server reads it (never its password's hash)."""

    id: str
    name: str
    created_at: datetime

    def public(self) -> dict[str, str]:
        """What its owner is shown of it (nobody else is shown more than the name)."""
        return {"id": self.id, "name": self.name, "created_at": self.created_at.isoformat() + "Z"}


ACCOUNT_ROWS = Table(
    "courtly_accounts",
    Base.metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=True),
    Column("name_key", String(64), nullable=True, unique=True),
    Column("password_hash", String(255), nullable=True),
    Column("created_at", DateTime, nullable=False),
    Column("deleted_at", DateTime, nullable=True),
)
SESSION_ROWS = Table(
    "courtly_sessions",
    Base.metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", ForeignKey("courtly_accounts.id", ondelete="CASCADE"), index=True),
    Column("created_at", DateTime, nullable=False),
    Column("expires_at", DateTime, nullable=False, index=True),
)
ATTEMPT_ROWS = Table(
    "courtly_login_attempts",
    Base.metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(200), nullable=False, index=True),
    Column("at", DateTime, nullable=False, index=True),
)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _account(row: Any) -> Account:
    return Account(row.id, row.name, row.created_at)


class AccountRows:
    def __init__(
        self,
        reader: Engine,
        write: Callable[[], AbstractContextManager[Connection]],
        announce: Callable[[Connection, str, int], None],
    ) -> None:
        self._reader = reader
        self._write = write
        self._announce = announce

    # --- accounts ------------------------------------------------------------------------

    def create(self, account_id: str, name: str, key: str, password_hash: str) -> Account | None:
        """A new account, or None if its name (compared by ``key``) is taken."""
        stamp = now()
        try:
            with self._write() as connection:
                connection.execute(
                    insert(ACCOUNT_ROWS).values(
                        id=account_id,
                        name=name,
                        name_key=key,
                        password_hash=password_hash,
                        created_at=stamp,
                    )
                )
        except IntegrityError:
            return None  # the unique name key: taken, maybe a moment ago by another process
        return Account(account_id, name, stamp)

    def by_name(self, key: str) -> tuple[Account, str] | None:
        """The account named ``key`` (not deleted) and its password hash."""
        accounts = ACCOUNT_ROWS.c
        with self._reader.connect() as connection:
            row = connection.execute(
                select(ACCOUNT_ROWS).where(accounts.name_key == key, accounts.deleted_at.is_(None))
            ).one_or_none()
        return None if row is None else (_account(row), row.password_hash)

    def password_hash(self, account_id: str) -> str | None:
        accounts = ACCOUNT_ROWS.c
        with self._reader.connect() as connection:
            found: str | None = connection.execute(
                select(accounts.password_hash).where(accounts.id == account_id)
            ).scalar_one_or_none()
        return found

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Store a new password hash; every session of the account ends with the old one."""
        with self._write() as connection:
            connection.execute(
                update(ACCOUNT_ROWS)
                .where(ACCOUNT_ROWS.c.id == account_id)
                .values(password_hash=password_hash)
            )
            connection.execute(delete(SESSION_ROWS).where(SESSION_ROWS.c.account_id == account_id))

    def delete(self, account_id: str) -> list[str]:
        """Delete an account: its name and password hash go, with its sessions; the row stays
        (no name) so its seats keep saying whose they were: a deleted player's. The seats lose
        the name too. The ids of its tables (each told to the other processes, which re-read
        the ones they hold)."""
        seats = SEAT_ROWS.c
        with self._write() as connection:
            connection.execute(
                update(ACCOUNT_ROWS)
                .where(ACCOUNT_ROWS.c.id == account_id)
                .values(name=None, name_key=None, password_hash=None, deleted_at=now())
            )
            connection.execute(delete(SESSION_ROWS).where(SESSION_ROWS.c.account_id == account_id))
            connection.execute(
                update(SEAT_ROWS).where(seats.account_id == account_id).values(name=None)
            )
            played = list(
                connection.execute(
                    select(seats.table_id).where(seats.account_id == account_id).distinct()
                ).scalars()
            )
            for table_id in played:
                self._announce(connection, table_id, -1)
        return played

    def tables(self, account_id: str, limit: int) -> list[tuple[StoredTable, int]]:
        """The newest tables the account has a seat at, each with the seat (no actions)."""
        seats = SEAT_ROWS.c
        with self._reader.connect() as connection:
            mine = connection.execute(
                select(seats.table_id, seats.seat)
                .join(TABLE_ROWS, TABLE_ROWS.c.id == seats.table_id)
                .where(seats.account_id == account_id)
                .order_by(TABLE_ROWS.c.updated_at.desc())
                .limit(limit)
            ).all()
            ids = [row.table_id for row in mine]
            rows = {
                r.id: r
                for r in connection.execute(select(TABLE_ROWS).where(TABLE_ROWS.c.id.in_(ids)))
            }
            all_seats = connection.execute(
                select(SEAT_ROWS).where(seats.table_id.in_(ids)).order_by(seats.seat)
            ).all()
        by_table: dict[str, list[Any]] = {}
        for seat in all_seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return [(stored_table(rows[m.table_id], by_table[m.table_id]), m.seat) for m in mine]

    # --- sessions ------------------------------------------------------------------------

    def open_session(
        self, token_hash: str, account_id: str, expires_at: datetime, replaces: str | None
    ) -> None:
        """Store a new session (the one it ``replaces``, by its hash, ends: a log-in always
        gets a new id, so an id planted before it is worth nothing); expired ones are let go."""
        sessions = SESSION_ROWS.c
        stamp = now()
        with self._write() as connection:
            connection.execute(delete(SESSION_ROWS).where(sessions.expires_at <= stamp))
            if replaces is not None:
                connection.execute(delete(SESSION_ROWS).where(sessions.token_hash == replaces))
            connection.execute(
                insert(SESSION_ROWS).values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=stamp,
                    expires_at=expires_at,
                )
            )

    def session_account(self, token_hash: str) -> Account | None:
        """The account of an unexpired session, or None."""
        sessions, accounts = SESSION_ROWS.c, ACCOUNT_ROWS.c
        with self._reader.connect() as connection:
            row = connection.execute(
                select(accounts.id, accounts.name, accounts.created_at)
                .join(SESSION_ROWS, sessions.account_id == accounts.id)
                .where(
                    sessions.token_hash == token_hash,
                    sessions.expires_at > now(),
                    accounts.deleted_at.is_(None),
                )
            ).one_or_none()
        return None if row is None else _account(row)

    def close_session(self, token_hash: str) -> None:
        with self._write() as connection:
            connection.execute(delete(SESSION_ROWS).where(SESSION_ROWS.c.token_hash == token_hash))

    # --- log-in attempts -----------------------------------------------------------------

    def attempts(self, keys: Sequence[str], since: datetime) -> dict[str, tuple[int, datetime]]:
        """For each key with attempts after ``since``: how many, and the oldest of them."""
        attempts = ATTEMPT_ROWS.c
        with self._reader.connect() as connection:
            rows = connection.execute(
                select(attempts.key, func.count(), func.min(attempts.at))
                .where(attempts.key.in_(list(keys)), attempts.at > since)
                .group_by(attempts.key)
            ).all()
        return {row[0]: (int(row[1]), row[2]) for row in rows}

    def add_attempts(self, keys: Sequence[str], forget_before: datetime) -> None:
        """Count an attempt under each key; attempts older than the limits look at go."""
        with self._write() as connection:
            connection.execute(delete(ATTEMPT_ROWS).where(ATTEMPT_ROWS.c.at < forget_before))
            stamp = now()
            connection.execute(insert(ATTEMPT_ROWS), [{"key": k, "at": stamp} for k in keys])

    def clear_attempts(self, key: str) -> None:
        with self._write() as connection:
            connection.execute(delete(ATTEMPT_ROWS).where(ATTEMPT_ROWS.c.key == key))
