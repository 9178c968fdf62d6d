"""The JSON body of a Courtisans state (documented in docs/games/courtisans.md).

Cards are their ids (0..89, ``15 * family + index``); missions their codes ("W1".."B10").
Reading is strict (the readers of ``courtly.core.fields``): a missing, unknown or ill-typed field
is refused with its name, and ``check_invariants`` then refuses any position the game could not
reach and play on from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.errors import InvalidStateError
from courtly.core.fields import choice, each, field, integers, listing, per_seat, seat
from courtly.games.courtisans.codes import (
    ABOVE,
    AREA_NAMES,
    BELOW,
    FIRST_DOMAIN,
    NO_SEAT,
    NO_ZONE,
    areas_used_json,
    zone_json,
)
from courtly.games.courtisans.data import MISSION_BY_CODE, MISSIONS, NUM_CARDS, SPY_CARDS, SPY_INDEX
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


# The kernel's envelope around the body (checked by Game.from_json), then the body's fields.
_ENVELOPE = ("format", "version", "game", "num_players", "options", "rng")
_BODY = (
    "first_player",
    "current_player",
    "areas_used",
    "pending_kill",
    "deck",
    "removed",
    "hands",
    "queen_table",
    "domains",
    "eliminated",
    "spies_played_by",
    "missions",
    "unused_missions",
)
_AREAS = {name: bit for bit, name in AREA_NAMES}
_SPY_KEYS = {str(card): card for card in SPY_CARDS}


def _cards(value: Any, what: str) -> list[int]:
    return integers(value, what, 0, NUM_CARDS - 1)


def _object(value: Any, what: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """A JSON object with exactly ``keys``."""
    if not isinstance(value, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object")
    extra = sorted(str(k) for k in value if k not in keys)
    if extra:
        raise InvalidStateError(f"{what} has unknown fields: {', '.join(extra)}")
    for key in keys:
        field(value, key, what)
    return value


def _mission(code: Any, what: str) -> int:
    index: int = choice(code, what, MISSION_BY_CODE)
    return index


def _zone(value: Any, num_players: int) -> int:
    if value is None:
        return NO_ZONE
    what = "pending_kill"
    if isinstance(value, Mapping) and value.get("place") == "domain":
        entry = _object(value, what, ("place", "seat"))
        return FIRST_DOMAIN + seat(entry["seat"], f"{what}.seat", num_players)
    entry = _object(value, what, ("place",))
    place = choice(entry["place"], f"{what}.place", ("above", "below"))
    return ABOVE if place == "above" else BELOW


def _areas(value: Any) -> int:
    names = each(value, "areas_used", lambda a, what: choice(a, what, tuple(_AREAS)))
    if len(set(names)) != len(names):
        raise InvalidStateError("areas_used lists an area twice")
    return sum(_AREAS[name] for name in names)


def load_body(state: CourtisansState, data: Mapping[str, Any]) -> None:
    """Fill a fresh state from a JSON body, refusing anything malformed with the field named."""
    n = state.num_players
    _object(data, "the state", _ENVELOPE + _BODY)
    state.first_player = seat(data["first_player"], "first_player", n)
    state.current = seat(data["current_player"], "current_player", n, none=NO_SEAT)
    state.used = _areas(data["areas_used"])
    state.pending = _zone(data["pending_kill"], n)
    state.deck = _cards(data["deck"], "deck")
    state.removed = _cards(data["removed"], "removed")
    state.hands = [
        _cards(h, f"hands[{p}]") for p, h in enumerate(per_seat(data["hands"], "hands", n))
    ]
    table = _object(data["queen_table"], "queen_table", ("above", "below"))
    state.above = _cards(table["above"], "queen_table.above")
    state.below = _cards(table["below"], "queen_table.below")
    domains = per_seat(data["domains"], "domains", n)
    state.domains = [_cards(d, f"domains[{p}]") for p, d in enumerate(domains)]
    state.eliminated = _cards(data["eliminated"], "eliminated")
    spies = data["spies_played_by"]
    if not isinstance(spies, Mapping):
        raise InvalidStateError("spies_played_by must map spy card ids to seats")
    for key, player in spies.items():
        if key not in _SPY_KEYS:
            raise InvalidStateError(f"spies_played_by: {key!r} is not a spy card id")
        state.spy_player[SPY_INDEX[_SPY_KEYS[key]]] = seat(player, f"spies_played_by.{key}", n)
    missions = per_seat(data["missions"], "missions", n)
    for p, entry in enumerate(missions):
        pair = _object(entry, f"missions[{p}]", ("white", "blue"))
        state.white[p] = _mission(pair["white"], f"missions[{p}].white")
        state.blue[p] = _mission(pair["blue"], f"missions[{p}].blue")
    unused = listing(data["unused_missions"], "unused_missions")
    state.unused_missions = [
        _mission(code, f"unused_missions[{i}]") for i, code in enumerate(unused)
    ]
