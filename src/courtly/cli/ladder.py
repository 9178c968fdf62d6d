"""``courtly ladder``: does each agent beat the one below it? Win rates per step, one Elo scale."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import courtly
from courtly.analysis.ladder import LadderResult, check_ladder, run_ladder
from courtly.analysis.report.labels import interval_text, number
from courtly.analysis.runner import DEFAULT_SEED
from courtly.cli.common import (
    GameOptionsOpt,
    PlayersOpt,
    WorkersOpt,
    agent_specs,
    friendly_errors,
    progress_bar,
    title_of,
    unbalanced_note,
)
from courtly.cli.running import AddressOpt, BackendOpt, interruptible, make_runner
from courtly.cli.tables import WholeTable
from courtly.core.i18n import text
from courtly.core.options import parse_option_pairs

VERDICT_STYLE = {"shown": "green", "not shown": "yellow", "reversed": "red"}


def steps_table(result: LadderResult) -> WholeTable:
    games = result.steps[0].games
    table = Table(
        title=text(
            "cli.ladder.title",
            game=title_of(courtly.load(result.game)),
            players=result.players,
            games=f"{games:,}",
            seed=result.seed,
        )
    )
    table.add_column(text("cli.ladder.step"), justify="left")
    for key in ("cli.ladder.games", "cli.tournament.win", "cli.stats.ci", "cli.ladder.beats"):
        # An interval stays on one line ("44% to 97%" cut after "to" reads as two figures).
        table.add_column(text(key), justify="right", no_wrap=key == "cli.stats.ci")
    for step in result.steps:
        low, high = step.ci95
        if result.players == 2:
            against = text("cli.ladder.against", upper=step.upper, lower=step.lower)
        else:
            against = text(
                "cli.ladder.against_many",
                upper=step.upper,
                n=result.players - 1,
                lower=step.lower,
            )
        style = VERDICT_STYLE[step.verdict]
        verdict = text(f"cli.ladder.verdict.{step.verdict.replace(' ', '_')}")
        table.add_row(
            against,
            str(step.games),
            f"{step.win_rate:.1%}",
            interval_text(low, high, 0, percent=True),
            f"[{style}]{verdict}[/{style}]",
        )
    return WholeTable(table)


def elo_table(result: LadderResult) -> WholeTable:
    table = Table(title=f"Elo, {result.agents[0]} = 0")
    table.add_column(text("cli.agents.agent"))
    table.add_column("Elo", justify="right")
    for name in result.agents:
        table.add_row(name, number(result.elo[name], 0, signed=True))
    return WholeTable(table)


def ladder(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", metavar="AGENTS")
    ] = "random,easy,medium,hard",
    players: PlayersOpt = 2,
    games: Annotated[int, typer.Option("--games", "-g", metavar="N")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = DEFAULT_SEED,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: GameOptionsOpt = None,
    results: Annotated[Path | None, typer.Option("--results", "-r", metavar="FOLDER")] = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    specs = agent_specs(agents)
    chosen = courtly.load(game)
    options = parse_option_pairs(option or [])
    runner = make_runner(backend, workers, address)
    # Refuse a bad ladder or option before the progress bar appears.
    steps = check_ladder(chosen, players, specs, games, seed, options)
    with progress_bar(transient=as_json) as bar:
        label = text("cli.progress.ladder", game=title_of(chosen))
        task = bar.add_task(label, total=games * len(steps))
        result = run_ladder(
            chosen,
            players,
            specs,
            games,
            seed=seed,
            options=options,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            results_dir=results,
            runner=runner,
        )
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    console.print(steps_table(result))
    console.print(elo_table(result))
    if games % players:
        unbalanced_note(console, games, players)


def register(app: typer.Typer) -> None:
    """Add the ``ladder`` command to the main courtly app."""
    app.command("ladder")(friendly_errors(interruptible("cli.interrupted.ladder")(ladder)))
