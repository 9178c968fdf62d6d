"""One explicit dispatch: which rule answers each phase, and which starts each queued task.

Tudor's phase is its decision mode (``st.mode``, ``codes.M_*``, the kernel's ``phase_name``):
its menu is ``PHASE_LEGAL``, playing a choice ``PHASE_APPLY``. A step may queue follow-ups on
``st.todo`` (an Office's Ring, the disgraced holder's rearranging, an Immediate choice, a
refund, Exploiting Connections' free action) and hand over with ``M_RESUME``; ``advance``
starts them (``TASK_ENTRY``) until one needs a decision. The tables are written here, where
they are read, indexed by the codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from courtly.core.events import Event
from courtly.games.tudor.actions import (
    ACT,
    ACTIVATE_LORD,
    ADVANCE,
    AMBASSADOR,
    BENCH,
    BONUS_MOVE,
    CHAIR,
    COURTIER,
    DECLINE,
    DONE_FIGURE,
    DRAFT,
    END_TURN,
    FINGER,
    FORGO,
    GIVE,
    HAND_RING,
    JUMP,
    KEEP_RINGS,
    KEEP_TOKEN,
    LORD,
    MAX_CHAIRS,
    NO_LORD,
    PAY,
    REARRANGE,
    SCENARIO,
    SEAT,
    SEL_SUPPLY,
    SPACE_BASE,
    SPEND,
    STAND_RING,
    STOP,
    TAKE,
    action_event_data,
)
from courtly.games.tudor.codes import (
    ACT_NOVICE,
    M_ASSIGN,
    M_BANISH,
    M_BENCH_MOVE,
    M_CHAIR,
    M_DEST,
    M_DRAFT,
    M_GIVE,
    M_HAND_RING,
    M_IMMEDIATE,
    M_LORD,
    M_OFFICE_ACTION,
    M_OVER,
    M_PAY,
    M_PLACE_RING,
    M_RESUME,
    M_RETURN,
    M_SEAT,
    M_SECOND_EXCHANGE,
    M_SELECT,
    M_SPEND,
    M_STAND,
    M_STEP,
    M_SWAP_FIRST,
    M_SWAP_SECOND,
    M_SWITCH,
    M_TAKE,
    M_TURN,
    M_VICTIM,
    RING_SWAP_OTHER,
    RING_SWAP_OWN,
    T_IMMEDIATE,
    T_OFFICE_ACTION,
    T_REFUND,
    T_SEIZE,
    T_STAND,
    T_VICTIM,
    TK_REFUND,
)
from courtly.games.tudor.data import FACTIONS
from courtly.games.tudor.events import EVENTS
from courtly.games.tudor.rules import (
    anytime,
    cards,
    movement,
    offices,
    phases,
    scenarios,
    turn,
)
from courtly.games.tudor.state import TudorState

PhaseLegalFn = Callable[[TudorState, list[int]], None]
PhaseApplyFn = Callable[[TudorState, int], None]
TaskEntryFn = Callable[[TudorState, tuple[int, ...]], object]


def _space(st: TudorState, aid: int, kind: int) -> int:
    """The Throne Room space of a space action of ``kind`` (0 select, 1 to, 2 recall)."""
    return aid - SPACE_BASE - kind * st.board.size


# --- the menu of each phase --------------------------------------------------------------------


def _select_legal(st: TudorState, out: list[int]) -> None:
    size = st.board.size
    movement.select_legal(st, out, SPACE_BASE, SPACE_BASE + 2 * size, SEL_SUPPLY)


def _pay_legal(st: TudorState, out: list[int]) -> None:
    hand = st.hand[st.cur]
    out.extend(PAY + f for f in range(7) if hand[f])


def _assign_legal(st: TudorState, out: list[int]) -> None:
    p = st.cur
    _placement_legal(st, out)
    if st.params.bonus_in_assignment:
        # v15: Bonus and Scenario actions "어느 단계이든지 자신의 턴 진행 중" (RULINGS 52).
        turn.bonus_legal(st, p, out)


def _placement_legal(st: TudorState, out: list[int]) -> None:
    p = st.cur
    room = [ch for ch in range(3) if phases.bench_room(st, ch)]
    if st.csup[p] > 0 and room:
        out.extend(BENCH + ch for ch in room)
        return
    if room:
        # Special Cases: no Courtier in supply, so one may leave the Throne Room to be placed.
        occ = st.occ
        recall = SPACE_BASE + 2 * st.board.size
        out.extend(recall + s for s in range(st.board.size) if occ[s] == p)
    out.append(FORGO)


def _lord_legal(st: TudorState, out: list[int]) -> None:
    out.extend(LORD + ch for ch in range(3) if phases.lord_room(st, ch))
    if not out or not st.params.lord_must:  # lord_placement=must: v15's "배치합니다" (RULINGS 9)
        out.append(NO_LORD)


def _office_action_legal(st: TudorState, out: list[int]) -> None:
    p = st.cur
    out.extend(ACT + x for x in range(6) if turn.feasible(st, p, x))
    out.append(DECLINE)


def _second_exchange_legal(st: TudorState, out: list[int]) -> None:
    offices.hand_ring_legal(st, out, HAND_RING)
    out.append(DECLINE)


# Phase -> its menu (appended to ``out``) and the rule that plays a choice of it.
PHASE_LEGAL: Final[dict[int, PhaseLegalFn]] = {
    M_DRAFT: lambda st, out: out.extend(DRAFT + f for f in range(7) if st.stand[f]),
    M_PLACE_RING: lambda st, out: offices.finger_legal(st, out, FINGER, REARRANGE),
    M_VICTIM: lambda st, out: out.extend((KEEP_RINGS, REARRANGE)),
    M_ASSIGN: _assign_legal,
    M_LORD: _lord_legal,
    M_TURN: turn.turn_legal,
    M_SELECT: _select_legal,
    M_DEST: lambda st, out: movement.dest_legal(st, out, SPACE_BASE + st.board.size, STOP),
    M_STEP: lambda st, out: movement.step_legal(st, out, ADVANCE, JUMP, STOP),
    M_PAY: _pay_legal,
    M_TAKE: lambda st, out: out.extend(
        TAKE + f for f in cards.take_choices(st, st.cur, st.take_kind)
    ),
    M_STAND: lambda st, out: offices.stand_legal(st, out, STAND_RING),
    M_HAND_RING: lambda st, out: offices.hand_ring_legal(st, out, HAND_RING),
    M_GIVE: cards.give_legal,
    M_SPEND: lambda st, out: turn.spend_legal(st, out, SPEND),
    M_IMMEDIATE: lambda st, out: scenarios.immediate_legal(
        st, out, KEEP_TOKEN, SCENARIO, AMBASSADOR
    ),
    M_SWAP_FIRST: lambda st, out: scenarios.swap_first_legal(st, out, SPACE_BASE),
    M_SWAP_SECOND: lambda st, out: scenarios.swap_second_legal(st, out, SPACE_BASE + st.board.size),
    M_CHAIR: lambda st, out: scenarios.chair_legal(st, out, CHAIR, MAX_CHAIRS),
    M_BENCH_MOVE: lambda st, out: scenarios.bench_legal(st, out, BENCH),
    M_RETURN: cards.give_legal,
    M_SWITCH: lambda st, out: scenarios.switch_legal(st, out, CHAIR, MAX_CHAIRS),
    M_SEAT: lambda st, out: scenarios.seat_legal(st, out, SEAT),
    M_OFFICE_ACTION: _office_action_legal,
    M_BANISH: lambda st, out: scenarios.banish_legal(st, out, SPACE_BASE),
    M_SECOND_EXCHANGE: _second_exchange_legal,
}


# --- playing a choice, per phase -------------------------------------------------------------


def _place_ring_apply(st: TudorState, aid: int) -> None:
    if aid == REARRANGE:
        offices.rearrange(st)
    elif offices.put_on_finger(st, aid - FINGER):
        if st.round == 0:
            phases.setup_rings_placed(st)
        else:
            st.mode = M_RESUME


def _victim_apply(st: TudorState, aid: int) -> None:
    if aid == REARRANGE:
        offices.rearrange(st)
    else:  # KEEP_RINGS
        st.mode = M_RESUME


def _is_bonus(aid: int) -> bool:
    """A Bonus Action (Move Courtier, Exchange 2 for 1) or a Scenario Card action."""
    return aid == BONUS_MOVE or GIVE <= aid < PAY or SCENARIO <= aid < KEEP_TOKEN


def _assign_apply(st: TudorState, aid: int) -> None:
    p = st.cur
    if aid >= SPACE_BASE:
        movement.recall(st, _space(st, aid, 2))
        return
    if _is_bonus(aid):
        turn.begin_assignment_bonus(st)
        _turn_apply(st, aid)
        return
    st.scen_used = 0  # the placement ends this Phase 1 turn (v15's once-per-turn limits)
    if aid != FORGO:
        st.bench[aid - BENCH].append(p)
        st.csup[p] -= 1
    st.to_place[p] -= 1
    phases.assigned(st)


def _lord_apply(st: TudorState, aid: int) -> None:
    if aid != NO_LORD:
        st.lords[st.cur] = aid - LORD
    phases.lord_placed(st)


def _turn_apply(st: TudorState, aid: int) -> None:
    if aid < ACTIVATE_LORD:
        turn.activate_courtier(st, aid - COURTIER)
    elif aid == ACTIVATE_LORD:
        turn.activate_lord(st)
    elif aid < DONE_FIGURE:
        turn.choose_action(st, aid - ACT)
    elif aid == DONE_FIGURE:
        turn.done_figure(st)
    elif aid == END_TURN:
        phases.end_turn(st)
    elif aid == BONUS_MOVE:
        turn.bonus_move(st)
    elif aid < PAY:
        cards.give_first(st, aid - GIVE)
    else:
        anytime.start_anytime(st, aid - SCENARIO)


def _select_apply(st: TudorState, aid: int) -> None:
    if aid == SEL_SUPPLY:
        movement.select_supply(st)
        return
    size = st.board.size
    if aid < SPACE_BASE + size:
        movement.select(st, aid - SPACE_BASE)
        return
    movement.recall(st, _space(st, aid, 2))
    if not legal_action_ids(st):
        st.mode = M_RESUME  # nothing can be placed after all: the movement is lost


def _dest_apply(st: TudorState, aid: int) -> None:
    if aid == STOP:
        movement.finish(st)
    else:
        movement.destination(st, _space(st, aid, 1))


def _step_apply(st: TudorState, aid: int) -> None:
    if aid == ADVANCE:
        movement.advance(st)
    elif aid == STOP:
        movement.finish(st)
    else:
        movement.skip(st, aid - JUMP)


def _hand_ring_apply(st: TudorState, aid: int) -> None:
    finger, f = divmod(aid - HAND_RING, 7)
    if st.chosen == RING_SWAP_OWN:
        scenarios.own_ring_chosen(st, finger, f)
    elif st.chosen == RING_SWAP_OTHER:
        scenarios.other_ring_chosen(st, finger, f)
    else:
        offices.take_from_hand(st, finger, f)


def _immediate_apply(st: TudorState, aid: int) -> None:
    if aid == KEEP_TOKEN:
        scenarios.keep_token(st)
    elif aid == AMBASSADOR:
        scenarios.ambassador(st)
    else:
        scenarios.use_immediate(st, aid - SCENARIO)


def _chair_apply(st: TudorState, aid: int) -> None:
    ch, i = divmod(aid - CHAIR, MAX_CHAIRS)
    scenarios.choose_chair(st, ch, i)


def _switch_apply(st: TudorState, aid: int) -> None:
    ch, i = divmod(aid - CHAIR, MAX_CHAIRS)
    scenarios.switch(st, ch, i)


def _office_action_apply(st: TudorState, aid: int) -> None:
    if aid == DECLINE:
        st.mode = M_RESUME
    else:  # Exploiting Connections: a free Chamber Action
        turn.start_action(st, st.cur, aid - ACT)


def _second_exchange_apply(st: TudorState, aid: int) -> None:
    if aid == DECLINE:
        offices.exchange_card(st)
    else:
        finger, f = divmod(aid - HAND_RING, 7)
        offices.take_from_hand(st, finger, f)


PHASE_APPLY: Final[dict[int, PhaseApplyFn]] = {
    M_DRAFT: lambda st, aid: phases.draft(st, aid - DRAFT),
    M_PLACE_RING: _place_ring_apply,
    M_VICTIM: _victim_apply,
    M_ASSIGN: _assign_apply,
    M_LORD: _lord_apply,
    M_TURN: _turn_apply,
    M_SELECT: _select_apply,
    M_DEST: _dest_apply,
    M_STEP: _step_apply,
    M_PAY: lambda st, aid: movement.pay(st, aid - PAY),
    M_TAKE: lambda st, aid: cards.take(st, aid - TAKE),
    M_STAND: lambda st, aid: offices.take_from_stand(st, aid - STAND_RING),
    M_HAND_RING: _hand_ring_apply,
    M_GIVE: lambda st, aid: cards.give_second(st, aid - GIVE),
    M_SPEND: lambda st, aid: turn.spend(st, aid - SPEND),
    M_IMMEDIATE: _immediate_apply,
    M_SWAP_FIRST: lambda st, aid: scenarios.swap_first(st, _space(st, aid, 0)),
    M_SWAP_SECOND: lambda st, aid: scenarios.swap_second(st, _space(st, aid, 1)),
    M_CHAIR: _chair_apply,
    M_BENCH_MOVE: lambda st, aid: scenarios.to_bench(st, aid - BENCH),
    M_RETURN: lambda st, aid: cards.return_card(st, aid - GIVE),
    M_SWITCH: _switch_apply,
    M_SEAT: lambda st, aid: scenarios.seat_chosen(st, aid - SEAT),
    M_OFFICE_ACTION: _office_action_apply,
    M_BANISH: lambda st, aid: scenarios.banish(st, _space(st, aid, 0)),
    M_SECOND_EXCHANGE: _second_exchange_apply,
}


def _start_refund(st: TudorState, task: tuple[int, ...]) -> None:
    # the colours of the cards discarded for this Long Court Movement
    st.refund_colours = task[2]
    cards.start_take(st, task[1], TK_REFUND)


# Task kind -> the rule that starts it: it sets up the decision (or does nothing, and the next
# task starts).
TASK_ENTRY: Final[dict[int, TaskEntryFn]] = {
    T_STAND: lambda st, task: offices.start_stand(st, task[1]),
    T_SEIZE: lambda st, task: offices.start_seize(st, task[1], task[2]),
    T_VICTIM: lambda st, task: offices.start_victim(st, task[1]),
    T_IMMEDIATE: lambda st, task: scenarios.start_immediate(st, task[1], task[2]),
    T_REFUND: _start_refund,
    T_OFFICE_ACTION: lambda st, task: turn.start_office_action(st, task[1]),
}


def legal_action_ids(st: TudorState) -> list[int]:
    out: list[int] = []
    legal = PHASE_LEGAL.get(st.mode)
    if legal is not None:
        legal(st, out)
    return out


def apply(st: TudorState, aid: int, events: list[Event] | None) -> None:
    """Play a choice of the phase, then ``advance``; with ``events``, the action's event and
    the public news it made (Prestige, a new Round, the end)."""
    if events is None:
        PHASE_APPLY[st.mode](st, aid)
        advance(st)
        return
    before = (st.round, list(st.prestige))
    events.append(_decision_event(st, aid))
    PHASE_APPLY[st.mode](st, aid)
    advance(st)
    _news(st, before, events)


def _decision_event(st: TudorState, aid: int) -> Event:
    """The event of ``st.cur`` playing ``aid``, before it is played: the action's kind and
    arguments (``action_event_data``), but where that kind's words would tell another story,
    a kind of its own: the first card of Exchange 2 Cards for 1 (T9.2, ``exchange``), and the
    two steps of Persistent Courtiers' swap (T10.3, ``swap-first`` and ``swap``, with the
    tokens on the spaces), whose ``select`` and ``to`` read as a Courtier moving."""
    kind, data = action_event_data(st.action_space.actions[aid], st.cur)
    if GIVE <= aid < PAY and st.mode in (M_TURN, M_ASSIGN):
        kind = "exchange"
    elif st.mode == M_SWAP_FIRST:
        kind = "swap-first"
        data["token"] = FACTIONS[st.tok[_space(st, aid, 0)]]
    elif st.mode == M_SWAP_SECOND:
        kind = "swap"
        data["token"] = FACTIONS[st.tok[_space(st, aid, 1)]]
        data["first"] = st.board.label(st.chosen)
        data["first_token"] = FACTIONS[st.tok[st.chosen]]
    return EVENTS.event(kind, data)


def advance(st: TudorState) -> None:
    """Start the queued tasks until one needs a decision; with none left, the sequence is
    over: back to the turn's menu (or, for the novice option's rearranging, the next seat)."""
    while st.mode == M_RESUME:
        if not st.todo:
            if st.act == ACT_NOVICE:
                phases.novice_next(st)
            else:
                turn.finish_action(st)
            return
        task = st.todo.pop()
        TASK_ENTRY[task[0]](st, task)


def _news(st: TudorState, before: tuple[int, list[int]], events: list[Event]) -> None:
    """Public news a seat should not have to work out: Prestige changes, rounds, the end."""
    old_round, old_prestige = before
    gains = [st.prestige[p] - old_prestige[p] for p in range(st.num_players)]
    if any(gains):
        events.append(EVENTS.event("prestige", {"gains": gains}))
    if st.round != old_round and st.mode != M_OVER:
        events.append(EVENTS.event("round", {"round": st.round, "rounds": st.rounds}))
    if st.mode == M_OVER:
        data = {"scores": list(st.prestige), "winners": st.winners()}
        events.append(EVENTS.event("game-end", data))
