"""One websocket's way out: its send queue and writer (a slow client holds up nobody else)
and the rate at which it may send."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from courtly.server import protocol

# A client that does not read its messages is dropped once this many wait for it.
MAX_QUEUED = 2000


class TokenBucket:
    """``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(eq=False)
class Connection:
    """One websocket: a viewer (a seat, or None for a spectator) of one live table."""

    websocket: WebSocket
    viewer: int | None
    bucket: TokenBucket
    # Text to send; (code, reason): close after what is queued before; None: stop.
    queue: asyncio.Queue[str | tuple[int, str] | None] = field(default_factory=asyncio.Queue)
    refused: int = 0
    lang: str = "en"  # the language this viewer reads its events and choices in (made so)
    # The hash of the seat token this connection said hello with: the seat is theirs only
    # while the stored seat still has it (another process may free the seat or give it to a bot).
    seat_hash: str | None = None
    owner: bool = False  # connected with the owner link (the client offers the owner's controls)
    # A spectator's chat posting rate (a seat's is the table's: ``LiveTable.chat_buckets``).
    chat_bucket: TokenBucket | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(protocol.encode(message))

    def send_text(self, text: str) -> None:
        """Queue an encoded message (one encoding serves every connection of one viewer)."""
        if self.queue.qsize() >= MAX_QUEUED:
            return  # the writer closes a client this far behind
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close the websocket once the messages queued so far (an error saying why) are sent."""
        self.queue.put_nowait((code, reason))

    async def writer(self) -> None:
        """Send queued messages in order; one slow client never holds up the others."""
        while True:
            item = await self.queue.get()
            if item is None or self.websocket.application_state != WebSocketState.CONNECTED:
                return
            if isinstance(item, tuple):
                await self.websocket.close(code=item[0], reason=item[1])
                return
            if self.queue.qsize() >= MAX_QUEUED - 1:
                await self.websocket.close(code=1008, reason="not reading messages")
                return
            await self.websocket.send_text(item)
