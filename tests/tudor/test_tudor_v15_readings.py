"""Issue 44: every place where the Korean rules v15 read differently from the English rulebook,
each played under ``edition=v15`` as its RULINGS row decides (the row is cited in each test).

Where v15 plays as the English text does, the test pins the v15 behaviour the row explains.
"""

from __future__ import annotations

from typing import Any

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
    seat_chair,
    sp,
    tokens,
    turn_state,
)

from courtly.games.tudor import scoring
from courtly.games.tudor.codes import M_ASSIGN, M_LORD, M_TURN
from courtly.games.tudor.data import FACTION_INDEX, FACTIONS, FINGERS, FOCUSED
from courtly.games.tudor.state import TudorState


def column(st: TudorState, col: int, *factions: str | None) -> None:
    for row, f in enumerate(factions, start=1):
        put_token(st, f"{col}-{row}", f)


def phase_state(mode: int, n: int = 3, /, **options: Any) -> TudorState:
    """Round 1 at the start of Phase 1 (``M_ASSIGN``, one Courtier each to place) or Phase 3
    (``M_LORD``), seat 0 first; no Rings, no cards."""
    st = turn_state(n, **options)
    st.mode = mode
    st.to_place = [1] * n if mode == M_ASSIGN else [0] * n
    st.check_invariants()
    return st


def ring_list(st: TudorState, p: int) -> list[tuple[str, str]]:
    return [(FINGERS[c >> 3], FACTIONS[c & 7]) for c in st.rings[p]]


# --- 1. Lord placement: "각 플레이어는 이제 ... 영주를 배치합니다" (RULINGS 9) -----------


@pytest.mark.parametrize(
    ("options", "optional"),
    [
        ({"edition": "v15"}, False),  # the v15 text, its default (RULINGS 9)
        ({"edition": "v15", "lord_placement": "may"}, True),
        ({"edition": "en", "lord_placement": "must"}, False),
        ({"edition": "en"}, True),
    ],
)
def test_v15_lord_placement_must_leaves_no_lord_out(
    options: dict[str, str], optional: bool
) -> None:
    """v15: "플레이 순서에 따라, 각 플레이어는 이제 ... 영주 의자 중 하나에 영주를 배치합니다",
    with no "할 수 있습니다" (may): under ``edition=v15`` every player places their Lord and
    ``no_lord`` is not offered; ``lord_placement`` lets either edition play either way. Games
    saved under v15 before the option read ``may`` and still replay (RULINGS 9)."""
    st = phase_state(M_LORD, **options)
    assert has(st, "no_lord") == optional
    assert {a["chamber"] for a in legal(st) if a["kind"] == "lord"} == {"I", "II", "III"}
    play(st, "lord", chamber="I")
    play(st, "lord", chamber="I")
    # Chamber I is full: the last player still has two chambers, and must use one.
    assert {a["chamber"] for a in legal(st) if a["kind"] == "lord"} == {"II", "III"}
    assert has(st, "no_lord") == optional
    play(st, "lord", chamber="III")
    assert st.lords == [0, 0, 2] and st.mode == M_TURN


# --- 2. G moving up pays a card (RULINGS 19) -------------------------------------------------


def test_v15_g_moving_up_pays_a_matching_card() -> None:
    """v15 G names the card only for placing ("... 파벌 카드를 버림으로써 ... 배치할 수
    있습니다"), but its Special Cases list G among the paying actions ("파벌 토큰들이 없는 칸들은
    액션 C / E / G를 통해 아무 파벌 카드를 사용하여 이동할 수 있습니다"): moving up costs a card
    matching the space, as in en (RULINGS 19)."""
    st = turn_state(3, edition="v15")
    clear_markers(st)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "purple")
    place(st, 0, "3-1")
    put_token(st, "3-2", "blue")
    give_cards(st, 0, yellow=1)
    st.lords[0] = 0
    play(st, "activate_lord")
    assert not has(st, "action", letter="G")  # a yellow card pays for neither space
    give_cards(st, 0, blue=1)
    play(st, "action", letter="G")
    play(st, "select", space="3-1")
    play(st, "to", space="3-2")
    assert hand(st, 0) == {"yellow": 1} and tokens(st, 0) == {"blue": 1}


# --- 3. Bonus and Scenario actions "어느 단계이든지" (RULINGS 52) --------------------------------


