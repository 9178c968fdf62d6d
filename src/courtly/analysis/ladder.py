"""Ladders: does each agent of a list beat the one below it, and by how much Elo?

A ladder is a list of agents from weakest to strongest (``random,easy,medium,hard``). Each
step is a tournament between two neighbours: the upper agent in one seat and the lower one in
every other seat (with two players, a head-to-head), seats rotated as in every tournament, all
steps dealt from the same seed. A step is *shown* when the 95% interval of the upper agent's
win rate lies wholly above a seat's fair share (1/players), *reversed* when it lies wholly
below, and *not shown* otherwise.

One Elo scale comes from all the steps' games together (the tournament's Bradley-Terry fit
over the pairs of seats inside each game), anchored so that the first agent of the ladder is
at 0: every other rating is how far above the bottom rung that agent plays.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.runner import DEFAULT_SEED, Runner
from courtly.analysis.tournament import (
    GameOutcome,
    ProgressCallback,
    fit_elo,
    pairwise_results,
    run_tournament,
    tournament_tasks,
)
from courtly.core.errors import CourtlyError, Words
from courtly.core.i18n import COURTLY
from courtly.core.state import Game

Verdict = Literal["shown", "not shown", "reversed"]

_SLUG_MAX = 80


@dataclass(frozen=True)
class LadderStep:
    upper: str
    lower: str
    games: int
    win_rate: float
    ci95: tuple[float, float]
    fair_share: float

    @property
    def verdict(self) -> Verdict:
        low, high = self.ci95
        if low > self.fair_share:
            return "shown"
        if high < self.fair_share:
            return "reversed"
        return "not shown"

    def to_json(self) -> dict[str, Any]:
        return {
            "upper": self.upper,
            "lower": self.lower,
            "games": self.games,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "verdict": self.verdict,
        }


@dataclass(frozen=True)
class LadderResult:
    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    steps: tuple[LadderStep, ...]
    elo: Mapping[str, float]

    @property
    def ordered(self) -> bool:
        """Whether every agent was shown to beat the one below it."""
        return all(step.verdict == "shown" for step in self.steps)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "seed": self.seed,
            "steps": [step.to_json() for step in self.steps],
            "elo": dict(self.elo),
            "ordered": self.ordered,
        }


def step_agents(upper: str, lower: str, players: int) -> list[str]:
    """The tournament's agent list for one step: the upper agent against ``players - 1`` lower."""
    return [upper] + [lower] * (players - 1)


def step_results_path(directory: Path, index: int, upper: str, lower: str) -> Path:
    """Where a step's games are saved: one tournament results file per step."""
    slug = re.sub(r"[^A-Za-z0-9.]+", "-", f"{upper}-vs-{lower}").strip("-")
    if len(slug) > _SLUG_MAX:
        # Long agent specs would pass the file system's limit on a name (255 bytes): keep
        # the start, and a digest of the whole pair so that two steps never share a file.
        digest = hashlib.sha1(f"{upper}\n{lower}".encode()).hexdigest()[:10]
        slug = f"{slug[:_SLUG_MAX]}-{digest}"
    return directory / f"step{index + 1}-{slug}.jsonl"


def check_ladder(
    game: Game,
    players: int,
    agents: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
) -> list[list[str]]:
    """Every step's agent list, after checking the whole ladder can be played."""
    if len(agents) < 2:
        raise CourtlyError.keyed(
            "error.ladder.agents",
            count=len(agents),
            agents=", ".join(agents) or Words.of(COURTLY.phrase("term.none")),
        )
    if len(set(agents)) != len(agents):
        raise CourtlyError.keyed("error.ladder.twice", agents=", ".join(agents))
    steps = [step_agents(agents[i + 1], agents[i], players) for i in range(len(agents) - 1)]
    for entry in steps:
        tournament_tasks(game, players, entry, games, seed, options)
    return steps


def run_ladder(
    game: Game,
    players: int,
    agents: Sequence[str],
    games: int,
    seed: int = DEFAULT_SEED,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: ProgressCallback | None = None,
    results_dir: Path | None = None,
    runner: Runner | None = None,
) -> LadderResult:
    """Play ``games`` games for each step of the ladder ``agents`` (weakest first).

    With ``results_dir``, each step's games are saved to (and resumed from) a tournament
    results file there, which ``courtly tournament`` with that step's agents can also read."""
    steps = check_ladder(game, players, agents, games, seed, options)
    total = games * len(steps)
    resolved = game.resolve_options(options)
    all_outcomes: list[GameOutcome] = []
    summaries: list[LadderStep] = []
    for index, entry in enumerate(steps):
        saved = None
        if results_dir is not None:
            key = tournament_key(game.name, players, entry, seed, resolved)
            path = step_results_path(results_dir, index, entry[0], entry[1])
            saved = ResultsFile(path, key)
        offset = games * index

        def step_progress(done: int, _total: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + done, total)

        result = run_tournament(
            game,
            players,
            entry,
            games,
            seed=seed,
            options=options,
            workers=workers,
            progress=step_progress,
            results=saved,
            runner=runner,
        )
        upper = result.stats[entry[0]]
        summaries.append(
            LadderStep(
                upper=entry[0],
                lower=entry[1],
                games=result.games,
                win_rate=upper.win_rate,
                ci95=upper.ci95,
                fair_share=1.0 / players,
            )
        )
        all_outcomes.extend(result.outcomes)
    elo = fit_elo(list(agents), pairwise_results(all_outcomes))
    bottom = elo[agents[0]]
    anchored = {name: elo[name] - bottom for name in agents}
    return LadderResult(game.name, players, tuple(agents), seed, tuple(summaries), anchored)
