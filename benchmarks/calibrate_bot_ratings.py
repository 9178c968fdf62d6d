"""Calibrate the bots' ratings (src/courtly/analysis/ratings/data/bots.json) from games among
the bots, and print the table of docs/ratings.md ("The bots' ratings").

For each game, two-seat games only, seed 1:
- the levels' ladder, ``random, easy, medium, hard`` (``hard`` by its iteration budget, as
  docs/bots.md's ladders play it), ``--ladder-games`` games a step, resumed from the saved
  ladders in ``measurements/ladder-GAME-2p`` (``courtly ladder``'s own files: games already
  there are read, not played again);
- ``greedy`` (which the lobby also offers) against ``random`` and ``easy``, ``--greedy-games``
  games each, and against ``medium``, ``--medium-games`` (fewer: a search of 150 to 200
  iterations makes those games ten times longer), saved to and resumed from
  ``measurements/bot-ratings/``.

One Bradley-Terry fit over all those games (the tournaments' Elo, ``fit_elo``) places every
level; ``random`` is anchored at 1000 on the people's scale (courtly.analysis.ratings.model:
a new player shows 1500, and in two-seat games 400 points are OpenSkill's odds of ten to one).
A bootstrap over the games (``--bootstrap`` resamples, seeded) gives each rating's 90% interval.

    .venv/bin/python benchmarks/calibrate_bot_ratings.py --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from courtly.analysis.ladder import step_results_path
from courtly.analysis.ratings.bots import DATA_PATH, FORMAT
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.tournament import GameOutcome, fit_elo, pairwise_results, run_tournament
from courtly.core.registry import game_names, load_game
from courtly.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_LEVEL = "random"
ANCHOR_RATING = 1000.0
PLAYERS = 2
SEED = 1
GREEDY_OPPONENTS = ("random", "easy", "medium")


def ladder_agents(game: str) -> list[str]:
    """The saved ladders' agents: ``hard`` by its iteration count alone (docs/bots.md)."""
    budgets = load_game(game).level_budgets
    if budgets is None:
        raise SystemExit(f"{game} declares no level budgets: no saved ladder to calibrate from")
    return ["random", "easy", "medium", f"hard:iterations={budgets.hard},seconds=60"]


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


def play(
    game_name: str, entry: list[str], games: int, path: Path, workers: int
) -> list[GameOutcome]:
    game = load_game(game_name)
    key = tournament_key(game_name, PLAYERS, entry, SEED, game.resolve_options(None))
    path.parent.mkdir(parents=True, exist_ok=True)
    result = run_tournament(
        game,
        PLAYERS,
        entry,
        games,
        seed=SEED,
        workers=workers,
        progress=shown_progress(f"{game_name}: {level_of(entry[0])} vs {level_of(entry[1])}"),
        results=ResultsFile(path, key),
    )
    return result.outcomes


def game_outcomes(
    game_name: str, ladder_games: int, greedy_games: int, medium_games: int, workers: int
) -> list[GameOutcome]:
    agents = ladder_agents(game_name)
    ladder_dir = ROOT / "measurements" / f"ladder-{game_name}-2p"
    outcomes: list[GameOutcome] = []
    for index, (lower, upper) in enumerate(itertools.pairwise(agents)):
        path = step_results_path(ladder_dir, index, upper, lower)
        outcomes += play(game_name, [upper, lower], ladder_games, path, workers)
    folder = ROOT / "measurements" / "bot-ratings" / f"{game_name}-2p"
    for other in GREEDY_OPPONENTS:
        path = folder / f"greedy-vs-{other}.jsonl"
        games = medium_games if other == "medium" else greedy_games
        outcomes += play(game_name, ["greedy", other], games, path, workers)
    return outcomes


def anchored_fit(outcomes: Sequence[GameOutcome]) -> dict[str, float]:
    """Each level's rating on the people's scale, ``random`` at ``ANCHOR_RATING``."""
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
    return {name: ANCHOR_RATING + elo[name] - elo[ANCHOR_LEVEL] for name in names}


def bootstrap(
    outcomes: Sequence[GameOutcome], samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Each rating's 90% interval over ``samples`` resamplings of the games (with repeats)."""
    rng = Rng(seed)
    fits: list[dict[str, float]] = []
    for _ in range(samples):
        drawn = [outcomes[rng.below(len(outcomes))] for _ in outcomes]
        fits.append(anchored_fit(drawn))
    intervals = {}
    for name in fits[0] if fits else {}:
        values = sorted(fit[name] for fit in fits)
        intervals[name] = (values[int(0.05 * len(values))], values[int(0.95 * len(values)) - 1])
    return intervals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to calibrate (all when none named)")
    parser.add_argument("--ladder-games", type=int, default=100, help="games per ladder step")
    parser.add_argument("--greedy-games", type=int, default=100, help="games per greedy pair")
    parser.add_argument("--medium-games", type=int, default=40, help="greedy against medium")
    parser.add_argument("--bootstrap", type=int, default=200, help="resamples for intervals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true", help="print, do not write bots.json")
    args = parser.parse_args()
    names = args.games or list(game_names())
    data: dict[str, Any] = json.loads(DATA_PATH.read_text()) if DATA_PATH.exists() else {}
    data = {
        "format": FORMAT,
        "scale": {
            "anchor": {"level": ANCHOR_LEVEL, "rating": ANCHOR_RATING},
            "new_player": 1500,
            "how": "benchmarks/calibrate_bot_ratings.py; docs/ratings.md",
        },
        "games": data.get("games", {}),
    }
    print("| game | games | " + " | ".join(["level (90% interval)"]) + " |")
    for name in names:
        outcomes = game_outcomes(
            name, args.ladder_games, args.greedy_games, args.medium_games, args.workers
        )
        ratings = anchored_fit(outcomes)
        intervals = bootstrap(outcomes, args.bootstrap, seed=SEED)
        ordered = sorted(ratings, key=ratings.__getitem__)
        data["games"][name] = {
            "players": PLAYERS,
            "games": len(outcomes),
            "ratings": {level: round(ratings[level], 1) for level in ordered},
            "interval90": {level: [round(v, 1) for v in intervals[level]] for level in ordered},
        }
        cells = [
            f"{level} {ratings[level]:.0f} ({intervals[level][0]:.0f}-{intervals[level][1]:.0f})"
            for level in ordered
        ]
        print(f"| {name} | {len(outcomes)} | " + " | ".join(cells) + " |", flush=True)
    if not args.dry_run:
        data["games"] = dict(sorted(data["games"].items()))
        DATA_PATH.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DATA_PATH.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
