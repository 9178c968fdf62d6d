"""The turn sequence (C2, C3): opening deal and duel, Draw, Inauguration, Discard, Refugee."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms import space as A
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
    VALUE,
)
from courtly.games.kingdoms.log import SEATS, private, say
from courtly.games.kingdoms.state import (
    PHASE_APPLY,
    PHASE_ENTRY,
    PHASE_LEGAL,
    TASK_APPLY,
    TASK_LEGAL,
    KingdomsState,
    Task,
)
from courtly.games.kingdoms.tasks import (
    PH_ACTION,
    PH_DISCARD,
    PH_DRAW,
    PH_DUEL,
    PH_END_TURN,
    PH_INAUG,
    PH_POP,
    PH_REFUGEE,
    T_ENDOW,
    T_MOVE_DEST,
    USED_HAND_DISCARD,
    USED_MOVE,
)

MAX_MULLIGANS = 50  # a guard only: a legal deck always yields a good hand long before this


# --- opening (C3) ----------------------------------------------------------------------------


def mulligan(s: KingdomsState, p: int) -> None:
    """Show the hand, shuffle it back into the Draw pile and draw seven new cards (ruling R2)."""
    s.deck.extend(s.hand[p])
    s.hand[p] = []
    s.known[p] = 0
    s.deck.sort()
    s.rng.shuffle(s.deck)
    s.peek = [-1, -1]
    for _ in range(HAND_SIZE):
        s.draw_to_hand(p)


def deal(s: KingdomsState) -> None:
    """C3.1: seven cards each; a hand without a Royal or without a Subject must be mulliganed."""
    deck = list(range(54))
    s.rng.shuffle(deck)
    s.deck = deck
    for p in (0, 1):
        for _ in range(HAND_SIZE):
            s.draw_to_hand(p)
    for p in (0, 1):
        for _ in range(MAX_MULLIGANS):
            hand = s.hand[p]
            if any(IS_ROYAL[c] for c in hand) and any(IS_NUMBER[c] for c in hand):
                break
            mulligan(s, p)


def duel_entry(s: KingdomsState, events: list[Event] | None) -> None:
    # C3.3: a player without a Subject to play mulligans.
    for p in (0, 1):
        for _ in range(MAX_MULLIGANS):
            if any(IS_NUMBER[c] for c in s.hand[p]):
                break
            mulligan(s, p)
            say(events, f"{SEATS[p]} has no Subject for the duel and mulligans")


def duel_legal(s: KingdomsState) -> list[int]:
    p = 0 if s.duel[0] < 0 else 1
    return [A.K_DUEL + c for c in s.hand[p] if IS_NUMBER[c]]


def duel_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = 0 if s.duel[0] < 0 else 1
    card = aid - A.K_DUEL
    s.from_hand(p, card)
    s.duel[p] = card
    private(
        events, p, f"You play {CARD_NAMES[card]} face down", f"{SEATS[p]} plays a card face down"
    )
    if p == 0:
        return
    c0, c1 = s.duel
    v0, v1 = VALUE[c0], VALUE[c1]
    say(events, f"The duel cards are {CARD_NAMES[c0]} and {CARD_NAMES[c1]}")
    s.duel = [-1, -1]
    if v0 == v1:
        # C3.2: both discarded, each draws a new card, and the duel is repeated.
        s.discard.extend((c0, c1))
        for q in (0, 1):
            s.draw_to_hand(q)
        s.entered = False
        say(events, "The duel is a tie: both cards are discarded and each player draws")
        return
    winner = 0 if v0 > v1 else 1
    s.discard.append((c0, c1)[winner])
    s.to_hand(1 - winner, (c0, c1)[1 - winner], True)
    s.turn = winner
    s.phase = PH_DRAW
    s.entered = False
    say(events, f"{SEATS[winner]} wins the duel and takes the first turn")


# --- Draw Phase (C2.1-C2.4, C10.1-C10.3) -----------------------------------------------------


def draw_sources(s: KingdomsState) -> list[int]:
    p = s.turn
    out: list[int] = []
    if s.can_draw_deck():
        out.append(A.DRAW_DECK)
    suits = C.court_suits_mask(s.court[p])
    own, opp = s.peasant[p], s.peasant[1 - p]
    if own and (suits >> SUIT[own[-1]]) & 1:
        out.append(A.DRAW_OWN_PEASANT)
    if opp and (suits >> SUIT[opp[-1]]) & 1:
        out.append(A.DRAW_OPP_PEASANT)
    if s.discard and C.influence(s.court[p]) == HEARTS:
        out.append(A.DRAW_DISCARD)
    return out


def _note_peek(s: KingdomsState) -> None:
    p = s.turn
    if C.influence(s.court[p]) == HEARTS and s.deck:
        s.peek[p] = s.deck[-1]


def draw_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    say(events, f"{SEATS[p]}'s turn {s.turns + 1} begins", "turn")
    if len(s.hand[p]) >= DRAW_SKIP_AT:
        say(events, f"{SEATS[p]} holds {len(s.hand[p])} cards and skips the Draw Phase")
        _to_phase(s, PH_ACTION)
        return
    s.draws_left = 3 if C.influence(s.court[p]) == SPADES else 2
    s.sabotage = C.influence(s.court[1 - p]) == CLUBS
    if not draw_sources(s):
        _to_phase(s, PH_ACTION)
        return
    _note_peek(s)


def draw_legal(s: KingdomsState) -> list[int]:
    return draw_sources(s)


def draw_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    o = 1 - p
    public = True
    if aid == A.DRAW_DECK:
        card = s.pop_deck()
        public = False
        where = "the Draw pile"
    elif aid == A.DRAW_OWN_PEASANT:
        card = s.peasant[p].pop()
        where = "their Peasant pile"
    elif aid == A.DRAW_OPP_PEASANT:
        card = s.peasant[o].pop()
        where = "the opponent's Peasant pile"
    else:
        card = s.discard.pop()
        where = "the Discard pile"
    taker = p
    if s.sabotage:
        # C10.3: the Club-influenced opponent takes this turn's first Draw card.
        s.sabotage = False
        taker = o
    s.hand[taker].append(card)
    if public:
        s.known[taker] |= 1 << card
        say(events, f"{SEATS[taker]} takes {CARD_NAMES[card]} from {where}")
    elif events is not None:
        private(
            events,
            taker,
            f"You take {CARD_NAMES[card]} from {where}",
            f"{SEATS[taker]} takes a card from {where}",
        )
    s.draws_left -= 1
    if s.draws_left <= 0 or not draw_sources(s):
        _to_phase(s, PH_ACTION)
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
            say(
                events,
                f"{SEATS[p]} shows a hand without Royal cards, discards it and draws seven: "
                + " ".join(CARD_NAMES[c] for c in s.hand[p]),
            )
            s.discard.extend(s.hand[p])
            s.hand[p] = []
            s.known[p] = 0
            for _ in range(HAND_SIZE):
                s.draw_to_hand(p)
    if not inaug_legal(s):
        _to_phase(s, PH_POP)


def inaug_legal(s: KingdomsState) -> list[int]:
    p = s.turn
    court = s.court[p]
    out = [A.K_CROWN + c for c in s.hand[p] if IS_ROYAL[c] and court[SLOT_OF[c]] < 0]
    if out and max(court) >= 0:
        out.append(A.SKIP)
    return out


def inaug_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    if aid != A.SKIP:
        card = aid - A.K_CROWN
        s.from_hand(p, card)
        slot = SLOT_OF[card]
        court = s.court[p]
        court[slot] = card
        say(events, f"{SEATS[p]} places {CARD_NAMES[card]} into their Royal Court")
        if slot == KING and court[JACK] >= 0 and SUIT[court[JACK]] != SUIT[card]:
            # C4.3: a King discards a Jack of another suit.
            say(events, f"{SEATS[p]}'s Jack {CARD_NAMES[court[JACK]]} is discarded by the King")
            s.royal_discard(p, JACK)
        else:
            s.court_changed(p)
    _to_phase(s, PH_POP)


# --- Discard Phase (C2.7) ------------------------------------------------------------------


def _discard_advance(s: KingdomsState) -> None:
    p = s.turn
    if not s.used & USED_HAND_DISCARD and not s.hand[p]:
        s.used |= USED_HAND_DISCARD
    if s.used & USED_HAND_DISCARD and not s.used & USED_MOVE and not s.subjects(p):
        s.used |= USED_MOVE
    if s.used & USED_HAND_DISCARD and s.used & USED_MOVE:
        _to_phase(s, PH_REFUGEE)


def discard_entry(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    s.used = 0
    if s.treaty[p] >= 0:
        # C9.7: the Treaty card on this kingdom's Jester space goes in its Discard Phase.
        say(events, f"The Treaty card {CARD_NAMES[s.treaty[p]]} is discarded")
        s.discard.append(s.treaty[p])
        s.treaty[p] = -1
    _discard_advance(s)


def discard_legal(s: KingdomsState) -> list[int]:
    p = s.turn
    if not s.used & USED_HAND_DISCARD:
        out = [A.K_DISCARD + c for c in s.hand[p]]
    else:
        out = [A.K_MOVE + c for c in s.subjects(p)]
    out.append(A.SKIP)
    return out


def discard_apply(s: KingdomsState, aid: int, events: list[Event] | None) -> None:
    p = s.turn
    if not s.used & USED_HAND_DISCARD:
        s.used |= USED_HAND_DISCARD
        if aid != A.SKIP:
            card = aid - A.K_DISCARD
            s.from_hand(p, card)
            s.discard.append(card)
            say(events, f"{SEATS[p]} discards {CARD_NAMES[card]}")
    else:
        s.used |= USED_MOVE
        if aid != A.SKIP:
            s.stack.append((T_MOVE_DEST, p, aid - A.K_MOVE, 0))
            return
    _discard_advance(s)


def move_dest_legal(s: KingdomsState, t: Task) -> list[int]:
    o = 1 - t[1]
    out = [
        A.OPP_ROW + slot for slot in range(3) if s.court[o][slot] >= 0 and s.free_space(o, slot) > 0
    ]
    out.append(A.PEASANT)
    return out


def move_dest_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    if aid == A.PEASANT:
        s.outcast(p, card)
        say(events, f"{SEATS[p]} outcasts {CARD_NAMES[card]} onto their Peasant pile")
    else:
        s.remove_subject(p, card)
        s.rows[1 - p][aid - A.OPP_ROW].append(card)
        say(events, f"{SEATS[p]} moves {CARD_NAMES[card]} into the opponent's Population")
    _discard_advance(s)


# --- Refugee Phase (C2.8) ------------------------------------------------------------------


def refugee_taker(s: KingdomsState, card: int) -> int:
    """Who must take the Refugee: most court cards of its suit, then most cards of its suit in
    court and (face-up) Population, then the player who turned it over; a Joker: the turner."""
    p = s.turn
    if IS_JOKER[card]:
        return p
    suit = SUIT[card]
    court_count = [sum(1 for c in s.court[q] if c >= 0 and SUIT[c] == suit) for q in (0, 1)]
    if court_count[0] != court_count[1]:
        return 0 if court_count[0] > court_count[1] else 1
    wide = [court_count[q] + sum(1 for c in s.subjects(q) if SUIT[c] == suit) for q in (0, 1)]
    if wide[0] != wide[1]:
        return 0 if wide[0] > wide[1] else 1
    return p


def refugee_entry(s: KingdomsState, events: list[Event] | None) -> None:
    _to_phase(s, PH_END_TURN)
    card = s.pop_deck()
    if card < 0:
        return
    taker = refugee_taker(s, card)
    other = 1 - taker
    say(events, f"The Refugee card is {CARD_NAMES[card]}; {SEATS[taker]} must take it")
    if C.influence(s.court[other]) == DIAMONDS:
        s.aside.append(card)
        s.stack.append((T_ENDOW, other, card, 0))
        return
    s.to_hand(taker, card, True)


def endow_legal(s: KingdomsState, t: Task) -> list[int]:
    return [A.ENDOW, A.SKIP]


def endow_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p, card = t[1], t[2]
    s.aside.remove(card)
    taker = p if aid == A.ENDOW else 1 - p
    s.to_hand(taker, card, True)
    if aid == A.ENDOW:
        say(events, f"{SEATS[p]} uses Endow and takes the Refugee card {CARD_NAMES[card]}")


def end_turn_entry(s: KingdomsState, events: list[Event] | None) -> None:
    s.turns += 1
    if s.turns >= int(s.options["turn_limit"]):
        say(events, f"The turn limit ({s.turns} turns) is reached: the game is scored")
        s.end_game()
        return
    s.turn = 1 - s.turn
    _to_phase(s, PH_DRAW)


def action_entry(s: KingdomsState, events: list[Event] | None) -> None:
    s.used = 0


def _to_phase(s: KingdomsState, phase: int) -> None:
    s.phase = phase
    s.entered = False


def to_phase(s: KingdomsState, phase: int) -> None:
    """Leave the current phase; the next one starts when no decision is pending."""
    _to_phase(s, phase)


PHASE_ENTRY.update(
    {
        PH_DUEL: duel_entry,
        PH_DRAW: draw_entry,
        PH_ACTION: action_entry,
        PH_INAUG: inaug_entry,
        PH_DISCARD: discard_entry,
        PH_REFUGEE: refugee_entry,
        PH_END_TURN: end_turn_entry,
    }
)
PHASE_LEGAL.update(
    {
        PH_DUEL: duel_legal,
        PH_DRAW: draw_legal,
        PH_INAUG: inaug_legal,
        PH_DISCARD: discard_legal,
    }
)
PHASE_APPLY.update(
    {
        PH_DUEL: duel_apply,
        PH_DRAW: draw_apply,
        PH_INAUG: inaug_apply,
        PH_DISCARD: discard_apply,
    }
)
TASK_LEGAL.update({T_ENDOW: endow_legal, T_MOVE_DEST: move_dest_legal})
TASK_APPLY.update({T_ENDOW: endow_apply, T_MOVE_DEST: move_dest_apply})
