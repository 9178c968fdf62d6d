"""Many games between agents: win rates with confidence intervals, scores, speed.

Games are independent, so they are spread over workers (see :mod:`courtly.analysis.runner`);
every game's seed is derived from the run's seed and the game's index, so the same command
gives the same games however many workers run them, on any backend.

A run streams: game indices are handed out lazily and every finished game is folded into
running totals (:class:`SimulationSummary`) that keep no per-game list, so memory does not
grow with the number of games.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from courtly.agents import make_agent
from courtly.analysis.runner import DEFAULT_SEED, Runner
from courtly.analysis.stats import ExactSum, wilson_interval
from courtly.core.events import Event
from courtly.core.match import play_match
from courtly.core.registry import load_game
from courtly.core.seeds import game_seed
from courtly.core.state import State

# Failed games whose message is kept (the lowest indices, so the same ones on every run).
KEPT_ERRORS = 20
# Random games take about a millisecond: a few dozen a batch keep the per-batch overhead of
# sending work to another process (or a Ray task) small.
BATCH_GAMES = 32
# The name under which a job varies the player count rather than an option.
VARY_PLAYERS = "players"


@dataclass
class GameOutcome:
    index: int
    seed: int
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None
    # What a report records on top: the options varied for this game and the game's own
    # statistics of its final position (``Game.report_statistics``).
    varied: Any = None
    statistics: dict[str, float | str] = field(default_factory=dict)


@dataclass(frozen=True)
class SimulationJob:
    game: str
    agents: tuple[str, ...]
    run_seed: int
    options: Mapping[str, Any]
    save_dir: str | None
    # ``(option name, values)``: game ``i`` is played with the option set to
    # ``values[i % len(values)]``, so every value gets the same share of the games. The name
    # ``players`` varies the player count instead: game ``i`` seats the first
    # ``values[i % len(values)]`` of ``agents``.
    vary: tuple[str, tuple[Any, ...]] | None = None
    statistics: bool = False

    def options_for(self, index: int) -> tuple[Mapping[str, Any], Any]:
        """The options game ``index`` is played with, and the varied option's value."""
        if self.vary is None:
            return self.options, None
        name, values = self.vary
        value = values[index % len(values)]
        if name == VARY_PLAYERS:
            return self.options, value
        return {**self.options, name: value}, value

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The agents of game ``index``, seat 1 first."""
        if self.vary is None or self.vary[0] != VARY_PLAYERS:
            return self.agents
        values = self.vary[1]
        return self.agents[: int(values[index % len(values)])]


def play_one(job: SimulationJob, index: int) -> GameOutcome:
    """Play game number ``index`` of a run; errors are caught and reported, never raised."""
    seed = game_seed(job.run_seed, index)
    outcome = GameOutcome(index, seed)
    start = time.perf_counter()
    try:
        game = load_game(job.game)
        options, outcome.varied = job.options_for(index)
        agents = [make_agent(spec, game) for spec in job.seats_for(index)]
        counted = game.report_event_counts if job.statistics else {}
        counts = dict.fromkeys(counted.values(), 0.0)

        def count(_state: State, events: list[Event]) -> None:
            for event in events:
                name = counted.get(event.kind)
                if name is not None:
                    counts[name] += 1

        result = play_match(
            game,
            agents,
            seed,
            options,
            keep_record=job.save_dir is not None,
            on_events=count if counted else None,
        )
        outcome.scores = [float(s) for s in result.scores]
        outcome.winners = result.winners
        outcome.decisions = result.decisions
        if job.statistics:
            outcome.statistics = {**game.report_statistics(result.state), **counts}
        if job.save_dir is not None and result.record is not None:
            result.record.save(Path(job.save_dir) / f"{job.game}-{index:06d}-seed{seed}.json")
    except Exception as exc:  # a failing game is data for the report, not the end of the run
        outcome.error = f"seed {seed}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}"
    outcome.seconds = time.perf_counter() - start
    return outcome


def play_batch(job: SimulationJob, indices: Sequence[int]) -> list[GameOutcome]:
    return [play_one(job, i) for i in indices]


@dataclass
class SimulationSummary:
    """Running totals of a run's games, in any order: the same totals for the same games."""

    game: str
    players: int
    agents: list[str]
    games: int = 0
    error_count: int = 0
    errors: list[GameOutcome] = field(default_factory=list)
    wins: list[ExactSum] = field(default_factory=list)
    scores: list[ExactSum] = field(default_factory=list)
    decisions: ExactSum = field(default_factory=ExactSum)
    wall_seconds: float = 0.0

    def __post_init__(self) -> None:
        self.wins = self.wins or [ExactSum() for _ in range(self.players)]
        self.scores = self.scores or [ExactSum() for _ in range(self.players)]

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        if outcome.error is not None:
            self.error_count += 1
            self.errors.append(outcome)
            self.errors.sort(key=lambda o: o.index)
            del self.errors[KEPT_ERRORS:]
            return
        for seat in range(self.players):
            share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
            self.wins[seat].add(share)
            self.scores[seat].add(outcome.scores[seat])
        self.decisions.add(outcome.decisions)

    @property
    def finished(self) -> int:
        return self.games - self.error_count

    def win_shares(self) -> list[float]:
        return [w.total for w in self.wins]

    def to_json(self) -> dict[str, Any]:
        n = self.finished
        shares = self.win_shares()
        decisions = self.decisions.total
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "errors": self.error_count,
            "agents": self.agents,
            "win_rate_by_seat": [s / n if n else 0.0 for s in shares],
            "ci95_by_seat": [list(wilson_interval(s, n)) for s in shares],
            "mean_score_by_seat": [s.mean for s in self.scores],
            "mean_decisions": self.decisions.mean,
            "decisions_per_second": decisions / self.wall_seconds if self.wall_seconds > 0 else 0.0,
        }


