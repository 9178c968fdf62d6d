"""Scenario Card actions taken "at any time during your Turn", paid with Influence/Intrigue
Tokens (Rise And Fall has none: both of its actions are Immediate)."""

from __future__ import annotations

from courtly.games.tudor.codes import (
    ACT_SCENARIO_LEFT,
    LEFT,
    M_BANISH,
    M_CHAIR,
    M_HAND_RING,
    MK_JUMP,
    MK_STRONG,
    RIGHT,
    RING_SWAP_OWN,
    TK_ANY,
)
from courtly.games.tudor.data import CLIMBING, CONNECTIONS, PERSISTENT, RISE_AND_FALL, STRONG
from courtly.games.tudor.rules import movement
from courtly.games.tudor.rules.cards import start_take
from courtly.games.tudor.rules.scenarios import (
    banish_targets,
    bench_room,
    can_pay,
    has_chair,
    others_with_rings,
    pay,
)
from courtly.games.tudor.state import TudorState


def _side_ok(st: TudorState, p: int, side: int) -> bool:
    card = st.params.scenario
    if st.params.v15 and card == STRONG and st.scen_used >> side & 1:
        return False  # v15: each of these once per turn
    if card == PERSISTENT:
        return side == LEFT and can_pay(st, p, 2, 0) and has_chair(st, p) and bench_room(st)
    if card == CLIMBING:
        if side == LEFT:
            return can_pay(st, p, 2, 0) and any(st.supply)
        return can_pay(st, p, 0, 2) and movement.feasible(st, p, MK_JUMP)
    if card == CONNECTIONS:
        return (
            side == LEFT
            and can_pay(st, p, 1, 1)
            and bool(st.rings[p])
            and bool(others_with_rings(st, p))
        )
    if card == STRONG:
        if side == LEFT:
            return can_pay(st, p, 2, 0) and movement.feasible(st, p, MK_STRONG)
        return bool(banish_targets(st, p))
    return False


def anytime_legal(st: TudorState, p: int, out: list[int], base: int) -> None:
    """Scenario actions that may be taken at any time during ``p``'s turn."""
    if st.params.scenario == RISE_AND_FALL:
        return
    for side in (LEFT, RIGHT):
        if _side_ok(st, p, side):
            out.append(base + side)


def start_anytime(st: TudorState, side: int) -> None:
    p = st.turn_player
    st.act = ACT_SCENARIO_LEFT + side
    st.cur = p
    st.scen_used |= 1 << side
    card = st.params.scenario
    if card == PERSISTENT:  # 2 Influence: one of your Courtiers back to a bench
        pay(st, p, 2, 0)
        st.chosen = -1
        st.mode = M_CHAIR
    elif card == CLIMBING and side == LEFT:  # 2 Influence: any Court Card
        pay(st, p, 2, 0)
        start_take(st, p, TK_ANY)
    elif card == CLIMBING:  # 2 Intrigue: jump over an adjacent Courtier
        pay(st, p, 0, 2)
        movement.begin(st, p, MK_JUMP)
    elif card == CONNECTIONS:  # 1 Influence + 1 Intrigue: exchange Rings with a player
        pay(st, p, 1, 1)
        st.chosen = RING_SWAP_OWN
        st.mode = M_HAND_RING
    elif side == LEFT:  # Only The Strong: 2 Influence, up to 2 spaces any direction
        pay(st, p, 2, 0)
        movement.begin(st, p, MK_STRONG)
    else:  # Only The Strong: banish (paid when the target is chosen)
        st.mode = M_BANISH
