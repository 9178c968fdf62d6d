"""Rated tables: who may sit at one, and the ratings counted when its game ends.

A table is rated when its creator marked it so, without hints, and every seat is an account
or a bot of a named level (``bot_rating`` is not None: a level with a shipped rating at the
table's player count, whose numbers the game is rated with). Each
rule refuses with one line before anything is stored. The count itself is
``courtly.analysis.ratings`` (OpenSkill); the claim that makes it happen once, whichever
process gets there, is ``RatingRows.settle`` (docs/server.md, "Rated tables")."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from courtly.analysis.ratings import NEW, Rating, bot_rating, rate
from courtly.server.clocks import lost_on_time
from courtly.server.database import StoreThread
from courtly.server.live import LiveTable
from courtly.server.peers import one_line
from courtly.server.rating_rows import Settled
from courtly.server.refusals import RequestError
from courtly.server.standings import result_places
from courtly.server.stored import BOT, ENDED, StoredSeat, StoredTable

log = logging.getLogger("courtly.server")


def check_rated_table(game: str, seats: Sequence[StoredSeat], hints: bool) -> None:
    """A table about to be made rated: no hints, and no bot seat without a named level."""
    if hints:
        raise RequestError(400, "server.rated.hints")
    for seat in seats:
        if seat.kind == BOT:
            check_rated_bot(game, len(seats), seat.seat, seat.bot_spec or "")


def check_rated_bot(game: str, players: int, seat: int, spec: str) -> None:
    """A bot for a seat of a rated ``players``-seat table plays at a level whose rating at
    that count is known."""
    if bot_rating(game, spec.strip(), players) is None:
        raise RequestError(400, "server.rated.bot_level", seat=seat, spec=spec.strip())


def check_rated_taker(live: LiveTable, seat: int, account_id: str | None) -> None:
    """A person taking a seat at a rated table plays it under an account (a guest, or a
    second seat of one account, would be rated as nobody)."""
    if live.stored.rated and account_id is None:
        raise RequestError(403, "server.rated.guest", seat=seat)


def check_rated_start(live: LiveTable) -> None:
    """Every person's seat of a rated table is an account's before the game starts (a seat
    freed and taken again is checked again here)."""
    if not live.stored.rated:
        return
    for seat in live.stored.seats:
        if seat.kind != BOT and seat.account_id is None:
            raise RequestError(409, "server.rated.guest", seat=seat.seat)


def new_ratings(
    table: StoredTable, current: dict[str, Rating]
) -> list[tuple[StoredSeat, Rating, int]]:
    """Each account seat's rating after the game, with its place: the people's ratings in
    the table's pool are ``current`` (``NEW`` for an account without one), the bots' their
    level's at the table's player count, fixed."""
    # Lost on time: the seat that ran out is last, the others share the win. Ended by its
    # owner before the end: nothing to count.
    shown = lost_on_time(table.clock) if table.status == ENDED else table.result
    if shown is None:
        if table.status == ENDED:
            return []
        raise ValueError("the game has no result")
    places = result_places(shown)
    ratings: list[Rating] = []
    for seat in table.seats:
        if seat.kind == BOT:
            level = bot_rating(table.game, seat.bot_spec or "", table.num_players)
            if level is None:
                raise ValueError(f"seat {seat.seat}: bot {seat.bot_spec!r} has no rating")
            ratings.append(level)
        elif seat.account_id is None:
            raise ValueError(f"seat {seat.seat} is no account's")
        else:
            ratings.append(current.get(seat.account_id, NEW))
    after = rate(ratings, places, [s.kind == BOT for s in table.seats])
    return [
        (seat, rating, place)
        for seat, rating, place in zip(table.seats, after, places, strict=True)
        if seat.kind != BOT
    ]


class RatedGames:
    """Counts a finished rated game's ratings, once (the hub calls ``settle`` when a game of
    this process ends, and ``settle_missed`` at the start for any a stopped process left)."""

    def __init__(self, thread: StoreThread) -> None:
        self.thread = thread
        self.rows = thread.store.ratings
        self.standings = thread.store.standings

    async def settle(self, table_id: str) -> Settled | None:
        """Count the table's ratings if nobody has; None when there was nothing to count."""
        try:
            return await self.thread.run(self.rows.settle, table_id, new_ratings)
        except Exception as exc:
            # The claim was not stored either (one transaction): counted at the next start.
            log.warning("table %s: counting its ratings failed: %s", table_id, one_line(exc))
            return None

    async def settle_missed(self) -> None:
        for table_id in await self.thread.run(self.rows.unsettled):
            await self.settle(table_id)

    async def leaderboard(self, game: str, players: int) -> dict[str, Any]:
        return await self.thread.run(self.standings.leaderboard, game, players)

    async def profile(self, name_key: str) -> dict[str, Any] | None:
        return await self.thread.run(self.standings.profile, name_key)
