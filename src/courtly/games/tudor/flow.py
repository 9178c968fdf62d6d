"""Running the queued follow-ups of a finished step, then returning to the turn menu."""

from __future__ import annotations

from courtly.games.tudor import offices, phases, scenarios, turn
from courtly.games.tudor.state import (
    ACT_NOVICE,
    M_RESUME,
    T_IMMEDIATE,
    T_OFFICE_ACTION,
    T_REFUND,
    T_SEIZE,
    T_STAND,
    T_VICTIM,
    TK_REFUND,
    TudorState,
)


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
            st.tmp = task[2]  # colours of the cards discarded for this Long Court Movement
            turn.start_take(st, task[1], TK_REFUND)
        elif kind == T_OFFICE_ACTION:
            offices.start_office_action(st, task[1])
