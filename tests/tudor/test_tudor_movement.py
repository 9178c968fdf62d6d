"""Movement rules (docs/games/tudor.md T6, T7.1, T7.3, T7.5, T7.7, T12)."""

from __future__ import annotations

import pytest
from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    hand,
    has,
    kinds,
    place,
    play,
    put_marker,
    put_token,
    sp,
    tokens,
    turn_state,
)

from courtly.core.errors import IllegalActionError
from courtly.games.tudor.codes import (
    M_TURN,
    MV_MOVED,
)
from courtly.games.tudor.state import TudorState


def lord_in(st: TudorState, ch: int, p: int = 0) -> None:
    st.lords[p] = ch


def column(st: TudorState, col: int, *factions: str | None) -> None:
    for row, f in enumerate(factions, start=1):
        put_token(st, f"{col}-{row}", f)


@pytest.mark.parametrize("restock", [True, False])
def test_t6_long_movement_example_tokens_marker_restock_and_office(restock: bool) -> None:
    """T6.2-T6.4, T8.1: the rulebook's long-movement example (red, grey, brown, blue, Influence)."""
    st = turn_state(4, restock_top_space=restock)
    clear_markers(st)
    column(st, 3, "green", "green", "purple", "red", "grey", "brown", "blue")
    put_marker(st, "3-7", 1)
    put_marker(st, "3-5", 2)  # passed over: stays on the board
    place(st, 0, "3-3")
    give_cards(st, 0, red=1, grey=1, brown=1, blue=1)
    lord_in(st, 2)
    bag_before = len(st.bag)
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-3")
    for _ in range(4):
        play(st, "advance")
    assert tokens(st, 0) == {"red": 1, "grey": 1, "brown": 1, "blue": 1}
    assert st.infl[0] == 1 and st.intr[0] == 0
    assert st.mark[sp(st, "3-5")] == 2
    assert st.office[2] == 0 and st.occ[sp(st, "3-7")] == -1
    # Spaces left behind (start 3-3, then 3-4..3-6) are restocked, and the top space the
    # Courtier left for its Office too (RULINGS 16) unless restock_top_space=false.
    assert all(st.tok[sp(st, f"3-{r}")] >= 0 for r in (3, 4, 5, 6))
    assert (st.tok[sp(st, "3-7")] >= 0) == restock
    assert len(st.bag) == bag_before - (5 if restock else 4)
    assert sum(st.hand[0]) == 0


def test_t6_markers_only_on_end_space_and_stop_early() -> None:
    """T6.3: a marker on a space moved through is not taken; stopping takes the end one."""
    st = turn_state(3)
    clear_markers(st)
    column(st, 3, "red", "red", "red", "red")
    put_marker(st, "3-2", 2)
    put_marker(st, "3-3", 1)
    place(st, 0, "3-1")
    give_cards(st, 0, red=2)
    lord_in(st, 2)
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")
    play(st, "advance")
    assert st.mode == M_TURN  # no card left for a third space: the movement ended there
    assert st.infl[0] == 1 and st.intr[0] == 0
    assert st.mark[sp(st, "3-2")] == 2


def test_t6_restock_order_when_bag_runs_dry() -> None:
    """T6.4, T12.2: refill top to bottom; with too few tokens the lowest spaces stay empty."""
    st = turn_state(3)
    clear_markers(st)
    column(st, 3, "red", "red", "red", "red")
    place(st, 0, "3-1")
    give_cards(st, 0, red=3)
    keep = st.bag.pop()
    st.removed_tok[keep] += 1
    while len(st.bag) > 1:
        st.removed_tok[st.bag.pop()] += 1
    last = st.bag[0]
    lord_in(st, 2)
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    for _ in range(3):
        play(st, "advance")  # out of cards: the movement ends by itself
    # Left behind: 3-1, 3-2, 3-3. One token: it goes to the highest (3-3).
    assert st.tok[sp(st, "3-3")] == last
    assert st.tok[sp(st, "3-2")] == -1 and st.tok[sp(st, "3-1")] == -1


