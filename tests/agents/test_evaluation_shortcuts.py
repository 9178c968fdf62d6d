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


# The games whose greedy policy hands the search the copies it weighed (Game.greedy_afters).
HANDS_OVER_COPIES = ("for-the-king", "kingdoms", "tudor")


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_the_greedy_copies_a_search_goes_on_from_are_the_stepped_positions(
    name: str, seed: int, data: st.DataObject
) -> None:
    """``greedy_afters`` names what ``greedy_choices`` names, leaves the position as it was,
    and each copy it hands over is the position ``step`` makes from it, one that plays on
    alike (the search plays on from these copies instead of stepping again)."""
    game = load_game(name)
    for state in _positions(name, seed, data):
        legal = state.legal_action_ids()
        if len(legal) < 2:
            continue
        seat = state.current_player
        assert seat is not None
        before = state.fingerprint()
        afters: list[State] = []
        best = game.greedy_afters(state, legal, seat, afters)
        assert best == game.greedy_choices(state, legal, seat)
        assert state.fingerprint() == before
        # A game hands over a copy for every id it names, or none at all.
        assert len(afters) == (len(best) if _hands_over_copies(name, state) else 0)
        for action_id, after in zip(best[: len(afters)], afters, strict=True):
            played = state.clone()
            played.step(action_id)
            assert after.fingerprint() == played.fingerprint(), (before, action_id)
            assert after.legal_action_ids() == played.legal_action_ids()
            if after.current_player is not None:
                # The copy plays on as the stepped position does (its generator included).
                follow = played.legal_action_ids()[0]
                after.step(follow)
                played.step(follow)
                assert after.fingerprint() == played.fingerprint()


def _hands_over_copies(name: str, state: State) -> bool:
    """Whether the game's greedy policy hands the search copies at ``state``: Tudor's Ring
    draft picks and setup's Ring placings are named without playing them, so there is no copy
    to hand over."""
    if name == "tudor":
        from courtly.games.tudor.codes import M_DRAFT, M_PLACE_RING
        from courtly.games.tudor.state import TudorState

        assert isinstance(state, TudorState)
        return state.mode != M_DRAFT and not (state.mode == M_PLACE_RING and state.round == 0)
    return name in HANDS_OVER_COPIES


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
