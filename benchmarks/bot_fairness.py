"""Bot fairness benchmark of ``courtly serve`` (a script, not a test: a timing never fails a test).

Starts its own server on 127.0.0.1 (a fresh SQLite file in a temporary folder, ``--bot-workers``
processes), fills it with N tables of ``hard`` bots playing each other (a finished one is
replaced, so N stay busy), and plays one more table as a scripted person against ``easy``: the
person answers at once, and each of the easy bot's decisions is timed from the update that
gave it the turn to the update with its move. An easy decision takes about a millisecond of
thinking, so its latency is how long the bot waited for a worker behind the other tables'
bots. Reports the easy bot's latency p50/p99/max, the hard tables' decisions a second, and
the machine's load average, which the figures depend on.

    .venv/bin/python benchmarks/bot_fairness.py --tables 6 --seconds 60

To measure another checkout's server (before a change), run the script with that checkout's
``src`` first on ``PYTHONPATH``: the server is started with this interpreter and environment.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from local_server import free_port, start_serve
from websockets.asyncio.client import connect

MAX_TABLES = 50
MAX_SECONDS = 600


def start_server(port: int, workers: int, folder: Path) -> subprocess.Popen[bytes]:
    return start_serve(port, ["--data", str(folder), "--bot-workers", str(workers)], folder)


async def create(http: httpx.AsyncClient, game: str, seats: list[str], seed: int) -> Any:
    response = await http.post(
        "/api/tables", json={"game": game, "players": len(seats), "seats": seats, "seed": seed}
    )
    if response.status_code != 201:
        raise SystemExit(f"the server refused a table: {response.text}")
    return response.json()


async def bots_table(
    http: httpx.AsyncClient, game: str, seed: int, deadline: float, moves: list[int]
) -> None:
    """Keep one table of hard bots busy until the deadline; count the moves it made."""
    while time.perf_counter() < deadline:
        created = await create(http, game, ["bot:hard", "bot:hard"], seed)
        seed += 1000
        table_id = created["table"]["id"]
        owner = {"Authorization": f"Bearer {created['owner']['token']}"}
        await http.post(f"/api/tables/{table_id}/start", headers=owner)
        info: dict[str, Any] = {"status": "playing", "seq": 0}
        while time.perf_counter() < deadline and info["status"] == "playing":
            await asyncio.sleep(1.0)
            info = (await http.get(f"/api/tables/{table_id}")).json()
        moves.append(info["seq"])
        if info["status"] == "playing":
            await http.post(f"/api/tables/{table_id}/end", headers=owner)


async def person_vs_easy(
    http: httpx.AsyncClient, port: int, game: str, deadline: float, latencies: list[float]
) -> None:
    """A scripted person against ``easy``, game after game: each easy decision's latency."""
    seed = 1
    while time.perf_counter() < deadline:
        created = await create(http, game, ["open", "bot:easy"], seed)
        seed += 1
        table_id = created["table"]["id"]
        invite = created["seats"][0]["token"]
        taken = await http.post(
            f"/api/tables/{table_id}/take",
            json={"name": "bench"},
            headers={"Authorization": f"Bearer {invite}"},
        )
        token = taken.json()["token"]  # taking swaps the invite for a new token
        owner = {"Authorization": f"Bearer {created['owner']['token']}"}
        await http.post(f"/api/tables/{table_id}/start", headers=owner)
        async with connect(f"ws://127.0.0.1:{port}/api/tables/{table_id}/ws") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            bot_since: float | None = None  # when the bot got the turn
            while time.perf_counter() < deadline:
                message = json.loads(await ws.recv())
                if message["type"] == "error":
                    raise SystemExit(f"the server refused: {message}")
                if message["type"] not in ("snapshot", "update"):
                    continue
                now = time.perf_counter()
                if bot_since is not None and message["type"] == "update":
                    latencies.append(now - bot_since)
                if message["table"]["status"] != "playing":
                    break
                legal = message["legal_actions"]
                bot_since = None if legal else now
                if legal:
                    seq = message["seq"]
                    await ws.send(json.dumps({"type": "act", "seq": seq, "action": legal[0]["id"]}))
        if time.perf_counter() < deadline:
            continue
        await http.post(f"/api/tables/{table_id}/end", headers=owner)


async def run(args: argparse.Namespace, port: int) -> tuple[list[float], list[int], float]:
    base = f"http://127.0.0.1:{port}"
    latencies: list[float] = []
    moves: list[int] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        start = time.perf_counter()
        deadline = start + args.seconds
        tasks = [bots_table(http, args.game, 100 + i, deadline, moves) for i in range(args.tables)]
        # The hard tables first, so the person's table meets a busy server.
        busy = [asyncio.create_task(t) for t in tasks]
        await asyncio.sleep(args.warmup)
        await person_vs_easy(http, port, args.game, deadline, latencies)
        await asyncio.gather(*busy)
    return latencies, moves, time.perf_counter() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6, help=f"hard tables (<= {MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=60, help=f"(<= {MAX_SECONDS})")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before measuring")
    parser.add_argument("--game", default="tudor")
    parser.add_argument("--bot-workers", type=int, default=2)
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 10 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--tables 1..{MAX_TABLES}, --seconds 10..{MAX_SECONDS}")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="courtly-fairness-") as tmp:
        server = start_server(port, args.bot_workers, Path(tmp))
        try:
            latencies, moves, elapsed = asyncio.run(run(args, port))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    load = os.getloadavg()
    print(f"date {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {os.cpu_count()} cores; load {load}")
    print(
        f"{args.tables} tables of hard bots ({args.game}), {args.bot_workers} bot workers: "
        f"{sum(moves) / elapsed:.1f} hard decisions/s"
    )
    if not latencies:
        print("the easy bot made no decision")
        return
    print(
        f"easy bot, {len(latencies)} decisions: p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
