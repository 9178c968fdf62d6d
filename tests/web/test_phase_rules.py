"""The rules of the phase in front of the player, one click away (issue #38): the server
writes ``Game.explain`` of this seat's observation (the terminal's ``?``) in the page's
language when the page asks, and a "Rules of this phase" <details> beside the phase name
shows it."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, Server, click_once, open_lobby, wait_turn

from courtly.core.i18n import naming, using
from courtly.core.registry import load_game

SUMMARY = {"en": "Rules of this phase", "ko": "이 단계의 규칙"}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_rules_of_the_phase_open_with_a_click(browser: Any, server: Server, lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, locale={"en": "en-GB", "ko": "ko-KR"}[lang])
    page = context.new_page()
    open_lobby(page, server.url, "courtisans")
    page.fill("#seat-name-0", "Ada")
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.wait_for_selector("#start")
    table_id = page.url.rsplit("/", 1)[-1].split("#")[0]
    page.click("#start")
    assert wait_turn(page) == "mine"
    server.wait_seq(table_id, [page])
    names = [seat["name"] for seat in server.get(f"/api/tables/{table_id}")["seats"]]
    observation = server.true_state(table_id).state.observation(0)
    with using(lang), naming(names):
        expected = load_game("courtisans").rules(observation)
    assert expected

    summary = page.locator(".phase-rules summary")
    rules = page.locator(".phase-rules .rules-text")
    assert summary.inner_text() == SUMMARY[lang]
    assert not rules.is_visible()
    summary.click()
    # Opened, the page asks the server for the rules of this decision (not sent with every
    # update): they come a moment later.
    rules = page.locator(".phase-rules .rules-text[data-source=server]")
    rules.wait_for(state="visible")
    # innerText keeps the text's lines (white-space: pre-wrap), as the terminal shows it.
    assert rules.inner_text().strip() == expected.strip()
    # The page is drawn anew on every change (here: a card picked on the board); it stays open.
    before = page.get_attribute(".table-page", "data-state")
    page.click(".board-area .pickable >> nth=0")
    page.wait_for_function(
        "s => document.querySelector('.table-page').dataset.state !== s", arg=before
    )
    assert page.get_attribute(".table-page", "data-mine") == "1"
    assert rules.is_visible()
    # A decision made with the rules open: the page asks again, for the next decision's rules
    # (a Courtisans turn is three cards, so the seat decides again with one area used).
    seq = page.get_attribute(".table-page", "data-seq")
    while page.get_attribute(".table-page", "data-seq") == seq:
        click_once(page)
    assert wait_turn(page) == "mine"
    server.wait_seq(table_id, [page])
    state = server.true_state(table_id).state
    assert state.current_player == 0
    with using(lang), naming(names):
        following = load_game("courtisans").rules(state.observation(0))
    assert following != expected
    page.wait_for_function(
        "text => { const el = document.querySelector('.phase-rules .rules-text[data-source]');"
        " return el !== null && el.innerText.trim() === text; }",
        arg=following.strip(),
    )
    # The keyboard closes it again (a <summary> is a button to the browser).
    summary.focus()
    page.keyboard.press("Enter")
    rules.wait_for(state="hidden")
    context.close()