@pytest.mark.parametrize(
    ("options", "offered"),
    [
        ({"edition": "v15"}, True),
        ({"edition": "v15", "bonus_turns": "actions"}, False),
        ({"edition": "en"}, False),
        ({"edition": "en", "bonus_turns": "all"}, True),
    ],
)
def test_v15_bonus_actions_in_a_phase_1_turn(options: dict[str, str], offered: bool) -> None:
    """v15: "보너스 액션들은 어느 단계이든지 자신의 턴 진행 중 아무 때나 사용할 수 있습니다"
    (in any phase, any time during your turn), and its summary calls a Phase 1 placement
    "자신의 턴" (RULINGS 52). Exchange 2 for 1 in a placement turn: the placement follows, by
    the same player."""
    st = phase_state(M_ASSIGN, **options)
    give_cards(st, 0, red=1, blue=1)
    assert has(st, "give", card="red") == offered
    assert has(st, "bench", chamber="I")
    if not offered:
        return
    play(st, "give", card="red")
    play(st, "give", card="blue")
    play(st, "take", card="green")
    assert hand(st, 0) == {"green": 1}
    assert st.mode == M_ASSIGN and st.cur == 0 and st.to_place == [1, 1, 1]
    play(st, "bench", chamber="II")
    assert st.bench[1] == [0] and st.cur == 1 and st.mode == M_ASSIGN


def test_v15_move_courtier_and_scenario_action_in_a_phase_1_turn() -> None:
    """RULINGS 52: the Move Courtier bonus (once per Round) and a Scenario Card action
    (Climbing The Ranks left: "자신의 턴 진행 중 언제든지") in a Phase 1 turn; the bonus counts
    for the Round, so Phase 4 does not offer it again."""
    st = phase_state(M_ASSIGN, edition="v15", scenario=3)
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    give_cards(st, 0, blue=1)
    st.ctok[0][FACTION_INDEX["grey"]] += 2
    st.bag.remove(FACTION_INDEX["grey"])
    st.bag.remove(FACTION_INDEX["grey"])
    markers_to(st, 0, influence=2)
    play(st, "bonus_move")
    play(st, "spend", token="grey")
    play(st, "spend", token="grey")
    play(st, "select", space="3-1")
    play(st, "to", space="3-2")
    assert st.occ[sp(st, "3-2")] == 0 and tokens(st, 0) == {"red": 1}
    assert st.mode == M_ASSIGN and st.cur == 0 and not has(st, "bonus_move")
    play(st, "scenario", side="left")
    play(st, "take", card="purple")
    assert hand(st, 0) == {"blue": 1, "purple": 1} and st.infl[0] == 0
    assert st.mode == M_ASSIGN and st.cur == 0
    play(st, "bench", chamber="III")
    assert st.bench[2] == [0] and st.cur == 1


def test_v15_strong_once_per_turn_counts_a_phase_1_turn() -> None:
    """v15 Only The Strong: "자신의 턴에 언제든지 단 한 번만" (RULINGS 49, 52): once in a Phase 1
    turn, and again in the player's next turn."""
    st = phase_state(M_ASSIGN, edition="v15", scenario=5)
    clear_markers(st)
    place(st, 0, "3-1")
    place(st, 1, "4-3")
    st.to_place = [2, 1, 1]
    markers_to(st, 0, intrigue=4)
    play(st, "scenario", side="right")
    play(st, "select", space="4-3")
    assert st.occ[sp(st, "4-3")] == -1 and st.intr[0] == 2
    place(st, 1, "4-3")
    assert st.mode == M_ASSIGN and not has(st, "scenario", side="right")
    play(st, "bench", chamber="I")
    play(st, "bench", chamber="I")
    play(st, "bench", chamber="I")
    assert st.cur == 0 and has(st, "scenario", side="right")


# --- 4. Refill order when the bag runs low (RULINGS 15, 50) --------------------------------


def test_v15_refill_with_a_low_bag_goes_top_to_bottom() -> None:
    """v15 refills "신하가 이동하여 하나의 칸을 떠날 때마다" (each time a space is left), but its
    Special Cases, for a bag running low after a movement: "위에서 아래로, 좌측에서 우측으로
    남아있는 토큰들로 칸들을 채웁니다". The special case wins: the last token goes to the highest
    space left, not the first one left (RULINGS 15, 50)."""
    st = turn_state(3, edition="v15")
    clear_markers(st)
    column(st, 3, "red", "red", "red", "red")
    place(st, 0, "3-1")
    give_cards(st, 0, red=3)
    while len(st.bag) > 1:
        st.removed_tok[st.bag.pop()] += 1
    last = st.bag[0]
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    for _ in range(3):
        play(st, "advance")
    assert st.occ[sp(st, "3-4")] == 0
    assert st.tok[sp(st, "3-3")] == last
    assert st.tok[sp(st, "3-2")] == -1 and st.tok[sp(st, "3-1")] == -1


