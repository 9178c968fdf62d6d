from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from highcards import HighCards

from courtly.cli.common import console, err_console
from courtly.core import registry


@pytest.fixture
def registered_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[HighCards]:
    """The toy game, loadable by name as 'high-cards' (in this process only)."""
    game = HighCards()
    monkeypatch.setitem(registry._loaded, game.name, game)
    yield game


@pytest.fixture(autouse=True)
def saved_games_in_tmp(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A game stopped without --save goes to the user's data folder: here, a temporary one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def columns(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], None]]:
    """Set the terminal's width for the commands run in this process (the shared consoles and
    the ones a command makes, its help's among them)."""

    def set_width(width: int) -> None:
        monkeypatch.setenv("COLUMNS", str(width))
        monkeypatch.setattr(console, "_width", width)
        monkeypatch.setattr(err_console, "_width", width)

    yield set_width
