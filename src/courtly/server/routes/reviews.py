"""Post-game reviews: ``POST /api/tables/{id}/reviews/{seat}`` starts (or goes on with) the
review of a seat of a finished table, ``GET`` the same path shows it with its progress
(``courtly.server.reviews``). A table still being played is refused (409)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from courtly.core.i18n import language_from_accept, normalize
from courtly.server.reviews import shown
from courtly.server.routes.common import CurrentHub

router = APIRouter()

SeatPath = Annotated[int, Path(ge=0, description="the seat reviewed, from 0")]
LangQuery = Annotated[
    str | None, Query(description="the moves' language (en, ko); else Accept-Language")
]


def _lang(request: Request, lang: str | None) -> str:
    return normalize(lang) or language_from_accept(request.headers.get("accept-language"))


@router.post("/api/tables/{table_id}/reviews/{seat}")
async def request_review(
    table_id: str, seat: SeatPath, request: Request, hub: CurrentHub, lang: LangQuery = None
) -> dict[str, Any]:
    """Start the review of ``seat`` (computed once and stored with the table); its progress."""
    live = await hub.tables.require(table_id)
    body = await hub.reviews.request(live, seat)
    return shown(live, seat, body, _lang(request, lang))


@router.get("/api/tables/{table_id}/reviews/{seat}")
async def get_review(
    table_id: str, seat: SeatPath, request: Request, hub: CurrentHub, lang: LangQuery = None
) -> dict[str, Any]:
    """The review of ``seat`` as far as it has gone (status ``none`` if never asked for)."""
    live = await hub.tables.require(table_id)
    body = await hub.reviews.stored(live, seat)
    return shown(live, seat, body, _lang(request, lang))
