"""Card clauses, enhancements and edition differences checked through whole actions.

Each test builds an exact position, acts through ``play`` and asserts the outcome; the docstring
quotes the rulebook clause (en: ``tudor-rules-en.txt``, v15: ``tudor-rules-ko-v15.txt``) or the
RULINGS.md entry it checks.
"""

from __future__ import annotations

import pytest
from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    give_tokens,
    hand,
    has,
    kinds,
    legal,
    markers_to,
    new,
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

from courtly.games.tudor.codes import (
    M_TURN,
    MV_MOVED,
)
from courtly.games.tudor.data import FACTION_INDEX, FACTIONS, FINGERS
from courtly.games.tudor.state import TudorState

FIVE = (
    ("thumb", "red"),
    ("index", "blue"),
    ("middle", "green"),
    ("ring", "yellow"),
    ("little", "brown"),
)


def ring_list(st: TudorState, p: int) -> list[tuple[str, str]]:
    return [(FINGERS[c >> 3], FACTIONS[c & 7]) for c in st.rings[p]]


def opportunity_to(st: TudorState, p: int, k: int) -> None:
    for s in [s for s in range(st.board.size) if st.mark[s] == 3][:k]:
        st.mark[s] = 0
        st.oppt[p] += 1


def bottom_row(st: TudorState, faction: str) -> None:
    for c in range(1, st.board.columns + 1):
        put_token(st, f"{c}-1", faction)


def one_step_pickup(st: TudorState, marker: int) -> None:
    """Seat 0's Lord (Chamber III) moves its Courtier 3-1 -> 3-2 with E, picking up ``marker``."""
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


def enter_office_one(st: TudorState) -> None:
    """Seat 0's Lord (Chamber III) moves its Courtier 1-4 -> 1-5, the top of column 1, with E."""
    clear_markers(st)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")


# --- 1. v15: more than five Rings only with four or more Offices -------------------------------


@pytest.mark.parametrize(
    ("edition", "held", "ring"),
    [("v15", 0, False), ("v15", 2, False), ("v15", 3, True), ("en", 0, True)],
)
def test_v15_five_rings_empty_office_gives_a_ring_only_with_four_offices(
    edition: str, held: int, ring: bool
) -> None:
    """v15: "플레이어가 4개 이상의 관직을 갖고 있다면, ... 5개를 초과하여 반지를 낄 수 있습니다"
    (RULINGS 26): with five Rings and, counting the new one, fewer than four Offices no Ring is
    taken from the Stand; the fourth Office brings a sixth Ring; en always gives one."""
    st = turn_state(4, edition=edition)
    for finger, colour in FIVE:
        give_ring(st, 0, finger, colour)
    for col in range(2, 2 + held):
        office(st, 0, col)
    stand = st.stand[:]
    enter_office_one(st)
    assert st.office[0] == 0 and st.prestige[0] == 4  # the Office and Quest are still taken
    if not ring:
        assert st.mode == M_TURN and st.cur == 0
        assert ring_list(st, 0) == list(FIVE) and st.stand == stand
        return
    assert kinds(st) == {"stand_ring"}
    play(st, "stand_ring", ring="purple")
    # A sixth Ring may share any finger (all five are occupied), or all may be rearranged.
    assert kinds(st) == {"finger", "rearrange"} and len(legal(st)) == 6
    play(st, "finger", finger="thumb")
    assert len(st.rings[0]) == 6 and ("thumb", "purple") in ring_list(st, 0)
    assert st.mode == M_TURN


