"""What every route may ask for: this process's hub, and a link's token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request, WebSocket

from courtly.server.hub import Hub


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def websocket_hub(websocket: WebSocket) -> Hub:
    hub: Hub = websocket.app.state.hub
    return hub


#: The hub of this server process (made in the app's lifespan), for a route's parameters.
CurrentHub = Annotated[Hub, Depends(_hub)]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


Auth = Annotated[str | None, Header(description="Bearer TOKEN (a link's token)")]
