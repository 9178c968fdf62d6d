"""Dispatch: the legal action ids of the current decision, and playing one.

Each decision mode (``codes.M_*``) has one entry in ``LEGAL`` (its choices) and one in ``PLAY``
(what each of its action ids does); both tables are written here, where they are read.
"""

from __future__ import annotations

from collections.abc import Callable

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
)
from courtly.games.tudor.codes import (
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
)
from courtly.games.tudor.events import action_event, phase_events
from courtly.games.tudor.rules import (
    anytime,
    cards,
    movement,
    offices,
    phases,
    scenarios,
    turn,
)
from courtly.games.tudor.rules.flow import resume
from courtly.games.tudor.state import TudorState

Legal = Callable[[TudorState, list[int]], None]
Play = Callable[[TudorState, int], None]


def _space(st: TudorState, aid: int, kind: int) -> int:
    """The Throne Room space of a space action of ``kind`` (0 select, 1 to, 2 recall)."""
    return aid - SPACE_BASE - kind * st.b.size


# --- legal actions, per mode -----------------------------------------------------------------


def _legal_select(st: TudorState, out: list[int]) -> None:
    size = st.b.size
    movement.select_legal(st, out, SPACE_BASE, SPACE_BASE + 2 * size, SEL_SUPPLY)


def _legal_pay(st: TudorState, out: list[int]) -> None:
    hand = st.hand[st.cur]
    out.extend(PAY + f for f in range(7) if hand[f])


def _legal_assign(st: TudorState, out: list[int]) -> None:
    p = st.cur
    _legal_placement(st, out)
    if st.setup.bonus_in_assignment:
        # v15: Bonus and Scenario actions "어느 단계이든지 자신의 턴 진행 중" (RULINGS 52).
        turn.bonus_legal(st, p, out)


def _legal_placement(st: TudorState, out: list[int]) -> None:
    p = st.cur
    room = [ch for ch in range(3) if phases.bench_room(st, ch)]
    if st.csup[p] > 0 and room:
        out.extend(BENCH + ch for ch in room)
        return
    if room:
        # Special Cases: no Courtier in supply, so one may leave the Throne Room to be placed.
        occ = st.occ
        recall = SPACE_BASE + 2 * st.b.size
        out.extend(recall + s for s in range(st.b.size) if occ[s] == p)
    out.append(FORGO)


def _legal_lord(st: TudorState, out: list[int]) -> None:
    out.extend(LORD + ch for ch in range(3) if phases.lord_room(st, ch))
    if not out or not st.setup.lord_must:  # lord_placement=must: v15's "배치합니다" (RULINGS 9)
        out.append(NO_LORD)


def _legal_office_action(st: TudorState, out: list[int]) -> None:
    p = st.cur
    out.extend(ACT + x for x in range(6) if turn.feasible(st, p, x))
    out.append(DECLINE)


def _legal_second_exchange(st: TudorState, out: list[int]) -> None:
    offices.hand_ring_legal(st, out, HAND_RING)
    out.append(DECLINE)


LEGAL: dict[int, Legal] = {
    M_DRAFT: lambda st, out: out.extend(DRAFT + f for f in range(7) if st.stand[f]),
    M_PLACE_RING: lambda st, out: offices.finger_legal(st, out, FINGER, REARRANGE),
    M_VICTIM: lambda st, out: out.extend((KEEP_RINGS, REARRANGE)),
    M_ASSIGN: _legal_assign,
    M_LORD: _legal_lord,
    M_TURN: turn.turn_legal,
    M_SELECT: _legal_select,
    M_DEST: lambda st, out: movement.dest_legal(st, out, SPACE_BASE + st.b.size, STOP),
    M_STEP: lambda st, out: movement.step_legal(st, out, ADVANCE, JUMP, STOP),
    M_PAY: _legal_pay,
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
    M_SWAP_SECOND: lambda st, out: scenarios.swap_second_legal(st, out, SPACE_BASE + st.b.size),
    M_CHAIR: lambda st, out: scenarios.chair_legal(st, out, CHAIR, MAX_CHAIRS),
    M_BENCH_MOVE: lambda st, out: scenarios.bench_legal(st, out, BENCH),
    M_RETURN: cards.give_legal,
    M_SWITCH: lambda st, out: scenarios.switch_legal(st, out, CHAIR, MAX_CHAIRS),
    M_SEAT: lambda st, out: scenarios.seat_legal(st, out, SEAT),
    M_OFFICE_ACTION: _legal_office_action,
    M_BANISH: lambda st, out: scenarios.banish_legal(st, out, SPACE_BASE),
    M_SECOND_EXCHANGE: _legal_second_exchange,
}


def legal_ids(st: TudorState) -> list[int]:
    out: list[int] = []
    legal = LEGAL.get(st.mode)
    if legal is not None:
        legal(st, out)
    return out


# --- playing an action, per mode -------------------------------------------------------------


def _play_place_ring(st: TudorState, aid: int) -> None:
    if aid == REARRANGE:
        offices.rearrange(st)
    elif offices.put_on_finger(st, aid - FINGER):
        if st.round == 0:
            phases.setup_rings_placed(st)
        else:
            st.mode = M_RESUME


def _play_victim(st: TudorState, aid: int) -> None:
    if aid == REARRANGE:
        offices.rearrange(st)
    else:  # KEEP_RINGS
        st.mode = M_RESUME


def _is_bonus(aid: int) -> bool:
    """A Bonus Action (Move Courtier, Exchange 2 for 1) or a Scenario Card action."""
    return aid == BONUS_MOVE or GIVE <= aid < PAY or SCENARIO <= aid < KEEP_TOKEN


