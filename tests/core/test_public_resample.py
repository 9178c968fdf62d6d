"""Worlds drawn from the public view (``State.resample(None, rng)``), in every game at every
player count, over random games: what a spectator sees is kept, nothing else is (each seat's
own hand is re-drawn too), and the world depends on the public view alone."""

from __future__ import annotations

import pytest
from interop_support import CONFIGS, positions

from courtly.core.rng import Rng


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_public_world_shows_a_spectator_what_the_table_does(name: str, players: int) -> None:
    for seed in (1, 2):
        for state in positions(name, players, seed=seed, every=5):
            public = state.observation(None)
            for draw in (3, 4):
                world = state.resample(None, Rng(draw))
                world.check_invariants()
                assert world.observation(None) == public, (name, state.phase_name())
                assert world.current_player == state.current_player
                if world.current_player is not None:
                    assert world.legal_action_ids(), "a public world must play on"


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_public_world_depends_on_the_public_view_alone(name: str, players: int) -> None:
    """The honesty property: two positions a spectator cannot tell apart (the true one and a
    world drawn from its public view, whose hidden cards differ) give the same world for the
    same generator."""
    differed = False
    for state in positions(name, players, seed=5, every=4):
        other = state.resample(None, Rng(1000))
        assert other.observation(None) == state.observation(None)
        differed = differed or other.to_json() != state.to_json()
        for draw in (6, 7):
            assert state.resample(None, Rng(draw)).to_json() == (
                other.resample(None, Rng(draw)).to_json()
            ), (name, state.phase_name())
    assert differed, "the public worlds never re-drew anything"


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_public_world_redraws_every_seats_own_hidden_cards(name: str, players: int) -> None:
    """A seat's own hand is hidden from a spectator: over a game, a public world shows each
    seat something other than what the seat saw (a seat's resample would keep it)."""
    redrawn = set()
    for state in positions(name, players, seed=9, every=3):
        if state.is_terminal:
            continue
        for draw in (1, 2, 3):
            world = state.resample(None, Rng(draw))
            redrawn |= {p for p in range(players) if world.observation(p) != state.observation(p)}
        if len(redrawn) == players:
            return
    assert redrawn == set(range(players))
