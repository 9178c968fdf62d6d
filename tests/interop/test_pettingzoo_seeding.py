"""The PettingZoo environment deals courtly's games: ``reset(seed=s)`` is the game of seed ``s``
(``new_game``, a record, ``courtly simulate``), later resets without a seed follow a sequence
that repeats; our state is ``core``, so PettingZoo's ``state()`` keeps its meaning."""

from __future__ import annotations

import pytest

import courtly
from courtly.core.errors import CourtlyError
from courtly.core.rng import Rng
from courtly.core.table import Table
from courtly.interop.pettingzoo import CourtlyAECEnv, env, raw_env


@pytest.mark.parametrize("name", courtly.game_names())
def test_reset_with_a_seed_deals_the_game_of_that_seed(name: str) -> None:
    game = courtly.load(name)
    environment = raw_env(name, players=game.min_players)
    for seed in (7, 0, 2**40):
        environment.reset(seed=seed)
        assert environment.core is not None and environment.game_seed == seed
        expected = game.new_game(game.min_players, seed=seed).fingerprint()
        assert environment.core.fingerprint() == expected
        assert Table(game, game.min_players, seed=seed).state.fingerprint() == expected


def test_resets_without_a_seed_follow_the_seeded_one_and_repeat() -> None:
    def seeds(environment: CourtlyAECEnv) -> list[int | None]:
        out = []
        for _ in range(3):
            environment.reset()
            out.append(environment.game_seed)
        return out

    first, second = raw_env("courtisans", 3), raw_env("courtisans", 3)
    first.reset(seed=11)
    second.reset(seed=11)
    later = seeds(first)
    assert later == seeds(second)
    draws = Rng(11)
    assert later == [draws.next_u64() for _ in range(3)]
    game = courtly.load("courtisans")
    assert first.core is not None and first.game_seed is not None
    assert first.core.fingerprint() == game.new_game(3, seed=first.game_seed).fingerprint()
    fresh = raw_env("courtisans", 3)
    fresh.reset()
    assert fresh.game_seed is not None and fresh.core is not None


def test_a_numpy_seed_is_a_seed_and_a_bad_one_is_refused() -> None:
    numpy = pytest.importorskip("numpy")
    environment = raw_env("kingdoms", 2)
    environment.reset(seed=numpy.int64(5))
    assert environment.game_seed == 5 and type(environment.game_seed) is int
    with pytest.raises(CourtlyError, match="a seed must be an integer"):
        environment.reset(seed="5")  # type: ignore[arg-type]


def test_our_state_is_core_and_state_is_pettingzoos_method() -> None:
    for environment in (raw_env("tudor", 2), env("tudor", players=2)):
        environment.reset(seed=3)
        assert environment.core is not None and environment.core.game.name == "tudor"
        # PettingZoo's global state: not implemented (we have no vector of the whole position;
        # the true state, every hand in it, is never handed out as an observation).
        with pytest.raises(NotImplementedError):
            environment.state()
