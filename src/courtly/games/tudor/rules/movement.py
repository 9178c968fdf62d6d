"""Movement in the Throne Room ("Movement", Actions A, C, E, G, bonus and Scenario moves).

A movement is a short sequence: choose the Courtier (or a new one from supply), then either a
destination per step (one-space moves, placements, any-direction moves) or step by step upwards
(C and E). Court Tokens are taken on every space entered, the Influence/Intrigue marker on the
end space only, and the spaces left behind are restocked from the bag once the movement is over.
"""

from __future__ import annotations

from typing import Final

from courtly.games.tudor.codes import (
    CARD_PAID,
    M_DEST,
    M_PAY,
    M_RESUME,
    M_SELECT,
    M_STEP,
    MK_A,
    MK_BONUS,
    MK_C,
    MK_E,
    MK_G,
    MK_JUMP,
    MK_STRONG,
    MOVE_ALLOWANCE,
    MV_FREE,
    MV_KIND,
    MV_LEFT,
    MV_MOVED,
    MV_PLAYER,
    MV_POS,
    T_IMMEDIATE,
    T_REFUND,
)
from courtly.games.tudor.data import ENHANCED_LONG_REFUND_MIN, ENHANCED_SHORT_MOVE, C, E
from courtly.games.tudor.rules import offices
from courtly.games.tudor.rules.scenarios import immediate_possible
from courtly.games.tudor.state import TudorState

ONE_SPACE: Final = (MK_A, MK_G, MK_BONUS)


def enterable(st: TudorState, s: int, p: int) -> bool:
    """Open, and not the top space of a column whose Office ``p`` already holds."""
    if st.occ[s] >= 0:
        return False
    b = st.board
    return not (b.is_top[s] and st.office[b.col_of[s]] == p)


def card_payable(st: TudorState, p: int, s: int, passed: int = 0, first: int = -1) -> bool:
    """Whether ``p`` can discard the card entering ``s`` needs, plus one card of any colour for
    each of ``passed`` occupied spaces on the way (the first of them of colour ``first``)."""
    hand = st.hand[p]
    f = st.tok[s]
    if first >= 0 and hand[first] < 1:
        return False
    if f >= 0:
        if hand[f] - (1 if first == f else 0) < 1:
            return False
        if not passed:
            return True
    return sum(hand) >= passed + 1


def ring_allows(st: TudorState, s: int, colours: int) -> bool:
    f = st.tok[s]
    if f < 0:
        return colours != 0
    return bool(colours >> f & 1)


def placement_ok(st: TudorState, p: int, kind: int, s: int, colours: int, any_token: bool) -> bool:
    if not enterable(st, s, p):
        return False
    if kind in (MK_BONUS, MK_STRONG) or any_token:
        return True
    if kind == MK_A:
        return ring_allows(st, s, colours)
    return card_payable(st, p, s)


def can_place(st: TudorState, p: int, kind: int) -> bool:
    if kind == MK_JUMP:
        return False  # Climbing The Ranks: never a new Courtier
    any_token = kind == MK_A and st.enhanced(p, 0)
    colours = st.ring_colours(p)
    if any(placement_ok(st, p, kind, s, colours, any_token) for s in st.board.bottom):
        return True
    return bool(placement_passes(st, p, kind, allowance(st, p, kind)))


def placement_passes(st: TudorState, p: int, kind: int, left: int) -> list[int]:
    """v15 (RULINGS 51): a new Courtier placed by C or E may pass an occupied bottom space (E:
    several in a row), one card of any colour each, onto the first open space above."""
    if not st.params.v15 or kind not in (MK_C, MK_E):
        return []
    out = []
    for s in st.board.bottom:
        if st.occ[s] >= 0:
            t, k = pass_run(st, kind, s)
            if t >= 0 and left >= k + 1 and enterable(st, t, p) and card_payable(st, p, t, k):
                out.append(t)
    return out


def pass_run(st: TudorState, kind: int, first: int) -> tuple[int, int]:
    """Passing upwards from the occupied space ``first``: the landing space and the number of
    occupied spaces passed. Only v15's Long Movement passes several in a row (RULINGS 17);
    otherwise a second occupied space blocks (landing -1)."""
    up = st.board.up
    occ = st.occ
    several = kind == MK_E and st.params.v15
    k = 1
    t = up[first]
    while several and t >= 0 and occ[t] >= 0:
        k += 1
        t = up[t]
    if t < 0 or occ[t] >= 0:
        return -1, k
    return t, k


