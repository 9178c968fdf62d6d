"""Observation tensors: fixed length along whole games, honest by construction, documented."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy
import pytest
from interop_support import CONFIGS, positions

import courtly
from courtly.core.rng import Rng
from courtly.core.tensor import TensorField, TensorWriter, layout_markdown, layout_size

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
DOC_PAGE = {"for-the-king": "for_the_king.md"}


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_length_is_fixed_and_values_finite(name: str, players: int) -> None:
    game = courtly.load(name)
    size = layout_size(game.observation_tensor_layout(players))
    for state in positions(name, players, seed=3, every=7):
        for viewer in (None, *range(players)):
            tensor = state.observation_tensor(viewer)
            assert tensor.dtype == numpy.float32
            assert tensor.shape == (size,), (name, players, state.phase_name())
            assert numpy.isfinite(tensor).all()


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_tensor_is_resample_invariant(name: str, players: int) -> None:
    """The leak check on tensors: every world a seat cannot tell apart gives it the same
    tensor, and over a game the tensors of different seats do differ (there is something
    private to hide)."""
    differs = False
    for state in positions(name, players, seed=11, every=9):
        if state.is_terminal:
            continue  # the finished game: test_finished_game_resamples_to_what_was_revealed
        mine = [state.observation_tensor(p) for p in range(players)]
        differs = differs or any(not numpy.array_equal(mine[0], t) for t in mine[1:])
        for seat in range(players):
            for seed in (1, 2):
                world = state.resample(seat, Rng(seed))
                assert numpy.array_equal(world.observation_tensor(seat), mine[seat]), (
                    f"{name}: seat {seat}'s tensor changes in a resampled world"
                )
    assert differs


@pytest.mark.parametrize("name", courtly.game_names())
def test_finished_game_resamples_to_what_was_revealed(name: str) -> None:
    """Once over, a world must still show each seat what it saw (the conformance run checks
    positions before the end only)."""
    game = courtly.load(name)
    for seed in range(3):
        *_, last = positions(name, game.max_players, seed=seed, every=10**6)
        for seat in range(game.max_players):
            world = last.resample(seat, Rng(7))
            assert numpy.array_equal(world.observation_tensor(seat), last.observation_tensor(seat))


def test_the_tensor_is_written_from_the_observation_alone() -> None:
    """Two states with equal observations for a seat (the true one and a world) are one input
    to the encoder: the game's hook takes the observation dict, never the state."""
    state = courtly.load("courtisans").new_game(3, seed=5)
    writer = TensorWriter()
    state.game.write_observation_tensor(state.observation(1), writer)
    assert numpy.array_equal(numpy.array(writer.values, numpy.float32), state.observation_tensor(1))


def test_writer_refuses_what_does_not_fit() -> None:
    writer = TensorWriter()
    with pytest.raises(ValueError, match="outside"):
        writer.one_hot("seat", 5, 4, "a seat")
    with pytest.raises(ValueError, match="3 values for 2 slots"):
        writer.numbers("scores", [1, 2, 3], 2, 1, "scores")


@pytest.mark.parametrize("name", courtly.game_names())
def test_layout_is_documented(name: str) -> None:
    """docs/games/GAME.md holds the layout table exactly as the encoder writes it."""
    game = courtly.load(name)
    layouts: dict[int, Sequence[TensorField]] = {
        n: game.observation_tensor_layout(n) for n in range(game.min_players, game.max_players + 1)
    }
    page = (DOCS / DOC_PAGE.get(name, f"{name}.md")).read_text()
    assert layout_markdown(layouts) in page, (
        f"regenerate the table: python -m courtly.interop.layouts {name}"
    )
