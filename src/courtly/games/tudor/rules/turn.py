"""Phase 4 turns: activating a figure, its Chamber/Alternate Actions, and the Bonus Actions.

A turn is a loop of small decisions: bonus actions at any time, one figure (a Courtier does
one action, a Lord both of its chamber in either order, either may take G or H instead), and
"end turn" once the figure is done. A player with no figure left takes G, H or passes.
"""

from __future__ import annotations

from typing import Final

from courtly.games.tudor.actions import (
    ACT,
    ACTIVATE_LORD,
    BONUS_MOVE,
    COURTIER,
    DONE_FIGURE,
    END_TURN,
    GIVE,
    SCENARIO,
)
from courtly.games.tudor.codes import (
    ACT_BONUS_MOVE,
    ACT_NONE,
    FIG_COURTIER,
    FIG_DONE,
    FIG_LORD,
    FIG_NONE,
    M_ASSIGN,
    M_OFFICE_ACTION,
    M_SPEND,
    M_TURN,
    MK_A,
    MK_BONUS,
    MK_C,
    MK_E,
    MK_G,
    TK_D_FIRST,
    TK_F,
    TK_H,
)
from courtly.games.tudor.data import (
    CHAMBER_ACTIONS,
    ESSENTIALS,
    ESSENTIALS_VALUES,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
)
from courtly.games.tudor.rules import anytime, movement, offices
from courtly.games.tudor.rules.cards import start_take
from courtly.games.tudor.state import COMPILED, TudorState

MOVE_KIND: Final = {A: MK_A, C: MK_C, E: MK_E, G: MK_G}


# --- feasibility ------------------------------------------------------------------------


def ring_cards_available(st: TudorState, p: int) -> bool:
    colours = st.ring_colours(p)
    supply = st.supply
    return any(colours >> f & 1 and supply[f] for f in range(7))


def feasible(st: TudorState, p: int, x: int) -> bool:
    kind = MOVE_KIND.get(x)
    if kind is not None:
        return movement.feasible(st, p, kind)
    if x == B:
        return offices.ring_exchange_feasible(st, p)
    if x in (D, H):
        return ring_cards_available(st, p)
    return any(st.supply)  # F


def start_office_action(st: TudorState, p: int) -> bool:
    """Exploiting Connections: any one Chamber Action A-F after taking an Office."""
    if not any(feasible(st, p, x) for x in range(6)):
        return False
    st.mode = M_OFFICE_ACTION
    st.cur = p
    return True


def own_chambers_ready(st: TudorState, p: int) -> list[int]:
    out = []
    for ch in range(3):
        row = st.chairs[ch]
        acted = st.acted[ch]
        for i in range(len(row)):
            if row[i] == p and not acted[i]:
                out.append(ch)
                break
    return out


def spendable_tokens(st: TudorState, p: int) -> int:
    held = st.ctok[p]
    if st.params.has(ESSENTIALS):  # negative tokens may not pay for Move Courtier
        return sum(held[f] for f in range(7) if ESSENTIALS_VALUES[f] >= 0)
    if COMPILED:
        total = 0
        for n in held:
            total += n
        return total
    return sum(held)


def can_spend(st: TudorState, p: int, f: int) -> bool:
    return st.ctok[p][f] > 0 and not (st.params.has(ESSENTIALS) and ESSENTIALS_VALUES[f] < 0)


# --- legal actions in M_TURN ----------------------------------------------------------


def turn_legal(st: TudorState, out: list[int]) -> None:
    p = st.turn_player
    fig = st.fig
    if fig == FIG_NONE:
        ready = own_chambers_ready(st, p)
        for ch in ready:
            out.append(COURTIER + ch)
        lord_ready = st.lords[p] >= 0 and not st.lord_acted[p]
        if lord_ready:
            out.append(ACTIVATE_LORD)
        if not ready and not lord_ready:
            # No figure left: one Alternate Action (or nothing) keeps the turns equal.
            for x in (G, H):
                if feasible(st, p, x):
                    out.append(ACT + x)
            out.append(END_TURN)
    elif fig == FIG_COURTIER:
        for x in (*CHAMBER_ACTIONS[st.figure_chamber], G, H):
            if feasible(st, p, x):
                out.append(ACT + x)
        out.append(DONE_FIGURE)
    elif fig == FIG_LORD:
        pair = CHAMBER_ACTIONS[st.figure_chamber]
        lmask = st.lord_actions_left
        for i in (0, 1):
            if lmask >> i & 1 and feasible(st, p, pair[i]):
                out.append(ACT + pair[i])
        if lmask == 3:
            for x in (G, H):
                if feasible(st, p, x):
                    out.append(ACT + x)
        out.append(DONE_FIGURE)
    else:
        out.append(END_TURN)
    bonus_legal(st, p, out)


