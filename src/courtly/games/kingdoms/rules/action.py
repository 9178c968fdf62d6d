"""The Action Phase menu (C5-C10) and the follow-up choices of each action."""

from __future__ import annotations

from collections.abc import Iterator

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    PH_INAUG,
    T_ACE_TARGET,
    T_BATTLE_TARGET,
    T_DECLARE_PAY,
    T_REVOLT,
    T_SCANDAL,
    T_TREASON,
    T_TREASON_ROW,
    USED_ACE,
    USED_ASCEND,
    USED_BATTLE,
    USED_POLITY,
    USED_PRESTIGE,
    USED_REGNANT,
    USED_SCANDAL,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    DECLARATION_COST,
    DECLARATIONS,
    GLORY_TO_END,
    IS_ACE,
    IS_NUMBER,
    JACK,
    KING,
    QUEEN,
    SLOT_KEYS,
    SLOT_OF,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.rules.abilities import regnant
from courtly.games.kingdoms.rules.ascendancy import ascend
from courtly.games.kingdoms.rules.chamberlain import glory_power
from courtly.games.kingdoms.rules.contests import polity
from courtly.games.kingdoms.state import KingdomsState


def unbacked_royals(s: KingdomsState, p: int) -> int:
    """C5.1: p's Royal cards with no face-up Subject of their suit in p's Population."""
    suits = 0
    for card in s.subjects(p):
        suits |= 1 << SUIT[card]
    return sum(1 for c in s.court[p] if c >= 0 and not (suits >> SUIT[c]) & 1)


def declaration_allowed(s: KingdomsState, p: int, index: int) -> bool:
    """C8.4: the opponent has a Chamberlain, no Jester, we have no Jack, the condition holds
    and a Glory card of the declaration's suit can be paid."""
    o = 1 - p
    oc = s.court[o]
    mine = s.court[p]
    if not C.has_chamberlain(oc) or s.jester[o] >= 0 or mine[JACK] >= 0:
        return False
    jack_suit = SUIT[oc[JACK]]
    if index == 0:
        ok = mine[KING] >= 0 and SUIT[mine[KING]] == jack_suit
    elif index == 1:
        ok = mine[QUEEN] >= 0 and SUIT[mine[QUEEN]] == jack_suit
    elif index == 2:
        ok = jack_suit != SUIT[oc[KING]]
    else:
        ok = jack_suit != SUIT[oc[QUEEN]]
    cost = DECLARATION_COST[index]
    return ok and any(SUIT[g] == cost for g in s.glory[p])


def ace_targets(s: KingdomsState, p: int, ace: int) -> list[int]:
    """C9.1: the Jester alone if the opponent has one (immunity), else royals of the Ace's suit."""
    o = 1 - p
    if s.jester[o] >= 0:
        return [s.jester[o]]
    suit = SUIT[ace]
    return [c for c in s.court[o] if c >= 0 and SUIT[c] == suit]


def action_options(s: KingdomsState) -> Iterator[int]:
    """The Action Phase menu, one id at a time (a caller that only asks whether the menu holds
    a single choice stops at the second)."""
    p = s.turn
    o = 1 - p
    used = s.used
    court = s.court[p]
    hand = s.hand[p]
    mine = s.subjects(p)
    opp_subjects = s.subjects(o)
    if not used & USED_SCANDAL and opp_subjects:
        n = unbacked_royals(s, o)
        if n >= 1:
            yield A.SCANDAL
            if n >= 2:
                yield A.REVOLT
                if n >= 3 and s.has_space(p):
                    yield A.TREASON
    numbers = [c for c in hand if IS_NUMBER[c]]
    if not used & USED_ASCEND and C.consort_slot(court) < 0:
        yield from (A.K_ASCEND + c for c in numbers)
        yield from (A.K_ASCEND + c for c in mine)
    glory = s.glory[p]
    if glory:
        if C.has_chamberlain(court):
            if not C.is_eunuch(court):
                yield from (A.K_POWER + c for c in glory)
        elif C.has_chamberlain(s.court[o]):
            yield from (A.DECLARE + i for i in range(4) if declaration_allowed(s, p, i))
    if not used & USED_ACE:
        yield from (A.K_ACE + c for c in hand if IS_ACE[c] and ace_targets(s, p, c))
    if numbers:
        if s.treaty[o] < 0:
            yield from (A.K_TREATY + c for c in numbers)
        if s.treaty[p] >= 0:
            bar = VALUE[s.treaty[p]]
            yield from (A.K_BREAK + c for c in numbers if VALUE[c] > bar)
    if not used & USED_POLITY and len(glory) < len(s.glory[o]) and s.can_draw_deck():
        yield A.POLITY
    if not used & USED_BATTLE and s.army[p] and opp_subjects and s.params.battle:
        yield from (A.K_BATTLE + c for c in s.army[p])
    if not used & USED_REGNANT and mine:
        rsuit = C.regnant_suit(court)
        if rsuit >= 0 and not (s.treaty[p] >= 0 and SUIT[s.treaty[p]] == rsuit):
            yield from (A.K_REGNANT + c for c in mine if SUIT[c] == rsuit)
    if not used & USED_PRESTIGE and C.is_prestigious(court):
        if s.peasant[p]:
            yield A.PRESTIGE_OWN
        if s.peasant[o]:
            yield A.PRESTIGE_OPP
    yield A.DONE


