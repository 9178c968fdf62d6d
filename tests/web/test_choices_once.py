"""Two identical cards in a hand are two legal actions with one sentence: the list of choices
beside the board shows each sentence once (the kernel renderer's rule: the server marks a
repeat with ``same``), and a click on the second card on the board still plays its own."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import DESKTOP, MINE, Server, join

import courtly
from courtly.core.render import action_text, repeats
from courtly.core.table import Table

SEED = 8  # seat 1 is dealt two Hare guards and a Stag noble: 12 plays, 8 sentences


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_two_identical_cards_are_listed_once_and_the_second_plays_its_own(
    browser: Any, server: Server, locale: str
) -> None:
    game = courtly.load("courtisans")
    snapshot = Table(game, 2, seed=SEED).snapshot(0)
    legal = snapshot.legal_actions
    lang = locale[:2]
    texts = [action_text(game, a, lang, view=snapshot.observation) for a in legal]
    second = {legal[i].id: legal[i] for i in repeats(texts)}
    second_card = {int(str(a.arg("card"))) for a in second.values()}.pop()

    created = server.create("courtisans", ["open", "bot:random"], seed=SEED)
    table_id = created["table"]["id"]
    page = join(
        browser.new_context(viewport=DESKTOP, locale=locale),
        server.url + created["seats"][0]["link"],
        "Ada",
    )
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    page.wait_for_selector(MINE)

    def listed() -> list[tuple[int, str]]:
        buttons = page.query_selector_all(".choices .action")
        return [(int(b.get_attribute("data-action-id")), b.inner_text()) for b in buttons]

    shown = listed()
    # The first of each sentence, in the server's order, each once (the page's seat names are
    # the table's, not the renderer's "seat 1" above: the ids say which actions they are).
    assert [i for i, _words in shown] == [a.id for a in legal if a.id not in second]
    assert len({words for _id, words in shown}) == len(shown) == 8

    # The second Hare guard, picked on the board: its own four plays are the list now.
    pick = json.dumps({"card": second_card}, separators=(",", ":"))
    page.click(f".hand [data-pick='{pick}']")
    page.wait_for_function(
        "ids => [...document.querySelectorAll('.choices .action')]"
        ".map(b => Number(b.dataset.actionId)).sort((a, b) => a - b).join() === ids",
        arg=",".join(map(str, sorted(second))),
    )
    chosen = sorted(second)[0]
    page.click(f".choices .action[data-action-id='{chosen}']")
    server.wait_seq(table_id, [page])
    played = server.stored(table_id).record().actions[0]
    assert played == second[chosen].to_json(), played
    page.context.close()