def test_t6_5_never_end_on_occupied_but_skip_with_any_card() -> None:
    """T6.5, T7.5: pass an occupied space by discarding any card, landing on an open one."""
    st = turn_state(3)
    clear_markers(st)
    column(st, 3, "red", "blue", "green", "yellow")
    place(st, 0, "3-1")
    place(st, 1, "3-2")
    give_cards(st, 0, purple=1, green=1)
    lord_in(st, 2)
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    assert not has(st, "advance")
    assert has(st, "skip", card="purple")
    # Green can't both pay the skip and the landing space: only purple may pay the skip.
    assert not has(st, "skip", card="green")
    play(st, "skip", card="purple")
    assert st.occ[sp(st, "3-3")] == 0 and st.occ[sp(st, "3-2")] == 1
    assert tokens(st, 0) == {"green": 1}
    assert st.tok[sp(st, "3-1")] >= 0  # start space restocked
    assert st.tok[sp(st, "3-2")] == -1  # the passed space is not restocked (still occupied)


def test_t6_5_two_occupied_spaces_block_and_short_move_skips_only_first() -> None:
    """T7.3: C may skip only the first space; two Courtiers in a row cannot be passed."""
    st = turn_state(3)
    clear_markers(st)
    column(st, 3, "red", "blue", "green", "yellow")
    place(st, 0, "3-1")
    place(st, 1, "3-2")
    place(st, 2, "3-3")
    for c in (1, 2, 4, 5, 6):
        put_token(st, f"{c}-1", "red")
    give_cards(st, 0, purple=3, green=1, yellow=1)
    lord_in(st, 1)
    play(st, "activate_lord")
    # C and E both have no legal first step from 3-1; no placement either (bottom rows need cards).
    assert not has(st, "action", letter="C")


def test_t7_3_short_movement_new_courtier_moves_up_one() -> None:
    """T7.3, T6.6: placing a new Courtier is the first space; C then allows one more."""
    st = turn_state(3)
    clear_markers(st)
    column(st, 2, "red", "blue", "green")
    give_cards(st, 0, red=1, blue=1, green=1)
    lord_in(st, 1)
    play(st, "activate_lord")
    play(st, "action", letter="C")
    play(st, "new_courtier")
    assert has(st, "to", space="2-1")
    play(st, "to", space="2-1")
    play(st, "advance")
    assert st.occ[sp(st, "2-2")] == 0
    assert tokens(st, 0) == {"red": 1, "blue": 1}
    assert hand(st, 0) == {"green": 1}  # C allowed only two spaces
    assert st.csup[0] == 13


def test_t7_3_short_movement_cards_must_match() -> None:
    st = turn_state(3)
    clear_markers(st)
    column(st, 2, "red", "blue", "green")
    for c in (1, 3, 4, 5, 6):
        put_token(st, f"{c}-1", "red")
    place(st, 0, "2-1")
    give_cards(st, 0, green=1)
    lord_in(st, 1)
    play(st, "activate_lord")
    assert not has(st, "action", letter="C")  # no blue card for 2-2, and no new placement


