"""Scenario Cards 2-5 and the Opportunity variant (docs/games/tudor.md T10, T15)."""

from __future__ import annotations

import pytest
from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    hand,
    has,
    kinds,
    legal,
    markers_to,
    office,
    place,
    play,
    put_marker,
    put_token,
    ring_exchange_begun,
    seat_chair,
    sp,
    turn_state,
)

from courtly.games.tudor.codes import (
    M_TURN,
)
from courtly.games.tudor.data import FACTION_INDEX, FINGERS
from courtly.games.tudor.state import TudorState


def one_step_pickup(st: TudorState, marker: int) -> None:
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    put_marker(st, "3-2", marker)
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")


@pytest.mark.parametrize(
    ("scenario", "first", "later"), [(2, 2, 1), (3, 0, 2), (4, 0, 2), (5, 0, 2)]
)
def test_t10_1_courtiers_per_round(scenario: int, first: int, later: int) -> None:
    from courtly.games.tudor.data import SCENARIO_CARDS

    card = SCENARIO_CARDS[scenario]
    assert (card.first_round_courtiers, card.later_round_courtiers) == (first, later)


def test_t10_1_no_courtiers_in_round_one_goes_to_lords() -> None:
    from tudor_support import new

    st = new(2, scenario=3)
    for ring in ("red", "blue", "green", "yellow"):
        play(st, "draft", ring=ring)
    for _ in range(2):
        play(st, "finger", finger="thumb")
        play(st, "finger", finger="index")
    assert kinds(st) == {"lord", "no_lord"}


def test_t10_4_rise_and_fall_influence_card() -> None:
    st = turn_state(3, scenario=2)
    one_step_pickup(st, 1)
    assert legal(st) == [{"kind": "keep_token"}, {"kind": "scenario", "side": "left"}]
    play(st, "scenario", side="left")
    play(st, "take", card="purple")
    assert st.infl[0] == 0 and hand(st, 0) == {"purple": 1} and st.mode == M_TURN


def test_t10_5_rise_and_fall_switch_adjacent_courtiers() -> None:
    st = turn_state(3, scenario=2)
    seat_chair(st, 1, 1)
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 2)
    st.acted[1][0] = 1
    one_step_pickup(st, 2)
    play(st, "scenario", side="right")
    assert legal(st) == [{"kind": "chair", "chamber": "II", "chair": 2}]
    play(st, "chair", chamber="II", chair=2)
    targets = {(a["chamber"], a["chair"]) for a in legal(st)}
    assert targets == {("II", 1), ("II", 3)}
    play(st, "chair", chamber="II", chair=1)
    assert st.chairs[1][:3] == [0, 1, 2]
    assert st.acted[1][:3] == [0, 1, 0]  # each keeps whether it has acted


def test_t10_6_climbing_influence_for_any_card() -> None:
    st = turn_state(3, scenario=3)
    markers_to(st, 0, influence=2)
    play(st, "scenario", side="left")
    play(st, "take", card="grey")
    assert hand(st, 0) == {"grey": 1} and st.infl[0] == 0


@pytest.mark.parametrize("edition", ["en", "v15"])
def test_t10_7_climbing_jump_example(edition: str) -> None:
    """T10.7: jump in any direction over a directly adjacent Courtier onto an open space. "All
    other normal movement rules apply": the jump takes the landing space's Court Token and its
    Influence/Intrigue Token, in both editions (RULINGS 33)."""
    st = turn_state(3, scenario=3, edition=edition)
    clear_markers(st)
    place(st, 0, "3-3")
    place(st, 1, "3-4")
    place(st, 2, "4-3")
    place(st, 1, "2-3")
    place(st, 2, "1-3")  # 1-3 blocks the jump to the left
    put_token(st, "3-5", "red")
    put_marker(st, "3-5", 1)
    markers_to(st, 0, intrigue=2)
    play(st, "scenario", side="right")
    assert legal(st) == [{"kind": "select", "space": "3-3"}]
    play(st, "select", space="3-3")
    assert {a["space"] for a in legal(st)} == {"3-5", "5-3"}
    play(st, "to", space="3-5")
    assert st.occ[sp(st, "3-5")] == 0
    assert st.ctok[0][FACTION_INDEX["red"]] == 1 and st.tok[sp(st, "3-5")] == -1
    assert st.infl[0] == 1 and st.mark[sp(st, "3-5")] == 0
    assert st.tok[sp(st, "3-3")] >= 0  # the space left is restocked
    assert st.mode == M_TURN


