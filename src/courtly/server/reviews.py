"""Post-game reviews on the server: a seat's decisions judged by the strong search
(``courtly.analysis.review``), requested in the replay viewer once a game is over.

A review runs as a background task, one turn at a time, each turn a job of the bot scheduler
at the lowest priority (``BotScheduler.review_turn``: it waits while any bot's decision does).
After each turn its state is stored with the table (``Store.reviews``), so the review is
computed once, its progress can be shown, and a server restarted goes on from what was judged.
Several server processes on one PostgreSQL compute it once too: the process that computes a
review holds its claim, a PostgreSQL advisory lock of its own (``review_claims.py``); another
process asked for it shows what the holder stored so far. The lock lives as long as the
holder's connection, so a review whose process died is taken up by the next process asked.
Only a finished game is reviewed: during a game a seat's estimates would be a hint about the
others, which only a hint for one's own seat may give (docs/server.md).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.calibration import load_calibration
from courtly.analysis.review.engine import seat_turns
from courtly.analysis.review.spectator import public_positions
from courtly.core.pieces import parts_json
from courtly.core.render import action_text
from courtly.server import bots
from courtly.server.access import seat_of
from courtly.server.config import Limits
from courtly.server.database import StoreThread
from courtly.server.live import LiveTable
from courtly.server.protocol import seat_names
from courtly.server.refusals import RequestError
from courtly.server.review_claims import ReviewClaims
from courtly.server.scheduler import BotScheduler
from courtly.server.stored import PLAYING

log = logging.getLogger("courtly.server")

NONE, RUNNING, DONE, FAILED = "none", "running", "done", "failed"
#: The seat number the spectator's series is stored and claimed under (every seat's win chance
#: from the public view): no seat has it.
SPECTATOR = -1
#: A review whose turns fail this many times is stored as failed (asked for again, it retries).
MAX_FAILURES = 3


def review_settings(limits: Limits) -> ReviewSettings:
    """The server's review budget per turn: iterations when set, else seconds when set, else
    none (each game's calibrated budget, :meth:`ReviewSettings.for_game`)."""
    if limits.review_iterations > 0:
        return ReviewSettings(iterations=limits.review_iterations, seconds=None)
    if limits.review_seconds > 0:
        return ReviewSettings(iterations=None, seconds=limits.review_seconds)
    return ReviewSettings()


class Reviews:
    def __init__(
        self, thread: StoreThread, scheduler: BotScheduler | None, settings: ReviewSettings
    ) -> None:
        self.thread = thread
        self.scheduler = scheduler
        self.settings = settings
        store = thread.store
        self.claims = ReviewClaims(store.listen_dsn() if store.shared else None)
        #: Turns this process judged (``/api/health``): across processes, each turn once.
        self.turns_judged = 0
        self._running: dict[tuple[str, int], asyncio.Task[None]] = {}
        # Set while the server stops: a turn cut off then (its worker killed) is no failure;
        # the review stays as stored, running, and is taken up after the restart.
        self._stopping = False

    def _check(self, live: LiveTable, seat: int) -> None:
        if not live.table.state.is_terminal:
            raise RequestError(409, "server.review.not_over")
        if seat != SPECTATOR and not 0 <= seat < live.table.state.num_players:
            raise RequestError(
                400, "server.request.no_seat", seat=seat, last=live.table.state.num_players - 1
            )

    async def request(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """Start (or go on with) the review of ``seat`` (``SPECTATOR``: the spectator's
        series); its body as stored."""
        self._check(live, seat)
        load = self.thread.store.reviews.load
        if not await self.claims.take(live.id, seat):
            # Another process computes it: what it stored so far, or (not stored yet) its plan.
            body = await self.thread.run(load, live.id, seat)
            return body if body is not None else await asyncio.to_thread(self._plan, live, seat)
        body = await self.thread.run(load, live.id, seat)
        if body is None or not self._current(live, body):
            body = await asyncio.to_thread(self._plan, live, seat)
            await self.thread.run(self.thread.store.reviews.save, live.id, seat, body)
        if body["status"] != DONE:
            self._start(live, seat, body)
        elif not self._busy(live.id, seat):
            await self.claims.release(live.id, seat)
        return body

    async def stored(self, live: LiveTable, seat: int) -> dict[str, Any] | None:
        """The review of ``seat`` as stored (None: never asked for); one stored as running but
        with no task here (the server restarted) is taken up again."""
        self._check(live, seat)
        load = self.thread.store.reviews.load
        body = await self.thread.run(load, live.id, seat)
        orphaned = body is not None and body["status"] == RUNNING and not self._busy(live.id, seat)
        if orphaned and await self.claims.take(live.id, seat):
            # Read again under the claim: the process that held it may have gone on.
            body = await self.thread.run(load, live.id, seat)
            if body is not None and body["status"] == RUNNING:
                if not self._current(live, body):  # begun with another curve: not mixed
                    body = await asyncio.to_thread(self._plan, live, seat)
                    await self.thread.run(self.thread.store.reviews.save, live.id, seat, body)
                self._start(live, seat, body)
        return body

    def _plan(self, live: LiveTable, seat: int) -> dict[str, Any]:
        if seat == SPECTATOR:
            steps = sorted(public_positions(live.table.game, live.table.record))
            return {
                "status": RUNNING,
                "settings": self._settings(live).to_json(),
                "calibration": self._calibration(live),
                "steps": steps,
                "points": [],
            }
        turns = seat_turns(live.table.game, live.table.record, seat)
        judged = [t.step for t in turns if t.judged]
        return {
            "status": RUNNING,
            "settings": self._settings(live).to_json(),
            "calibration": self._calibration(live),
            "steps": judged,
            "forced": len(turns) - len(judged),
            "decisions": [],
        }

    def _settings(self, live: LiveTable) -> ReviewSettings:
        """This server's budget for the game at ``live``."""
        return self.settings.for_game(live.table.game.name)

    def _calibration(self, live: LiveTable) -> str:
        """The curve this server's chances come from at ``live`` (its digest)."""
        record = live.table.record
        return load_calibration(record.game, record.num_players).digest()

    def _current(self, live: LiveTable, body: dict[str, Any]) -> bool:
        """Whether a stored review was made with this server's settings and curve: one of an
        older courtly's curve (stored before an upgrade) is planned again, never mixed."""
        return bool(
            body.get("settings") == self._settings(live).to_json()
            and body.get("calibration") == self._calibration(live)
        )

    def _busy(self, table_id: str, seat: int) -> bool:
        """Whether this process is computing the review now."""
        task = self._running.get((table_id, seat))
        return task is not None and not task.done()

    def _start(self, live: LiveTable, seat: int, body: dict[str, Any]) -> None:
        key = (live.id, seat)
        if self._busy(live.id, seat):
            return
        if body["status"] == FAILED:  # a failed review asked for again is tried again
            body["status"], body["failures"] = RUNNING, 0
        self._running[key] = asyncio.create_task(self._run(live.id, live, seat, body))

    async def _run(self, table_id: str, live: LiveTable, seat: int, body: dict[str, Any]) -> None:
        store = self.thread.store
        record = live.table.record.to_json()
        # A seat's judged turns, or the spectator's points: each with its step.
        made = body["points" if seat == SPECTATOR else "decisions"]
        done = {d["step"] for d in made}
        try:
            for step in body["steps"]:
                if step in done:
                    continue
                if not await self.claims.take(table_id, seat):
                    return  # the claim was lost (its connection dropped) to another process
                key = f"review:{table_id}:{seat}"
                decision = await self._judge(key, record, seat, step, body["settings"])
                if decision is None:
                    return  # the scheduler is shutting down
                self.turns_judged += 1
                made.append(decision)
                await self.thread.run(store.reviews.save, table_id, seat, body)
            body["status"] = DONE
            await self.thread.run(store.reviews.save, table_id, seat, body)
            await self.claims.release(table_id, seat)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._stopping:
                return
            # A worker killed under it (the server stopping: its workers get the signal first)
            # is no fault of the review: it stays running and is taken up when next read. One
            # that fails again and again is given up.
            body["failures"] = body.get("failures", 0) + 1
            log.error("review of table %s seat %s stopped: %s", table_id, seat + 1, exc)
            if body["failures"] >= MAX_FAILURES:
                body["status"] = FAILED
            await self.thread.run(store.reviews.save, table_id, seat, body)
            await self.claims.release(table_id, seat)

    async def _judge(
        self, key: str, record: dict[str, Any], seat: int, step: int, settings: dict[str, Any]
    ) -> dict[str, Any] | None:
        """One turn judged (or one point estimated) with the review's stored settings."""
        if self.scheduler is None:
            # No worker pool (a server started without one): in a thread of this process.
            return await asyncio.to_thread(bots.review_turn, key, record, seat, step, settings)
        return await self.scheduler.review_turn(key, record, seat, step, settings)

    async def hint(self, live: LiveTable, token: str | None, lang: str) -> dict[str, Any]:
        """What the strongest bot would play at the token's seat now, from that seat's view
        alone: only at a table whose creator turned hints on, only for the token's own seat,
        and only when it is to act."""
        if not live.stored.hints:
            raise RequestError(403, "server.hint.off")
        seat = None if token is None else seat_of(live, token)
        if seat is None:
            raise RequestError(403, "server.hint.no_seat")
        state = live.table.state
        if live.status != PLAYING or state.current_player != seat:
            raise RequestError(409, "server.hint.not_your_turn")
        record = live.table.record.to_json()
        settings = self._settings(live).to_json()
        found: dict[str, Any] | None
        if self.scheduler is None:
            found = await asyncio.to_thread(bots.hint_now, live.id, record, seat, settings)
        else:
            found = await self.scheduler.hint(live.id, record, seat, settings)
        if found is None:
            raise RequestError(409, "server.hint.not_your_turn")
        space = state.action_space
        game = live.table.game
        names = seat_names(live.info(), lang)
        # The first move is made at the position the seat sees now, and reads as that view
        # shows it (a kill names the card); the rest of the line at positions not shown yet.
        view = live.table.snapshot(seat).observation
        moves = [
            action_text(game, space.decode(i), lang, names, view if n == 0 else None)
            for n, i in enumerate(found["line"])
        ]
        return {
            "seat": seat,
            "seq": live.seq,
            "moves": [str(move) for move in moves],
            # Each move's cards, as a choice gives them (``courtly.core.pieces``): the page
            # draws them as it draws the choices, never by reading the words.
            "move_parts": [parts_json(move) for move in moves],
            "actions": found["line"],
            "chance": found["chance"],
            "sure": found["sure"],
        }

    def stop(self) -> None:
        self._stopping = True
        for task in self._running.values():
            task.cancel()

    async def close(self) -> None:
        """Give back every claim (their connection closes): another process may go on."""
        await self.claims.close()
