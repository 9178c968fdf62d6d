"""``courtly tournament``: many games between agents, seats rotated, with a results table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import courtly
from courtly.analysis.report.labels import interval_text, number
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.runner import DEFAULT_SEED
from courtly.analysis.tournament import TournamentResult, run_tournament, tournament_tasks
from courtly.cli.common import (
    GameOptionsOpt,
    PlayersOpt,
    WorkersOpt,
    agent_specs,
    fail,
    milliseconds,
    progress_bar,
    title_of,
    unbalanced_note,
)
from courtly.cli.running import AddressOpt, BackendOpt, interruptible, make_runner
from courtly.cli.tables import WholeTable
from courtly.core.errors import CourtlyError
from courtly.core.i18n import text
from courtly.core.options import parse_option_pairs


def results_table(result: TournamentResult) -> WholeTable:
    table = Table(
        title=text(
            "cli.tournament.title",
            game=title_of(courtly.load(result.game)),
            players=result.players,
            games=f"{result.games:,}",
            seed=result.seed,
        ),
        # What the seats and the times are: the headings are short, to fit 80 columns.
        caption=text("cli.tournament.caption"),
        caption_justify="left",
    )
    table.add_column(text("cli.agents.agent"))
    for heading in (text("cli.tournament.seats"), text("cli.tournament.win")):
        table.add_column(heading, justify="right")
    # An interval is one figure: it wraps as a whole, never "44%" over "to" over "97%".
    table.add_column(text("cli.stats.ci"), justify="right", no_wrap=True)
    for heading in (
        text("cli.tournament.score"),
        "Elo",  # a name, in every language
        text("cli.tournament.seconds"),
        text("cli.tournament.cpu"),
        text("cli.tournament.max_cpu"),
    ):
        table.add_column(heading, justify="right")
    for name, stats in result.stats.items():
        low, high = stats.ci95
        table.add_row(
            name,
            str(result.agents.count(name)),
            f"{stats.win_rate:.1%}",
            interval_text(low, high, 0, percent=True),
            number(stats.mean_score, 2),
            number(result.elo[name], 0, signed=True),
            milliseconds(stats.seconds_per_decision),
            milliseconds(stats.cpu_seconds_per_decision),
            milliseconds(stats.max_cpu_seconds),
        )
    return WholeTable(table)


def tournament(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[str, typer.Option("--agents", "-a", metavar="AGENTS")],
    players: PlayersOpt = 2,
    games: Annotated[int, typer.Option("--games", "-g", metavar="N")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = DEFAULT_SEED,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: GameOptionsOpt = None,
    results: Annotated[Path | None, typer.Option("--results", "-r", metavar="FILE")] = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    specs = agent_specs(agents)
    try:
        chosen = courtly.load(game)
        options = parse_option_pairs(option or [])
        runner = make_runner(backend, workers, address)
        # Refuse a bad agent list or option before the progress bar appears.
        tasks = tournament_tasks(chosen, players, specs, games, seed, options)
        saved = None
        if results is not None:
            key = tournament_key(chosen.name, players, specs, seed, tasks[0].options)
            saved = ResultsFile(results, key)
            saved.load(tasks)  # a file of another tournament is refused before the bar
        with progress_bar(transient=as_json) as bar:
            label = text("cli.progress.tournament", game=title_of(chosen))
            task = bar.add_task(label, total=games)
            result = run_tournament(
                chosen,
                players,
                specs,
                games,
                seed=seed,
                options=options,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
                results=saved,
                runner=runner,
            )
    except CourtlyError as exc:
        fail(exc)
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=None))
        return
    console = Console()
    console.print(results_table(result))
    if not result.seats_balanced:
        unbalanced_note(console, games, players)


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to the main courtly app."""
    app.command("tournament")(interruptible("cli.interrupted.tournament")(tournament))