@pytest.mark.parametrize(
    ("edition", "held", "ring"),
    [("v15", 0, False), ("v15", 2, False), ("v15", 3, True), ("en", 0, True)],
)
def test_v15_five_rings_disgrace_takes_a_ring_only_with_four_offices(
    edition: str, held: int, ring: bool
) -> None:
    """v15 (RULINGS 26): disgracing a holder normally takes one of its Rings ("쫓겨난 플레이어의
    손 가림막에서 원하는 반지를 제거하고"); a player already wearing five Rings with fewer than
    four Offices takes none, and the disgraced player keeps its Rings."""
    st = turn_state(4, edition=edition)
    for finger, colour in FIVE:
        give_ring(st, 0, finger, colour)
    for col in range(2, 2 + held):
        office(st, 0, col)
    office(st, 1, 1)
    give_ring(st, 1, "thumb", "grey")
    give_ring(st, 1, "index", "purple")
    supply = st.csup[1]
    enter_office_one(st)
    assert st.office[0] == 0 and st.csup[1] == supply + 1  # disgraced either way
    assert st.prestige == [4, 0, 0, 0]
    if not ring:
        assert st.mode == M_TURN and st.cur == 0
        assert ring_list(st, 0) == list(FIVE)
        assert ring_list(st, 1) == [("thumb", "grey"), ("index", "purple")]
        return
    assert kinds(st) == {"hand_ring"} and st.cur == 0
    play(st, "hand_ring", finger="index", ring="purple")
    play(st, "finger", finger="little")
    assert len(st.rings[0]) == 6 and ("little", "purple") in ring_list(st, 0)
    assert st.cur == 1 and kinds(st) == {"keep_rings", "rearrange"}
    play(st, "keep_rings")
    assert ring_list(st, 1) == [("thumb", "grey")] and st.mode == M_TURN


# --- 2. v15: Only The Strong's left action once per turn ---------------------------------------


@pytest.mark.parametrize("edition", ["en", "v15"])
def test_v15_strong_left_action_once_per_turn(edition: str) -> None:
    """v15 left action: "자신의 턴에 언제든지 단 한 번만, 영향력 토큰 2개를 버리고" (at any time in
    your turn, only once; RULINGS 49); en: "At any time during your Turn, discard 2 Influence
    Tokens", with no limit. In v15 it is available again in the player's next turn."""
    st = turn_state(3, edition=edition, scenario=5)
    clear_markers(st)
    place(st, 0, "3-3")
    seat_chair(st, 0, 0)  # a Courtier left for seat 0's next turn
    st.lords[0] = 0
    markers_to(st, 0, influence=4)
    play(st, "scenario", side="left")
    play(st, "select", space="3-3")
    play(st, "to", space="2-3")
    play(st, "stop")
    assert st.occ[sp(st, "2-3")] == 0 and st.infl[0] == 2 and st.mode == M_TURN
    if edition == "en":
        assert has(st, "scenario", side="left")
        play(st, "scenario", side="left")
        play(st, "select", space="2-3")
        play(st, "to", space="1-3")
        play(st, "stop")
        assert st.occ[sp(st, "1-3")] == 0 and st.infl[0] == 0
        return
    assert not has(st, "scenario", side="left")
    play(st, "activate_lord")
    play(st, "done_figure")
    for seat in (0, 1, 2):
        assert st.turn_player == seat
        play(st, "end_turn")
    assert st.round == 1 and st.turn_player == 0  # seat 0's next turn, same round
    assert has(st, "scenario", side="left")


# --- 3. Enhanced A: a placement needs no matching Ring -----------------------------------------


def test_t16_a_enhanced_placement_on_any_open_bottom_space() -> None:
    """Enhanced A: "You may perform this movement (or place a new Courtier from your supply) onto
    any Throne Room space, even if you do not have a Ring that matches" (RULINGS 39: any open
    bottom space). Without the enhancement the same Rings allow no placement at all."""
    for fingers, enhanced in ((("thumb", "index"), True), (("thumb", "middle"), False)):
        st = turn_state(3)
        clear_markers(st)
        give_ring(st, 0, fingers[0], "red")
        give_ring(st, 0, fingers[1], "blue")
        bottom_row(st, "purple")
        place(st, 1, "4-1")
        st.lords[0] = 0
        play(st, "activate_lord")
        if not enhanced:
            assert not has(st, "action", letter="A")
            continue
        play(st, "action", letter="A")
        assert legal(st) == [{"kind": "new_courtier"}]
        play(st, "new_courtier")
        assert {a["space"] for a in legal(st)} == {"1-1", "2-1", "3-1", "5-1", "6-1"}
        play(st, "to", space="2-1")
        assert st.occ[sp(st, "2-1")] == 0 and st.csup[0] == 13
        assert tokens(st, 0) == {"purple": 1} and st.mode == M_TURN


