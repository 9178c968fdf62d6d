"""Phases 1-3 and 5, and the turn structure of Phase 4 (docs/games/tudor.md T2-T5, T13)."""

from __future__ import annotations

import pytest
from tudor_support import give_cards, give_ring, has, kinds, new, play, seat_chair, turn_state

from courtly.core.errors import IllegalActionError
from courtly.games.tudor.codes import (
    M_ASSIGN,
    M_LORD,
    M_OVER,
    M_TURN,
)
from courtly.games.tudor.state import TudorState


def after_setup(n: int) -> TudorState:
    st = new(n)
    for i in range(2 * n):
        play(
            st,
            "draft",
            ring=("red", "blue", "green", "yellow", "brown", "grey", "purple", "red")[i],
        )
    for _ in range(n):
        play(st, "finger", finger="thumb")
        play(st, "finger", finger="index")
    return st


def test_t2_1_assignment_round_robin_nearest_door() -> None:
    """T2.1, T2.2: clockwise from the start player, one Courtier each, door-first bench order."""
    st = after_setup(3)
    assert st.mode == M_ASSIGN
    seq = []
    for ch in (0, 0, 0, 1, 1, 2):
        seq.append(st.cur)
        play(st, "bench", chamber=("I", "II", "III")[ch])
    assert seq == [0, 1, 2, 0, 1, 2]  # scenario 1: two Courtiers in round 1
    # Phase 2 ran: each bench entered the top-most chairs in its order.
    assert st.chairs[0] == [0, 1, 2, -1]
    assert st.chairs[1] == [0, 1, -1, -1] and st.chairs[2] == [2, -1, -1, -1]
    assert st.mode == M_LORD


def test_t2_3_bench_limit() -> None:
    st = after_setup(3)
    for _ in range(3):
        play(st, "bench", chamber="I")
    with pytest.raises(IllegalActionError):
        play(st, "bench", chamber="I")  # 3 per bench in a 3-player game
    assert has(st, "bench", chamber="II")


def test_t3_2_entry_pushes_the_top_courtier_home() -> None:
    """T3.1, T3.2: a full table pushes everyone up; the top Courtier returns to supply."""
    st = after_setup(2)
    st.chairs[0] = [1, 1, 1]
    st.csup[1] -= 3
    play(st, "bench", chamber="I")  # seat 0
    play(st, "bench", chamber="II")  # seat 1
    play(st, "bench", chamber="I")  # seat 0
    play(st, "bench", chamber="III")  # seat 1
    assert st.chairs[0] == [1, 0, 0]
    assert st.csup[1] == 14 - 3 - 2 + 2  # 3 seated, 2 benched, 2 pushed home


def test_t4_lords_in_player_order_two_per_chamber_and_idle_chambers() -> None:
    """T4.1-T4.3: Lords in order, at most two per chamber; lordless chambers stay idle."""
    st = after_setup(3)
    for ch in ("I", "II", "III", "I", "II", "III"):
        play(st, "bench", chamber=ch)
    assert st.mode == M_LORD and st.cur == 0
    play(st, "lord", chamber="I")
    play(st, "lord", chamber="I")
    with pytest.raises(IllegalActionError):
        play(st, "lord", chamber="I")
    play(st, "no_lord")
    assert st.mode == M_TURN and st.cur == 0
    assert st.acted[1] == [1, 1, 0, 0] and st.acted[2] == [1, 1, 0, 0]
    assert st.acted[0] == [0, 0, 0, 0]


def test_t5_one_figure_per_turn_clockwise_and_equal_turns() -> None:
    """T5.1, T5.5, T5.6: turns go clockwise; with no figure left a player takes G/H or passes."""
    st = turn_state(3)
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 0)
    st.lords[1] = 1
    give_ring(st, 2, "thumb", "red")
    assert kinds(st) >= {"activate_courtier"}
    assert not has(st, "end_turn")  # a figure must be activated
    play(st, "activate_courtier", chamber="II")
    assert has(st, "done_figure")
    play(st, "done_figure")
    play(st, "end_turn")
    assert st.cur == 1
    play(st, "activate_lord")
    play(st, "done_figure")
    play(st, "end_turn")
    assert st.cur == 2  # no figure at all: G, H or pass
    assert has(st, "action", letter="H") and has(st, "end_turn")
    play(st, "action", letter="H")
    play(st, "take", card="red")
    play(st, "end_turn")
    assert st.cur == 0 and st.mode == M_TURN
    play(st, "activate_courtier", chamber="II")
    play(st, "done_figure")
    play(st, "end_turn")
    # Seats 1 and 2 still get a turn each so everyone had the same number.
    assert st.cur == 1
    play(st, "end_turn")
    assert st.cur == 2
    play(st, "end_turn")
    assert st.round == 2  # Phase 5 ran


def test_t5_2_courtier_does_one_action_lord_both_either_order() -> None:
    """T5.2, T5.3: a Courtier one action; a Lord both, finishing one before the other."""
    st = turn_state(3)
    seat_chair(st, 1, 0)
    st.lords[0] = 1
    give_ring(st, 0, "thumb", "red")
    give_ring(st, 0, "index", "blue")
    play(st, "activate_courtier", chamber="II")
    play(st, "action", letter="D")
    play(st, "take", card="red")
    play(st, "take", card="blue")
    assert not has(st, "action", letter="C") and has(st, "end_turn")
    play(st, "end_turn")
    st.turn_player = st.cur = 0
    play(st, "activate_lord")
    play(st, "action", letter="D")
    play(st, "take", card="blue")
    play(st, "take", card="red")
    assert has(st, "action", letter="C") and not has(st, "action", letter="D")
    assert not has(st, "action", letter="G")  # G/H replace the whole activation only


