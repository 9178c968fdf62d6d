"""Load benchmark of ``courtly serve`` (a script, not a test: a timing never fails a test).

Starts its own server on 127.0.0.1 (a fresh SQLite file in a temporary folder, or
``--database``), opens N tables of scripted two-person games and plays them as fast as the
server answers (or, with ``--think S``, as people do: each seat thinks a random 0 to 2·S
seconds before it acts): at each table the seat to act sends ``act`` and waits until the
``update`` reached every seat of the table. Reports actions/s, the latency (p50, p90, p99,
p99.9, maximum) from an ``act`` being sent to its ``update`` arriving at every other seat (no
bots: bot thinking excluded), the server's CPU time per action (independent of what else runs
on the machine), this script's own, and the machine's load average, which the latencies depend
on. Every figure covers the window of ``--seconds`` that opens once every table is set up (N
tables created, taken, started and connected at once is not the steady state); games that end
in it are followed by new tables, as people start new games. Before the window opens, each
table's first game is played a random number of decisions in (0 to :data:`HEAD_START`, no
think time, not measured), so that its games end, and new tables are made, at any moment of
the window, as on a server whose tables were not all opened in the same second: started
together, every Courtisans table ended its first game (63 to 70 decisions) within a few
seconds of the others, near the end of a 60 s window or after it, and whether that wave of new
tables fell in the window decided the p99 (``--lockstep`` starts them together still).

Without think time every table acts again the moment it hears back, so latency is the
number of tables over the throughput (Little's law) whatever the server does; ``--think``
measures the latency people see at a given number of tables.

The servers it starts watch their event loop (``COURTLY_LOOP_WATCH=1``): the report adds each
window's loop lag (``loop_lag_p99_ms_at_most``, ``loop_lags_over_50ms``: every server's 10 ms
ticks together) and garbage collections per generation (``gc2_per_s``, ``gc2_ms_per_s``,
``gc2_cpu_ms_per_s``, ...), and the same of this script's own loop (``client_...``), whose
stalls are in every latency too. A stall, not the average cost, makes a p99 far above the p50
(docs/server.md, "Load"). This script collects as the server does (``GcPolicy``).

``--processes N`` (with a PostgreSQL ``--database``) starts N servers on that database behind
one address: a round-robin TCP proxy in this script hands each new connection to the next
server, so the two seats of a table are usually served by different processes and every
action crosses from one to the other (NOTIFY, then a re-read). ``--route table`` instead sends
all of a table's requests and websockets to one server (as a proxy that hashes the table's
address does), so each process plays only its own tables' actions. The CPU time is that of
all N.

    .venv/bin/python benchmarks/serve_load.py --tables 20 --seconds 20
    .venv/bin/python benchmarks/serve_load.py --tables 1000 --seconds 60 --think 1
    .venv/bin/python benchmarks/serve_load.py --tables 100 --seconds 30 --think 1 \
        --database postgresql+psycopg://... --processes 2
    .venv/bin/python benchmarks/serve_load.py --tables 1000 --seconds 60 --think 1 \
        --postgres --processes 2 --route table
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from local_server import free_port, start_serve
from websockets.asyncio.client import ClientConnection, connect

from courtly.server.gc_policy import GcPolicy
from courtly.server.loop_watch import LoopWatch

MAX_TABLES = 2000
MAX_SECONDS = 600
#: At most this many decisions of a table's first game are played before the window opens.
HEAD_START = 60


class Window:
    """The measured window: it opens once every table slot has its first table started and its
    seats connected (setting up a thousand tables at once is not the steady state the figures
    describe), and closes ``seconds`` later. Actions before it opens are not counted."""

    def __init__(self, tables: int, seconds: float) -> None:
        self.waiting = tables
        self.seconds = seconds
        self.opened = asyncio.Event()
        self.started = 0.0
        self.deadline = float("inf")

    async def ready(self) -> None:
        """A slot is set up; wait until every slot is."""
        self.waiting -= 1
        if self.waiting == 0:
            self.started = time.perf_counter()
            self.deadline = self.started + self.seconds
            self.opened.set()
        await self.opened.wait()


class Seat:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seq = -1
        self.legal: list[dict[str, Any]] = []
        self.status = "waiting"

    async def read_until(self, seq: int) -> float:
        """Read messages until this seat has seen ``seq``; the time it arrived."""
        while self.seq < seq:
            # orjson: this client shares the server's cores, and parsing every update with the
            # standard library cost it about 40 µs of CPU per action (2 updates of 3.5 kB).
            message = orjson.loads(await self.ws.recv(decode=False))
            if "table" in message:
                self.status = message["table"]["status"]
            if message["type"] in ("snapshot", "update"):
                self.seq = message["seq"]
                self.legal = message["legal_actions"]
            elif message["type"] == "error":
                raise RuntimeError(f"server refused: {message}")
        return time.perf_counter()


async def play_tables(
    base: str,
    port: int,
    game: str,
    window: Window,
    latencies: list[tuple[float, float]],
    rng: random.Random,
    think: float,
    lockstep: bool,
) -> int:
    """Play games back to back at one table slot until the window closes; actions made in it."""
    actions = 0
    first = True
    head_start = 0 if lockstep else rng.randrange(HEAD_START + 1)
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        while time.perf_counter() < window.deadline:
            created = (
                await http.post(
                    "/api/tables",
                    json={"game": game, "players": 2, "seats": ["open", "open"]},
                )
            ).json()
            table_id = created["table"]["id"]
            for seat in created["seats"]:
                taken = await http.post(
                    f"/api/tables/{table_id}/take",
                    json={"name": f"bench {seat['seat']}"},
                    headers={"Authorization": f"Bearer {seat['token']}"},
                )
                seat["token"] = taken.json()["token"]  # taking swaps the invite for a new token
            owner = {"Authorization": f"Bearer {created['owner']['token']}"}
            await http.post(f"/api/tables/{table_id}/start", headers=owner)
            url = f"ws://127.0.0.1:{port}/api/tables/{table_id}/ws"
            seats = []
            for seat in created["seats"]:
                # A thousand handshakes at once outlast the client's 10 s default on a busy machine.
                ws = await connect(url, max_size=None, open_timeout=300)
                await ws.send(orjson.dumps({"type": "hello", "token": seat["token"]}).decode())
                seats.append(Seat(ws))
            await asyncio.gather(*(s.read_until(0) for s in seats))
            if first:
                first = False
                await play_head_start(seats, head_start, rng)
                await window.ready()
            while time.perf_counter() < window.deadline and seats[0].status == "playing":
                mover = next((s for s in seats if s.legal), None)
                if mover is None:
                    await asyncio.gather(*(s.read_until(s.seq + 1) for s in seats))
                    continue
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    if time.perf_counter() >= window.deadline:
                        break
                sent = time.perf_counter()
                seq = await send_act(mover, rng)
                arrived = await asyncio.gather(*(s.read_until(seq) for s in seats))
                others = [t for s, t in zip(seats, arrived, strict=True) if s is not mover]
                latencies.append((sent, max(others) - sent))
                actions += 1
            for seat in seats:
                await seat.ws.close()
            if seats[0].status == "playing":
                await http.post(f"/api/tables/{table_id}/end", headers=owner)
    return actions


async def play_head_start(seats: list[Seat], decisions: int, rng: random.Random) -> None:
    """Play up to ``decisions`` of a game at once, unmeasured (the first game's head start)."""
    for _ in range(decisions):
        mover = next((s for s in seats if s.legal), None)
        if seats[0].status != "playing" or mover is None:
            return
        seq = await send_act(mover, rng)
        await asyncio.gather(*(s.read_until(seq) for s in seats))


async def send_act(mover: Seat, rng: random.Random) -> int:
    """Send the mover's choice (mostly its first legal action, a random one a quarter of the
    time); the sequence number its update will carry."""
    pick = mover.legal[0] if rng.random() < 0.75 else rng.choice(mover.legal)
    act = {"type": "act", "seq": mover.seq, "action": pick["id"]}
    await mover.ws.send(orjson.dumps(act).decode())
    return mover.seq + 1


def quantile_ms(ordered: list[float], share: float) -> float | None:
    """The ``share`` quantile (nearest rank) of sorted latencies in seconds, in ms."""
    return round(1000 * ordered[int(share * (len(ordered) - 1))], 2) if ordered else None


def write_latencies(path: Path, latencies: list[tuple[float, float]], started: float) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("sent_s,latency_ms\n")
        for sent, latency in sorted(latencies):
            out.write(f"{sent - started:.4f},{1000 * latency:.2f}\n")


def cpu_seconds(servers: list[subprocess.Popen[bytes]]) -> float | None:
    """CPU time the server processes have used so far (Linux /proc; None elsewhere or for a
    server this script did not start)."""
    if not servers:
        return None
    total = 0.0
    for server in servers:
        try:
            fields = Path(f"/proc/{server.pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return None
        # utime and stime, fields 14 and 15 of proc(5), counted after the command name.
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def round_robin(port: int, backends: list[int]) -> asyncio.Server:
    """One address for several servers: each new TCP connection (HTTP or websocket) goes to
    the next server in turn, bytes copied both ways until either side closes."""
    turn = itertools.count()

    async def copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        backend = backends[next(turn) % len(backends)]
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", backend)
        except OSError:
            writer.close()
            return
        await asyncio.gather(copy(reader, upstream_writer), copy(upstream_reader, writer))

    return await asyncio.start_server(serve, "127.0.0.1", port)


def start_server(
    port: int, database: str | None, folder: Path, name: str = "server"
) -> subprocess.Popen[bytes]:
    flags = ["--database", database] if database else ["--data", str(folder)]
    return start_serve(port, flags, folder, name, {"COURTLY_LOOP_WATCH": "1"})


async def loop_watches(backends: list[int]) -> list[dict[str, Any]] | None:
    """Each server's event-loop lag and collector pauses so far (``/api/health/loop``), or None
    for a server that does not watch them (one this script did not start)."""
    watches = []
    async with httpx.AsyncClient(timeout=60) as http:
        for backend in backends:
            answer = await http.get(f"http://127.0.0.1:{backend}/api/health/loop")
            if answer.status_code != 200:
                return None
            watches.append(answer.json())
    return watches


def percentile_bound(counts: list[int], bounds: list[float], share: float) -> float | None:
    """The upper bound (ms) of the histogram bucket holding the ``share`` quantile (inf for the
    last, open bucket)."""
    total = sum(counts)
    if not total:
        return None
    seen = 0
    for count, bound in zip(counts, [*bounds, float("inf")], strict=True):
        seen += count
        if seen >= share * total:
            return bound
    return float("inf")


def histogram_report(
    before: list[dict[str, Any]], after: list[dict[str, Any]], key: str, name: str
) -> dict[str, Any]:
    """One of the watch's histograms over the window (every server's together): its median
    and p99 buckets, how many over 50 ms, and the largest since the servers started."""
    bounds = after[0][key]["bounds_ms"]
    pairs = list(zip(after, before, strict=True))
    counts = [
        sum(a[key]["counts"][i] - b[key]["counts"][i] for a, b in pairs)
        for i in range(len(bounds) + 1)
    ]
    upper = [*bounds, float("inf")]
    return {
        f"{name}_p50_ms_at_most": percentile_bound(counts, bounds, 0.5),
        f"{name}_p99_ms_at_most": percentile_bound(counts, bounds, 0.99),
        f"{name}s_over_50ms": sum(c for c, bound in zip(counts, upper, strict=True) if bound > 50),
        f"{name}_max_ms_since_start": max(a[key]["max_ms"] for a in after),
        f"{name}_count": sum(counts),
    }


def loop_report(
    before: list[dict[str, Any]] | None, after: list[dict[str, Any]] | None, elapsed: float
) -> dict[str, Any]:
    """The window's event-loop lag (every server's 10 ms ticks together) and collector pauses:
    the difference of the cumulative histograms read at both ends."""
    if before is None or after is None:
        return {}
    report: dict[str, Any] = {}
    for key, name in (("lag", "loop_lag"), ("commits", "commit"), ("stored_waits", "stored_wait")):
        if key not in after[0]:  # a server older than the commits' watch has only the lag
            continue
        part = histogram_report(before, after, key, name)
        if key == "lag" or part[f"{name}_count"]:  # the client commits nothing
            report.update(part)
    for generation in ("0", "1", "2"):
        count = sum(
            sum(a["gc"][generation]["counts"]) - sum(b["gc"][generation]["counts"])
            for a, b in zip(after, before, strict=True)
        )
        total = sum(
            a["gc"][generation]["total_ms"] - b["gc"][generation]["total_ms"]
            for a, b in zip(after, before, strict=True)
        )
        report[f"gc{generation}_per_s"] = round(count / elapsed, 2)
        report[f"gc{generation}_ms_per_s"] = round(total / elapsed, 2)
        report[f"gc{generation}_max_ms_since_start"] = max(
            a["gc"][generation]["max_ms"] for a in after
        )
        report[f"gc{generation}_cpu_ms_per_s"] = round(
            sum(
                a["gc"][generation]["cpu_ms"] - b["gc"][generation]["cpu_ms"]
                for a, b in zip(after, before, strict=True)
            )
            / elapsed,
            2,
        )
        report[f"gc{generation}_collected"] = sum(
            a["gc"][generation]["collected"] - b["gc"][generation]["collected"]
            for a, b in zip(after, before, strict=True)
        )
    report["gc_full_passes"] = [a["gc_full_passes"] for a in after]
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables", type=int, default=20, help=f"concurrent tables (<= {MAX_TABLES})"
    )
    parser.add_argument("--seconds", type=float, default=20, help=f"duration (<= {MAX_SECONDS})")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a seat thinks before acting (0: act at once)",
    )
    parser.add_argument("--game", default="courtisans")
    parser.add_argument("--database", help="SQLAlchemy URL (default: SQLite in a temp folder)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throwaway PostgreSQL (Debian's, fsync off, as the tests do) as --database",
    )
    parser.add_argument(
        "--port", type=int, help="use a server already running on 127.0.0.1:PORT instead"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="servers on the same PostgreSQL behind one round-robin address (<= 8)",
    )
    parser.add_argument(
        "--route",
        choices=("connection", "table"),
        default="connection",
        help="with --processes: each new connection to the next server (round robin), or "
        "every request and websocket of a table to one server, as a proxy hashing the "
        "table's address would",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="start every table's first game together (no head start): their ends, and the "
        "new tables after them, then come in one wave",
    )
    parser.add_argument(
        "--latencies",
        type=Path,
        help="also write every action's latency to this CSV (seconds since the window "
        "opened, ms), to see whether the slow ones come together (a stall) or apart",
    )
    args = parser.parse_args()
    postgres = None
    if args.postgres:
        if args.database:
            parser.error("--postgres or --database, not both")
        postgres = throwaway_postgres()
        args.database = postgres.url
    try:
        run(parser, args)
    finally:
        if postgres is not None:
            postgres.stop()


