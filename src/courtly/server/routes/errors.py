"""Every refusal of an HTTP request as ``{"detail": "one line"}`` in the request's language
(docs/protocol.md, "HTTP"): the server's own, the framework's, a body that does not fit its
model, the kernel's (an unknown game is 404), and the database out of reach (503). A browser
asking for a page at an address of none gets the client's page (404), which says so in words."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from courtly.core.errors import CourtlyError, UnknownGameError, error_text
from courtly.core.i18n import language_from_accept
from courtly.server.invalid import framework_refusal, invalid_request
from courtly.server.peers import one_line
from courtly.server.refusals import RequestError
from courtly.server.store import UNREACHABLE
from courtly.web.mount import index_page

log = logging.getLogger("courtly.server")


def _answer(request: Request, status: int, error: CourtlyError) -> JSONResponse:
    lang = language_from_accept(request.headers.get("accept-language"))
    return JSONResponse({"detail": error_text(error, lang)}, status_code=status)


def _page_address(request: Request) -> bool:
    """Whether a request is a browser asking for a page: GET or HEAD, for HTML, outside the
    API and the static files (those keep their one-line JSON refusal)."""
    path = request.url.path
    if request.method not in ("GET", "HEAD") or path.startswith(("/api/", "/static/")):
        return False
    return "text/html" in request.headers.get("accept", "")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestError)
    async def request_error(request: Request, exc: RequestError) -> JSONResponse:
        answer = _answer(request, exc.status, exc.error)
        wait = exc.error.data.get("wait") if exc.status == 429 else None
        if wait is not None:
            answer.headers["Retry-After"] = str(wait)
        return answer

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and _page_address(request):
            # A person's browser at an address of no page: the client's page, which says
            # there is nothing here in the reader's words and links to the lobby (still 404).
            page = index_page()
            page.status_code = 404
            return page
        error = framework_refusal(exc.detail)
        if error is None:
            return await http_exception_handler(request, exc)
        answer = _answer(request, exc.status_code, error)
        for name, value in (exc.headers or {}).items():
            answer.headers[name] = value
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # One line, as every other refusal (FastAPI's default is 422 with pydantic's list).
        return _answer(request, 400, invalid_request(exc.errors()))

    @app.exception_handler(CourtlyError)
    async def courtly_error(request: Request, exc: CourtlyError) -> JSONResponse:
        return _answer(request, 404 if isinstance(exc, UnknownGameError) else 400, exc)

    async def unreachable(request: Request, exc: Exception) -> JSONResponse:
        # An outage is expected now and then: one line in the log, no traceback, and the
        # client told to try again (nothing was changed: every change is stored first).
        log.warning(
            "%s %s: the database is out of reach: %s",
            request.method,
            request.url.path,
            one_line(exc),
        )
        return _answer(request, 503, CourtlyError.keyed("server.request.database"))

    for kind in UNREACHABLE:
        app.add_exception_handler(kind, unreachable)
