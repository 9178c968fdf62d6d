"""Does the shipped review calibration hold at a larger search budget than it was fitted at?

The curves in ``src/courtly/analysis/review/data/`` were fitted on the search's values at 200
iterations (``benchmarks/calibrate_review.py``), but a review searches for a second per turn
by default: thousands of iterations. A search of more iterations may value the same positions
more sharply, and a curve fitted on 200-iteration values would then read them wrong. This
script searches the same positions of fresh games (``--seed``: none of them in the fit) at
each budget of ``--iterations``, applies the shipped curve to each, and prints per budget the
Brier score and the reliability table (``calibrate_review.py``'s: each decile of predicted
chance, whether it is within 5 points and certified), and the mean change of the calibrated
chance from the first budget.

    .venv/bin/python benchmarks/review_budget.py kingdoms --players 2 --games 300 \\
        --iterations 200,3000

Iterations, not seconds, so that a compiled build (``PYTHONPATH``) searches exactly as the
pure one does, only faster. Progress goes to stderr; ``--json FILE`` keeps every sample.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict

from calibrate_review import reliability_table

import courtly
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.calibration import load_calibration
from courtly.analysis.review.fit import Sample, play_and_sample
from courtly.analysis.review.measure import brier, reliability


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--positions", type=int, default=6, help="positions searched per game")
    parser.add_argument("--iterations", default="200,3000", help="budgets, comma-separated")
    parser.add_argument("--seed", type=int, default=7, help="not the calibration runs' 0")
    parser.add_argument("--json", help="write every sample to this file")
    args = parser.parse_args()
    game = courtly.load(args.game)
    budgets = [int(b) for b in args.iterations.split(",")]
    if len(budgets) < 2 or min(budgets) < 1:
        parser.error("--iterations: two budgets or more, each at least 1")
    curve = load_calibration(game.name, args.players)
    by_budget: dict[int, list[Sample]] = {b: [] for b in budgets}
    started = time.perf_counter()
    for index in range(args.games):
        for budget in budgets:
            settings = ReviewSettings(iterations=budget, seconds=None, seed=args.seed)
            by_budget[budget] += play_and_sample(
                game, args.players, index, args.seed, args.positions, settings
            )
        elapsed = time.perf_counter() - started
        left = elapsed / (index + 1) * (args.games - index - 1)
        print(
            f"\r{game.name}: {index + 1}/{args.games} games, {elapsed:.0f} s, {left:.0f} s left",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    print(f"### {game.name}, {args.players} players: the shipped curve at each budget\n")
    print(f"{args.games} fresh games (seed {args.seed}), {args.positions} positions each.\n")
    first = by_budget[budgets[0]]
    for budget in budgets:
        samples = by_budget[budget]
        chances = [curve.chance(s.value) for s in samples]
        outcomes = [s.outcome for s in samples]
        moved = sum(
            abs(curve.chance(a.value) - curve.chance(b.value))
            for a, b in zip(first, samples, strict=True)
        ) / len(samples)
        print(
            f"#### {budget} iterations: Brier {brier(chances, outcomes):.4f}, "
            f"mean change of the chance from {budgets[0]}: {100 * moved:.1f} points\n"
        )
        print("\n".join(reliability_table(reliability(chances, outcomes))))
        print()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({str(b): [asdict(s) for s in by_budget[b]] for b in budgets}, out)


if __name__ == "__main__":
    main()
