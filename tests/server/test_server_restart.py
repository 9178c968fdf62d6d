"""Nothing lost: kill -9 the server mid-game (bots thinking, people connected), restart it,
and every table is back as stored, fingerprints checked, bots thinking again."""

from __future__ import annotations

from server_support import ServerProcess

from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server.store import Store


def test_kill_9_mid_game_then_restart_brings_every_table_back(server: ServerProcess) -> None:
    people = server.create("tudor", ["open", "open"], seed=21)
    bots = server.create("kingdoms", ["bot:greedy", "bot:greedy"], seed=22)
    thinker = server.create("courtisans", ["open", "bot:ismcts:seconds=1"], seed=23)
    for created in (people, bots, thinker):
        server.start_table(created)
    ids = [c["table"]["id"] for c in (people, bots, thinker)]

    players = [server.client(ids[0], server.token(people, s)) for s in (0, 1)]
    for client in players:
        client.wait_type("snapshot")
    for _ in range(4):
        mover = next(c for c in players if c.legal)
        mover.act(mover.legal[0]["id"])
        seq = mover.seq + 1
        for client in players:
            client.wait_seq(seq)
    watcher = server.client(ids[1])
    watcher.wait_for(lambda m: m["type"] == "update" and m["seq"] >= 5)
    # The thinker goes last: it holds a bot worker for a second a decision.
    human = server.client(ids[2], server.token(thinker, 0))
    human.wait_type("snapshot")
    human.play_until(lambda: bool(human.table["seats"][1]["thinking"]))
    before_views = [(c.seq, c.observation, c.events, c.legal) for c in players]

    server.kill9()
    store = Store(server.database_url)
    before = {table_id: store.load_table(table_id) for table_id in ids}
    killed = before[ids[1]]
    assert killed is not None and killed.status == "playing", "killed mid-game"
    server.start()

    for client in (*players, human, watcher):
        client.close()
    players = [server.client(ids[0], server.token(people, s)) for s in (0, 1)]
    for client, seen in zip(players, before_views, strict=True):
        client.wait_type("snapshot")
        assert (client.seq, client.observation, client.events, client.legal) == seen
    human = server.client(ids[2], server.token(thinker, 0))
    human.wait_type("snapshot")
    assert human.table["seats"][1]["kind"] == "bot"
    watcher = server.client(ids[1])
    moved_on = before[ids[1]].seq  # type: ignore[union-attr]
    # A long wait: a freshly spawned bot worker on a busy machine takes its time. The bots may
    # also have moved on before the watcher is back, so its snapshot counts too.
    watcher.wait_seq(moved_on + 1, timeout=120)

    for table_id in ids:
        old, new = before[table_id], store.load_table(table_id)
        assert old is not None and new is not None
        count = len(old.actions)
        assert new.actions[:count] == old.actions and new.fingerprints[:count] == old.fingerprints
        Table.from_record(load_game(new.game), new.record(), seq=new.seq)  # every print checked
    store.dispose()
    for client in (*players, human, watcher):
        client.close()
    for created in (people, bots, thinker):
        server.owner_post(created, "end")
