"""Who a token is at a table: a seat, the owner, a spectator, or nobody. Tokens are compared
by their hashes (the Store keeps nothing else), in constant time."""

from __future__ import annotations

from courtly.server.live import LiveTable
from courtly.server.protocol import ProtocolError
from courtly.server.refusals import RequestError
from courtly.server.tokens import same_hash, token_hash


def link(table_id: str, token: str) -> dict[str, str]:
    """A token and the link that carries it. The token rides in the fragment, which browsers
    never send to a server, so it stays out of access logs and proxies."""
    return {"token": token, "link": f"/play/{table_id}#token={token}"}


def is_owner(live: LiveTable, token: object) -> bool:
    """Whether ``token`` is the table's owner link (it sees the public view, and the
    client offers it the owner's controls)."""
    return isinstance(token, str) and same_hash(token_hash(token), live.stored.owner_hash)


def require_owner(live: LiveTable, token: str | None) -> None:
    if not is_owner(live, token):
        raise RequestError(403, "server.request.owner")


def seat_of(live: LiveTable, token: str) -> int | None:
    digest = token_hash(token)
    for seat in live.stored.seats:
        if same_hash(digest, seat.token_hash):
            return seat.seat
    return None


def viewer_for(live: LiveTable, token: object) -> int | None:
    """The seat a token acts for; None (the public view) for no token, the spectator or
    the owner link. Any other token is refused."""
    if token is None:
        return None
    if not isinstance(token, str):
        raise ProtocolError.keyed("bad_token", "server.message.token_text")
    seat = seat_of(live, token)
    if seat is not None:
        return seat
    digest = token_hash(token)
    if same_hash(digest, live.stored.spectator_hash) or same_hash(digest, live.stored.owner_hash):
        return None
    raise ProtocolError.keyed("bad_token", "server.message.token_unknown")
