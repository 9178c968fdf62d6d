"""Issue 25's reliability runs at the scale a machine allows: ``courtly selftest`` and random
``courtly simulate`` games over every game, player count (and, for simulate, some options),
in chunks, round-robin, until a CPU budget or a wall-clock deadline is spent.

Each chunk is one ``courtly`` command (local backend, one worker, under ``nice``, bounded by
``timeout``) with its own run seed, so every chunk's games are new games and any failure is
reproduced by the command the log holds. Every finished chunk is one line of the log (JSON):
the command, games, CPU seconds, exit code, failures or errors. Run it again with the same log
to go on where it stopped; ``--summary`` prints the totals per game and player count.

    python benchmarks/reliability.py selftest --cpu-minutes 40 --log measurements/selftest.jsonl
    python benchmarks/reliability.py simulate --cpu-minutes 20 --log measurements/simulate.jsonl
    python benchmarks/reliability.py selftest --log measurements/selftest.jsonl --summary

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


def configs(kind: str) -> list[tuple[str, int, tuple[str, ...]]]:
    out = []
    for game, counts in PLAYERS.items():
        for options in OPTIONS[game] if kind == "simulate" else ((),):
            for players in counts:
                out.append((game, players, options))
    return out


def command(kind: str, game: str, players: int, options: tuple[str, ...], games: int, seed: int):
    cmd = [COURTLY, kind, game, "-p", str(players), "-n", str(games), "--seed", str(seed)]
    cmd += ["--workers", "1"]
    for option in options:
        cmd += ["-o", option]
    if kind == "simulate":
        cmd += ["--agents", "random", "--json"]
    return cmd


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_chunk(kind: str, cmd: list[str], limit: int) -> dict[str, object]:
    before, start = child_cpu(), time.monotonic()
    done = subprocess.run(
        ["nice", "-n", "15", "timeout", str(limit), *cmd],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
    )
    line: dict[str, object] = {
        "command": " ".join(["courtly", *cmd[1:]]),
        "rc": done.returncode,
        "cpu": round(child_cpu() - before, 2),
        "wall": round(time.monotonic() - start, 2),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }
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
    parser.add_argument("--cpu-minutes", type=float, default=40.0)
    parser.add_argument("--until", help="wall-clock deadline, HH:MM UTC: no chunk starts after")
    parser.add_argument("--chunk-seconds", type=float, default=45.0)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--commit", default="", help="the commit that runs, noted in the log")
    parser.add_argument(
        "--timeout-factor", type=float, default=20.0, help="a chunk's wall limit, in chunks' CPU"
    )
    args = parser.parse_args()
    done: list[dict[str, object]] = []
    if args.log.exists():
        done = [json.loads(text) for text in args.log.read_text().splitlines() if text.strip()]
    if args.summary:
        summary(done)
        return
    plan = configs(args.kind)
    if done:  # go on with the configuration after the last one logged
        last = done[-1]
        key = (last["game"], last["players"], tuple(last["options"]))  # type: ignore[arg-type]
        if key in plan:
            at = plan.index(key) + 1  # type: ignore[arg-type]
            plan = plan[at:] + plan[:at]
    size = {config: FIRST_CHUNK[args.kind] for config in plan}
    spent = sum(float(line["cpu"]) for line in done)  # type: ignore[arg-type]
    deadline = None
    if args.until:
        hour, minute = map(int, args.until.split(":"))
        now = datetime.now(UTC)
        deadline = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    chunk = len(done)
    while spent < args.cpu_minutes * 60:
        for config in plan:
            if spent >= args.cpu_minutes * 60:
                break
            if deadline is not None and datetime.now(UTC) >= deadline:
                return
            game, players, options = config
            games = size[config]
            chunk += 1
            cmd = command(args.kind, game, players, options, games, 2026_1125_000 + chunk)
            line = run_chunk(args.kind, cmd, limit=int(args.chunk_seconds * args.timeout_factor))
            line.update(game=game, players=players, options=list(options), games=games)
            line["commit"] = args.commit
            with args.log.open("a") as log:
                log.write(json.dumps(line) + "\n")
            spent += float(line["cpu"])  # type: ignore[arg-type]
            per_game = float(line["cpu"]) / games  # type: ignore[arg-type]
            size[config] = max(1, min(games * 4, round(args.chunk_seconds / max(per_game, 1e-4))))
            print(f"{line['command']}: rc {line['rc']}, {line['cpu']} s CPU", flush=True)


def summary(done: list[dict[str, object]]) -> None:
    """Per game, player count and options: games checked, CPU, failures, as a Markdown table.
    A chunk stopped by its timeout counts no games; a chunk that failed names its seeds."""
    rows: dict[tuple[str, int, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for line in done:
        options = ",".join(line["options"])  # type: ignore[arg-type]
        row = rows[(str(line["game"]), int(line["players"]), options)]  # type: ignore[call-overload]
        late = line["rc"] == 124
        row["games"] += 0 if late else int(line["games"])  # type: ignore[call-overload]
        row["chunks"] += 1
        row["late"] += late
        row["cpu"] += float(line["cpu"])  # type: ignore[arg-type]
        row["decisions"] += int(line.get("decisions", 0))  # type: ignore[call-overload]
        if "errors" in line:  # simulate: games that raised
            row["failures"] += int(line["errors"])  # type: ignore[call-overload]
        elif not late:  # selftest: one line per failed game, naming its seed
            failed = [v for v in line.get("verdicts", []) if "seed" in v]  # type: ignore[attr-defined]
            row["failures"] += len(failed) or (line["rc"] != 0)
    print("| game | players | options | games | CPU s | failures | chunks (timed out) |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for (game, players, options), row in sorted(rows.items()):
        print(
            f"| {game} | {players} | {options or 'default'} | {row['games']:,.0f} | "
            f"{row['cpu']:,.0f} | {row['failures']:.0f} | {row['chunks']:.0f} ({row['late']:.0f}) |"
        )
    total = sum(r["games"] for r in rows.values())
    cpu = sum(r["cpu"] for r in rows.values())
    bad = sum(r["failures"] for r in rows.values())
    print(f"\ntotal: {total:,.0f} games, {cpu:,.0f} CPU s, {bad:.0f} failures")


if __name__ == "__main__":
    main()
