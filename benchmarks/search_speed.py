"""ISMCTS iterations per CPU second of this tree and of another checkout, side by side (a
benchmark, not a test).

    git worktree add ../a51affe a51affe
    .venv/bin/python benchmarks/search_speed.py --before ../a51affe/src

Each measurement is ``ismcts_iterations_per_second`` (the ``hard`` level's search of that
tree, from the opening position, counted in process time so a busy machine costs the figure
less) in a fresh interpreter whose ``courtly`` is imported from the named ``src`` directory.
The two trees take turns, round after round, so a change in the machine's load falls on both;
the median of the rounds is reported. Prints a Markdown table, then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
HERE = Path(__file__).resolve().parents[1] / "src"
CASES = (
    ("courtisans", 2),
    ("courtisans", 4),
    ("courtisans", 5),
    ("tudor", 2),
    ("tudor", 4),
    ("for-the-king", 2),
    ("for-the-king", 4),
    ("for-the-king", 5),
    ("kingdoms", 2),
)
PROBE = (
    "import sys\n"
    "from courtly.agents.ismcts import ismcts_iterations_per_second\n"
    "from courtly.core.registry import load_game\n"
    "print(ismcts_iterations_per_second(load_game(sys.argv[1]), int(sys.argv[2]),"
    " float(sys.argv[3])))\n"
)


def run_probe(src: Path, probe: str, *args: object) -> str:
    """The last line ``probe`` prints, run in a fresh interpreter importing ``src``'s courtly."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", probe, *map(str, args)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip().splitlines()[-1]


def alternate(
    before: Path, after: Path, rounds: int, run: Callable[[Path], T]
) -> dict[str, list[T]]:
    """``run`` on both trees, round after round; which goes first alternates, so neither
    always meets the same load."""
    runs: dict[str, list[T]] = {"before": [], "after": []}
    for round_ in range(rounds):
        order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
        for side in order:
            runs[side].append(run(before if side == "before" else after))
    return runs


def measure(src: Path, game: str, players: int, seconds: float) -> float:
    return float(run_probe(src, PROBE, game, players, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other tree's src dir")
    parser.add_argument("--after", type=Path, default=HERE, help="this tree's src dir")
    parser.add_argument("--seconds", type=float, default=1.0, help="thinking time a run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    for src in (args.before, args.after):
        if not (src / "courtly").is_dir():
            parser.error(f"{src} holds no courtly package")
    rows = []
    cases = [c for c in CASES if not args.game or c[0] in args.game]
    for index, (game, players) in enumerate(cases, 1):
        runs = alternate(
            args.before,
            args.after,
            args.rounds,
            lambda src, g=game, n=players: measure(src, g, n, args.seconds),
        )
        before = statistics.median(runs["before"])
        after = statistics.median(runs["after"])
        rows.append(
            {
                "game": game,
                "players": players,
                "before": round(before),
                "after": round(after),
                "ratio": round(after / before, 2) if before else None,
                "runs": runs,
            }
        )
        print(
            f"[{index}/{len(cases)}] {game} {players}p: {before:.0f} -> {after:.0f} it/s",
            file=sys.stderr,
            flush=True,
        )
    print("| game | players | before it/s | after it/s | after / before |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['game']} | {row['players']} | {row['before']} | {row['after']} "
            f"| ×{row['ratio']} |"
        )
    print(json.dumps({"seconds": args.seconds, "rounds": args.rounds, "rows": rows}))


if __name__ == "__main__":
    main()