# --- 5. Placement onto an empty bottom space (RULINGS 39, 51) ------------------------------


def test_v15_placements_go_on_an_empty_bottom_space() -> None:
    """v15's general clause: a new Courtier goes "알현실의 최하단 행에 있는 비어있는 칸에"
    (RULINGS 51). A, G and Enhanced A (v15 drops "onto any Throne Room space": RULINGS 39) place
    only on an open bottom space; only C and E, whose own texts let a card skip the occupied
    first space, pass it."""
    st = turn_state(3, edition="v15")
    clear_markers(st)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "red")
    place(st, 1, "1-1")
    give_ring(st, 0, "thumb", "red")
    give_ring(st, 0, "index", "blue")  # thumb + index: A is enhanced
    give_cards(st, 0, red=1)
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="A")
    play(st, "new_courtier")
    spaces = {a["space"] for a in legal(st)}
    assert spaces == {"2-1", "3-1", "4-1", "5-1", "6-1"}
    play(st, "to", space="2-1")
    assert st.occ[sp(st, "2-1")] == 0
    st2 = turn_state(3, edition="v15")
    for c in range(1, 7):
        put_token(st2, f"{c}-1", "red")
    place(st2, 1, "1-1")
    give_cards(st2, 0, red=1)
    st2.lords[0] = 0
    play(st2, "activate_lord")
    play(st2, "action", letter="G")
    play(st2, "new_courtier")
    assert {a["space"] for a in legal(st2)} == {"2-1", "3-1", "4-1", "5-1", "6-1"}


def test_v15_long_movement_placement_passes_an_occupied_run() -> None:
    """v15 E: "여러 신하들이 이미 어떤 칸들에 배치되어있더라도, 건너갈 수 있는 파벌 카드를 갖고
    있다면 ... 건너갈 수 있습니다" (RULINGS 17, 51): a new Courtier passes the occupied bottom
    space and the occupied space above it, one card of any colour each."""
    st = turn_state(3, edition="v15")
    clear_markers(st)
    column(st, 2, "red", "blue", "green")
    for c in (1, 3, 4, 5, 6):
        put_token(st, f"{c}-1", "yellow")
    place(st, 1, "2-1")
    place(st, 2, "2-2")
    give_cards(st, 0, purple=2, green=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "new_courtier")
    assert has(st, "to", space="2-3") and not has(st, "to", space="2-1")
    play(st, "to", space="2-3")
    while kinds(st) == {"pay"}:
        colour = next(a["card"] for a in legal(st))
        play(st, "pay", card=colour)
    assert st.occ[sp(st, "2-3")] == 0 and hand(st, 0) == {}
    assert tokens(st, 0) == {"green": 1}


# --- 6. Persistent Courtiers: "비어있는 회의실 배정 벤치" is an open bench (RULINGS 30) ---


def test_v15_persistent_left_onto_an_open_not_only_an_empty_bench() -> None:
    """v15 left action: "... 즉시 비어있는 회의실 배정 벤치에 배치합니다". The translation says
    "비어있는" for the English "open" throughout (open chairs "비어있는 의자", an open bottom space
    "비어있는 칸"), so a bench that already holds a Courtier but has room may take it; a full one
    may not (RULINGS 30)."""
    st = turn_state(3, edition="v15", scenario=1)
    for _ in range(3):
        seat_chair(st, 0, 0)
    st.lords[0] = 0
    markers_to(st, 0, influence=6)
    for chair in (1, 2):
        play(st, "scenario", side="left")
        play(st, "chair", chamber="I", chair=chair)
        assert has(st, "bench", chamber="III")
        play(st, "bench", chamber="III")
    assert st.bench[2] == [0, 0]
    st.bench[2].append(1)  # now full (3 in a 3-player game)
    st.csup[1] -= 1
    play(st, "scenario", side="left")
    play(st, "chair", chamber="I", chair=3)
    assert not has(st, "bench", chamber="III") and has(st, "bench", chamber="I")


# --- 7. The top space left for an Office is refilled (RULINGS 16) --------------------------


