"""Finished games for the browser: ``GET /api/tables/{id}/replay`` (one position, for the
replay viewer) and ``GET /api/tables/{id}/result`` (the result with the game's score
breakdown, for the result panel).

The client has no game logic, so it cannot step a record itself: the server replays the
record to the asked step and returns what the asked viewer sees there. Only a finished
table is replayed; up to its end a seat's view (or the public view) shows the events that
viewer saw then, as its board shows what it saw, and at the end every event, since the end
has shown everyone everything (as ``courtly replay --as`` does).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from starlette.concurrency import run_in_threadpool

from courtly.core.errors import CourtlyError, error_text
from courtly.core.events import events_for
from courtly.core.i18n import ENGLISH, language_from_accept, normalize
from courtly.core.records import GameRecord
from courtly.core.render import event_json
from courtly.core.replay import ReplayedGame
from courtly.core.state import Game
from courtly.server.hub import Hub
from courtly.server.live import LiveTable
from courtly.server.protocol import seat_names
from courtly.server.routes.common import CurrentHub

router = APIRouter()

# The games kept replayed (the least recently asked for leaves first).
KEPT_GAMES = 16

_GAMES: OrderedDict[tuple[str, str], ReplayedGame] = OrderedDict()
_GAMES_LOCK = threading.Lock()


def replayed_game(key: str, game: Game, record: GameRecord) -> ReplayedGame:
    """The replay of ``record`` (a finished table's, so it never changes), kept under ``key``
    (the table id) with the record's last fingerprint."""
    cache_key = (key, record.fingerprints[-1] if record.fingerprints else "")
    with _GAMES_LOCK:
        found = _GAMES.get(cache_key)
        if found is not None:
            _GAMES.move_to_end(cache_key)
            return found
    made = ReplayedGame(game, record)  # outside the lock: other games are served meanwhile
    with _GAMES_LOCK:
        _GAMES[cache_key] = made
        _GAMES.move_to_end(cache_key)
        while len(_GAMES) > KEPT_GAMES:
            _GAMES.popitem(last=False)
    return made


def position(
    replayed: ReplayedGame,
    step: int,
    viewer: int | None,
    lang: str = ENGLISH,
    names: Sequence[str | None] = (),
) -> dict[str, Any]:
    """The position after ``step`` actions as ``viewer`` sees it, with the events so far that
    it saw then, all of them at the end (their texts made by the kernel's renderer in
    ``lang``, naming seat ``i`` as ``names[i]`` where it is not None, as the live table's
    log does)."""
    game, record = replayed.game, replayed.record
    state = replayed.state(step)
    log: list[dict[str, Any]] = []
    # Before the end the log tells what the viewer's board shows: a seat's replay is the game
    # as that seat lived it (a log naming the others' hands beside a board hiding them was
    # both a contradiction and of no use to study a decision). The end showed everything.
    over = state.is_terminal
    for events in replayed.events[: step + 1]:
        shown = events_for(events, viewer, record.num_players, over=over)
        log.extend(event_json(game, e, lang, names) for e in shown)
    return {
        "step": step,
        "steps": len(record.actions),
        "viewer": viewer,
        "seats": record.seats,
        "observation": state.observation(viewer),
        "action": record.actions[step - 1] if step else None,
        "events": log,
        "result": record.result,
        "breakdown": state.score_breakdown() if state.is_terminal else None,
    }


@router.get("/api/tables/{table_id}/replay")
async def replay_step(
    table_id: str,
    request: Request,
    hub: CurrentHub,
    step: Annotated[int, Query(ge=0, description="0: the opening position")] = 0,
    viewer: Annotated[
        int | None, Query(ge=0, description="a seat's view; none: the public view")
    ] = None,
    lang: Annotated[
        str | None, Query(description="the events' language (en, ko); else Accept-Language")
    ] = None,
) -> dict[str, Any]:
    """The position after ``step`` actions of a finished table, as ``viewer`` saw it: its
    observation, every event up to there, and the action just played."""
    live = await _finished(request, hub, table_id)
    table = live.table
    record = table.record
    if step > len(record.actions):
        raise _refusal(request, 400, "server.request.step", step=step, steps=len(record.actions))
    if viewer is not None and viewer >= record.num_players:
        raise _refusal(
            request, 400, "server.request.no_seat", seat=viewer, last=record.num_players - 1
        )
    chosen = normalize(lang) or language_from_accept(request.headers.get("accept-language"))
    try:
        result: dict[str, Any] = await run_in_threadpool(
            _position,
            live.id,
            table.game,
            record,
            step,
            viewer,
            chosen,
            # The names the live table's log gives the seats (its table info's).
            seat_names(live.info(), chosen),
        )
    except CourtlyError as exc:
        raise _refusal(request, 500, "server.request.replay", reason=exc) from None
    return result


def _position(
    table_id: str,
    game: Game,
    record: GameRecord,
    step: int,
    viewer: int | None,
    lang: str,
    names: Sequence[str | None],
) -> dict[str, Any]:
    return position(replayed_game(table_id, game, record), step, viewer, lang, names)


def _refusal(request: Request, status: int, key: str, /, **data: Any) -> HTTPException:
    """A refusal whose detail reads in the request's language (as the server's own do)."""
    lang = language_from_accept(request.headers.get("accept-language"))
    return HTTPException(status, error_text(CourtlyError.keyed(key, **data), lang))


async def _finished(request: Request, hub: Hub, table_id: str) -> LiveTable:
    """The live table of a finished game."""
    live = await hub.tables.require(table_id)
    if not live.table.state.is_terminal:
        raise _refusal(request, 409, "server.request.not_over")
    return live


@router.get("/api/tables/{table_id}/result")
async def result(table_id: str, request: Request, hub: CurrentHub) -> dict[str, Any]:
    """Who won and why: scores, winners and the game's ``score_breakdown`` (categories per
    seat, the deciding tie-break, why the game ended)."""
    state = (await _finished(request, hub, table_id)).table.state
    return {
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": state.score_breakdown(),
    }