def one_space_targets(st: TudorState, p: int, kind: int, s: int) -> list[int]:
    """Destinations of a one-space move (A, G, Move Courtier) or a jump from ``s``."""
    b = st.board
    if kind == MK_G:
        u = b.up[s]
        return [u] if u >= 0 and enterable(st, u, p) and card_payable(st, p, u) else []
    if kind == MK_A:
        any_token = st.enhanced(p, 0)
        colours = st.ring_colours(p)
        return [
            t
            for t in b.neighbours[s]
            if enterable(st, t, p) and (any_token or ring_allows(st, t, colours))
        ]
    if kind == MK_JUMP:
        out = []
        for way in (b.up, b.down, b.left, b.right):
            over = way[s]
            if over >= 0 and st.occ[over] >= 0:
                land = way[over]
                if land >= 0 and enterable(st, land, p):
                    out.append(land)
        return out
    return [t for t in b.neighbours[s] if enterable(st, t, p)]


def free_targets(
    st: TudorState, p: int, s: int, left: int, visited: list[int], cards: bool
) -> list[int]:
    """Any-direction steps: open neighbours, or (2 moves) past an occupied neighbour.

    Never re-entering a space of this movement. With ``cards`` each space entered needs its
    matching card and passing an occupied space one more card of any colour."""
    b = st.board
    occ = st.occ
    out: list[int] = []
    if left < 1:
        return out
    for t in b.neighbours[s]:
        if t in visited:
            continue
        if occ[t] < 0:
            if enterable(st, t, p) and (not cards or card_payable(st, p, t)):
                out.append(t)
        elif left >= 2:
            for u in b.neighbours[t]:
                fresh = u != s and u not in visited and u not in out
                if fresh and enterable(st, u, p) and (not cards or card_payable(st, p, u, 1)):
                    out.append(u)
    return out


def upward_options(st: TudorState, p: int, kind: int, s: int, left: int) -> tuple[bool, list[int]]:
    """For C/E from ``s`` with ``left`` spaces to go: can advance?, card colours that can skip."""
    u = st.board.up[s]
    if u < 0 or left < 1:
        return False, []
    if st.occ[u] < 0:
        return enterable(st, u, p) and card_payable(st, p, u), []
    t, k = pass_run(st, kind, u)
    if t < 0 or left < k + 1 or not enterable(st, t, p):
        return False, []
    hand = st.hand[p]
    return False, [f for f in range(7) if hand[f] and card_payable(st, p, t, k, f)]


def is_free(st: TudorState, p: int, kind: int) -> bool:
    return kind == MK_STRONG or (kind == MK_C and st.enhanced(p, C))


def allowance(st: TudorState, p: int, kind: int) -> int:
    if kind == MK_C and st.enhanced(p, C):
        return ENHANCED_SHORT_MOVE
    return MOVE_ALLOWANCE[kind]


def courtier_can_move(st: TudorState, p: int, kind: int, s: int) -> bool:
    if kind in ONE_SPACE or kind == MK_JUMP:
        return bool(one_space_targets(st, p, kind, s))
    left = allowance(st, p, kind)
    if is_free(st, p, kind):
        return bool(free_targets(st, p, s, left, [s], CARD_PAID[kind]))
    adv, skips = upward_options(st, p, kind, s, left)
    return adv or bool(skips)


def feasible(st: TudorState, p: int, kind: int) -> bool:
    """Whether a movement of ``kind`` offers ``p`` at least one choice."""
    occ = st.occ
    for s in range(st.board.size):
        if occ[s] == p and courtier_can_move(st, p, kind, s):
            return True
    if kind == MK_JUMP:
        return False
    if st.csup[p] > 0:
        return can_place(st, p, kind)
    return p in occ  # no Courtier in supply: one may be removed to place it (Special Cases)


# --- the sequence -------------------------------------------------------------------------


def begin(st: TudorState, p: int, kind: int) -> None:
    st.movement = [kind, -1, allowance(st, p, kind), 0, p, 1 if is_free(st, p, kind) else 0]
    st.moved_from = []
    st.xs = []
    st.mode = M_SELECT
    st.cur = p