def prepare_job(
    game: str,
    agents: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None,
    save_dir: str | Path | None = None,
    vary: tuple[str, tuple[Any, ...]] | None = None,
    statistics: bool = False,
) -> SimulationJob:
    """The job of a run, after refusing anything in it that cannot be played."""
    loaded = load_game(game)
    loaded.check_players(len(agents))
    resolved = loaded.resolve_options(options)
    if vary is not None:
        for value in vary[1]:
            if vary[0] == VARY_PLAYERS:
                loaded.check_players(value)
            else:
                loaded.resolve_options({**resolved, vary[0]: value})
    for spec in agents:
        make_agent(spec, loaded)  # refuse a bad agent name before starting any work
    if save_dir is not None:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    return SimulationJob(
        game,
        tuple(agents),
        seed,
        resolved,
        None if save_dir is None else str(save_dir),
        vary,
        statistics,
    )


def play_games(job: SimulationJob, indices: Iterator[int], runner: Runner) -> Iterator[GameOutcome]:
    """The outcomes of games ``indices`` of a run, as they finish (in no set order)."""
    for batch in runner.map(partial(play_batch, job), indices, BATCH_GAMES):
        yield from batch


def simulate(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = DEFAULT_SEED,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    save_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    runner: Runner | None = None,
) -> SimulationSummary:
    """Play ``games`` games; ``progress(k)`` is called as each batch of k games finishes.
    ``runner`` says where they run (default: ``workers`` processes on this machine)."""
    chosen = runner or Runner("local", workers)
    chosen.check()
    job = prepare_job(game, agents, seed, options, save_dir)
    summary = SimulationSummary(game, len(agents), list(agents))
    start = time.perf_counter()
    for outcome in play_games(job, iter(range(games)), chosen):
        summary.add(outcome)
        if progress is not None:
            progress(1)
    summary.wall_seconds = time.perf_counter() - start
    return summary
