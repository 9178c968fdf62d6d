"""Calibrate the bots' ratings (src/courtly/analysis/ratings/data/bots.json) from games among
the bots, per game and player count, and print the table of docs/ratings.md ("The bots'
ratings").

Every level the lobby offers (``random, greedy, easy, medium, hard``; ``hard`` by its
iteration budget, as docs/bots.md's ladders play it, so the games are the same on any build
and any load) is rated at every player count its game allows, from games played at that
count, seed 1:

- **Two seats**: the levels' ladder, ``random, easy, medium, hard``, ``--ladder-games`` games a
  step, read from the saved ladders in ``measurements/ladder-GAME-2p`` (``courtly ladder``'s
  own files: games already there are read, not played again); ``greedy`` against ``random``
  and ``easy``, ``--greedy-games`` games each, and against ``medium``, ``--medium-games``,
  saved to and resumed from ``measurements/bot-ratings/GAME-2p/``.
- **Three to five seats**: ``--seat-games`` games at each count, saved to and resumed from
  ``measurements/bot-ratings/GAME-Np/levels.jsonl``. Games come in blocks of five dealt from
  one seed; game ``j`` of a block seats the levels ``j, j+1, ...`` (mod 5) of the list above,
  as many as there are seats (at five seats every level sits in every game; at four each level
  sits out one game of five, at three two), rotated one seat further every block, so every
  level meets every other and sits in every seat (``multi_seat_tasks``).

The fit: every game's finishing order is split into the results of its pairs of seats (ahead
on the victory's share, then on score; ``pairwise_results``) and one Bradley-Terry fit over a
count's games places every level (``fit_elo``, the tournaments' Elo, with one virtual draw per
pair that met). Under Plackett-Luce, the model the people's ratings are updated with, the
chance that one player finishes ahead of another is their Bradley-Terry chance whoever else
sits at the table (Luce's choice axiom), so the pairwise fit estimates the same strengths; it
treats a game's pairs as if independent, which they are not (one game decides all of them), so
its own precision would be overstated: the intervals come from a bootstrap over whole games
instead. OpenSkill's Plackett-Luce divides skill gaps by ``c = sqrt(n (beta² + sigma²))`` at
``n`` seats, so a gap on the people's scale (400 points are odds of ten to one at two seats,
courtly.analysis.ratings.model) stands for odds ``sqrt(2 / n)`` as steep at ``n`` seats: a
fitted pairwise gap is widened by ``sqrt(n / 2)`` so that OpenSkill expects of a bot at ``n``
seats the pairwise odds the games showed. ``random`` is anchored at 1000 at every count.
A bootstrap over the games (``--bootstrap`` resamples, seeded) gives each rating's 90%
interval.

    .venv/bin/python benchmarks/calibrate_bot_ratings.py --workers 2 --seat-games 40 courtisans
    .venv/bin/python benchmarks/calibrate_bot_ratings.py --saved-only   # the shipped file
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from courtly.analysis.ladder import step_results_path
from courtly.analysis.ratings.bots import DATA_PATH, FORMAT, LEVELS
from courtly.analysis.results_file import ResultsFile, is_json, tournament_key
from courtly.analysis.runner import Runner
from courtly.analysis.tournament import (
    GameOutcome,
    GameTask,
    block_seed,
    fit_elo,
    pairwise_results,
    play_tasks,
    run_tournament,
)
from courtly.core.registry import game_names, load_game
from courtly.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_LEVEL = "random"
ANCHOR_RATING = 1000.0
SEED = 1
GREEDY_OPPONENTS = ("random", "easy", "medium")
# How the games of three to five seats are seated (written in their results files' headers).
SEATING = "levels j.. of block b's game j, rotated b seats (benchmarks/calibrate_bot_ratings.py)"


def level_specs(game: str) -> list[str]:
    """The levels as played here: ``hard`` by its iteration count alone (docs/bots.md)."""
    budgets = load_game(game).level_budgets
    if budgets is None:
        raise SystemExit(f"{game} declares no level budgets: no levels to calibrate")
    hard = f"hard:iterations={budgets.hard},seconds=60"
    return [hard if level == "hard" else level for level in LEVELS]


def level_of(spec: str) -> str:
    return spec.split(":")[0]


def shown_progress(label: str) -> Callable[[int, int], None]:
    started = time.monotonic()

    def show(done: int, total: int) -> None:
        # A line at every tenth of the games: readable in a log as well as in a terminal.
        if done == total or done % max(1, total // 10) == 0:
            spent = time.monotonic() - started
            print(f"  {label}: {done}/{total} games, {spent:.0f} s", file=sys.stderr, flush=True)

    return show


def play_pair(
    game_name: str, entry: list[str], games: int, path: Path, workers: int
) -> list[GameOutcome]:
    game = load_game(game_name)
    key = tournament_key(game_name, 2, entry, SEED, game.resolve_options(None))
    path.parent.mkdir(parents=True, exist_ok=True)
    result = run_tournament(
        game,
        2,
        entry,
        games,
        seed=SEED,
        workers=workers,
        progress=shown_progress(f"{game_name}: {level_of(entry[0])} vs {level_of(entry[1])}"),
        results=ResultsFile(path, key),
    )
    return result.outcomes


def two_seat_outcomes(
    game_name: str, ladder_games: int, greedy_games: int, medium_games: int, workers: int
) -> list[GameOutcome]:
    specs = level_specs(game_name)
    ladder = [spec for spec in specs if level_of(spec) != "greedy"]
    ladder_dir = ROOT / "measurements" / f"ladder-{game_name}-2p"
    outcomes: list[GameOutcome] = []
    for index, (lower, upper) in enumerate(itertools.pairwise(ladder)):
        path = step_results_path(ladder_dir, index, upper, lower)
        outcomes += play_pair(game_name, [upper, lower], ladder_games, path, workers)
    folder = ROOT / "measurements" / "bot-ratings" / f"{game_name}-2p"
    for other in GREEDY_OPPONENTS:
        path = folder / f"greedy-vs-{other}.jsonl"
        games = medium_games if other == "medium" else greedy_games
        outcomes += play_pair(game_name, ["greedy", other], games, path, workers)
    return outcomes


def multi_seat_tasks(game_name: str, players: int, games: int) -> list[GameTask]:
    """``games`` games of the levels at ``players`` seats: blocks of five games dealt from one
    seed; game ``j`` of block ``b`` seats levels ``j .. j + players - 1`` (mod 5, in the order
    of ``LEVELS``), the first of them at seat ``b mod players`` and the others after it."""
    game = load_game(game_name)
    game.check_players(players)
    specs = level_specs(game_name)
    options = game.resolve_options(None)
    tasks = []
    for index in range(games):
        block, j = divmod(index, len(specs))
        sitting = [specs[(j + i) % len(specs)] for i in range(players)]
        shift = block % players
        seats = tuple(sitting[(seat - shift) % players] for seat in range(players))
        tasks.append(GameTask(game_name, index, block_seed(SEED, block), seats, options))
    return tasks


def multi_seat_file(game_name: str, players: int) -> ResultsFile:
    """Where the games of ``multi_seat_tasks`` are saved."""
    game = load_game(game_name)
    key = tournament_key(
        game_name, players, level_specs(game_name), SEED, game.resolve_options(None)
    )
    key["seating"] = SEATING
    path = ROOT / "measurements" / "bot-ratings" / f"{game_name}-{players}p" / "levels.jsonl"
    return ResultsFile(path, key)


def saved_multi_seat_outcomes(game_name: str, players: int) -> list[GameOutcome]:
    """Every game of ``multi_seat_tasks`` already saved (none played; the ratings'
    convergence benchmark reads them)."""
    saved = multi_seat_file(game_name, players)
    if not saved.path.exists():
        return []
    lines = saved.path.read_text(encoding="utf-8").splitlines()[1:]
    # A last line cut short by a kill is not a game (ResultsFile drops it too).
    last = max((json.loads(line)["index"] for line in lines if is_json(line.encode())), default=0)
    found = saved.load(multi_seat_tasks(game_name, players, last + 1))
    return [found[index] for index in sorted(found)]


def multi_seat_outcomes(
    game_name: str, players: int, games: int, workers: int
) -> list[GameOutcome]:
    """The games of ``multi_seat_tasks``, read from their results file where already played."""
    game = load_game(game_name)
    tasks = multi_seat_tasks(game_name, players, games)
    saved = multi_seat_file(game_name, players)
    outcomes: dict[int, GameOutcome] = saved.load(tasks)
    todo = [task for task in tasks if task.index not in outcomes]
    show = shown_progress(f"{game_name}: {players} seats")
    if outcomes:
        show(len(outcomes), len(tasks))
    runner = Runner("local", workers)
    play = partial(play_tasks, None if runner.parallel else game)
    for batch in runner.map(play, todo, 1):
        for outcome in batch:
            saved.append(outcome)
            outcomes[outcome.index] = outcome
            show(len(outcomes), len(tasks))
    return [outcomes[index] for index in sorted(outcomes)]


def anchored_fit(outcomes: Sequence[GameOutcome], players: int) -> dict[str, float]:
    """Each level's rating on the people's scale at ``players`` seats, ``random`` at
    ``ANCHOR_RATING`` (the module docstring says why gaps are widened by sqrt(players / 2))."""
    named = [
        GameOutcome(
            index=o.index,
            seed=o.seed,
            seat_specs=tuple(level_of(spec) for spec in o.seat_specs),
            scores=o.scores,
            rewards=o.rewards,
            decisions=o.decisions,
            think_seconds=o.think_seconds,
            max_think_seconds=o.max_think_seconds,
        )
        for o in outcomes
    ]
    names = sorted({spec for o in named for spec in o.seat_specs})
    elo = fit_elo(names, pairwise_results(named))
    widen = math.sqrt(players / 2)
    return {name: ANCHOR_RATING + widen * (elo[name] - elo[ANCHOR_LEVEL]) for name in names}


def bootstrap(
    outcomes: Sequence[GameOutcome], players: int, samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Each rating's 90% interval over ``samples`` resamplings of the games (with repeats)."""
    rng = Rng(seed)
    fits: list[dict[str, float]] = []
    for _ in range(samples):
        drawn = [outcomes[rng.below(len(outcomes))] for _ in outcomes]
        if any(level_of(spec) == ANCHOR_LEVEL for o in drawn for spec in o.seat_specs):
            # With few games a resample can miss the anchor (it then measures nothing) or a
            # level (whose interval is then taken over the resamples that have it).
            fits.append(anchored_fit(drawn, players))
    intervals = {}
    for name in {name for fit in fits for name in fit}:
        values = sorted(fit[name] for fit in fits if name in fit)
        intervals[name] = (values[int(0.05 * len(values))], values[int(0.95 * len(values)) - 1])
    return intervals


