"""``courtly review``: one seat's decisions in finished games judged by the strong search,
from that seat's view alone (courtly.analysis.review), printed as a table and a summary. The
turns to judge, of one record or many, run on the local pool or Ray (``--workers``,
``--backend``) like ``simulate``'s games, with the same reviews whatever runs them.

Each judged turn is written at once to a side file next to the record
(``RECORD.review-seatN.json``), so Ctrl-C keeps what is done and the same command run again goes
on from there; a side file made with other settings or for another record is started afresh.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.rule import Rule
from rich.table import Table

from courtly.analysis.review import Decision, Review, ReviewSettings, review_record
from courtly.analysis.review.batch import TurnTask, judge_many
from courtly.analysis.review.engine import seat_turns
from courtly.analysis.review.turns import Turn, line_views
from courtly.analysis.runner import Runner
from courtly.cli.common import console, err_console, progress_bar
from courtly.cli.files import check_writable, review_identity, saved_by_step
from courtly.cli.prompt import whole_number
from courtly.cli.replay import record_game
from courtly.cli.scoreboard import seat_label, sentence_names
from courtly.cli.tables import WholeTable
from courtly.core.errors import InvalidSeatError, RecordError
from courtly.core.i18n import current_language, seat_text, text
from courtly.core.records import GameRecord, write_atomically
from courtly.core.render import action_text
from courtly.core.state import Game

#: What ``--as`` takes for the spectator's series, beside a seat's number.
SPECTATOR = "spectator"


def review_viewer(given: str) -> int | None:
    """The seat (from 1) ``--as`` names, or None for the spectator; a readable refusal else."""
    word = given.strip().lower()
    if word in (SPECTATOR, text("cli.review.spectator_word").lower()):
        return None
    number = whole_number(word)
    if number is not None and number >= 1:
        return number
    raise InvalidSeatError.keyed("error.review.as", given=given)


def side_file(record_path: Path, seat: int) -> Path:
    """Where the review of ``seat`` (from 0) of the record at ``record_path`` is kept."""
    return record_path.with_name(f"{record_path.name}.review-seat{seat + 1}.json")


@dataclass
class _Job:
    """One record to review: what it is, where its side file is, the turns already judged."""

    game: Game
    record: GameRecord
    side: Path
    identity: dict[str, Any]
    done: dict[int, Decision]
    turns: list[Turn]
    settings: ReviewSettings  # the budget for this record's game


def review_files(
    paths: list[str],
    as_seat: int,
    seconds: float | None,
    iterations: int | None,
    seed: int,
    runner: Runner,
) -> None:
    """Review seat ``as_seat`` (from 1) of each finished record in ``paths``: every turn still
    to judge is a task for ``runner`` (here, worker processes or Ray), each kept beside its
    record as it finishes; then each review is printed."""
    asked = ReviewSettings(iterations=iterations, seconds=seconds, seed=seed)
    seat = as_seat - 1
    jobs: list[_Job] = []
    tasks: list[TurnTask] = []
    for index, path in enumerate(paths):
        record_path = Path(path).expanduser()
        record = GameRecord.load(path)
        game = record_game(record)
        if not 1 <= as_seat <= record.num_players:
            raise RecordError.keyed("error.record.seat", players=record.num_players, seat=as_seat)
        if record.result is None:
            # A terminal has no hints: the refusal says how to finish the game instead.
            raise RecordError.keyed("error.cli.review_unfinished", file=path)
        side = check_writable(side_file(record_path, seat))
        settings = asked.for_game(game.name)
        identity = review_identity(record, seat, settings.to_json())
        done = saved_by_step(side, identity, "decisions", Decision.from_json)
        turns = seat_turns(game, record, seat)
        jobs.append(_Job(game, record, side, identity, done, turns, settings))
        data = record.to_json()
        for turn in turns:
            if turn.judged and turn.step not in done:
                tasks.append(TurnTask(index, data, seat, turn.step, settings.to_json()))
    resumed = sum(len(job.done) for job in jobs)
    if resumed:
        err_console.print(text("cli.review.resumed", n=resumed, file=str(jobs[0].side)))
    total = resumed + len(tasks)
    with progress_bar(transient=True) as progress:
        task = progress.add_task(text("cli.review.progress", seat=as_seat), total=total)
        progress.update(task, completed=resumed)
        for count, (index, judged) in enumerate(judge_many(tasks, runner), resumed + 1):
            job = jobs[index]
            decision = Decision.from_json(judged)
            job.done[decision.step] = decision
            body = {**job.identity, "decisions": [d.to_json() for d in _in_order(job.done)]}
            write_atomically(job.side, json.dumps(body, ensure_ascii=False))
            progress.update(task, completed=count)
    for job in jobs:
        review = review_record(
            job.game, job.record, seat, job.settings, done=job.done, turns=job.turns
        )
        _print(job.game, job.record, review, job.turns)


def _in_order(done: dict[int, Decision]) -> list[Decision]:
    return [done[step] for step in sorted(done)]


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _moves(game: Game, record: GameRecord, ids: list[int], turn: Turn | None) -> str:
    """A turn's moves in words, each as the seat saw its position (a kill names the card)."""
    space = game.action_space(record.num_players, game.resolve_options(record.options, saved=True))
    lang = current_language()
    names = sentence_names(record.seats)
    views = line_views(turn, ids) if turn is not None else [None] * len(ids)
    return " · ".join(
        action_text(game, space.decode(i), lang, names, view)
        for i, view in zip(ids, views, strict=True)
    )


