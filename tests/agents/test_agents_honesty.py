"""Honesty: a bot's choice depends only on what its seat knows.

Two states with the same observation for the bot's seat but different hidden cards (the
second made with ``state.resample(seat, rng)``) must lead to the same choice with the same
seed, for every agent, in the toy game and in every registered game that loads.
"""

from __future__ import annotations

import pytest
from agents_toy_duel import DUEL

import courtly
from courtly.agents import make_agent, parse_agent_spec
from courtly.agents.levels import LEVELS, level_spec
from courtly.core.registry import game_names
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.state import Game, State

SEARCH_ITERATIONS = 24


def agent_specs(game_name: str) -> list[str]:
    """Every registered kind of agent, with search budgets cut down so the test stays fast."""
    # Rollouts to the end are tested on the toy game; real games cut them off to stay fast.
    depth = "end" if game_name == "duel" else "10"
    specs = ["random", "greedy", f"ismcts:iterations={SEARCH_ITERATIONS},depth={depth}"]
    specs.append(f"ismcts:iterations={SEARCH_ITERATIONS},depth=4,rollout=greedy")
    specs.append(f"ismcts:iterations={SEARCH_ITERATIONS},depth=0,opponents=policy,rollout=greedy")
    for level in LEVELS:
        kind, _params = parse_agent_spec(level_spec(game_name, level))
        # A generous time cap, so only the iteration budget ever ends these searches.
        cut = f"{level}:iterations={SEARCH_ITERATIONS},seconds=60"
        specs.append(cut if kind == "ismcts" else level)
    return specs


def positions(game: Game, num_players: int, seed: int, wanted: int = 3) -> list[State]:
    """Positions along a random game where the seat to move has a real choice."""
    state = game.new_game(num_players, seed=seed)
    rng = Rng(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal and len(found) < wanted:
        legal = state.legal_action_ids()
        if len(legal) > 1 and step % 7 == 0:
            found.append(state.clone())
        state.step(legal[rng.below(len(legal))])
        step += 1
    return found


def check_same_choice(game: Game, state: State, spec: str) -> bool:
    """Asserts the same choice in ``state`` and a resampled twin; True if the twin differed."""
    seat = state.current_player
    assert seat is not None
    twin = state.resample(seat, Rng(0xC0FFEE))
    assert twin.observation(seat) == state.observation(seat)
    real = make_agent(spec, game).act(SeatView(state, seat), Rng(99))
    other = make_agent(spec, game).act(SeatView(twin, seat), Rng(99))
    assert real == other, f"{spec} chose {real} with the true cards but {other} with others"
    return twin.fingerprint() != state.fingerprint()


@pytest.mark.parametrize("spec", agent_specs("duel"))
def test_toy_game_choices_ignore_hidden_cards(spec: str) -> None:
    differed = 0
    for seed in range(4):
        for state in positions(DUEL, 2, seed):
            differed += check_same_choice(DUEL, state, spec)
    assert differed > 0  # the twins really had different hidden cards


def loadable_game(name: str) -> Game:
    try:
        return courtly.load(name)
    except Exception as exc:  # a game package still being written
        pytest.skip(f"game {name!r} does not load yet ({type(exc).__name__}: {exc})")


CASES = [(name, spec) for name in game_names() for spec in agent_specs(name)]


@pytest.mark.parametrize(("game_name", "spec"), CASES)
def test_registered_game_choices_ignore_hidden_cards(game_name: str, spec: str) -> None:
    game = loadable_game(game_name)
    for num_players in sorted({game.min_players, min(game.max_players, 4)}):
        for state in positions(game, num_players, seed=5, wanted=2):
            check_same_choice(game, state, spec)
