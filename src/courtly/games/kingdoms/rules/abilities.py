"""Regnant Abilities (C9.8): outcast a Subject of the Regnant's suit for its effect."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms.codes import (
    T_HARVEST,
    T_INVADE,
    T_INVENTION_OUTCAST,
    T_INVENTION_TAKE,
    T_INVESTMENT_OUTCAST,
    T_INVESTMENT_TAKE,
    USED_REGNANT,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    CLUBS,
    HEARTS,
    REGNANT_KEYS,
    SPADES,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

# --- Regnant abilities (C9.8) ------------------------------------------------------------------


def regnant(s: KingdomsState, card: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    s.used |= USED_REGNANT
    s.outcast(p, card)
    value = VALUE[card]
    suit = SUIT[card]
    note(events, "regnant-ability", seat=p, card=CARD_NAMES[card], ability=REGNANT_KEYS[suit])
    mine = s.subjects(p)
    if suit == SPADES:
        if any(VALUE[c] <= value for c in mine):
            s.stack.append((T_HARVEST, p, value, 0))
    elif suit == HEARTS:
        if any(VALUE[c] >= value for c in mine):
            s.stack.append((T_INVENTION_OUTCAST, p, value, 0))
    elif suit == CLUBS:
        if any(VALUE[c] < value for c in s.subjects(o)):
            s.stack.append((T_INVADE, p, value, 0))
    elif mine:
        s.stack.append((T_INVESTMENT_OUTCAST, p, 0, 0))


def harvest_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(t[1]) if VALUE[c] <= t[2]]


def own_to_glory_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(p, card)
    note(events, "to-glory", seat=p, card=CARD_NAMES[card])
    s.to_glory(p, card)


def opp_to_glory_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(1 - p, card)
    note(events, "taken-to-glory", seat=p, card=CARD_NAMES[card], from_seat=1 - p)
    s.to_glory(p, card)


def invention_outcast_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(t[1]) if VALUE[c] >= t[2]]


def invention_outcast_apply(
    s: KingdomsState, t: Task, aid: int, events: list[Event] | None
) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.outcast(p, card)
    note(events, "ability-outcast", seat=p, card=CARD_NAMES[card], ability="invention")
    if s.subjects(1 - p):
        s.stack.append((T_INVENTION_TAKE, p, 0, 0))


def invade_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(1 - t[1]) if VALUE[c] < t[2]]


def investment_outcast_apply(
    s: KingdomsState, t: Task, aid: int, events: list[Event] | None
) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.outcast(p, card)
    note(events, "ability-outcast", seat=p, card=CARD_NAMES[card], ability="investment")
    if s.subjects(p):
        s.stack.append((T_INVESTMENT_TAKE, p, 0, 0))