def _print(game: Game, record: GameRecord, review: Review, turns: list[Turn]) -> None:
    by_step = {t.step: t for t in turns}
    names = record.seats or [seat_text(p, current_language()) for p in range(record.num_players)]
    label = seat_label(review.seat, names[review.seat])
    console.print(Rule(text("cli.review.heading", seat=label)))
    budget = (
        text("cli.review.budget_iterations", n=review.settings.iterations)
        if review.settings.iterations is not None
        else text("cli.review.budget_seconds", seconds=review.settings.seconds)
    )
    console.print(text("cli.review.how", budget=budget), highlight=False)
    table = Table(expand=False)
    table.add_column(text("cli.review.col.step"), justify="right", no_wrap=True)
    table.add_column(text("cli.review.col.played"))
    table.add_column(text("cli.review.col.bot"))
    table.add_column(text("cli.review.col.chance"), no_wrap=True)
    table.add_column(text("cli.review.col.mark"), no_wrap=True)
    for d in review.decisions:
        step = f"{d.step + 1}" + (f"-{d.last_step + 1}" if d.last_step > d.step else "")
        turn = by_step.get(d.step)
        played = _moves(game, record, d.played, turn)
        bot = "=" if d.best_played else _moves(game, record, d.preferred, turn)
        chance = (
            _percent(d.before) if d.best_played else f"{_percent(d.before)}→{_percent(d.after)}"
        )
        mark = "" if d.mark is None else text(f"review.mark.{d.mark}")
        style = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}.get(d.mark or "")
        table.add_row(step, played, bot, chance, mark, style=style)
    console.print(WholeTable(table))
    several = sum(1 for d in review.decisions if d.parts > 1)
    judged = len(review.decisions)
    if review.forced:
        console.print(text("cli.review.turns", judged=judged, forced=review.forced))
    else:
        console.print(text("cli.review.judged", judged=judged))
    if several:
        console.print(text("cli.review.several", n=several))
    accuracy = review.accuracy()
    if accuracy is not None:
        console.print(text("cli.review.accuracy", accuracy=round(accuracy)))
    marks = review.marks()
    console.print(
        text(
            "cli.review.marks",
            blunders=marks["blunder"],
            mistakes=marks["mistake"],
            inaccuracies=marks["inaccuracy"],
        )
    )
    for d in review.costliest():
        console.print(
            text("cli.review.costly", step=d.step + 1, loss=round(d.loss * 100)), highlight=False
        )
