"""Refit the review's calibration of a game (courtly/analysis/review/data/GAME.json) and print
its measurement for docs/bots.md ("Review: calibration").

Bots of several levels play ``--games`` games at each player count; ``--positions`` decisions
of each are searched with the review's search at ``--iterations``; every third game is held out
and measured (courtly/analysis/review/fit.py).

    .venv/bin/python benchmarks/calibrate_review.py kingdoms --players 2 --games 24
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

import courtly
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.calibration import data_path
from courtly.analysis.review.fit import SEAT_AGENTS, Bin, Sample, collect, fit


def _table(bins: list[Bin]) -> list[str]:
    rows = [
        "| predicted | positions | mean predicted | observed | off by |",
        "| --- | --- | --- | --- | --- |",
    ]
    for b in bins:
        off = abs(b.predicted - b.observed) * 100
        rows.append(
            f"| {b.low * 100:.0f}-{b.high * 100:.0f}% | {b.count} | {b.predicted * 100:.1f}% "
            f"| {b.observed * 100:.1f}% | {off:.1f} |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="2", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=24, help="games at each player count")
    parser.add_argument("--positions", type=int, default=8, help="positions searched per game")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--samples",
        type=Path,
        help="keep the searched positions in this JSON file; when it exists, refit from it "
        "without playing again",
    )
    args = parser.parse_args()
    game = courtly.load(args.game)
    counts = [int(p) for p in args.players.split(",")]
    settings = ReviewSettings(iterations=args.iterations, seconds=None, seed=args.seed)
    started = time.process_time()

    def progress(done: int, total: int) -> None:
        print(f"\r{args.game}: {done}/{total} games", end="", file=sys.stderr, flush=True)

    if args.samples is not None and args.samples.exists():
        samples = [Sample(**s) for s in json.loads(args.samples.read_text())]
    else:
        samples = collect(game, counts, args.games, args.positions, settings, args.seed, progress)
        print(file=sys.stderr)
        if args.samples is not None:
            args.samples.write_text(json.dumps([asdict(s) for s in samples]))
    measured = fit(samples)
    cpu = time.process_time() - started
    about = {
        "game": game.name,
        "players": counts,
        "games": len({s.game_index for s in samples}),
        "seat_agents": list(SEAT_AGENTS),
        "positions": len(samples),
        "fitted_on": measured.train,
        "held_out": measured.held_out,
        "search_iterations": args.iterations,
        "brier_uncalibrated": round(measured.raw_brier, 4),
        "brier_calibrated": round(measured.brier, 4),
        "cpu_seconds": round(cpu),
    }
    path = data_path(game.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(measured.calibration.to_json(about), indent=1) + "\n")
    print(f"### {game.name}\n")
    print(json.dumps(about))
    print("\nUncalibrated (the search's value):\n")
    print("\n".join(_table(measured.raw_bins)))
    print("\nCalibrated:\n")
    print("\n".join(_table(measured.bins)))


if __name__ == "__main__":
    main()
