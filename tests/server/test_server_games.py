"""Every game played to the end over websockets, and the network leak check for each game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from server_support import Client, ServerProcess

from courtly.core.events import Event
from courtly.core.records import GameRecord
from courtly.core.registry import game_names, load_game
from courtly.core.render import event_json
from courtly.core.rng import Rng
from courtly.core.table import Deliveries, Delivery, Table
from courtly.server.protocol import game_message, seat_names

GAMES = game_names()
UPDATE_KEYS = {
    "type",
    "viewer",
    "seq",
    "reset",
    "can_undo",
    "events",
    "observation",
    "legal_actions",
    "table",
}


def choose(legal: list[dict[str, Any]], rng: random.Random) -> int:
    """A scripted player's choice: mostly the first legal action, sometimes any. Uniform play
    can wander for thousands of decisions (Kingdoms), this keeps every game short."""
    pick = legal[0] if rng.random() < 0.75 else rng.choice(legal)
    action_id: int = pick["id"]
    return action_id


def play_until_finished(clients: list[Client], rng: random.Random, watchers: list[Client]) -> None:
    """Each scripted seat acts at random when the server says it may; everyone keeps up."""
    while True:
        for client in clients:
            if client.table.get("status") == "playing" and client.legal:
                client.act(choose(client.legal, rng))
                seq = client.seq + 1
                for other in clients + watchers:
                    other.wait_seq(seq)
                break
        else:
            if all(c.table.get("status") == "finished" for c in clients + watchers):
                return
            # Nobody scripted is to act: a bot is thinking; wait for the next change.
            clients[0].wait_for(lambda m: m["type"] in ("update", "table"))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_a_bot_ends_and_replays_to_the_same_result(
    server: ServerProcess, game: str
) -> None:
    created = server.create(game, ["open", "bot:greedy"], seed=11)
    table_id = created["table"]["id"]
    server.start_table(created)
    player = server.client(table_id, created["seats"][0]["token"])
    spectator = server.client(table_id)
    player.wait_type("snapshot")
    spectator.wait_type("snapshot")
    rng = random.Random(3)
    player.play_until(
        lambda: player.table["status"] == "finished", lambda legal: choose(legal, rng)
    )
    spectator.wait_for(lambda m: m.get("table", {}).get("status") == "finished")
    record = server.record(table_id)
    replayed = Table.from_record(load_game(game), GameRecord.from_json(record))  # fingerprints
    assert replayed.state.is_terminal
    assert record["result"] == replayed.record.result == player.table["result"]
    assert player.observation == replayed.state.observation(0)
    names = seat_names(spectator.table, "en")
    shown = replayed.events_seen(None)
    assert spectator.events == [event_json(replayed.game, e, "en", names) for e in shown]
    assert any(
        m["type"] == "table" and m["table"]["seats"][1]["thinking"] for m in player.messages
    ), "the others are shown that the bot thinks"
    player.close()
    spectator.close()


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _check_messages(client: Client, table: Table, expected_events: list[Event], rng: Rng) -> None:
    """What ``client`` was told at ``table.seq`` is exactly what can be built from a world in
    which everything its viewer cannot know was re-drawn, plus events addressed to it."""
    viewer = client.viewer
    state = table.state
    received = [m for m in client.messages if m.get("seq") == table.seq and "observation" in m]
    assert received, f"viewer {viewer} got nothing at seq {table.seq}"
    for message in received:
        # A snapshot also says whether the hello named the owner link (none here did).
        snapshot = message["type"] == "snapshot"
        assert set(message) == (UPDATE_KEYS | {"owner"} if snapshot else UPDATE_KEYS)
        assert message.get("owner", False) is False
        assert message["viewer"] == viewer
        # Whether the seat may undo comes from its own last step: its events (which it saw)
        # and whether it drew chance, which a refused undo request tells it all the same.
        assert message["can_undo"] == (viewer is not None and table.can_undo(viewer))
        # Once the game is over everything is shown: the true state is the only world left.
        over = state.is_terminal
        world = state if over else state.resample(0 if viewer is None else viewer, rng)
        if not over:
            for event in message["events"]:
                audience = event["audience"]
                assert audience is None or (viewer is not None and viewer in audience), event
        to_act = viewer is not None and world.current_player == viewer
        legal = world.legal_actions() if to_act else []
        # The texts are made for the (re-drawn) observation.
        delivery = Delivery(viewer, message["seq"], [], world.observation(viewer), legal)
        built = game_message("update", delivery, message["table"], table.game, "en")
        rebuilt = {
            **message,
            "observation": built["observation"],
            "legal_actions": built["legal_actions"],
        }
        assert _canonical(message) == _canonical(rebuilt), f"viewer {viewer}, seq {table.seq}"
        if message["type"] == "update":
            names = seat_names(message["table"], "en")
            expected = [event_json(table.game, e, "en", names) for e in expected_events]
            assert message["events"] == expected


@pytest.mark.parametrize("game", GAMES)
def test_every_message_is_the_same_when_the_hidden_is_redrawn(
    sqlite_server: ServerProcess, game: str
) -> None:
    loaded = load_game(game)
    players = loaded.min_players
    created, clients = sqlite_server.seated(game, ["open"] * players, seed=29)
    spectator = sqlite_server.client(created["table"]["id"])
    spectator.wait_type("snapshot")
    play_until_finished(clients, random.Random(5), [spectator])

    record = GameRecord.from_json(sqlite_server.record(created["table"]["id"]))
    mirror = Table(loaded, players, seed=record.seed, options=record.options)
    rng = Rng(17)
    deliveries: dict[int | None, Delivery] | Deliveries = {
        v: mirror.snapshot(v) for v in mirror.viewers()
    }
    for action in [*record.actions, None]:
        for client in [*clients, spectator]:
            events = deliveries[client.viewer].events
            _check_messages(client, mirror, events, rng)
        if action is None:
            break
        seat = mirror.state.current_player
        assert seat is not None
        deliveries = mirror.act(seat, mirror.seq, action)
    for message in spectator.messages:
        if "legal_actions" in message:
            assert message["legal_actions"] == []
    for client in [*clients, spectator]:
        client.close()
