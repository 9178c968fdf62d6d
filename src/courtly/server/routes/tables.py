"""``/api/tables``: make, list and inspect tables, take, free and give seats to bots, start,
end, download a record, and each table's websocket (docs/protocol.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from pydantic import BaseModel, Field

from courtly.core.i18n import language_from_accept
from courtly.server.clocks import Pace
from courtly.server.config import Limits
from courtly.server.guards import ClientRate, retry_after
from courtly.server.refusals import RequestError
from courtly.server.routes.accounts import CurrentAccount
from courtly.server.routes.common import Auth, CurrentHub, bearer, websocket_hub
from courtly.server.stored import ACTIVE, ENDED, FINISHED, PLAYING, WAITING
from courtly.server.websocket import serve_websocket


class CreateTable(BaseModel):
    game: str = Field(description="a game name from /api/games")
    players: int = Field(description="number of players")
    seats: list[str] = Field(
        description="one per seat: 'open', 'hotseat' or 'bot:AGENT' (bot:easy, bot:hard, ...)"
    )
    options: dict[str, Any] = Field(default_factory=dict, description="game options by name")
    seed: int | None = Field(
        default=None, ge=0, lt=2**64, description="fix the deal (tests, rematches)"
    )
    hints: bool = Field(
        default=False,
        description="let each player ask what the strongest bot would play at their own seat",
    )
    spectator_chat: bool = Field(
        default=False,
        description="let spectators write in the table's chat too (its seats always may)",
    )
    pace: Pace | None = Field(
        default=None, description="a Fischer clock or a deadline per move; none: no clock"
    )


class TakeSeat(BaseModel):
    name: str = Field(description="the display name shown to the table")


class MuteSeat(BaseModel):
    muted: bool = Field(description="true: the seat's chat messages are refused; false: again")


class ReplaceSeat(BaseModel):
    bot: str = Field(
        description="an agent spec within the hard level's budget: easy, medium, hard, "
        "ismcts:seconds=0.5 ..."
    )


def tables_router(limits: Limits) -> APIRouter:
    """The routes, with the new-table rate of ``limits`` (one count per server process)."""
    router = APIRouter()
    creations = ClientRate(limits.tables_per_minute)

    @router.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request, hub: CurrentHub) -> dict[str, Any]:
        """A new table: the owner link, the spectator link and one link per open or hotseat
        seat. Tokens are shown only here."""
        # Per address (the proxy's X-Forwarded-For where uvicorn trusts it): docs/server.md.
        wait = creations.take(request.client.host if request.client else "")
        if wait:
            raise RequestError(
                429,
                "server.request.too_many_tables",
                limit=limits.tables_per_minute,
                wait=retry_after(wait),
            )
        created = await hub.lobby.create(
            body.game,
            body.players,
            body.options,
            body.seats,
            body.seed,
            body.hints,
            body.spectator_chat,
        )
        if body.pace is not None:
            await hub.deadlines.configure(created["table"]["id"], body.pace)
            created["table"] = (await hub.tables.require(created["table"]["id"])).info()
        return created

    @router.get("/api/tables")
    async def list_tables(
        hub: CurrentHub,
        status: Annotated[
            str,
            Query(
                description="'active' (waiting or playing), 'history' (finished, ended) "
                "or one state"
            ),
        ] = "active",
    ) -> list[dict[str, Any]]:
        groups = {"active": list(ACTIVE), "history": [FINISHED, ENDED]}
        statuses = groups.get(status, [status])
        if not set(statuses) <= {WAITING, PLAYING, FINISHED, ENDED}:
            raise RequestError(400, "server.request.status", status=status)
        return await hub.lobby.list_tables(statuses)

    @router.get("/api/tables/{table_id}")
    async def inspect_table(table_id: str, hub: CurrentHub) -> dict[str, Any]:
        return (await hub.tables.require(table_id)).info()

    @router.post("/api/tables/{table_id}/take")
    async def take_seat(
        table_id: str,
        body: TakeSeat,
        hub: CurrentHub,
        account: CurrentAccount,
        authorization: Auth = None,
    ) -> dict[str, Any]:
        """Take (or rename) the seat of an invite or hotseat link. Logged in, the first seat
        taken at a table is played under the account (named as it is)."""
        return await hub.seating.take_seat(table_id, bearer(authorization), body.name, account)

    @router.post("/api/tables/{table_id}/start")
    async def start_table(
        table_id: str, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub.lobby.start_table(table_id, bearer(authorization))

    @router.post("/api/tables/{table_id}/end")
    async def end_table(
        table_id: str, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub.lobby.end_table(table_id, bearer(authorization))

    @router.post("/api/tables/{table_id}/seats/{seat}/kick")
    async def kick_seat(
        table_id: str, seat: int, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        """Open an idle person's seat again; the answer holds its new invite link."""
        return await hub.seating.kick(table_id, bearer(authorization), seat)

    @router.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def replace_seat(
        table_id: str, seat: int, body: ReplaceSeat, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub.seating.replace_by_bot(table_id, bearer(authorization), seat, body.bot)

    @router.post("/api/tables/{table_id}/seats/{seat}/mute")
    async def mute_seat(
        table_id: str, seat: int, body: MuteSeat, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        """Mute (or unmute) a seat in the table's chat: the owner's link only."""
        live = await hub.tables.require(table_id)
        return await hub.chat.mute(live, bearer(authorization), seat, body.muted)

    @router.get("/api/tables/{table_id}/record")
    async def download_record(
        table_id: str, request: Request, hub: CurrentHub, authorization: Auth = None
    ) -> dict[str, Any]:
        """After the end the whole record (replay it with ``courtly replay``); before, only
        the events the link's viewer has seen, their texts in the request's language."""
        lang = language_from_accept(request.headers.get("accept-language"))
        record = await hub.lobby.record(table_id, bearer(authorization), lang)
        # What the clock did (time-outs, returns, leave): public to the table, as the chat.
        return {**record, "clock_events": await hub.deadlines.events(table_id)}

    @router.websocket("/api/tables/{table_id}/ws")
    async def websocket(websocket: WebSocket, table_id: str) -> None:
        await serve_websocket(websocket_hub(websocket), websocket, table_id)

    return router