# --- 4. Enhanced C: placing, then moving in any direction; passing a Courtier -------------------


def test_t16_c_enhanced_placement_then_any_direction() -> None:
    """Enhanced C: "You may move up to 3 spaces (instead of 2) and each move may be made in any
    vertical or horizontal direction"; the placement is the first space (T6.6), so two moves in
    any direction follow, each paid with a matching card, never re-entering a space."""
    st = turn_state(3)
    clear_markers(st)
    give_ring(st, 0, "index", "green")
    give_ring(st, 0, "middle", "green")
    bottom_row(st, "yellow")
    put_token(st, "3-1", "red")
    put_token(st, "4-1", "grey")
    put_token(st, "3-2", "blue")
    put_token(st, "4-2", "blue")
    give_cards(st, 0, red=1, grey=1, blue=1)
    st.lords[0] = 1
    play(st, "activate_lord")
    play(st, "action", letter="C")
    play(st, "new_courtier")
    assert {a["space"] for a in legal(st)} == {"3-1", "4-1"}  # the yellow spaces can't be paid
    play(st, "to", space="3-1")
    assert {a.get("space") for a in legal(st) if a["kind"] == "to"} == {"3-2", "4-1"}
    play(st, "to", space="4-1")  # sideways along the bottom row
    targets = {a.get("space") for a in legal(st) if a["kind"] == "to"}
    assert targets == {"4-2"}  # 3-1 (now without a token, any card would do) is not re-entered
    play(st, "to", space="4-2")
    assert st.occ[sp(st, "4-2")] == 0 and st.csup[0] == 13
    assert tokens(st, 0) == {"red": 1, "grey": 1, "blue": 1} and hand(st, 0) == {}
    assert st.tok[sp(st, "3-1")] >= 0 and st.tok[sp(st, "4-1")] >= 0  # restocked
    assert st.mode == M_TURN


def test_t16_c_enhanced_passes_a_courtier_after_the_placement() -> None:
    """RULINGS 55: an enhanced C may pass an occupied space at any of its steps for one card of
    any colour (two of its three moves); the unenhanced C skips only its first space (RULINGS 17),
    so after a placement it could not pass the Courtier above."""
    for enhanced in (True, False):
        st = turn_state(3)
        clear_markers(st)
        give_ring(st, 0, "index" if enhanced else "thumb", "green")
        give_ring(st, 0, "middle", "green")
        bottom_row(st, "yellow")
        put_token(st, "3-1", "red")
        put_token(st, "3-3", "blue")
        put_token(st, "2-2", "yellow")
        put_token(st, "4-2", "yellow")
        place(st, 1, "3-2")
        give_cards(st, 0, red=1, blue=1, purple=1)
        st.lords[0] = 1
        play(st, "activate_lord")
        play(st, "action", letter="C")
        play(st, "new_courtier")
        play(st, "to", space="3-1")
        if not enhanced:
            # Unenhanced: the next space is occupied and may not be skipped after a placement.
            assert st.mode == M_TURN and st.occ[sp(st, "3-1")] == 0
            assert hand(st, 0) == {"blue": 1, "purple": 1}
            continue
        assert {a.get("space") for a in legal(st) if a["kind"] == "to"} == {"3-3"}
        play(st, "to", space="3-3")
        assert kinds(st) == {"pay"}  # one more card, any colour, for the passed space
        play(st, "pay", card="purple")
        assert st.occ[sp(st, "3-3")] == 0 and st.occ[sp(st, "3-2")] == 1
        assert tokens(st, 0) == {"red": 1, "blue": 1} and hand(st, 0) == {}
        assert st.mode == M_TURN


