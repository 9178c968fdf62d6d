"""No-Consort Ascendancy (C7): discard a Number card for its suit's effect."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms.codes import (
    T_CHAMPION,
    T_HERALD,
    T_HERALD_ROW,
    T_MAY_DRAW,
    T_TREASURER,
    T_TREASURER_SUBJECT,
    USED_ASCEND,
    Task,
)
from courtly.games.kingdoms.data import (
    ASCENDANCY_KEYS,
    CARD_NAMES,
    CLUBS,
    HEARTS,
    SLOT_KEYS,
    SPADES,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

# --- No-Consort Ascendancy (C7) ----------------------------------------------------------------


def ascend(s: KingdomsState, card: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    s.used |= USED_ASCEND
    if card in s.hand[p]:
        s.from_hand(p, card)
    else:
        s.remove_subject(p, card)
    s.discard.append(card)
    suit = SUIT[card]
    note(events, "ascendancy", seat=p, card=CARD_NAMES[card], ability=ASCENDANCY_KEYS[suit])
    if suit == SPADES:
        # Master of the Hunt: the drawer sees the card drawn, the opponent only that one was.
        drawn = s.draw_to_hand(p)
        if drawn >= 0:
            note(events, "draw-deck-seen", frozenset({p}), seat=p, card=CARD_NAMES[drawn])
    elif suit == HEARTS:
        if s.glory[p] and s.has_space(p):
            s.stack.append((T_HERALD, p, 0, 0))
    elif suit == CLUBS:
        value = VALUE[card]
        if any(VALUE[c] < value for c in s.subjects(o)):
            s.stack.append((T_CHAMPION, p, value, 0))
    elif s.hand[o]:
        s.stack.append((T_TREASURER, o, 0, 0))
    elif s.subjects(o):
        s.stack.append((T_TREASURER_SUBJECT, o, 0, 0))
    else:
        s.stack.append((T_MAY_DRAW, p, 0, 0))


def herald_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    s.stack.append((T_HERALD_ROW, t[1], aid - A.K_SELECT, 0))


def herald_row_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    s.glory[p].remove(card)
    s.rows[p][aid - A.ROW].append(card)
    note(events, "herald", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[aid - A.ROW])


def champion_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(1 - t[1]) if VALUE[c] < t[2]]


def champion_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    o = 1 - t[1]
    card = aid - A.K_SELECT
    s.remove_subject(o, card)
    s.discard.append(card)
    note(events, "champion", seat=o, card=CARD_NAMES[card])


def treasurer_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.hand[t[1]]]


def treasurer_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    giver = t[1]
    card = aid - A.K_SELECT
    s.from_hand(giver, card)
    s.to_hand(1 - giver, card, True)
    note(events, "treasurer-gives", private_to=frozenset({0, 1}), seat=giver)
    note(events, "treasurer-card", frozenset({0, 1}), seat=giver, card=CARD_NAMES[card])


def treasurer_subject_apply(
    s: KingdomsState, t: Task, aid: int, events: list[Event] | None
) -> None:
    giver = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(giver, card)
    s.to_hand(1 - giver, card, True)
    note(events, "treasurer-subject", seat=giver, card=CARD_NAMES[card])


def may_draw_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.DRAW_DECK, A.SKIP] if s.can_draw_deck() else [A.SKIP]


def may_draw_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    if aid == A.DRAW_DECK:
        # The drawer reads the card it drew; the opponent, that one was drawn.
        drawn = s.draw_to_hand(t[1])
        told = frozenset({t[1]}) if drawn >= 0 else frozenset()
        note(events, "draw-deck", private_to=told, seat=t[1])
        if drawn >= 0:
            note(events, "draw-deck-seen", frozenset({t[1]}), seat=t[1], card=CARD_NAMES[drawn])
