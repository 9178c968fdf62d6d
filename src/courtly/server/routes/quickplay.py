"""``/api/quickplay``: "Play now", a seat for the logged-in player at a waiting rated table of
a game and player count, or a new one (docs/server.md, "Quick play")."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from courtly.server.routes.accounts import SignedIn
from courtly.server.routes.common import CurrentHub


class PlayNow(BaseModel):
    game: str = Field(description="a game name from /api/games")
    players: int = Field(description="number of players")
    fill_after: int | None = Field(
        default=None,
        description="a new table's wait, in seconds, before bots of the easy level take its "
        "empty seats (null: it waits for people)",
    )


router = APIRouter()


@router.post("/api/quickplay")
async def play_now(body: PlayNow, hub: CurrentHub, account: SignedIn) -> dict[str, Any]:
    """A seat: ``{"seat", "table", "token", "link"}`` (the token shown only here)."""
    return await hub.quick.play_now(account, body.game, body.players, body.fill_after)
