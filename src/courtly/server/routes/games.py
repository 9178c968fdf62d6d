"""``/api/health`` and ``/api/games``: whether this process serves, and what it offers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from courtly.server.catalogue import catalogue
from courtly.server.routes.common import CurrentHub

router = APIRouter()


@router.get("/api/health")
async def health(hub: CurrentHub) -> dict[str, Any]:
    return {"ok": True, **hub.health()}


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    """Every game with its player counts, options and the bot levels and agents."""
    return catalogue()