def test_t7_1_privilege_movement_matches_rings_any_direction() -> None:
    """T7.1: A moves 1 space in any direction onto a token matching one of your Rings."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-3")
    put_token(st, "3-4", "red")
    put_token(st, "3-2", "grey")
    put_token(st, "2-3", "blue")
    put_token(st, "4-3", "red")
    give_ring(st, 0, "thumb", "red")
    give_ring(st, 0, "ring", "grey")
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "select", space="3-3")
    dests = {a["space"] for a in (x for x in [a.to_json() for a in st.legal_actions()])}
    assert dests == {"3-4", "3-2", "4-3"}
    play(st, "to", space="3-2")
    assert tokens(st, 0) == {"grey": 1}


def test_t6_1_no_diagonal_moves() -> None:
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-3")
    for label in ("3-4", "3-2", "2-3", "4-3", "2-4", "4-4", "2-2", "4-2"):
        put_token(st, label, "red")
    give_ring(st, 0, "thumb", "red")
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "select", space="3-3")
    assert {a.to_json()["space"] for a in st.legal_actions()} == {"3-4", "3-2", "2-3", "4-3"}


def test_t7_1_placement_needs_a_matching_ring() -> None:
    st = turn_state(3)
    clear_markers(st)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "purple")
    put_token(st, "4-1", "red")
    give_ring(st, 0, "thumb", "red")
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "new_courtier")
    assert [a.to_json()["space"] for a in st.legal_actions()] == ["4-1"]


def test_t7_7_one_space_court_movement_costs_a_matching_card() -> None:
    """T7.7: G moves up one space (or places on the bottom row) by discarding a matching card."""
    st = turn_state(3)
    clear_markers(st)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "purple")
    place(st, 0, "3-1")
    put_token(st, "3-2", "blue")
    give_cards(st, 0, blue=1)
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="G")
    assert [a.to_json() for a in st.legal_actions()] == [{"kind": "select", "space": "3-1"}]
    play(st, "select", space="3-1")
    play(st, "to", space="3-2")
    assert st.hand[0] == [0] * 7 and tokens(st, 0) == {"blue": 1}


def test_t12_3_space_without_token_takes_any_card_or_any_ring() -> None:
    """T12.3: an empty space is entered with ANY card (C/E/G) or ANY Ring (A); no token gained."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", None)
    give_cards(st, 0, purple=1, yellow=1)
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="G")
    play(st, "select", space="3-1")
    play(st, "to", space="3-2")
    assert kinds(st) == {"pay"}
    play(st, "pay", card="yellow")
    assert hand(st, 0) == {"purple": 1} and tokens(st, 0) == {}
    st2 = turn_state(3)
    place(st2, 0, "3-1")
    put_token(st2, "3-2", None)
    for label in ("2-1", "4-1"):
        put_token(st2, label, "red")
    give_ring(st2, 0, "thumb", "blue")
    lord_in(st2, 0)
    play(st2, "activate_lord")
    play(st2, "action", letter="A")
    play(st2, "select", space="3-1")
    assert [a.to_json()["space"] for a in st2.legal_actions()] == ["3-2"]


def test_t6_6_new_courtier_only_from_supply_onto_open_bottom_space() -> None:
    st = turn_state(3)
    clear_markers(st)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "red")
    place(st, 1, "1-1")
    give_cards(st, 0, red=1)
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="G")
    play(st, "new_courtier")
    spaces = {a.to_json()["space"] for a in st.legal_actions()}
    assert spaces == {"2-1", "3-1", "4-1", "5-1", "6-1"}


def test_t12_1_no_courtier_in_supply_recall_one_from_throne_room() -> None:
    """T12.1: with an empty supply a Throne Room Courtier (not an Office holder) may be removed."""
    st = turn_state(2)
    clear_markers(st)
    for c in range(1, 5):
        put_token(st, f"{c}-1", "red")
    st.csup[0] = 0
    st.occ[sp(st, "3-5")] = 0
    st.office[0] = 0
    for label in (
        "1-2",
        "1-3",
        "1-4",
        "1-5",
        "2-2",
        "2-3",
        "2-4",
        "2-5",
        "4-2",
        "4-3",
        "4-4",
        "4-5",
    ):
        st.occ[sp(st, label)] = 0
    put_token(st, "3-5", None)
    give_cards(st, 0, red=1)
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="G")
    assert has(st, "recall", space="3-5")
    play(st, "recall", space="3-5")
    assert st.occ[sp(st, "3-5")] == -1 and st.tok[sp(st, "3-5")] >= 0  # a new token is placed
    play(st, "new_courtier")
    play(st, "to", space="2-1")
    assert st.occ[sp(st, "2-1")] == 0 and st.csup[0] == 0


