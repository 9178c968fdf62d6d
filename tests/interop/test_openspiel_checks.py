"""What the OpenSpiel adapter refuses and what it reads: an illegal action is refused with our
own error and changes nothing (not the position, not OpenSpiel's history, not any seat's
information state); a text option's list is written in a game string with ``;``."""

from __future__ import annotations

import pyspiel
import pytest

import courtly
from courtly.core.errors import IllegalActionError
from courtly.interop import openspiel
from courtly.interop.openspiel import short_name


def _played(state: pyspiel.State, moves: int) -> pyspiel.State:
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return state


def _everything(state: pyspiel.State) -> tuple[object, ...]:
    seats = range(state.num_players())
    return (
        state.core.fingerprint(),
        state.history(),
        state.move_number(),
        state.current_player(),
        state.legal_actions(),
        [state.information_state_string(seat) for seat in seats],
        [state.observation_string(seat) for seat in seats],
    )


@pytest.mark.parametrize("name", courtly.game_names())
def test_an_illegal_action_is_refused_with_our_error_and_changes_nothing(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    for moves in (0, 5):
        state = _played(game.new_initial_state(), moves)
        legal = set(state.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
        before = _everything(state)
        for action in [*illegal[:: max(1, len(illegal) // 25)], game.num_distinct_actions()]:
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            assert _everything(state) == before, (name, moves, action)
        # A clone's check is its own: it plays on, and the original still refuses.
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        with pytest.raises(IllegalActionError):
            state.apply_action(illegal[0])
        assert _everything(state) == before


def test_the_refusal_names_the_legal_choices_and_the_end_is_refused_too() -> None:
    game = pyspiel.load_game("python_courtly_courtisans(players=2)")
    state = game.new_initial_state()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not legal now for seat 1; legal: play"):
        state.apply_action(illegal)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)


def test_a_legal_action_still_plays_and_is_recalled() -> None:
    game = pyspiel.load_game("python_courtly_kingdoms")
    state = game.new_initial_state()
    seat = state.current_player()
    action = state.legal_actions()[-1]
    state.apply_action(action)
    assert state.history() == [action]
    assert f'"own_actions":[{action}]' in state.information_state_string(seat)


def test_list_options_are_written_with_semicolons_in_a_game_string() -> None:
    scoring = pyspiel.load_game("python_courtly_tudor(scoring=4;1)")
    assert scoring.new_initial_state().core.options["scoring"] == "1,4"
    novices = pyspiel.load_game("python_courtly_tudor(players=3,novice=1;3)")
    assert novices.new_initial_state().core.options["novice"] == "1,3"
    # A lone number would be read by OpenSpiel as an integer: a ';' after it keeps it text.
    one = pyspiel.load_game("python_courtly_tudor(players=3,novice=2;)")
    assert one.new_initial_state().core.options["novice"] == "2"
    # The dict form takes our own text; either way the game's string loads the same game.
    given = pyspiel.load_game("python_courtly_tudor", {"scoring": "1,4", "novice": "1,2"})
    for game in (scoring, novices, one, given):
        again = pyspiel.load_game(str(game))
        assert again.get_parameters() == game.get_parameters()
        assert again.new_initial_state().core.options == game.new_initial_state().core.options
    assert "scoring=1;4" in str(given) and "novice=1;2" in str(given)


def test_game_string_values_read_back() -> None:
    for ours in ("", "1,4", "2", "all", "true", "edition", "1,2,3"):
        assert openspiel.from_game_string(openspiel.to_game_string(ours)) == ours
    assert openspiel.to_game_string("2") == "2;"
    assert openspiel.to_game_string("1,3") == "1;3"


@pytest.mark.parametrize("name", courtly.game_names())
def test_the_information_state_tensor_is_declared_absent_and_refused(name: str) -> None:
    """As OpenSpiel's own games that provide none: the game type says so, and asking for one
    (the state's tensor, the game's shape or size, from Python or through C++) is OpenSpiel's
    SpielError, never an empty vector a learner would silently train on."""
    game = pyspiel.load_game(short_name(name))
    assert not game.get_type().provides_information_state_tensor
    state = _played(game.new_initial_state(), 3)
    asks = (
        lambda: state.information_state_tensor(),
        lambda: state.information_state_tensor(0),
        lambda: pyspiel.State.information_state_tensor(state, 0),  # OpenSpiel's C++ path
        game.information_state_tensor_shape,
        game.information_state_tensor_size,
    )
    for ask in asks:
        with pytest.raises(pyspiel.SpielError, match="InformationStateTensor unimplemented"):
            ask()
    # The information state itself, and the observation's tensor, are given as before.
    assert '"own_actions"' in state.information_state_string(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size() > 0
