"""Table chat in Chromium, in English and Korean: a message reaches the other seat as text
(markup shown literally, never run); one refused (too fast) leaves a one-line banner in the
reader's language and the draft in its box; a player hides another's messages, and the
browser remembers it."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words, join

MARKUP = "<b>bold</b> <img src=x onerror=p=1> & 'yes'"
LOCALES = {"en": "en-GB", "ko": "ko-KR"}


def _say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def _texts(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        ".chat-log .chat-text", "els => els.map(e => e.textContent)"
    )
    return texts


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_chat_shows_text_refuses_floods_and_hides(browser: Any, server: Server, lang: str) -> None:
    created = server.create("courtisans", ["open", "open"], seed=3)
    table_id = created["table"]["id"]
    links = [server.url + s["link"] for s in created["seats"]]
    contexts = [browser.new_context(viewport=DESKTOP, locale=LOCALES[lang]) for _ in links]
    ann, bob = (
        join(c, link, name) for c, link, name in zip(contexts, links, ["Ann", "Bob"], strict=True)
    )
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    for page in (ann, bob):
        page.wait_for_selector(".table-page[data-status='playing'] #chat-input")

    _say(ann, MARKUP)
    for page in (ann, bob):
        # The writer's page shows its message when the server has stored it, as the others'
        # do: on a busy machine either may hear it first.
        page.wait_for_function("() => document.querySelectorAll('.chat-log .chat-text').length")
        assert _texts(page) == [MARKUP]
        assert page.query_selector(".chat-log b, .chat-log img") is None  # text, no elements
        assert page.evaluate("() => window.p") is None, "a message ran as markup"
    assert ann.input_value("#chat-input") == ""  # delivered: the box is emptied
    assert bob.inner_text(".chat-message .chat-who") == "Ann"
    words = client_text(bob)
    if lang == "ko":
        assert english_words(words.replace("Ann", "").replace("Bob", "")) == [], words

    # Three at once, then one every two seconds: sent faster, one is refused in the
    # reader's language, and what was typed stays in the box.
    for n in range(10):
        count = len(_texts(ann))
        _say(ann, f"quick {n}")
        ann.wait_for_function(
            f"() => document.querySelectorAll('.chat-text').length > {count}"
            " || document.querySelector('.notice.error') !== null"
        )
        if ann.query_selector(".notice.error"):
            break
    banner = ann.inner_text(".notice.error")
    assert ("너무 빨리" in banner) == (lang == "ko"), banner
    assert ann.input_value("#chat-input") == f"quick {n}"

    # Bob hides Ann's messages; the browser remembers it; showing them brings them back.
    bob.wait_for_function("() => document.querySelectorAll('.chat-text').length >= 3")
    bob.click(".chat-message[data-seat='0'] .chat-hide")
    bob.wait_for_selector(".chat-hidden .chat-show")
    assert _texts(bob) == []
    bob.reload()
    bob.wait_for_selector(".chat-hidden .chat-show")
    assert _texts(bob) == []
    bob.click(".chat-show")
    bob.wait_for_selector(".chat-message[data-seat='0']")
    assert _texts(bob)[0] == MARKUP
    assert _texts(ann)[0] == MARKUP  # hiding is Bob's view only
    for context in contexts:
        context.close()
