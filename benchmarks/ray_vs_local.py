"""Games per second of the local and Ray backends on the same run (a benchmark, not a test).

    .venv/bin/python benchmarks/ray_vs_local.py --game courtisans --players 4 --games 1000000
    .venv/bin/python benchmarks/ray_vs_local.py --game tudor --players 4 --games 100000

Both backends play the same games (random agents, the same seed) with the same number of
workers, and must give the same totals; the script checks that too. Ray's start-up is timed
apart from the games: on a cluster it is paid once per session, not once per run. Prints one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from courtly.analysis.runner import Runner, keep_ray_on_loopback, usable_cpus
from courtly.analysis.simulate import simulate


def timed_run(runner: Runner, game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    summary = simulate(game, ["random"] * players, games, seed=seed, runner=runner)
    seconds = time.perf_counter() - start
    totals = summary.to_json()
    totals.pop("decisions_per_second")
    return {"seconds": seconds, "games_per_second": games / seconds, "totals": totals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="courtisans")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=usable_cpus())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help="a Ray cluster to join (default: local)")
    args = parser.parse_args()

    # The local run first: pool workers forked from a process running Ray would inherit it.
    local = timed_run(Runner("local", args.workers), args.game, args.players, args.games, args.seed)
    if args.address is None:
        keep_ray_on_loopback()  # as the runner does for a Ray it starts
    import ray

    os.environ.setdefault("RAY_worker_niceness", "0")  # as the runner does for a local Ray
    start = time.perf_counter()
    if args.address is None:
        ray.init(
            num_cpus=args.workers,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    else:
        ray.init(address=args.address, log_to_driver=False, configure_logging=False)
    ray_start = time.perf_counter() - start
    # One small run first, so that Ray's workers have imported courtly before the timing.
    simulate(args.game, ["random"] * args.players, 64, runner=Runner("ray", args.workers))

    on_ray = timed_run(
        Runner("ray", args.workers, args.address), args.game, args.players, args.games, args.seed
    )
    print(
        json.dumps(
            {
                "game": args.game,
                "players": args.players,
                "games": args.games,
                "workers": args.workers,
                "ray_start_seconds": round(ray_start, 2),
                "local_games_per_second": round(local["games_per_second"], 1),
                "ray_games_per_second": round(on_ray["games_per_second"], 1),
                "ray_over_local": round(on_ray["games_per_second"] / local["games_per_second"], 3),
                "same_totals": local["totals"] == on_ray["totals"],
                # Other work on the machine: figures taken under load are lower bounds.
                "load_average_1min": round(os.getloadavg()[0], 1),
            }
        )
    )


if __name__ == "__main__":
    main()
