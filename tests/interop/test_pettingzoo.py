"""The games as PettingZoo AEC environments: PettingZoo's own api_test and seed_test for every
game and player count, the leak check on its observations, and the ansi render."""

from __future__ import annotations

import numpy
import pytest
from interop_support import CONFIGS, positions
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

from courtly.core.errors import IllegalActionError
from courtly.core.rng import Rng
from courtly.interop.pettingzoo import agent_name, env, raw_env


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(name, players=players), num_cycles=100)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_observation_is_resample_invariant(name: str, players: int) -> None:
    """The leak check through the environment: put a world a seat cannot tell apart in place
    of the true state and the seat's observation (tensor and mask) is unchanged."""
    environment = raw_env(name, players)
    environment.reset(seed=0)
    for state in positions(name, players, seed=5, every=13):
        if state.is_terminal:
            continue
        for seat in range(players):
            environment.core = state
            truth = environment.observe(agent_name(seat))
            environment.core = state.resample(seat, Rng(seat + 1))
            world = environment.observe(agent_name(seat))
            for key in ("observation", "action_mask"):
                assert numpy.array_equal(truth[key], world[key]), (name, seat, key)


def test_a_whole_game_ends_with_the_winners_rewarded() -> None:
    environment = env("courtisans", players=3)
    environment.reset(seed=4)
    total = dict.fromkeys(environment.possible_agents, 0.0)
    rng = Rng(1)
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, _ = environment.last()
        total[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        mask = environment.observe(agent)["action_mask"]
        legal = numpy.flatnonzero(mask)
        environment.step(int(legal[rng.below(len(legal))]))
    assert sum(total.values()) == pytest.approx(1.0)
    assert not environment.agents


def test_ansi_render_is_the_spectator_view() -> None:
    environment = env("kingdoms", players=2, render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str) and "Kingdoms" in text


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("tudor", 3, render_mode="human")
    with pytest.raises(Exception, match="players"):
        raw_env("kingdoms", 3)


def _everything(environment: AECEnv) -> tuple[object, ...]:
    agent = environment.agent_selection
    observed = environment.observe(agent)
    return (
        environment.unwrapped.core.fingerprint(),
        agent,
        observed["observation"].tobytes(),
        observed["action_mask"].tobytes(),
        dict(environment.unwrapped._cumulative_rewards),
    )


@pytest.mark.parametrize("wrapped", [False, True])
def test_an_illegal_action_is_refused_with_our_error_and_changes_nothing(wrapped: bool) -> None:
    """As the OpenSpiel adapter and ``State.apply`` refuse it: our IllegalActionError naming
    the legal choices, with nothing changed (through PettingZoo's wrappers too, which pass
    an in-range action on)."""
    environment = env("tudor", players=2) if wrapped else raw_env("tudor", 2)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    before = _everything(environment)
    for illegal in numpy.flatnonzero(mask == 0)[::40]:
        with pytest.raises(IllegalActionError, match="is not legal now for seat 1; legal: "):
            environment.step(illegal)  # a numpy integer, as a mask's nonzero() gives
        assert _everything(environment) == before
    legal = int(numpy.flatnonzero(mask)[0])
    # Not an id, even one that names a legal action (PettingZoo's bounds check, when wrapped,
    # refuses these first with its AssertionError).
    for not_an_id in [] if wrapped else [str(legal), float(legal), True]:
        with pytest.raises(IllegalActionError, match="an action is an action id"):
            environment.step(not_an_id)  # type: ignore[arg-type]
        assert _everything(environment) == before
    environment.step(legal)
    assert _everything(environment) != before