def select_legal(
    st: TudorState, out: list[int], sel_base: int, recall_base: int, supply_id: int
) -> None:
    p = st.movement[MV_PLAYER]
    kind = st.movement[MV_KIND]
    occ = st.occ
    for s in range(st.board.size):
        if occ[s] == p and courtier_can_move(st, p, kind, s):
            out.append(sel_base + s)
    if kind == MK_JUMP:
        return
    if st.csup[p] > 0:
        if can_place(st, p, kind):
            out.append(supply_id)
    else:
        for s in range(st.board.size):
            if occ[s] == p:
                out.append(recall_base + s)


def select(st: TudorState, s: int) -> None:
    st.movement[MV_POS] = s
    mv = st.movement
    if mv[MV_KIND] in (MK_C, MK_E) and not mv[MV_FREE]:
        st.mode = M_STEP
    else:
        st.mode = M_DEST


def select_supply(st: TudorState) -> None:
    st.movement[MV_POS] = -1
    st.mode = M_DEST


def recall(st: TudorState, s: int) -> None:
    """Special Cases: with no Courtier in supply, remove one from the Throne Room first."""
    p = st.occ[s]
    st.occ[s] = -1
    st.csup[p] += 1
    if st.tok[s] < 0:
        st.tok[s] = st.draw_token()


def dest_legal(st: TudorState, out: list[int], base: int, stop_id: int) -> None:
    mv = st.movement
    p = mv[MV_PLAYER]
    kind = mv[MV_KIND]
    pos = mv[MV_POS]
    if pos < 0:
        any_token = kind == MK_A and st.enhanced(p, 0)
        colours = st.ring_colours(p)
        for s in st.board.bottom:
            if placement_ok(st, p, kind, s, colours, any_token):
                out.append(base + s)
        for t in placement_passes(st, p, kind, mv[MV_LEFT]):
            out.append(base + t)
    elif mv[MV_FREE]:
        visited = [*st.moved_from, pos]
        for t in free_targets(st, p, pos, mv[MV_LEFT], visited, CARD_PAID[kind]):
            out.append(base + t)
        if mv[MV_MOVED]:
            out.append(stop_id)
    else:
        for t in one_space_targets(st, p, kind, pos):
            out.append(base + t)


def enter(st: TudorState, t: int, spaces: int = 1) -> None:
    """Move the chosen Courtier onto ``t`` (placing it if new), take the Court Token there."""
    mv = st.movement
    p = mv[MV_PLAYER]
    pos = mv[MV_POS]
    kind = mv[MV_KIND]
    if pos < 0:
        st.csup[p] -= 1
    else:
        st.occ[pos] = -1
        st.moved_from.append(pos)
    st.occ[t] = p
    mv[MV_POS] = t
    mv[MV_LEFT] -= spaces
    mv[MV_MOVED] += spaces
    f = st.tok[t]
    if CARD_PAID[kind] and f >= 0:
        discard(st, p, f)
    if f >= 0 and takes_tokens(st, kind):
        st.ctok[p][f] += 1
        st.tok[t] = -1


def takes_tokens(st: TudorState, kind: int) -> bool:
    """Every movement takes the tokens of where it goes, the Climbing The Ranks jump too
    (RULINGS 33), unless the game is played with the jump taking none (``jump_tokens``)."""
    return kind != MK_JUMP or st.params.jump_tokens


def discard(st: TudorState, p: int, f: int) -> None:
    st.hand[p][f] -= 1
    st.supply[f] += 1
    st.xs.append(f)  # Action E's enhancement refunds one of these


def destination(st: TudorState, t: int, owed: int = 0) -> None:
    """Enter ``t``; ``owed`` more cards of any colour are then due for spaces passed on the way."""
    mv = st.movement
    pos = mv[MV_POS]
    kind = mv[MV_KIND]
    b = st.board
    passed = 0
    if pos >= 0 and mv[MV_FREE] and t not in b.neighbours[pos]:
        passed = 1
    elif pos < 0 and b.row_of[t] > 1:
        passed = b.row_of[t] - 1  # a v15 placement passing the occupied space(s) below ``t``
    if CARD_PAID[kind]:
        owed += passed
        if st.tok[t] < 0:
            owed += 1  # the card for a space without a token: any colour, chosen next
    enter(st, t, 2 if kind == MK_JUMP else passed + 1)
    if owed:
        st.counter = owed - 1
        st.mode = M_PAY
        return
    after_entry(st)


