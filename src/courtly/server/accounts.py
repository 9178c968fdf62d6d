"""Players' accounts: register, log in (rate-limited per account and per address, the counts
stored so every process shares them), log out, change the password, delete the account (its
games stay, its seats then a deleted player's), and the account behind a session cookie."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from courtly.server.account_rows import Account, now
from courtly.server.credentials import (
    account_name,
    check_password,
    hash_password,
    name_key,
    verify_password,
)
from courtly.server.database import StoreThread
from courtly.server.guards import retry_after
from courtly.server.live import table_info
from courtly.server.outbox import broadcast_table
from courtly.server.refusals import RequestError
from courtly.server.sessions import SESSION_DAYS, new_session_id, session_hash
from courtly.server.standings import with_places
from courtly.server.stored import PLAYING
from courtly.server.tables import LiveTables
from courtly.server.tokens import new_token

# Failed log-ins counted over a quarter of an hour: 10 per account name (a guesser of one
# player's password), 30 per address (a guesser of many players' passwords, or a flood of new
# accounts: each registration counts there too, as its hashing costs as much as a log-in).
WINDOW = timedelta(minutes=15)
PER_ACCOUNT = 10
PER_ADDRESS = 30
GAMES_LISTED = 200


def _account_key(key: str) -> str:
    return "account:" + key[:180]


def _address_key(address: str) -> str:
    return "address:" + address[:180]


class Accounts:
    def __init__(self, thread: StoreThread, tables: LiveTables) -> None:
        self.thread = thread
        self.rows = thread.store.accounts
        self.tables = tables

    async def account(self, session_id: str | None) -> Account | None:
        """The account of a session cookie's id; None for none, an unknown or expired one."""
        if not session_id:
            return None
        return await self.thread.run(self.rows.session_account, session_hash(session_id))

    async def register(
        self, typed_name: object, password: str, address: str, previous: str | None
    ) -> tuple[Account, str]:
        """A new account, logged in: the account and its session's id."""
        name = account_name(typed_name)
        check_password(password)
        await self._check_rate([_address_key(address)])
        key = name_key(name)
        if await self.thread.run(self.rows.by_name, key) is not None:
            raise RequestError(409, "server.account.name_taken", name=name)
        await self._count([_address_key(address)])
        hashed = await asyncio.to_thread(hash_password, password)
        account = await self.thread.run(self.rows.create, new_token()[:24], name, key, hashed)
        if account is None:
            raise RequestError(409, "server.account.name_taken", name=name)
        return account, await self._open_session(account, previous)

    async def login(
        self, typed_name: object, password: str, address: str, previous: str | None
    ) -> tuple[Account, str]:
        """Log in: a new session (the one the browser held before ends, so an id planted in it
        beforehand is worth nothing). Refused alike for an unknown name and a wrong password."""
        key = name_key(typed_name) if isinstance(typed_name, str) else ""
        keys = [_account_key(key), _address_key(address)]
        await self._check_rate(keys)
        found = await self.thread.run(self.rows.by_name, key)
        stored = None if found is None else found[1]
        if not await asyncio.to_thread(verify_password, stored, password) or found is None:
            await self._count(keys)
            raise RequestError(401, "server.account.wrong")
        await self.thread.run(self.rows.clear_attempts, _account_key(key))
        return found[0], await self._open_session(found[0], previous)

    async def logout(self, session_id: str | None) -> None:
        if session_id:
            await self.thread.run(self.rows.close_session, session_hash(session_id))

    async def change_password(self, account: Account, current: str, new: str) -> str:
        """A new password: every session of the account ends; this browser gets a new one."""
        check_password(new)
        await self._check_password(account, current)
        hashed = await asyncio.to_thread(hash_password, new)
        await self.thread.run(self.rows.set_password, account.id, hashed)
        return await self._open_session(account, None)

    async def delete(self, account: Account, password: str) -> None:
        """Delete the account (its password asked again). Its games stay; each seat it played
        is named as a deleted player from now on, here at once and in the other processes."""
        await self._check_password(account, password)
        played = await self.thread.run(self.rows.delete, account.id)
        for table_id in played:  # the ones held here: their copies in memory lose the name
            live = self.tables.tables.get(table_id)
            if live is None:
                continue
            async with live.lock:
                for seat in live.stored.seats:
                    if seat.account_id == account.id:
                        seat.name = None
                broadcast_table(live)

    async def games(self, account: Account) -> list[dict[str, Any]]:
        """The account's tables, newest first, each with the seat it played. A table being
        played is brought into memory if it is not there, so its ``to_move`` is known (the
        page's "your move" list needs it at tables without a clock too)."""
        found = await self.thread.run(self.rows.tables, account.id, GAMES_LISTED)
        games = []
        for stored, seat in found:
            live = self.tables.tables.get(stored.id)
            if live is None and stored.status == PLAYING:
                live = await self.tables.get(stored.id)
            info = with_places(table_info(stored if live is None else live.stored, live))
            games.append({**info, "my_seat": seat})
        return games

    async def _check_password(self, account: Account, password: str) -> None:
        stored = await self.thread.run(self.rows.password_hash, account.id)
        if not await asyncio.to_thread(verify_password, stored, password):
            raise RequestError(403, "server.account.wrong_password")

    async def _open_session(self, account: Account, previous: str | None) -> str:
        session_id = new_session_id()
        expires = now() + timedelta(days=SESSION_DAYS)
        replaces = None if previous is None else session_hash(previous)
        await self.thread.run(
            self.rows.open_session, session_hash(session_id), account.id, expires, replaces
        )
        return session_id

    async def _check_rate(self, keys: list[str]) -> None:
        """Refused (429, with the wait) while a key has used its attempts of the window."""
        since = now() - WINDOW
        counts = await self.thread.run(self.rows.attempts, keys, since)
        for key, (count, oldest) in counts.items():
            limit = PER_ACCOUNT if key.startswith("account:") else PER_ADDRESS
            if count >= limit:
                wait = retry_after((oldest + WINDOW - now()).total_seconds())
                raise RequestError(429, "server.account.too_many", wait=wait)

    async def _count(self, keys: list[str]) -> None:
        await self.thread.run(self.rows.add_attempts, keys, now() - WINDOW)
