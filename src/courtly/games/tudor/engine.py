"""Dispatch: the legal action ids of the current decision, and playing one."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.tudor import movement, offices, phases, scenarios, turn
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
from courtly.games.tudor.flow import resume
from courtly.games.tudor.state import (
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
    TudorState,
)


def legal_ids(st: TudorState) -> list[int]:
    out: list[int] = []
    mode = st.mode
    size = st.b.size
    sel, dest, recall = SPACE_BASE, SPACE_BASE + size, SPACE_BASE + 2 * size
    if mode == M_TURN:
        turn.turn_legal(st, out)
    elif mode == M_SELECT:
        movement.select_legal(st, out, sel, recall, SEL_SUPPLY)
    elif mode == M_DEST:
        movement.dest_legal(st, out, dest, STOP)
    elif mode == M_STEP:
        movement.step_legal(st, out, ADVANCE, JUMP, STOP)
    elif mode == M_PAY:
        hand = st.hand[st.cur]
        out.extend(PAY + f for f in range(7) if hand[f])
    elif mode == M_TAKE:
        out.extend(TAKE + f for f in turn.take_choices(st, st.cur, st.take_kind))
    elif mode == M_GIVE:
        turn.give_legal(st, out)
    elif mode == M_SPEND:
        turn.spend_legal(st, out, SPEND)
    elif mode == M_STAND:
        offices.stand_legal(st, out, STAND_RING)
    elif mode == M_HAND_RING:
        offices.hand_ring_legal(st, out, HAND_RING)
    elif mode == M_PLACE_RING:
        offices.finger_legal(st, out, FINGER, REARRANGE)
    elif mode == M_VICTIM:
        out.extend((KEEP_RINGS, REARRANGE))
    elif mode == M_DRAFT:
        out.extend(DRAFT + f for f in range(7) if st.stand[f])
    elif mode == M_ASSIGN:
        _assign_legal(st, out, recall)
    elif mode == M_LORD:
        out.extend(LORD + ch for ch in range(3) if phases.lord_room(st, ch))
        out.append(NO_LORD)
    elif mode == M_IMMEDIATE:
        scenarios.immediate_legal(st, out, KEEP_TOKEN, SCENARIO, AMBASSADOR)
    elif mode == M_RETURN:
        turn.give_legal(st, out)
    elif mode == M_SWITCH:
        scenarios.switch_legal(st, out, CHAIR, MAX_CHAIRS)
    elif mode == M_SEAT:
        scenarios.seat_legal(st, out, SEAT)
    elif mode == M_OFFICE_ACTION:
        p = st.cur
        out.extend(ACT + x for x in range(6) if turn.feasible(st, p, x))
        out.append(DECLINE)
    elif mode == M_BANISH:
        scenarios.banish_legal(st, out, sel)
    elif mode == M_SECOND_EXCHANGE:
        offices.hand_ring_legal(st, out, HAND_RING)
        out.append(DECLINE)
    elif mode == M_SWAP_FIRST:
        scenarios.swap_first_legal(st, out, sel)
    elif mode == M_SWAP_SECOND:
        scenarios.swap_second_legal(st, out, dest)
    elif mode == M_CHAIR:
        scenarios.chair_legal(st, out, CHAIR, MAX_CHAIRS)
    elif mode == M_BENCH_MOVE:
        scenarios.bench_legal(st, out, BENCH)
    return out


def _assign_legal(st: TudorState, out: list[int], recall: int) -> None:
    p = st.cur
    room = [ch for ch in range(3) if phases.bench_room(st, ch)]
    if st.csup[p] > 0 and room:
        out.extend(BENCH + ch for ch in room)
        return
    if room:
        # Special Cases: no Courtier in supply, so one may leave the Throne Room to be placed.
        occ = st.occ
        out.extend(recall + s for s in range(st.b.size) if occ[s] == p)
    out.append(FORGO)


def apply_id(st: TudorState, aid: int, events: list[Event] | None) -> None:
    if events is None:
        _dispatch(st, aid)
        if st.mode == M_RESUME:
            resume(st)
        return
    action = st.action_space.actions[aid]
    seat = st.cur
    events.append(
        Event("action", f"Player {seat + 1}: {action.text}", {"seat": seat, **action.to_json()})
    )
    before = (st.round, list(st.prestige))
    _dispatch(st, aid)
    if st.mode == M_RESUME:
        resume(st)
    _phase_events(st, before, events)


def _phase_events(st: TudorState, before: tuple[int, list[int]], events: list[Event]) -> None:
    """Public news a seat should not have to work out: Prestige changes, rounds, the end."""
    old_round, old_prestige = before
    gains = [st.prestige[p] - old_prestige[p] for p in range(st.num_players)]
    if any(gains):
        text = ", ".join(f"Player {p + 1} +{g}" for p, g in enumerate(gains) if g)
        events.append(Event("prestige", f"Prestige: {text}", {"gains": gains}))
    if st.round != old_round and st.mode != M_OVER:
        events.append(
            Event("round", f"Round {st.round} of {st.rounds} begins", {"round": st.round})
        )
    if st.mode == M_OVER:
        scores = ", ".join(f"Player {p + 1}: {v}" for p, v in enumerate(st.prestige))
        won = " and ".join(f"Player {p + 1}" for p in st.winners())
        events.append(
            Event("game_end", f"Final Prestige {scores}. Winner: {won}", {"winners": st.winners()})
        )


def _dispatch(st: TudorState, aid: int) -> None:
    size = st.b.size
    if aid >= SPACE_BASE:
        kind, s = divmod(aid - SPACE_BASE, size)
        mode = st.mode
        if kind == 0:
            if mode == M_SWAP_FIRST:
                scenarios.swap_first(st, s)
            elif mode == M_BANISH:
                scenarios.banish(st, s)
            else:
                movement.select(st, s)
        elif kind == 1:
            if mode == M_SWAP_SECOND:
                scenarios.swap_second(st, s)
            else:
                movement.destination(st, s)
        else:
            movement.recall(st, s)
            if st.mode == M_SELECT and not legal_ids(st):
                st.mode = M_RESUME  # nothing can be placed after all: the movement is lost
        return
    if aid < FINGER:
        phases.draft(st, aid - DRAFT)
    elif aid < REARRANGE:
        if offices.put_on_finger(st, aid - FINGER):
            if st.round == 0:
                phases.setup_rings_placed(st)
            else:
                st.mode = M_RESUME
    elif aid == REARRANGE:
        offices.rearrange(st)
    elif aid == KEEP_RINGS:
        st.mode = M_RESUME
    elif aid < FORGO:
        ch = aid - BENCH
        if st.mode == M_BENCH_MOVE:
            scenarios.to_bench(st, ch)
        else:
            st.bench[ch].append(st.cur)
            st.csup[st.cur] -= 1
            st.to_place[st.cur] -= 1
            phases.assigned(st)
    elif aid == FORGO:
        st.to_place[st.cur] -= 1
        phases.assigned(st)
    elif aid < NO_LORD:
        st.lords[st.cur] = aid - LORD
        phases.lord_placed(st)
    elif aid == NO_LORD:
        phases.lord_placed(st)
    elif aid < ACTIVATE_LORD:
        turn.activate_courtier(st, aid - COURTIER)
    elif aid == ACTIVATE_LORD:
        turn.activate_lord(st)
    elif aid < DONE_FIGURE:
        if st.mode == M_OFFICE_ACTION:  # Exploiting Connections: a free Chamber Action
            turn.start_action(st, st.cur, aid - ACT)
        else:
            turn.choose_action(st, aid - ACT)
    elif aid == DONE_FIGURE:
        turn.done_figure(st)
    elif aid == END_TURN:
        phases.end_turn(st)
    elif aid < GIVE:
        turn.take(st, aid - TAKE)
    elif aid < PAY:
        if st.mode == M_GIVE:
            turn.give_second(st, aid - GIVE)
        elif st.mode == M_RETURN:
            turn.return_card(st, aid - GIVE)
        else:
            turn.give_first(st, aid - GIVE)
    elif aid < JUMP:
        movement.pay(st, aid - PAY)
    elif aid < ADVANCE:
        movement.skip(st, aid - JUMP)
    elif aid == ADVANCE:
        movement.advance(st)
    elif aid == STOP:
        movement.finish(st)
    elif aid == SEL_SUPPLY:
        movement.select_supply(st)
    elif aid < HAND_RING:
        offices.take_from_stand(st, aid - STAND_RING)
    elif aid < BONUS_MOVE:
        finger, f = divmod(aid - HAND_RING, 7)
        offices.take_from_hand(st, finger, f)
    elif aid == BONUS_MOVE:
        turn.bonus_move(st)
    elif aid < SCENARIO:
        turn.spend(st, aid - SPEND)
    elif aid < KEEP_TOKEN:
        if st.mode == M_IMMEDIATE:
            scenarios.use_immediate(st, aid - SCENARIO)
        else:
            scenarios.start_anytime(st, aid - SCENARIO)
    elif aid == KEEP_TOKEN:
        scenarios.keep_token(st)
    elif aid < SEAT:
        ch, i = divmod(aid - CHAIR, MAX_CHAIRS)
        if st.mode == M_SWITCH:
            scenarios.switch(st, ch, i)
        else:
            scenarios.choose_chair(st, ch, i)
    elif aid < DECLINE:
        scenarios.seat_chosen(st, aid - SEAT)
    elif aid == DECLINE:
        if st.mode == M_SECOND_EXCHANGE:
            offices.exchange_card(st)
        else:
            st.mode = M_RESUME
    elif aid == AMBASSADOR:
        scenarios.ambassador(st)
