"""Tournaments: many seeded games between agents, seats rotated, with win rates and an Elo fit.

Seating. The agents are listed once per seat (``hard,greedy,greedy,greedy`` for four players).
Games come in blocks of one game per rotation of that list: in a block every entry sits in
every seat once, and all games of a block are dealt from the same seed, so seat order and
the luck of the deal cancel out. With a game count that is a multiple of the player count,
every agent plays every seat equally often.

Statistics are per distinct agent spec (entries with the same spec are one agent):
- win rate: victories per game played, a shared victory counting as its share (``rewards``);
  with its 95% Wilson interval over the games the agent played;
- mean score: the average final score;
- Elo: a Bradley-Terry fit to the pairwise results inside each game. Two seats held by
  different agents are compared by (share of the victory, score): the one ahead won that
  pair, equal is a draw (half a win each). The strengths are fitted with Hunter's (2004)
  minorise-maximise iteration, with one virtual draw added to each pair of agents that met so
  that an agent that won every game still gets a finite rating; ratings are
  ``400 * log10(strength)``, shifted so that their mean is 0.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from courtly.agents.registry import make_agent
from courtly.analysis.runner import DEFAULT_SEED, Runner
from courtly.analysis.stats import wilson_interval
from courtly.core import registry
from courtly.core.actions import Action
from courtly.core.errors import CourtlyError
from courtly.core.match import play_match
from courtly.core.rng import MASK64, Rng
from courtly.core.seat import Agent, SeatView
from courtly.core.state import Game

if TYPE_CHECKING:
    from courtly.analysis.results_file import ResultsFile

ProgressCallback = Callable[[int, int], None]


def block_seed(seed: int, block: int) -> int:
    """The deal used by every game of rotation block ``block``."""
    return Rng((seed * 0xD1B54A32D192ED03 + block * 0x9E3779B97F4A7C15) & MASK64).next_u64() >> 1


def seating(num_agents: int, game_index: int) -> list[int]:
    """Which entry of the agent list sits in each seat in game ``game_index``."""
    shift = game_index % num_agents
    return [(seat - shift) % num_agents for seat in range(num_agents)]


@dataclass(frozen=True)
class GameTask:
    game_name: str
    index: int
    seed: int
    seat_specs: tuple[str, ...]
    options: Mapping[str, Any]


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seed: int
    seat_specs: tuple[str, ...]
    scores: tuple[float, ...]
    rewards: tuple[float, ...]
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    max_think_seconds: tuple[float, ...]
    cpu_seconds: tuple[float, ...] = ()
    max_cpu_seconds: tuple[float, ...] = ()


class _TimedAgent:
    """Measures how long the wrapped agent thinks per decision: wall time, and CPU time (what
    one core spends, which is what matters on a machine busy with other work)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.seconds = 0.0
        self.max_seconds = 0.0
        self.cpu_seconds = 0.0
        self.max_cpu_seconds = 0.0

    def act(self, view: SeatView, rng: Rng) -> Action:
        start = time.perf_counter()
        cpu_start = time.process_time()
        action = self.agent.act(view, rng)
        cpu = time.process_time() - cpu_start
        spent = time.perf_counter() - start
        self.decisions += 1
        self.seconds += spent
        self.max_seconds = max(self.max_seconds, spent)
        self.cpu_seconds += cpu
        self.max_cpu_seconds = max(self.max_cpu_seconds, cpu)
        return action


def play_task(task: GameTask, game: Game | None = None) -> GameOutcome:
    """Play one tournament game (in this process or a worker, where ``game`` is loaded by name)."""
    if game is None:
        game = registry.load_game(task.game_name)
    agents = [_TimedAgent(make_agent(spec, game)) for spec in task.seat_specs]
    result = play_match(game, agents, seed=task.seed, options=task.options)
    state = result.state
    return GameOutcome(
        index=task.index,
        seed=task.seed,
        seat_specs=task.seat_specs,
        scores=tuple(state.scores()),
        rewards=tuple(state.rewards()),
        decisions=tuple(a.decisions for a in agents),
        think_seconds=tuple(a.seconds for a in agents),
        max_think_seconds=tuple(a.max_seconds for a in agents),
        cpu_seconds=tuple(a.cpu_seconds for a in agents),
        max_cpu_seconds=tuple(a.max_cpu_seconds for a in agents),
    )


def play_tasks(game: Game | None, tasks: Sequence[GameTask]) -> list[GameOutcome]:
    return [play_task(task, game) for task in tasks]


@dataclass
class AgentStats:
    spec: str
    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    decisions: int = 0
    think_seconds: float = 0.0
    max_think_seconds: float = 0.0
    cpu_seconds: float = 0.0
    max_cpu_seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    @property
    def seconds_per_decision(self) -> float:
        return self.think_seconds / self.decisions if self.decisions else 0.0

    @property
    def cpu_seconds_per_decision(self) -> float:
        return self.cpu_seconds / self.decisions if self.decisions else 0.0


@dataclass
class TournamentResult:
    game: str
    players: int
    agents: tuple[str, ...]
    seed: int
    outcomes: list[GameOutcome]
    stats: dict[str, AgentStats] = field(default_factory=dict)
    elo: dict[str, float] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def seats_balanced(self) -> bool:
        return self.games % self.players == 0

    def to_json(self) -> dict[str, Any]:
        names = list(self.stats)
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "agents": list(self.agents),
            "win_rate": {n: self.stats[n].win_rate for n in names},
            "ci95": {n: list(self.stats[n].ci95) for n in names},
            "mean_score": {n: self.stats[n].mean_score for n in names},
            "elo": {n: self.elo[n] for n in names},
        }