# --- 5. Enhanced E: what counts toward the three spaces ----------------------------------------


def test_t16_e_placement_and_passed_space_count_toward_three() -> None:
    """Enhanced E: "if you moved at least 3 spaces you may take a Court Card from the supply
    matching one of the cards discarded for this movement" (RULINGS 42: a placement and a passed
    occupied space count). Place (1), pass a Courtier (2), land (3): the refund is offered."""
    st = turn_state(3)
    clear_markers(st)
    give_ring(st, 0, "middle", "green")
    give_ring(st, 0, "ring", "green")
    bottom_row(st, "yellow")
    put_token(st, "3-1", "red")
    put_token(st, "3-3", "grey")
    put_token(st, "3-4", "yellow")
    place(st, 1, "3-2")
    give_cards(st, 0, red=1, grey=1, purple=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "new_courtier")
    play(st, "to", space="3-1")
    assert legal(st) == [{"kind": "skip", "card": "purple"}, {"kind": "stop"}]
    play(st, "skip", card="purple")
    # No card for 3-4: the movement ends by itself after three spaces.
    assert st.occ[sp(st, "3-3")] == 0
    assert {a["card"] for a in legal(st)} == {"red", "grey", "purple"}
    play(st, "take", card="purple")
    assert hand(st, 0) == {"purple": 1} and tokens(st, 0) == {"red": 1, "grey": 1}
    assert st.mode == M_TURN


def test_t16_e_fewer_than_three_spaces_no_refund() -> None:
    """Enhanced E: the refund needs "at least 3 spaces": a placement and one step up are two."""
    st = turn_state(3)
    clear_markers(st)
    give_ring(st, 0, "middle", "green")
    give_ring(st, 0, "ring", "green")
    bottom_row(st, "yellow")
    put_token(st, "3-1", "red")
    put_token(st, "3-2", "grey")
    put_token(st, "3-3", "blue")
    give_cards(st, 0, red=1, grey=1, blue=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "new_courtier")
    play(st, "to", space="3-1")
    play(st, "advance")
    assert st.movement[MV_MOVED] == 2
    play(st, "stop")
    assert st.mode == M_TURN and hand(st, 0) == {"blue": 1}
    assert tokens(st, 0) == {"red": 1, "grey": 1}


# --- 6. Enhanced B: declining, and the exact Ring returned --------------------------------------


def exchange_position() -> TudorState:
    """Seat 0: red on the fourth finger, blue on the little finger (B enhanced). The Stand holds
    no red Ring and one green Ring."""
    st = turn_state(3)
    give_ring(st, 0, "ring", "red")
    give_ring(st, 0, "little", "blue")
    give_ring(st, 1, "thumb", "red")
    give_ring(st, 2, "thumb", "green")
    assert st.stand[FACTION_INDEX["red"]] == 0 and st.stand[FACTION_INDEX["green"]] == 1
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="B")
    play(st, "hand_ring", finger="ring", ring="red")
    # T7.2: "you may not retrieve the exact same Ring that you just placed there".
    assert "red" not in {a["ring"] for a in legal(st)}
    play(st, "stand_ring", ring="green")
    return st


def test_t16_b_second_exchange_may_be_declined() -> None:
    """Enhanced B: "You may exchange 2 Rings (1 at a time)" (RULINGS 40: the second is optional);
    declining leaves one exchange and the card of its new Ring."""
    st = exchange_position()
    assert has(st, "decline")
    play(st, "decline")
    assert ring_list(st, 0) == [("ring", "green"), ("little", "blue")]
    assert hand(st, 0) == {"green": 1} and st.mode == M_TURN
    assert st.stand[FACTION_INDEX["red"]] == 1 and st.stand[FACTION_INDEX["green"]] == 0


