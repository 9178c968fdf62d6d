"""The Chamberlain's powers: Glory Power (C8.2, C8.3) and Chamberlain Declarations (C8.4)."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms.codes import (
    T_CULTIVATE,
    T_ORACLE,
    T_PILLAGE,
    T_PLEDGE,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    CLUBS,
    DECLARATION_COST,
    GLORY_POWER_KEYS,
    HAND_SIZE,
    HEARTS,
    JACK,
    SPADES,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

# --- Glory Power (C8.2, C8.3) ------------------------------------------------------------------


def glory_power(s: KingdomsState, card: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    s.glory[p].remove(card)
    s.discard.append(card)
    suit = SUIT[card]
    note(events, "glory-power", seat=p, card=CARD_NAMES[card], ability=GLORY_POWER_KEYS[suit])
    if suit == SPADES:
        s.stack.append((T_CULTIVATE, p, 0, 0))
    elif suit == HEARTS:
        if s.subjects(p):
            s.stack.append((T_ORACLE, p, 0, 0))
    elif suit == CLUBS:
        if s.glory[o]:
            s.stack.append((T_PILLAGE, p, 0, 0))
    elif any(VALUE[g] < VALUE[card] for g in s.glory[o]):
        s.stack.append((T_PLEDGE, p, VALUE[card], 0))


def cultivate_legal(s: KingdomsState, t: Task) -> list[int]:
    out = [A.K_SELECT + c for c in s.hand[t[1]]]
    out.append(A.DONE)
    return out


def cultivate_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    if aid != A.DONE:
        card = aid - A.K_SELECT
        s.from_hand(p, card)
        s.discard.append(card)
        note(events, "cultivate-discard", seat=p, card=CARD_NAMES[card])
        s.stack.append(t)
        return
    drawn: list[int] = []
    while len(s.hand[p]) < HAND_SIZE and (card := s.draw_to_hand(p)) >= 0:
        drawn.append(card)
    # The drawer reads the cards it drew; the opponent, how many it holds now.
    told = frozenset({p}) if drawn else frozenset()
    note(events, "cultivate-draw", private_to=told, seat=p, hand=len(s.hand[p]))
    if drawn and events is not None:
        cards = [CARD_NAMES[c] for c in drawn]
        note(events, "cultivate-drawn", frozenset({p}), seat=p, hand=len(s.hand[p]), cards=cards)


def oracle_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(p, card)
    note(events, "oracle", seat=p, card=CARD_NAMES[card])
    s.to_glory(p, card)


def pillage_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    card = aid - A.K_SELECT
    s.glory[1 - t[1]].remove(card)
    s.discard.append(card)
    note(events, "pillage", seat=1 - t[1], card=CARD_NAMES[card])


def pledge_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.glory[1 - t[1]] if VALUE[c] < t[2]]


def pledge_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.glory[1 - p].remove(card)
    note(events, "pledge", seat=p, card=CARD_NAMES[card])
    s.to_glory(p, card)


# --- Chamberlain Declarations (C8.4) -----------------------------------------------------------


def declare_pay_legal(s: KingdomsState, t: Task) -> list[int]:
    cost = DECLARATION_COST[t[2]]
    return [A.K_SELECT + c for c in s.glory[t[1]] if SUIT[c] == cost]


def declare_pay_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    o = 1 - p
    card = aid - A.K_SELECT
    s.glory[p].remove(card)
    s.discard.append(card)
    jack = s.court[o][JACK]
    s.court[o][JACK] = -1
    s.court[p][JACK] = jack
    s.rows[p][JACK] = s.rows[o][JACK]
    s.rows[o][JACK] = []
    note(events, "declaration-paid", seat=p, card=CARD_NAMES[card], jack=CARD_NAMES[jack])
    s.court_changed(o)
    s.court_changed(p)
