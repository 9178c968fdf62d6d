"""Tudor and For the King played to the end by clicking the board alone (issue 38): at every
position each legal action can be reached from something highlighted on the board (a bid
through the number field) or is in the board's strip of moves (what nothing drawn stands
for: a pass, the end of a turn), and the game is played only by clicks on the board, never on
the listed choices (a few of the moves from the keyboard: focus and Enter); with 2 players on
a phone held upright (never wider than its screen, at any position) and once with the most
players the game takes on a desktop. The strip is the one way a board has buttons for moves,
as Courtisans' and Kingdoms' (test_board_clicks.py): no board draws its own."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, PRIVACY, Server, open_bot_table, shown_result, wait_turn

from courtly.core.registry import load_game

# The most players each game takes (the second count played).
MOST = {"tudor": 4, "for-the-king": 5}


def open_table(browser: Any, server: Server, game: str, players: int, viewport: Any) -> Any:
    context_options = {"viewport": viewport, "locale": "en-GB"}
    return open_bot_table(browser, server, game, players, context_options=context_options)


STRIP = ".board-area .board-moves .board-move"
CLICKABLE = f".board-area .pickable, {STRIP}"


def board_offers(page: Any) -> tuple[list[dict[str, Any]], tuple[int, int] | None, set[int]]:
    """The tags of what the board highlights, the range of the bid field if one is shown, and
    the actions in the board's strip of moves."""
    tags = [
        json.loads(el.get_attribute("data-pick"))
        for el in page.query_selector_all(".board-area .pickable")
    ]
    field = page.query_selector(".board-area input.amount")
    span = None
    if field is not None:
        span = (int(field.get_attribute("min")), int(field.get_attribute("max")))
    strip = {int(el.get_attribute("data-action-id")) for el in page.query_selector_all(STRIP)}
    return tags, span, strip


def reachable(action: dict[str, Any], tags: list[dict[str, Any]], span: Any) -> bool:
    if action["kind"] == "bid" and span is not None:
        return bool(span[0] <= action["amount"] <= span[1])
    return any(
        all(key in action and str(action[key]) == str(value) for key, value in tag.items())
        for tag in tags
    )


def listed_actions(page: Any, space: Any) -> dict[int, dict[str, Any]]:
    ids = [
        int(b.get_attribute("data-action-id"))
        for b in page.query_selector_all("button.action[data-action-id]")
    ]
    return {i: space.decode(i).to_json() for i in ids}


def play_on_the_board(page: Any, space: Any, seed: int, limit: int = 4000) -> set[str]:
    """Play this page's seat to the end by board clicks only; the kinds of action played."""
    rng = random.Random(seed)
    played: set[str] = set()
    for _ in range(limit):
        state = wait_turn(page)
        if state == "over":
            return played
        if state == "privacy":
            page.click(PRIVACY)
            continue
        # Never wider than the screen (a phone scrolls down, not sideways).
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"the page is {wide} px wider than the screen"
        selecting = page.query_selector("button.cancel") is not None
        tags, span, strip = board_offers(page)
        if not selecting:
            # Every legal action starts from something on the board, or is in its strip.
            legal = listed_actions(page, space)
            missing = [
                a for i, a in legal.items() if i not in strip and not reachable(a, tags, span)
            ]
            assert missing == [], f"not on the board: {missing}"
            # The bid's field stands for every amount: none is a button of its own.
            assert [legal[i] for i in strip if legal[i]["kind"] == "bid"] == []
        # A move is a button only in the strip: no board draws a button of its own for one.
        buttons = page.query_selector_all(".board-area button.pickable")
        drawn = [json.loads(b.get_attribute("data-pick")) for b in buttons]
        assert [t for t in drawn if set(t) == {"kind"}] == [], "a board drew its own move button"
        targets = page.query_selector_all(CLICKABLE)
        assert targets, "nothing to click on the board"
        target = rng.choice(targets)
        pick = json.loads(target.get_attribute("data-pick") or "{}")
        if pick.get("kind") == "bid" and span is not None:
            # Type an amount, as a player does, now and then.
            amount = rng.randint(span[0], span[1]) if rng.random() < 0.3 else span[0]
            page.fill(".board-area input.amount", str(amount))
        if "kind" in pick:
            played.add(str(pick["kind"]))
        elif target.get_attribute("data-kind") is not None:
            played.add(str(target.get_attribute("data-kind")))
        before = page.get_attribute(".table-page", "data-state")
        if rng.random() < 0.2:
            # Now and then from the keyboard: a highlighted part takes the focus and Enter.
            target.focus()
            page.keyboard.press("Enter")
        else:
            target.click()
        page.wait_for_function(
            "b => { const el = document.querySelector('.table-page');"
            " return !el || el.dataset.state !== b || document.querySelector('#result'); }",
            arg=before,
        )
    raise AssertionError(f"the game did not end within {limit} clicks")


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("tudor", 2),
        ("for-the-king", 2),
        ("tudor", MOST["tudor"]),
        ("for-the-king", MOST["for-the-king"]),
    ],
)
def test_a_whole_game_by_board_clicks_alone(
    browser: Any, server: Server, game: str, players: int
) -> None:
    space = load_game(game).action_space(players)
    page = open_table(browser, server, game, players, PHONE if players == 2 else DESKTOP)
    played = play_on_the_board(page, space, seed=players)
    totals, _winners = shown_result(page)
    assert len(totals) == players
    # The decisions with nothing on the table to click were made on the board too.
    assert {"tudor": {"end_turn"}, "for-the-king": {"pass", "bid"}}[game] <= played, played
    assert page.errors == []
    page.context.close()
