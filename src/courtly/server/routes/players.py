"""``/api/leaderboard`` and ``/api/players``: a game's leaderboard per player count, and a
player's public profile (name, ratings, their history, finished games). Nothing of an
account but its name is shown here: anyone may read these."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from courtly.core.registry import load_game
from courtly.server.credentials import name_key
from courtly.server.refusals import RequestError
from courtly.server.routes.common import CurrentHub

router = APIRouter()


@router.get("/api/leaderboard/{game}")
async def leaderboard(
    game: str,
    hub: CurrentHub,
    players: Annotated[int, Query(description="the player count of the pool")] = 2,
) -> dict[str, Any]:
    """The pool's accounts best first: ``ranked`` (settled ratings) and ``provisional`` (too
    few games to rank), each with its name, rating and number of rated games."""
    loaded = load_game(game)  # an unknown game or player count is refused with one line
    loaded.check_players(players)
    return await hub.rated.leaderboard(loaded.name, players)


@router.get("/api/players/{name}")
async def profile(name: str, hub: CurrentHub) -> dict[str, Any]:
    """A player's public profile (404 for no such account, or a deleted one)."""
    found = await hub.rated.profile(name_key(name))
    if found is None:
        raise RequestError(404, "server.players.none", name=name)
    return found