def pairwise_results(outcomes: Sequence[GameOutcome]) -> dict[tuple[str, str], float]:
    """Wins of agent a over agent b (draws as halves), keyed (a, b), from every game's seats."""
    wins: dict[tuple[str, str], float] = {}
    for outcome in outcomes:
        seats = range(len(outcome.seat_specs))
        for i in seats:
            for j in seats:
                a, b = outcome.seat_specs[i], outcome.seat_specs[j]
                if i >= j or a == b:
                    continue
                ahead_i = (outcome.rewards[i], outcome.scores[i])
                ahead_j = (outcome.rewards[j], outcome.scores[j])
                share = 1.0 if ahead_i > ahead_j else (0.0 if ahead_i < ahead_j else 0.5)
                wins[(a, b)] = wins.get((a, b), 0.0) + share
                wins[(b, a)] = wins.get((b, a), 0.0) + 1.0 - share
    return wins


def fit_elo(
    names: Sequence[str], wins: Mapping[tuple[str, str], float], rounds: int = 500
) -> dict[str, float]:
    """Bradley-Terry strengths by minorise-maximise, as Elo ratings with mean 0."""
    wins = dict(wins)
    for a, b in list(wins):
        # The virtual draw: half a win each way for every pair that met.
        wins[(a, b)] += 0.5
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new: dict[str, float] = {}
        for a in names:
            won = sum(w for (x, _y), w in wins.items() if x == a)
            denom = 0.0
            for b in names:
                if b == a:
                    continue
                games = wins.get((a, b), 0.0) + wins.get((b, a), 0.0)
                if games:
                    denom += games / (strength[a] + strength[b])
            new[a] = won / denom if denom else strength[a]
        log_mean = sum(math.log(v) for v in new.values()) / len(new)
        scale = math.exp(log_mean)
        change = max(abs(new[a] / scale - strength[a]) for a in names)
        strength = {a: new[a] / scale for a in names}
        if change < 1e-10:
            break
    return {a: 400.0 * math.log10(strength[a]) for a in names}


def summarize(
    game: str, players: int, agents: Sequence[str], seed: int, outcomes: list[GameOutcome]
) -> TournamentResult:
    names = list(dict.fromkeys(agents))
    stats = {name: AgentStats(name) for name in names}
    for outcome in outcomes:
        for seat, spec in enumerate(outcome.seat_specs):
            entry = stats[spec]
            entry.games += 1
            entry.wins += outcome.rewards[seat]
            entry.score_total += outcome.scores[seat]
            entry.decisions += outcome.decisions[seat]
            entry.think_seconds += outcome.think_seconds[seat]
            entry.max_think_seconds = max(entry.max_think_seconds, outcome.max_think_seconds[seat])
            if outcome.cpu_seconds:
                entry.cpu_seconds += outcome.cpu_seconds[seat]
                entry.max_cpu_seconds = max(entry.max_cpu_seconds, outcome.max_cpu_seconds[seat])
    elo = fit_elo(names, pairwise_results(outcomes))
    return TournamentResult(game, players, tuple(agents), seed, outcomes, stats, elo)


def tournament_tasks(
    game: Game,
    players: int,
    agents: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
) -> list[GameTask]:
    """The games of a tournament, after checking that everything in it can be built."""
    game.check_players(players)
    if len(agents) != players:
        raise CourtlyError.keyed(
            "error.tournament.agents", players=players, count=len(agents), agents=", ".join(agents)
        )
    if games < 1:
        raise CourtlyError.keyed("error.tournament.games")
    opts = game.resolve_options(options)
    for spec in dict.fromkeys(agents):
        make_agent(spec, game)  # fail early, before any game is played, on a bad spec
    tasks = []
    for index in range(games):
        order = seating(players, index)
        tasks.append(
            GameTask(
                game_name=game.name,
                index=index,
                seed=block_seed(seed, index // players),
                seat_specs=tuple(agents[entry] for entry in order),
                options=opts,
            )
        )
    return tasks


def run_tournament(
    game: Game,
    players: int,
    agents: Sequence[str],
    games: int,
    seed: int = DEFAULT_SEED,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: ProgressCallback | None = None,
    results: ResultsFile | None = None,
    runner: Runner | None = None,
) -> TournamentResult:
    """Play ``games`` games and summarise them. The results do not depend on ``workers``
    or the ``runner``'s backend (each game's seed is fixed by its index), only the wall time
    does.

    With ``results``, the games already in that file are taken from it instead of played, and
    each game played is added to it as soon as it ends: an interrupted tournament keeps every
    game that had finished."""
    chosen = runner or Runner("local", workers)
    chosen.check()
    tasks = tournament_tasks(game, players, agents, games, seed, options)
    outcomes: list[GameOutcome | None] = [None] * len(tasks)
    if results is not None:
        for index, outcome in results.load(tasks).items():
            outcomes[index] = outcome
    todo = [task for task in tasks if outcomes[task.index] is None]
    done = len(tasks) - len(todo)
    if done and progress is not None:
        progress(done, len(tasks))

    def finished(outcome: GameOutcome) -> None:
        nonlocal done
        outcomes[outcome.index] = outcome
        if results is not None:
            results.append(outcome)
        done += 1
        if progress is not None:
            progress(done, len(tasks))

    # Games between searching bots take seconds each: one game a batch, so that each is saved
    # as soon as it ends. Workers load the game by its name; here the object given is used.
    play = partial(play_tasks, None if chosen.parallel else game)
    for batch in chosen.map(play, todo, 1):
        for outcome in batch:
            finished(outcome)
    played = [o for o in outcomes if o is not None]
    return summarize(game.name, players, agents, seed, played)
