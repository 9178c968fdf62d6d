"""Court Offices and Rings (docs/games/tudor.md T8, T7.2)."""

from __future__ import annotations

from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    hand,
    has,
    kinds,
    office,
    place,
    play,
    put_token,
    sp,
    turn_state,
)

from courtly.games.tudor.codes import (
    M_TURN,
)
from courtly.games.tudor.data import FACTION_INDEX
from courtly.games.tudor.state import TudorState


def ring_list(st: TudorState, p: int) -> list[tuple[str, str]]:
    from courtly.games.tudor.data import FACTIONS, FINGERS

    return [(FINGERS[c >> 3], FACTIONS[c & 7]) for c in st.rings[p]]


def office_example(quest: bool = True) -> TudorState:
    """Blue moves 3 spaces to the top of column 1 (height 5) with an empty Office."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "1-2")
    for row, f in ((3, "red"), (4, "red"), (5, "red")):
        put_token(st, f"1-{row}", f)
    give_cards(st, 0, red=3)
    give_ring(st, 0, "thumb", "green")
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-2")
    for _ in range(3):
        play(st, "advance")
    return st


def test_t8_1_office_example_ring_from_stand_and_quest_points() -> None:
    """T8.1, T8.2, T11.2: entering the top space ends the move; Office; a Ring of your choice."""
    st = office_example()
    assert st.office[0] == 0 and st.occ[sp(st, "1-5")] == -1
    # The three spaces moved through are restocked, and the top space the Courtier left for the
    # Office (RULINGS 16).
    assert all(st.tok[sp(st, f"1-{r}")] >= 0 for r in (2, 3, 4, 5))
    assert st.prestige[0] == 4  # Green 4, The Quest For Power
    assert kinds(st) == {"stand_ring"}
    play(st, "stand_ring", ring="purple")
    # A Ring gained: place it, or rearrange all first.
    assert has(st, "rearrange") and not has(st, "finger", finger="thumb")
    play(st, "rearrange")
    play(st, "finger", finger="little")  # green (sorted first) to the little finger
    play(st, "finger", finger="thumb")  # purple to the thumb
    assert ring_list(st, 0) == [("thumb", "purple"), ("little", "green")]
    assert st.mode == M_TURN


def test_t8_3_disgrace_takes_a_ring_from_the_holder() -> None:
    """T8.3: the holder goes to supply; you take its Ring of your choice; it may rearrange."""
    st = turn_state(3)
    clear_markers(st)
    office(st, 1, 1)
    give_ring(st, 1, "thumb", "blue")
    give_ring(st, 1, "index", "red")
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    supply_before = st.csup[1]
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    assert st.office[0] == 0 and st.csup[1] == supply_before + 1
    assert st.cur == 0 and kinds(st) == {"hand_ring"}
    play(st, "hand_ring", finger="index", ring="red")
    play(st, "finger", finger="middle")
    assert st.cur == 1 and kinds(st) == {"keep_rings", "rearrange"}
    play(st, "rearrange")
    play(st, "finger", finger="ring")
    assert ring_list(st, 1) == [("ring", "blue")]
    assert ring_list(st, 0) == [("middle", "red")]
    assert st.mode == M_TURN and st.cur == 0
    assert st.stand[FACTION_INDEX["red"]] == 1  # the Stand was untouched


def test_t8_4_never_disgrace_yourself() -> None:
    """T8.4: your Courtiers may not enter the top space of a column whose Office you hold."""
    st = turn_state(3)
    clear_markers(st)
    office(st, 0, 1)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    give_ring(st, 0, "thumb", "red")
    for c in range(1, 7):
        put_token(st, f"{c}-1", "purple")
    put_token(st, "1-3", "purple")
    put_token(st, "2-4", "purple")
    st.lords[0] = 2
    play(st, "activate_lord")
    assert not has(st, "action", letter="E")
    st.lords[0] = 0
    st.lord_acted[0] = 0
    st.fig = 0
    play(st, "activate_lord")
    assert not has(st, "action", letter="A")


def test_t8_5_office_holders_never_move() -> None:
    st = turn_state(3)
    office(st, 0, 1)
    give_ring(st, 0, "thumb", "red")
    give_cards(st, 0, red=5)
    for c in range(1, 7):
        put_token(st, f"{c}-1", "purple")
    st.lords[0] = 0
    play(st, "activate_lord")
    assert not has(st, "action", letter="A")


def rings_elsewhere(st: TudorState, p: int, *colours: str) -> None:
    st.rings[p] = sorted(k * 8 + FACTION_INDEX[c] for k, c in enumerate(colours))


def test_t7_2_ring_exchange_same_finger_and_card() -> None:
    """T7.2: return a Ring, take a different one from the Stand onto the same finger, its card."""
    st = turn_state(3)
    st.stand = [0, 0, 1, 0, 0, 0, 1]  # a red and a purple Ring left in the Stand
    st.rings[0] = [1 * 8 + FACTION_INDEX["red"], 4 * 8 + FACTION_INDEX["blue"]]
    rings_elsewhere(st, 1, "blue", "green", "green", "yellow", "yellow")
    rings_elsewhere(st, 2, "brown", "brown", "grey", "grey", "purple")
    st.check_invariants()
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="B")
    play(st, "hand_ring", finger="index", ring="red")
    # Red is allowed: another red Ring was in the Stand before the exchange.
    assert {a.to_json()["ring"] for a in st.legal_actions()} == {"red", "purple"}
    play(st, "stand_ring", ring="purple")
    assert ring_list(st, 0) == [("index", "purple"), ("little", "blue")]
    assert hand(st, 0) == {"purple": 1}
    assert st.mode == M_TURN


def test_t7_2_same_colour_needs_another_in_stand() -> None:
    """T7.2: the exact Ring just returned may not be taken back."""
    st = turn_state(3)
    st.stand = [1, 0, 0, 0, 0, 1, 1]
    st.rings[0] = [1 * 8 + FACTION_INDEX["red"]]
    rings_elsewhere(st, 1, "blue", "green", "green", "yellow", "yellow")
    rings_elsewhere(st, 2, "red", "brown", "brown", "grey", "purple")
    st.check_invariants()
    st.lords[0] = 0
    play(st, "activate_lord")
    play(st, "action", letter="B")
    play(st, "hand_ring", finger="index", ring="red")
    assert {a.to_json()["ring"] for a in st.legal_actions()} == {"blue", "grey", "purple"}


def test_t8_6_a_sixth_ring_shares_a_finger_and_losing_one_spreads_them_again() -> None:
    """RULINGS 26: one Ring per finger up to five; a 6th may share; back at 5 they spread out."""
    st = turn_state(4)
    clear_markers(st)
    for finger, colour in zip(
        ("thumb", "index", "middle", "ring", "little"),
        ("blue", "red", "green", "grey", "brown"),
        strict=True,
    ):
        give_ring(st, 1, finger, colour)
    give_ring(st, 1, "thumb", "yellow")
    office(st, 1, 1)
    place(st, 0, "1-4")
    put_token(st, "1-5", "red")
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    st.check_invariants()
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="1-4")
    play(st, "advance")
    play(st, "hand_ring", finger="index", ring="red")
    play(st, "finger", finger="thumb")
    # Seat 1 is left with 5 Rings, two on the thumb: it must place them all again.
    assert st.cur == 1 and kinds(st) == {"finger"} and len(st.pend) == 5
    for finger in ("thumb", "index", "middle", "ring", "little"):
        play(st, "finger", finger=finger)
    assert len({c >> 3 for c in st.rings[1]}) == 5 and st.mode == M_TURN