def test_t10_7_jump_never_places_a_new_courtier() -> None:
    st = turn_state(3, scenario=3)
    markers_to(st, 0, intrigue=2)
    assert not has(st, "scenario", side="right")


def test_t10_8_ring_exchange_example() -> None:
    """Yellow swaps its brown Ring (little finger) for Blue's yellow Ring (fourth finger)."""
    st = ring_exchange_begun()
    assert legal(st) == [{"kind": "seat", "seat": 1}]
    play(st, "seat", seat=1)
    play(st, "hand_ring", finger="ring", ring="yellow")
    assert st.rings[0] == [FINGERS.index("little") * 8 + FACTION_INDEX["yellow"]]
    assert st.rings[1] == [FINGERS.index("ring") * 8 + FACTION_INDEX["brown"]]
    assert st.mode == M_TURN and st.infl[0] == 0 and st.intr[0] == 0


def test_t10_9_office_gives_any_chamber_action() -> None:
    st = turn_state(3, scenario=4)
    clear_markers(st)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    play(st, "stand_ring", ring="green")
    play(st, "finger", finger="thumb")
    assert has(st, "action", letter="F") and has(st, "decline")
    assert not has(st, "action", letter="G")
    play(st, "action", letter="F")
    play(st, "take", card="blue")
    # Back to the Lord's activation: its second chamber action (F) is still available.
    assert st.mode == M_TURN and has(st, "action", letter="F")


def test_t10_10_strong_move_any_direction_through_courtiers() -> None:
    """T10.10 example: up to 2 spaces in any directions, passing a Courtier with both moves."""
    st = turn_state(3, scenario=5)
    clear_markers(st)
    place(st, 0, "3-3")
    place(st, 1, "3-4")
    markers_to(st, 0, influence=2)
    play(st, "scenario", side="left")
    play(st, "select", space="3-3")
    targets = {a["space"] for a in legal(st) if a["kind"] == "to"}
    assert targets == {"3-2", "2-3", "4-3", "3-5", "2-4", "4-4"}
    play(st, "to", space="2-3")
    targets = {a["space"] for a in legal(st) if a["kind"] == "to"}
    assert "3-3" not in targets and targets == {"1-3", "2-2", "2-4"}
    play(st, "to", space="2-4")
    assert st.occ[sp(st, "2-4")] == 0 and st.mode == M_TURN


def test_t10_11_banish_costs_by_height_and_spares_office_holders() -> None:
    st = turn_state(3, scenario=5)
    place(st, 1, "3-4")  # above the stairs: 3 Intrigue
    place(st, 2, "4-2")  # below: 2
    office(st, 1, 2)
    markers_to(st, 0, intrigue=2)
    play(st, "scenario", side="right")
    assert legal(st) == [{"kind": "select", "space": "4-2"}]
    play(st, "select", space="4-2")
    assert st.occ[sp(st, "4-2")] == -1 and st.csup[2] == 14 and st.intr[0] == 0
    assert st.tok[sp(st, "4-2")] == -1  # en: not refilled


def test_t10_12_immediate_token_kept_cannot_be_spent_later() -> None:
    st = turn_state(3, scenario=2)
    one_step_pickup(st, 1)
    play(st, "keep_token")
    assert st.infl[0] == 1 and "scenario" not in {a["kind"] for a in legal(st)}


def test_t15_opportunity_tokens_count_as_both() -> None:
    st = turn_state(3, scenario=4, variant="opportunity")
    assert st.mark.count(3) == 8 and st.mark.count(1) == 14 and st.mark.count(2) == 14
    give_ring(st, 0, "little", "brown")
    give_ring(st, 1, "ring", "yellow")
    for s in [s for s in range(st.board.size) if st.mark[s] == 3][:2]:
        st.mark[s] = 0
        st.oppt[0] += 1
    play(st, "scenario", side="left")  # 1 Influence + 1 Intrigue paid with 2 Opportunity
    assert st.oppt[0] == 0 and st.removed_marks[3] == 2
    play(st, "hand_ring", finger="little", ring="brown")
    play(st, "seat", seat=1)
    play(st, "hand_ring", finger="ring", ring="yellow")
    assert st.mode == M_TURN


def test_t15_opportunity_token_triggers_either_immediate_action() -> None:
    st = turn_state(3, scenario=2, variant="opportunity")
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 1)
    one_step_pickup(st, 3)
    assert legal(st) == [
        {"kind": "keep_token"},
        {"kind": "scenario", "side": "left"},
        {"kind": "scenario", "side": "right"},
    ]
    play(st, "keep_token")
    assert st.oppt[0] == 1