def test_t6_illegal_destination_refused() -> None:
    st = turn_state(3)
    place(st, 0, "3-3")
    put_token(st, "3-4", "red")
    give_ring(st, 0, "thumb", "red")
    lord_in(st, 0)
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "select", space="3-3")
    with pytest.raises(IllegalActionError):
        play(st, "to", space="3-5")


def test_v15_long_movement_passes_several_occupied_spaces() -> None:
    """v15 E: "여러 신하들이 이미 어떤 칸들에 배치되어있더라도 ... 건너갈 수 있습니다" (RULINGS 17).

    Two Courtiers in a row are passed for one card of any colour each; both count toward the
    seven spaces, and the landing space still needs its matching card."""
    for edition in ("en", "v15"):
        st = turn_state(3, edition=edition)
        clear_markers(st)
        column(st, 3, "red", "blue", "green", "yellow")
        for c in (1, 2, 4, 5, 6):
            put_token(st, f"{c}-1", "red")
        place(st, 0, "3-1")
        place(st, 1, "3-2")
        place(st, 2, "3-3")
        give_cards(st, 0, purple=2, yellow=1)
        lord_in(st, 2)
        play(st, "activate_lord")
        if edition == "en":
            assert not has(st, "action", letter="E")
            continue
        play(st, "action", letter="E")
        play(st, "select", space="3-1")
        # Yellow must stay for the landing space: only purple may pay the first passed space.
        assert has(st, "skip", card="purple") and not has(st, "skip", card="yellow")
        play(st, "skip", card="purple")
        assert st.occ[sp(st, "3-4")] == 0 and tokens(st, 0) == {"yellow": 1}
        assert kinds(st) == {"pay"}  # the second passed space's card
        play(st, "pay", card="purple")
        assert (
            hand(st, 0) == {} and st.movement[MV_MOVED] == 3
        )  # moved 3 spaces: two passed, one entered


def test_v15_long_movement_needs_a_card_per_passed_space() -> None:
    st = turn_state(3, edition="v15")
    clear_markers(st)
    column(st, 3, "red", "blue", "green", "yellow")
    for c in (1, 2, 4, 5, 6):
        put_token(st, f"{c}-1", "red")
    place(st, 0, "3-1")
    place(st, 1, "3-2")
    place(st, 2, "3-3")
    give_cards(st, 0, purple=1, yellow=1)  # one card short of passing two spaces
    lord_in(st, 2)
    play(st, "activate_lord")
    assert not has(st, "action", letter="E")


def test_v15_short_movement_passes_an_occupied_bottom_space_when_placing() -> None:
    """v15 C: "첫 번째 이동으로 배치해야 할 칸에 이미 다른 신하가 배치되어 있다면, 아무 파벌
    카드나 버리고 해당 칸을 건너뛸 수 있습니다" (RULINGS 51); the English text does not allow it."""
    for edition in ("en", "v15"):
        st = turn_state(3, edition=edition)
        clear_markers(st)
        column(st, 2, "red", "blue", "green")
        for c in (1, 3, 4, 5, 6):
            put_token(st, f"{c}-1", "yellow")
        place(st, 1, "2-1")
        give_cards(st, 0, purple=1, blue=1)
        lord_in(st, 1)
        play(st, "activate_lord")
        if edition == "en":
            assert not has(st, "action", letter="C")
            continue
        play(st, "action", letter="C")
        play(st, "new_courtier")
        assert has(st, "to", space="2-2") and not has(st, "to", space="2-1")
        play(st, "to", space="2-2")
        assert kinds(st) == {"pay"}
        play(st, "pay", card="purple")
        assert st.occ[sp(st, "2-2")] == 0 and st.occ[sp(st, "2-1")] == 1
        assert tokens(st, 0) == {"blue": 1} and hand(st, 0) == {}
        assert st.csup[0] == 13 and st.mode == M_TURN  # C's two spaces are used up
