"""Whole games of Courtisans (2 and 5 players) and Kingdoms played against random bots by
clicking the board alone (issue 38): never the list of choices beside it. What no card or
place on the board stands for (a spare, Done, a Declaration) is in the board's own strip
of moves; every card played, every place chosen and every kill is a click on the board.
Every other move is made with the keyboard instead (focus, then Enter), as a keyboard user
plays the board."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_support import OVER, PRIVACY, Server, open_bot_table, shown_result, wait_turn

# The moves that name no card and no place: the only ones the strip may offer while
# nothing is chosen (once a card is chosen, it offers what may be done with that card).
OBJECTLESS = {
    "courtisans": {"spare"},
    "kingdoms": {
        "draw",
        "prestige",
        "scandal",
        "revolt",
        "treason",
        "polity",
        "rearrange",
        "consort",
        "endow",
        "done",
        "skip",
        "abstain",
        "declare",
        "army",
        "peasant",
    },
}
CLICKABLE = ".board-area .pickable, .board-area .board-move"


def open_table(browser: Any, server: Server, game: str, players: int, **options: str) -> Any:
    # The cards slide elsewhere (test_turn_signal.py); here they stand still to be clicked.
    context_options = {"reduced_motion": "reduce"}
    return open_bot_table(
        browser, server, game, players, context_options=context_options, options=options
    )


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("courtisans", 2, {}),
        ("courtisans", 5, {}),
        ("kingdoms", 2, {"turn_limit": "8"}),
    ],
)
def test_a_whole_game_by_board_clicks_alone(
    browser: Any, server: Server, game: str, players: int, options: dict[str, str]
) -> None:
    page = open_table(browser, server, game, players, **options)
    rng = random.Random(players)
    picked: list[str] = []
    for move in range(3000):
        state = wait_turn(page)
        if state == "over":
            break
        if state == "privacy":
            page.click(PRIVACY)
            continue
        before = page.get_attribute(".table-page", "data-state")
        # data-state is "seq:selection:waiting": what is chosen so far on the board.
        choosing = before.split(":")[1] != ""
        targets = page.query_selector_all(CLICKABLE)
        assert targets, f"nothing to click on the board: {page.inner_text('.choices')}"
        # By locator: the page may redraw between finding a thing and clicking it.
        target = page.locator(CLICKABLE).nth(rng.randrange(len(targets)))
        strip_kind = target.get_attribute("data-kind")
        if strip_kind is not None and not choosing:
            assert strip_kind in OBJECTLESS[game], f"{strip_kind} has a card or place to click"
        if strip_kind is None:
            picked.append(target.get_attribute("data-pick") or "")
        if move % 2:
            target.focus()
            page.keyboard.press("Enter")
        else:
            target.click()
        page.wait_for_function(
            "b => { const el = document.querySelector('.table-page');"
            f" return !el || el.dataset.state !== b || document.querySelector('{OVER}'); }}",
            arg=before,
        )
    else:
        raise AssertionError("the game did not end")
    # Cards and places (and, in Courtisans, the row a card goes to) were chosen on the board.
    assert any('"card"' in p for p in picked)
    assert game != "courtisans" or any('"place"' in p for p in picked)
    table_id = page.url.rsplit("/", 1)[-1].split("#")[0]
    record = server.get(f"/api/tables/{table_id}/record")
    totals, winners = shown_result(page)
    assert totals == pytest.approx(record["result"]["scores"])
    assert winners == record["result"]["winners"]
    assert page.errors == []
    page.context.close()
