"""Conformance (random games with every kernel check), hidden information, JSON and the view."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from kingdoms_helpers import build
from rich.console import Console
from typed_states import resample

from courtly.core.canonical import canonical_json
from courtly.core.rng import Rng
from courtly.games.kingdoms import GAME
from courtly.testing import run_conformance


def test_conformance_random_games() -> None:
    report = run_conformance(GAME, 2, 3, seed=11)
    assert report.ok, report.failures


def test_conformance_with_battle_off_and_short_limit() -> None:
    options = {"battle": False, "turn_limit": 30, "scandal_glory": "own"}
    report = run_conformance(GAME, 2, 2, seed=5, options=options)
    assert report.ok, report.failures


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_property_invariants_and_round_trip(seed: int, steps: int) -> None:
    state = GAME.new_game(2, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    state.check_invariants()
    again = GAME.from_json(json.dumps(state.to_json()))
    assert canonical_json(again.to_json()) == canonical_json(state.to_json())
    for p in (0, 1):
        world = state.resample(p, Rng(seed + 1))
        world.check_invariants()
        assert world.observation(p) == state.observation(p)


def test_hidden_hand_and_army_not_in_opponent_view() -> None:
    s = build(
        seats=(
            {"hand": ["9C", "QH"], "army": ["7S"], "court": {"king": "KS"}},
            {"hand": ["3D"], "court": {"king": "KD"}},
        )
    )
    text = json.dumps(s.observation(1))
    assert "9C" not in text and "QH" not in text and "7S" not in text
    assert "3D" not in json.dumps(s.public_observation())
    mine = s.observation(0)["players"][0]
    assert sorted(mine["hand"]) == ["9C", "QH"] and mine["army"] == ["7S"]


def test_seen_cards_stay_in_resampled_worlds() -> None:
    s = build(
        seats=(
            {"hand": ["9C", "QH", "2S"], "hand_seen_by_opponent": ["QH"], "court": {"king": "KS"}},
            {"hand": ["3D"], "court": {"king": "KD"}},
        )
    )
    queen = s.hand[0][1]
    others = set()
    for seed in range(20):
        world = resample(s, 1, Rng(seed))
        assert queen in world.hand[0] and len(world.hand[0]) == 3
        others.add(tuple(sorted(world.hand[0])))
    assert len(others) > 1


def test_resample_army_cards_are_number_cards() -> None:
    s = build(seats=({"army": ["7S", "8S"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}))
    from courtly.games.kingdoms.data import IS_NUMBER

    varied = set()
    for seed in range(30):
        world = resample(s, 1, Rng(seed))
        assert all(IS_NUMBER[c] for c in world.army[0])
        varied.add(tuple(world.army[0]))
    assert len(varied) > 1


def test_c3_3_resampled_duel_opponent_holds_a_subject() -> None:
    # Seat 1 has yet to choose its duel card, so it holds a Subject (C3.3). Seen from seat 0,
    # its hand and the Draw pile hold one Subject among ten cards: most deals of seven would
    # leave seat 1 without one, and a search in that world would be stuck at its duel choice.
    from courtly.games.kingdoms.data import CARD_NAMES, IS_NUMBER

    mine = ["2C", "3C", "QH", "QS", "KC", "KD", "KH"]
    theirs = ["AS", "JC", "JD", "JH", "JS", "QC", "QD"]
    discard = [n for c, n in enumerate(CARD_NAMES) if IS_NUMBER[c] and n not in mine + theirs]
    s = build(phase="duel", seats=({"hand": mine}, {"hand": theirs}), discard=discard)
    hands = set()
    for seed in range(40):
        world = resample(s, 0, Rng(seed))
        assert any(IS_NUMBER[c] for c in world.hand[1])
        hands.add(tuple(world.hand[1]))
        world.step(world.legal_action_ids()[0])
        assert world.current_player is None or world.legal_action_ids()
    assert len(hands) > 1


def test_state_json_is_human_writable() -> None:
    s = build(seats=({"hand": ["10H"], "court": {"king": "KS"}}, {"court": {"queen": "QD"}}))
    data = s.to_json()
    assert data["players"][0]["hand"] == ["10H"]
    assert data["players"][1]["court"] == {"jack": None, "queen": "QD", "king": None}


def test_invariants_reject_missing_or_doubled_cards() -> None:
    import pytest

    from courtly.core.errors import InvalidStateError

    data = build(seats=({"hand": ["10H"], "court": {"king": "KS"}}, {})).to_json()
    data["players"][1]["hand"] = ["10H"]
    with pytest.raises(InvalidStateError):
        GAME.from_json(data)
    data = build(seats=({"hand": ["10H"], "court": {"king": "KS"}}, {})).to_json()
    data["deck"].pop()
    with pytest.raises(InvalidStateError):
        GAME.from_json(data)


def test_render_every_view() -> None:
    s = GAME.new_game(2, seed=3)
    rng = Rng(1)
    console = Console(width=100, record=True, file=io.StringIO())
    for _ in range(80):
        if s.is_terminal:
            break
        for viewer in (0, 1):
            console.print(GAME.render(s.observation(viewer)))
        console.print(GAME.render(s.public_observation()))
        ids = s.legal_action_ids()
        s.step(ids[rng.below(len(ids))])
    assert "Kingdoms" in console.export_text()


def test_heuristic_prefers_more_glory() -> None:
    ahead = build(seats=({"glory": ["10S"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}))
    behind = build(seats=({"court": {"king": "KS"}}, {"glory": ["10S"], "court": {"king": "KD"}}))
    assert GAME.heuristic(ahead, 0) > GAME.heuristic(behind, 0)


def test_heuristic_counts_glory_a_pending_follow_up_will_bring() -> None:
    seats = ({"court": {"king": "KS"}, "rows": {"king": ["5D", "4H"]}}, {"court": {"king": "KD"}})
    pending = build(seats=seats, stack=[["harvest", 0, 6, 0]])
    idle = build(seats=seats)
    assert GAME.heuristic(pending, 0) == GAME.heuristic(idle, 0) + 5
