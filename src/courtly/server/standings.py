"""The public reads of the ratings (``Store.standings``): a pool's leaderboard and a
player's profile, only what anyone may see (never an account's id, sessions or unfinished
tables). The rows are written by ``courtly.server.rating_rows``."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

from courtly.analysis.ratings import Rating, placings_of
from courtly.server.account_rows import ACCOUNT_ROWS
from courtly.server.rating_rows import HISTORY_ROWS, RATING_ROWS
from courtly.server.schema import SEAT_ROWS, TABLE_ROWS, stored_table
from courtly.server.stored import FINISHED, StoredSeat, StoredTable

# A public profile's newest finished games, and a leaderboard's length.
PROFILE_GAMES = 50
LEADERBOARD_ROWS = 100


def _stamp(at: datetime) -> str:
    return at.isoformat() + "Z"


def result_places(result: Mapping[str, Any]) -> list[int]:
    """Each seat's place (1 first) in a table's result as its info shows it: the game's
    (``placings_of``: the winners first, the others by score), or a loss on time's (the seat
    that ran out second, every other first)."""
    out = result.get("time_out")
    if isinstance(out, int):
        return [2 if seat == out else 1 for seat in range(len(result["winners"]) + 1)]
    return placings_of(result)


def listed_places(result: Mapping[str, Any] | None) -> list[int] | None:
    """A finished table's places as a list of games shows them: None for no result, or for a
    stored result that names no places (no winners: a row written by a tool or by an older
    courtly), so that one odd row never takes the whole list down."""
    if result is None:
        return None
    try:
        return result_places(result)
    except (ValueError, KeyError, TypeError):
        return None


def with_places(info: dict[str, Any]) -> dict[str, Any]:
    """A table's info as a list of games shows it: with each seat's place in its result (None
    for none), so a page can say who came where without ranking the scores itself."""
    return {**info, "places": listed_places(info["result"])}


def _rating(row: Any) -> dict[str, Any]:
    rating = Rating(row.mu, row.sigma)
    return {
        "game": row.game,
        "players": row.players,
        "rating": rating.display,
        "provisional": rating.provisional,
        "games": row.games,
    }


class Standings:
    def __init__(self, reader: Engine) -> None:
        self._reader = reader

    def leaderboard(self, game: str, players: int) -> dict[str, Any]:
        """A pool's players, best first: the settled ratings ranked, the provisional ones
        (too few games to rank) apart. Deleted accounts are left out."""
        ratings, accounts = RATING_ROWS.c, ACCOUNT_ROWS.c
        with self._reader.connect() as connection:
            rows = connection.execute(
                select(accounts.name, ratings.mu, ratings.sigma, ratings.games)
                .join(ACCOUNT_ROWS, accounts.id == ratings.account_id)
                .where(
                    ratings.game == game,
                    ratings.players == players,
                    accounts.deleted_at.is_(None),
                )
                .order_by(ratings.mu.desc(), accounts.name_key)
                .limit(LEADERBOARD_ROWS)
            ).all()
        ranked: list[dict[str, Any]] = []
        provisional: list[dict[str, Any]] = []
        for row in rows:
            rating = Rating(row.mu, row.sigma)
            entry = {"name": row.name, "rating": rating.display, "games": row.games}
            if rating.provisional:
                provisional.append(entry)
            else:
                ranked.append({**entry, "rank": len(ranked) + 1})
        return {"game": game, "players": players, "ranked": ranked, "provisional": provisional}

    def profile(self, key: str) -> dict[str, Any] | None:
        """What anyone may see of the account named ``key``: its name, its ratings, their
        history and its finished games (never its id, sessions or unfinished tables)."""
        accounts, ratings, history = ACCOUNT_ROWS.c, RATING_ROWS.c, HISTORY_ROWS.c
        seats, tables = SEAT_ROWS.c, TABLE_ROWS.c
        with self._reader.connect() as connection:
            account = connection.execute(
                select(accounts.id, accounts.name, accounts.created_at).where(
                    accounts.name_key == key, accounts.deleted_at.is_(None)
                )
            ).one_or_none()
            if account is None:
                return None
            pools = connection.execute(
                select(RATING_ROWS)
                .where(ratings.account_id == account.id)
                .order_by(ratings.game, ratings.players)
            ).all()
            changes = connection.execute(
                select(HISTORY_ROWS)
                .where(history.account_id == account.id)
                .order_by(history.at, history.id)
            ).all()
            mine = connection.execute(
                select(seats.table_id, seats.seat)
                .join(TABLE_ROWS, tables.id == seats.table_id)
                .where(seats.account_id == account.id, tables.status == FINISHED)
                .order_by(tables.finished_at.desc())
                .limit(PROFILE_GAMES)
            ).all()
            ids = [m.table_id for m in mine]
            rows = {
                r.id: r for r in connection.execute(select(TABLE_ROWS).where(tables.id.in_(ids)))
            }
            table_seats: dict[str, list[Any]] = {}
            for seat in connection.execute(
                select(SEAT_ROWS).where(seats.table_id.in_(ids)).order_by(seats.seat)
            ):
                table_seats.setdefault(seat.table_id, []).append(seat)
        return {
            "name": account.name,
            "since": _stamp(account.created_at),
            "ratings": [_rating(p) for p in pools],
            "history": [
                {
                    "game": c.game,
                    "players": c.players,
                    "table": c.table_id,
                    "place": c.place,
                    "rating": Rating(c.mu, c.sigma).display,
                    "at": _stamp(c.at),
                }
                for c in changes
            ],
            "games": [
                _finished_game(stored_table(rows[m.table_id], table_seats[m.table_id]), m.seat)
                for m in mine
            ],
        }


def _finished_game(table: StoredTable, seat: int) -> dict[str, Any]:
    """A finished game as a profile lists it: only what its replay shows anyone (its end
    shows every seat's score and place)."""
    return {
        "id": table.id,
        "game": table.game,
        "players": table.num_players,
        "rated": table.rated,
        "seat": seat,
        "seats": [_seat_name(s) for s in table.seats],
        "winners": [] if table.result is None else list(table.result.get("winners", [])),
        "scores": [] if table.result is None else list(table.result.get("scores", [])),
        "places": listed_places(table.result),
        "finished_at": None if table.finished_at is None else _stamp(table.finished_at),
    }


def _seat_name(seat: StoredSeat) -> dict[str, Any]:
    return {
        "name": seat.name,
        "bot": seat.bot_spec,
        "deleted": bool(seat.account_id and not seat.name),
    }
