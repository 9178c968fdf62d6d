"""``courtly review RECORD --as spectator``: every seat's win chance over finished games, from
the public view alone (courtly.analysis.review.spectator), printed as a table of the chances
at each judged turn and a line per seat drawing its chance over the game.

Like a seat's review, the points run on the local pool or Ray, each kept at once in a side file
next to the record (``RECORD.review-spectator.json``), so Ctrl-C keeps what is done and the
same command goes on from there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.rule import Rule
from rich.table import Table

from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.batch import TurnTask, estimate_many
from courtly.analysis.review.spectator import (
    PublicPoint,
    SpectatorReview,
    public_positions,
)
from courtly.analysis.runner import Runner
from courtly.cli.common import console, err_console, progress_bar
from courtly.cli.files import check_writable, review_identity, saved_by_step
from courtly.cli.replay import record_game
from courtly.cli.scoreboard import seat_label
from courtly.cli.tables import WholeTable
from courtly.core.errors import RecordError
from courtly.core.i18n import current_language, seat_text, text
from courtly.core.records import GameRecord, write_atomically
from courtly.core.state import Game

#: Block characters from low to high, for a seat's chance over the game on one line.
_BLOCKS = "▁▂▃▄▅▆▇█"
#: The widest a seat's line of blocks is drawn (more points than this are sampled evenly).
_GRAPH_WIDTH = 48


def spectator_side_file(record_path: Path) -> Path:
    """Where the spectator's series of the record at ``record_path`` is kept."""
    return record_path.with_name(f"{record_path.name}.review-spectator.json")


@dataclass
class _Job:
    game: Game
    record: GameRecord
    side: Path
    identity: dict[str, Any]
    done: dict[int, PublicPoint]
    steps: list[int]
    settings: ReviewSettings  # the budget for this record's game


def review_spectator_files(
    paths: list[str], seconds: float | None, iterations: int | None, seed: int, runner: Runner
) -> None:
    """The spectator's series of each finished record in ``paths``: every point still to
    estimate is a task for ``runner``, each kept beside its record as it finishes; then each
    series is printed."""
    asked = ReviewSettings(iterations=iterations, seconds=seconds, seed=seed)
    jobs: list[_Job] = []
    tasks: list[TurnTask] = []
    for index, path in enumerate(paths):
        record = GameRecord.load(path)
        game = record_game(record)
        if record.result is None:
            raise RecordError.keyed("error.cli.review_unfinished", file=path)
        side = check_writable(spectator_side_file(Path(path).expanduser()))
        settings = asked.for_game(game.name)
        identity = review_identity(record, "spectator", settings.to_json())
        done = saved_by_step(side, identity, "points", PublicPoint.from_json)
        steps = sorted(public_positions(game, record))
        jobs.append(_Job(game, record, side, identity, done, steps, settings))
        data = record.to_json()
        tasks += [
            TurnTask(index, data, -1, step, settings.to_json())
            for step in steps
            if step not in done
        ]
    resumed = sum(len(job.done) for job in jobs)
    if resumed:
        err_console.print(text("cli.review.resumed", n=resumed, file=str(jobs[0].side)))
    with progress_bar(transient=True) as progress:
        bar = progress.add_task(text("cli.review.progress_spectator"), total=resumed + len(tasks))
        progress.update(bar, completed=resumed)
        for count, (index, estimated) in enumerate(estimate_many(tasks, runner), resumed + 1):
            job = jobs[index]
            point = PublicPoint.from_json(estimated)
            job.done[point.step] = point
            kept = [job.done[step].to_json() for step in sorted(job.done)]
            write_atomically(job.side, json.dumps({**job.identity, "points": kept}))
            progress.update(bar, completed=count)
    for job in jobs:
        points = [job.done[step] for step in job.steps]
        series = SpectatorReview(job.game.name, job.record.num_players, job.settings, points)
        _print(job.record, series)


def _graph(chances: list[float]) -> str:
    """A seat's chance over the game as a line of blocks (sampled evenly when long)."""
    if len(chances) > _GRAPH_WIDTH:
        last = len(chances) - 1
        chances = [chances[round(i * last / (_GRAPH_WIDTH - 1))] for i in range(_GRAPH_WIDTH)]
    top = len(_BLOCKS) - 1
    return "".join(_BLOCKS[min(top, int(c * len(_BLOCKS)))] for c in chances)


def _print(record: GameRecord, series: SpectatorReview) -> None:
    lang = current_language()
    names = record.seats or [seat_text(p, lang) for p in range(record.num_players)]
    console.print(Rule(text("cli.review.heading_spectator")))
    budget = (
        text("cli.review.budget_iterations", n=series.settings.iterations)
        if series.settings.iterations is not None
        else text("cli.review.budget_seconds", seconds=series.settings.seconds)
    )
    console.print(text("cli.review.how_spectator", budget=budget), highlight=False)
    table = Table(expand=False)
    table.add_column(text("cli.review.col.step"), justify="right", no_wrap=True)
    for p in range(record.num_players):
        table.add_column(seat_text(p, lang), justify="right", no_wrap=True)
    for point in series.points:
        table.add_row(f"{point.step + 1}", *(f"{round(c * 100)}%" for c in point.chances))
    console.print(WholeTable(table))
    for p in range(record.num_players):
        label = seat_label(p, names[p])
        line = _graph([point.chances[p] for point in series.points])
        console.print(label, highlight=False)
        console.print(f"  {line}", highlight=False)
