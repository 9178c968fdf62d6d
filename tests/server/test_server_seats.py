"""No seat is seen through the back door: nothing of the deal before the start, an invite's
token stops working once its seat is taken, a dealt seat never goes back to the owner, a
connected person keeps their seat, and a finished game keeps its names."""

from __future__ import annotations

from typing import Any

import pytest
from server_support import Client, ServerProcess
from websockets.exceptions import ConnectionClosed

from courtly.core.registry import load_game
from courtly.core.table import Table


def _seat_headers(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _assert_nothing_dealt(message: dict[str, Any]) -> None:
    assert message["observation"] is None
    assert message["events"] == [] and message["legal_actions"] == []
    assert message["can_undo"] is False and message["reset"] is True


def test_nothing_of_the_deal_is_shown_before_the_start(server: ServerProcess) -> None:
    # The creator holds a hotseat seat, a stranger holds an invite, someone watches: before the
    # start none of them is sent anything made from the deal.
    created = server.create("courtisans", ["hotseat", "open"], seed=11)
    table_id = created["table"]["id"]
    assert server.take(created, 0, "Anne").status_code == 200
    invite = server.token(created, 1)
    creator = server.client(table_id, server.token(created, 0))
    stranger = server.client(table_id, invite)
    owner = server.client(table_id, created["owner"]["token"])
    watcher = server.client(table_id)
    clients = [creator, stranger, owner, watcher]
    snapshots = [client.wait_type("snapshot") for client in clients]
    for snapshot in snapshots:
        _assert_nothing_dealt(snapshot)
    assert [s["viewer"] for s in snapshots] == [0, 1, None, None]
    # Only the owner's link is told it is the owner's (the page offers its controls).
    assert [s["owner"] for s in snapshots] == [False, False, True, False]
    for token in (server.token(created, 0), invite, None):
        assert server.record(table_id, token)["events"] == []

    # Taking the seat closes the invite's connection (the invite no longer holds the seat).
    assert server.take(created, 1, "Bea").status_code == 200
    with pytest.raises((ConnectionClosed, TimeoutError)):
        while True:
            stranger.recv(10)
    stranger.close()
    player = server.client(table_id, server.token(created, 1))
    _assert_nothing_dealt(player.wait_type("snapshot"))
    clients = [creator, player, owner, watcher]

    assert server.owner_post(created, "start").status_code == 200
    # The deal is the seed's: the same game as a kernel Table with that seed, each viewer
    # sent its own part of it as the table starts.
    mirror = Table(load_game("courtisans"), 2, seed=11)
    for client in clients:
        message = client.wait_type("update")
        assert message["reset"] is True and message["table"]["status"] == "playing"
        assert client.observation == mirror.snapshot(client.viewer).observation
    assert creator.observation != watcher.observation  # the seat's own hand is in its view
    for client in clients:
        client.close()


def test_taking_a_seat_swaps_its_invite_for_a_token_only_the_taker_holds(
    server: ServerProcess,
) -> None:
    created = server.create("courtisans", ["open", "open"], seed=5)
    table_id = created["table"]["id"]
    invite = server.token(created, 0)
    taken = server.take(created, 0, "Anne")
    assert taken.status_code == 200
    mine = taken.json()["token"]
    assert mine != invite and taken.json()["link"] == f"/play/{table_id}#token={mine}"
    # The owner handed the invite on and still knows it: it now holds nothing.
    again = server.http.post(
        f"/api/tables/{table_id}/take", json={"name": "Owner"}, headers=_seat_headers(invite)
    )
    assert again.status_code == 403
    peek = server.client(table_id, invite)
    assert peek.wait_type("error")["code"] == "bad_token"
    peek.close()
    # Renaming with the seat's own token keeps it (and gives no new one).
    renamed = server.take(created, 0, "Anne B")
    assert renamed.status_code == 200 and "token" not in renamed.json()
    assert server.token(created, 0) == mine
    server.start_table(created)
    player = server.client(table_id, mine)
    assert player.wait_type("snapshot")["viewer"] == 0 and player.observation
    player.close()


def _idle(server: ServerProcess, created: dict[str, Any], seat: int) -> None:
    """Connect the seat's person, then leave: the seat has seen its hand and is idle."""
    client = server.client(created["table"]["id"], server.token(created, seat))
    client.wait_type("snapshot")
    client.close()
    watcher = server.client(created["table"]["id"])
    watcher.wait_type("snapshot")
    watcher.until(lambda table: not table["seats"][seat]["connected"])
    watcher.close()


def test_a_dealt_seat_passes_to_a_bot_never_back_to_the_owner(server: ServerProcess) -> None:
    # The case of the issue: Courtisans, seats hotseat and open; seat 1 is away mid-game.
    created = server.create("courtisans", ["hotseat", "open"], seed=11)
    table_id = created["table"]["id"]
    server.start_table(created)
    away = server.token(created, 1)
    _idle(server, created, 1)
    kicked = server.owner_post(created, "seats/1/kick")
    assert kicked.status_code == 409, kicked.text
    assert "token" not in kicked.json() and "bot" in kicked.json()["detail"]
    assert server.info(table_id)["seats"][1]["kind"] == "person"
    # Its person's own link still works: they may come back.
    back = server.client(table_id, away)
    assert back.wait_type("snapshot")["viewer"] == 1
    back.close()
    # A bot may take it (a bot is given only what the seat may see).
    replaced = server.owner_post(created, "seats/1/bot", bot="random")
    assert replaced.status_code == 200 and replaced.json()["seats"][1]["kind"] == "bot"
    gone = server.client(table_id, away)
    assert gone.wait_type("error")["code"] == "bad_token"
    gone.close()
    server.owner_post(created, "end")


def test_a_connected_person_is_not_replaced_by_a_bot(server: ServerProcess) -> None:
    created, clients = server.seated("courtisans", ["open", "open"], seed=3)
    table_id = created["table"]["id"]
    refused = server.owner_post(created, "seats/0/bot", bot="random")
    assert refused.status_code == 409, refused.text
    assert "connected" in refused.json()["detail"]
    assert server.info(table_id)["seats"][0]["kind"] == "person"
    first: Client = clients[0]
    first.send({"type": "ping"})
    assert first.wait_type("pong")["seq"] == 0  # still connected, still the seat
    # Once its person has left, the seat may be given to a bot.
    first.close()
    clients[1].until(lambda table: not table["seats"][0]["connected"])
    assert server.owner_post(created, "seats/0/bot", bot="random").status_code == 200
    clients[1].close()
    server.owner_post(created, "end")


def test_a_seat_is_not_renamed_once_the_game_is_over(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "bot:random"], seed=4, options={"turn_limit": 6})
    table_id = created["table"]["id"]
    assert server.take(created, 0, "Bob").status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    player = server.client(table_id, server.token(created, 0))
    try:
        player.wait_type("snapshot")
        player.play_until(lambda: player.table["status"] == "finished")
    finally:
        player.close()
    renamed = server.take(created, 0, "Robert")
    assert renamed.status_code == 409 and "finished" in renamed.json()["detail"]
    assert server.record(table_id)["seats"][0] == "Bob"
    assert server.info(table_id)["seats"][0]["name"] == "Bob"
    # An ended table (closed by its owner) keeps its names too.
    ended = server.create("courtisans", ["hotseat", "bot:random"], seed=2)
    assert server.take(ended, 0, "Anne").status_code == 200
    assert server.owner_post(ended, "end").status_code == 200
    assert server.take(ended, 0, "Anne B").status_code == 409
    assert server.info(ended["table"]["id"])["seats"][0]["name"] == "Anne"


def test_a_table_ended_before_its_start_never_shows_its_deal(server: ServerProcess) -> None:
    created = server.create("courtisans", ["hotseat", "open"], seed=11)
    table_id = created["table"]["id"]
    assert server.owner_post(created, "end").status_code == 200
    for token in (server.token(created, 0), server.token(created, 1), None):
        client = server.client(table_id, token)
        _assert_nothing_dealt(client.wait_type("snapshot"))
        client.close()
        assert server.record(table_id, token)["events"] == []
