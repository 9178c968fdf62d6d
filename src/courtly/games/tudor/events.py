"""Every event Tudor emits: a stable kind, data of ids and numbers, and how its sentence is made
in the reader's language (the sentences: ``event.<kind>`` in the catalogue).

Each decision played is one event whose kind is the action's kind (kebab-case) and whose data
are the seat that decided plus the action's arguments (faction, finger, chamber, letter,
space label, side...). Then come the public news a seat should not have to work out:
Prestige gained, a new Round, the end. Everything in Tudor happens in the open (cards are
taken from and returned to visible stacks, tokens picked up face up), so every event is
public; what stays hidden is which of the items behind a screen are which.
"""

from __future__ import annotations

from courtly.core.events import Event, EventKinds
from courtly.games.tudor.actions import action_event_data
from courtly.games.tudor.codes import M_OVER
from courtly.games.tudor.state import TudorState
from courtly.games.tudor.words import (
    FIELD_WORDS,
    TEXTS,
    gains_words,
    scores_words,
    seats_words,
)

EVENTS = EventKinds(
    (
        # One per action kind (actions.py): the seat that decided and the action's arguments.
        "draft",
        "finger",
        "rearrange",
        "keep-rings",
        "bench",
        "forgo",
        "lord",
        "no-lord",
        "activate-courtier",
        "activate-lord",
        "action",
        "done-figure",
        "end-turn",
        "take",
        "give",
        "pay",
        "skip",
        "advance",
        "stop",
        "new-courtier",
        "stand-ring",
        "hand-ring",
        "bonus-move",
        "spend",
        "scenario",
        "keep-token",
        "chair",
        "seat",
        "decline",
        "ambassador",
        "select",
        "to",
        "recall",
        # Public news.
        "prestige",
        "round",
        "game-end",
    ),
    {**FIELD_WORDS, "gains": gains_words, "scores": scores_words, "winners": seats_words},
    domain=TEXTS,
)


def action_event(st: TudorState, seat: int, aid: int) -> Event:
    kind, data = action_event_data(st.action_space.actions[aid], seat)
    return EVENTS.event(kind, data)


def phase_events(st: TudorState, before: tuple[int, list[int]], events: list[Event]) -> None:
    """Public news a seat should not have to work out: Prestige changes, rounds, the end."""
    old_round, old_prestige = before
    gains = [st.prestige[p] - old_prestige[p] for p in range(st.num_players)]
    if any(gains):
        events.append(EVENTS.event("prestige", {"gains": gains}))
    if st.round != old_round and st.mode != M_OVER:
        events.append(EVENTS.event("round", {"round": st.round, "rounds": st.rounds}))
    if st.mode == M_OVER:
        data = {"scores": list(st.prestige), "winners": st.winners()}
        events.append(EVENTS.event("game-end", data))