def test_t16_b_second_exchange_cannot_take_back_its_own_ring() -> None:
    """T7.2 applied to each exchange (RULINGS 56): the second exchange may not take back the exact
    Ring it just returned (green, the only one in the Stand), but may take the Ring returned in
    the first exchange (red)."""
    st = exchange_position()
    play(st, "hand_ring", finger="ring", ring="green")
    choices = {a["ring"] for a in legal(st)}
    assert "green" not in choices and "red" in choices
    assert choices == {"blue", "red", "yellow", "brown", "grey", "purple"}
    play(st, "stand_ring", ring="red")
    assert {a["card"] for a in legal(st)} == {"green", "red"}
    play(st, "take", card="red")
    assert ring_list(st, 0) == [("ring", "red"), ("little", "blue")]
    assert hand(st, 0) == {"red": 1} and st.mode == M_TURN


# --- 7. Opportunity variant ---------------------------------------------------------------------


def test_t15_opportunity_two_players_token_counts() -> None:
    """Setup 9: "In 2 player games, remove 4 each of these Tokens"; the variant: "Replace 4
    Influence and 4 Intrigue Tokens with the 8 Opportunity Tokens": 10 + 10 + 8 on 28 spaces."""
    st = new(2, variant="opportunity")
    assert st.board.size == 28
    assert (st.mark.count(1), st.mark.count(2), st.mark.count(3)) == (10, 10, 8)
    assert st.removed_marks == [0, 0, 0, 0]
    plain = new(2)
    assert (plain.mark.count(1), plain.mark.count(2), plain.mark.count(3)) == (14, 14, 0)


def end_last_round(st: TudorState) -> None:
    """Seat 0 ends the last turn of the last round (2 players, seat 0 started)."""
    st.round = st.rounds
    st.turn_player = st.cur = 1
    play(st, "end_turn")
    assert st.is_terminal


def test_t15_opportunity_tokens_count_for_the_garter() -> None:
    """Opportunity Tokens "count as both Influence or Intrigue" (RULINGS 37: also for the Garter,
    "remaining Influence Tokens, Intrigue Tokens, and Court Cards")."""
    st = turn_state(2, variant="opportunity")
    opportunity_to(st, 1, 1)
    end_last_round(st)
    assert st.prestige == [0, 5] and st.winners() == [1]


def test_t15_opportunity_tokens_count_for_the_tie_break() -> None:
    """Tie-break: "the player with the most unspent Influence/Intrigue Tokens wins" (RULINGS 48:
    Opportunity Tokens included). Seat 0 scores 5 for Court Tokens, seat 1 the Garter's 5 with a
    card and an Opportunity Token; one card each; seat 1's Opportunity Token decides."""
    st = turn_state(2, variant="opportunity")
    give_tokens(st, 0, red=2, blue=1, green=1)  # Politically Focused: 3 + 1 + 1
    give_cards(st, 0, purple=1)
    give_cards(st, 1, purple=1)
    opportunity_to(st, 1, 1)
    st.check_invariants()
    end_last_round(st)
    assert st.prestige == [5, 5]
    assert st.winners() == [1]


# --- 8. Only The Essentials with 2 players ------------------------------------------------------


def test_t11_5_essentials_removal_adds_to_two_player_removal() -> None:
    """Setup 8: "In 2 player games, remove 2 Court Tokens of each type", and Only The Essentials:
    "During game setup, remove Court Tokens from the bag as shown on the card" (4 blue, 4 green):
    both removals apply."""
    st = new(2, scoring="2,4")
    assert st.removed_tok == [6, 6, 2, 2, 2, 2, 2]
    in_play = [st.bag.count(f) + st.tok.count(f) for f in range(7)]
    assert in_play == [14, 14, 18, 18, 18, 18, 18]
    assert len(st.bag) + st.board.size == 140 - 14 - 8


# --- 9. Two Green Scoring Cards ------------------------------------------------------------------


