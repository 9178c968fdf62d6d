"""Issue 42's target table for two trees side by side: per game at 2 players, ``hard``'s ISMCTS
iterations, random-playout decisions and resamples per CPU second of each tree, and their
ratios (a benchmark, not a test).

    .venv/bin/python benchmarks/compare_trees.py \\
        --before /work/db80d95-compiled/src --after ../build/src [--rounds 5] [--seconds 1.5]

The figures are ``compiled_vs_pure.measure``'s (playouts from new games, ``resample`` on
``courtly bench``'s 16 positions, the ``hard`` search from the opening), taken in a fresh
interpreter whose ``courtly`` is imported from the named ``src`` directory (a checkout, or a
compiled scratch build: ``measurements/issue42/scratch_build.sh``); the two trees take turns
game by game, round after round (``search_speed.alternate``), and the median of the rounds is
reported. A tree's game may run interpreted on a compiled kernel (a scratch build compiles
only the games it names), so each row says which build ran it. Prints the date and the load
average before and after, a Markdown table, then one JSON object with every run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from search_speed import alternate, run_probe  # sibling scripts: run from anywhere

BENCHMARKS = Path(__file__).resolve().parent
GAMES = ("tudor", "for-the-king", "kingdoms", "courtisans")
FIGURES = (
    ("ismcts_iterations_per_cpu_second", "ISMCTS iterations/s (`hard`)"),
    ("decisions_per_cpu_second", "random-playout decisions/s"),
    ("resamples_per_cpu_second", "resamples/s"),
)
# ``compiled_vs_pure.measure`` in the tree's interpreter, and whether that tree's game and
# kernel ran compiled (a mypyc module is a shared library, not a .py file).
PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from compiled_vs_pure import measure
from courtly.core import rng
from courtly.core.registry import load_game
game = sys.argv[2]
figures = measure(float(sys.argv[3]), [game])[game]
module = sys.modules[type(load_game(game).new_game(2, seed=0)).__module__]
compiled = lambda m: not str(m.__file__).endswith((".py", ".pyc"))
figures["build"] = ("compiled" if compiled(module) else "pure") + (
    " game, compiled kernel" if compiled(rng) else " game, pure kernel")
print(json.dumps(figures))
"""


class ProbeFailed(Exception):
    """A tree could not measure a game (its last error line says why)."""


def measure(src: Path, game: str, seconds: float) -> dict[str, float | str]:
    try:
        result: dict[str, float | str] = json.loads(
            run_probe(src, PROBE, BENCHMARKS, game, seconds)
        )
    except subprocess.CalledProcessError as failure:
        lines = str(failure.stderr).strip().splitlines() or ["no error output"]
        raise ProbeFailed(f"{src}: {lines[-1]}") from None
    return result


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the baseline tree's src dir")
    parser.add_argument("--after", type=Path, required=True, help="the other tree's src dir")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a figure")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", choices=GAMES, help="only these (repeatable)")
    args = parser.parse_args()
    for src in (args.before, args.after):
        if not (src / "courtly").is_dir():
            parser.error(f"{src} holds no courtly package")
    started, load_before = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), load()
    rows = []
    failed = []
    for game in args.game or GAMES:
        try:
            runs = alternate(
                args.before,
                args.after,
                args.rounds,
                lambda src, g=game: measure(src, g, args.seconds),
            )
        except ProbeFailed as failure:
            # A scratch build's pure game on a compiled kernel may not load (db80d95's
            # Courtisans does not): say so and measure the other games.
            failed.append(f"{game}: not measured ({failure})")
            print(failed[-1], file=sys.stderr, flush=True)
            continue
        builds = {side: str(runs[side][0]["build"]) for side in runs}
        for key, label in FIGURES:
            before = statistics.median(float(r[key]) for r in runs["before"])
            after = statistics.median(float(r[key]) for r in runs["after"])
            rows.append(
                {
                    "game": game,
                    "figure": label,
                    "before": round(before),
                    "after": round(after),
                    "ratio": round(after / before, 2) if before else None,
                    "builds": builds,
                    "runs": {side: [r[key] for r in runs[side]] for side in runs},
                }
            )
        print(f"{game} done", file=sys.stderr, flush=True)
    print(f"started {started}, load average (1, 5, 15 min) {load_before}; ended {load()}")
    print(f"before: {args.before}; after: {args.after}")
    print(f"2 players, {args.rounds} alternated rounds of {args.seconds} CPU s a figure, medians")
    print()
    print("| game | figure | before | after | after / before | build (before; after) |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for row in rows:
        builds = row["builds"]
        print(
            f"| {row['game']} | {row['figure']} | {row['before']:,} | {row['after']:,} "
            f"| ×{row['ratio']} | {builds['before']}; {builds['after']} |"
        )
    for line in failed:
        print(f"\n{line}")
    print(json.dumps({"seconds": args.seconds, "rounds": args.rounds, "rows": rows}))


if __name__ == "__main__":
    main()
