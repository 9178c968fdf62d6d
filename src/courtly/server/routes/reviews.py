"""Post-game reviews: ``POST /api/tables/{id}/reviews/{seat}`` starts (or goes on with) the
review of a seat of a finished table, ``GET`` the same path shows it with its progress
(``courtly.server.reviews``); ``.../reviews/spectator`` the same for the spectator's series,
every seat's win chance from the public view. A table still being played is refused (409).
During a game, ``POST /api/tables/{id}/hint`` gives a seat (its link's token) a hint, where
the table's creator turned hints on."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from courtly.core.i18n import language_from_accept, normalize
from courtly.server.review_shown import shown, shown_spectator
from courtly.server.reviews import SPECTATOR
from courtly.server.routes.common import Auth, CurrentHub, bearer

router = APIRouter()

SeatPath = Annotated[int, Path(ge=0, description="the seat reviewed, from 0")]
LangQuery = Annotated[
    str | None, Query(description="the moves' language (en, ko); else Accept-Language")
]


def _lang(request: Request, lang: str | None) -> str:
    return normalize(lang) or language_from_accept(request.headers.get("accept-language"))


@router.post("/api/tables/{table_id}/reviews/spectator")
async def request_spectator_review(table_id: str, hub: CurrentHub) -> dict[str, Any]:
    """Start the spectator's series: every seat's win chance at each judged turn, from the
    public view alone (computed once and stored with the table); its progress."""
    live = await hub.tables.require(table_id)
    return shown_spectator(live, await hub.reviews.request(live, SPECTATOR))


@router.get("/api/tables/{table_id}/reviews/spectator")
async def get_spectator_review(table_id: str, hub: CurrentHub) -> dict[str, Any]:
    """The spectator's series as far as it has gone (status ``none`` if never asked for)."""
    live = await hub.tables.require(table_id)
    return shown_spectator(live, await hub.reviews.stored(live, SPECTATOR))


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


@router.post("/api/tables/{table_id}/hint")
async def ask_hint(
    table_id: str,
    request: Request,
    hub: CurrentHub,
    authorization: Auth = None,
    lang: LangQuery = None,
) -> dict[str, Any]:
    """What the strongest bot would play at your seat now (your seat's link token), and how
    sure it is: from your seat's view alone, at a table made with hints on, on your turn."""
    live = await hub.tables.require(table_id)
    return await hub.reviews.hint(live, bearer(authorization), _lang(request, lang))