def test_v15_top_space_left_for_an_office_is_refilled() -> None:
    """v15's token example leaves the top space unrestocked "신하가 배치되어 있기에", but its Office
    clause moves the Courtier onto the Office ("관직 이름이 적힌 배너 위의 칸으로 이동") and refills
    the top space ("비워진 최상단 칸은 새로운 파벌 토큰으로 다시 채웁니다"; the Office example
    refills "세로열 3개의 모든 칸"). The Office clause wins (RULINGS 16)."""
    st = turn_state(4, edition="v15")
    clear_markers(st)
    column(st, 3, "green", "green", "purple", "red", "grey", "brown", "blue")
    put_marker(st, "3-7", 1)
    place(st, 0, "3-3")
    give_cards(st, 0, red=1, grey=1, brown=1, blue=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-3")
    for _ in range(4):
        play(st, "advance")
    assert tokens(st, 0) == {"red": 1, "grey": 1, "brown": 1, "blue": 1} and st.infl[0] == 1
    assert st.office[2] == 0 and st.occ[sp(st, "3-7")] == -1
    assert all(st.tok[sp(st, f"3-{r}")] >= 0 for r in (3, 4, 5, 6, 7))


# --- 8. Smaller points (RULINGS 26, 54, 60, 61) ---------------------------------------------


@pytest.mark.parametrize(("held", "points"), [(6, 21), (7, 28), (8, 29), (14, 56), (15, 57)])
def test_v15_focused_seven_or_more_scores_the_extra_as_a_new_set(held: int, points: int) -> None:
    """v15 Politically Focused: "동일한 유형의 진영 토큰을 7개 이상 보유하고 있다면 별도의 세트로
    추가 점수를 얻습니다. 예시: 8개의 토큰은 28 + 1 = 29점" ("7 or more" where en says "more than
    7"): with exactly 7 there is no extra, so both read alike (RULINGS 60)."""
    st = turn_state(2, edition="v15", scoring="1,4")
    st.ctok[0] = [held, 0, 0, 0, 0, 0, 0]
    assert scoring.card_end_points(st, 0, FOCUSED) == points


def test_v15_a_ring_from_an_office_enhances_the_lords_next_action() -> None:
    """v15's Office rule drops "The player may immediately use any new powers granted by the
    placement of their new Ring"; its enhancement rule ("반지가 각 액션의 강조된 손가락에 위치하면,
    회의실의 액션은 ... 향상됩니다") enhances any action taken while the Rings are so placed: a Lord
    whose E takes an Office and a Ring for the little finger takes an enhanced F (thumb and
    little: two cards, return one) in the same activation (RULINGS 61)."""
    st = turn_state(4, edition="v15")
    clear_markers(st)
    give_ring(st, 0, "thumb", "green")
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    assert st.office[0] == 0
    play(st, "stand_ring", ring="purple")
    play(st, "finger", finger="little")
    assert ring_list(st, 0) == [("thumb", "green"), ("little", "purple")]
    play(st, "action", letter="F")
    play(st, "take", card="blue")
    play(st, "take", card="yellow")
    assert kinds(st) == {"give"}  # the enhanced F's return
    play(st, "give", card="blue")
    assert hand(st, 0) == {"yellow": 1} and st.mode == M_TURN


def test_v15_rings_stay_when_an_office_holder_falls_below_four_offices() -> None:
    """v15 limits wearing more than five Rings to a holder of four or more Offices ("4개 이상의
    관직을 갖고 있다면 ... 5개를 초과하여 반지를 낄 수 있습니다") and says nothing of a holder who
    falls below four: the Rings stay (RULINGS 54); the new holder takes one of them."""
    st = turn_state(4, edition="v15")
    clear_markers(st)
    for col in (1, 2, 3, 4):
        office(st, 1, col)
    fingers = ("thumb", "index", "middle", "ring", "little", "thumb", "index")
    colours = ("red", "blue", "green", "yellow", "brown", "grey", "purple")
    for finger, colour in zip(fingers, colours, strict=True):
        give_ring(st, 1, finger, colour)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    assert st.office[0] == 0 and sum(1 for h in st.office if h == 1) == 3
    play(st, "hand_ring", finger="index", ring="purple")
    play(st, "finger", finger="thumb")
    assert st.cur == 1 and kinds(st) == {"keep_rings", "rearrange"}
    play(st, "keep_rings")
    assert len(st.rings[1]) == 6 and ("index", "purple") not in ring_list(st, 1)
    assert st.mode == M_TURN
