"""Bonus Actions and Scenario Card 1 (docs/games/tudor.md T9, T10)."""

from __future__ import annotations

import pytest
from tudor_support import (
    clear_markers,
    give_cards,
    give_tokens,
    hand,
    has,
    kinds,
    legal,
    place,
    play,
    put_marker,
    put_token,
    seat_chair,
    sp,
    tokens,
    turn_state,
)

from courtly.core.errors import IllegalActionError
from courtly.games.tudor.codes import (
    M_TURN,
)


def test_t9_1_move_courtier_costs_two_tokens_once_per_round() -> None:
    """T9.1: any 2 Court Tokens move a Courtier 1 space in any direction onto any token; once."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-3")
    put_token(st, "2-3", "purple")
    put_marker(st, "2-3", 2)
    give_tokens(st, 0, red=1, blue=2)
    st.lords[0] = 0
    assert has(st, "bonus_move")
    play(st, "bonus_move")
    play(st, "spend", token="blue")
    play(st, "spend", token="red")
    play(st, "select", space="3-3")
    play(st, "to", space="2-3")
    play(st, "keep_token")  # Scenario 1 offers the Intrigue Token's Immediate action
    assert st.occ[sp(st, "2-3")] == 0 and tokens(st, 0) == {"blue": 1, "purple": 1}
    assert st.intr[0] == 1  # the end space's marker
    assert st.spent[0][0] == 1 and st.spent[0][2] == 1  # in front of the screen
    assert st.mode == M_TURN and not has(st, "bonus_move")  # once per Round
    play(st, "activate_lord")  # the figure's action is separate and still available


def test_t9_2_exchange_two_cards_for_one_any_number_of_times() -> None:
    st = turn_state(3)
    give_cards(st, 0, red=3, blue=1)
    st.lords[0] = 2
    play(st, "give", card="red")
    assert kinds(st) == {"give"}
    play(st, "give", card="blue")
    play(st, "take", card="purple")
    assert hand(st, 0) == {"red": 2, "purple": 1}
    play(st, "give", card="red")
    play(st, "give", card="red")
    play(st, "take", card="grey")
    assert hand(st, 0) == {"purple": 1, "grey": 1}
    assert st.mode == M_TURN and has(st, "activate_lord")


def test_t9_2_needs_two_cards() -> None:
    st = turn_state(3)
    give_cards(st, 0, red=1)
    with pytest.raises(IllegalActionError):
        play(st, "give", card="red")


def test_t10_2_persistent_left_two_influence_courtier_to_a_bench() -> None:
    """T10.2: 2 Influence move your Courtier (even an activated one) to any open bench."""
    st = turn_state(3)
    seat_chair(st, 0, 0)
    seat_chair(st, 0, 1)
    st.acted[0][0] = 1
    st.lords[0] = 0
    for s in [s for s in range(st.board.size) if st.mark[s] == 1][:2]:
        st.mark[s] = 0
        st.infl[0] += 1
    play(st, "scenario", side="left")
    assert {tuple(a.args) for a in st.legal_actions()} == {(("chamber", "I"), ("chair", 1))}
    play(st, "chair", chamber="I", chair=1)
    play(st, "bench", chamber="III")
    assert st.chairs[0] == [-1, 1, -1, -1] and st.bench[2] == [0]
    assert st.infl[0] == 0 and st.removed_marks[1] == 2
    assert st.mode == M_TURN


def test_t10_3_persistent_right_immediate_swap_after_refill() -> None:
    """T10.3: on receiving an Intrigue Token: discard it to swap two Court Tokens, or keep it."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    put_marker(st, "3-2", 2)
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")
    assert legal(st) == [{"kind": "keep_token"}, {"kind": "scenario", "side": "right"}]
    refilled = st.tok[sp(st, "3-1")]
    assert refilled >= 0  # the swap comes after the refill
    play(st, "scenario", side="right")
    play(st, "select", space="3-1")
    other = next(a for a in st.legal_actions())
    target = sp(st, str(other.to_json()["space"]))
    before = st.tok[target]
    play(st, "to", space=other.to_json()["space"])
    assert st.tok[sp(st, "3-1")] == before and st.tok[target] == refilled
    assert st.intr[0] == 0 and st.mode == M_TURN


def test_t10_3_kept_intrigue_stays_behind_the_screen() -> None:
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    put_marker(st, "3-2", 2)
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")
    play(st, "keep_token")
    assert st.intr[0] == 1 and st.mode == M_TURN
    assert "scenario" not in kinds(st)  # no later use for it on this card
