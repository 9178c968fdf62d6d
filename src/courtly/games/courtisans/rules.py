"""The Courtisans rules: what may be decided now, and what each decision does.

One dispatch per phase, in :func:`legal_action_ids` and :func:`apply`: while an assassin's kill
is pending (C5.3) the choices are its targets and "spare"; otherwise the seat to play puts a
card of its hand into a zone of an area it has not used this turn (C3.2). A turn ends once the
three areas are used: draw (C3.3), then the next seat that holds cards plays (C3.1, C3.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from courtly.core.events import Event
from courtly.games.courtisans.codes import (
    ABOVE,
    ALL_AREAS,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    BELOW,
    FIRST_DOMAIN,
    NO_SEAT,
    NO_ZONE,
    ROW_DOMAIN,
    ROW_NAMES,
    kill_base,
    spare_id,
    zone_count,
)
from courtly.games.courtisans.data import (
    HAND_SIZE,
    IS_ASSASSIN,
    IS_GUARD,
    IS_SPY,
    MAX_PLAYERS,
    MAX_ROW_CARDS,
    MIN_PLAYERS,
    MISSIONS,
    SPY_INDEX,
)
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.scoring import family_statuses

if TYPE_CHECKING:
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


# OPEN_ZONES[num_players][seat][areas used]: precomputed, legal_action_ids is the hot path.
OPEN_ZONES = {n: _open_zones(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def legal_action_ids(state: CourtisansState) -> list[int]:
    seat = state.current
    if seat == NO_SEAT:
        return []
    if state.pending >= 0:
        return _kill_ids(state)
    n = state.num_players
    zones = OPEN_ZONES[n][seat][state.used]
    width = FIRST_DOMAIN + n
    return [card * width + zone for card in state.hands[seat] for zone in zones]


def kill_targets(state: CourtisansState) -> list[tuple[int, int]]:
    """(row, index) of every card the pending Assassin may eliminate: any other card of
    its area that is not a Guard (C5.3, C5.4). Both rows of the Queen's table count."""
    zone = state.pending
    rows: tuple[tuple[int, list[int]], ...]
    if zone < FIRST_DOMAIN:
        rows = ((ABOVE, state.above), (BELOW, state.below))
    else:
        rows = ((ROW_DOMAIN, state.domains[zone - FIRST_DOMAIN]),)
    targets = []
    for row, cards in rows:
        # The Assassin is the card just placed: the last one of its zone.
        last = len(cards) - 1 if row in (zone, ROW_DOMAIN) else -1
        for index, card in enumerate(cards):
            if index != last and not IS_GUARD[card]:
                targets.append((row, index))
    return targets


def _kill_ids(state: CourtisansState) -> list[int]:
    base = kill_base(state.num_players)
    ids = [base + row * MAX_ROW_CARDS + index for row, index in kill_targets(state)]
    ids.append(spare_id(state.num_players))
    return ids


def apply(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    n = state.num_players
    base = kill_base(n)
    if action_id < base:
        card, zone = divmod(action_id, zone_count(n))
        _play(state, card, zone, events)
        if IS_ASSASSIN[card]:
            state.pending = zone
            if len(kill_targets(state)) > 0:
                return
            state.pending = NO_ZONE
    elif action_id == spare_id(n):
        if events is not None:
            events.append(EVENTS.event("spare", {"seat": state.current}))
        state.pending = NO_ZONE
    else:
        row, index = divmod(action_id - base, MAX_ROW_CARDS)
        _eliminate(state, row, index, events)
    if state.used == ALL_AREAS:
        _end_turn(state, events)


def _play(state: CourtisansState, card: int, zone: int, events: list[Event] | None) -> None:
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
    if events is None:
        return
    on_table = zone < FIRST_DOMAIN
    data: dict[str, Any] = {"seat": seat}
    if on_table:
        data["row"] = ROW_NAMES[zone]
    else:
        data["owner_seat"] = zone - FIRST_DOMAIN
    if IS_SPY[card]:
        # C5.2: a spy is played face down; only its player knows it (RULINGS R1).
        events.append(EVENTS.event("play-spy-table" if on_table else "play-spy-domain", data))
        if state.remember_spies:
            events.append(EVENTS.event("spy-identity", {**data, "card": card}, frozenset({seat})))
    else:
        events.append(
            EVENTS.event("play-table" if on_table else "play-domain", {**data, "card": card})
        )


def _eliminate(state: CourtisansState, row: int, index: int, events: list[Event] | None) -> None:
    if row == ROW_DOMAIN:
        cards = state.domains[state.pending - FIRST_DOMAIN]
    else:
        cards = state.above if row == ABOVE else state.below
    card = cards.pop(index)
    state.eliminated.append(card)
    if events is not None:
        data = {"seat": state.current, "row": ROW_NAMES[row], "position": index + 1}
        if IS_SPY[card]:
            # C5.3: an eliminated spy is neither looked at nor revealed.
            events.append(EVENTS.event("eliminate-spy", data))
        else:
            events.append(EVENTS.event("eliminate", {**data, "card": card}))
    state.pending = NO_ZONE


def _end_turn(state: CourtisansState, events: list[Event] | None) -> None:
    """C3.3: draw 3 (none if the deck is empty: that was this player's last turn), then the
    next seat clockwise that still holds cards plays; nobody holding cards ends the game."""
    seat = state.current
    deck = state.deck
    if deck:
        state.reveal()  # the seat sees the cards it draws from the hidden deck
        below = state.rng.below
        drawn = [deck.pop(below(len(deck))) for _ in range(min(HAND_SIZE, len(deck)))]
        hand = state.hands[seat]
        hand.extend(drawn)
        hand.sort()
        if events is not None:
            events.append(EVENTS.event("draw", {"seat": seat, "count": len(drawn)}))
            events.append(
                EVENTS.event(
                    "draw-secret", {"seat": seat, "cards": sorted(drawn)}, frozenset({seat})
                )
            )
    state.used = 0
    n = state.num_players
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if state.hands[nxt]:
            state.current = nxt
            if events is not None:
                events.append(EVENTS.event("turn", {"seat": nxt}))
            return
    state.current = NO_SEAT
    if events is not None:
        _game_end_events(state, events)


def _game_end_events(state: CourtisansState, events: list[Event]) -> None:
    """C6.1: the spies in play are revealed; C6.2: the families' status; C6.5: the result."""
    spies = [
        c for c in (*state.above, *state.below, *(c for d in state.domains for c in d)) if IS_SPY[c]
    ]
    if spies:
        events.append(EVENTS.event("reveal", {"cards": spies}))
    events.append(EVENTS.event("status", {"status": family_statuses(state.above, state.below)}))
    missions = [
        [MISSIONS[state.white[p]].code, MISSIONS[state.blue[p]].code]
        for p in range(state.num_players)
    ]
    events.append(
        EVENTS.event(
            "game-over",
            {"scores": state.scores(), "winners": state.winners(), "missions": missions},
        )
    )
