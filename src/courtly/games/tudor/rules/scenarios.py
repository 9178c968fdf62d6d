"""Scenario Card special actions paid with Influence/Intrigue Tokens, and Diplomatic Service.

Each card has a left and a right action. An Immediate one is offered only at the moment its
token (or Office) is received: spend it now or keep it; the others at any time in your turn.
Opportunity Tokens (variant) count as either kind.
"""

from __future__ import annotations

from typing import Final

from courtly.games.tudor.codes import (
    CHAIR_FOR_SWITCH,
    LEFT,
    M_BENCH_MOVE,
    M_CHAIR,
    M_HAND_RING,
    M_IMMEDIATE,
    M_RESUME,
    M_SEAT,
    M_SWAP_FIRST,
    M_SWAP_SECOND,
    M_SWITCH,
    RIGHT,
    RING_SWAP_OTHER,
    TK_ANY,
)
from courtly.games.tudor.data import (
    BANISH_COST_HIGH,
    BANISH_COST_LOW,
    DIPLOMATIC,
    INFLUENCE,
    INTRIGUE,
    OPPORTUNITY,
    PERSISTENT,
    RISE_AND_FALL,
)
from courtly.games.tudor.rules.cards import start_take
from courtly.games.tudor.rules.offices import add_ring, remove_ring
from courtly.games.tudor.state import TudorState

# Which token triggers each Immediate action: (left, right); 0 = not marker-triggered.
IMMEDIATE_ON: Final[dict[int, tuple[int, int]]] = {
    PERSISTENT: (0, INTRIGUE),
    RISE_AND_FALL: (INFLUENCE, INTRIGUE),
}


# --- paying with tokens ---------------------------------------------------------------------


def can_pay(st: TudorState, p: int, infl: int, intr: int) -> bool:
    short = max(0, infl - st.infl[p]) + max(0, intr - st.intr[p])
    return short <= st.oppt[p]


def pay(st: TudorState, p: int, infl: int, intr: int) -> None:
    """Named tokens first; Opportunity Tokens only cover a shortfall (they are worth more kept)."""
    for need, held_kind in ((infl, INFLUENCE), (intr, INTRIGUE)):
        held = st.infl if held_kind == INFLUENCE else st.intr
        use = min(need, held[p])
        held[p] -= use
        st.removed_marks[held_kind] += use
        st.oppt[p] -= need - use
        st.removed_marks[OPPORTUNITY] += need - use


def discard_received(st: TudorState, p: int, marker: int) -> None:
    if marker == INFLUENCE:
        st.infl[p] -= 1
    elif marker == INTRIGUE:
        st.intr[p] -= 1
    else:
        st.oppt[p] -= 1
    st.removed_marks[marker] += 1


# --- feasibility ------------------------------------------------------------------------------


def bench_room(st: TudorState) -> bool:
    limit = st.board.layout.bench_limit
    return any(len(bench) < limit for bench in st.bench)


def has_chair(st: TudorState, p: int) -> bool:
    return any(p in row for row in st.chairs)


def _switchable(st: TudorState, p: int, ch: int, i: int) -> list[int]:
    row = st.chairs[ch]
    return [j for j in (i - 1, i + 1) if 0 <= j < len(row) and row[j] >= 0 and row[j] != p]


def _can_switch(st: TudorState, p: int) -> bool:
    return any(
        row[i] == p and _switchable(st, p, ch, i)
        for ch, row in enumerate(st.chairs)
        for i in range(len(row))
    )


def _swappable(st: TudorState) -> bool:
    first = -1
    for f in st.tok:
        if f >= 0:
            if first < 0:
                first = f
            elif f != first:
                return True
    return False


def banish_cost(st: TudorState, s: int) -> int:
    return BANISH_COST_HIGH if st.board.above_stairs[s] else BANISH_COST_LOW


def banish_targets(st: TudorState, p: int) -> list[int]:
    occ = st.occ
    return [
        s
        for s in range(st.board.size)
        if occ[s] >= 0 and occ[s] != p and can_pay(st, p, 0, banish_cost(st, s))
    ]


def others_with_rings(st: TudorState, p: int) -> list[int]:
    return [q for q in range(st.num_players) if q != p and st.rings[q]]


# --- Persistent Courtiers (left) and Rise And Fall (right): chairs -----------------------------


def chair_legal(st: TudorState, out: list[int], base: int, per_chamber: int) -> None:
    p = st.cur
    switching = st.chosen == CHAIR_FOR_SWITCH
    for ch in range(3):
        row = st.chairs[ch]
        for i in range(len(row)):
            if row[i] == p and (not switching or _switchable(st, p, ch, i)):
                out.append(base + ch * per_chamber + i)


def choose_chair(st: TudorState, ch: int, i: int) -> None:
    """Remember the chosen Courtier; it stays on its chair until its new place is chosen."""
    switching = st.chosen == CHAIR_FOR_SWITCH
    st.chosen = ch * 8 + i
    st.mode = M_SWITCH if switching else M_BENCH_MOVE


def switch_legal(st: TudorState, out: list[int], base: int, per_chamber: int) -> None:
    ch, i = divmod(st.chosen, 8)
    for j in _switchable(st, st.cur, ch, i):
        out.append(base + ch * per_chamber + j)


def switch(st: TudorState, ch: int, j: int) -> None:
    """Rise And Fall: the two Courtiers trade chairs, each keeping whether it has acted."""
    _, i = divmod(st.chosen, 8)
    row = st.chairs[ch]
    acted = st.acted[ch]
    row[i], row[j] = row[j], row[i]
    acted[i], acted[j] = acted[j], acted[i]
    st.chosen = -1
    st.mode = M_RESUME


