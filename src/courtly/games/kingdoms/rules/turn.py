"""The turn sequence (C2, C3): the duel, Draw, Inauguration, Discard, Refugee and turn end."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    DRAW_DECK,
    DRAW_DISCARD,
    DRAW_OPP_PEASANT,
    DRAW_OWN_PEASANT,
    ENDOW,
    K_CROWN,
    K_DISCARD,
    K_DUEL,
    K_MOVE,
    MAX_MULLIGANS,
    OPP_ROW,
    PEASANT,
    PH_ACTION,
    PH_DRAW,
    PH_END_TURN,
    PH_POP,
    PH_REFUGEE,
    SKIP,
    T_ENDOW,
    T_MOVE_DEST,
    USED_HAND_DISCARD,
    USED_MOVE,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    CLUBS,
    DIAMONDS,
    DRAW_SKIP_AT,
    HAND_SIZE,
    HEARTS,
    IS_JOKER,
    IS_NUMBER,
    IS_ROYAL,
    JACK,
    KING,
    SLOT_OF,
    SPADES,
    SUIT,
    SUIT_KEYS,
    VALUE,
    names,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

# --- the duel (C3.2, C3.3) -------------------------------------------------------------------


def duel_entry(s: KingdomsState, events: list[Event] | None) -> None:
    # C3.3: a player without a Subject to play mulligans.
    for p in (0, 1):
        for _ in range(MAX_MULLIGANS):
            if any(IS_NUMBER[c] for c in s.hand[p]):
                break
            s.mulligan(p)
            note(events, "duel-mulligan", seat=p)


def duel_legal(s: KingdomsState) -> list[int]:
    p = 0 if s.duel[0] < 0 else 1
    return [K_DUEL + c for c in s.hand[p] if IS_NUMBER[c]]


def duel_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = 0 if s.duel[0] < 0 else 1
    card = aid - K_DUEL
    s.from_hand(p, card)
    s.duel[p] = card
    note(events, "duel-card-played", private_to=frozenset({p}), seat=p)
    note(events, "duel-card-chosen", frozenset({p}), seat=p, card=CARD_NAMES[card])
    if p == 0:
        return
    s.reveal()  # both face-down duel cards are turned up
    c0, c1 = s.duel
    v0, v1 = VALUE[c0], VALUE[c1]
    note(events, "duel-cards-shown", cards=[CARD_NAMES[c0], CARD_NAMES[c1]])
    s.duel = [-1, -1]
    if v0 == v1:
        # C3.2: both discarded, each draws a new card, and the duel is repeated.
        s.discard.extend((c0, c1))
        for q in (0, 1):
            s.draw_to_hand(q)
        s.entered = False
        note(events, "duel-tie")
        return
    winner = 0 if v0 > v1 else 1
    s.discard.append((c0, c1)[winner])
    s.to_hand(1 - winner, (c0, c1)[1 - winner], True)
    s.turn = winner
    s.to_phase(PH_DRAW)
    note(events, "duel-won", seat=winner)


# --- Draw Phase (C2.1-C2.4, C10.1-C10.3) -----------------------------------------------------


def draw_sources(s: KingdomsState) -> list[int]:
    p = s.turn
    out: list[int] = []
    if s.can_draw_deck():
        out.append(DRAW_DECK)
    suits = C.court_suits_mask(s.court[p])
    own, opp = s.peasant[p], s.peasant[1 - p]
    if own and (suits >> SUIT[own[-1]]) & 1:
        out.append(DRAW_OWN_PEASANT)
    if opp and (suits >> SUIT[opp[-1]]) & 1:
        out.append(DRAW_OPP_PEASANT)
    if s.discard and C.influence(s.court[p]) == HEARTS:
        out.append(DRAW_DISCARD)
    return out


def full_draws(s: KingdomsState, p: int) -> int:
    """Cards ``p`` draws in a Draw Phase: 2, or 3 with Abundance (C10.1)."""
    return 3 if C.influence(s.court[p]) == SPADES else 2


def _note_peek(s: KingdomsState) -> None:
    p = s.turn
    if C.influence(s.court[p]) == HEARTS and s.deck and s.peek[p] != s.deck[-1]:
        s.peek[p] = s.deck[-1]
        s.reveal()  # Divine: p looks at the Draw pile's top card


def draw_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    if events is not None:  # the fast path builds no event
        note(events, "turn-begins", seat=p, turn=s.turns + 1)
    if len(s.hand[p]) >= DRAW_SKIP_AT:
        note(events, "draw-skipped", seat=p, hand=len(s.hand[p]))
        s.to_phase(PH_ACTION)
        return
    s.draws_left = full_draws(s, p)
    s.sabotage = C.influence(s.court[1 - p]) == CLUBS
    if not draw_sources(s):
        s.to_phase(PH_ACTION)
        return
    _note_peek(s)


def draw_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    pile = -1  # the seat whose Peasant pile it comes from
    if aid == DRAW_DECK:
        card = s.pop_deck()
    elif aid == DRAW_OWN_PEASANT:
        pile = p
        card = s.peasant[p].pop()
    elif aid == DRAW_OPP_PEASANT:
        pile = o
        card = s.peasant[o].pop()
    else:
        card = s.discard.pop()
    taker = p
    if s.sabotage:
        # C10.3: the Club-influenced opponent takes this turn's first Draw card.
        s.sabotage = False
        taker = o
    s.hand[taker].append(card)
    if aid != DRAW_DECK:
        s.known[taker] |= 1 << card
    if events is not None:
        name = CARD_NAMES[card]
        if aid == DRAW_DECK:
            note(events, "draw-deck", private_to=frozenset({taker}), seat=taker)
            note(events, "draw-deck-seen", frozenset({taker}), seat=taker, card=name)
        elif aid == DRAW_DISCARD:
            note(events, "draw-discard", seat=taker, card=name)
        else:
            note(events, "draw-peasant", seat=taker, pile_seat=pile, card=name)
    s.draws_left -= 1
    if s.draws_left <= 0 or not draw_sources(s):
        s.to_phase(PH_ACTION)
    else:
        _note_peek(s)


# --- Inauguration Phase (C4.4, C4.3) ---------------------------------------------------------


def _royals_available(s: KingdomsState) -> bool:
    pool = s.deck + s.discard
    return any(IS_ROYAL[c] for c in pool)


def inaug_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    court = s.court[p]
    if min(court) < 0 and max(court) < 0:
        # C4.4: no Royal card in play and none in hand: show, discard all, draw seven, repeat.
        for _ in range(MAX_MULLIGANS):
            if any(IS_ROYAL[c] for c in s.hand[p]) or not _royals_available(s):
                break
            note(events, "royal-redraw", seat=p, cards=names(s.hand[p]))
            s.reveal()  # the hand is shown (and seven cards are drawn)
            s.discard.extend(s.hand[p])
            s.hand[p] = []
            s.known[p] = 0
            for _ in range(HAND_SIZE):
                s.draw_to_hand(p)
    if not inaug_legal(s):
        if s.hand[p] and min(court) < 0:
            s.reveal()  # the other seat learns that no Royal in the hand fits the court
        s.to_phase(PH_POP)


def inaug_legal(s: KingdomsState) -> list[int]:
    p = s.turn
    court = s.court[p]
    out = [K_CROWN + c for c in s.hand[p] if IS_ROYAL[c] and court[SLOT_OF[c]] < 0]
    if out and max(court) >= 0:
        out.append(SKIP)
    return out


def inaug_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    if aid != SKIP:
        card = aid - K_CROWN
        s.from_hand(p, card)
        slot = SLOT_OF[card]
        court = s.court[p]
        court[slot] = card
        note(events, "crowned", seat=p, card=CARD_NAMES[card])
        if slot == KING and court[JACK] >= 0 and SUIT[court[JACK]] != SUIT[card]:
            # C4.3: a King discards a Jack of another suit.
            note(events, "jack-dismissed", seat=p, card=CARD_NAMES[court[JACK]])
            s.royal_discard(p, JACK)
        else:
            s.court_changed(p)
    s.to_phase(PH_POP)


# --- Discard Phase (C2.7) ------------------------------------------------------------------


def _discard_advance(s: KingdomsState) -> None:
    p = s.turn
    if not s.used & USED_HAND_DISCARD and not s.hand[p]:
        s.used |= USED_HAND_DISCARD
    if s.used & USED_HAND_DISCARD and not s.used & USED_MOVE and not s.subjects(p):
        s.used |= USED_MOVE
    if s.used & USED_HAND_DISCARD and s.used & USED_MOVE:
        s.to_phase(PH_REFUGEE)


def discard_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    s.used = 0
    if s.treaty[p] >= 0:
        # C9.7: the Treaty card on this kingdom's Jester space goes in its Discard Phase.
        note(events, "treaty-expires", seat=p, card=CARD_NAMES[s.treaty[p]])
        s.discard.append(s.treaty[p])
        s.treaty[p] = -1
    _discard_advance(s)


def discard_legal(s: KingdomsState) -> list[int]:
    p = s.turn
    if not s.used & USED_HAND_DISCARD:
        out = [K_DISCARD + c for c in s.hand[p]]
    else:
        out = [K_MOVE + c for c in s.subjects(p)]
    out.append(SKIP)
    return out


def discard_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    if not s.used & USED_HAND_DISCARD:
        s.used |= USED_HAND_DISCARD
        if aid != SKIP:
            card = aid - K_DISCARD
            s.from_hand(p, card)
            s.discard.append(card)
            if events is not None:  # the fast path builds no event
                note(events, "discarded", seat=p, card=CARD_NAMES[card])
    else:
        s.used |= USED_MOVE
        if aid != SKIP:
            s.stack.append((T_MOVE_DEST, p, aid - K_MOVE, 0))
            return
    _discard_advance(s)


def move_dest_legal(s: KingdomsState, t: Task) -> list[int]:
    o = 1 - t[1]
    out = [
        OPP_ROW + slot for slot in range(3) if s.court[o][slot] >= 0 and s.free_space(o, slot) > 0
    ]
    out.append(PEASANT)
    return out


def move_dest_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    if aid == PEASANT:
        s.outcast(p, card)
        note(events, "subject-outcast", seat=p, card=CARD_NAMES[card])
    else:
        s.remove_subject(p, card)
        s.rows[1 - p][aid - OPP_ROW].append(card)
        if events is not None:  # the fast path builds no event
            note(events, "subject-moved", seat=p, card=CARD_NAMES[card])
    _discard_advance(s)


# --- Refugee Phase (C2.8) ------------------------------------------------------------------


def suit_in_court(s: KingdomsState, q: int, suit: int) -> int:
    return sum(1 for c in s.court[q] if c >= 0 and SUIT[c] == suit)


def suit_in_kingdom(s: KingdomsState, q: int, suit: int) -> int:
    """Cards of ``suit`` in ``q``'s Royal Court and Population: face-up Subjects and, unless the
    ``refugee_army`` option leaves them out, face-down Army cards (they "take up available
    Subject spaces", so they are Population; ruling R24)."""
    n = suit_in_court(s, q, suit) + sum(1 for c in s.subjects(q) if SUIT[c] == suit)
    if s.params.refugee_army:
        n += sum(1 for c in s.army[q] if SUIT[c] == suit)
    return n


def refugee_taker(s: KingdomsState, card: int, events: list[Event] | None = None) -> int:
    """Who must take the Refugee: most court cards of its suit, then most cards of its suit in
    court and Population, then the player who turned it over; a Joker: the turner. When the
    second count is needed it is settled in the open: the counts, never which cards."""
    p = s.turn
    if IS_JOKER[card]:
        return p
    suit = SUIT[card]
    court_count = [suit_in_court(s, q, suit) for q in (0, 1)]
    if court_count[0] != court_count[1]:
        return 0 if court_count[0] > court_count[1] else 1
    wide = [suit_in_kingdom(s, q, suit) for q in (0, 1)]
    note(events, "refugee-count", suit=SUIT_KEYS[suit], counts=wide)
    if wide[0] != wide[1]:
        return 0 if wide[0] > wide[1] else 1
    return p


def refugee_entry(s: KingdomsState, events: list[Event] | None) -> None:
    s.to_phase(PH_END_TURN)
    card = s.pop_deck()
    if card < 0:
        return
    if events is not None:  # the fast path builds no event
        note(events, "refugee-turned", seat=s.turn, card=CARD_NAMES[card])
    taker = refugee_taker(s, card, events)
    other = 1 - taker
    if events is not None:  # the fast path builds no event
        note(events, "refugee-taker", seat=taker, card=CARD_NAMES[card])
    if C.influence(s.court[other]) == DIAMONDS:
        s.aside.append(card)
        s.stack.append((T_ENDOW, other, card, 0))
        return
    s.to_hand(taker, card, True)


def endow_legal(s: KingdomsState, t: Task) -> list[int]:
    return [ENDOW, SKIP]


def endow_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    s.aside.remove(card)
    taker = p if aid == ENDOW else 1 - p
    s.to_hand(taker, card, True)
    if aid == ENDOW:
        note(events, "endow", seat=p, card=CARD_NAMES[card])


# --- the end of a turn (C1.3) ----------------------------------------------------------------


def end_turn_entry(s: KingdomsState, events: list[Event] | None) -> None:
    s.turns += 1
    if s.turns >= s.params.turn_limit:
        note(events, "turn-limit", turns=s.turns)
        s.end_game()
        return
    s.turn = 1 - s.turn
    s.to_phase(PH_DRAW)


def action_entry(s: KingdomsState, events: list[Event] | None) -> None:
    s.used = 0
