"""CPU time of random ``courtly simulate`` and ``courtly selftest`` runs, this tree against
another checkout, the two taking turns (a benchmark, not a test).

    git worktree add ../d650cf8 d650cf8
    .venv/bin/python benchmarks/simulate_speed.py --before ../d650cf8/src --log speed.jsonl

Every measurement is one whole ``courtly`` command, run under ``nice`` with its ``courtly``
imported from the named ``src`` directory, timed as the CPU seconds (user + system) it used,
so other work on the machine costs the figure less than it would wall time. The same seeds
in both trees: ``simulate``'s JSON totals must be equal, or the run stops. Per game figures take
out the command's start-up (``--games 1``). Prints a Markdown table; ``--log`` keeps every run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1] / "src"
COURTLY = str(Path(sys.executable).with_name("courtly"))
# (game, players, games): each 5 to 15 CPU seconds at d650cf8 on the development machine.
SIMULATE = (
    ("courtisans", 2, 4000),
    ("courtisans", 5, 1000),
    ("tudor", 2, 1000),
    ("tudor", 4, 400),
    ("for-the-king", 2, 1000),
    ("for-the-king", 5, 150),
    ("kingdoms", 2, 120),
)
SELFTEST = (("courtisans", 5, 12), ("tudor", 4, 3), ("kingdoms", 2, 3))


def run(cmd: list[str], src: str) -> tuple[float, str]:
    """CPU seconds of ``cmd`` with ``courtly`` from ``src``, and its output."""
    env = dict(os.environ, PYTHONPATH=src)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(["nice", "-n", "5", *cmd], env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-2000:]}")
    spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return spent, done.stdout


def simulate_cmd(game: str, players: int, games: int) -> list[str]:
    return [
        *(COURTLY, "simulate", game, "-p", str(players), "--games", str(games)),
        *("--agents", "random", "--workers", "1", "--seed", "1", "--json"),
    ]


def selftest_cmd(game: str, players: int, games: int) -> list[str]:
    return [
        *(COURTLY, "selftest", game, "-p", str(players), "-g", str(games)),
        *("--seed", "1", "--workers", "1"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="src directory of the other checkout")
    parser.add_argument("--after", default=str(HERE), help="src directory (default: this tree)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--log", help="append every run to this JSON-lines file")
    args = parser.parse_args()
    trees = {"before": args.before, "after": args.after}
    jobs: list[tuple[str, str, int, int, list[str]]] = [
        ("simulate", g, n, k, simulate_cmd(g, n, k)) for g, n, k in SIMULATE
    ]
    jobs += [("selftest", g, n, k, selftest_cmd(g, n, k)) for g, n, k in SELFTEST]
    jobs.append(("startup", "courtisans", 2, 1, simulate_cmd("courtisans", 2, 1)))
    cpu: dict[tuple[str, str, int, int], dict[str, list[float]]] = {}
    log = open(args.log, "a") if args.log else None  # noqa: SIM115 (kept open for the run)
    for round_ in range(args.rounds):
        for kind, game, players, games, cmd in jobs:
            totals: set[str] = set()
            # The trees swap places every round, so neither always runs first.
            for tree in ("before", "after") if round_ % 2 == 0 else ("after", "before"):
                spent, out = run(cmd, trees[tree])
                row: dict[str, Any] = {"round": round_, "kind": kind, "game": game}
                row.update(players=players, games=games, tree=tree, cpu=round(spent, 3))
                if kind == "simulate":
                    summary = json.loads(out[out.index("{") :])
                    summary.pop("decisions_per_second")
                    totals.add(json.dumps(summary, sort_keys=True))
                    row["summary"] = summary
                key = (kind, game, players, games)
                cpu.setdefault(key, {"before": [], "after": []})[tree].append(spent)
                if log is not None:
                    print(json.dumps(row), file=log, flush=True)
            if len(totals) > 1:
                raise SystemExit(f"{game}, {players} players: the trees' totals differ")
    startups = cpu[("startup", "courtisans", 2, 1)]
    startup = statistics.mean(startups["before"] + startups["after"])
    print(f"start-up: {startup:.2f} CPU s\n")
    print(
        "| run | game | players | games | before, CPU s | after, CPU s | after / before "
        "| before, ms a game | after, ms a game |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (kind, game, players, games), by_tree in cpu.items():
        if kind == "startup":
            continue
        before, after = statistics.mean(by_tree["before"]), statistics.mean(by_tree["after"])
        per_game = [f"{(t - startup) / games * 1000:.2f}" for t in (before, after)]
        print(
            f"| {kind} | {game} | {players} | {games:,} | {before:.2f} | {after:.2f} "
            f"| ×{before / after:.2f} | {' | '.join(per_game)} |"
        )


if __name__ == "__main__":
    main()
