from __future__ import annotations

import inspect
import types

import pytest

import courtly
import courtly.games.tudor  # binds ``courtly.games`` to the games' package
from courtly.core.errors import UnknownGameError
from courtly.core.state import Game


def test_the_four_games_are_registered() -> None:
    assert {"courtisans", "tudor", "for-the-king", "kingdoms"} <= set(courtly.game_names())


def test_the_games_are_listed_by_a_plain_function_beside_a_plain_package() -> None:
    assert inspect.isfunction(courtly.game_names)
    assert type(courtly.games) is types.ModuleType  # no module class made callable
    assert courtly.game_names() == sorted(courtly.game_names())


def test_load_returns_a_game_with_its_declared_contract() -> None:
    for name in courtly.game_names():
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
