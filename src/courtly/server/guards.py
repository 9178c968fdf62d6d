"""Bounds on what one client may ask of the HTTP side: the size of a request body and how
many tables one address creates a minute (docs/server.md, "Limits")."""

from __future__ import annotations

import math
import time
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from courtly.core.errors import CourtlyError, error_text
from courtly.core.i18n import language_from_accept


class BodyLimit:
    """ASGI middleware: an HTTP request body over ``limit`` bytes is answered 413 with one
    line, before any route reads it (uvicorn itself reads bodies of any size). A body within
    the limit is read here and handed on whole, so at most ``limit`` bytes wait per request."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(headers, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away; the route hears it as usual
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(headers, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, headers: dict[bytes, bytes], send: Send) -> None:
        lang = language_from_accept(headers.get(b"accept-language", b"").decode("latin-1"))
        error = CourtlyError.keyed("server.request.too_large", limit=self.limit)
        await _answer(send, 413, {"detail": error_text(error, lang)}, close=True)


async def _answer(send: Send, status: int, body: Any, close: bool = False) -> None:
    payload = orjson.dumps(body)
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
    ]
    if close:  # the rest of an oversized body is not read: the connection cannot be reused
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


class ClientRate:
    """``per_minute`` events a minute per client address (a token bucket of that many, refilled
    evenly); 0 lets everything through. Addresses idle long enough to be full again are
    forgotten, so the map holds only the last minute's clients."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when)

    def take(self, address: str) -> float:
        """0 if ``address`` may go ahead now (and count it), else the seconds until it may."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic()
        rate = self.per_minute / 60.0
        tokens, when = self._buckets.get(address, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - when) * rate)
        if len(self._buckets) > 10_000:
            self._forget(now, rate)
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            return max(0.001, (1.0 - tokens) / rate)
        self._buckets[address] = (tokens - 1.0, now)
        return 0.0

    def _forget(self, now: float, rate: float) -> None:
        full = self.per_minute / rate  # seconds for an empty bucket to fill
        for address in [a for a, (_, when) in self._buckets.items() if now - when > full]:
            del self._buckets[address]


def retry_after(seconds: float) -> int:
    return max(1, math.ceil(seconds))
