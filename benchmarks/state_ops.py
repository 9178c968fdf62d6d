"""Clone and resample cost of this tree and of another checkout on the same positions, side
by side (a benchmark, not a test).

    git worktree add ../a51affe a51affe
    .venv/bin/python benchmarks/state_ops.py --before ../a51affe/src

``courtly bench`` times clones and resamples on positions it reaches by random play, which is
right for one tree's figure but not for comparing two trees: their positions may differ. Here
both trees time the same 16 positions of each case (dealt from seeds 0-15, walked into by
the same generator), in process time, in a fresh interpreter whose ``courtly`` is imported
from the named ``src`` directory; the trees take turns round after round and the median of the
rounds is reported, in microseconds per operation. Prints a Markdown table, then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from search_speed import alternate, run_probe  # the sibling script: run from anywhere

HERE = Path(__file__).resolve().parents[1] / "src"
CASES = (("courtisans", 4), ("tudor", 2), ("tudor", 4), ("for-the-king", 4), ("kingdoms", 2))
PROBE = """
import json, sys, time
from courtly.analysis.bench import _midgame_states
from courtly.core.registry import load_game
from courtly.core.rng import Rng
game, players, count = load_game(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
states = _midgame_states(game, players, 16, Rng(54321))
rng = Rng(7)
start = time.process_time()
for i in range(count):
    s = states[i % 16]
    s.resample(s.current_player if s.current_player is not None else 0, rng)
resample = (time.process_time() - start) / count * 1e6
start = time.process_time()
for _ in range(count // 16):
    for s in states:
        s.clone()
clone = (time.process_time() - start) / (count // 16 * 16) * 1e6
print(json.dumps({"clone": clone, "resample": resample}))
"""
OPS = ("clone", "resample")


def measure(src: Path, game: str, players: int, count: int) -> dict[str, float]:
    result: dict[str, float] = json.loads(run_probe(src, PROBE, game, players, count))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other tree's src dir")
    parser.add_argument("--after", type=Path, default=HERE, help="this tree's src dir")
    parser.add_argument("--count", type=int, default=4000, help="operations a run")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for src in (args.before, args.after):
        if not (src / "courtly").is_dir():
            parser.error(f"{src} holds no courtly package")
    rows = []
    for game, players in CASES:
        runs = alternate(
            args.before,
            args.after,
            args.rounds,
            lambda src, g=game, n=players: measure(src, g, n, args.count),
        )
        for op in OPS:
            before = statistics.median(r[op] for r in runs["before"])
            after = statistics.median(r[op] for r in runs["after"])
            rows.append(
                {
                    "game": game,
                    "players": players,
                    "op": op,
                    "before_us": round(before, 2),
                    "after_us": round(after, 2),
                    "change": round(before / after - 1, 3),  # + faster, - slower, per second
                }
            )
        print(f"{game} {players}p done", file=sys.stderr, flush=True)
    print("| game | players | operation | before µs | after µs | ops/s change |")
    print("|---|---|---|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['game']} | {row['players']} | {row['op']} | {row['before_us']} "
            f"| {row['after_us']} | {row['change']:+.1%} |"
        )
    print(json.dumps({"count": args.count, "rounds": args.rounds, "rows": rows}))


if __name__ == "__main__":
    main()
