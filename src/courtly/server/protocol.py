"""The websocket messages, both ways (docs/protocol.md documents each one).

Every game message is built for one viewer from the kernel's ``Delivery`` for that viewer,
which holds only ``observation(viewer)``, ``events_for(viewer)`` and (for the seat to act) its
legal actions: nothing here ever sees a whole state, so nothing can be filtered wrongly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from courtly.core.events import Event
from courtly.core.i18n import ENGLISH, language_from_accept, naming, normalize
from courtly.core.registry import load_game
from courtly.core.table import Delivery

# Client -> server message types.
HELLO, ACT, UNDO, UNDO_REPLY, PING = "hello", "act", "undo", "undo_reply", "ping"
CLIENT_TYPES = (HELLO, ACT, UNDO, UNDO_REPLY, PING)


class ProtocolError(Exception):
    """A client message the server refuses; ``code`` is machine-readable, the text readable."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class ClientMessage:
    type: str
    body: dict[str, Any]


def parse_client_message(raw: str | bytes, max_bytes: int) -> ClientMessage:
    """One client message, or a ProtocolError saying why not (size, encoding, JSON, shape)."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {max_bytes}")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError("bad_utf8", f"message is not valid UTF-8: {exc.reason}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ProtocolError("bad_json", f"message is not valid JSON: {exc}") from None
    except RecursionError:
        raise ProtocolError("bad_json", "message is not valid JSON: nested too deeply") from None
    except ValueError:
        # Python refuses to read an integer of more than sys.get_int_max_str_digits() digits
        # (4300): a ValueError that is no JSONDecodeError, and dropped the connection.
        raise ProtocolError("bad_json", "message holds a number with too many digits") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "bad_message", f"unknown message type {kind!r}; types: {', '.join(CLIENT_TYPES)}"
        )
    return ClientMessage(str(kind), data)


def int_field(message: ClientMessage, name: str) -> int:
    value = message.body.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError("bad_message", f"'{message.type}' needs an integer '{name}'")
    return value


def snapshot_message(delivery: Delivery, table: dict[str, Any]) -> dict[str, Any]:
    return {"type": "snapshot", **delivery.to_json(), "table": table}


def update_message(delivery: Delivery, table: dict[str, Any]) -> dict[str, Any]:
    return {"type": "update", **delivery.to_json(), "table": table}


def unstarted_message(
    kind: str, viewer: int | None, seq: int, table: dict[str, Any]
) -> dict[str, Any]:
    """A ``snapshot`` or ``update`` before the table starts: who the viewer is and the table,
    and nothing of the deal (no observation, no events, no choices). The cards are dealt for
    viewers only at the start, so neither the creator nor an invite link's holder can look
    at a hand in the waiting room (and re-create a table until the deal suits them)."""
    return {
        "type": kind,
        "viewer": viewer,
        "seq": seq,
        "reset": True,
        "can_undo": False,
        "events": [],
        "observation": None,
        "legal_actions": [],
        "table": table,
    }


def table_message(table: dict[str, Any]) -> dict[str, Any]:
    return {"type": "table", "table": table}


def error_message(code: str, reason: str, seq: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "reason": reason, "seq": seq}


def undo_request_message(seat: int, seq: int, waiting_for: list[int]) -> dict[str, Any]:
    return {"type": "undo_request", "seat": seat, "seq": seq, "waiting_for": waiting_for}


def undo_result_message(seat: int, accepted: bool, reason: str) -> dict[str, Any]:
    return {"type": "undo_result", "seat": seat, "accepted": accepted, "reason": reason}


def connection_language(hello: ClientMessage, accept_language: str | None) -> str:
    """The language a connection reads: the ``lang`` its ``hello`` names (the browser's
    switch), else its ``Accept-Language``, else English."""
    return normalize(hello.body.get("lang")) or language_from_accept(accept_language)


def localize(message: dict[str, Any], lang: str) -> dict[str, Any]:
    """A ``snapshot``/``update`` with its events' and legal actions' texts in ``lang``: the
    same message otherwise (built from the same viewer's delivery, so it tells nothing more).
    Other messages, and English, pass unchanged."""
    if lang == ENGLISH or message.get("type") not in ("snapshot", "update"):
        return message
    table = message["table"]
    game = load_game(table["game"])
    space = game.action_space(table["num_players"], table["options"])
    out = dict(message)
    # The log names each seat that has a name (names are public, in every viewer's table).
    with naming([seat.get("name") for seat in table.get("seats", ())]):
        out["events"] = [
            {**e, "text": game.event_text(Event(e["kind"], e["text"], e["data"]), lang)}
            for e in message["events"]
        ]
    out["legal_actions"] = [
        {**a, "text": game.action_text(space[a["id"]], lang)} for a in message["legal_actions"]
    ]
    return out


def encode(message: dict[str, Any]) -> str:
    """A message as the text of one websocket frame. orjson writes the same JSON as the
    standard library (integer keys as strings, no spaces) four to six times faster, and every
    accepted action is encoded once per viewer; the standard library takes what orjson
    refuses (integers beyond 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
