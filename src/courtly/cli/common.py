"""What every command shares: loading a game by name, options, and clear errors."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from courtly.core.errors import CourtlyError
from courtly.core.options import parse_option_pairs
from courtly.core.registry import load_game
from courtly.core.state import Game

console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code=2)


def friendly_errors(func: F) -> F:
    """Turn courtly's errors into a one-line message and exit code 2, not a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CourtlyError as exc:
            fail(str(exc))

    return wrapper  # type: ignore[return-value]


def game_and_options(name: str, option: Sequence[str] | None) -> tuple[Game, dict[str, Any]]:
    game = load_game(name)
    return game, game.resolve_options(parse_option_pairs(list(option or [])))


def split_agents(text: str | None, players: int, default: str) -> list[str]:
    """``a,b`` into one agent per seat; one name fills every seat; missing seats get ``default``.
    Commas inside parameters (``ismcts:iterations=5,c=1``) stay with their agent."""
    if not text:
        return [default] * players
    specs: list[str] = []
    for part in text.split(","):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part.strip())
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise CourtlyError(f"{len(specs)} agents named for {players} players")
    return specs
