"""The lobby's new-table form and table list, the replay controls, the result panel and the
details view, as a person reads them (issue 38): options and values in words, "2 players",
a bot's level by name, drawn replay icons, the result first, seats by name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    PHONE,
    Server,
    client_text,
    english_words,
    finished_bot_table,
    screenshot,
)

LOCALE = {"en": "en-GB", "ko": "ko-KR"}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_new_table_form_says_options_in_words(browser: Any, server: Server, lang: str) -> None:
    games = server.get("/api/games")
    words = server.get(f"/api/i18n/{lang}")["games"]
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    players = page.inner_text(".game-card[data-game='kingdoms'] .players")
    assert players == {"en": "2 players", "ko": "2명"}[lang]
    for game in games:
        page.select_option("#form-game", game["name"])
        page.wait_for_selector(f"#new-table [id^='opt-{game['name']}-']")
        for option in game["options"]:
            field = f"#opt-{game['name']}-{option['name']}"
            label = page.inner_text(
                f"{field} > legend"
                if option["seats"]
                else f"label[for='opt-{game['name']}-{option['name']}']"
            )
            want = words[game["name"]].get(f"option.{option['name']}")
            assert label == want and "_" not in label, (label, want)
            # An English label is capitalised as a form's labels are, not the option's name
            # as the terminal's ``-o`` takes it ("novice", "last round scoring").
            assert lang == "ko" or label[0].isupper(), label
            if option["seats"]:
                # Seats are ticked, not typed: a box per seat, said as the seat legends are.
                ticks = page.eval_on_selector_all(
                    f"{field} label", "ls => ls.map(l => l.innerText)"
                )
                seat = {"en": "Seat {}", "ko": "{}번 자리"}[lang]
                assert [t.strip() for t in ticks] == [seat.format(1), seat.format(2)], ticks
            elif not option["choices"]:
                # A free-form option's hint names no raw value (true, false, all).
                placeholder = page.get_attribute(field, "placeholder") or ""
                assert not {"true", "false", "all"} & set(re.findall(r"\w+", placeholder)), (
                    placeholder
                )
            help_text = page.inner_text(f"{field} + .hint")
            assert "RULINGS" not in help_text and ".md" not in help_text, help_text
            if option["choices"]:
                shown = page.eval_on_selector_all(f"{field} option", "os => os.map(o => o.text)")
                raw = {str(c) for c in option["choices"]} | {"true", "false", "True", "False"}
                assert not raw & set(shown), (option["name"], shown)
        if lang == "ko":
            text = client_text(page)
            assert english_words(text) == [], text
    screenshot(page, f"lobby-options-{lang}")
    context.close()


def test_new_players_are_seats_to_tick(browser: Any, server: Server) -> None:
    """Tudor's new players (the option ``novice``) are chosen by ticking their seats, kept for
    the seats that stay when the count changes: the table gets "" (none), "all" or "1,3"."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "tudor")
    page.select_option("#form-players", "3")
    field = "#opt-tudor-novice"
    page.check(f"{field}-0")
    page.check(f"{field}-2")
    page.select_option("#form-players", "4")
    assert page.is_checked(f"{field}-0") and page.is_checked(f"{field}-2")
    assert not page.is_checked(f"{field}-3")
    hint = page.inner_text(f"{field} + .hint")
    assert "1,3" not in hint and "all" not in hint.split(), hint
    screenshot(page, "lobby-new-players")

    def created(seats: int) -> Any:
        for index in range(seats):
            page.select_option(f"#seat-kind-{index}", "bot")
        page.click("#create")
        page.wait_for_selector("#start")
        table_id = page.url.rsplit("/", 1)[-1].split("#")[0]
        return server.get(f"/api/tables/{table_id}")["options"]

    assert created(4)["novice"] == "1,3"
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "tudor")
    page.select_option("#form-players", "2")
    page.check(f"{field}-0")
    page.check(f"{field}-1")
    assert created(2)["novice"] == "all"
    context.close()


