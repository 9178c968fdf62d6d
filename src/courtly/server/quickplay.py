"""Quick play: "Play now" seats a logged-in player at a waiting quick-play table of the game
and player count with an open seat, or makes one (rated, every seat open). A table starts
by itself once its seats are all taken; its creator may let bots fill its empty seats after
a wait (docs/server.md, "Quick play")."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from courtly.core.registry import load_game
from courtly.server.access import link
from courtly.server.account_rows import Account
from courtly.server.live import LiveTable
from courtly.server.lobby import Lobby
from courtly.server.outbox import broadcast_table
from courtly.server.peers import one_line
from courtly.server.refusals import RequestError
from courtly.server.stored import BOT, OPEN, PERSON, WAITING, ConflictError, StoredSeat
from courtly.server.tables import LiveTables, WakeBots
from courtly.server.tokens import new_token, token_hash

log = logging.getLogger("courtly.server")

# The level that fills a seat: the one a new player (1500) is taken to match (docs/ratings.md).
FILL_LEVEL = "easy"
# The longest wait a creator may choose before bots fill the seats (an hour).
MAX_FILL_AFTER = 3600


class QuickPlay:
    def __init__(self, tables: LiveTables, lobby: Lobby, wake_bots: WakeBots) -> None:
        self.tables = tables
        self.lobby = lobby
        self.thread = tables.thread
        self.store = tables.store
        self.wake_bots = wake_bots

    async def play_now(
        self, account: Account, game_name: str, players: int, fill_after: int | None
    ) -> dict[str, Any]:
        """A seat for ``account``: at the oldest waiting quick table that fits, or a new one.
        The answer is the seat's link (its token shown only here) and the table."""
        game = load_game(game_name)
        game.check_players(players)
        if fill_after is not None and not 0 <= fill_after <= MAX_FILL_AFTER:
            raise RequestError(400, "server.quick.fill_after", high=MAX_FILL_AFTER)
        for live in await self.open_tables(game.name, players):
            if any(s.account_id == account.id for s in live.stored.seats):
                raise RequestError(409, "server.quick.waiting", table=live.id)
            seated = await self._sit(live, account)
            if seated is not None:
                return seated
        created = await self.lobby.create(
            game.name,
            players,
            {},
            [OPEN] * players,
            None,
            rated=True,
            quick=True,
            fill_after=fill_after,
        )
        live = await self.tables.require(created["table"]["id"])
        seated = await self._sit(live, account)
        if seated is None:  # taken by others in the moment since it was made: very unlikely
            raise RequestError(409, "server.quick.full")
        return seated

    async def open_tables(self, game: str, players: int) -> list[LiveTable]:
        """The waiting quick tables of this game and count with an open seat, oldest first."""
        rows = await self.thread.run(
            self.store.list_tables, [WAITING], self.lobby.limits.max_tables_listed
        )
        fitting = [
            r
            for r in reversed(rows)
            if r.quick
            and r.game == game
            and r.num_players == players
            and any(s.kind == OPEN for s in r.seats)
        ]
        return [await self.tables.require(r.id) for r in fitting]

    async def _sit(self, live: LiveTable, account: Account) -> dict[str, Any] | None:
        """Take the table's first open seat for the account (stored only if still open, so
        two processes never seat two players in one seat); start the table once full."""
        async with live.lock:
            free = [s for s in live.stored.seats if s.kind == OPEN]
            if live.status != WAITING or not free:
                return None
            fresh = new_token()
            seat = StoredSeat(
                free[0].seat, PERSON, None, account.name, token_hash(fresh), account.id
            )
            try:
                await self.thread.run(self.store.update_seat, live.id, seat, True)
            except ConflictError:
                await self.tables.reload(live)
                return None
            live.stored.seats[seat.seat] = seat
            broadcast_table(live)
            if len(free) == 1:
                await self.lobby.start_locked(live)
        self.wake_bots(live)
        return {"seat": seat.seat, "table": live.info(), **link(live.id, fresh)}

    async def fill_due(self) -> None:
        """Bots take the open seats of quick tables that waited their creator's wait, with
        someone seated; then the table starts (the hub's once-a-second upkeep)."""
        now = datetime.now(UTC).replace(tzinfo=None)
        for live in list(self.tables.tables.values()):
            stored = live.stored
            if not (stored.quick and stored.fill_after is not None and live.status == WAITING):
                continue
            if stored.created_at + timedelta(seconds=stored.fill_after) > now:
                continue
            try:
                await self._fill(live)
            except (RequestError, ConflictError) as exc:
                log.info("table %s: not filled with bots: %s", live.id, one_line(exc))

    async def _fill(self, live: LiveTable) -> None:
        async with live.lock:
            if live.status != WAITING or not any(s.account_id for s in live.stored.seats):
                return
            for seat in [s for s in live.stored.seats if s.kind == OPEN]:
                bot = StoredSeat(seat.seat, BOT, bot_spec=FILL_LEVEL)
                await self.thread.run(self.store.update_seat, live.id, bot, True)
                live.stored.seats[seat.seat] = bot
            broadcast_table(live)
            await self.lobby.start_locked(live)
        self.wake_bots(live)
