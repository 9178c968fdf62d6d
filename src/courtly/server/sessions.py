"""The session cookie and the guard against cross-site requests (docs/server.md, "Accounts").

A session is a random id in a cookie (HttpOnly, SameSite=Lax, Secure when the request came
over TLS, as uvicorn reads it: directly or from a trusted proxy's ``X-Forwarded-Proto``); the
server keeps only its hash. Every state-changing request that carries the cookie must carry
its check token in ``X-Courtly-CSRF`` (a token derived from the cookie's id: the page reads it
from ``GET /api/account``, another site can neither read nor compute it), and such a request,
or one to ``/api/account/...`` (log-in, registration), that names another site in its
``Origin`` is refused whatever it carries. Link tokens
(``Authorization: Bearer``) are never sent by a browser on its own, so link play needs none.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from courtly.core.errors import CourtlyError, error_text
from courtly.core.i18n import language_from_accept

COOKIE = "courtly_session"
CSRF_HEADER = "x-courtly-csrf"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SESSION_DAYS = 30
# Log-in and registration: guarded by their Origin even without a session cookie.
ACCOUNT_PATHS = "/api/account"


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def session_hash(session_id: str) -> str:
    """What the database keeps of a session: a stolen database holds no working cookie."""
    return hashlib.sha256(b"session:" + session_id.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_token(session_id: str) -> str:
    """The check token of a session: derived from its id (so every process knows it without
    storing it), and neither that id nor its stored hash."""
    return hashlib.sha256(b"csrf:" + session_id.encode("utf-8", "surrogatepass")).hexdigest()


def set_session_cookie(response: Response, session_id: str, secure: bool) -> None:
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def clear_session_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


def _session_cookie(headers: dict[bytes, bytes]) -> str | None:
    raw = headers.get(b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except Exception:  # a malformed Cookie header holds no session
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


class CrossSiteGuard:
    """ASGI middleware: a state-changing HTTP request is refused (403, one line in the
    request's language) when its ``Origin`` names another host than the one it was sent to,
    or when it carries the session cookie without the matching ``X-Courtly-CSRF`` token."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        refusal = _refusal(headers, scope["path"].startswith(ACCOUNT_PATHS))
        if refusal is None:
            await self.app(scope, receive, send)
            return
        lang = language_from_accept(headers.get(b"accept-language", b"").decode("latin-1"))
        body = orjson.dumps({"detail": error_text(refusal, lang)})
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _refusal(headers: dict[bytes, bytes], account_path: bool) -> CourtlyError | None:
    session = _session_cookie(headers)
    if session is None and not account_path:
        return None  # no account's authority in it: link play goes on exactly as before
    origin = headers.get(b"origin", b"").decode("latin-1")
    host = headers.get(b"host", b"").decode("latin-1")
    # "null" is an opaque origin (a sandboxed frame, a file): never this site. Logging in
    # is guarded too: another site must not log a visitor into an account of its choosing.
    if origin and (origin == "null" or urlsplit(origin).netloc.lower() != host.lower()):
        return CourtlyError.keyed("server.account.cross_site", origin=origin)
    if session is None:
        return None
    sent = headers.get(CSRF_HEADER.encode(), b"").decode("latin-1")
    if not hmac.compare_digest(sent.encode(), csrf_token(session).encode()):
        return CourtlyError.keyed("server.account.csrf")
    return None


def secure_request(scope: MutableMapping[str, Any]) -> bool:
    """Whether the request came over TLS (uvicorn takes a trusted proxy's word for it)."""
    return scope.get("scheme") in ("https", "wss")
