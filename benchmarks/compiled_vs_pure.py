"""Builds side by side: ISMCTS iterations, random-playout decisions and resamples per CPU second,
2 players, every game, each build in its own interpreter, in alternated rounds (median of the
rounds; the last line printed is every run, as JSON).

    python benchmarks/compiled_vs_pure.py pure=.venv/bin/python \\
        compiled=.venv-compiled/bin/python [old=../old/.venv/bin/python] [--rounds 3]

Each interpreter imports whichever courtly it has (an editable checkout, the compiled build),
so any commit with ``random_playout`` and ``ismcts_iterations_per_second`` can be compared.
CPU time, not wall time: other work on the machine slows each figure less. The results are in
docs/bots.md ("The compiled build").
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

PLAYERS = 2


def measure(seconds: float, only: list[str]) -> dict[str, dict[str, float]]:
    """This interpreter's figures per game (run in the child process)."""
    from courtly.agents.ismcts import ismcts_iterations_per_second
    from courtly.analysis.bench import _midgame_states, random_playout
    from courtly.core.registry import game_names, load_game
    from courtly.core.rng import Rng

    figures = {}
    for name in only or game_names():
        game = load_game(name)
        rng = Rng(12345)
        decisions, seed = 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            decisions += random_playout(game.new_game(PLAYERS, seed=seed), rng)
            seed += 1
        playout_rate = decisions / (time.process_time() - start)
        # The positions ``courtly bench`` resamples (their own generator, so every build
        # resamples the same ones).
        states = _midgame_states(game, PLAYERS, 16, Rng(54321))
        resamples = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for state in states:
                player = state.current_player
                state.resample(0 if player is None else player, rng)
            resamples += len(states)
        figures[name] = {
            "decisions_per_cpu_second": playout_rate,
            "resamples_per_cpu_second": resamples / (time.process_time() - start),
            "ismcts_iterations_per_cpu_second": ismcts_iterations_per_second(
                game, PLAYERS, seconds
            ),
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs="*", help="NAME=PYTHON, one per build")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.seconds, args.game)))
        return
    builds = dict(b.split("=", 1) for b in args.builds)
    runs: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name in builds}
    for round_no in range(args.rounds):
        for name, python in builds.items():
            print(f"round {round_no + 1}/{args.rounds}: {name}", file=sys.stderr)
            out = subprocess.run(
                [python, __file__, "--child", "--seconds", str(args.seconds)]
                + [f"--game={name}" for name in args.game],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            runs[name].append(json.loads(out))
    first = next(iter(builds))
    header = ["game", "figure", *builds, *(f"{n}/{first}" for n in list(builds)[1:])]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for game in runs[first][0]:
        for figure in runs[first][0][game]:
            medians = {n: statistics.median(r[game][figure] for r in runs[n]) for n in builds}
            ratios = [f"×{medians[n] / medians[first]:.2f}" for n in list(builds)[1:]]
            row = [game, figure, *(f"{medians[n]:,.0f}" for n in builds), *ratios]
            print("| " + " | ".join(row) + " |")
    print(json.dumps(runs))


if __name__ == "__main__":
    main()
