"""The table's details panel ("Everything you can see"): every label in the reader's
language (never an observation key), a value said by its own field's kind (a count as a
number, not an ordinal or an office named by the same digit), and the engine's bookkeeping
(Tudor's scratch lists, movement vectors, bit masks) left out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, english_words, open_bot_table, wait_turn

SCHEMAS = Path(__file__).parents[2] / "docs" / "schemas"
GAMES = {
    "courtisans": "courtisans",
    "for-the-king": "for_the_king",
    "kingdoms": "kingdoms",
    "tudor": "tudor",
}
ENVELOPE = {"game", "viewer", "num_players", "to_act", "phase", "scores"}
# An observation key as a label: lower-case words joined by "_" or "-".
IDENTIFIER = re.compile(r"\b[a-z0-9]+(?:[_-][a-z0-9]+)+\b")


def schema_fields(game: str) -> set[tuple[str, str | None]]:
    """Every field of the game's observation schema with the field it is shown under (a list's
    entries are shown under the list's own field), as the panel labels it."""
    root: dict[str, Any] = json.loads((SCHEMAS / f"{GAMES[game]}.observation.json").read_text())
    found: set[tuple[str, str | None]] = set()
    seen: set[tuple[int, str | None]] = set()

    def walk(node: Any, parent: str | None) -> None:
        if not isinstance(node, dict) or (id(node), parent) in seen:
            return
        seen.add((id(node), parent))
        ref = node.get("$ref")
        if isinstance(ref, str):
            walk(root["$defs"][ref.split("/")[-1]], parent)
        for key in ("oneOf", "anyOf", "allOf", "prefixItems"):
            for sub in node.get(key, []):
                walk(sub, parent)
        walk(node.get("items"), parent)
        # A mapping's entries (For the King's duties by office) are labelled on their own.
        walk(node.get("additionalProperties"), "*" if parent else None)
        for name, sub in node.get("properties", {}).items():
            if parent is None and name in ENVELOPE:
                continue
            found.add((name, parent))
            walk(sub, name)

    walk(root, None)
    return found


LABELS = """async ([game, fields]) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLanguage("ko");
  const words = await import("/static/js/boards/details-words.js");
  const out = (key) => Boolean(key) && words.leftOut(game, key);
  const shown = ([key, parent]) => !out(key) && !out(parent);
  return fields
    .filter(shown)
    .map(([key, parent]) => [key, parent, words.fieldLabel(game, key, parent ?? undefined)]);
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_field_of_the_schema_has_a_korean_label(
    browser: Any, server: Server, game: str
) -> None:
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    fields = sorted(schema_fields(game), key=lambda f: (f[0], f[1] or ""))
    labels = page.evaluate(LABELS, [game, [list(f) for f in fields]])
    assert len(labels) > 20
    unread = [
        (key, parent, label)
        for key, parent, label in labels
        if english_words(label) or IDENTIFIER.search(label)
    ]
    assert unread == [], unread
    context.close()


PANEL = ".board-wrap > .details"


def open_details(page: Any) -> None:
    page.wait_for_selector(f"{PANEL} > summary")
    page.click(f"{PANEL} > summary")
    page.wait_for_selector(f"{PANEL} .obs-section")


def texts(page: Any, selector: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        f"{PANEL} {selector}", "els => els.map(e => e.textContent)"
    )
    return found


def values(page: Any, key: str) -> list[str]:
    """The values shown in the panel's section of the observation's field ``key``."""
    return texts(page, f".obs-section[data-key='{key}'] .val")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_details_panel_reads_in_korean(browser: Any, server: Server, game: str) -> None:
    players = 3 if game == "for-the-king" else 2
    page = open_bot_table(
        browser, server, game, players, name="가람", context_options={"locale": "ko-KR"}
    )
    assert wait_turn(page) in {"mine", "privacy"}
    if page.query_selector("#privacy-continue"):
        page.click("#privacy-continue")
    open_details(page)
    titles = texts(page, ".obs-section h3") + texts(page, ".obs-section dt")
    assert titles
    assert [t for t in titles if english_words(t) or IDENTIFIER.search(t)] == []
    text = page.inner_text(PANEL)
    assert english_words(text) == [], text
    assert IDENTIFIER.search(text) is None, text
    assert page.errors == []
    page.context.close()


def test_tudor_counts_are_numbers_and_the_draft_is_not_round_0(
    browser: Any, server: Server
) -> None:
    page = open_bot_table(browser, server, "tudor", 2)
    assert wait_turn(page) == "mine"
    open_details(page)
    # The draft (before Round 1): "Ring draft", never "round 0"; 5 rounds read "5", not the
    # fifth office's name; the Scenario and Scoring Cards by their numbers, as the board says.
    (round_shown,) = values(page, "round")
    assert round_shown.startswith("Ring draft"), round_shown
    (rounds,) = values(page, "rounds")
    assert re.fullmatch(r"\d+", rounds), rounds
    cards = values(page, "cards_in_play")
    assert cards and all(re.fullmatch(r"\d", c) for c in cards), cards
    shown = page.inner_text(f"{PANEL} .obs-section[data-key='decision']")
    for internal in ("scratch", "aux", "sequence", "movement"):
        assert internal not in shown, shown
    page.context.close()


def test_courtisans_hand_sizes_are_numbers(browser: Any, server: Server) -> None:
    page = open_bot_table(browser, server, "courtisans", 2)
    assert wait_turn(page) == "mine"
    open_details(page)
    sizes = values(page, "hand_sizes")
    assert len(sizes) == 2 and all(re.fullmatch(r"\d+", s) for s in sizes), sizes
    page.context.close()


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_for_the_king_names_each_player_once(browser: Any, server: Server, locale: str) -> None:
    """Each entry of the players' list is shown under its seat's name; the entry's own `seat`
    field, the same seat again, is not a second line naming the player."""
    page = open_bot_table(
        browser, server, "for-the-king", 3, name="Ada", context_options={"locale": locale}
    )
    assert wait_turn(page) in {"mine", "privacy"}
    if page.query_selector("#privacy-continue"):
        page.click("#privacy-continue")
    open_details(page)
    section = f"{PANEL} .obs-section[data-key='players']"
    heads = page.eval_on_selector_all(f"{section} > dl > dt", "els => els.map(e => e.textContent)")
    assert len(heads) == 3 and heads[0] == "Ada", heads
    lines = page.inner_text(section).splitlines()
    assert {name: lines.count(name) for name in heads} == {name: 1 for name in heads}, lines
    page.context.close()


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_kingdoms_says_sabotage_in_the_games_own_word(
    browser: Any, server: Server, locale: str
) -> None:
    """The Sabotage flag's label names the Influential Court of Clubs in the word of the game's
    own catalogue (the one place a game's words live), not a word of the browser's."""
    lang = locale[:2]
    words = server.get(f"/api/i18n/{lang}")["games"]["kingdoms"]
    word = words.get("term.influence.sabotage")
    assert word, "Kingdoms' catalogue has no word for Sabotage"
    page = open_bot_table(browser, server, "kingdoms", 2, context_options={"locale": locale})
    assert wait_turn(page) == "mine"
    open_details(page)
    (label,) = texts(page, ".obs-section[data-key='sabotage'] h3")
    assert word in label, label
    if lang == "ko":
        assert english_words(label) == [], label
    assert page.errors == []
    page.context.close()
