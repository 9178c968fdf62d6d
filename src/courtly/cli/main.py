"""The ``courtly`` command."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated

import typer
from rich.progress import TaskID
from rich.table import Table

from courtly.agents import agent_kinds
from courtly.agents.ismcts import ismcts_iterations_per_second
from courtly.analysis.bench import bench_game
from courtly.analysis.report.labels import interval_text, number
from courtly.analysis.runner import DEFAULT_SEED
from courtly.analysis.simulate import simulate as run_simulation
from courtly.cli import ladder, report, tournament
from courtly.cli import play as play_module
from courtly.cli import serve as serve_module
from courtly.cli.app import CourtlyApp
from courtly.cli.common import (
    OldGamesOpt,
    check_agents,
    console,
    err_console,
    fail,
    friendly_errors,
    game_and_options,
    games_given,
    progress_bar,
    split_agents,
    title_of,
)
from courtly.cli.files import check_folder
from courtly.cli.replay import replay_record
from courtly.cli.review import review_files, review_viewer
from courtly.cli.review_spectator import review_spectator_files
from courtly.cli.running import (
    AddressOpt,
    BackendOpt,
    interruptible,
    make_runner,
)
from courtly.cli.scoreboard import HUMAN
from courtly.cli.tables import WholeTable
from courtly.core.build import build_name
from courtly.core.errors import CourtlyError, OptionError, UnusableFileError
from courtly.core.i18n import (
    COURTLY,
    LANGUAGES,
    check_language,
    language_from_env,
    text,
    using,
)
from courtly.core.options import Option, typed
from courtly.core.registry import game_names, load_game
from courtly.core.rng import fresh_seed
from courtly.core.state import Game
from courtly.testing.conformance import run_conformance

# Each command's description and each option's help are the courtly catalogue's
# (``cli.help.COMMAND``, ``cli.help.COMMAND.PARAM``), in the reader's language: see
# ``courtly.cli.helptext``. The commands' functions hold no help text of their own.
app = CourtlyApp(
    name="courtly",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE"),
]
SeedArg = Annotated[
    int | None,
    typer.Option("--seed", "-s", metavar="SEED"),
]
GameArg = Annotated[str, typer.Argument(metavar="GAME")]
WorkersArg = Annotated[int, typer.Option("--workers", "-w", metavar="N")]


@app.callback()
def choose_language(
    ctx: typer.Context,
    # Eager: read before ``--help``, whose text is in that language (``courtly --lang ko --help``).
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", is_eager=True)] = None,
) -> None:
    try:
        chosen = check_language(lang) if lang is not None else language_from_env()
    except ValueError:
        # The usage line around it reads in the environment's language (cli/app.py).
        unknown = text(
            "cli.lang.unknown", language_from_env(), tag=lang, languages=", ".join(LANGUAGES)
        )
        raise typer.BadParameter(unknown, param_hint="--lang") from None
    # The language holds for this command only (tests run many commands in one process).
    ctx.with_resource(using(chosen))


@app.command()
def games() -> None:
    table = Table(title=text("cli.games.heading"))
    table.add_column(text("cli.games.name"), style="bold")
    table.add_column(text("cli.games.title"))
    table.add_column(text("cli.games.players"))
    table.add_column(text("cli.games.options"))
    for name in game_names():
        try:
            game = load_game(name)
        except Exception as exc:  # a broken plug-in must not hide the others
            table.add_row(name, f"[red]{text('cli.games.cannot_load', error=exc)}[/]", "", "")
            continue
        options = "\n".join(
            text(
                "cli.games.option",
                name=o.name,
                default=default_words(o),
                allowed=o.allowed_text(),
                help=game.option_help(o),
            )
            for o in game.options
        )
        title = title_of(game)
        counts = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        table.add_row(name, title, counts, options or "-")
    console.print(WholeTable(table))
    kinds = Table(title=text("cli.agents.heading"))
    kinds.add_column(text("cli.agents.agent"), style="bold")
    kinds.add_column(text("cli.agents.what"))
    for kind, description in by_strength(agent_kinds()):
        kinds.add_row(kind, plain_words(kind, description))
    console.print(WholeTable(kinds))


def default_words(option: Option) -> str:
    """An option's default as a player types it: the value itself; an empty one (nothing
    given) as ``false`` where the option reads false as it (Tudor's ``novice``: no seat),
    else "not set" (Tudor's ``scoring``: the setup's cards). Never "empty", which nobody types."""
    if option.default != "":
        return typed(option.default)
    try:
        off = option.coerce(typed(False))
    except OptionError:
        off = None
    return typed(False) if off == option.default else text("cli.games.empty")


def by_strength(kinds: Mapping[str, str]) -> list[tuple[str, str]]:
    """The agent kinds as a player meets them: the levels weakest first, in the order their
    ratings are calibrated in (``courtly.analysis.ratings.bots.LEVELS``: random, greedy, easy,
    medium, hard), then the configurable searches and plug-ins by name (``ismcts``)."""
    # Imported here: the ratings bring OpenSkill, which only this command needs.
    from courtly.analysis.ratings.bots import LEVELS

    def rank(kind: str) -> tuple[int, str]:
        return (LEVELS.index(kind) if kind in LEVELS else len(LEVELS), kind)

    return sorted(kinds.items(), key=lambda item: rank(item[0]))


def plain_words(kind: str, description: str) -> str:
    """What playing against ``kind`` is like, in the words the browser's seat list uses
    (``agent.about.KIND``, one catalogue for both), where the catalogue has them: a level is
    told by how it plays, not by the search spec it stands for. A research kind (``ismcts``)
    or a plug-in's keeps its own description, its parameters being what it is about."""
    about = f"agent.about.{kind}"
    return text(about) if COURTLY.has(about) else description


@app.command()
@friendly_errors
def play(
    game: Annotated[str | None, typer.Argument(metavar="GAME")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", metavar="N")] = None,
    seat: Annotated[list[str] | None, typer.Option(metavar="SEAT")] = None,
    seed: SeedArg = None,
    option: OptionArg = None,
    save: Annotated[str | None, typer.Option(metavar="FILE")] = None,
    resume: Annotated[str | None, typer.Option(metavar="FILE")] = None,
) -> None:
    if resume is not None:
        if game is not None or players is not None or seed is not None or option:
            fail(CourtlyError.keyed("error.cli.resume"))
        table = play_module.resumed_table(resume, seat)
        if table.state.is_terminal:
            # Nothing to go on with, and the file is left as it was (it was once written again).
            fail(UnusableFileError.keyed("error.cli.resume_over", path=resume))
        play_module.run(table, save or resume)
        return
    if game is None:
        fail(CourtlyError.keyed("error.cli.no_game"))
    loaded, options = game_and_options(game, option)
    seats = list(seat or [HUMAN])
    count = players if players is not None else max(len(seats), loaded.min_players)
    loaded.check_players(count)
    if len(seats) > count:
        fail(CourtlyError.keyed("error.cli.seats", seats=len(seats), players=count))
    seats += [play_module.DEFAULT_BOT] * (count - len(seats))
    table = play_module.new_table(loaded, seats, fresh_seed() if seed is None else seed, options)
    play_module.run(table, save)


@app.command()
@friendly_errors
@interruptible()
def simulate(
    ctx: typer.Context,
    game: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", metavar="N")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, metavar="N")] = 100,
    old_games: OldGamesOpt = None,
    agents: Annotated[str | None, typer.Option("--agents", "-a", metavar="AGENTS")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = DEFAULT_SEED,
    workers: WorkersArg = 1,
    option: OptionArg = None,
    save_dir: Annotated[str | None, typer.Option(metavar="FOLDER")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    games = games_given(ctx, games, old_games)
    loaded, options = game_and_options(game, option)
    loaded.check_players(players)
    specs = split_agents(agents, players, "random")
    check_agents(specs, loaded)
    save_dir = None if save_dir is None else str(check_folder(save_dir))
    runner = make_runner(backend, workers, address)
    if as_json:
        summary = run_simulation(
            game, specs, games, seed, options, save_dir=save_dir, runner=runner
        )
    else:
        with progress_bar(on=console) as progress:
            task = progress.add_task(
                text("cli.progress.players", game=title_of(loaded), players=players), total=games
            )
            summary = run_simulation(
                game,
                specs,
                games,
                seed,
                options,
                save_dir=save_dir,
                progress=lambda k: progress.advance(task, k),
                runner=runner,
            )
    data = summary.to_json()
    if as_json:
        print(json.dumps(data))
    else:
        counts = {"games": f"{data['games']:,}", "errors": f"{data['errors']:,}"}
        table = Table(title=text("cli.simulate.title", title=title_of(loaded), **counts))
        # Figures stand right-aligned, as in every other table of figures; the agent is text.
        table.add_column(text("cli.scores.seat"), justify="right")
        table.add_column(text("cli.agents.agent"))
        table.add_column(text("cli.stats.win_rate"), justify="right")
        # An interval is one figure: it wraps as a whole ("0.181 to" over "0.567" reads as two).
        table.add_column(text("cli.stats.ci"), justify="right", no_wrap=True)
        table.add_column(text("cli.stats.mean_score"), justify="right")
        for p in range(players):
            low, high = data["ci95_by_seat"][p]
            table.add_row(
                str(p + 1),
                specs[p],
                f"{data['win_rate_by_seat'][p]:.3f}",
                interval_text(low, high, 3),
                number(data["mean_score_by_seat"][p], 2),
            )
        console.print(WholeTable(table))
        console.print(
            text(
                "cli.simulate.speed",
                mean=f"{data['mean_decisions']:,.1f}",
                rate=f"{data['decisions_per_second']:,.0f}",
            )
        )
        for outcome in summary.errors[:5]:
            failed = text("cli.simulate.failed", index=outcome.index, error=outcome.error)
            console.print(f"[red]{failed}[/]")
    if summary.errors:
        raise typer.Exit(code=1)


@app.command()
@friendly_errors
@interruptible()
def selftest(
    ctx: typer.Context,
    game: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p", metavar="N")] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, metavar="N")] = 200,
    old_games: OldGamesOpt = None,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = (DEFAULT_SEED),
    workers: WorkersArg = 1,
    option: OptionArg = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    games = games_given(ctx, games, old_games)
    loaded, options = game_and_options(game, option)
    runner = make_runner(backend, workers, address)
    counts = [players] if players else list(range(loaded.min_players, loaded.max_players + 1))
    for count in counts:  # before the progress bar: a refusal is then the only line
        loaded.check_players(count)
    failed = False
    with progress_bar(on=console) as progress:
        for count in counts:
            task = progress.add_task(
                text("cli.progress.players", game=title_of(loaded), players=count), total=games
            )

            def advance(done: int, task: TaskID = task) -> None:
                progress.update(task, completed=done)

            report = run_conformance(
                loaded, count, games, seed, options, progress=advance, runner=runner
            )
            verdict = (
                f"[green]{text('cli.selftest.pass')}[/]"
                if report.ok
                else f"[red]{text('cli.selftest.fail')}[/]"
            )
            progress.console.print(
                text(
                    "cli.selftest.line",
                    title=title_of(loaded),
                    players=count,
                    games=f"{report.games:,}",
                    decisions=f"{report.decisions:,}",
                    verdict=verdict,
                )
            )
            for failure in report.failures:
                progress.console.print(f"  [red]{failure}[/]")
            failed = failed or not report.ok
    if failed:
        raise typer.Exit(code=1)


@app.command()
@friendly_errors
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE")],
    as_seat: Annotated[int | None, typer.Option("--as", min=1, metavar="SEAT")] = None,
) -> None:
    replay_record(file, as_seat)


@app.command()
@friendly_errors
@interruptible("cli.interrupted.review")
def review(
    files: Annotated[list[str], typer.Argument(metavar="FILE")],
    as_seat: Annotated[str, typer.Option("--as", metavar="SEAT")],
    seconds: Annotated[float | None, typer.Option("--seconds", min=0.01, metavar="SECONDS")] = None,
    iterations: Annotated[int | None, typer.Option("--iterations", min=1, metavar="N")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED")] = DEFAULT_SEED,
    workers: Annotated[int, typer.Option("--workers", "-w", metavar="N")] = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    if seconds is not None and iterations is not None:
        fail(CourtlyError.keyed("error.review.budget_both"))
    viewer = review_viewer(as_seat)
    runner = make_runner(backend, workers, address)
    if viewer is None:
        review_spectator_files(files, seconds, iterations, seed, runner)
    else:
        review_files(files, viewer, seconds, iterations, seed, runner)


# Each figure and its heading's key.
BENCH_COLUMNS = (
    ("decisions_per_second", "cli.bench.decisions"),
    ("games_per_second", "cli.bench.games"),
    ("clones_per_second", "cli.bench.clones"),
    ("resamples_per_second", "cli.bench.resamples"),
    ("ismcts_iterations_per_second", "cli.bench.ismcts"),
)


@app.command()
@friendly_errors
def bench(
    game: Annotated[str | None, typer.Argument(metavar="GAME")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", metavar="N")] = None,
    seconds: Annotated[float, typer.Option(min=0.1, metavar="SECONDS")] = 2.0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    names = [game] if game else game_names()
    chosen = []
    for name in names:
        loaded = load_game(name)
        if players is not None and game is not None:
            loaded.check_players(players)
        if players is None or loaded.min_players <= players <= loaded.max_players:
            chosen.append(loaded)
        else:
            err_console.print(_skipped(loaded), highlight=False)
    results = {}
    with progress_bar(transient=True) as bar:
        task = bar.add_task(text("cli.progress.bench"), total=len(chosen))
        for loaded in chosen:
            bar.update(task, description=text("cli.progress.bench_game", game=title_of(loaded)))
            figures = bench_game(loaded, players, seconds)
            figures["ismcts_iterations_per_second"] = ismcts_iterations_per_second(
                loaded, figures["players"], seconds
            )
            results[loaded.name] = figures
            bar.advance(task)
    if as_json:
        print(json.dumps(results))
        return
    table = Table(title=text("cli.bench.title", build=text(f"cli.bench.build.{build_name()}")))
    table.add_column(text("cli.bench.game"))
    table.add_column(text("cli.bench.players"), justify="right")
    for _key, label in BENCH_COLUMNS:
        table.add_column(text(label), justify="right")
    for loaded in chosen:
        r = results[loaded.name]
        shown = (f"{r[key]:,.0f}" for key, _ in BENCH_COLUMNS)
        table.add_row(title_of(loaded), str(r["players"]), *shown)
    console.print(WholeTable(table))


def _skipped(game: Game) -> str:
    """The line naming a game ``bench --players`` leaves out, and the counts it is for."""
    if game.min_players == game.max_players:
        return text(
            "cli.bench.skipped_exactly", name=game.name, title=title_of(game), n=game.min_players
        )
    return text(
        "cli.bench.skipped",
        name=game.name,
        title=title_of(game),
        low=game.min_players,
        high=game.max_players,
    )


tournament.register(app)
ladder.register(app)
serve_module.register(app)
report.register(app)


if __name__ == "__main__":
    app()
