"""CPU time of the server's in-memory work per action (a script, not a test).

What ``Master.act`` does with an accepted action besides storing it, on the server's own
objects: the action resolved, played by the kernel's ``Table.act``, and each seat's ``update``
built, rendered in its language and encoded by ``outbox.broadcast`` (queued on a connection,
not sent). Many two-person tables are played in turn, as a server interleaves them, with
serve_load's scripted choices. No network, no database, no other process: the figure moves
far less with the machine's load than serve_load's whole-server CPU per action, whose
database batching and event-loop wake-ups depend on how busy the machine is.

``--database sqlite`` (a fresh file) or ``--database postgresql+psycopg://...`` also stores
every action as the server's database thread does (``Store.actions.append``), ``--batch``
actions a commit (the group commit gathers more the busier the server), and reports that
thread's CPU per action apart: the commit's share of a served action.

    .venv/bin/python benchmarks/serve_path.py
    .venv/bin/python benchmarks/serve_path.py --game tudor --actions 5000
    .venv/bin/python benchmarks/serve_path.py --database sqlite --batch 1 --actions 4000
"""

from __future__ import annotations

import argparse
import random
import secrets
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from courtly.core.registry import load_game
from courtly.core.state import Game
from courtly.core.table import Table
from courtly.server import outbox
from courtly.server.live import LiveTable
from courtly.server.store import Store
from courtly.server.stored import PERSON, PLAYING, Append, StoredSeat, StoredTable
from courtly.server.transport import Connection, TokenBucket

# Table ids of this run: a PostgreSQL database may hold an earlier run's.
RUN = secrets.token_hex(4)


def new_table(game: Game, index: int, seed: int) -> LiveTable:
    now = datetime.now(UTC).replace(tzinfo=None)
    seats = [StoredSeat(s, PERSON, name=f"bench {s}", token_hash=f"h{s}") for s in (0, 1)]
    options = game.resolve_options({})
    table = Table(game, 2, seed=seed, options=options, seats=[s.label() for s in seats])
    stored = StoredTable(
        id=f"{RUN}-{index}-{seed}",
        game=game.name,
        num_players=2,
        options=options,
        seed=seed,
        start_fingerprint=table.record.fingerprints[0],
        status=PLAYING,
        seq=0,
        owner_hash="",
        spectator_hash="",
        seats=seats,
        created_at=now,
        updated_at=now,
    )
    live = LiveTable(stored, table)
    for seat in (0, 1):
        # Connections without a socket: a message is queued for a writer never started.
        live.connections.add(Connection(None, seat, TokenBucket(1.0, 1)))  # type: ignore[arg-type]
    return live


def stored_action(live: LiveTable, seat: int) -> Append:
    """The row the server stores for the action just played (Master.act's Append)."""
    table = live.table
    record = table.record
    finished = table.state.is_terminal
    return Append(
        live.id,
        len(record.actions) - 1,
        seat,
        record.actions[-1],
        record.fingerprints[-1],
        table.seq,
        "finished" if finished else PLAYING,
        {"scores": []} if finished else None,
        f"h{seat}",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="courtisans")
    parser.add_argument("--tables", type=int, default=200, help="tables played in turn")
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument(
        "--database", help="also store each action: sqlite (a fresh file) or a PostgreSQL URL"
    )
    parser.add_argument("--batch", type=int, default=1, help="actions a commit (--database)")
    args = parser.parse_args()
    game = load_game(args.game)
    rng = random.Random(1)
    store = None
    if args.database:
        folder = tempfile.mkdtemp(prefix="courtly-path-")
        url = f"sqlite:///{Path(folder) / 'path.sqlite3'}"
        store = Store(url if args.database == "sqlite" else args.database)
        store.migrate()

    creating = [0.0]  # storing new tables: neither an action's memory work nor its commit

    def table_at(index: int, seed: int) -> LiveTable:
        live = new_table(game, index, seed)
        if store is not None:
            made = time.process_time()
            store.create_table(live.stored)
            creating[0] += time.process_time() - made
        return live

    lives = [table_at(i, i) for i in range(args.tables)]
    pending: list[Append] = []
    actions = 0
    storing = 0.0
    started = time.process_time()
    while actions < args.actions:
        for index, live in enumerate(lives):
            table = live.table
            if table.state.is_terminal:  # a new game at this table, as serve_load starts one
                live = lives[index] = table_at(index, args.tables + actions)
                table = live.table
            seat = table.state.current_player
            assert seat is not None
            legal = table.state.legal_actions()
            pick = (legal[0] if rng.random() < 0.75 else rng.choice(legal)).id
            table.state.action_space.resolve(pick)  # Master.act's check for a retried act
            deliveries = table.act(seat, table.seq, pick)
            live.stored.seq = table.seq
            if store is not None:
                pending.append(stored_action(live, seat))
                if len(pending) >= args.batch:
                    stored = time.process_time()
                    store.actions.append(pending)
                    storing += time.process_time() - stored
                    pending = []
            outbox.broadcast(live, deliveries)
            for conn in live.connections:
                while not conn.queue.empty():
                    conn.queue.get_nowait()
            actions += 1
    spent = time.process_time() - started - creating[0]
    line = f"{game.name}: {1000 * (spent - storing) / actions:.3f} ms of CPU per action"
    if store is not None:
        line += f" in memory, {1000 * storing / actions:.3f} ms storing it"
        line += f" ({args.database.split(':')[0]}, {args.batch} a commit)"
        store.dispose()
    print(f"{line} ({actions} actions, {args.tables} two-person tables in turn)")


if __name__ == "__main__":
    main()
