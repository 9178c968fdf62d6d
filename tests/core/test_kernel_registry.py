from __future__ import annotations

import pytest

import courtly
from courtly.core.errors import UnknownGameError
from courtly.core.state import Game


def test_the_four_games_are_registered() -> None:
    assert {"courtisans", "tudor", "for-the-king", "kingdoms"} <= set(courtly.games())


def test_load_returns_a_game_with_its_declared_contract() -> None:
    for name in courtly.games():
        game = courtly.load(name)
        assert isinstance(game, Game)
        assert game.name == name
        assert 1 <= game.min_players <= game.max_players
        for option in game.options:
            assert option.description
            game.resolve_options({option.name: option.default})


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="games: courtisans"):
        courtly.load("chess")
