"""Tudor's greedy policy names the setup's Ring placings without playing them (a third of the
greedy decisions of a search from the opening), and names exactly what playing every
candidate and keeping the best heuristic names, for every seat, under every option that
changes what follows the placings (player count, Scenario card, novice seats, variant)."""

from __future__ import annotations

from typing import Any

import pytest

from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.tudor import GAME, evaluation
from courtly.games.tudor.codes import M_PLACE_RING
from courtly.games.tudor.state import TudorState

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"scenario": 3}),
    (4, {"scenario": 5, "variant": "opportunity"}),
    (2, {"novice": "1,2", "edition": "v15"}),
    (3, {"setup": "random"}),
]


def _setup_placings(players: int, options: dict[str, Any], seed: int) -> list[TudorState]:
    """Every Ring placing of a random setup (the draft played at random too)."""
    state = GAME.new_game(players, seed=seed, options=options)
    assert isinstance(state, TudorState)
    rng = Rng(seed)
    found = []
    while state.round == 0:
        legal = state.legal_action_ids()
        if state.mode == M_PLACE_RING:
            found.append(state.clone())
        state.step(legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_setup_ring_placings_are_named_without_playing_them(
    players: int, options: dict[str, Any]
) -> None:
    seen = 0
    for seed in range(6):
        for state in _setup_placings(players, options, seed):
            legal = state.legal_action_ids()
            named = evaluation.greedy_choices(state, legal)
            assert named == legal, (state.fingerprint(), named)
            for seat in range(players):
                played: list[State] = []
                assert GAME.greedy_afters(state, legal, seat, played) == Game.greedy_choices(
                    GAME, state, legal, seat
                )
                assert played == []  # nothing was played to weigh them
            seen += 1
    assert seen >= 6 * players * 2  # two drafted Rings a seat, each a placing


def test_a_placing_after_setup_is_still_played_to_be_weighed() -> None:
    """Once the game is under way a Ring's finger may be followed by a move that reads the
    fingers (an enhanced action), so those placings are played and scored as before."""
    state = _setup_placings(2, {}, 1)[0]
    state.round = 1
    assert evaluation.greedy_choices(state, state.legal_action_ids()) is None
