"""Court Offices and Privilege Rings (rulebook "Court Offices", Action B, re-positioning Rings).

Taking an Office queues the follow-ups (a Ring from the Stand or from the disgraced holder,
placing it, the holder rearranging, Exploiting Connections' free action) so each becomes a
small decision of the right player.
"""

from __future__ import annotations

from courtly.games.tudor.codes import (
    M_HAND_RING,
    M_PLACE_RING,
    M_RESUME,
    M_SECOND_EXCHANGE,
    M_STAND,
    M_TAKE,
    M_VICTIM,
    RETURN_FOR_EXCHANGE,
    RING_SWAP_OTHER,
    RING_SWAP_OWN,
    SEIZE_NONE,
    T_OFFICE_ACTION,
    T_SEIZE,
    T_STAND,
    T_VICTIM,
    TK_B,
)
from courtly.games.tudor.data import (
    CONNECTIONS,
    NUM_FINGERS,
    QUEST,
    QUEST_POINTS,
    V15_OFFICES_FOR_MORE_RINGS,
    V15_RING_LIMIT,
    B,
)
from courtly.games.tudor.state import TudorState


def take_office(st: TudorState, p: int, pos: int) -> None:
    """The Courtier that entered a top space moves up to the Office above it."""
    col = st.board.col_of[pos]
    st.occ[pos] = -1
    holder = st.office[col]
    st.office[col] = p
    if st.params.has(QUEST):
        st.prestige[p] += QUEST_POINTS
    if st.params.scenario == CONNECTIONS:
        st.todo.append((T_OFFICE_ACTION, p))  # after the Ring: any one Chamber Action
    if holder >= 0:
        st.csup[holder] += 1  # disgraced: back to its player's supply
        st.todo.append((T_SEIZE, p, holder))
    else:
        st.todo.append((T_STAND, p))


def may_wear_another(st: TudorState, p: int) -> bool:
    """v15: more than five Rings only for a player holding four or more Offices."""
    if not st.params.v15 or len(st.rings[p]) < V15_RING_LIMIT:
        return True
    return st.office.count(p) >= V15_OFFICES_FOR_MORE_RINGS


# --- queued follow-ups ------------------------------------------------------------------


def start_stand(st: TudorState, p: int) -> bool:
    if not any(st.stand) or not may_wear_another(st, p):
        return False  # an empty Stand gives nothing (RULINGS)
    st.mode = M_STAND
    st.cur = p
    st.chosen = SEIZE_NONE
    return True


def start_seize(st: TudorState, p: int, holder: int) -> bool:
    if not st.rings[holder] or not may_wear_another(st, p):
        return False
    st.mode = M_HAND_RING
    st.cur = p
    st.chosen = holder
    return True


def start_victim(st: TudorState, q: int) -> bool:
    rings = st.rings[q]
    if not rings:
        return False
    st.cur = q
    fingers = {code >> 3 for code in rings}
    if len(rings) <= NUM_FINGERS and len(fingers) < len(rings):
        rearrange(st)  # five or fewer Rings left, two on one finger: they must be spread out
        return True
    st.mode = M_VICTIM
    return True


# --- Ring decisions ---------------------------------------------------------------------


def stand_legal(st: TudorState, out: list[int], base: int) -> None:
    stand = st.stand
    returned = st.chosen & 7 if st.chosen >= 0 else -1
    for f in range(7):
        # Action B may take the same colour only if another Ring of it was already there.
        if stand[f] - (1 if f == returned else 0) > 0:
            out.append(base + f)


def take_from_stand(st: TudorState, f: int) -> None:
    p = st.cur
    st.stand[f] -= 1
    if st.chosen >= 0:  # Action B: the new Ring goes on the same finger
        add_ring(st, p, st.chosen >> 3, f)
        st.chosen = -1
        st.xs.append(f)
        if len(st.xs) == 1 and st.enhanced(p, B) and any(st.stand):
            st.mode = M_SECOND_EXCHANGE
            return
        exchange_card(st)
        return
    gain(st, p, f)


def exchange_card(st: TudorState) -> None:
    """Action B's one Court Card: the new Ring's colour (enhanced: either new Ring's)."""
    p = st.cur
    choices = sorted({f for f in st.xs if st.supply[f]})
    if len(choices) == 1:
        f = choices[0]
        st.supply[f] -= 1
        st.hand[p][f] += 1
    if len(choices) > 1:
        st.take_kind = TK_B
        st.mode = M_TAKE
        return
    st.xs = []
    st.mode = M_RESUME


def gain(st: TudorState, p: int, f: int) -> None:
    """A Ring gained: place it, with the right to rearrange all Rings first."""
    st.pend = [f]
    st.pend_rearrange = 1 if st.rings[p] else 0
    st.mode = M_PLACE_RING
    st.cur = p


def ring_owner(st: TudorState) -> int:
    if st.chosen in (RETURN_FOR_EXCHANGE, RING_SWAP_OWN) or st.mode == M_SECOND_EXCHANGE:
        return st.cur
    if st.chosen == RING_SWAP_OTHER:
        return st.xs[1]
    return st.chosen


def hand_ring_legal(st: TudorState, out: list[int], base: int) -> None:
    last = -1
    for code in st.rings[ring_owner(st)]:
        if code != last:
            out.append(base + (code >> 3) * 7 + (code & 7))
            last = code


def take_from_hand(st: TudorState, finger: int, f: int) -> None:
    p = st.cur
    if st.chosen == RETURN_FOR_EXCHANGE or st.mode == M_SECOND_EXCHANGE:
        remove_ring(st, p, finger, f)  # Action B: return it, then choose the new one
        st.stand[f] += 1
        st.chosen = finger * 8 + f
        st.mode = M_STAND
        return
    holder = st.chosen
    remove_ring(st, holder, finger, f)
    st.todo.append((T_VICTIM, holder))
    gain(st, p, f)


def add_ring(st: TudorState, p: int, finger: int, f: int) -> None:
    rings = st.rings[p]
    rings.append(finger * 8 + f)
    rings.sort()


def remove_ring(st: TudorState, p: int, finger: int, f: int) -> None:
    st.rings[p].remove(finger * 8 + f)


def finger_legal(st: TudorState, out: list[int], finger_base: int, rearrange_id: int) -> None:
    used = st.finger_mask(st.cur)
    full = used == (1 << NUM_FINGERS) - 1
    for k in range(NUM_FINGERS):
        if full or not used >> k & 1:
            out.append(finger_base + k)
    if st.pend_rearrange:
        out.append(rearrange_id)


def put_on_finger(st: TudorState, finger: int) -> bool:
    """Place the next pending Ring; True once every pending Ring is on a finger."""
    f = st.pend.pop(0)
    add_ring(st, st.cur, finger, f)
    st.pend_rearrange = 0
    return not st.pend


def rearrange(st: TudorState) -> None:
    p = st.cur
    st.pend = sorted(st.pend + [code & 7 for code in st.rings[p]])
    st.rings[p] = []
    st.pend_rearrange = 0
    st.mode = M_PLACE_RING


def ring_exchange_start(st: TudorState, p: int) -> None:
    """Action B: return a Ring from your hand first."""
    st.mode = M_HAND_RING
    st.cur = p
    st.chosen = RETURN_FOR_EXCHANGE
    st.xs = []


def ring_exchange_feasible(st: TudorState, p: int) -> bool:
    return bool(st.rings[p]) and any(st.stand)
