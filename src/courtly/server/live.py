"""A live table: the kernel's Table, its seats as stored, who is connected to it (here and
through the other server processes), its undo request, and the lock that orders its changes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server import clocks, protocol
from courtly.server.stored import (
    BOT,
    ENDED,
    HOTSEAT,
    PLAYING,
    WAITING,
    StoredSeat,
    StoredTable,
)
from courtly.server.transport import Connection, TokenBucket


@dataclass
class UndoRequest:
    seat: int
    seq: int
    waiting_for: set[int]
    # The server process that decides the request (the asker's): None for this one.
    origin: str | None = None


@dataclass(frozen=True)
class Presence:
    """Who is connected to a table through another server process."""

    seats: frozenset[int]
    spectators: int


class LiveTable:
    """A table in memory: the kernel's Table, its seats and connections, and its lock."""

    def __init__(self, stored: StoredTable, table: Table) -> None:
        self.stored = stored
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.thinking: int | None = None
        self.bot_task: asyncio.Task[None] | None = None
        self.undo: UndoRequest | None = None
        # Per seat: the sequence number and action of its last accepted act, so a retried act
        # (same seq, same action) is recognised as already applied.
        self.last_act: dict[int, tuple[int, int]] = {}
        # Connections through the other server processes on the same database, by process.
        self.remote: dict[str, Presence] = {}
        self.shared_presence = Presence(frozenset(), 0)  # as last told to the others
        self.refresh_again = False  # another process changed it while it was being re-read
        # The latest chat messages (``courtly.server.chat``), and each seat's posting rate
        # (a seat's, not a connection's: a second tab does not double it).
        self.chat: list[dict[str, Any]] = []
        self.chat_buckets: dict[int, TokenBucket] = {}

    @property
    def seq(self) -> int:
        """The sequence number as stored: what every client is told (while an action is
        being committed, ``table`` is one step ahead of it)."""
        return self.stored.seq

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def status(self) -> str:
        return self.stored.status

    def seat(self, index: int) -> StoredSeat:
        return self.stored.seats[index]

    def connected(self, seat: int) -> bool:
        """Whether someone is connected to the seat, through this process or another."""
        return any(c.viewer == seat for c in self.connections) or any(
            seat in p.seats for p in self.remote.values()
        )

    def spectators(self) -> int:
        here = sum(c.viewer is None for c in self.connections)
        return here + sum(p.spectators for p in self.remote.values())

    def local_presence(self) -> Presence:
        seats = frozenset(c.viewer for c in self.connections if c.viewer is not None)
        return Presence(seats, sum(c.viewer is None for c in self.connections))

    def holder(self, seat: int) -> str | None:
        """Who decides for a seat: hotseat seats share one person (the creator); bots none."""
        kind = self.seat(seat).kind
        if kind == BOT:
            return None
        return "hotseat" if kind == HOTSEAT else f"seat{seat}"

    def info(self) -> dict[str, Any]:
        """The table as every viewer may see it: seats, who is here, status, result."""
        return table_info(self.stored, self)

    @property
    def dealt(self) -> bool:
        """Whether the deal may be shown: the table has started. An ended table that never
        moved may have been ended before its start (the owner closed a waiting table), and
        shows nothing of its deal either, unless its clocks ran (a seat lost on time before
        anyone moved: the game was dealt and is shown as it stopped)."""
        if self.status == WAITING:
            return False
        clock = self.stored.clock
        began = clock is not None and clock["seq"] >= 0
        return began or not (self.status == ENDED and self.table.seq == 0)

    def fresh_view(
        self,
        viewer: int | None,
        lang: str,
        kind: str = "update",
        rendered: protocol.RenderedEvents | None = None,
    ) -> dict[str, Any]:
        """Everything ``viewer`` needs to draw the table from nothing (``kind`` is
        ``snapshot`` or ``update``), its texts in ``lang`` (``rendered``: the words of the
        events already made for the other viewers of the same change). Before the start
        nothing in it comes from the deal: the state is dealt from the seed, which stays
        unused for viewers until the owner starts the table."""
        if not self.dealt:
            return protocol.unstarted_message(kind, viewer, self.table.seq, self.info())
        snapshot = self.table.snapshot(viewer)
        return protocol.game_message(kind, snapshot, self.info(), self.table.game, lang, rendered)


def table_info(stored: StoredTable, live: LiveTable | None = None) -> dict[str, Any]:
    seats = []
    for s in stored.seats:
        seats.append(
            {
                "seat": s.seat,
                "kind": s.kind,
                # As typed (cleaned, never escaped): a client shows it as text, never as markup,
                # so "<", "&" and quotes reach every screen exactly.
                "name": s.name,
                "bot": s.bot_spec if s.kind == BOT else None,
                "connected": s.kind == BOT or (live is not None and live.connected(s.seat)),
                "thinking": live is not None and live.thinking == s.seat,
                # Played under an account (and that account since deleted): no more of it.
                "account": s.account_id is not None,
                "deleted": s.account_id is not None and s.name is None,
            }
        )
    undo = None
    if live is not None and live.undo is not None:
        undo = {"seat": live.undo.seat, "waiting_for": sorted(live.undo.waiting_for)}
    return {
        "id": stored.id,
        "game": stored.game,
        "title": load_game(stored.game).title,
        "num_players": stored.num_players,
        "options": stored.options,
        "status": stored.status,
        "seq": stored.seq,
        "seats": seats,
        "spectators": 0 if live is None else live.spectators(),
        "result": clocks.lost_on_time(stored.clock) or stored.result,
        "undo": undo,
        "hints": stored.hints,
        "rated": stored.rated,
        "quick": stored.quick,
        "fill_after": stored.fill_after,
        "spectator_chat": stored.spectator_chat,
        "muted": stored.muted,
        # The pace, the policy and each seat's time left, measured now (None: no clock). The
        # clock is read only for a clocked table: this is built for every accepted action.
        "clock": None if stored.clock is None else clocks.public(stored.clock, clocks.now()),
        "to_move": _to_move(stored, live),
        "created_at": utc_text(stored.created_at),
        "finished_at": None if stored.finished_at is None else utc_text(stored.finished_at),
    }


def utc_text(moment: datetime) -> str:
    """A naive UTC timestamp (the Store's) as ISO 8601 with its ``Z``."""
    if moment.tzinfo is not None:
        return moment.isoformat() + "Z"  # never remembered: equal instants, other spellings
    return _naive_utc_text(moment)


@lru_cache(maxsize=8192)
def _naive_utc_text(moment: datetime) -> str:
    # Remembered: a table's creation time is spelled again in every message about the table
    # (a live table's info is built for each accepted action), and ``isoformat`` cost more
    # than the rest of that info's fields (docs/server.md, "Load").
    return moment.isoformat() + "Z"


def _to_move(stored: StoredTable, live: LiveTable | None) -> int | None:
    """The seat that must decide now (public: every viewer's observation says it), None when
    nobody must (not playing) or when the table is not held here and has no clock to say it
    (the account's games load their playing tables, so they always know)."""
    if stored.status != PLAYING:
        return None
    if live is not None:
        return live.table.state.current_player
    running = None if stored.clock is None else stored.clock.get("running")
    return running if isinstance(running, int) else None
