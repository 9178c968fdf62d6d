"""The games in OpenSpiel: registration, OpenSpiel's own random-simulation checks, our
serialization, resampling and information-state checks, and its ISMCTS playing through us."""

from __future__ import annotations

import numpy
import pyspiel
import pytest
from interop_support import CONFIGS
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import courtly
from courtly.interop import openspiel
from courtly.interop.openspiel import UNKNOWN_PAST, short_name


def _sampler(seed: int) -> object:
    rng = numpy.random.RandomState(seed)
    return rng.uniform


def test_every_game_is_registered_by_import() -> None:
    assert sorted(openspiel.GAMES) == sorted(short_name(n) for n in courtly.game_names())
    for name in openspiel.GAMES:
        assert name in pyspiel.registered_names()
    game = pyspiel.load_game("python_courtly_courtisans(players=3)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == courtly.load("courtisans").action_space_size(3)


@pytest.mark.parametrize("name", courtly.game_names())
def test_game_type_is_honest(name: str) -> None:
    kind = pyspiel.load_game(short_name(name)).get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    game = courtly.load(name)
    assert (kind.min_num_players, kind.max_num_players) == (game.min_players, game.max_players)
    assert {o.name for o in game.options} <= set(kind.parameter_specification)


def test_options_are_parameters_and_bad_ones_are_refused() -> None:
    game = pyspiel.load_game("python_courtly_kingdoms(turn_limit=50)")
    assert game.max_game_length() == 70 * 50
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_courtly_kingdoms(players=3)")
    with pytest.raises(Exception, match="spy_memory"):
        pyspiel.load_game("python_courtly_courtisans(spy_memory=maybe)")


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_openspiel_random_simulation(name: str, players: int) -> None:
    """OpenSpiel's RandomSimTest: legal actions sorted and only for the seat to act, unique
    action strings, clones equal, observations and information states of the right size for
    every seat at every step, returns within bounds and constant-sum, length within
    max_game_length. (Its serialization part needs the game's RNG state, which OpenSpiel
    does not expose for Python games; test_serialization_round_trip does that part.)"""
    game = pyspiel.load_game(short_name(name), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _random_states(game: pyspiel.Game, seed: int, every: int) -> list[pyspiel.State]:
    rng = numpy.random.RandomState(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if state.move_number() % every == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*out, state]


@pytest.mark.parametrize("name", courtly.game_names())
def test_serialization_round_trip(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    for state in _random_states(game, seed=1, every=17):
        again = game.deserialize_state(state.serialize())
        assert str(again) == str(state)
        assert again.history() == state.history()
        for seat in range(game.num_players()):
            assert again.information_state_string(seat) == state.information_state_string(seat)


def test_a_game_object_deals_the_same_games_for_the_same_seed() -> None:
    first = pyspiel.load_game("python_courtly_tudor(players=3,seed=5)")
    second = pyspiel.load_game("python_courtly_tudor(players=3,seed=5)")
    other = pyspiel.load_game("python_courtly_tudor(players=3,seed=6)")
    deals = [str(first.new_initial_state()) for _ in range(2)]
    assert deals == [str(second.new_initial_state()) for _ in range(2)]
    assert deals[0] != deals[1]
    assert str(other.new_initial_state()) != deals[0]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_resample_from_infostate(name: str, players: int) -> None:
    """OpenSpiel's ResampleInfostateTest, and the leak check on information states: a world
    drawn for a seat has that seat's information state and the same seat to act, keeps no
    other seat's decisions (they are unknown to the seat), and differs from the truth."""
    game = pyspiel.load_game(short_name(name), {"players": players})
    sampler = _sampler(3)
    redrawn = False
    for state in _random_states(game, seed=2, every=11)[:-1]:
        for seat in range(players):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert numpy.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
            assert world.current_player() == state.current_player()
            for other in range(players):
                if other != seat:
                    own = world.core.information_state_string(other, [UNKNOWN_PAST])
                    assert world.information_state_string(other) == own
            redrawn = redrawn or str(world) != str(state)
    assert redrawn


def _decisions(state: pyspiel.State, seat: int) -> list[int]:
    return [step.action for step in state.full_history() if step.player == seat]


@pytest.mark.parametrize("name", courtly.game_names())
def test_a_world_has_the_history_its_seat_knows(name: str) -> None:
    """A resampled world's history is consistent with it: each seat's decisions in it are the
    ones its information state recalls (the seat's own; one UNKNOWN_PAST for each other
    seat's), the move number is its length, and it carries on when the world is played on,
    cloned or serialized. It holds nothing the seat may not know: no other seat's action."""
    game = pyspiel.load_game(short_name(name))
    players = game.num_players()
    sampler = _sampler(5)
    for state in _random_states(game, seed=4, every=9)[:-1]:
        for seat in range(players):
            assert _decisions(state, seat) == state._own[seat]  # the true state, likewise
            world = state.resample_from_infostate(seat, sampler)
            assert (
                len(world.history())
                == world.move_number()
                == players - 1 + len(_decisions(state, seat))
            )
            for other in range(players):
                expected = _decisions(state, seat) if other == seat else [UNKNOWN_PAST]
                assert _decisions(world, other) == expected == world._own[other]
            world.apply_action(world.legal_actions()[0])
            for copy in (world.clone(), game.deserialize_state(world.serialize())):
                assert copy.history() == world.history()
                assert copy.information_state_string(seat) == world.information_state_string(seat)
            for other in range(players):
                assert _decisions(world, other) == world._own[other]


def test_information_state_recalls_own_decisions_only() -> None:
    game = pyspiel.load_game("python_courtly_courtisans(players=2)")
    state = game.new_initial_state()
    first = state.current_player()
    action = state.legal_actions()[0]
    before_other = state.information_state_string(1 - first)
    state.apply_action(action)
    mine = state.information_state_string(first)
    assert f'"own_actions":[{action}]' in mine
    assert '"own_actions":[]' in state.information_state_string(1 - first)
    assert before_other != state.information_state_string(1 - first)  # it saw the card land


def test_public_observer_is_the_spectator_view() -> None:
    game = pyspiel.load_game("python_courtly_courtisans(players=2)")
    state = game.new_initial_state()
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observation = make_observation(game, public)
    observation.set_from(state, 0)
    assert numpy.array_equal(observation.tensor, state.core.observation_tensor(None))
    assert '"viewer":null' in observation.string_from(state, 0)
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="seat's view or the public view"):
        make_observation(game, everything)


@pytest.mark.parametrize("name", ["courtisans", "kingdoms"])
def test_openspiel_ismcts_plays_through_our_registration(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=numpy.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