def action_legal(s: KingdomsState) -> list[int]:
    return list(action_options(s))


def action_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    stack = s.stack
    if aid == A.DONE:
        s.to_phase(PH_INAUG)
        return
    if aid >= A.SCANDAL:
        if aid == A.SCANDAL:
            s.used |= USED_SCANDAL
            stack.append((T_SCANDAL, p, 0, 0))
            note(events, "scandal", seat=p)
        elif aid == A.REVOLT:
            s.used |= USED_SCANDAL
            stack.append((T_REVOLT, p, 0, 0))
            note(events, "revolt", seat=p)
        elif aid == A.TREASON:
            s.used |= USED_SCANDAL
            stack.append((T_TREASON, p, 0, 0))
            note(events, "treason", seat=p)
        elif aid == A.POLITY:
            polity(s, events)
        elif aid in (A.PRESTIGE_OWN, A.PRESTIGE_OPP):
            s.used |= USED_PRESTIGE
            card = s.peasant[p if aid == A.PRESTIGE_OWN else o].pop()
            note(events, "prestige", seat=p, card=CARD_NAMES[card])
            s.to_glory(p, card)
        else:
            index = aid - A.DECLARE
            stack.append((T_DECLARE_PAY, p, index, 0))
            note(events, "declaration", seat=p, declaration=DECLARATIONS[index])
        return
    kind, card = divmod(aid, 54)
    kind *= 54
    if kind == A.K_ASCEND:
        ascend(s, card, events)
    elif kind == A.K_POWER:
        glory_power(s, card, events)
    elif kind == A.K_ACE:
        s.used |= USED_ACE
        s.from_hand(p, card)
        s.discard.append(card)
        stack.append((T_ACE_TARGET, p, card, 0))
        note(events, "ace", seat=p, card=CARD_NAMES[card])
    elif kind == A.K_TREATY:
        s.from_hand(p, card)
        s.treaty[o] = card
        if events is not None:  # the fast path builds no event
            note(events, "treaty", seat=p, card=CARD_NAMES[card])
    elif kind == A.K_BREAK:
        s.from_hand(p, card)
        note(events, "treaty-broken", seat=p, treaty=CARD_NAMES[s.treaty[p]], card=CARD_NAMES[card])
        s.discard.extend((s.treaty[p], card))
        s.treaty[p] = -1
    elif kind == A.K_BATTLE:
        s.used |= USED_BATTLE
        s.army[p].remove(card)
        s.aside.append(card)
        stack.append((T_BATTLE_TARGET, p, card, 0))
        note(events, "battle", seat=p, card=CARD_NAMES[card])
    else:  # K_REGNANT
        regnant(s, card, events)


# --- Scandal, Revolt, Treason (C5) -------------------------------------------------------------


def scandal_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    o = 1 - p
    card = aid - A.K_SELECT
    s.remove_subject(o, card)
    if s.params.scandal_glory_own:
        note(events, "scandal-glory", seat=p, card=CARD_NAMES[card])
        s.to_glory(p, card)
        return
    note(events, "scandal-glory", seat=o, card=CARD_NAMES[card])
    # Ruling R8: placing into the opponent's Glory triggers nothing (they did not place it).
    s.glory[o].append(card)
    if len(s.glory[o]) >= GLORY_TO_END:
        s.end_game()


def revolt_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    o = 1 - t[1]
    card = aid - A.K_SELECT
    s.outcast(o, card)
    note(events, "revolt-outcast", seat=o, card=CARD_NAMES[card])


def treason_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    s.stack.append((T_TREASON_ROW, t[1], aid - A.K_SELECT, 0))


def treason_row_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    s.remove_subject(1 - p, card)
    s.rows[p][aid - A.ROW].append(card)
    note(events, "treason-taken", seat=p, card=CARD_NAMES[card], slot=SLOT_KEYS[aid - A.ROW])


# --- Aces (C9.1) -------------------------------------------------------------------------------


def ace_target_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in ace_targets(s, t[1], t[2])]


def ace_target_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    o = 1 - t[1]
    card = aid - A.K_SELECT
    note(events, "ace-kills", seat=o, card=CARD_NAMES[card])
    if s.jester[o] == card:
        s.jester[o] = -1
        s.discard.append(card)
    else:
        s.royal_discard(o, SLOT_OF[card])
