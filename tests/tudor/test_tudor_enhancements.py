"""Ring Action Enhancements, the novice option and edition differences (T16, RULINGS 44, 49)."""

from __future__ import annotations

from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    hand,
    has,
    kinds,
    legal,
    office,
    place,
    play,
    put_token,
    sp,
    tokens,
    turn_state,
)

from courtly.games.tudor.codes import (
    M_ASSIGN,
    M_TURN,
)
from courtly.games.tudor.data import FACTION_INDEX
from courtly.games.tudor.state import TudorState


def with_rings(st: TudorState, *fingers: str) -> None:
    colours = ["red", "blue", "green", "yellow", "brown"]
    for finger, colour in zip(fingers, colours, strict=False):
        give_ring(st, 0, finger, colour)


def test_t16_enhancement_needs_both_fingers() -> None:
    st = turn_state(3)
    with_rings(st, "thumb")
    assert not st.enhanced(0, 0)
    give_ring(st, 0, "index", "purple")
    assert st.enhanced(0, 0) and not st.enhanced(0, 2)
    # The rulebook's example: Rings on thumb, middle and little finger enhance D and F.
    st2 = turn_state(3)
    with_rings(st2, "thumb", "middle", "little")
    assert [x for x in range(6) if st2.enhanced(0, x)] == [3, 5]


def test_t16_a_any_token() -> None:
    st = turn_state(3)
    with_rings(st, "thumb", "index")  # red, blue
    place(st, 0, "3-3")
    for label in ("3-4", "3-2", "2-3", "4-3"):
        put_token(st, label, "purple")
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "select", space="3-3")
    assert {a["space"] for a in legal(st)} == {"3-4", "3-2", "2-3", "4-3"}


def test_t16_b_two_exchanges_card_of_either_new_ring() -> None:
    """The card may match the Ring taken first even though it was returned in the second."""
    st = turn_state(3)
    give_ring(st, 0, "ring", "red")
    give_ring(st, 0, "little", "blue")
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="B")
    play(st, "hand_ring", finger="ring", ring="red")
    play(st, "stand_ring", ring="green")
    assert has(st, "decline") and has(st, "hand_ring", finger="ring", ring="green")
    play(st, "hand_ring", finger="ring", ring="green")
    play(st, "stand_ring", ring="yellow")
    assert {a["card"] for a in legal(st)} == {"green", "yellow"}
    play(st, "take", card="green")
    assert hand(st, 0) == {"green": 1} and st.mode == M_TURN
    assert st.rings[0] == [3 * 8 + FACTION_INDEX["yellow"], 4 * 8 + FACTION_INDEX["blue"]]


def test_t16_c_three_spaces_any_direction_never_reentering() -> None:
    st = turn_state(3)
    clear_markers(st)
    with_rings(st, "index", "middle")
    place(st, 0, "3-3")
    for label in ("3-4", "3-5", "2-3", "2-4", "2-5", "4-3", "3-2", "2-2", "4-4"):
        put_token(st, label, "red")
    give_cards(st, 0, red=3)
    st.lords[0] = 1
    play(st, "activate_lord")
    play(st, "action", letter="C")
    play(st, "select", space="3-3")
    play(st, "to", space="2-3")
    assert "3-3" not in {a.get("space") for a in legal(st)}
    play(st, "to", space="2-4")
    play(st, "to", space="3-4")
    assert st.occ[sp(st, "3-4")] == 0 and tokens(st, 0) == {"red": 3}
    assert st.mode == M_TURN


def test_t16_d_both_cards_from_one_ring() -> None:
    st = turn_state(3)
    with_rings(st, "thumb", "middle")
    st.lords[0] = 1
    play(st, "activate_lord")
    play(st, "action", letter="D")
    play(st, "take", card="red")
    assert {a["card"] for a in legal(st)} == {"red", "blue"}


def test_t16_e_refund_after_three_spaces() -> None:
    st = turn_state(3)
    clear_markers(st)
    with_rings(st, "middle", "ring")
    place(st, 0, "3-1")
    for row, colour in ((2, "red"), (3, "grey"), (4, "blue")):
        put_token(st, f"3-{row}", colour)
    give_cards(st, 0, red=1, grey=1, blue=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    for _ in range(3):
        play(st, "advance")
    assert {a["card"] for a in legal(st)} == {"red", "grey", "blue"}
    play(st, "take", card="grey")
    assert hand(st, 0) == {"grey": 1}


def test_t16_f_take_two_return_one() -> None:
    st = turn_state(3)
    with_rings(st, "thumb", "little")
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="F")
    play(st, "take", card="red")
    play(st, "take", card="blue")
    assert kinds(st) == {"give"}
    play(st, "give", card="red")
    assert hand(st, 0) == {"blue": 1} and st.supply[FACTION_INDEX["red"]] == 10