def throwaway_postgres() -> Any:
    """The tests' PostgreSQL (tests/server/server_support.py): initdb in a temporary folder,
    on a free port of 127.0.0.1."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
    from server_support import Postgres  # type: ignore[import-not-found]

    postgres = Postgres()
    postgres.start()
    return postgres


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if not 1 <= args.processes <= 8:
        parser.error("--processes 1..8")
    if args.processes > 1 and (args.port or not (args.database or "").startswith("postgresql")):
        parser.error("--processes needs a PostgreSQL --database (and no --port)")
    if not 1 <= args.tables <= MAX_TABLES or not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--tables 1..{MAX_TABLES}, --seconds 1..{MAX_SECONDS}")
    if not 0 <= args.think <= 60:
        parser.error("--think 0..60")
    port = args.port or free_port()
    with tempfile.TemporaryDirectory(prefix="courtly-load-") as tmp:
        servers: list[subprocess.Popen[bytes]] = []
        backends = [port] if args.processes == 1 else [free_port() for _ in range(args.processes)]
        try:
            if not args.port:
                for index, backend in enumerate(backends):
                    name = f"server{index}"
                    servers.append(start_server(backend, args.database, Path(tmp), name))
            latencies: list[tuple[float, float]] = []
            window = Window(args.tables, args.seconds)
            # This script's own event loop and collector: its stalls are in every latency too,
            # where a thousand people's browsers would not stop together. It collects as the
            # server does (``GcPolicy``): its full collections over a thousand tables' messages
            # stopped it for 500 ms.
            client_watch = LoopWatch()
            client_gc = GcPolicy(10.0)
            measured: dict[str, Any] = {}

            async def measure() -> None:
                """The server's CPU time and the load average over the window alone."""
                await window.opened.wait()
                # On stderr, for a profiler to attach to the server for the window alone.
                print(f"window open: measuring for {args.seconds:g} s", file=sys.stderr, flush=True)
                measured["cpu_before"] = cpu_seconds(servers)
                measured["loop_before"] = await loop_watches(backends)
                measured["client_loop_before"] = [client_watch.as_json(full_passes=0)]
                measured["client_before"] = time.process_time()
                measured["load_before"] = os.getloadavg()[0]
                await asyncio.sleep(max(0.0, window.deadline - time.perf_counter()))
                measured["cpu_after"] = cpu_seconds(servers)
                measured["loop_after"] = await loop_watches(backends)
                measured["client_loop_after"] = [client_watch.as_json(full_passes=0)]
                measured["client_after"] = time.process_time()
                measured["load_after"] = os.getloadavg()[0]
                measured["elapsed"] = time.perf_counter() - window.started

            async def run() -> int:
                by_table = args.route == "table"
                proxy = None
                if args.processes > 1 and not by_table:
                    proxy = await round_robin(port, backends)

                def server_of(slot: int) -> int:
                    return backends[slot % len(backends)] if by_table else port

                setup_started = time.perf_counter()
                client_watch.start()
                client_gc.start()
                meter = asyncio.create_task(measure())
                counts = await asyncio.gather(
                    *(
                        play_tables(
                            f"http://127.0.0.1:{server_of(i)}",
                            server_of(i),
                            args.game,
                            window,
                            latencies,
                            random.Random(i),
                            args.think,
                            args.lockstep,
                        )
                        for i in range(args.tables)
                    )
                )
                await meter
                client_watch.stop()
                client_gc.stop()
                measured["setup"] = window.started - setup_started
                if proxy is not None:
                    proxy.close()
                return sum(counts)

            actions = asyncio.run(run())
            elapsed = measured["elapsed"]
            cpu_before, cpu_after = measured["cpu_before"], measured["cpu_after"]
            load_before, load_after = measured["load_before"], measured["load_after"]
        finally:
            for server in servers:
                os.killpg(server.pid, signal.SIGTERM)
            for server in servers:
                server.wait(timeout=30)
    ordered = sorted(latency for _, latency in latencies)
    if args.latencies:
        write_latencies(args.latencies, latencies, window.started)
    result = {
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "setup_seconds": round(measured["setup"], 1),
        "game": args.game,
        "database": "sqlite" if not args.database else args.database.split(":")[0],
        "processes": args.processes,
        "route": args.route if args.processes > 1 else None,
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(ordered), 2) if ordered else None,
        "p90_ms": quantile_ms(ordered, 0.90),
        "p99_ms": quantile_ms(ordered, 0.99),
        "p999_ms": quantile_ms(ordered, 0.999),
        "max_ms": quantile_ms(ordered, 1.0),
        "think_s": args.think,
        "lockstep": args.lockstep,
        "server_cpu_ms_per_action": (
            round(1000 * (cpu_after - cpu_before) / actions, 2)
            if actions and cpu_before is not None and cpu_after is not None
            else None
        ),
        # This script's own CPU time: it shares the machine's cores with the server.
        "client_cpu_ms_per_action": (
            round(1000 * (measured["client_after"] - measured["client_before"]) / actions, 2)
            if actions
            else None
        ),
        "load_avg_1min": [round(load_before, 2), round(load_after, 2)],
        "cpus": os.cpu_count(),
        **loop_report(measured["loop_before"], measured["loop_after"], elapsed),
        **{
            f"client_{key}": value
            for key, value in loop_report(
                measured["client_loop_before"], measured["client_loop_after"], elapsed
            ).items()
        },
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
