"""Influential and Prestigious Courts (C10.1-C10.5)."""

from __future__ import annotations

from typing import Any

from kingdoms_helpers import act, build, has, kinds

from courtly.games.kingdoms.codes import PH_ACTION
from courtly.games.kingdoms.data import parse_card
from courtly.games.kingdoms.rules.dispatch import advance
from courtly.games.kingdoms.state import KingdomsState


def draw_state(seat0: dict[str, Any], seat1: dict[str, Any], **kw: Any) -> KingdomsState:
    return build(phase="draw", seats=(seat0, seat1), phase_started=False, **kw)


def test_c10_1_abundance_draws_three() -> None:
    s = draw_state(
        {"court": {"king": "KS", "queen": "QS"}, "hand": ["2D"]},
        {"court": {"king": "KC"}},
        deck_top=["5H", "6H", "7H"],
    )
    advance(s, None)
    assert s.phase == PH_ACTION
    assert len(s.hand[0]) == 4


def test_c10_2_divine_draws_from_discard_and_peeks() -> None:
    s = draw_state(
        {"court": {"king": "KH", "queen": "QH"}, "hand": ["2D"]},
        {"court": {"king": "KC"}},
        deck_top=["5C", "6C"],
        discard=["8S", "9S"],
    )
    advance(s, None)
    assert has(s, "draw", **{"from": "discard"})
    assert s.observation(0)["deck_top"] == "6C"
    assert "deck_top" not in s.observation(1)
    assert "deck_top" not in s.public_observation()
    act(s, "draw", **{"from": "discard"})
    assert parse_card("9S") in s.hand[0]
    assert s.observation(0)["deck_top"] == "6C"


def test_c10_2_no_discard_draw_without_divine() -> None:
    s = draw_state(
        {"court": {"king": "KH", "queen": "QS"}, "hand": ["2D"]},
        {"court": {"king": "KC"}},
        discard=["9S"],
        deck_top=["3C", "4C"],
    )
    advance(s, None)
    assert "deck_top" not in s.observation(0)
    assert s.phase == PH_ACTION  # only the deck: both cards drawn at once


def test_c10_3_sabotage_takes_first_draw_card() -> None:
    s = draw_state(
        {"court": {"king": "KS"}, "hand": ["2D"]},
        {"court": {"king": "KC", "queen": "QC"}, "hand": []},
        deck_top=["5H", "6H"],
    )
    advance(s, None)
    assert s.hand[1] == [parse_card("6H")]
    assert sorted(s.hand[0]) == sorted([parse_card("2D"), parse_card("5H")])
    assert "6H" not in str(s.observation(0)["players"][1])


def test_c10_4_endow_may_take_refugee_instead() -> None:
    s = build(
        phase="refugee",
        seats=({"court": {"king": "KH"}}, {"court": {"king": "KD", "queen": "QD"}, "hand": ["2C"]}),
        deck_top=["5H"],
        phase_started=False,
    )
    advance(s, None)
    assert s.current_player == 1 and kinds(s) == {"endow", "skip"}
    act(s, "endow")
    assert parse_card("5H") in s.hand[1]


def test_c10_4_endow_declined_leaves_refugee_with_taker() -> None:
    s = build(
        phase="refugee",
        seats=({"court": {"king": "KH"}}, {"court": {"king": "KD", "queen": "QD"}, "hand": ["2C"]}),
        deck_top=["5H"],
        phase_started=False,
    )
    advance(s, None)
    act(s, "skip")
    assert parse_card("5H") in s.hand[0]


def test_c10_5_prestigious_court_takes_peasant_top_into_glory_once() -> None:
    s = build(
        seats=(
            {"court": {"king": "KS", "queen": "QS", "jack": "JS"}, "hand": ["2C"]},
            {"court": {"king": "KC"}, "peasant": ["4D", "9S"]},
        )
    )
    assert has(s, "prestige", **{"from": "opponent_peasant"})
    assert not has(s, "prestige", **{"from": "own_peasant"})
    act(s, "prestige", **{"from": "opponent_peasant"})
    assert s.glory[0] == [parse_card("9S")]
    assert "prestige" not in kinds(s)
