"""Every event Tudor emits: a stable kind, data of ids and numbers, and its English text.

Each decision played is one event whose kind is the action's kind (kebab-case) and whose data
are the seat that decided plus the action's arguments (faction, finger, chamber, letter,
space label, side...). Then come the public news a seat should not have to work out:
Prestige gained, a new Round, the end. Everything in Tudor happens in the open (cards are
taken from and returned to visible stacks, tokens picked up face up), so every event is
public; what stays hidden is which of the items behind a screen are which.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.core.events import Event, EventKinds, seat_text
from courtly.games.tudor.actions import action_event_data
from courtly.games.tudor.codes import M_OVER
from courtly.games.tudor.data import ACTION_NAMES, LETTERS
from courtly.games.tudor.state import TudorState


def _letter(letter: Any) -> str:
    return f"{letter}: {ACTION_NAMES[LETTERS.index(str(letter))]}"


def _gains(gains: Sequence[int]) -> str:
    return ", ".join(f"{seat_text(p)} +{g}" for p, g in enumerate(gains) if g)


def _scores(scores: Sequence[int]) -> str:
    return ", ".join(f"{seat_text(p)}: {v}" for p, v in enumerate(scores))


def _seats(seats: Sequence[int]) -> str:
    return " and ".join(seat_text(p) for p in seats)


EVENTS = EventKinds(
    {
        # One per action kind (actions.py): the seat that decided and the action's arguments.
        "draft": "{seat}: Draft a {ring} Ring",
        "finger": "{seat}: Put the Ring on the {finger}",
        "rearrange": "{seat}: Take all Rings off to rearrange them",
        "keep-rings": "{seat}: Keep the Rings where they are",
        "bench": "{seat}: Courtier to the bench of Chamber {chamber}",
        "forgo": "{seat}: Place no Courtier",
        "lord": "{seat}: Lord into Chamber {chamber}",
        "no-lord": "{seat}: Do not place the Lord",
        "activate-courtier": "{seat}: Activate a Courtier in Chamber {chamber}",
        "activate-lord": "{seat}: Activate the Lord",
        "action": "{seat}: Action {letter}",
        "done-figure": "{seat}: Finish this figure's activation",
        "end-turn": "{seat}: End the turn",
        "take": "{seat}: Take a {card} Court Card",
        "give": "{seat}: Return a {card} Court Card to the supply",
        "pay": "{seat}: Discard a {card} Court Card",
        "skip": "{seat}: Discard a {card} Court Card to pass the Courtier above",
        "advance": "{seat}: Move up one space",
        "stop": "{seat}: Stop moving here",
        "new-courtier": "{seat}: Bring a new Courtier from the supply",
        "stand-ring": "{seat}: Take a {ring} Ring from the Stand",
        "hand-ring": "{seat}: The {ring} Ring on the {finger}",
        "bonus-move": "{seat}: Bonus: spend 2 Court Tokens to move a Courtier",
        "spend": "{seat}: Spend a {token} Court Token",
        "scenario": "{seat}: Scenario Card {side} action",
        "keep-token": "{seat}: Keep the token behind the screen",
        "chair": "{seat}: The Courtier on chair {chair} of Chamber {chamber}",
        "seat": "{seat}: {other_seat}",
        "decline": "{seat}: Decline this optional action",
        "ambassador": "{seat}: Discard the token: a Courtier from supply becomes an Ambassador",
        "select": "{seat}: Choose the Courtier on {space}",
        "to": "{seat}: Move to {space}",
        "recall": "{seat}: Remove the Courtier on {space} from the Throne Room",
        # Public news.
        "prestige": "Prestige: {gains}",
        "round": "Round {round} of {rounds} begins",
        "game-end": "Final Prestige {scores}. Winner: {winners}",
    },
    {"letter": _letter, "gains": _gains, "scores": _scores, "winners": _seats},
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
