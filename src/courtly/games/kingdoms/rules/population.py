"""The Population Phase (C4.5-C4.8) and re-placing a lifted Population (Royal Discards, C4.5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    PH_DISCARD,
    T_FORCED_PICK,
    T_FORCED_ROW,
    T_POP_CARD,
    USED_PLACED,
    USED_REARRANGED,
    Task,
)
from courtly.games.kingdoms.data import CARD_NAMES, HAND_SIZE, IS_JOKER, IS_NUMBER, SLOT_KEYS, names
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

ARMY_SLOT: Final = 3
MAX_FORCED_ROUNDS: Final = 200  # a guard only; the loop ends once a Subject is drawn


def free_rows(s: KingdomsState, p: int) -> list[int]:
    free_j, free_q, free_k = s.free_by_slot(p)
    out = []
    if free_j > 0:
        out.append(A.ROW)
    if free_q > 0:
        out.append(A.ROW + 1)
    if free_k > 0:
        out.append(A.ROW + 2)
    return out


def _numbers_left(s: KingdomsState) -> bool:
    return any(IS_NUMBER[c] for c in s.deck + s.discard + s.peasant[0] + s.peasant[1])


def pop_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    s.used = 0
    if not s.has_space(p):
        return
    if any(IS_NUMBER[c] for c in s.hand[p]):
        s.reveal()  # the other seat learns that the hand holds a Subject (else it is shown)
        return
    # C4.7: no Subject to place although there is space: show the hand and draw, showing each
    # card, until a Subject comes; at seven cards without one, discard all and draw seven.
    s.reveal_hand(p)
    note(events, "no-subject-shown", seat=p, cards=names(s.hand[p]))
    for _ in range(MAX_FORCED_ROUNDS):
        if not _numbers_left(s):
            return
        card = s.draw_to_hand(p)
        if card < 0:
            return
        s.known[p] |= 1 << card
        note(events, "draw-shown", seat=p, card=CARD_NAMES[card])
        if IS_NUMBER[card]:
            s.stack.append((T_FORCED_ROW, p, card, 0))
            return
        if len(s.hand[p]) >= HAND_SIZE:
            note(events, "no-subject-redraw", seat=p)
            s.discard.extend(s.hand[p])
            s.hand[p] = []
            s.known[p] = 0
            for _ in range(HAND_SIZE):
                s.draw_to_hand(p)
            if any(IS_NUMBER[c] for c in s.hand[p]):
                s.stack.append((T_FORCED_PICK, p, 0, 0))
                return
            s.reveal_hand(p)


def pop_options(s: KingdomsState) -> Iterator[int]:
    """The Population Phase menu, one id at a time (a caller that only asks whether the menu
    holds a single choice stops at the second)."""
    p = s.turn
    has_number = any(IS_NUMBER[c] for c in s.hand[p])
    if has_number:
        yield from free_rows(s, p)
        reg = C.regnant_slot(s.court[p])
        if reg >= 0 and s.free_space(p, reg) > 0:
            yield A.ARMY
    yield from (A.K_FLIP + c for c in s.army[p])
    if not s.used & USED_REARRANGED and (s.army[p] or s.subjects(p)):
        yield A.REARRANGE
    if s.jester[p] < 0:
        yield from (A.K_JESTER + c for c in s.hand[p] if IS_JOKER[c])
    if s.used & USED_PLACED or not has_number or not s.has_space(p):
        yield A.DONE


def pop_legal(s: KingdomsState) -> list[int]:
    return list(pop_options(s))


def pop_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    if aid == A.DONE:
        s.to_phase(PH_DISCARD)
    elif aid == A.ARMY:
        s.stack.append((T_POP_CARD, p, ARMY_SLOT, 0))
    elif aid == A.REARRANGE:
        s.used |= USED_REARRANGED
        s.lift_population(p, allow_peasant=False)
        if events is not None:  # the fast path builds no event
            note(events, "rearrange", seat=p)
    elif A.ROW <= aid < A.ROW + 3:
        s.stack.append((T_POP_CARD, p, aid - A.ROW, 0))
    elif A.K_FLIP <= aid < A.K_FLIP + 54:
        card = aid - A.K_FLIP
        s.army[p].remove(card)
        s.rows[p][C.regnant_slot(s.court[p])].append(card)
        note(events, "army-flipped", seat=p, card=CARD_NAMES[card])
    else:
        card = aid - A.K_JESTER
        s.from_hand(p, card)
        s.jester[p] = card
        note(events, "jester", seat=p, card=CARD_NAMES[card])


def pop_card_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.hand[t[1]] if IS_NUMBER[c]]


def pop_card_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, slot = t[1], t[2]
    card = aid - A.K_SELECT
    s.from_hand(p, card)
    s.used |= USED_PLACED
    if slot == ARMY_SLOT:
        s.army[p].append(card)
        if events is not None:  # the fast path builds no event
            note(events, "army-placed", private_to=frozenset({p}), seat=p)
            note(events, "army-placed-seen", frozenset({p}), seat=p, card=CARD_NAMES[card])
    else:
        s.rows[p][slot].append(card)
        if events is not None:  # the fast path builds no event
            note(events, "subject-placed", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[slot])


def forced_row_legal(s: KingdomsState, t: Task) -> list[int]:
    return free_rows(s, t[1])


def forced_row_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    s.from_hand(p, card)
    s.rows[p][aid - A.ROW].append(card)
    s.used |= USED_PLACED
    if events is not None:  # the fast path builds no event
        note(events, "subject-placed", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[aid - A.ROW])


def forced_pick_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.hand[t[1]] if IS_NUMBER[c]]


def forced_pick_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    card = aid - A.K_SELECT
    s.known[t[1]] |= 1 << card
    s.stack.append((T_FORCED_ROW, t[1], card, 0))


def fit_legal(s: KingdomsState, t: Task) -> list[int]:
    p = t[1]
    entry = s.limbo[p][0]
    out = free_rows(s, p)
    if entry >= ARMY_FLAG:
        reg = C.regnant_slot(s.court[p])
        if reg >= 0 and s.free_space(p, reg) > 0:
            out.append(A.ARMY)
    if not out or (t[2] and len(s.limbo[p]) > s.total_free(p)):
        out.append(A.PEASANT)
    return out


def fit_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    entry = s.limbo[p].pop(0)
    card = entry & (ARMY_FLAG - 1)
    if entry >= ARMY_FLAG and aid != A.ARMY:
        s.reveal()  # a face-down Army card is turned face up
    if aid == A.ARMY:
        s.army[p].append(card)
        note(events, "army-kept", private_to=frozenset({p}), seat=p)
        note(events, "army-kept-seen", frozenset({p}), seat=p, card=CARD_NAMES[card])
    elif aid == A.PEASANT:
        s.peasant[p].append(card)
        note(events, "surplus-outcast", seat=p, card=CARD_NAMES[card])
    else:
        s.rows[p][aid - A.ROW].append(card)
        if events is not None:  # the fast path builds no event
            note(
                events, "subject-placed", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[aid - A.ROW]
            )
    if s.limbo[p]:
        s.stack.append(t)
