"""The HTTP routes and the websocket endpoint (docs/protocol.md describes each)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from courtly.core.errors import CourtlyError, UnknownGameError, error_text
from courtly.core.i18n import language_from_accept, text
from courtly.server import protocol
from courtly.server.catalogue import catalogue
from courtly.server.config import ServerConfig, limits_from_environment
from courtly.server.guards import BodyLimit, ClientRate, retry_after
from courtly.server.hub import Hub
from courtly.server.invalid import framework_refusal, invalid_request
from courtly.server.live import Connection, RequestError, TokenBucket
from courtly.server.scheduler import BotScheduler
from courtly.server.store import ACTIVE, ENDED, FINISHED, PLAYING, WAITING, Store
from courtly.server.tokens import token_hash
from courtly.web.mount import install_client

HELLO_SECONDS = 10.0


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


class TakeSeat(BaseModel):
    name: str = Field(description="the display name shown to the table")


class ReplaceSeat(BaseModel):
    bot: str = Field(
        description="an agent spec within the hard level's budget: easy, medium, hard, "
        "ismcts:seconds=0.5 ..."
    )


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


Auth = Annotated[str | None, Header(description="Bearer TOKEN (a link's token)")]


def create_app(config: ServerConfig, bot_pool: bool = True) -> FastAPI:
    try:
        limits = limits_from_environment(config.limits)
    except CourtlyError as exc:
        # A misconfigured server stops before it serves, with one line (no traceback).
        raise SystemExit(error_text(exc)) from None
    creations = ClientRate(limits.tables_per_minute)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            Store(config.database_url),
            limits,
            BotScheduler(config.bot_workers) if bot_pool else None,
        )
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="courtly table server",
        version="1",
        description="Tables of the courtly games over HTTP and one websocket per client.",
        lifespan=lifespan,
    )
    install_client(app)  # the browser client: / and its pages, /static, finished games
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(RequestError)
    async def request_error(request: Request, exc: RequestError) -> JSONResponse:
        lang = language_from_accept(request.headers.get("accept-language"))
        wait = exc.error.data.get("wait") if exc.status == 429 else None
        return JSONResponse(
            {"detail": error_text(exc.error, lang)},
            status_code=exc.status,
            headers=None if wait is None else {"Retry-After": str(wait)},
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        error = framework_refusal(exc.detail)
        if error is None:
            return await http_exception_handler(request, exc)
        lang = language_from_accept(request.headers.get("accept-language"))
        return JSONResponse(
            {"detail": error_text(error, lang)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # One line, as every other refusal (FastAPI's default is 422 with pydantic's list).
        lang = language_from_accept(request.headers.get("accept-language"))
        error = invalid_request(exc.errors())
        return JSONResponse({"detail": error_text(error, lang)}, status_code=400)

    @app.exception_handler(CourtlyError)
    async def courtly_error(request: Request, exc: CourtlyError) -> JSONResponse:
        status = 404 if isinstance(exc, UnknownGameError) else 400
        lang = language_from_accept(request.headers.get("accept-language"))
        return JSONResponse({"detail": error_text(exc, lang)}, status_code=status)

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        live = [t for t in hub.tables.values() if t.status in ACTIVE]
        return {"ok": True, "live_tables": len(live), "bot_decisions": hub.bot_decisions}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game with its player counts, options and the bot levels and agents."""
        return catalogue()

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
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
        return await hub_of(request).create(
            body.game, body.players, body.options, body.seats, body.seed
        )

    @app.get("/api/tables")
    async def list_tables(
        request: Request,
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
        return await hub_of(request).list_tables(statuses)

    @app.get("/api/tables/{table_id}")
    async def inspect_table(table_id: str, request: Request) -> dict[str, Any]:
        return (await hub_of(request).require(table_id)).info()

    @app.post("/api/tables/{table_id}/take")
    async def take_seat(
        table_id: str, body: TakeSeat, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        """Take (or rename) the seat of an invite or hotseat link."""
        return await hub_of(request).take_seat(table_id, bearer(authorization), body.name)

    @app.post("/api/tables/{table_id}/start")
    async def start_table(
        table_id: str, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub_of(request).start_table(table_id, bearer(authorization))

    @app.post("/api/tables/{table_id}/end")
    async def end_table(
        table_id: str, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub_of(request).end_table(table_id, bearer(authorization))

    @app.post("/api/tables/{table_id}/seats/{seat}/kick")
    async def kick_seat(
        table_id: str, seat: int, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        """Open an idle person's seat again; the answer holds its new invite link."""
        return await hub_of(request).kick(table_id, bearer(authorization), seat)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def replace_seat(
        table_id: str, seat: int, body: ReplaceSeat, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        return await hub_of(request).replace_by_bot(table_id, bearer(authorization), seat, body.bot)

    @app.get("/api/tables/{table_id}/record")
    async def download_record(
        table_id: str, request: Request, authorization: Auth = None
    ) -> dict[str, Any]:
        """After the end the whole record (replay it with ``courtly replay``); before, only
        the events the link's viewer has seen."""
        return await hub_of(request).record(table_id, bearer(authorization))

    @app.websocket("/api/tables/{table_id}/ws")
    async def websocket(websocket: WebSocket, table_id: str) -> None:
        await serve_websocket(hub_of(websocket), websocket, table_id)

    return app


async def serve_websocket(hub: Hub, websocket: WebSocket, table_id: str) -> None:
    """One client: ``hello`` (with its token, or none to watch), a snapshot, then messages."""
    await websocket.accept()
    limits = hub.limits
    # Before its hello names one, a connection reads its browser's language.
    lang = language_from_accept(websocket.headers.get("accept-language"))
    live = await hub.get(table_id)
    if live is None:
        await _close(websocket, "no_table", text("server.closed.no_table", lang, table=table_id))
        return
    try:
        first = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
        hello = protocol.parse_client_message(_payload(first), limits.max_message_bytes)
        if hello.type == protocol.HELLO:
            lang = protocol.connection_language(hello, websocket.headers.get("accept-language"))
        else:
            raise protocol.ProtocolError("bad_message", "the first message must be 'hello'")
        viewer = await hub.resolve_viewer(live, hello.body.get("token"))
    except TimeoutError:
        reason = text("server.closed.no_hello", lang, seconds=round(HELLO_SECONDS))
        await _close(websocket, "no_hello", reason)
        return
    except WebSocketDisconnect:
        return
    except protocol.ProtocolError as exc:
        await _close(websocket, exc.code, text("server.refused.message", lang, detail=exc.reason))
        return
    conn = Connection(websocket, viewer, TokenBucket(limits.per_second, limits.burst))
    conn.lang = lang
    if viewer is not None:
        conn.seat_hash = token_hash(str(hello.body.get("token")))
    conn.owner = hub.is_owner(live, hello.body.get("token"))
    writer = asyncio.create_task(conn.writer())
    await hub.join(live, conn)
    try:
        while True:
            raw = await websocket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            if not conn.bucket.take():
                conn.refused += 1
                if conn.refused >= limits.flood_close:
                    conn.close(1008, "too many messages")
                    break
                reason = text("server.refused.rate_limited", conn.lang)
                conn.send(protocol.error_message("rate_limited", reason, live.seq))
                continue
            try:
                message = protocol.parse_client_message(_payload(raw), limits.max_message_bytes)
                await hub.handle(live, conn, message)
            except protocol.ProtocolError as exc:
                reason = text("server.refused.message", conn.lang, detail=exc.reason)
                conn.send(protocol.error_message(exc.code, reason, live.seq))
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(live, conn)
        with contextlib.suppress(Exception):
            await writer


def _payload(message: Any) -> str | bytes:
    if message.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _close(websocket: WebSocket, code: str, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(protocol.encode(protocol.error_message(code, reason, None)))
        await websocket.close(code=1008, reason=code)
