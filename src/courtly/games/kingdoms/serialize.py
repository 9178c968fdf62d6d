"""The JSON body of a Kingdoms state (documented in docs/games/kingdoms.md), both ways.

Reading is strict: every field is checked with the readers of ``courtly.core.fields`` and a
wrong one is refused with an InvalidStateError that names it. Whether the position read could
happen is ``invariants.check_invariants``'s business.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from courtly.core.errors import InvalidStateError
from courtly.core.fields import boolean, choice, field, integer, listing, seat
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    CARD_ARG_TASKS,
    CARD_B_TASKS,
    PHASE_NAMES,
    TASK_NAMES,
    USED_ALL,
)
from courtly.games.kingdoms.data import CARD_NAMES, SLOT_KEYS, parse_card
from courtly.games.kingdoms.state import KingdomsState

PHASE_CODES: Final = {name: code for code, name in enumerate(PHASE_NAMES)}
TASK_CODES: Final = {name: code for code, name in enumerate(TASK_NAMES)}
SEAT_FIELDS: Final = frozenset(
    (
        "hand",
        "hand_seen_by_opponent",
        "peek",
        "court",
        "jester",
        "treaty",
        "rows",
        "army",
        "limbo",
        "glory",
        "peasant",
        "duel",
    )
)


def _opt(card: int) -> str | None:
    return CARD_NAMES[card] if card >= 0 else None


def _limbo_name(entry: int) -> str:
    return "~" + CARD_NAMES[entry - ARMY_FLAG] if entry >= ARMY_FLAG else CARD_NAMES[entry]


def body_to_json(s: KingdomsState) -> dict[str, Any]:
    n = CARD_NAMES
    players = []
    for p in (0, 1):
        mask = s.known[p]
        court = s.court[p]
        rows = s.rows[p]
        players.append(
            {
                "hand": [n[c] for c in s.hand[p]],
                "hand_seen_by_opponent": [n[c] for c in sorted(s.hand[p]) if (mask >> c) & 1],
                "peek": _opt(s.peek[p]),
                "court": {"jack": _opt(court[0]), "queen": _opt(court[1]), "king": _opt(court[2])},
                "jester": _opt(s.jester[p]),
                "treaty": _opt(s.treaty[p]),
                "rows": {
                    "jack": [n[c] for c in rows[0]],
                    "queen": [n[c] for c in rows[1]],
                    "king": [n[c] for c in rows[2]],
                },
                "army": [n[c] for c in s.army[p]],
                "limbo": [_limbo_name(e) for e in s.limbo[p]],
                "glory": [n[c] for c in s.glory[p]],
                "peasant": [n[c] for c in s.peasant[p]],
                "duel": _opt(s.duel[p]),
            }
        )
    stack = []
    for kind, player, a, b in s.stack:
        stack.append(
            [
                TASK_NAMES[kind],
                player,
                n[a] if kind in CARD_ARG_TASKS else a,
                n[b] if kind in CARD_B_TASKS else b,
            ]
        )
    return {
        "phase": PHASE_NAMES[s.phase],
        "phase_started": s.entered,
        "turn": s.turn,
        "turns": s.turns,
        "used": s.used,
        "draws_left": s.draws_left,
        "sabotage": s.sabotage,
        "deck": [n[c] for c in s.deck],
        "discard": [n[c] for c in s.discard],
        "aside": [n[c] for c in s.aside],
        "players": players,
        "stack": stack,
    }


def _card(value: Any, what: str) -> int:
    try:
        return parse_card(value)
    except ValueError as exc:
        raise InvalidStateError(f"{what}: {exc}") from None


def _card_or_none(value: Any, what: str) -> int:
    return -1 if value is None else _card(value, what)


def _cards(value: Any, what: str) -> list[int]:
    return [_card(v, f"{what}[{i}]") for i, v in enumerate(listing(value, what))]


def _slots(value: Any, what: str) -> Mapping[str, Any]:
    """A ``{"jack": ..., "queen": ..., "king": ...}`` object (missing slots are empty)."""
    if not isinstance(value, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object with jack, queen and king")
    for key in value:
        if key not in SLOT_KEYS:
            raise InvalidStateError(f"{what} has no slot {key!r} (jack, queen, king)")
    return value


def _limbo_entry(value: Any, what: str) -> int:
    if isinstance(value, str) and value.startswith("~"):
        return _card(value[1:], what) + ARMY_FLAG
    return _card(value, what)


def _read_seat(s: KingdomsState, p: int, data: Any) -> None:
    where = f"players[{p}]"
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{where} must be a JSON object")
    for key in data:
        if key not in SEAT_FIELDS:
            raise InvalidStateError(f"{where} has an unknown field {key!r}")
    s.hand[p] = _cards(data.get("hand", []), f"{where}.hand")
    s.known[p] = 0
    for c in _cards(data.get("hand_seen_by_opponent", []), f"{where}.hand_seen_by_opponent"):
        s.known[p] |= 1 << c
    s.peek[p] = _card_or_none(data.get("peek"), f"{where}.peek")
    court = _slots(data.get("court", {}), f"{where}.court")
    s.court[p] = [_card_or_none(court.get(k), f"{where}.court.{k}") for k in SLOT_KEYS]
    s.jester[p] = _card_or_none(data.get("jester"), f"{where}.jester")
    s.treaty[p] = _card_or_none(data.get("treaty"), f"{where}.treaty")
    rows = _slots(data.get("rows", {}), f"{where}.rows")
    s.rows[p] = [_cards(rows.get(k, []), f"{where}.rows.{k}") for k in SLOT_KEYS]
    s.army[p] = _cards(data.get("army", []), f"{where}.army")
    limbo = listing(data.get("limbo", []), f"{where}.limbo")
    s.limbo[p] = [_limbo_entry(e, f"{where}.limbo[{i}]") for i, e in enumerate(limbo)]
    s.glory[p] = _cards(data.get("glory", []), f"{where}.glory")
    s.peasant[p] = _cards(data.get("peasant", []), f"{where}.peasant")
    s.duel[p] = _card_or_none(data.get("duel"), f"{where}.duel")


def _read_task(item: Any, what: str) -> tuple[int, int, int, int]:
    name, player, a, b = listing(item, what, 4)
    kind = choice(name, f"{what}[0] (the task)", TASK_CODES)
    who = seat(player, f"{what}[1] (the player)", 2)
    a = _card(a, f"{what}[2]") if kind in CARD_ARG_TASKS else integer(a, f"{what}[2]", 0)
    b = _card(b, f"{what}[3]") if kind in CARD_B_TASKS else integer(b, f"{what}[3]", 0)
    return kind, who, a, b


def load_body(s: KingdomsState, data: Mapping[str, Any]) -> None:
    """Read the body into ``s`` (a fresh state); InvalidStateError names a malformed field."""
    s.phase = choice(field(data, "phase"), "phase", PHASE_CODES)
    s.entered = boolean(data.get("phase_started", True), "phase_started")
    s.turn = seat(field(data, "turn"), "turn", 2)
    s.turns = integer(data.get("turns", 0), "turns", 0)
    s.used = integer(data.get("used", 0), "used", 0, USED_ALL)
    s.draws_left = integer(data.get("draws_left", 0), "draws_left", 0, 3)
    s.sabotage = boolean(data.get("sabotage", False), "sabotage")
    s.deck = _cards(field(data, "deck"), "deck")
    s.discard = _cards(data.get("discard", []), "discard")
    s.aside = _cards(data.get("aside", []), "aside")
    players = listing(field(data, "players"), "players", 2)
    for p in (0, 1):
        _read_seat(s, p, players[p])
    stack = listing(data.get("stack", []), "stack")
    s.stack = [_read_task(item, f"stack[{i}]") for i, item in enumerate(stack)]
