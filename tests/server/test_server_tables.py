"""Tables over HTTP: catalogue, creation errors, names, the owner's powers, presence,
reconnects, undo and record downloads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_support import ServerProcess, play_to_an_undoable_move

from courtly.analysis.ratings import bot_ratings
from courtly.core.errors import CourtlyError
from courtly.core.registry import game_names, load_game
from courtly.core.render import event_json
from courtly.core.table import Table
from courtly.server.protocol import seat_names


def test_catalogue_health_and_openapi(server: ServerProcess) -> None:
    games = server.http.get("/api/games").json()
    assert [g["name"] for g in games] == game_names()
    for entry in games:
        game = load_game(entry["name"])
        assert [o["name"] for o in entry["options"]] == [o.name for o in game.options]
        assert entry["levels"] == ["easy", "medium", "hard"]
        # Each level's rating in the game at each player count, which the lobby shows
        # beside it for the table's count.
        counts = range(game.min_players, game.max_players + 1)
        assert entry["bot_ratings"] == {str(n): bot_ratings(entry["name"], n) for n in counts}
        for levels in entry["bot_ratings"].values():
            assert {"easy", "medium", "hard"} <= set(levels)
    assert server.http.get("/api/health").json()["ok"] is True
    paths = server.http.get("/openapi.json").json()["paths"]
    assert "/api/tables" in paths and "/api/tables/{table_id}/record" in paths


def _refusal(server: ServerProcess, body: dict[str, Any]) -> tuple[int, str]:
    response = server.http.post("/api/tables", json=body)
    detail = response.json()["detail"]
    return response.status_code, detail if isinstance(detail, str) else str(detail)


def _cli_error(action: Any) -> str:
    try:
        action()
    except CourtlyError as exc:
        return str(exc)
    raise AssertionError("no error")


def test_bad_tables_are_refused_with_the_cli_errors(server: ServerProcess) -> None:
    game = load_game("tudor")
    base = {"game": "tudor", "players": 2, "seats": ["open", "open"]}
    assert _refusal(server, {**base, "game": "chess"}) == (
        404,
        _cli_error(lambda: load_game("chess")),
    )
    assert _refusal(server, {**base, "players": 9, "seats": ["open"] * 9}) == (
        400,
        _cli_error(lambda: game.check_players(9)),
    )
    bad_option = {"no_such_option": "1"}
    assert _refusal(server, {**base, "options": bad_option}) == (
        400,
        _cli_error(lambda: game.resolve_options(bad_option)),
    )
    status, detail = _refusal(server, {**base, "seats": ["open", "bot:genius"]})
    assert status == 400 and "genius" in detail
    status, detail = _refusal(server, {**base, "seats": ["open", "robot"]})
    assert status == 400 and "'robot'" in detail
    status, detail = _refusal(server, {**base, "seats": ["open"]})
    assert status == 400 and "1 seats given for 2 players" in detail
    assert "\n" not in detail


MARKUP_NAME = """<img src=x onerror=f()>&amp;"'"""  # 30 characters


def test_names_are_limited_cleaned_and_sent_exactly_as_typed(server: ServerProcess) -> None:
    created = server.create("courtisans", ["open", "bot:random"])
    table_id = created["table"]["id"]
    assert server.take(created, 0, "x" * 33).status_code == 400
    assert server.take(created, 0, " \t\n ").status_code == 400
    taken = server.take(created, 0, "<b>Anne</b>\x07 \n Boleyn")
    assert taken.status_code == 200
    assert server.info(table_id)["seats"][0]["name"] == "<b>Anne</b> Boleyn"
    # Markup, entities and quotes are data: stored raw, sent raw, in HTTP and websocket alike
    # (the client sets names as text, so nothing in a name is ever parsed).
    assert server.take(created, 0, MARKUP_NAME).json()["table"]["seats"][0]["name"] == MARKUP_NAME
    watcher = server.client(table_id)
    assert watcher.wait_type("snapshot")["table"]["seats"][0]["name"] == MARKUP_NAME
    assert server.info(table_id)["seats"][0]["name"] == MARKUP_NAME
    listed = [t for t in server.http.get("/api/tables").json() if t["id"] == table_id]
    assert listed[0]["seats"][0]["name"] == MARKUP_NAME
    watcher.close()


