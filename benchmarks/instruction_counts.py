"""Machine instructions for the same fixed work in this tree and another checkout, counted by
valgrind's callgrind: a comparison that the machine's load cannot move (a benchmark, not a
test; needs Debian's ``valgrind``).

    git worktree add ../db80d95 db80d95
    .venv/bin/python benchmarks/instruction_counts.py --before ../db80d95/src

Timings on a shared 2-core machine swing by 10-25% from run to run, so they cannot show
whether a change costs 5%. An instruction count does not swing: each tree runs the same work
(20 random playouts dealt from seeds 0-19, 20 clones of `courtly bench`'s 16 positions, 200
resamples of them, 500 iterations of the ``hard`` level's search from the first real
decision, at 2 players) in a fresh interpreter under callgrind, and the probe calls
``os.getppid()`` between the phases, which callgrind is told to dump its counters before
(``--dump-before=getppid``; nothing else in the run calls it). Instructions are not time
(a cache miss costs more than an add), but a structural change that does more work shows up
here whatever else the machine is doing. Prints a Markdown table, then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"
GAMES = ("courtisans", "for-the-king", "kingdoms", "tudor")
PHASES = ("playouts", "clones", "resamples", "ismcts")
PROBE = """
import os, sys
from dataclasses import replace
from courtly.agents.ismcts import Searcher
from courtly.analysis.bench import _midgame_states, random_playout
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
try:
    from courtly.agents.ismcts import level_settings
except ImportError:  # before the levels' settings moved (trees older than c5e99b7)
    from courtly.agents.levels import level_settings
game = load_game(sys.argv[1])
states = _midgame_states(game, 2, 16, Rng(54321))
start = game.new_game(2, seed=1)
while start.current_player is not None and len(start.legal_action_ids()) == 1:
    start.step(start.legal_action_ids()[0])
searcher = Searcher(game, replace(level_settings(game.name, "hard"), iterations=500, seconds=None))
view = SeatView(start, start.current_player)
rng = Rng(12345)
os.getppid()
for seed in range(20):
    random_playout(game.new_game(2, seed=seed), rng)
os.getppid()
for _ in range(20):
    for s in states:
        s.clone()
os.getppid()
for k in range(200):
    s = states[k % 16]
    s.resample(s.current_player if s.current_player is not None else 0, rng)
os.getppid()
searcher.search(view, Rng(1))
os.getppid()
"""


def count(src: Path, game: str) -> dict[str, int]:
    """Instructions of each phase of the probe, run on ``src``'s courtly."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=getppid",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                PROBE,
                game,
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        # Dump k (callgrind.out.k) holds what ran since dump k-1: 1 is the set-up, 2-5 the
        # phases, the file without a number what ran after the last.
        totals = {}
        for k, phase in enumerate(PHASES, start=2):
            text = Path(f"{out}.{k}").read_text()
            found = re.search(r"^totals: (\d+)", text, re.MULTILINE)
            if found is None:
                raise RuntimeError(f"callgrind wrote no totals for {phase}")
            totals[phase] = int(found.group(1))
        return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other tree's src dir")
    parser.add_argument("--after", type=Path, default=HERE, help="this tree's src dir")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    for src in (args.before, args.after):
        if not (src / "courtly").is_dir():
            parser.error(f"{src} holds no courtly package")
    rows = []
    for game in args.game or GAMES:
        before, after = count(args.before, game), count(args.after, game)
        for phase in PHASES:
            rows.append(
                {
                    "game": game,
                    "phase": phase,
                    "before": before[phase],
                    "after": after[phase],
                    "ratio": round(after[phase] / before[phase], 4),  # below 1: fewer
                }
            )
        print(f"{game} done", file=sys.stderr, flush=True)
    print("| game | work | before (instructions) | after | after / before |")
    print("|---|---|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['game']} | {row['phase']} | {row['before']:,} | {row['after']:,} "
            f"| ×{row['ratio']:.3f} |"
        )
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
