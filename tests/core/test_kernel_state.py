"""The kernel's contract, exercised on the toy game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from highcards import HighCards, HighCardsState

from courtly.core.errors import (
    IllegalActionError,
    InvalidStateError,
    OptionError,
    PlayerCountError,
    WrongPlayerError,
)
from courtly.core.events import events_for
from courtly.core.render import event_text
from courtly.core.rng import Rng


def test_same_seed_same_game(toy: HighCards) -> None:
    a, b = toy.new_game(2, seed=7), toy.new_game(2, seed=7)
    assert a.fingerprint() == b.fingerprint()
    while not a.is_terminal:
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action.to_json())
        assert a.fingerprint() == b.fingerprint()


def test_different_seeds_differ(toy: HighCards) -> None:
    assert toy.new_game(2, seed=1).fingerprint() != toy.new_game(2, seed=2).fingerprint()


def test_fingerprint_is_pinned(toy: HighCards) -> None:
    # Same seed, same bytes on every machine: this value must never change by accident.
    state = toy.new_game(2, seed=42)
    assert state.to_json()["hands"] == [[1, 7], [2, 9]]
    assert state.fingerprint() == "3750f5550c7edae734b2"


def test_options_are_checked(toy: HighCards) -> None:
    with pytest.raises(OptionError, match="allowed: 0, 1"):
        toy.new_game(2, seed=1, options={"bonus": 5})
    with pytest.raises(OptionError, match="this game's options: bonus"):
        toy.new_game(2, seed=1, options={"nope": 1})
    assert toy.new_game(2, seed=1, options={"bonus": "1"}).options["bonus"] == 1


def test_player_count_is_checked(toy: HighCards) -> None:
    with pytest.raises(PlayerCountError, match="2 to 3 players"):
        toy.new_game(4)


def test_illegal_action_leaves_state_unchanged(toy: HighCards) -> None:
    state = toy.new_game(2, seed=3)
    before = state.fingerprint()
    not_in_hand = next(c for c in range(10) if c not in state.legal_action_ids())
    with pytest.raises(IllegalActionError, match="not legal now"):
        state.apply(not_in_hand)
    with pytest.raises(IllegalActionError, match="outside this game's action space"):
        state.apply(99)
    with pytest.raises(IllegalActionError, match="malformed action JSON"):
        state.apply('{"kind":')
    with pytest.raises(IllegalActionError, match="action kinds: play"):
        state.apply({"kind": "fly"})
    with pytest.raises(WrongPlayerError, match="seat 1's decision, not seat 2's"):
        state.apply(state.legal_action_ids()[0], player=1)
    assert state.fingerprint() == before


def test_action_space_round_trip(toy: HighCards) -> None:
    state = toy.new_game(3, seed=1)
    for action in state.legal_actions():
        assert state.decode(state.encode(action)) == action
        assert state.action_space.from_json(json.dumps(action.to_json())) == action
    assert state.action_space_size == 10
    mask = state.legal_action_mask()
    assert [i for i, ok in enumerate(mask) if ok] == state.legal_action_ids()


def test_events_have_audiences(toy: HighCards) -> None:
    state = toy.new_game(2, seed=5)
    events = state.apply(state.legal_action_ids()[0])
    drawn = [e for e in events if e.kind == "draw" and "card" in e.data]
    assert drawn and all(not e.visible_to(1) and e.visible_to(0) for e in drawn)
    assert all("you draw" not in event_text(toy, e) for e in events_for(events, 1))
    assert all("you draw" not in event_text(toy, e) for e in events_for(events, None))


def test_clone_is_independent(toy: HighCards) -> None:
    state = toy.new_game(2, seed=5)
    before = state.fingerprint()
    clone = state.clone()
    clone.step(clone.legal_action_ids()[0])
    assert state.fingerprint() == before
    assert clone.fingerprint() != before


def test_json_round_trip_and_bad_json(toy: HighCards) -> None:
    state = toy.new_game(2, seed=9)
    state.step(state.legal_action_ids()[0])
    again = toy.from_json(json.dumps(state.to_json()))
    assert again.fingerprint() == state.fingerprint()
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        toy.from_json("{")
    with pytest.raises(InvalidStateError, match="not a courtly state"):
        toy.from_json({"format": "x"})
    broken = state.to_json()
    broken["hands"][0].append(broken["hands"][1][0])
    with pytest.raises(InvalidStateError, match="exactly once"):
        toy.from_json(broken)
    missing = state.to_json()
    del missing["deck"]
    with pytest.raises(InvalidStateError, match="malformed high-cards state"):
        toy.from_json(missing)


def test_winners_share_victory(toy: HighCards) -> None:
    state = toy.new_game(2, seed=1)
    assert isinstance(state, HighCardsState)
    state.hands = [[], []]
    state.deck = []
    state.piles = [[0, 9, 2], [3, 8, 1, 4, 5, 6, 7]]
    assert state.winners() == [1]
    state.piles = [[0, 9, 2, 3, 4], [8, 1, 5, 6, 7]]
    assert state.scores() == [18.0, 27.0]
    state.piles = [[0, 9, 2, 3, 8, 4, 1], [5, 6, 7]]
    assert state.winners() == [0]
    assert state.rewards() == [1.0, 0.0]


def test_resample_keeps_what_the_seat_knows(toy: HighCards) -> None:
    state = toy.new_game(3, seed=11)
    world = state.resample(0, Rng(1))
    assert world.observation(0) == state.observation(0)
    worlds = {json.dumps(state.resample(0, Rng(s)).to_json()["hands"]) for s in range(20)}
    assert len(worlds) > 1


def test_many_tables_in_turn_each_find_their_action_space_by_identity(toy: HighCards) -> None:
    """A server plays many tables in turn, each state with its own options mapping: each
    finds its action space again without the options being resolved and spelled anew (which
    cost a server about a tenth of its time per action when only the last one was kept)."""
    resolved: list[object] = []
    real = toy.resolve_options

    def counting(options: Any, *, saved: bool = False) -> dict[str, Any]:
        resolved.append(options)
        return real(options, saved=saved)

    states = [toy.new_game(2, seed=s, options={}) for s in range(3)]
    spaces = [s.action_space for s in states]
    toy.resolve_options = counting  # type: ignore[method-assign]
    for _ in range(3):
        for state, space in zip(states, spaces, strict=True):
            assert state.action_space is space
    assert resolved == []
    # A mapping it has not seen (equal, not the same) is resolved, and gets the same space.
    assert toy.action_space(2, dict(states[0].options)) is spaces[0]
    assert len(resolved) == 1
