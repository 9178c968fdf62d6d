"""The end of a turn and of the game: draw (C3.3), the next seat that holds cards (C3.1,
C3.4), and, once nobody does, the spies revealed and the result (C6)."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.courtisans.codes import NO_SEAT
from courtly.games.courtisans.data import HAND_SIZE, IS_SPY, MISSIONS
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.scoring import family_statuses
from courtly.games.courtisans.state import CourtisansState


def end_turn(state: CourtisansState, events: list[Event] | None) -> None:
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
