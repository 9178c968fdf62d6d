"""The websocket messages, both ways (docs/protocol.md documents each one).

A client's message is read into one of the pydantic models below (as HTTP bodies are), and
one it does not fit is refused with a :class:`ProtocolError`: a code and a catalogued line,
written in the connection's language. Every game message is built for one viewer from the
kernel's ``Delivery`` for that viewer, which holds only ``observation(viewer)``,
``events_for(viewer)`` and (for the seat to act) its legal actions: nothing here ever sees a
whole state, so nothing can be filtered wrongly.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
)
from pydantic import ValidationError as ModelError

from courtly.agents.levels import bot_seat_label
from courtly.core.errors import CourtlyError, error_text
from courtly.core.i18n import COURTLY, language_from_accept, naming, normalize, using
from courtly.core.render import actions_json, event_json
from courtly.core.state import Game
from courtly.core.table import Delivery
from courtly.server.invalid import invalid_request


class ProtocolError(Exception):
    """A client message the server refuses: ``code`` is machine-readable (the same in every
    language), ``error`` the catalogued reason, read in a language with :meth:`reason`."""

    def __init__(self, code: str, error: CourtlyError) -> None:
        super().__init__(str(error))
        self.code = code
        self.error = error

    @classmethod
    def keyed(cls, code: str, key: str, /, **data: Any) -> ProtocolError:
        return cls(code, CourtlyError.keyed(key, **data))

    def reason(self, lang: str) -> str:
        """The one line an ``error`` frame carries, in ``lang``."""
        return error_text(CourtlyError.keyed("server.refused.message", detail=self.error), lang)


class _Message(BaseModel):
    # Fields the protocol does not name are ignored, as they always were.
    model_config = ConfigDict(extra="ignore", frozen=True)


class Hello(_Message):
    type: Literal["hello"]
    # Checked where it is resolved: a token that is not text is refused as ``bad_token``.
    token: Any = None
    lang: Any = None


class Act(_Message):
    type: Literal["act"]
    seq: StrictInt
    action: Any  # an action id or its JSON form: the kernel reads it (and refuses it)


class Undo(_Message):
    type: Literal["undo"]


class UndoReply(_Message):
    type: Literal["undo_reply"]
    accept: StrictBool


class Ping(_Message):
    type: Literal["ping"]


class Explain(_Message):
    """Ask for the rules of the decision in front of this seat (the terminal's ``?``)."""

    type: Literal["explain"]


class Chat(_Message):
    """A message written at the table (read as text, checked by ``courtly.server.chat``)."""

    type: Literal["chat"]
    text: StrictStr


ClientMessage = Hello | Act | Undo | UndoReply | Ping | Chat | Explain
CLIENT_TYPES = ("hello", "act", "undo", "undo_reply", "ping", "chat", "explain")
_READER: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)