def test_two_green_cards_crowded_court_and_diplomatic_service() -> None:
    """Customized Setup: "You may even choose two Red OR two Green Cards". Green 5 and Green 6
    together: the Ambassador (6) and Crowded Court (6, after the last round too: RULINGS 14)
    both score; with no Red card Court Tokens score nothing."""
    st = turn_state(3, scoring="5,6")
    st.round = st.rounds
    one_step_pickup(st, 1)
    assert legal(st) == [{"kind": "keep_token"}, {"kind": "ambassador"}]
    play(st, "ambassador")
    assert st.amb[0] == 1 and st.infl[0] == 0 and tokens(st, 0) == {"red": 1}
    play(st, "done_figure")
    for _ in range(3):
        play(st, "end_turn")
    assert st.is_terminal
    # Seat 0: Crowded Court 6 (column 3) + Ambassador 6 + Garter 5 (all tied at 0); others 5.
    assert st.prestige == [17, 5, 5]


def test_two_green_cards_quest_and_crowded_court() -> None:
    """Green 4 ("score the number of Prestige listed on the card when acquiring a Court Office")
    and Green 5 ("The player with the most Courtiers in a column (including Office Holders)
    scores 6 Prestige") in the same game: 4 at once, 6 at the end of the round."""
    st = turn_state(3, scoring="4,5")
    enter_office_one(st)
    assert st.prestige == [4, 0, 0]
    play(st, "stand_ring", ring="purple")
    play(st, "finger", finger="thumb")
    play(st, "done_figure")
    for _ in range(3):
        play(st, "end_turn")
    assert st.round == 2 and st.prestige == [10, 0, 0]


# --- 10. The Quest For Power on a held Office ---------------------------------------------------


def test_t11_2_quest_for_power_on_a_disgraced_office() -> None:
    """The Quest For Power: "Players immediately score ... when acquiring a Court Office" — a
    held Office taken by disgracing its holder scores 4 too; the disgraced player loses none."""
    st = turn_state(3)
    office(st, 1, 1)
    give_ring(st, 1, "thumb", "blue")
    st.prestige[1] = 4
    enter_office_one(st)
    assert st.office[0] == 0 and st.prestige == [4, 4, 0]
    assert kinds(st) == {"hand_ring"}
    play(st, "hand_ring", finger="thumb", ring="blue")
    play(st, "finger", finger="index")
    assert st.prestige == [4, 4, 0] and st.mode == M_TURN


# --- 11. Diplomatic Service needs a Courtier in supply ------------------------------------------


def test_t11_8_no_ambassador_without_a_courtier_in_supply() -> None:
    """Diplomatic Service: "Only Courtiers from their supply may be used - players may never
    remove Courtiers from the board to use as Ambassadors". With an empty supply the choice is
    not offered (Rise And Fall's own Immediate action still is)."""
    for empty in (False, True):
        st = turn_state(3, scoring="1,6", scenario=2)
        if empty:
            st.csup[0] -= 13
            st.amb[0] += 13
        one_step_pickup(st, 1)
        options = [{"kind": "keep_token"}, {"kind": "scenario", "side": "left"}]
        if not empty:
            assert legal(st) == [*options, {"kind": "ambassador"}]
            continue
        assert st.csup[0] == 0 and st.occ[sp(st, "3-2")] == 0
        assert legal(st) == options
        play(st, "keep_token")
        assert st.amb[0] == 13 and st.infl[0] == 1 and st.mode == M_TURN


def test_t11_8_no_ambassador_choice_at_all_with_an_empty_supply() -> None:
    """Diplomatic Service with no other Immediate action for the token: with an empty supply
    the token simply goes behind the screen (no pointless choice)."""
    st = turn_state(3, scoring="1,6")
    st.csup[0] -= 13
    st.amb[0] += 13
    one_step_pickup(st, 1)
    assert st.mode == M_TURN and st.infl[0] == 1 and st.amb[0] == 13


# --- 12. Persistent Courtiers right: two different token types ---------------------------------


def only_red_tokens(st: TudorState, keep: tuple[str, ...]) -> None:
    """Empty every space except ``keep`` (red), and put a red token next in the bag."""
    for s in range(st.board.size):
        label = st.board.label(s)
        put_token(st, label, "red" if label in keep else None)
    red = FACTION_INDEX["red"]
    st.bag.remove(red)
    st.bag.append(red)  # the refill of the space left draws red