def test_t5_4_g_or_h_instead_of_chamber_action() -> None:
    st = turn_state(3)
    seat_chair(st, 2, 0)
    st.lords[1] = 2
    give_ring(st, 0, "thumb", "red")
    play(st, "activate_courtier", chamber="III")
    assert has(st, "action", letter="H") and has(st, "action", letter="F")
    play(st, "action", letter="H")
    play(st, "take", card="red")
    assert kinds(st) == {"end_turn", "give"} - ({"give"} if sum(st.hand[0]) < 2 else set())


def test_t5_7_courtiers_may_act_after_their_lords() -> None:
    st = turn_state(2)
    seat_chair(st, 0, 1)
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "done_figure")
    play(st, "end_turn")
    assert has(st, "activate_courtier", chamber="I")


def test_t7_4_d_cards_match_two_different_rings() -> None:
    """T7.4: two cards matching two different Rings; the same colour only with two such Rings."""
    st = turn_state(3)
    st.lords[0] = 1
    give_ring(st, 0, "thumb", "red")
    give_ring(st, 0, "index", "blue")
    play(st, "activate_lord")
    play(st, "action", letter="D")
    play(st, "take", card="red")
    assert [a.to_json()["card"] for a in st.legal_actions()] == ["blue"]
    st2 = turn_state(3)
    st2.lords[0] = 1
    give_ring(st2, 0, "thumb", "red")
    give_ring(st2, 0, "index", "red")
    play(st2, "activate_lord")
    play(st2, "action", letter="D")
    play(st2, "take", card="red")
    assert [a.to_json()["card"] for a in st2.legal_actions()] == ["red"]


def test_t7_6_any_card_and_supply_limits() -> None:
    """T7.6: F takes any card; an empty supply stack can't be taken from."""
    st = turn_state(3)
    st.lords[0] = 2
    give_cards(st, 1, purple=10)
    play(st, "activate_lord")
    play(st, "action", letter="F")
    assert {a.to_json()["card"] for a in st.legal_actions()} == {
        "blue",
        "green",
        "red",
        "yellow",
        "brown",
        "grey",
    }


def test_t13_end_of_round_and_game_end() -> None:
    """T13.1, T13.2: Lords return, chairs reset, spent tokens leave, start player passes left."""
    st = turn_state(3)
    seat_chair(st, 0, 1)
    st.acted[0][0] = 1
    st.spent[2][3] = 2
    st.bag.remove(3)
    st.bag.remove(3)
    st.lords[2] = 0
    st.lord_acted[2] = 1
    st.bonus_used[2] = 1
    st.turn_player = st.cur = 2
    st.fig = 3
    play(st, "end_turn")
    assert st.round == 2 and st.start == 1
    assert st.lords == [-1, -1, -1] and st.acted[0][0] == 0 and st.chairs[0][0] == 1
    assert st.spent[2] == [0] * 7 and st.removed_tok[3] == 2 and st.bonus_used[2] == 0
    assert st.mode == M_ASSIGN and st.cur == 1
    assert st.to_place == [1, 1, 1]  # scenario 1: one Courtier after the first round
    st.round = st.rounds
    st.mode = M_TURN
    st.to_place = [0, 0, 0]
    st.turn_player = st.cur = 0
    st.start = 1
    st.fig = 3
    st.acted[0][0] = 1  # its chamber has no Lord
    play(st, "end_turn")
    assert st.mode == M_OVER and st.is_terminal and st.legal_action_ids() == []


def test_t2_4_no_courtier_in_supply_recall_or_forgo() -> None:
    st = after_setup(2)
    st.csup[0] = 0
    from tudor_support import sp

    for label in ("1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-1", "2-2", "2-3", "2-4", "2-5"):
        st.occ[sp(st, label)] = 0
        if st.tok[sp(st, label)] >= 0:
            st.bag.insert(0, st.tok[sp(st, label)])
            st.tok[sp(st, label)] = -1
    st.office[2] = 0
    st.office[3] = 0
    st.occ[sp(st, "3-3")] = 0
    st.check_invariants()
    assert kinds(st) == {"recall", "forgo"}
    play(st, "recall", space="3-3")
    assert st.csup[0] == 1 and st.tok[sp(st, "3-3")] >= 0
    assert kinds(st) == {"bench"}
    play(st, "bench", chamber="I")
    assert st.cur == 1
    play(st, "bench", chamber="I")
    assert st.cur == 0 and kinds(st) == {"recall", "forgo"}
    play(st, "forgo")
    assert st.cur == 1


def test_t6_7_no_bonus_action_inside_a_movement() -> None:
    """T6.7, T9: a movement is finished before anything else starts (no bonus mid-move)."""
    from tudor_support import clear_markers, give_tokens, place, put_token

    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-1")
    for row in (2, 3):
        put_token(st, f"3-{row}", "red")
    give_cards(st, 0, red=2, blue=2)
    give_tokens(st, 0, blue=2)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")
    assert kinds(st) == {"advance", "stop"}
    play(st, "stop")
    assert has(st, "bonus_move") and has(st, "give", card="blue")