def pay(st: TudorState, f: int) -> None:
    discard(st, st.movement[MV_PLAYER], f)
    if st.counter > 0:
        st.counter -= 1
        return
    st.counter = -1
    after_entry(st)


def after_entry(st: TudorState) -> None:
    """Continue (C/E step by step, any-direction moves) or finish the movement."""
    mv = st.movement
    pos = mv[MV_POS]
    kind = mv[MV_KIND]
    p = mv[MV_PLAYER]
    if st.board.is_top[pos] or (kind in ONE_SPACE or kind == MK_JUMP) or mv[MV_LEFT] <= 0:
        finish(st)
        return
    if mv[MV_FREE]:
        visited = [*st.moved_from, pos]
        if CARD_PAID[kind]:
            st.reveal()  # whether the movement goes on shows whether p's cards pay a step
        if free_targets(st, p, pos, mv[MV_LEFT], visited, CARD_PAID[kind]):
            st.mode = M_DEST
        else:
            finish(st)
        return
    st.reveal()  # whether the movement goes on shows whether p's cards pay a step
    adv, skips = upward_options(st, p, kind, pos, mv[MV_LEFT])
    if adv or skips:
        st.mode = M_STEP
    else:
        finish(st)


def step_legal(
    st: TudorState, out: list[int], advance_id: int, skip_base: int, stop_id: int
) -> None:
    mv = st.movement
    adv, skips = upward_options(st, mv[MV_PLAYER], mv[MV_KIND], mv[MV_POS], mv[MV_LEFT])
    if adv:
        out.append(advance_id)
    for f in skips:
        out.append(skip_base + f)
    if mv[MV_MOVED]:
        out.append(stop_id)


def advance(st: TudorState) -> None:
    destination(st, st.board.up[st.movement[MV_POS]])


def skip(st: TudorState, f: int) -> None:
    """Discard a card of colour ``f`` to pass the occupied space(s) above, landing beyond."""
    mv = st.movement
    discard(st, mv[MV_PLAYER], f)
    t, k = pass_run(st, mv[MV_KIND], st.board.up[mv[MV_POS]])
    mv[MV_LEFT] -= k  # the passed spaces count; enter() counts the landing one
    mv[MV_MOVED] += k
    destination(st, t, k - 1)


def finish(st: TudorState) -> None:
    """End of a movement: marker on the end space, restock, Office, then follow-ups."""
    mv = st.movement
    p = mv[MV_PLAYER]
    pos = mv[MV_POS]
    kind = mv[MV_KIND]
    marker = st.mark[pos]
    follow: list[tuple[int, ...]] = []
    if marker and takes_tokens(st, kind):
        st.mark[pos] = 0
        gain_marker(st, p, marker, follow)
    if kind == MK_E and st.enhanced(p, E) and mv[MV_MOVED] >= ENHANCED_LONG_REFUND_MIN:
        paid = 0
        for f in st.xs:
            paid |= 1 << f
        if paid:
            follow.append((T_REFUND, p, paid))
    b = st.board
    top = b.is_top[pos]
    refill = list(st.moved_from)
    if top and st.params.restock_top_space:  # the Courtier now sits on the Office (RULINGS 16)
        refill.append(pos)
    if refill:
        rank = b.restock_rank
        for s in sorted(refill, key=rank.__getitem__):
            if st.tok[s] < 0:  # (a jump without tokens leaves the landing token in place)
                st.tok[s] = st.draw_token()
    st.moved_from = []
    st.xs = []
    st.mode = M_RESUME
    # The queue is a stack: what must come last is pushed first (Office follow-ups run first).
    for task in reversed(follow):
        st.todo.append(task)
    if top:
        offices.take_office(st, p, pos)


def gain_marker(st: TudorState, p: int, marker: int, follow: list[tuple[int, ...]]) -> None:
    """A just-received Influence/Intrigue/Opportunity Token, with its Immediate choices."""
    if marker == 1:
        st.infl[p] += 1
    elif marker == 2:
        st.intr[p] += 1
    else:
        st.oppt[p] += 1
    if immediate_possible(st, p, marker):
        follow.append((T_IMMEDIATE, p, marker))
