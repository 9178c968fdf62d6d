"""The bot seats of live tables: whose turn wakes a bot, whether this process thinks for it,
and its decision played through the master like a person's (the thinking itself happens in
the worker processes of :mod:`courtly.server.scheduler`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from courtly.server.live import LiveTable
from courtly.server.master import Master
from courtly.server.outbox import broadcast_table
from courtly.server.peers import BotLeases
from courtly.server.scheduler import BotScheduler
from courtly.server.stored import BOT, PLAYING
from courtly.server.tables import LiveTables

log = logging.getLogger("courtly.server")


class BotSeats:
    def __init__(
        self,
        tables: LiveTables,
        master: Master,
        leases: BotLeases | None,
        scheduler: BotScheduler | None,
    ) -> None:
        self.tables = tables
        self.master = master
        self.leases = leases
        self.scheduler = scheduler
        # A decision's spec within the seat's clock (the hub's deadlines cap it by the time
        # the seat has left; docs/server.md, "Time at the table").
        self.budget: Callable[[LiveTable, int, str], str] = lambda live, seat, spec: spec

    def wake(self, live: LiveTable) -> None:
        """Let the bot whose turn it is think, unless one already does for this table."""
        if self.scheduler is None or (live.bot_task is not None and not live.bot_task.done()):
            return
        if _bot_to_move(live) is not None:
            live.bot_task = asyncio.create_task(self._loop(live))

    async def thinks_here(self, live: LiveTable) -> bool:
        """Whether this process thinks for the table's bots now: with a shared PostgreSQL,
        only the one holding the table's lease (several processes may hold the table live);
        never while its last write failed for want of the database."""
        if live.id in self.tables.suspect:
            return False
        return self.leases is None or await self.leases.holds(live.id)

    async def _loop(self, live: LiveTable) -> None:
        assert self.scheduler is not None
        while True:
            if not await self.thinks_here(live):
                return
            async with live.lock:
                player = _bot_to_move(live)
                if player is None:
                    return
                spec = _spec(live, player) or "random"
                thinks = self.budget(live, player, spec)
                holder = _holder(live, player)
                seq = live.table.seq
                record = live.table.record.to_json()
                live.thinking = player
                broadcast_table(live)

            def wanted(
                player: int = player, spec: str = spec, seq: int = seq, holder: str | None = holder
            ) -> bool:
                # Undone, moved on (another process), ended or reseated: stop thinking.
                seat = live.seat(player)
                return (
                    live.status == PLAYING
                    and live.table.seq == seq
                    and seat.token_hash == holder
                    and _spec(live, player) == spec
                )

            try:
                action = await self.scheduler.decide(live.id, record, player, thinks, wanted)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: bot %r in seat %d failed", live.id, spec, player)
                live.thinking = None
                async with live.lock:
                    broadcast_table(live)
                return
            live.thinking = None
            # None: the table changed while the bot thought (the loop looks again); a stale
            # seq (an undo meanwhile) is refused by the kernel, and the loop looks again too.
            if action is None or not await self.master.act(live, player, seq, action, None, holder):
                async with live.lock:
                    broadcast_table(live)


def _spec(live: LiveTable, seat: int) -> str | None:
    """The agent that plays ``seat``: its bot's, or the stand-in's while its person is away
    (timed out at a table whose policy hands the seat to a bot); None: a person plays."""
    stored = live.seat(seat)
    if stored.kind == BOT:
        return stored.bot_spec or "random"
    clock = live.stored.clock
    if clock is not None and seat in clock["stand_in"]:
        return str(clock["pace"]["bot"])
    return None


def _holder(live: LiveTable, seat: int) -> str | None:
    """Who the seat's actions are stored for: a bot seat's None, a stand-in its person's."""
    stored = live.seat(seat)
    return None if stored.kind == BOT else stored.token_hash


def _bot_to_move(live: LiveTable) -> int | None:
    if live.status != PLAYING:
        return None
    player = live.table.state.current_player
    if player is None or _spec(live, player) is None:
        return None
    return player