def pool_entry(
    outcomes: Sequence[GameOutcome], players: int, samples: int
) -> tuple[dict[str, Any], str]:
    """A player count's calibration as bots.json stores it, and its row of the printed table."""
    ratings = anchored_fit(outcomes, players)
    intervals = bootstrap(outcomes, players, samples, seed=SEED)
    ordered = sorted(ratings, key=ratings.__getitem__)
    entry = {
        "games": len(outcomes),
        "ratings": {level: round(ratings[level], 1) for level in ordered},
        "interval90": {level: [round(v, 1) for v in intervals[level]] for level in ordered},
    }
    cells = [
        "-"
        if level not in ratings
        else f"{ratings[level]:.0f}"
        if level == ANCHOR_LEVEL
        else f"{ratings[level]:.0f} ({intervals[level][0]:.0f}-{intervals[level][1]:.0f})"
        for level in LEVELS
    ]
    return entry, f"{players} | {len(outcomes)} | " + " | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to calibrate (all when none named)")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (all allowed)")
    parser.add_argument("--ladder-games", type=int, default=100, help="games per ladder step")
    parser.add_argument("--greedy-games", type=int, default=100, help="games per greedy pair")
    parser.add_argument("--medium-games", type=int, default=40, help="greedy against medium")
    parser.add_argument("--seat-games", type=int, default=20, help="games per count above 2")
    parser.add_argument(
        "--saved-only",
        action="store_true",
        help="above two seats, rate every game saved and play none (the shipped file's games)",
    )
    parser.add_argument("--bootstrap", type=int, default=200, help="resamples for intervals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true", help="print, do not write bots.json")
    args = parser.parse_args()
    names = args.games or list(game_names())
    data: dict[str, Any] = json.loads(DATA_PATH.read_text()) if DATA_PATH.exists() else {}
    kept = data.get("games", {}) if data.get("format") == FORMAT else {}
    data = {
        "format": FORMAT,
        "scale": {
            "anchor": {"level": ANCHOR_LEVEL, "rating": ANCHOR_RATING},
            "new_player": 1500,
            "how": "benchmarks/calibrate_bot_ratings.py; docs/ratings.md",
        },
        "games": kept,
    }
    print("| game | players | games | " + " | ".join(LEVELS) + " |")
    for name in names:
        game = load_game(name)
        allowed = range(game.min_players, game.max_players + 1)
        counts = [n for n in args.players or allowed if n in allowed]
        pools = data["games"].setdefault(name, {"players": {}})["players"]
        for players in counts:
            if players == 2:
                outcomes = two_seat_outcomes(
                    name, args.ladder_games, args.greedy_games, args.medium_games, args.workers
                )
            elif args.saved_only:
                outcomes = saved_multi_seat_outcomes(name, players)
                if not outcomes:
                    print(f"| {name} | {players} | no games saved |", flush=True)
                    continue
            else:
                outcomes = multi_seat_outcomes(name, players, args.seat_games, args.workers)
            pools[str(players)], row = pool_entry(outcomes, players, args.bootstrap)
            print(f"| {name} | {row} |", flush=True)
        data["games"][name]["players"] = dict(sorted(pools.items()))
    if not args.dry_run:
        data["games"] = dict(sorted(data["games"].items()))
        DATA_PATH.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DATA_PATH.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
