"""The FastAPI application of one server process: the hub made and started in its lifespan,
the routers of :mod:`courtly.server.routes`, the refusals' shape, and the browser client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from courtly.core.errors import CourtlyError, error_text
from courtly.server.clocks import clock_from_environment
from courtly.server.config import ServerConfig, limits_from_environment
from courtly.server.guards import BodyLimit
from courtly.server.hub import Hub
from courtly.server.routes import accounts, catalogues, clocks, games, replay, reviews
from courtly.server.routes.errors import install_error_handlers
from courtly.server.routes.tables import tables_router
from courtly.server.scheduler import BotScheduler
from courtly.server.sessions import CrossSiteGuard
from courtly.server.store import Store
from courtly.web.mount import install_client


def create_app(config: ServerConfig, bot_pool: bool = True) -> FastAPI:
    try:
        limits = limits_from_environment(config.limits)
    except CourtlyError as exc:
        # A misconfigured server stops before it serves, with one line (no traceback).
        raise SystemExit(error_text(exc)) from None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            Store(config.database_url),
            limits,
            BotScheduler(config.bot_workers) if bot_pool else None,
            clock_from_environment(),
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
    # The browser client first: the first route registered for a path answers it (``/``).
    install_client(app)
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes)
    app.add_middleware(CrossSiteGuard)  # the session cookie's requests (docs/server.md)
    install_error_handlers(app)
    app.include_router(games.router)
    app.include_router(tables_router(limits))
    app.include_router(replay.router)
    app.include_router(reviews.router)
    app.include_router(clocks.router)
    app.include_router(catalogues.router)
    app.include_router(accounts.router)
    return app
