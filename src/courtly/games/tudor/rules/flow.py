"""Running the queued follow-ups of a finished step, then returning to the turn menu.

The queue (``todo``) holds what a step set going for later: an Office's Ring, the disgraced
holder's rearranging, an Immediate choice, a refund, Exploiting Connections' free action."""

from __future__ import annotations

from courtly.games.tudor.codes import (
    ACT_NOVICE,
    M_OFFICE_ACTION,
    M_RESUME,
    T_IMMEDIATE,
    T_OFFICE_ACTION,
    T_REFUND,
    T_SEIZE,
    T_STAND,
    T_VICTIM,
    TK_REFUND,
)
from courtly.games.tudor.rules import cards, offices, phases, scenarios, turn
from courtly.games.tudor.state import TudorState


def start_office_action(st: TudorState, p: int) -> bool:
    """Exploiting Connections: any one Chamber Action A-F after taking an Office."""
    if not any(turn.feasible(st, p, x) for x in range(6)):
        return False
    st.mode = M_OFFICE_ACTION
    st.cur = p
    return True


def resume(st: TudorState) -> None:
    """Pop follow-ups until one needs a decision; with none left, the sequence is over."""
    while st.mode == M_RESUME:
        if not st.todo:
            if st.act == ACT_NOVICE:
                phases.novice_next(st)
            else:
                turn.finish_action(st)
            return
        task = st.todo.pop()
        kind = task[0]
        if kind == T_STAND:
            offices.start_stand(st, task[1])
        elif kind == T_SEIZE:
            offices.start_seize(st, task[1], task[2])
        elif kind == T_VICTIM:
            offices.start_victim(st, task[1])
        elif kind == T_IMMEDIATE:
            scenarios.start_immediate(st, task[1], task[2])
        elif kind == T_REFUND:
            # the colours of the cards discarded for this Long Court Movement
            st.refund_colours = task[2]
            cards.start_take(st, task[1], TK_REFUND)
        elif kind == T_OFFICE_ACTION:
            start_office_action(st, task[1])
