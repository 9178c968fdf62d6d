"""Bot seats think in a process pool, so a bot's turn never blocks the server or another table.

A worker is handed the table's record, rebuilds the game with the kernel's ``Table`` and gives
the agent only ``Table.seat_view(seat)``, as every other front does. The action it returns goes
through ``Table.act`` in the server like a person's.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from courtly.agents.registry import make_agent
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.rng import MASK64, Rng
from courtly.core.seeds import seat_rng
from courtly.core.table import Table

_GOLDEN = 0x9E3779B97F4A7C15


def decision_rng(seed: int, seat: int, ply: int) -> Rng:
    """The generator of a bot's decision at ``ply``: the same decision on every restart."""
    return Rng(seat_rng(seed, seat).state ^ ((ply + 1) * _GOLDEN & MASK64))


# Per worker process: the tables it has rebuilt lately, so a bot's next decision plays only the
# actions made since its last one instead of replaying the whole game (long games stay linear).
_TABLES: dict[str, Table] = {}
_KEPT = 64


def _table(table_id: str, record: dict[str, Any]) -> Table:
    actions = record["actions"]
    table = _TABLES.pop(table_id, None)
    if table is not None and table.record.actions == actions[: len(table.record.actions)]:
        for action in actions[len(table.record.actions) :]:
            seat = table.state.current_player
            if seat is None:
                table = None
                break
            table.act(seat, table.seq, action)
        if table is not None and table.record.fingerprints == list(record["fingerprints"]):
            _TABLES[table_id] = table
            return table
    table = Table.from_record(load_game(str(record["game"])), GameRecord.from_json(record))
    if len(_TABLES) >= _KEPT:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[table_id] = table
    return table


def decide(table_id: str, record: dict[str, Any], seat: int, spec: str) -> dict[str, Any]:
    """Run in a worker: the action (JSON form) agent ``spec`` chooses for ``seat``."""
    table = _table(table_id, record)
    agent = make_agent(spec, table.game)
    rng = decision_rng(table.record.seed, seat, len(table.record.actions))
    return agent.act(table.seat_view(seat), rng).to_json()


class BotPool:
    def __init__(self, workers: int) -> None:
        # spawn, not fork: the server has threads (database, event loop) a fork would copy.
        self._pool = ProcessPoolExecutor(
            max_workers=max(1, workers), mp_context=multiprocessing.get_context("spawn")
        )

    async def decide(
        self, table_id: str, record: dict[str, Any], seat: int, spec: str
    ) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, table_id, record, seat, spec)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
