"""A typer app holding one courtly command, with the toy game loadable as "duel"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import typer
from agents_toy_duel import DUEL

import courtly
from courtly.core.state import Game


def duel_cli_app(
    register: Callable[[typer.Typer], None], monkeypatch: pytest.MonkeyPatch
) -> typer.Typer:
    real_load = courtly.load

    def load(name: str) -> Game:
        return DUEL if name == "duel" else real_load(name)

    monkeypatch.setattr(courtly, "load", load)
    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command, so typer keeps the first as a subcommand
        """Unused."""

    return app