def bonus_legal(st: TudorState, p: int, out: list[int]) -> None:
    """Bonus Actions and Scenario Card actions, any time during ``p``'s turn."""
    if not st.bonus_used[p] and spendable_tokens(st, p) >= 2 and movement.feasible(st, p, MK_BONUS):
        out.append(BONUS_MOVE)
    hand = st.hand[p]
    if COMPILED:
        cards = 0
        for n in hand:
            cards += n
    else:
        cards = sum(hand)
    if cards >= 2:
        for f in range(7):
            if hand[f]:
                out.append(GIVE + f)
    anytime.anytime_legal(st, p, out, SCENARIO)


# --- handlers --------------------------------------------------------------------------


def activate_courtier(st: TudorState, ch: int) -> None:
    p = st.turn_player
    row = st.chairs[ch]
    acted = st.acted[ch]
    for i in range(len(row)):
        if row[i] == p and not acted[i]:
            acted[i] = 1  # moved behind its chair
            break
    st.fig = FIG_COURTIER
    st.figure_chamber = ch


def activate_lord(st: TudorState) -> None:
    p = st.turn_player
    st.lord_acted[p] = 1
    st.fig = FIG_LORD
    st.figure_chamber = st.lords[p]
    st.lord_actions_left = 3


def done_figure(st: TudorState) -> None:
    st.fig = FIG_DONE
    st.lord_actions_left = 0


def start_action(st: TudorState, p: int, x: int) -> None:
    """Begin Chamber/Alternate Action ``x`` for ``p`` (also used for nested actions)."""
    if x in MOVE_KIND:
        movement.begin(st, p, MOVE_KIND[x])
    elif x == B:
        offices.ring_exchange_start(st, p)
    elif x == D:
        start_take(st, p, TK_D_FIRST)
    elif x == F:
        start_take(st, p, TK_F)
    else:
        start_take(st, p, TK_H)


def choose_action(st: TudorState, x: int) -> None:
    st.act = x
    start_action(st, st.turn_player, x)


def in_assignment_turn(st: TudorState) -> bool:
    """Whether the turn player is in a Phase 1 placement turn (only a Phase 1 player still
    has Courtiers to place; every count is 0 from Chamber Entry to the next Round)."""
    return st.to_place[st.turn_player] > 0


def begin_assignment_bonus(st: TudorState) -> None:
    """A Bonus or Scenario action taken in a Phase 1 turn (``bonus_turns``): the placing
    player is the turn player while it runs, and its end leads back to the placement."""
    st.turn_player = st.cur


def finish_action(st: TudorState) -> None:
    """The running sequence is over: back to the turn menu (or to the Phase 1 placement)."""
    x = st.act
    if x >= 8 and in_assignment_turn(st):
        st.act = ACT_NONE
        st.mode = M_ASSIGN
        st.cur = st.turn_player
        return
    if x < 8:
        if st.fig == FIG_LORD and x not in (G, H):
            pair = CHAMBER_ACTIONS[st.figure_chamber]
            st.lord_actions_left &= ~(1 if pair[0] == x else 2)
            if not st.lord_actions_left:
                st.fig = FIG_DONE
        else:
            st.fig = FIG_DONE
            st.lord_actions_left = 0
    st.act = ACT_NONE
    st.mode = M_TURN
    st.cur = st.turn_player


# --- Bonus Actions --------------------------------------------------------------------------


def bonus_move(st: TudorState) -> None:
    p = st.turn_player
    st.bonus_used[p] = 1
    st.act = ACT_BONUS_MOVE
    st.chosen = -1
    st.mode = M_SPEND


def spend_legal(st: TudorState, out: list[int], base: int) -> None:
    p = st.cur
    for f in range(7):
        if can_spend(st, p, f):
            out.append(base + f)


def spend(st: TudorState, f: int) -> None:
    """Spent Court Tokens lie in front of the screen until the end of the Round."""
    p = st.cur
    st.ctok[p][f] -= 1
    st.spent[p][f] += 1
    if st.chosen < 0:
        st.chosen = f
        return
    st.chosen = -1
    movement.begin(st, p, MK_BONUS)
