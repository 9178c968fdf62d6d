"""The JSON body of a Courtisans state (documented in docs/games/courtisans.md).

Cards are their ids (0..89, ``15 * family + index``); missions their codes ("W1".."B10").
Reading is strict: anything malformed raises, and ``check_invariants`` then rejects any
impossible position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core.errors import InvalidStateError
from courtly.games.courtisans.codes import (
    ABOVE,
    AREA_NAMES,
    BELOW,
    FIRST_DOMAIN,
    areas_used_json,
    zone_json,
)
from courtly.games.courtisans.data import MISSION_BY_CODE, MISSIONS, SPY_CARDS, SPY_INDEX

if TYPE_CHECKING:
    from courtly.games.courtisans.state import CourtisansState


def body_to_json(state: CourtisansState) -> dict[str, Any]:
    return {
        "first_player": state.first_player,
        "current_player": state.current_player,
        "areas_used": areas_used_json(state.used),
        "pending_kill": None if state.pending < 0 else zone_json(state.pending),
        "deck": state.deck[:],
        "removed": state.removed[:],
        "hands": [h[:] for h in state.hands],
        "queen_table": {"above": state.above[:], "below": state.below[:]},
        "domains": [d[:] for d in state.domains],
        "eliminated": state.eliminated[:],
        "spies_played_by": {
            str(card): seat
            for card, seat in zip(SPY_CARDS, state.spy_player, strict=True)
            if seat >= 0
        },
        "missions": [
            {"white": MISSIONS[state.white[p]].code, "blue": MISSIONS[state.blue[p]].code}
            for p in range(state.num_players)
        ],
        "unused_missions": [MISSIONS[m].code for m in state.unused_missions],
    }


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{what} must be an integer, not {value!r}")
    return value


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list of card ids")
    return [_int(card, f"a card in {what}") for card in value]


def _per_seat(value: Any, what: str, num_players: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != num_players:
        raise InvalidStateError(f"{what} must be a list with one entry per seat")
    return value


def _mission(code: Any) -> int:
    if code not in MISSION_BY_CODE:
        raise InvalidStateError(f"{code!r} is not a Secret Mission code (W1..W10, B1..B10)")
    return MISSION_BY_CODE[code]


def _zone(value: Any, num_players: int) -> int:
    if value is None:
        return -1
    place = value.get("place") if isinstance(value, Mapping) else None
    if place == "above" and len(value) == 1:
        return ABOVE
    if place == "below" and len(value) == 1:
        return BELOW
    if place == "domain" and set(value) == {"place", "seat"}:
        seat = _int(value["seat"], "pending_kill.seat")
        if 0 <= seat < num_players:
            return FIRST_DOMAIN + seat
    raise InvalidStateError(
        f"pending_kill {value!r} must be null, {{'place': 'above'|'below'}} "
        "or {'place': 'domain', 'seat': s}"
    )


def load_body(state: CourtisansState, data: Mapping[str, Any]) -> None:
    """Fill a fresh state from a JSON body."""
    n = state.num_players
    state.first_player = _int(data["first_player"], "first_player")
    current = data["current_player"]
    state.current = -1 if current is None else _int(current, "current_player")
    names = {name: bit for bit, name in AREA_NAMES}
    used = data["areas_used"]
    if (
        not isinstance(used, list)
        or any(a not in names for a in used)
        or len(set(used)) != len(used)
    ):
        raise InvalidStateError("areas_used must list distinct areas among queen, own, opponent")
    state.used = sum(names[a] for a in used)
    state.pending = _zone(data["pending_kill"], n)
    state.deck = _cards(data["deck"], "deck")
    state.removed = _cards(data["removed"], "removed")
    state.hands = [_cards(h, "a hand") for h in _per_seat(data["hands"], "hands", n)]
    table = data["queen_table"]
    if not isinstance(table, Mapping) or set(table) != {"above", "below"}:
        raise InvalidStateError("queen_table must be {'above': [...], 'below': [...]}")
    state.above = _cards(table["above"], "queen_table.above")
    state.below = _cards(table["below"], "queen_table.below")
    state.domains = [_cards(d, "a domain") for d in _per_seat(data["domains"], "domains", n)]
    state.eliminated = _cards(data["eliminated"], "eliminated")
    spies = data["spies_played_by"]
    if not isinstance(spies, Mapping):
        raise InvalidStateError("spies_played_by must map spy card ids to seats")
    for key, seat in spies.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) not in SPY_INDEX:
            raise InvalidStateError(f"{key!r} is not a spy card id")
        if not 0 <= _int(seat, "a spy's seat") < n:
            raise InvalidStateError(f"spy {key} was played by seat {seat}, not a seat")
        state.spy_player[SPY_INDEX[int(key)]] = seat
    missions = _per_seat(data["missions"], "missions", n)
    for p, entry in enumerate(missions):
        if not isinstance(entry, Mapping) or set(entry) != {"white", "blue"}:
            raise InvalidStateError("each seat's missions must be {'white': code, 'blue': code}")
        state.white[p] = _mission(entry["white"])
        state.blue[p] = _mission(entry["blue"])
    unused = data["unused_missions"]
    if not isinstance(unused, list):
        raise InvalidStateError("unused_missions must be a list of mission codes")
    state.unused_missions = [_mission(code) for code in unused]
