"""What placing a card into Glory sets off: Sedition (C6.1), Conspiracy (C6.2) and the
Consort abilities (C9.9)."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    T_EPIPHANY,
    T_EPIPHANY_CARD,
    T_HONOUR_OUTCAST,
    T_HONOUR_TAKE,
    T_NEGOTIATION_GLORY,
    T_NEGOTIATION_SUBJECT,
    T_REAP_OUTCAST,
    T_REAP_TAKE,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    CLUBS,
    CONSORT_KEYS,
    DIAMONDS,
    HEARTS,
    IS_NUMBER,
    SLOT_KEYS,
    SPADES,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState


def sedition_legal(s: KingdomsState, t: Task) -> list[int]:
    v = t[1]
    if s.hand[v]:
        return [A.K_SELECT + c for c in s.hand[v]]
    out = [A.K_SELECT + c for c in s.subjects(v)]
    out.extend(A.K_SELECT + c for c in s.army[v])
    return out or [A.SKIP]


def sedition_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    v = t[1]
    if aid == A.SKIP:
        return
    card = aid - A.K_SELECT
    if card in s.hand[v]:
        s.from_hand(v, card)
        s.discard.append(card)
        note(events, "sedition-discard", seat=v, card=CARD_NAMES[card])
    elif card in s.army[v]:
        s.army[v].remove(card)
        s.discard.append(card)
        note(events, "sedition-army", seat=v, card=CARD_NAMES[card])
    else:
        s.outcast(v, card)
        note(events, "sedition-outcast", seat=v, card=CARD_NAMES[card])


def conspiracy_legal(s: KingdomsState, t: Task) -> list[int]:
    out = [A.K_SELECT + c for c in s.glory[t[1]]]
    out.append(A.SKIP)
    return out


def conspiracy_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    if aid == A.SKIP:
        return
    card = aid - A.K_SELECT
    s.glory[t[1]].remove(card)
    s.discard.append(card)
    note(events, "conspiracy", seat=t[1], card=CARD_NAMES[card])


def consort_possible(s: KingdomsState, p: int) -> bool:
    suit = C.consort_suit(s.court[p])
    if suit in (SPADES, CLUBS):
        return bool(s.subjects(p))
    if suit == HEARTS:
        return s.has_space(p)
    if suit == DIAMONDS:
        return bool(s.glory[p]) and any(SUIT[c] == DIAMONDS for c in s.subjects(p))
    return False


def consort_offer_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.CONSORT, A.SKIP] if consort_possible(s, t[1]) else [A.SKIP]


def consort_offer_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    if aid == A.SKIP:
        return
    p = t[1]
    suit = C.consort_suit(s.court[p])
    note(events, "consort-ability", seat=p, ability=CONSORT_KEYS[suit])
    if suit == SPADES:
        s.stack.append((T_REAP_OUTCAST, p, 0, 0))
    elif suit == CLUBS:
        s.stack.append((T_HONOUR_OUTCAST, p, 0, 0))
    elif suit == HEARTS:
        s.draw_to_hand(p)
        s.stack.append((T_EPIPHANY, p, 0, 0))
    else:
        s.stack.append((T_NEGOTIATION_SUBJECT, p, 0, 0))


def reap_outcast_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.outcast(p, card)
    value = VALUE[card]
    note(events, "ability-outcast", seat=p, card=CARD_NAMES[card], ability="reap")
    if any(VALUE[c] < value for c in s.subjects(p)):
        s.stack.append((T_REAP_TAKE, p, value, 0))


def reap_take_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(t[1]) if VALUE[c] < t[2]]


def reap_take_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(p, card)
    note(events, "to-glory", seat=p, card=CARD_NAMES[card])
    s.to_glory(p, card)


def honour_outcast_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.outcast(p, card)
    value = VALUE[card]
    note(events, "ability-outcast", seat=p, card=CARD_NAMES[card], ability="honour")
    if any(VALUE[c] < value for c in s.subjects(1 - p)):
        s.stack.append((T_HONOUR_TAKE, p, value, 0))


def honour_take_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(1 - t[1]) if VALUE[c] < t[2]]


def honour_take_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.remove_subject(1 - p, card)
    note(events, "taken-to-glory", seat=p, card=CARD_NAMES[card], from_seat=1 - p)
    s.to_glory(p, card)


def epiphany_legal(s: KingdomsState, t: Task) -> list[int]:
    p = t[1]
    out: list[int] = []
    if any(IS_NUMBER[c] for c in s.hand[p]):
        court = s.court[p]
        out = [A.ROW + slot for slot in range(3) if court[slot] >= 0 and s.free_space(p, slot) > 0]
    out.append(A.SKIP)
    return out


def epiphany_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    if aid != A.SKIP:
        s.stack.append((T_EPIPHANY_CARD, t[1], aid - A.ROW, 0))


def epiphany_card_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.hand[t[1]] if IS_NUMBER[c]]


def epiphany_card_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    card = aid - A.K_SELECT
    s.from_hand(p, card)
    s.rows[p][t[2]].append(card)
    if events is not None:  # the fast path builds no event
        note(events, "subject-placed", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[t[2]])


def negotiation_subject_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(t[1]) if SUIT[c] == DIAMONDS]


def negotiation_subject_apply(
    s: KingdomsState, t: Task, aid: int, events: list[Event] | None
) -> None:
    s.stack.append((T_NEGOTIATION_GLORY, t[1], aid - A.K_SELECT, 0))


def negotiation_glory_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.glory[t[1]]]


def negotiation_glory_apply(
    s: KingdomsState, t: Task, aid: int, events: list[Event] | None
) -> None:
    p, diamond = t[1], t[2]
    card = aid - A.K_SELECT
    for row in s.rows[p]:
        if diamond in row:
            row[row.index(diamond)] = card
            break
    s.glory[p].remove(card)
    note(events, "negotiations", seat=p, card=CARD_NAMES[diamond], glory=CARD_NAMES[card])
    # Ruling R15: a swap does not offer the Consort ability again (it would never end).
    s.to_glory(p, diamond, consort_may_follow=False)
