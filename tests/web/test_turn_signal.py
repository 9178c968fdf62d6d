"""Whose turn it is, outside the page, and moves that are seen to move (issue 38): the tab's
title says "Your move" in the reader's language; a tone (WebAudio, no file) sounds when the
turn comes only once the player turned it on, which the browser remembers; a card played
slides from where it was, except for a reader who asked for reduced motion."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, Server, click_once, wait_turn
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# Counts the tones started (the real WebAudio still plays them).
COUNT_TONES = """
window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones += 1;
  return start.apply(this, args);
};
"""
# Counts the cards seen on their way (the class table/motion.js gives a moving card).
COUNT_MOVING = """
window.__moving = 0;
new MutationObserver((records) => {
  for (const r of records)
    for (const n of [r.target, ...r.addedNodes])
      if (n.classList && n.classList.contains("moving")) window.__moving += 1;
}).observe(document, {
  subtree: true, childList: true, attributes: true, attributeFilter: ["class"],
});
"""
TITLE = {"en-GB": "Your move · courtly", "ko-KR": "내 차례 · courtly"}


def new_table(context: Any, server: Server) -> Any:
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "courtisans")
    page.select_option("#seat-kind-0", "hotseat")
    page.fill("#seat-name-0", "Ada")
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-level-1", "random")
    page.click("#create")
    page.click("#start")
    return page


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_the_tab_says_your_move_and_the_sound_is_off_until_turned_on(
    browser: Any, server: Server, locale: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    context.add_init_script(COUNT_TONES)
    page = new_table(context, server)
    assert wait_turn(page) == "mine"
    assert page.title() == TITLE[locale]
    for _ in range(4):
        assert wait_turn(page) == "mine"
        click_once(page, board=False)
    assert wait_turn(page) == "mine"
    assert page.evaluate("window.__tones") == 0, "the sound is off by default"
    page.check("#sound-toggle")
    page.reload()
    assert wait_turn(page) == "mine"
    assert page.is_checked("#sound-toggle"), "the switch is remembered"
    before = page.evaluate("window.__tones")
    # A turn is three cards: played to the end of it, the bot answers, and the turn comes
    # back with its tone.
    # The tone may sound a moment after the page shows the turn (on a busy machine): wait for
    # it a little at each turn before playing on.
    for _ in range(12):
        assert wait_turn(page) == "mine"
        try:
            page.wait_for_function("before => window.__tones > before", arg=before, timeout=2_000)
            break
        except PlaywrightTimeout:
            click_once(page, board=False)
    assert page.evaluate("window.__tones") > before
    assert wait_turn(page) == "mine"
    assert page.title() == TITLE[locale]
    context.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_card_played_slides_unless_motion_is_reduced(
    browser: Any, server: Server, motion: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)
    context.add_init_script(COUNT_MOVING)
    page = new_table(context, server)
    # Three cards played from the hand by clicking the board: each goes somewhere else.
    for _ in range(6):
        assert wait_turn(page) == "mine"
        click_once(page)
    moving = page.evaluate("window.__moving")
    if motion == "reduce":
        assert moving == 0
    else:
        assert moving > 0
    context.close()