def test_t10_3_persistent_swap_needs_two_token_types() -> None:
    """Persistent Courtiers right: "swap any 2 Court Tokens in the Throne Room" (RULINGS 31: of
    different types). With only red tokens on the board after the refill, no swap is offered
    and the Intrigue Token is simply kept; one blue token makes it possible."""
    for blue in (False, True):
        st = turn_state(3)
        clear_markers(st)
        place(st, 0, "3-1")
        only_red_tokens(st, ("3-2", "5-5"))
        if blue:
            put_token(st, "1-1", "blue")
        put_marker(st, "3-2", 2)
        give_cards(st, 0, red=1)
        st.lords[0] = 2
        play(st, "activate_lord")
        play(st, "action", letter="E")
        play(st, "select", space="3-1")
        play(st, "advance")
        assert st.tok[sp(st, "3-1")] == FACTION_INDEX["red"]  # refilled before the choice
        if not blue:
            assert st.mode == M_TURN and st.intr[0] == 1
            continue
        assert legal(st) == [{"kind": "keep_token"}, {"kind": "scenario", "side": "right"}]
        play(st, "scenario", side="right")
        assert {a["space"] for a in legal(st)} == {"1-1", "3-1", "5-5"}
        play(st, "select", space="5-5")
        assert {a["space"] for a in legal(st)} == {"1-1"}  # not the other red token
        play(st, "to", space="1-1")
        assert st.tok[sp(st, "5-5")] == FACTION_INDEX["blue"]
        assert st.tok[sp(st, "1-1")] == FACTION_INDEX["red"]
        assert st.intr[0] == 0 and st.mode == M_TURN


# --- 13. Rise And Fall right: never with your own Courtier ---------------------------------------


def test_t10_5_rise_and_fall_never_switches_two_own_courtiers() -> None:
    """Rise And Fall right: "switch the position of one of your Courtier with an ADJACENT
    Courtier" (RULINGS 32: another player's). Seat 0's Courtier on chair 1 has only its own
    neighbour: only chair 2 may switch, and only with seat 1's Courtier on chair 3."""
    st = turn_state(3, scenario=2)
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 1)
    one_step_pickup(st, 2)
    assert legal(st) == [{"kind": "keep_token"}, {"kind": "scenario", "side": "right"}]
    play(st, "scenario", side="right")
    assert legal(st) == [{"kind": "chair", "chamber": "II", "chair": 2}]
    play(st, "chair", chamber="II", chair=2)
    assert legal(st) == [{"kind": "chair", "chamber": "II", "chair": 3}]
    play(st, "chair", chamber="II", chair=3)
    assert st.chairs[1] == [0, 1, 0, -1] and st.mode == M_TURN


def test_t10_5_rise_and_fall_not_offered_with_only_own_neighbours() -> None:
    """Rise And Fall right (RULINGS 32): with only its own Courtier next to each of seat 0's
    Courtiers, the Intrigue Token offers no switch and is simply kept."""
    st = turn_state(3, scenario=2)
    seat_chair(st, 1, 0)
    seat_chair(st, 1, 0)
    seat_chair(st, 2, 1)  # another player's Courtier, but in another chamber
    one_step_pickup(st, 2)
    assert st.mode == M_TURN and st.intr[0] == 1
    assert st.chairs[1] == [0, 0, -1, -1]


# --- 14. Climbing The Ranks: a jump onto the top space ------------------------------------------


