"""``courtly report``: a balance report (HTML page, figures, per-game CSV) from many games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from courtly.analysis.report import VARY_PLAYERS, plan_report, require_matplotlib, run_report
from courtly.analysis.runner import DEFAULT_SEED
from courtly.cli.common import (
    GameOptionsOpt,
    PlayersOpt,
    WorkersOpt,
    console,
    friendly_errors,
    progress_bar,
    split_agents,
    title_of,
)
from courtly.cli.running import (
    AddressOpt,
    BackendOpt,
    interruptible,
    make_runner,
    refuse_plainly,
)
from courtly.core.errors import CourtlyError
from courtly.core.i18n import text
from courtly.core.options import parse_option_pairs
from courtly.core.registry import load_game


def report(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    out: Annotated[Path, typer.Option("--out", metavar="FOLDER")],
    players: PlayersOpt = 2,
    games: Annotated[int, typer.Option("--games", "-g", metavar="N")] = 1000,
    agents: Annotated[str | None, typer.Option("--agents", "-a", metavar="AGENTS")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = DEFAULT_SEED,
    option: GameOptionsOpt = None,
    vary: Annotated[str | None, typer.Option("--vary", metavar="OPTION")] = None,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    try:
        require_matplotlib()
    except CourtlyError as exc:
        refuse_plainly(str(exc))
    loaded = load_game(game)
    options = parse_option_pairs(list(option or []))  # as given: --vary may not repeat one
    name, _, listed = (vary or "").partition("=")
    if name.strip() == VARY_PLAYERS:  # the agents are those of the largest count's seats
        counts = [int(v) for v in listed.split("/") if v.strip().isdigit()]
        players = max(counts, default=loaded.max_players)
    loaded.check_players(players)
    specs = split_agents(agents, players, "random")
    runner = make_runner(backend, workers, address)
    plan = plan_report(loaded.name, specs, games, seed, options, vary, out)
    bar = progress_bar()
    task = bar.add_task(text("cli.progress.report", game=title_of(loaded)), total=games)

    def advance(done: int, total: int) -> None:
        # The bar appears at the first count, which comes once the --out folder has been read
        # and found to be this report's: a refusal of it is then the only line.
        bar.start()
        bar.update(task, completed=done, total=total)

    try:
        result = run_report(plan, runner, progress=advance)
    finally:
        if bar.live.is_started:  # a bar never shown would still leave an empty line
            bar.stop()
    tally = result.tally.overall
    console.print(
        text(
            "cli.report.done",
            games=f"{tally.games:,}",
            played=f"{result.played:,}",
            failed=f"{tally.errors:,}",
            page=result.page,
        ),
        highlight=False,
    )
    if tally.errors:
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    """Add the ``report`` command to the main courtly app."""
    app.command("report")(friendly_errors(interruptible("cli.interrupted.report")(report)))