def test_an_unnamed_hotseat_has_no_name_for_each_client_to_label(server: ServerProcess) -> None:
    # A default name chosen by the server would be in one language ("Seat 2"); without one,
    # every client labels the seat from its own catalogue.
    created = server.create("courtisans", ["hotseat", "hotseat"])
    table_id = created["table"]["id"]
    seats = server.info(table_id)["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("hotseat", None), ("hotseat", None)]
    assert server.take(created, 1, "Bea").status_code == 200
    assert [s["name"] for s in server.info(table_id)["seats"]] == [None, "Bea"]
    # The record names an unnamed seat by its number counted from 1, as the kernel's texts do.
    assert server.record(table_id)["seats"] == ["seat 1", "Bea"]


def test_the_owner_starts_kicks_replaces_and_ends(server: ServerProcess) -> None:
    created = server.create("courtisans", ["open", "open"], seed=8)
    table_id = created["table"]["id"]
    assert server.owner_post(created, "start").status_code == 409  # seats still open
    assert server.take(created, 0, "Anne").status_code == 200
    assert server.take(created, 1, "Thomas").status_code == 200
    player = server.client(table_id, server.token(created, 0))
    player.wait_type("snapshot")
    assert server.owner_post(created, "seats/0/kick").status_code == 409  # connected
    player.close()
    kicked = server.owner_post(created, "seats/0/kick")
    assert kicked.status_code == 200
    assert server.info(table_id)["seats"][0]["kind"] == "open"
    stale = server.client(table_id, server.token(created, 0))
    assert stale.wait_type("error")["code"] == "bad_token"
    stale.close()
    fresh = kicked.json()["token"]
    renamed = server.http.post(
        f"/api/tables/{table_id}/take",
        json={"name": "Jane"},
        headers={"Authorization": f"Bearer {fresh}"},
    )
    assert renamed.status_code == 200
    fresh = renamed.json()["token"]  # taking the seat swapped its invite for a new token
    not_owner = {**created, "owner": {"token": fresh}}
    assert server.owner_post(not_owner, "start").status_code == 403
    replaced = server.owner_post(created, "seats/1/bot", bot="random")
    assert replaced.status_code == 200 and replaced.json()["seats"][1]["kind"] == "bot"
    assert server.owner_post(created, "start").status_code == 200
    player = server.client(table_id, fresh)
    player.wait_type("snapshot")
    if not player.legal:
        player.wait_for(lambda m: m["type"] == "update" and bool(m["legal_actions"]))
    seq = player.seq
    assert server.owner_post(created, "end").status_code == 200
    player.wait_for(lambda m: m.get("table", {}).get("status") == "ended")
    player.send({"type": "act", "seq": seq, "action": player.legal[0]["id"]})
    assert player.wait_type("error")["code"] == "not_playing"
    history = server.http.get("/api/tables", params={"status": "history"}).json()
    assert table_id in [t["id"] for t in history]
    assert table_id not in [t["id"] for t in server.http.get("/api/tables").json()]
    player.close()


def test_presence_and_a_reconnect_gets_a_fresh_snapshot(server: ServerProcess) -> None:
    created, (first, second) = server.seated("tudor", ["open", "open"], seed=4)
    table_id = created["table"]["id"]
    first.until(lambda table: table["seats"][1]["connected"])
    for _ in range(3):
        mover = first if first.legal else second
        mover.act(mover.legal[0]["id"])
        seq = mover.seq + 1
        for client in (first, second):
            client.wait_seq(seq)
    seen = (second.seq, second.observation, second.events, second.legal)
    second.close()
    first.until(lambda table: not table["seats"][1]["connected"])
    again = server.client(table_id, server.token(created, 1))
    snapshot = again.wait_type("snapshot")
    assert snapshot["reset"] is True
    assert (again.seq, again.observation, again.events, again.legal) == seen
    first.until(lambda table: table["seats"][1]["connected"])
    first.close()
    again.close()


def test_undo_needs_the_others_consent(server: ServerProcess) -> None:
    created, clients = server.seated("courtisans", ["open", "open"], seed=3)
    table_id = created["table"]["id"]
    mirror = Table(load_game("courtisans"), 2, seed=3)
    asker = play_to_an_undoable_move(clients, mirror)
    other = clients[1 - (asker.viewer or 0)]
    seq = asker.seq

    asker.send({"type": "undo"})
    request = other.wait_type("undo_request")
    assert request["seat"] == asker.viewer and request["waiting_for"] == [other.viewer]
    asker.send({"type": "undo_reply", "accept": True})  # not asked: refused
    assert asker.wait_type("error")["code"] == "no_undo"
    other.send({"type": "undo_reply", "accept": False})
    declined = asker.wait_type("undo_result")
    assert declined["accepted"] is False
    assert declined["reason"] == f"seat {(other.viewer or 0) + 1} declined"  # seats from 1
    assert server.info(table_id)["seq"] == seq

    asker.send({"type": "undo"})
    other.wait_type("undo_request")
    other.send({"type": "undo_reply", "accept": True})
    assert asker.wait_type("undo_result") == {
        "type": "undo_result",
        "seat": asker.viewer,
        "accepted": True,
        "reason": "taken back",
    }
    mirror.undo(asker.viewer or 0)
    for client in clients:
        client.wait_seq(seq + 1)
        assert client.messages[-1]["reset"] is True
        assert client.observation == mirror.snapshot(client.viewer).observation
        seen = mirror.events_seen(client.viewer)
        names = seat_names(client.table, "en")
        assert client.events == [event_json(mirror.game, e, "en", names) for e in seen]
    assert server.info(table_id)["seq"] == seq + 1
    # Taken back means gone from the stored record too: the seat plays on from there.
    asker.act(asker.legal[0]["id"])
    asker.wait_seq(seq + 2)
    for client in clients:
        client.close()


def test_hotseats_undo_at_once_and_records_are_redacted_before_the_end(
    server: ServerProcess, tmp_path: Path
) -> None:
    created, clients = server.seated("courtisans", ["hotseat", "hotseat"], seed=3)
    table_id = created["table"]["id"]
    mirror = Table(load_game("courtisans"), 2, seed=3)
    asker = play_to_an_undoable_move(clients, mirror)
    seq = asker.seq
    asker.send({"type": "undo"})  # the same person holds the other seat: nobody to ask
    assert asker.wait_type("undo_result")["accepted"] is True
    asker.wait_seq(seq + 1)

    for seat in (0, 1, None):
        token = None if seat is None else server.token(created, seat)
        log = server.record(table_id, token)
        assert log["format"] == "courtly-log" and "actions" not in log
        assert log["viewer"] == seat
        for event in log["events"]:
            assert event["audience"] is None or (seat is not None and seat in event["audience"])
    for client in clients:
        client.close()


def test_a_finished_table_gives_a_record_courtly_replay_reads(
    server: ServerProcess, tmp_path: Path
) -> None:
    created = server.create("for-the-king", ["bot:random", "bot:random"], seed=6)
    table_id = created["table"]["id"]
    server.start_table(created)
    watcher = server.client(table_id)
    watcher.wait_for(lambda m: m.get("table", {}).get("status") == "finished", timeout=120)
    record = server.record(table_id)
    assert record["format"] == "courtly-record" and record["result"] is not None
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "courtly.cli.main", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Verified: all" in done.stdout and "Winners:" in done.stdout
    watcher.close()


@pytest.mark.parametrize("path", ["/api/tables/nope", "/api/tables/nope/record"])
def test_unknown_tables_are_404(server: ServerProcess, path: str) -> None:
    assert server.http.get(path).status_code == 404


def test_a_bot_accepts_an_undo_and_its_thinking_is_dropped(server: ServerProcess) -> None:
    # Tudor, seed 1: seat 0's first listed draft draws nothing and reveals nothing, and then
    # the bot is to decide.
    created, (player,) = server.seated("tudor", ["open", "bot:ismcts:seconds=1"], 1)
    mirror = Table(load_game("tudor"), 2, seed=1)
    mirror.act(0, 0, player.legal[0]["id"])
    assert mirror.can_undo(0) and mirror.state.current_player == 1
    player.act(player.legal[0]["id"])
    player.wait_for(lambda m: m["type"] == "table" and m["table"]["seats"][1]["thinking"])
    player.send({"type": "undo"})  # no other person at the table: nobody to ask
    assert player.wait_type("undo_result")["accepted"] is True
    player.wait_seq(2)
    assert player.legal and player.events == []
    assert player.observation == Table(load_game("tudor"), 2, seed=1).snapshot(0).observation
    # The bot's decision for the undone position is stopped: the bot stops thinking, nothing
    # was played, and the seat decides again.
    if player.table["seats"][1]["thinking"]:
        player.wait_for(
            lambda m: m["type"] == "table" and not m["table"]["seats"][1]["thinking"], timeout=90
        )
    info = server.info(created["table"]["id"])
    assert info["seq"] == 2 and player.seq == 2 and player.legal
    player.close()
    server.owner_post(created, "end")
