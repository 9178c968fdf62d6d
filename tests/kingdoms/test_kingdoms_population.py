"""The Population Phase: Subjects, Army cards, the forced Subject, Jesters (C4.6-C4.8)."""

from __future__ import annotations

from kingdoms_helpers import act, build, has, kinds

from courtly.games.kingdoms.codes import PH_DISCARD, PH_POP
from courtly.games.kingdoms.data import parse_card
from courtly.games.kingdoms.rules.dispatch import advance


def pop_state(**seat0: object) -> object:
    base: dict[str, object] = {"court": {"king": "KS"}}
    base.update(seat0)
    return build(phase="population", seats=(base, {"court": {"king": "KD"}}))


def test_c4_6_place_subject_beside_court_member() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["5S", "9H"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
    )
    assert has(s, "row", slot="King") and has(s, "army")
    assert not has(s, "row", slot="Queen")
    act(s, "row", slot="King")
    act(s, "select", card="5S")
    assert s.rows[0][2] == [parse_card("5S")]


def test_c4_7_must_place_one_card_when_space_and_subject() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["5S", "9H"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
    )
    assert not has(s, "done")
    act(s, "army")
    act(s, "select", card="9H")
    assert has(s, "done")
    act(s, "done")
    assert s.phase == PH_DISCARD or s.phase > PH_POP


def test_c4_6_no_space_no_placement() -> None:
    s = build(
        phase="population",
        seats=(
            {"hand": ["5S", "9H"], "court": {"king": "KS"}, "rows": {"king": ["2C", "3C", "4C"]}},
            {"court": {"king": "KD"}},
        ),
    )
    assert "row" not in kinds(s) and "army" not in kinds(s)
    assert has(s, "done")


def test_c4_6_army_cards_face_down_and_count_toward_spaces() -> None:
    s = build(
        phase="population",
        seats=(
            {"hand": ["5S", "9H"], "court": {"king": "KS"}, "rows": {"king": ["2C", "3C"]}},
            {"court": {"king": "KD"}},
        ),
    )
    act(s, "army")
    act(s, "select", card="9H")
    assert s.army[0] == [parse_card("9H")]
    assert not has(s, "row", slot="King")  # 2 Subjects + 1 Army fill the King's 3 spaces
    opp_view = s.observation(1)
    assert opp_view["players"][0]["army"] == 1
    assert "9H" not in str(opp_view)
    assert s.observation(0)["players"][0]["army"] == ["9H"]


def test_c4_6_turn_army_face_up() -> None:
    s = build(
        phase="population",
        seats=(
            {"hand": ["5S"], "court": {"king": "KS"}, "army": ["9H"]},
            {"court": {"king": "KD"}},
        ),
    )
    act(s, "flip", card="9H")
    assert s.army[0] == [] and s.rows[0][2] == [parse_card("9H")]


def test_c4_6_an_army_card_placed_this_phase_may_be_turned_face_up_in_it() -> None:
    """Ruling R30: "turn these cards face up during your Population Phase for use on your next
    turn" excludes no card; one placed in this phase may be turned up in it too."""
    s = build(
        phase="population",
        seats=({"hand": ["5S", "9H"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
    )
    act(s, "army")
    act(s, "select", card="9H")
    assert has(s, "flip", card="9H")
    act(s, "flip", card="9H")
    assert s.army[0] == [] and s.rows[0][2] == [parse_card("9H")]


def test_c4_6_rearrange_between_rows_once() -> None:
    s = build(
        phase="population",
        seats=(
            {"hand": ["5S"], "court": {"king": "KS", "queen": "QS"}, "rows": {"king": ["2C"]}},
            {"court": {"king": "KD"}},
        ),
    )
    act(s, "rearrange")
    act(s, "row", slot="Queen")
    assert s.rows[0][1] == [parse_card("2C")]
    assert not has(s, "rearrange")


def test_c4_7_forced_subject_draw_shows_cards() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["KH"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        deck_top=["7C", "QD"],
        phase_started=False,
    )
    advance(s, None)
    # QD drawn and shown, then 7C: placed at once (only the King has space).
    assert s.rows[0][2] == [parse_card("7C")]
    assert sorted(s.hand[0]) == sorted([parse_card("KH"), parse_card("QD")])
    seen = s.observation(1)["players"][0]["hand_seen_by_opponent"]
    assert sorted(seen) == ["KH", "QD"]


def test_c4_7_forced_subject_seven_cards_rule() -> None:
    hand = ["KH", "QH", "JH", "KC", "QC", "JC"]
    top = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "X1"]
    s = build(
        phase="population",
        seats=({"hand": hand, "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        deck_top=top,
        phase_started=False,
    )
    advance(s, None)
    # X1 drawn makes seven cards without a Subject: all discarded, seven new drawn; the player
    # picks which Subject to place.
    assert parse_card("X1") in s.discard and parse_card("KH") in s.discard
    assert len(s.hand[0]) == 7
    assert kinds(s) == {"select"}
    act(s, "select", card="5D")
    assert s.rows[0][2] == [parse_card("5D")]
    assert len(s.hand[0]) == 6


def test_c4_8_court_jester_placed_in_population_phase() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["X2", "5S"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
    )
    act(s, "jester", card="X2")
    assert s.jester[0] == parse_card("X2")
    assert "jester" not in kinds(s)


def test_c4_8_only_one_court_jester() -> None:
    s = build(
        phase="population",
        seats=(
            {"hand": ["X2", "5S"], "court": {"king": "KS"}, "jester": "X1"},
            {"court": {"king": "KD"}},
        ),
    )
    assert "jester" not in kinds(s)
