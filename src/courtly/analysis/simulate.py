"""Many games between agents: win rates with confidence intervals, scores, speed.

Games are independent, so they are spread over worker processes; every game's seed is derived
from the run's seed and the game's index, so the same command gives the same games however many
workers run them.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.agents import make_agent
from courtly.analysis.stats import mean_interval, wilson_interval
from courtly.core.match import play_match
from courtly.core.registry import load_game
from courtly.core.rng import MASK64


def game_seed(run_seed: int, index: int) -> int:
    return (run_seed * 1_000_003 + index * 0x9E3779B1 + 1) & MASK64


@dataclass
class GameOutcome:
    index: int
    seed: int
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None


@dataclass(frozen=True)
class SimulationJob:
    game: str
    agents: tuple[str, ...]
    run_seed: int
    options: Mapping[str, Any]
    save_dir: str | None


def play_one(job: SimulationJob, index: int) -> GameOutcome:
    """Play game number ``index`` of a run; errors are caught and reported, never raised."""
    seed = game_seed(job.run_seed, index)
    outcome = GameOutcome(index, seed)
    start = time.perf_counter()
    try:
        game = load_game(job.game)
        agents = [make_agent(spec, game) for spec in job.agents]
        result = play_match(game, agents, seed, job.options, keep_record=job.save_dir is not None)
        outcome.scores = [float(s) for s in result.scores]
        outcome.winners = result.winners
        outcome.decisions = result.decisions
        if job.save_dir is not None and result.record is not None:
            result.record.save(Path(job.save_dir) / f"{job.game}-{index:06d}-seed{seed}.json")
    except Exception as exc:  # a failing game is data for the report, not the end of the run
        outcome.error = f"seed {seed}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}"
    outcome.seconds = time.perf_counter() - start
    return outcome


def _play_chunk(job: SimulationJob, indices: Sequence[int]) -> list[GameOutcome]:
    return [play_one(job, i) for i in indices]


@dataclass
class SimulationSummary:
    game: str
    players: int
    agents: list[str]
    outcomes: list[GameOutcome]
    wall_seconds: float

    @property
    def errors(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.error is not None]

    def _finished(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.error is None]

    def win_shares(self) -> list[float]:
        shares = [0.0] * self.players
        for outcome in self._finished():
            for w in outcome.winners:
                shares[w] += 1.0 / len(outcome.winners)
        return shares

    def to_json(self) -> dict[str, Any]:
        done = self._finished()
        n = len(done)
        shares = self.win_shares()
        decisions = sum(o.decisions for o in done)
        return {
            "game": self.game,
            "players": self.players,
            "games": len(self.outcomes),
            "errors": len(self.errors),
            "agents": self.agents,
            "win_rate_by_seat": [s / n if n else 0.0 for s in shares],
            "ci95_by_seat": [list(wilson_interval(s, n)) for s in shares],
            "mean_score_by_seat": [
                mean_interval([o.scores[p] for o in done])[0] for p in range(self.players)
            ],
            "mean_decisions": decisions / n if n else 0.0,
            "decisions_per_second": decisions / self.wall_seconds if self.wall_seconds > 0 else 0.0,
        }


def simulate(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    save_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` games; ``progress(k)`` is called as each batch of k games finishes."""
    loaded = load_game(game)
    loaded.check_players(len(agents))
    resolved = loaded.resolve_options(options)
    for spec in agents:
        make_agent(spec, loaded)  # refuse a bad agent name before starting any work
    if save_dir is not None:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    job = SimulationJob(
        game, tuple(agents), seed, resolved, None if save_dir is None else str(save_dir)
    )
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    if workers <= 1:
        for index in range(games):
            outcomes.append(play_one(job, index))
            if progress is not None:
                progress(1)
    else:
        chunk = max(1, min(50, games // (workers * 8) or 1))
        batches = [list(range(i, min(i + chunk, games))) for i in range(0, games, chunk)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, job, batch) for batch in batches]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress is not None:
                    progress(len(done))
    outcomes.sort(key=lambda o: o.index)
    return SimulationSummary(game, len(agents), list(agents), outcomes, time.perf_counter() - start)
