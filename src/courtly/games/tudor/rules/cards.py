"""Taking and returning Court Cards (Actions D, F, H, B's card, refunds, Scenario cards) and the
"Exchange 2 Cards for 1" Bonus Action."""

from __future__ import annotations

from courtly.games.tudor.actions import GIVE
from courtly.games.tudor.codes import (
    ACT_EXCHANGE,
    M_GIVE,
    M_RESUME,
    M_RETURN,
    M_TAKE,
    TK_ANY,
    TK_B,
    TK_D_FIRST,
    TK_D_SECOND,
    TK_EXCHANGE,
    TK_F,
    TK_F_SECOND,
    TK_REFUND,
)
from courtly.games.tudor.data import D, F
from courtly.games.tudor.state import TudorState


def take_choices(st: TudorState, p: int, kind: int) -> list[int]:
    supply = st.supply
    if kind in (TK_F, TK_F_SECOND, TK_EXCHANGE, TK_ANY):
        return [f for f in range(7) if supply[f]]
    if kind == TK_B:
        return _in_supply(st.xs, supply)
    if kind == TK_REFUND:
        return [f for f in range(7) if st.refund_colours >> f & 1 and supply[f]]
    colours = [code & 7 for code in st.rings[p]]
    if kind == TK_D_SECOND and not st.enhanced(p, D):
        colours.remove(st.chosen)  # each card must match a different Ring
    return _in_supply(colours, supply)


def _in_supply(colours: list[int], supply: list[int]) -> list[int]:
    """The distinct ``colours`` with a card in ``supply``, in faction order: a bit per faction
    rather than a sorted set (a turn's playout asks at every card taken; compiled, the set and
    ``sorted`` were generic Python calls)."""
    found = 0
    for f in colours:
        if supply[f]:
            found |= 1 << f
    return [f for f in range(7) if found >> f & 1]


def start_take(st: TudorState, p: int, kind: int) -> None:
    st.take_kind = kind
    st.cur = p
    st.mode = M_TAKE if take_choices(st, p, kind) else M_RESUME


def take(st: TudorState, f: int) -> None:
    p = st.cur
    st.supply[f] -= 1
    st.hand[p][f] += 1
    kind = st.take_kind
    st.xs = []
    if kind == TK_D_FIRST and len(st.rings[p]) >= 2:
        st.chosen = f
        start_take(st, p, TK_D_SECOND)
        return
    if kind == TK_F and st.enhanced(p, F):  # two cards, then one back
        start_take(st, p, TK_F_SECOND)
        return
    if kind == TK_F_SECOND:
        st.mode = M_RETURN
        return
    st.chosen = -1  # the first card's faction, or the refund's colours: both done
    st.mode = M_RESUME


def return_card(st: TudorState, f: int) -> None:
    p = st.cur
    st.hand[p][f] -= 1
    st.supply[f] += 1
    st.mode = M_RESUME


# --- Exchange 2 Cards for 1 ---------------------------------------------------------------


def give_first(st: TudorState, f: int) -> None:
    """Exchange 2 Cards for 1: the first card goes back to the supply."""
    p = st.turn_player
    st.hand[p][f] -= 1
    st.supply[f] += 1
    st.act = ACT_EXCHANGE
    st.mode = M_GIVE


def give_legal(st: TudorState, out: list[int]) -> None:
    hand = st.hand[st.cur]
    for f in range(7):
        if hand[f]:
            out.append(GIVE + f)


def give_second(st: TudorState, f: int) -> None:
    p = st.cur
    st.hand[p][f] -= 1
    st.supply[f] += 1
    start_take(st, p, TK_EXCHANGE)