def test_novice_ignores_enhancements_in_round_one_then_rearrange() -> None:
    st = turn_state(3, novice=True)
    with_rings(st, "thumb", "index")
    assert not st.enhanced(0, 0)
    st.round = 2
    assert st.enhanced(0, 0)
    st.round = 1
    st.fig = 3
    st.acted = [[1] * len(r) for r in st.acted]
    for _ in range(3):
        play(st, "end_turn")
    # Seats 1 (the new start player) and 2 have no Rings to move: seat 0 is asked.
    assert st.round == 2 and st.cur == 0 and kinds(st) == {"keep_rings", "rearrange"}
    play(st, "rearrange")
    play(st, "finger", finger="middle")
    play(st, "finger", finger="ring")
    assert st.enhanced(0, 4) and not st.enhanced(0, 0)
    assert st.mode == M_ASSIGN and st.cur == 1


def test_v15_office_top_space_refilled_and_banish_refill() -> None:
    st = turn_state(3, edition="v15", scenario=5)
    clear_markers(st)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    assert st.office[0] == 0 and st.tok[sp(st, "1-5")] >= 0


def test_v15_more_than_five_rings_needs_four_offices() -> None:
    from courtly.games.tudor.rules.offices import may_wear_another

    st = turn_state(4, edition="v15")
    with_rings(st, "thumb", "index", "middle", "ring", "little")
    assert not may_wear_another(st, 0)
    for col in (2, 3, 4, 5):
        office(st, 0, col)
    assert may_wear_another(st, 0)
    en = turn_state(4)
    with_rings(en, "thumb", "index", "middle", "ring", "little")
    assert may_wear_another(en, 0)


def test_v15_strong_actions_once_per_turn_and_jump_takes_tokens() -> None:
    st = turn_state(3, edition="v15", scenario=5)
    place(st, 1, "3-2")
    place(st, 2, "4-2")
    st.intr[0] = 4
    st.removed_marks[2] = 0
    taken = [s for s in range(st.board.size) if st.mark[s] == 2][:4]
    for s in taken:
        st.mark[s] = 0
    play(st, "scenario", side="right")
    play(st, "select", space="3-2")
    assert st.tok[sp(st, "3-2")] >= 0  # v15 refills a banished Courtier's space
    assert not has(st, "scenario", side="right")
    st2 = turn_state(3, edition="v15", scenario=3)
    place(st2, 0, "3-3")
    place(st2, 1, "3-4")
    put_token(st2, "3-5", "red")
    for s in [s for s in range(st2.board.size) if st2.mark[s] == 2][:2]:
        st2.mark[s] = 0
        st2.intr[0] += 1
    play(st2, "scenario", side="right")
    play(st2, "select", space="3-3")
    play(st2, "to", space="3-5")
    assert tokens(st2, 0) == {"red": 1}


def test_novice_seats_only_those_players_ignore_enhancements() -> None:
    """T16 note: "New players may ignore the Ring Action Enhancements in the first Round"
    (RULINGS 44): the option may name the new players' seats."""
    st = turn_state(3, novice="2")
    for p in (0, 1):
        give_ring(st, p, "thumb", "red")
        give_ring(st, p, "index", "blue")
    assert st.enhanced(0, 0) and not st.enhanced(1, 0)
    st.fig = 3
    st.acted = [[1] * len(r) for r in st.acted]
    for _ in range(3):
        play(st, "end_turn")
    # Only the new player (seat 2, index 1) is asked to rearrange at the start of Round 2.
    assert st.round == 2 and st.cur == 1 and kinds(st) == {"keep_rings", "rearrange"}
    play(st, "keep_rings")
    assert st.mode == M_ASSIGN and st.enhanced(1, 0)


def test_novice_option_values_checked() -> None:
    import pytest

    from courtly.core.errors import OptionError
    from courtly.games.tudor import GAME as game

    assert game.resolve_options({"novice": "3,1"})["novice"] == "1,3"
    assert game.resolve_options({"novice": "true"})["novice"] == "all"
    with pytest.raises(OptionError):
        game.resolve_options({"novice": "first"})
    with pytest.raises(OptionError):
        game.new_game(3, seed=1, options={"novice": "4"})
