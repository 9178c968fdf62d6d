"""Serve the browser client from the package's data: one page for every client route and the
static files under ``/static``. (The routes it reads, the replay's and the catalogues'
among them, are the server's: :mod:`courtly.server.routes`.)"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

STATIC_DIR = Path(__file__).parent / "static"
# The client routes (docs/web.md); the page itself reads the path and draws the right view.
PAGES = ("/", "/play/{table_id}", "/history", "/replay/{table_id}", "/account")


def index_page() -> HTMLResponse:
    """The one page; never cached, so an upgraded server serves its own client."""
    html = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    return HTMLResponse(html, headers={"Cache-Control": "no-cache"})


def install_client(app: FastAPI) -> None:
    """Add the client's pages and files to ``app``. Call it before any other route for
    ``/``: the first route registered for a path answers it."""

    async def page() -> HTMLResponse:
        return index_page()

    for path in PAGES:
        # HEAD too: uptime monitors and link checkers ask with it (GET only answered 405).
        app.add_api_route(path, page, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
