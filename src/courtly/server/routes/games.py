"""``/api/health`` and ``/api/games``: whether this process serves, and what it offers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from courtly.server.catalogue import catalogue
from courtly.server.refusals import RequestError
from courtly.server.routes.common import CurrentHub

router = APIRouter()


@router.get("/api/health")
async def health(hub: CurrentHub) -> dict[str, Any]:
    return {"ok": True, **hub.health()}


@router.get("/api/health/loop")
async def loop_health(hub: CurrentHub) -> dict[str, Any]:
    """The event loop's lag and the garbage collector's pauses since this process started
    (``COURTLY_LOOP_WATCH=1``; 404 otherwise): :mod:`courtly.server.loop_watch`."""
    if hub.loop_watch is None:
        raise RequestError(404, "server.request.no_loop_watch")
    return hub.loop_watch.as_json(hub.gc_policy.full_passes)


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    """Every game with its player counts, options and the bot levels and agents."""
    return catalogue()