def parse_client_message(raw: str | bytes, max_bytes: int) -> ClientMessage:
    """One client message, or a ProtocolError saying why not (size, encoding, JSON, shape)."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise ProtocolError.keyed(
            "too_large", "server.message.too_large", size=size, limit=max_bytes
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError.keyed("bad_utf8", "server.message.utf8") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ProtocolError.keyed(
            "bad_json", "server.message.json", line=exc.lineno, column=exc.colno
        ) from None
    except RecursionError:
        raise ProtocolError.keyed("bad_json", "server.message.nested") from None
    except ValueError:
        # Python refuses to read an integer of more than sys.get_int_max_str_digits() digits
        # (4300): a ValueError that is no JSONDecodeError, and dropped the connection.
        raise ProtocolError.keyed("bad_json", "server.message.digits") from None
    if not isinstance(data, dict):
        raise ProtocolError.keyed("bad_message", "server.message.object")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError.keyed(
            "bad_message", "server.message.type", kind=repr(kind), types=", ".join(CLIENT_TYPES)
        )
    try:
        return _READER.validate_python(data)
    except ModelError as exc:
        # The location starts with the message type (the union's tag), then the field.
        raise ProtocolError("bad_message", invalid_request(exc.errors())) from None


#: Events already put into words during one change, by event and language: every seat of a
#: table is passed the very same object for a public event (``events_for`` filters, it does
#: not copy), so each is rendered once per language, not once per viewer.
RenderedEvents = dict[tuple[int, str], dict[str, Any]]


def game_message(
    kind: str,
    delivery: Delivery,
    table: dict[str, Any],
    game: Game,
    lang: str,
    rendered: RenderedEvents | None = None,
) -> dict[str, Any]:
    """A ``snapshot`` or ``update`` (``kind``) for one viewer who reads ``lang``: its events'
    and legal actions' texts made for that reader by the kernel's renderer, naming each seat
    that has a name (names are public, in every viewer's table). Built from that viewer's
    delivery only, so it tells nothing more. ``rendered`` shares the events' words between
    the messages of one change (the same table, so the same names). The rules of the
    decision are not in it: a seat asks for them (``explain``), as few people read them at
    every turn and making them cost a fifth of the server's work on an action."""
    names = seat_names(table, lang)
    if rendered is None:
        rendered = {}
    events = []
    for event in delivery.events:
        key = (id(event), lang)
        words = rendered.get(key)
        if words is None:
            words = rendered[key] = event_json(game, event, lang, names)
        events.append(words)
    # A choice that names a place reads as this viewer's observation shows it (a kill names
    # the card there, face down if the viewer does not know it).
    view = delivery.observation
    # Built here field by field (Delivery.to_json's order) rather than from to_json, whose
    # events and legal actions would be made only to be replaced by these with their texts.
    return {
        "type": kind,
        "viewer": delivery.viewer,
        "seq": delivery.seq,
        "reset": delivery.reset,
        "can_undo": delivery.can_undo,
        "events": events,
        "observation": delivery.observation,
        "legal_actions": actions_json(game, delivery.legal_actions, lang, names, view),
        "table": table,
    }


def seat_names(table: dict[str, Any], lang: str) -> list[str | None]:
    """How the log names each seat of a table's public description: its name, a bot seat
    as the seats bar shows it ("Bot 2 (hard)" in ``lang``), None for a seat the renderer
    numbers ("seat 3"); a deleted account's seat as "deleted player"."""
    return [
        seat.get("name")
        or (bot_seat_label(i, seat["bot"], lang) if seat.get("kind") == "bot" else None)
        or (COURTLY.text("player.deleted", lang) if seat.get("deleted") else None)
        for i, seat in enumerate(table.get("seats", ()))
    ]


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


def chat_message(message: dict[str, Any]) -> dict[str, Any]:
    """One chat message (``id``, ``seat``: None for a spectator, ``text``, ``at``), public to
    the table. The text is as written: a client shows it as text, never as markup."""
    return {"type": "chat", "message": message}


def chat_history_message(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The table's latest chat messages, oldest first (sent after every snapshot)."""
    return {"type": "chat_history", "messages": messages}


def error_message(code: str, reason: str, seq: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "reason": reason, "seq": seq}


def undo_request_message(seat: int, seq: int, waiting_for: list[int]) -> dict[str, Any]:
    return {"type": "undo_request", "seat": seat, "seq": seq, "waiting_for": waiting_for}


def undo_result_message(seat: int, accepted: bool, reason: str) -> dict[str, Any]:
    return {"type": "undo_result", "seat": seat, "accepted": accepted, "reason": reason}


def connection_language(hello: Hello, accept_language: str | None) -> str:
    """The language a connection reads: the ``lang`` its ``hello`` names (the browser's
    switch), else its ``Accept-Language``, else English."""
    return normalize(hello.lang) or language_from_accept(accept_language)


def explain_message(seq: int, text: str | None) -> dict[str, Any]:
    """The rules of the decision in front of the asking seat at ``seq`` (None: it has none)."""
    return {"type": "explain", "seq": seq, "text": text}


def explanation(
    game: Game, observation: dict[str, Any], lang: str, names: list[str | None]
) -> str | None:
    """``Game.rules`` of a seat's own observation in ``lang`` (the terminal's ``?`` help
    without its screen's legend), for the seat to act only (the one with a decision to
    understand). Built from nothing but that observation, so it can tell nothing the seat may
    not see; None where the game says nothing."""
    with using(lang), naming(names):
        return game.rules(observation) or None


def encode(message: dict[str, Any]) -> str:
    """A message as the text of one websocket frame. orjson writes the same JSON as the
    standard library (integer keys as strings, no spaces) four to six times faster, and every
    accepted action is encoded once per viewer; the standard library takes what orjson
    refuses (integers beyond 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