def test_the_lobby_names_a_bots_level(browser: Any, server: Server) -> None:
    created = server.create("courtisans", ["open", "bot:ismcts:seconds=0.1"])
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    row = f".table-list li:has(a[href='/play/{created['table']['id']}'])"
    text = page.inner_text(row)
    assert "Bot 2 (search)" in text and "ismcts" not in text and "=" not in text, text
    context.close()


def test_replay_controls_are_drawn_icons_with_labels(browser: Any, server: Server) -> None:
    table_id = finished_bot_table(server, "kingdoms", 7, turn_limit=6)
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    labels = ["First move", "Step back", "Step forward", "Last move"]
    for label in labels:
        button = page.query_selector(f".replay-controls button[aria-label='{label}']")
        assert button is not None, label
        # Drawn in SVG, not a font's media-control glyph (missing from many fonts).
        assert button.inner_text().strip() == ""
        assert button.query_selector("svg path") is not None, label
        box = button.query_selector("svg").bounding_box()
        assert box is not None and box["width"] > 4 and box["height"] > 4, label
    page.click(".replay-controls button[aria-label='Last move']")
    page.wait_for_selector("#result")
    # At the last move the result is above the board, as on the table page.
    result = page.query_selector("#result").bounding_box()
    assert result["y"] < page.query_selector(".board-area").bounding_box()["y"]
    screenshot(page, "replay-controls")
    context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_result_is_shown_first_and_seats_by_name(
    browser: Any, server: Server, size: dict[str, int]
) -> None:
    table_id = finished_bot_table(server, "for-the-king", 4)
    context = browser.new_context(viewport=size, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.url}/play/{table_id}")
    page.wait_for_selector("#result")
    page.wait_for_selector(".board-area .board")
    # The score breakdown is asked once the page sees the end and comes a moment later; until
    # then the result has the totals only (no categories, no tie-break), so wait for its
    # columns: every check below is about the whole result.
    page.wait_for_function("() => document.querySelectorAll('#result .scores thead th').length > 2")
    # Both measured in one script: the page redraws on every message, and an element found
    # by one call may be replaced before the next measures it.
    result_y, board_y = page.evaluate(
        "() => ['#result', '.board-area'].map("
        "(s) => document.querySelector(s).getBoundingClientRect().top + window.scrollY)"
    )
    assert result_y < board_y, (result_y, board_y)
    # Brought into view when the game ends: its top is on the screen.
    assert (
        0
        <= page.evaluate("() => document.querySelector('#result').getBoundingClientRect().top")
        < size["height"]
    )
    # Every figure of the scores is on the screen, the total too: on a phone each seat is a
    # block with each figure after its column's name (For the King has seven columns).
    right_edges = page.evaluate(
        "() => [...document.querySelectorAll('#result .scores td')]"
        ".map((td) => td.getBoundingClientRect().right)"
    )
    assert right_edges and max(right_edges) <= size["width"], right_edges
    if size["width"] < 600:
        total = "#result .scores tbody tr:first-child td.total"
        assert page.get_attribute(total, "data-label") == "Total"
    # A tie no rule broke ("shared") is said as a shared victory, not "Tie broken by: shared".
    shown = page.inner_text("#result")
    decided = server.true_state(table_id).state.score_breakdown()["decided_by"]
    assert ("A shared victory" in shown) == (decided == "shared"), (decided, shown)
    assert "Tie broken by: shared" not in shown
    # The details name seats as the rest of the page does, never by a number from 0.
    names = [page.inner_text(f".seats-bar .seat[data-seat='{s}'] .name") for s in (0, 1)]
    page.click(".details summary")
    advisor = page.inner_text(".details .obs-section[data-key='advisor'] .val")
    assert advisor in names, (advisor, names)
    seats = page.inner_text(".details .obs-section[data-key='players']")
    assert re.search(r"\bseat\s+[01]\b", seats) is None
    screenshot(page, f"result-first-{size['width']}")
    context.close()
