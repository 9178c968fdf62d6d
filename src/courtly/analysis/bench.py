"""Single-core speed of a game's engine: the figures ``courtly bench`` reports."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from courtly.core.build import build_name
from courtly.core.rng import Rng
from courtly.core.state import Game, State


def _timed(seconds: float, body: Callable[[], int]) -> float:
    """Run ``body`` (which returns how many units it did) until ``seconds`` pass; units/s."""
    units = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        units += body()
        now = time.perf_counter()
        if now >= deadline:
            return units / (now - start)


def random_playout(state: State, rng: Rng) -> int:
    """Play random legal actions to the end on the fast path; return the decision count."""
    decisions = 0
    legal = state.legal_action_ids()
    while legal:
        state.step(legal[rng.below(len(legal))])
        decisions += 1
        legal = state.legal_action_ids()
    return decisions


def _midgame_states(game: Game, num_players: int, count: int, rng: Rng) -> list[State]:
    states: list[State] = []
    for i in range(count):
        state = game.new_game(num_players, seed=i)
        # Walk a random distance into the game so clones and resamples see a real position.
        for _ in range(rng.below(40) + 5):
            legal = state.legal_action_ids()
            if not legal:
                break
            state.step(legal[rng.below(len(legal))])
        if not state.is_terminal:
            states.append(state)
    return states or [game.new_game(num_players, seed=0)]


def bench_game(game: Game, num_players: int | None = None, seconds: float = 2.0) -> dict[str, Any]:
    """Random-playout decisions/s and games/s, clones/s and resamples/s, on one core, and which
    build measured them (``"pure"`` or ``"compiled"``)."""
    players = num_players or game.min_players
    rng = Rng(12345)
    seeds = iter(range(1 << 30))
    games_done = 0
    decisions_done = 0

    def playout() -> int:
        nonlocal games_done, decisions_done
        d = random_playout(game.new_game(players, seed=next(seeds)), rng)
        games_done += 1
        decisions_done += d
        return d

    start = time.perf_counter()
    _timed(seconds, playout)
    elapsed = time.perf_counter() - start
    # Their own generator: drawn from ``rng`` after a timed phase, the positions would depend on
    # how many playouts fitted in the time, and two runs would time different positions.
    states = _midgame_states(game, players, 16, Rng(54321))
    position = iter(range(1 << 30))

    def clones() -> int:
        for s in states:
            s.clone()
        return len(states)

    def resamples() -> int:
        s = states[next(position) % len(states)]
        player = s.current_player if s.current_player is not None else 0
        s.resample(player, rng)
        return 1

    return {
        "players": players,
        "build": build_name(),
        "decisions_per_second": decisions_done / elapsed,
        "games_per_second": games_done / elapsed,
        "clones_per_second": _timed(seconds / 2, clones),
        "resamples_per_second": _timed(seconds / 2, resamples),
    }
