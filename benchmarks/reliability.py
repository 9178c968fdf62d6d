"""Issue 25's reliability runs at the scale a machine allows: ``courtly selftest`` and random
``courtly simulate`` games over every game, player count (and, for simulate, some options),
in chunks, round-robin, until a CPU budget or a wall-clock deadline is spent.

Each chunk is one ``courtly`` command (under ``nice``, bounded by ``timeout``) with its own run
seed: on the local backend with one worker, or with ``--backend ray`` on a running Ray cluster
(``ray start --head --num-cpus 2``, then ``--address auto``) with ``--workers`` tasks at once.
So every chunk's games are new games and any failure is reproduced by the command the log
holds. Every finished chunk is one line of the log (JSON):
the command, games, CPU seconds, exit code, failures or errors. Run it again with the same log
to go on where it stopped; ``--summary`` prints the totals per game and player count.

    python benchmarks/reliability.py selftest --cpu-minutes 40 --log measurements/selftest.jsonl
    python benchmarks/reliability.py simulate --cpu-minutes 20 --log measurements/simulate.jsonl
    python benchmarks/reliability.py selftest --log measurements/selftest.jsonl --summary
    python benchmarks/reliability.py simulate --backend ray --address auto --workers 2 \
        --cpu-minutes 60 --log measurements/simulate.jsonl

A chunk's CPU is what its ``courtly`` process used; on Ray, where the games run in the
cluster's worker processes, it is the chunk's wall time times ``--workers`` (the cores it held).

Chunk sizes adapt to about ``--chunk-seconds`` of CPU each. A timing never decides anything
but how many games the next chunk holds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

COURTLY = str(Path(sys.executable).with_name("courtly"))
PLAYERS = {"courtisans": (2, 3, 4, 5), "tudor": (2, 3, 4), "for-the-king": (2, 3, 4, 5)}
PLAYERS["kingdoms"] = (2,)
# simulate also spreads the games over options other than the defaults.
OPTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "courtisans": ((), ("spy_memory=forget",)),
    "tudor": ((), ("setup=random",), ("variant=opportunity",)),
    "for-the-king": ((), ("bids=affordable",), ("king_cards=apply",)),
    "kingdoms": ((), ("battle=false",), ("scandal_glory=own",)),
}
FIRST_CHUNK = {"selftest": 4, "simulate": 200}
# The targets: selftest games per game and player count; simulate games per game,
# spread evenly over its player counts and options.
SELFTEST_TARGET = 2_000
SIMULATE_TARGET = {
    "courtisans": 1_000_000,
    "tudor": 1_000_000,
    "for-the-king": 1_000_000,
    "kingdoms": 200_000,
}
TIMED_OUT = 124  # timeout's exit code: the chunk's games count for nothing

Config = tuple[str, int, tuple[str, ...]]
Line = dict[str, Any]  # one chunk of the log, as JSON


def config_of(line: Line) -> Config:
    return (str(line["game"]), int(line["players"]), tuple(line["options"]))


def configs(kind: str) -> list[Config]:
    out = []
    for game, counts in PLAYERS.items():
        for options in OPTIONS[game] if kind == "simulate" else ((),):
            for players in counts:
                out.append((game, players, options))
    return out


def targets(kind: str) -> dict[Config, int]:
    """Games each configuration is to reach."""
    plan = configs(kind)
    if kind == "selftest":
        return {config: SELFTEST_TARGET for config in plan}
    per_game = {game: sum(c[0] == game for c in plan) for game in PLAYERS}
    return {c: -(-SIMULATE_TARGET[c[0]] // per_game[c[0]]) for c in plan}


def next_size(line: Line, chunk_seconds: float) -> int:
    """Games for a configuration's next chunk: about ``chunk_seconds`` of CPU at the cost per
    game of ``line``, its last chunk, and at most four times as many games as that chunk."""
    games = int(line["games"])
    per_game = max(float(line["cpu"]) / games, 1e-4)
    return max(1, min(games * 4, round(chunk_seconds / per_game)))


def games_done(done: list[Line]) -> dict[Config, int]:
    """Games checked so far per configuration (a chunk stopped by its timeout counts none)."""
    counts: dict[Config, int] = defaultdict(int)
    for line in done:
        if line["rc"] != TIMED_OUT:
            counts[config_of(line)] += int(line["games"])
    return counts


def command(
    kind: str,
    game: str,
    players: int,
    options: tuple[str, ...],
    games: int,
    seed: int,
    backend: tuple[str, ...] = (),
) -> list[str]:
    cmd = [COURTLY, kind, game, "-p", str(players), "-n", str(games), "--seed", str(seed)]
    cmd += list(backend) or ["--workers", "1"]
    for option in options:
        cmd += ["-o", option]
    if kind == "simulate":
        cmd += ["--agents", "random", "--json"]
    return cmd


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_chunk(kind: str, cmd: list[str], limit: int, cores: int | None) -> Line:
    """Run one chunk; ``cores`` is set when its games run outside this process tree (Ray)."""
    before, start = child_cpu(), time.monotonic()
    done = subprocess.run(
        ["nice", "-n", "15", "timeout", str(limit), *cmd],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
    )
    line: Line = {
        "command": " ".join(["courtly", *cmd[1:]]),
        "rc": done.returncode,
        "cpu": round(child_cpu() - before, 2),
        "wall": round(time.monotonic() - start, 2),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if cores is not None:
        line["cpu"] = round(line["wall"] * cores, 2)
        line["backend"] = "ray"
    if kind == "simulate" and done.returncode in (0, 1) and done.stdout.strip():
        data = json.loads(done.stdout.strip().splitlines()[-1])
        line["errors"] = data["errors"]
        line["decisions"] = round(data["mean_decisions"] * data["games"])
    else:
        line["verdicts"] = [
            text.strip() for text in done.stdout.splitlines() if "players:" in text
        ] + [text.strip() for text in done.stdout.splitlines() if "seed" in text]
    if done.returncode not in (0,):
        line["stderr"] = done.stderr[-2000:]
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=("selftest", "simulate"))
    parser.add_argument("--log", required=True, type=Path)
    parser.add_argument("--cpu-minutes", type=float, default=40.0, help="the log's total budget")
    parser.add_argument("--until", help="wall-clock deadline, HH:MM UTC: no chunk starts after")
    parser.add_argument("--chunk-seconds", type=float, default=45.0)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--commit", default="", help="the commit that runs, noted in the log")
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--address", default="auto", help="with --backend ray: the cluster")
    parser.add_argument("--workers", type=int, default=2, help="with --backend ray: tasks at once")
    parser.add_argument(
        "--timeout-factor", type=float, default=20.0, help="a chunk's wall limit, in chunks' CPU"
    )
    args = parser.parse_args()
    done: list[Line] = []
    if args.log.exists():
        done = [json.loads(text) for text in args.log.read_text().splitlines() if text.strip()]
    if args.summary:
        summary(done, targets(args.kind))
        return
    plan = configs(args.kind)
    if done and config_of(done[-1]) in plan:  # go on after the last configuration logged
        at = plan.index(config_of(done[-1])) + 1
        plan = plan[at:] + plan[:at]
    size = {config: FIRST_CHUNK[args.kind] for config in plan}
    for line in done:  # resuming: size the first chunks from the log's last cost per game
        if config_of(line) in size and line["rc"] == 0:
            size[config_of(line)] = next_size(line, args.chunk_seconds)
    # A configuration that reached the target plays no more chunks.
    goal, reached = targets(args.kind), games_done(done)
    spent = sum(float(line["cpu"]) for line in done)
    deadline = None
    if args.until:
        hour, minute = map(int, args.until.split(":"))
        now = datetime.now(UTC)
        deadline = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    chunk = len(done)
    ray: tuple[str, ...] = ()
    if args.backend == "ray":
        ray = ("--backend", "ray", "--address", args.address, "--workers", str(args.workers))
    while spent < args.cpu_minutes * 60 and any(reached[c] < goal[c] for c in plan):
        for config in plan:
            if spent >= args.cpu_minutes * 60:
                break
            if deadline is not None and datetime.now(UTC) >= deadline:
                return
            if reached[config] >= goal[config]:
                continue
            game, players, options = config
            games = min(size[config], goal[config] - reached[config])
            chunk += 1
            cmd = command(args.kind, game, players, options, games, 2026_1125_000 + chunk, ray)
            limit = int(args.chunk_seconds * args.timeout_factor)
            line = run_chunk(args.kind, cmd, limit, args.workers if ray else None)
            line.update(game=game, players=players, options=list(options), games=games)
            line["commit"] = args.commit
            with args.log.open("a") as log:
                log.write(json.dumps(line) + "\n")
            spent += line["cpu"]
            reached[config] += games if line["rc"] != TIMED_OUT else 0
            size[config] = next_size(line, args.chunk_seconds)
            print(f"{line['command']}: rc {line['rc']}, {line['cpu']} s CPU", flush=True)


def summary(done: list[Line], goal: dict[Config, int]) -> None:
    """Per game, player count and options: games checked, CPU, failures, as a Markdown table.
    A chunk stopped by its timeout counts no games; a chunk that failed names its seeds."""
    rows: dict[Config, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for line in done:
        row = rows[config_of(line)]
        late = line["rc"] == TIMED_OUT
        row["games"] += 0 if late else line["games"]
        row["chunks"] += 1
        row["late"] += late
        row["cpu"] += line["cpu"]
        row["decisions"] += line.get("decisions", 0)
        if "errors" in line:  # simulate: games that raised
            row["failures"] += line["errors"]
        elif not late:  # selftest: one line per failed game, naming its seed
            failed = [v for v in line.get("verdicts", []) if "seed" in v]
            row["failures"] += len(failed) or (line["rc"] != 0)
    print("| game | players | options | games | target | CPU s | failures | chunks (timed out) |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for (game, players, options), row in sorted(rows.items()):
        print(
            f"| {game} | {players} | {','.join(options) or 'default'} | {row['games']:,.0f} | "
            f"{goal.get((game, players, options), 0):,} | {row['cpu']:,.0f} | "
            f"{row['failures']:.0f} | {row['chunks']:.0f} ({row['late']:.0f}) |"
        )
    total = sum(r["games"] for r in rows.values())
    cpu = sum(r["cpu"] for r in rows.values())
    bad = sum(r["failures"] for r in rows.values())
    print(f"\ntotal: {total:,.0f} games, {cpu:,.0f} CPU s, {bad:.0f} failures")
    print(f"target: {sum(goal.values()):,} games")


if __name__ == "__main__":
    main()
