"""What every command shares: loading a game by name, options, and clear errors."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from courtly.agents import make_agent
from courtly.core.errors import CourtlyError, RecordError, UnusableFileError, error_text
from courtly.core.i18n import text
from courtly.core.options import parse_option_pairs
from courtly.core.registry import load_game
from courtly.core.state import Game

console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def progress_bar(transient: bool = False, on: Console = err_console) -> Progress:
    """The bar long commands draw, on stderr unless told otherwise (so stdout stays clean for
    ``--json``). A bar that vanishes when done is not drawn where no terminal shows it: it
    would leave only an empty line in a pipe or a log."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=on,
        transient=transient,
        disable=transient and not on.is_terminal,
    )


# Options shared by the commands that play many games between agents.
PlayersOpt = Annotated[int, typer.Option("--players", "-p", metavar="N")]
WorkersOpt = Annotated[
    int,
    typer.Option("--workers", "-w", metavar="N"),
]
GameOptionsOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE"),
]
# ``-n``: the number of games as ``simulate`` and ``selftest`` first spelled it, before every
# command that plays many games took ``-g``/``--games``; still read, no longer shown.
OldGamesOpt = Annotated[int | None, typer.Option("-n", min=1, metavar="N", hidden=True)]


def games_given(ctx: typer.Context, games: int, old: int | None) -> int:
    """The number of games from ``-g``/``--games`` (``games``, its default if not given) or
    its old spelling ``-n`` (``old``); both given is refused, as one would be ignored."""
    if old is None:
        return games
    source = ctx.get_parameter_source("games")
    if source is not None and source.name != "DEFAULT":
        fail(text("cli.usage.games_twice"))
    return old


def title_of(game: Game) -> str:
    """The game's title in the reader's language ("For the King", "포 더 킹"), for what people
    read; its name (``for-the-king``) is what they type."""
    return game.text("game.title", None, game.title)


def check_agents(specs: Sequence[str], game: Game) -> None:
    """Refuse an unknown agent or a parameter it does not take, before any work or progress
    bar starts."""
    for spec in specs:
        make_agent(spec, game)


def milliseconds(seconds: float) -> str:
    """A time as milliseconds to two significant digits, however small (a random move's
    0.0041 ms, a search's 1,250 ms), never rounded to nothing."""
    ms = seconds * 1000
    if ms <= 0:
        return "0"
    decimals = max(0, min(6, 1 - math.floor(math.log10(ms))))
    return f"{ms:,.{decimals}f}"


def unbalanced_note(on: Console, games: int, players: int) -> None:
    """The note under a tournament's or ladder's table when the seats did not rotate evenly."""
    note = text("cli.note.unbalanced", games=f"{games:,}", players=players)
    on.print(f"[yellow]{text('cli.note')}[/yellow] {note}")


def fail(message: str | BaseException) -> NoReturn:
    """Stop with one line: ``message``, or an error shown in the reader's language; exit code
    1 for a file that cannot be used or a record that does not replay (the command was right,
    the file is not), else 2 (a mistake on the command line)."""
    shown = message if isinstance(message, str) else error_text(message)
    # The message is plain text: brackets in it ('.[cluster]') must not be read as markup.
    err_console.print(Text.assemble((text("cli.error"), "bold red"), " ", shown), soft_wrap=True)
    raise typer.Exit(code=1 if isinstance(message, RecordError | UnusableFileError) else 2)


def friendly_errors(func: F) -> F:
    """Turn courtly's errors into a one-line message, not a traceback: exit code 2 for a
    mistake on the command line, 1 for a file that cannot be used or a record that does not
    replay (the command was right, the file is not)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except CourtlyError as exc:
            fail(exc)

    return wrapper  # type: ignore[return-value]


def game_and_options(name: str, option: Sequence[str] | None) -> tuple[Game, dict[str, Any]]:
    game = load_game(name)
    return game, game.resolve_options(parse_option_pairs(list(option or [])))


def agent_specs(text: str) -> list[str]:
    """A comma-separated list of agent specs. Specs have commas of their own
    (``ismcts:iterations=5,c=1``): a new agent starts at each part without ``=`` in it, or with
    a ``:`` before its ``=``."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def split_agents(text: str | None, players: int, default: str) -> list[str]:
    """``a,b`` into one agent per seat; one name fills every seat; missing seats get ``default``.
    Commas inside parameters (``ismcts:iterations=5,c=1``) stay with their agent."""
    if not text:
        return [default] * players
    specs = agent_specs(text)
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise CourtlyError.keyed("error.cli.agents", agents=len(specs), players=players)
    return specs
