"""The server's undo follows the game's answer (issue 36). Kingdoms, seed 11, a person in seat
0 against ``bot:easy``: seat 0's No-Consort Ascendancy with 5 of Spades draws the Draw pile's
top card. The pile was shuffled once at setup, so the move moved no generator
and every event was public; the server used to accept the undo, and acting again brought the
same card back: the top of the Draw pile was known."""

from __future__ import annotations

from server_support import ServerProcess


def test_an_ascendancy_that_drew_a_card_cannot_be_undone(server: ServerProcess) -> None:
    created, (player,) = server.seated("kingdoms", ["open", "bot:easy"], seed=11)
    while True:
        ascend = next(
            (a["id"] for a in player.legal if a["action"] == {"kind": "ascend", "card": "5S"}),
            None,
        )
        if ascend is not None:
            break
        if player.legal:  # the duel: seat 0's first listed card
            player.act(player.legal[0]["id"])
        player.wait_for(lambda m: m["type"] in ("snapshot", "update") and bool(m["legal_actions"]))
    seq = player.seq
    hand = set(player.observation["players"][0]["hand"]) - {"5S"}
    player.act(ascend)
    player.wait_seq(seq + 1)
    drawn = set(player.observation["players"][0]["hand"]) - hand
    assert len(drawn) == 1  # the Draw pile's top card, now in seat 0's hand
    assert player.messages[-1]["can_undo"] is False
    player.send({"type": "undo"})
    assert player.wait_type("error")["code"] == "cannot_undo"
    assert server.info(created["table"]["id"])["seq"] == seq + 1
    player.close()
    server.owner_post(created, "end")
