"""Time at a table (``courtly.server.deadlines``): ``POST /api/tables/{id}/leave`` gives the
seat of the link's token a few days of leave (turn-based tables; its deadlines wait), and
``POST /api/tables/{id}/back`` tells the table its person is back after a time-out (the
stand-in bot stops playing the seat)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from courtly.server.clocks import LEAVE_DAYS_AT_ONCE
from courtly.server.routes.common import Auth, CurrentHub, bearer

router = APIRouter()


class TakeLeave(BaseModel):
    days: float = Field(
        gt=0,
        le=LEAVE_DAYS_AT_ONCE,
        description=f"days of leave from now (or from the end of a leave), at most "
        f"{LEAVE_DAYS_AT_ONCE} at once",
    )


@router.post("/api/tables/{table_id}/leave")
async def take_leave(
    table_id: str, body: TakeLeave, hub: CurrentHub, authorization: Auth = None
) -> dict[str, Any]:
    """The seat's deadlines wait for ``days`` (a turn-based table's seat link only)."""
    return await hub.deadlines.leave(table_id, bearer(authorization), body.days)


@router.post("/api/tables/{table_id}/back")
async def come_back(table_id: str, hub: CurrentHub, authorization: Auth = None) -> dict[str, Any]:
    """The seat's person plays it again: its stand-in bot stops (a seat link only)."""
    return await hub.deadlines.back(table_id, bearer(authorization))