def bench_legal(st: TudorState, out: list[int], base: int) -> None:
    limit = st.board.layout.bench_limit
    for ch in range(3):
        if len(st.bench[ch]) < limit:
            out.append(base + ch)


def to_bench(st: TudorState, ch: int) -> None:
    old, i = divmod(st.chosen, 8)
    st.chairs[old][i] = -1
    st.acted[old][i] = 0
    st.chosen = -1
    st.bench[ch].append(st.cur)
    st.mode = M_RESUME


# --- Exploiting Connections (left): Ring exchange between players -------------------------------


def own_ring_chosen(st: TudorState, finger: int, f: int) -> None:
    st.xs = [finger * 8 + f]
    st.mode = M_SEAT


def seat_legal(st: TudorState, out: list[int], base: int) -> None:
    out.extend(base + q for q in others_with_rings(st, st.cur))


def seat_chosen(st: TudorState, q: int) -> None:
    st.xs.append(q)
    st.chosen = RING_SWAP_OTHER
    st.mode = M_HAND_RING


def other_ring_chosen(st: TudorState, finger: int, f: int) -> None:
    """Both Rings go onto the fingers the others were on; nobody rearranges."""
    p = st.cur
    own, q = st.xs
    remove_ring(st, p, own >> 3, own & 7)
    remove_ring(st, q, finger, f)
    add_ring(st, p, own >> 3, f)
    add_ring(st, q, finger, own & 7)
    st.xs = []
    st.chosen = -1
    st.mode = M_RESUME


# --- Only The Strong Shall Rule (right): banish ---------------------------------------------


def banish_legal(st: TudorState, out: list[int], base: int) -> None:
    out.extend(base + s for s in banish_targets(st, st.cur))


def banish(st: TudorState, s: int) -> None:
    p = st.cur
    pay(st, p, 0, banish_cost(st, s))
    q = st.occ[s]
    st.occ[s] = -1
    st.csup[q] += 1
    if st.params.v15 and st.tok[s] < 0:
        st.tok[s] = st.draw_token()  # v15: the vacated space is refilled
    st.mode = M_RESUME


# --- Immediate actions ----------------------------------------------------------------------


def _immediate_sides(st: TudorState, p: int, marker: int) -> list[int]:
    triggers = IMMEDIATE_ON.get(st.params.scenario)
    if not triggers:
        return []
    card = st.params.scenario
    sides = []
    for side in (LEFT, RIGHT):
        kind = triggers[side]
        if not kind or (marker != kind and marker != OPPORTUNITY):
            continue
        if card == PERSISTENT:
            ok = _swappable(st)
        elif side == LEFT:
            ok = any(st.supply)
        else:
            ok = _can_switch(st, p)
        if ok:
            sides.append(side)
    return sides


def _ambassador_ok(st: TudorState, p: int) -> bool:
    return st.params.has(DIPLOMATIC) and st.csup[p] > 0


def immediate_possible(st: TudorState, p: int, marker: int) -> bool:
    return bool(_immediate_sides(st, p, marker)) or _ambassador_ok(st, p)


def start_immediate(st: TudorState, p: int, marker: int) -> bool:
    """Offer the choices for a just-received token; False if there is none any more."""
    if not immediate_possible(st, p, marker):
        return False
    st.mode = M_IMMEDIATE
    st.cur = p
    st.chosen = marker
    return True


def immediate_legal(
    st: TudorState, out: list[int], keep_id: int, side_base: int, amb_id: int
) -> None:
    p = st.cur
    out.append(keep_id)
    out.extend(side_base + side for side in _immediate_sides(st, p, st.chosen))
    if _ambassador_ok(st, p):
        out.append(amb_id)


def use_immediate(st: TudorState, side: int) -> None:
    p = st.cur
    discard_received(st, p, st.chosen)
    st.chosen = -1
    if st.params.scenario == PERSISTENT:  # swap two Court Tokens in the Throne Room
        st.mode = M_SWAP_FIRST
    elif side == LEFT:  # Rise And Fall: a Court Card of your choice
        start_take(st, p, TK_ANY)
    else:  # Rise And Fall: switch with an adjacent Courtier in the same chamber
        st.chosen = CHAIR_FOR_SWITCH
        st.mode = M_CHAIR


def ambassador(st: TudorState) -> None:
    """Diplomatic Service: the token is discarded, a Courtier from supply goes abroad."""
    p = st.cur
    discard_received(st, p, st.chosen)
    st.chosen = -1
    st.csup[p] -= 1
    st.amb[p] += 1
    st.mode = M_RESUME


def keep_token(st: TudorState) -> None:
    st.chosen = -1
    st.mode = M_RESUME


def swap_first_legal(st: TudorState, out: list[int], base: int) -> None:
    tok = st.tok
    if not _swappable(st):
        return
    for s in range(len(tok)):
        if tok[s] >= 0:
            out.append(base + s)


def swap_first(st: TudorState, s: int) -> None:
    st.chosen = s
    st.mode = M_SWAP_SECOND


def swap_second_legal(st: TudorState, out: list[int], base: int) -> None:
    tok = st.tok
    f = tok[st.chosen]
    for s in range(len(tok)):
        if tok[s] >= 0 and tok[s] != f:
            out.append(base + s)


def swap_second(st: TudorState, t: int) -> None:
    s = st.chosen
    st.tok[s], st.tok[t] = st.tok[t], st.tok[s]
    st.chosen = -1
    st.mode = M_RESUME
