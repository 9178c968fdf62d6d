"""A game's own shortcuts for the search give exactly the kernel's answers: ``greedy_choices``
(the modelled opponents' move) names the moves that playing every candidate on a copy and
keeping the best heuristic names, and ``search_evaluations`` is every seat's
``search_evaluation``. Checked at every position of random games (greedy: for the seat to move
and for another seat; evaluations: on a world sampled for the seat to move)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.core.registry import game_names, load_game
from courtly.core.rng import Rng
from courtly.core.state import Game, State


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_a_games_greedy_choice_is_the_kernels(name: str, seed: int, data: st.DataObject) -> None:
    game = load_game(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = game.new_game(players, seed=seed)
    rng = Rng(seed)
    while state.current_player is not None:
        legal = state.legal_action_ids()
        seat = state.current_player
        if len(legal) > 1:
            for who in (seat, (seat + 1) % players):
                assert game.greedy_choices(state, legal, who) == Game.greedy_choices(
                    game, state, legal, who
                ), state.fingerprint()
        state.step(legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_a_step_to_score_reaches_the_steps_position(
    name: str, seed: int, data: st.DataObject
) -> None:
    """``step_to_score`` (the greedy candidates' step, which a game may make cheaper, as
    Kingdoms does by not listing the next legal ids) reaches the very position ``step`` does,
    for every candidate at every position of random games."""
    for state in _positions(name, seed, data):
        for action_id in state.legal_action_ids():
            played, scored = state.clone(), state.clone()
            played.step(action_id)
            scored.step_to_score(action_id)
            assert scored.fingerprint() == played.fingerprint(), (state.fingerprint(), action_id)
            assert scored.legal_action_ids() == played.legal_action_ids()


def _positions(name: str, seed: int, data: st.DataObject) -> Iterator[State]:
    """Every position with a seat to move of a random game (the player count drawn)."""
    game = load_game(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = game.new_game(players, seed=seed)
    rng = Rng(seed)
    while state.current_player is not None:
        yield state
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_a_games_search_evaluations_are_each_seats(
    name: str, seed: int, data: st.DataObject
) -> None:
    game = load_game(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = game.new_game(players, seed=seed)
    rng = Rng(seed)
    while state.current_player is not None:
        world = state.resample(state.current_player, rng)
        assert game.search_evaluations(world) == Game.search_evaluations(game, world)
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
    assert game.search_evaluations(state) == Game.search_evaluations(game, state)


def test_courtisans_scores_plays_without_playing_them() -> None:
    """The shortcut answers an ordinary play position (no fallback to playing copies)."""
    from courtly.games.courtisans import evaluation
    from courtly.games.courtisans.state import CourtisansState

    state = load_game("courtisans").new_game(4, seed=3)
    assert isinstance(state, CourtisansState)
    legal = state.legal_action_ids()
    best = evaluation.greedy_choices(state, legal, state.current)
    assert best == Game.greedy_choices(state.game, state, legal, state.current)
