"""Playing a card (C3.2, C5.2): one card per area a turn, the Queen's table (above or below),
the player's own domain, one opponent's domain; a spy goes face down, an Assassin with a target
opens the eliminate phase (C5.3)."""

from __future__ import annotations

from typing import Any, Final

from courtly.core.events import Event
from courtly.games.courtisans.codes import (
    ABOVE,
    ALL_AREAS,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    BELOW,
    FIRST_DOMAIN,
    NO_ZONE,
    ROW_NAMES,
)
from courtly.games.courtisans.data import IS_ASSASSIN, IS_SPY, MAX_PLAYERS, MIN_PLAYERS, SPY_INDEX
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.rules.assassins import kill_targets
from courtly.games.courtisans.state import CourtisansState


def _open_zones(num_players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per seat and per "areas used" bits, the zones still open this turn (C3.2)."""
    table = []
    for seat in range(num_players):
        per_used = []
        for used in range(ALL_AREAS + 1):
            zones: list[int] = []
            if not used & AREA_QUEEN:
                zones += [ABOVE, BELOW]
            for owner in range(num_players):
                area = AREA_OWN if owner == seat else AREA_OPPONENT
                if not used & area:
                    zones.append(FIRST_DOMAIN + owner)
            per_used.append(tuple(zones))
        table.append(tuple(per_used))
    return tuple(table)


# OPEN_ZONES[num_players][seat][areas used]: precomputed, play_legal is the hot path (``Final``:
# compiled, read without a lookup in the module's dictionary).
OPEN_ZONES: Final = {n: _open_zones(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def play_legal(state: CourtisansState) -> list[int]:
    """Every card of the hand into every zone of an area not used this turn."""
    seat = state.current
    n = state.num_players
    zones = OPEN_ZONES[n][seat][state.used]
    width = FIRST_DOMAIN + n
    return [card * width + zone for card in state.hands[seat] for zone in zones]


def play_apply(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    """The card goes to the end of its zone and marks its area used; its events are made
    only when asked for (the search plays with none)."""
    # ``zone_count`` written out: interpreted, a call is a frame, and this runs every decision.
    card, zone = divmod(action_id, FIRST_DOMAIN + state.num_players)
    seat = state.current
    state.hands[seat].remove(card)
    state.zone_cards(zone).append(card)
    if zone < FIRST_DOMAIN:
        state.used |= AREA_QUEEN
    elif zone - FIRST_DOMAIN == seat:
        state.used |= AREA_OWN
    else:
        state.used |= AREA_OPPONENT
    if IS_SPY[card]:
        state.spy_player[SPY_INDEX[card]] = seat
    if IS_ASSASSIN[card]:
        # kill_targets reads the Assassin's zone from ``pending``: with no target, no decision.
        state.pending = zone
        if len(kill_targets(state)) == 0:
            state.pending = NO_ZONE
    if events is not None:
        _play_events(state, seat, card, zone, events)


def _play_events(
    state: CourtisansState, seat: int, card: int, zone: int, events: list[Event]
) -> None:
    on_table = zone < FIRST_DOMAIN
    data: dict[str, Any] = {"seat": seat}
    if on_table:
        data["row"] = ROW_NAMES[zone]
    else:
        data["owner_seat"] = zone - FIRST_DOMAIN
    if IS_SPY[card]:
        # C5.2: a spy is played face down; only its player knows it (RULINGS R1).
        events.append(EVENTS.event("play-spy-table" if on_table else "play-spy-domain", data))
        if state.params.remember_spies:
            events.append(EVENTS.event("spy-identity", {**data, "card": card}, frozenset({seat})))
    else:
        events.append(
            EVENTS.event("play-table" if on_table else "play-domain", {**data, "card": card})
        )