@pytest.mark.parametrize("edition", ["en", "v15"])
@pytest.mark.parametrize("restock", [True, False])
def test_t10_7_jump_onto_the_top_space_takes_the_office(edition: str, restock: bool) -> None:
    """Climbing The Ranks right: "All other normal movement rules apply", so a jump landing on the
    topmost space takes the Office ("When a Courtier enters the topmost space of a column ...
    it now holds the Office"): Ring from the Stand, Quest 4. In both editions the jump takes the
    landing space's Court Token (RULINGS 33); the top space it leaves for the Office is refilled
    unless ``restock_top_space=false`` (RULINGS 16)."""
    st = turn_state(3, edition=edition, scenario=3, restock_top_space=restock)
    clear_markers(st)
    place(st, 0, "1-3")
    place(st, 1, "1-4")
    put_token(st, "1-5", "red")
    markers_to(st, 0, intrigue=2)
    play(st, "scenario", side="right")
    play(st, "select", space="1-3")
    assert {a["space"] for a in legal(st)} == {"1-5"}
    play(st, "to", space="1-5")
    assert st.office[0] == 0 and st.occ[sp(st, "1-5")] == -1 and st.prestige[0] == 4
    assert st.intr[0] == 0 and st.tok[sp(st, "1-3")] >= 0
    assert tokens(st, 0) == {"red": 1}
    assert (st.tok[sp(st, "1-5")] >= 0) == restock
    assert kinds(st) == {"stand_ring"}
    play(st, "stand_ring", ring="grey")
    play(st, "finger", finger="thumb")
    assert ring_list(st, 0) == [("thumb", "grey")] and st.mode == M_TURN


# --- 15. Only The Strong: a new Courtier as the first space -------------------------------------


def test_t10_10_strong_move_may_place_a_new_courtier_first() -> None:
    """Only The Strong left: "All other normal movement rules apply" and "any Movement Action can
    also allow a new Courtier to be placed" (RULINGS 35): with no Courtier in the Throne Room the
    action places one on any open bottom space (any token) and moves it one more space."""
    st = turn_state(3, scenario=5)
    clear_markers(st)
    put_token(st, "3-1", "purple")
    put_token(st, "4-1", "grey")
    markers_to(st, 0, influence=2)
    assert has(st, "scenario", side="left")
    play(st, "scenario", side="left")
    assert legal(st) == [{"kind": "new_courtier"}]
    play(st, "new_courtier")
    assert {a["space"] for a in legal(st)} == {f"{c}-1" for c in range(1, 7)}
    play(st, "to", space="3-1")
    targets = {a.get("space") for a in legal(st) if a["kind"] == "to"}
    assert targets == {"3-2", "2-1", "4-1"} and has(st, "stop")
    play(st, "to", space="4-1")
    assert st.occ[sp(st, "4-1")] == 0 and st.csup[0] == 13 and st.infl[0] == 0
    assert tokens(st, 0) == {"purple": 1, "grey": 1} and hand(st, 0) == {}
    assert st.tok[sp(st, "3-1")] >= 0 and st.mode == M_TURN


# --- 16. Persistent Courtiers with the Opportunity variant ---------------------------------------


def test_t15_kept_opportunity_token_pays_persistent_left_later() -> None:
    """A received Opportunity Token may trigger the Immediate right action; kept, it "may not be
    spent for Immediate Actions in the future" but pays a non-Immediate cost: Persistent
    Courtiers left ("discard 2 Influence Tokens") with 1 Influence + 1 Opportunity (RULINGS 37)."""
    st = turn_state(3, variant="opportunity")
    seat_chair(st, 0, 0)
    st.acted[0][0] = 1
    markers_to(st, 0, influence=1)
    assert not has(st, "scenario", side="left")
    one_step_pickup(st, 3)
    assert legal(st) == [{"kind": "keep_token"}, {"kind": "scenario", "side": "right"}]
    play(st, "keep_token")
    assert st.oppt[0] == 1 and st.infl[0] == 1
    assert has(st, "scenario", side="left")
    removed = st.removed_marks[:]
    play(st, "scenario", side="left")
    play(st, "chair", chamber="I", chair=1)
    play(st, "bench", chamber="II")
    assert st.bench[1] == [0] and st.chairs[0][0] == -1
    assert st.infl[0] == 0 and st.oppt[0] == 0
    assert st.removed_marks == [removed[0], removed[1] + 1, removed[2], removed[3] + 1]