def _play_assign(st: TudorState, aid: int) -> None:
    p = st.cur
    if aid >= SPACE_BASE:
        movement.recall(st, _space(st, aid, 2))
        return
    if _is_bonus(aid):
        turn.begin_assignment_bonus(st)
        _play_turn(st, aid)
        return
    st.scen_used = 0  # the placement ends this Phase 1 turn (v15's once-per-turn limits)
    if aid != FORGO:
        st.bench[aid - BENCH].append(p)
        st.csup[p] -= 1
    st.to_place[p] -= 1
    phases.assigned(st)


def _play_lord(st: TudorState, aid: int) -> None:
    if aid != NO_LORD:
        st.lords[st.cur] = aid - LORD
    phases.lord_placed(st)


def _play_turn(st: TudorState, aid: int) -> None:
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


def _play_select(st: TudorState, aid: int) -> None:
    if aid == SEL_SUPPLY:
        movement.select_supply(st)
        return
    size = st.b.size
    if aid < SPACE_BASE + size:
        movement.select(st, aid - SPACE_BASE)
        return
    movement.recall(st, _space(st, aid, 2))
    if not legal_ids(st):
        st.mode = M_RESUME  # nothing can be placed after all: the movement is lost


def _play_dest(st: TudorState, aid: int) -> None:
    if aid == STOP:
        movement.finish(st)
    else:
        movement.destination(st, _space(st, aid, 1))


def _play_step(st: TudorState, aid: int) -> None:
    if aid == ADVANCE:
        movement.advance(st)
    elif aid == STOP:
        movement.finish(st)
    else:
        movement.skip(st, aid - JUMP)


def _play_hand_ring(st: TudorState, aid: int) -> None:
    finger, f = divmod(aid - HAND_RING, 7)
    if st.tmp == RING_SWAP_OWN:
        scenarios.own_ring_chosen(st, finger, f)
    elif st.tmp == RING_SWAP_OTHER:
        scenarios.other_ring_chosen(st, finger, f)
    else:
        offices.take_from_hand(st, finger, f)


def _play_immediate(st: TudorState, aid: int) -> None:
    if aid == KEEP_TOKEN:
        scenarios.keep_token(st)
    elif aid == AMBASSADOR:
        scenarios.ambassador(st)
    else:
        scenarios.use_immediate(st, aid - SCENARIO)


def _play_chair(st: TudorState, aid: int) -> None:
    ch, i = divmod(aid - CHAIR, MAX_CHAIRS)
    scenarios.choose_chair(st, ch, i)


def _play_switch(st: TudorState, aid: int) -> None:
    ch, i = divmod(aid - CHAIR, MAX_CHAIRS)
    scenarios.switch(st, ch, i)


def _play_office_action(st: TudorState, aid: int) -> None:
    if aid == DECLINE:
        st.mode = M_RESUME
    else:  # Exploiting Connections: a free Chamber Action
        turn.start_action(st, st.cur, aid - ACT)


def _play_second_exchange(st: TudorState, aid: int) -> None:
    if aid == DECLINE:
        offices.exchange_card(st)
    else:
        finger, f = divmod(aid - HAND_RING, 7)
        offices.take_from_hand(st, finger, f)


PLAY: dict[int, Play] = {
    M_DRAFT: lambda st, aid: phases.draft(st, aid - DRAFT),
    M_PLACE_RING: _play_place_ring,
    M_VICTIM: _play_victim,
    M_ASSIGN: _play_assign,
    M_LORD: _play_lord,
    M_TURN: _play_turn,
    M_SELECT: _play_select,
    M_DEST: _play_dest,
    M_STEP: _play_step,
    M_PAY: lambda st, aid: movement.pay(st, aid - PAY),
    M_TAKE: lambda st, aid: cards.take(st, aid - TAKE),
    M_STAND: lambda st, aid: offices.take_from_stand(st, aid - STAND_RING),
    M_HAND_RING: _play_hand_ring,
    M_GIVE: lambda st, aid: cards.give_second(st, aid - GIVE),
    M_SPEND: lambda st, aid: turn.spend(st, aid - SPEND),
    M_IMMEDIATE: _play_immediate,
    M_SWAP_FIRST: lambda st, aid: scenarios.swap_first(st, _space(st, aid, 0)),
    M_SWAP_SECOND: lambda st, aid: scenarios.swap_second(st, _space(st, aid, 1)),
    M_CHAIR: _play_chair,
    M_BENCH_MOVE: lambda st, aid: scenarios.to_bench(st, aid - BENCH),
    M_RETURN: lambda st, aid: cards.return_card(st, aid - GIVE),
    M_SWITCH: _play_switch,
    M_SEAT: lambda st, aid: scenarios.seat_chosen(st, aid - SEAT),
    M_OFFICE_ACTION: _play_office_action,
    M_BANISH: lambda st, aid: scenarios.banish(st, _space(st, aid, 0)),
    M_SECOND_EXCHANGE: _play_second_exchange,
}


def apply_id(st: TudorState, aid: int, events: list[Event] | None) -> None:
    if events is None:
        PLAY[st.mode](st, aid)
        if st.mode == M_RESUME:
            resume(st)
        return
    seat = st.cur
    before = (st.round, list(st.prestige))
    events.append(action_event(st, seat, aid))
    PLAY[st.mode](st, aid)
    if st.mode == M_RESUME:
        resume(st)
    phase_events(st, before, events)
