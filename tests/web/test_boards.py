"""What each board draws and lets a player click, in English and Korean (issue 38): Tudor's
screen, pieces and words; Courtisans' kill on the board, named in words; card faces that
keep their words whole and show For the King's values; Kingdoms' cards written one way."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    PHONE,
    ROMAN,
    Server,
    client_text,
    english_words,
    finished_bot_table,
    open_bot_table,
    screenshot,
    wait_turn,
)

NAME = {"en": "Ada", "ko": "가람"}
LOCALE = {"en": "en-GB", "ko": "ko-KR"}


def open_table(browser: Any, server: Server, game: str, lang: str, players: int = 2) -> Any:
    """A new table made in the lobby: this device's player and random bots, started."""
    context_options = {"locale": LOCALE[lang]}
    return open_bot_table(
        browser, server, game, players, name=NAME[lang], context_options=context_options
    )


def table_id(page: Any) -> str:
    return str(page.url.rsplit("/", 1)[-1].split("#")[0])


def play_until(
    page: Any, done: Callable[[], bool], prefer: str | None = None, limit: int = 200
) -> None:
    """Click listed choices (the first whose text matches ``prefer``, else one at random,
    seeded) until ``done()``; fail if the game ends first."""
    assert reached(page, done, prefer, limit), "the game ended first"


def reached(
    page: Any, done: Callable[[], bool], prefer: str | None = None, limit: int = 200
) -> bool:
    """``play_until``, but False if the game ends first (a deal may never bring the
    position: another table's may)."""
    rng = random.Random(5)
    for _ in range(limit):
        turn = wait_turn(page)
        if turn == "over":
            return False
        assert turn == "mine", turn
        if done():
            return True
        listed = page.locator("button.action:not([disabled])")
        texts = listed.all_inner_texts()
        wanted = [i for i, x in enumerate(texts) if prefer and re.search(prefer, x)]
        before = page.get_attribute(".table-page", "data-state")
        # A locator, not an element handle: the page may redraw the same choices between
        # reading them and the click (a card sliding into place), and a locator finds the
        # button again in the new drawing.
        listed.nth(wanted[0] if wanted else rng.randrange(len(texts))).click()
        page.wait_for_function(
            "b => document.querySelector('.table-page')?.dataset.state !== b", arg=before
        )
    raise AssertionError("the position looked for never came")


def click_and_wait(page: Any, selector: str) -> None:
    before = page.get_attribute(".table-page", "data-state")
    page.click(selector)
    page.wait_for_function(
        "b => document.querySelector('.table-page')?.dataset.state !== b", arg=before
    )


# --- Tudor -----------------------------------------------------------------------------------

SINGULAR = {"en": re.compile(r"\b1 (card|token|marker)\b"), "ko": re.compile(r"카드 1장")}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_tudor_draws_your_screen_and_each_players_pieces(
    browser: Any, server: Server, lang: str
) -> None:
    page = open_table(browser, server, "tudor", lang, players=3)
    assert wait_turn(page) == "mine"
    stats = page.inner_text(".tudor .stats")
    # The draft is said to be the draft, not "Round 0 / 4".
    assert page.get_attribute(".table-page", "data-phase") == "draft"
    assert {"en": "Ring draft", "ko": "반지 고르기"}[lang] in stats, stats
    assert not re.search(r"\b0 / \d", stats), stats
    # Each player's pieces carry their seat's colour and number, with a legend by name.
    legend = page.inner_text(".tudor .legend")
    assert NAME[lang] in legend
    for seat in range(3):
        assert page.inner_text(f".tudor .legend .courtier.seat-{seat}") == str(seat + 1)
    for marker in ("influence", "intrigue"):
        assert page.query_selector(f".tudor .legend .marker.{marker}") is not None
    screen = ".tudor .zone.screen"
    plural = re.compile(r"\b1 (cards|tokens|markers)\b")
    singular_seen = False
    tid = table_id(page)

    def screen_card_clickable() -> bool:
        nonlocal singular_seen
        board = page.inner_text(".board-area .board")
        assert not plural.search(board), board
        singular_seen = singular_seen or bool(SINGULAR[lang].search(board))
        assert page.query_selector(screen) is not None, "your screen is not drawn"
        return page.query_selector(f"{screen} .chip.pickable") is not None and singular_seen

    play_until(page, screen_card_clickable)
    # The screen shows what the server's state holds behind this seat's screen.
    server.wait_seq(tid, [page])
    held = server.true_state(tid).state.observation(0)["behind_screen"]
    chips = page.query_selector_all(f"{screen} .screen-group >> nth=0 >> .chip")
    shown = [int(c.inner_text().rsplit("\u00d7", 1)[1]) for c in chips]
    assert shown == list(held["cards"].values())
    if lang == "ko":
        text = client_text(page)
        assert [w for w in english_words(text) if w not in ROMAN] == [], text
    screenshot(page, f"tudor-screen-{lang}")
    page.set_viewport_size(PHONE)
    screenshot(page, f"tudor-screen-{lang}-phone")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(HIDDEN_FIGURES) == []
    page.set_viewport_size(DESKTOP)
    # A Court Card behind the screen is chosen on the board: the move is played.
    log_before = len(page.query_selector_all(".log li"))
    click_and_wait(page, f"{screen} .chip.pickable >> nth=0")
    page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {log_before}")
    assert page.errors == []
    page.context.close()


# The players' table's figures a phone cannot see without scrolling the table sideways (past
# its visible edge), and those that do not say which column they are.
HIDDEN_FIGURES = """() => {
  const hidden = [];
  for (const table of document.querySelectorAll('.board-area .players-table')) {
    const edge = table.getBoundingClientRect().right;
    for (const cell of table.querySelectorAll('tbody td')) {
      const label = getComputedStyle(cell, '::before').content;
      if (cell.getBoundingClientRect().right > edge + 1 || !label || label === 'none') {
        hidden.push(`${cell.dataset.label}: ${cell.textContent}`);
      }
    }
  }
  return hidden;
}"""


# --- Courtisans ------------------------------------------------------------------------------

ASSASSIN = {"en": "assassin", "ko": "암살자"}
# A kill names the card as this seat sees it (its family and role, or a face-down spy, which
# of them where several lie there: "the second face-down spy") and where it lies: the
# kernel's renderer, from the seat's own observation, never a position.
KILL = {
    "en": re.compile(
        r"^eliminate the ((\w+ )?face-down spy|\S+ \S+) (above the Queen's table|"
        r"below the Queen's table|in .+'s domain|in your domain)$"
    ),
    "ko": re.compile(r"^.+(위의|아래의|영지에 있는) ((\S+ 번째 )?뒷면인 첩자|\S+ \S+) 제거하기$"),
}
SPARE = {"en": "eliminate nothing", "ko": "아무것도 제거하지 않기"}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_courtisans_kill_is_chosen_on_the_board_and_named(
    browser: Any, server: Server, lang: str
) -> None:
    kill = ".board-area .card.pickable[data-pick*='eliminate']"
    for _ in range(4):
        # The lobby deals at random: a deal may give this seat no assassin to play before the
        # end (seen once in CI), and then another table is made.
        page = open_table(browser, server, "courtisans", lang)

        def deciding_a_kill(page: Any = page) -> bool:
            phase: str | None = page.get_attribute(".table-page", "data-phase")
            return phase == "eliminate"

        if reached(page, deciding_a_kill, prefer=ASSASSIN[lang]):
            break
        page.context.close()
    else:
        raise AssertionError("four tables ended without a kill to decide")
    # The secret missions are titled in words ("White mission"), not by their codes (W10).
    titles = [t.inner_text() for t in page.query_selector_all(".mission .card-title")]
    words = server.get(f"/api/i18n/{lang}")["games"]["courtisans"]
    assert titles == [words["score.white_mission"], words["score.blue_mission"]], titles
    # Each kill names the card in words (the server's, as this seat sees it), never a position.
    texts = [b.inner_text() for b in page.query_selector_all("button.action")]
    kills = [x for x in texts if not x.startswith(SPARE[lang])]
    assert kills and all(KILL[lang].match(x) for x in kills), texts
    # Every choice shows the server's sentence as it came: the page makes none of its own.
    made_here = page.query_selector_all("button.action:not([data-source='server'])")
    assert made_here == [], [b.inner_text() for b in made_here]
    families = set(re.findall(r"data-family=\"(\w+)\"", page.inner_html(".board-area")))
    assert families
    # The cards a kill may take are highlighted on the board, and a click plays the kill.
    assert page.query_selector(kill) is not None, "no card of the kill is clickable"
    screenshot(page, f"courtisans-kill-{lang}")
    eliminated = len(page.query_selector_all(".eliminated .card"))
    click_and_wait(page, f"{kill} >> nth=0")
    page.wait_for_function(
        f"() => document.querySelectorAll('.eliminated .card').length === {eliminated + 1}"
    )
    assert page.errors == []
    page.context.close()


# --- card faces ------------------------------------------------------------------------------

# Every word of a card's face on one line: a word split over two lines has two boxes.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const card of document.querySelectorAll('.board-area .card')) {
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      // A line may break after a hyphen ("left-hand"), never inside a word.
      for (const m of node.nodeValue.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(boxes.map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("game", ["for-the-king", "courtisans", "kingdoms"])
def test_card_faces_keep_words_whole(browser: Any, server: Server, game: str, lang: str) -> None:
    from courtly.games.for_the_king import data

    page = open_table(browser, server, game, lang, players=3 if game == "for-the-king" else 2)
    play_until(page, lambda: len(page.query_selector_all(".board-area .card")) >= 8, limit=20)
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        assert page.evaluate(BROKEN_WORDS) == [], size
    assert page.evaluate(HIDDEN_FIGURES) == []  # at the phone's width
    if game == "for-the-king":
        # An office card shows its value (and a Gold card its Gold), as printed on the card.
        faces = page.query_selector_all(".board-area .ftk-card[data-card]")
        assert faces
        for face in faces:
            code = face.get_attribute("data-card")
            office, _, letter = code.partition("-")
            value = face.query_selector(".card-value")
            if office in data.OFFICES:
                kind = data.OFFICES.index(office) * 9 + data.LETTERS.index(letter)
                assert value.text_content() == str(data.gov_value(kind)), code
            elif office.startswith("gold"):
                assert value.text_content() == office[4:], code
    page.context.close()


# --- Kingdoms --------------------------------------------------------------------------------


GLYPH = re.compile(r"(10|[2-9AJQK])[\u2665\u2666\u2663\u2660]|\u2605[12]")


def test_kingdoms_at_its_end_shows_the_turn_it_ended_in(browser: Any, server: Server) -> None:
    """The log's last "turn N begins" and the board's turn agree at the end: a game that ends
    during turn N (not counted as played) shows N, one ended by the limit shows the limit."""
    tid = finished_bot_table(server, "kingdoms", 5)
    observation = server.true_state(tid).state.observation(None)
    played, limit = observation["turns_played"], observation["turn_limit"]
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.url}/play/{tid}")
    page.wait_for_selector("#result")
    shown = page.inner_text(".board.kingdoms .stats")
    assert f"{min(played + 1, limit)} / {limit}" in shown, (shown, played)
    began = re.findall(r"turn (\d+) begins", page.inner_text(".log"), flags=re.IGNORECASE)
    if began and played < limit:
        assert int(began[-1]) == played + 1, (began[-1], played)
    context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_kingdoms_writes_a_card_one_way(browser: Any, server: Server, lang: str) -> None:
    words = server.get(f"/api/i18n/{lang}")["games"]["kingdoms"]
    suits = "|".join(words[f"term.suit.{s}"] for s in ("hearts", "diamonds", "clubs", "spades"))
    ranks = "|".join([r"\d+"] + [words[f"term.rank.{r}"] for r in (1, 11, 12, 13)])
    other_forms = re.compile(
        rf"\b(10|[2-9AJQK])[HDCS]\b|\b({ranks}) of ({suits})\b|({suits}) ({ranks})"
    )
    page = open_table(browser, server, "kingdoms", lang)
    play_until(page, lambda: len(page.query_selector_all(".log .card-glyph")) >= 3, limit=40)
    assert wait_turn(page) == "mine"
    # The turn under way, as the log counts it ("turn 2 begins"), not the turns played.
    server.wait_seq(table_id(page), [page])
    observation = server.true_state(table_id(page)).state.observation(0)
    shown = page.inner_text(".board.kingdoms .stats")
    assert f"{observation['turns_played'] + 1} / {observation['turn_limit']}" in shown, shown
    for part in (".log", ".choices .actions"):
        text = page.inner_text(part)
        assert not other_forms.search(text), text
    glyphs = page.query_selector_all(".log .card-glyph, .choices .card-glyph")
    for glyph in glyphs:
        assert re.fullmatch(
            r"(10|[2-9AJQK])[\u2665\u2666\u2663\u2660]|\u2605[12]", glyph.inner_text()
        )
        assert glyph.get_attribute("role") == "img"
        assert glyph.get_attribute("aria-label")
    # The page draws a sentence's cards from its parts (the server's renderer says which
    # words name which card), never by finding cards in the words: a seat named "QH" stays
    # its name beside the Queen of Hearts it plays.
    drawn = page.evaluate(
        """async () => {
          const { serverText } = await import("/static/js/boards/index.js");
          const li = document.createElement("li");
          const parts = [{ text: "QH plays " }, { text: "QH", card: "QH" }];
          li.append(...serverText("kingdoms", "QH plays QH", parts));
          const glyphs = [...li.querySelectorAll(".card-glyph")];
          return { text: li.textContent, glyphs: glyphs.map((g) => g.getAttribute("aria-label")) };
        }"""
    )
    queen = server.get(f"/api/i18n/{lang}")["games"]["kingdoms"]["term.rank.12"]
    assert drawn["text"] == "QH plays Q\u2665" and len(drawn["glyphs"]) == 1, drawn
    assert queen in drawn["glyphs"][0]
    screenshot(page, f"kingdoms-cards-{lang}")
    # A phone keeps a kingdom's nine places three to a row: three lines, not nine (one place
    # a line put the player's own hand some 3,000 px down).
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.board-area .kingdom')].map((k) =>
          new Set([...k.querySelectorAll('.row > .zone')].map((z) =>
            Math.round(z.getBoundingClientRect().top))).size)"""
    )
    assert lines == [3, 3], lines
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"kingdoms-cards-{lang}-phone")
    assert page.errors == []
    page.context.close()


# --- amounts in the choice list --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_bid_is_one_amount_field_in_the_choices(browser: Any, server: Server, lang: str) -> None:
    """For the King's bids (up to 78 amounts) are one number field and one button in the
    choice list, the button saying the server's sentence of the amount typed, which it plays;
    not dozens of near-identical buttons."""
    page = open_table(browser, server, "for-the-king", lang, players=3)
    field = ".choices input.amount"
    play_until(page, lambda: page.query_selector(field) is not None, limit=120)
    assert len(page.query_selector_all(".choices .actions > li")) <= 3  # the field, pass
    low, high = (int(page.get_attribute(field, x) or 0) for x in ("min", "max"))
    assert high - low >= 5
    # The field is named as what it is, a bid in Gold (금액), not a bare quantity (수량).
    label = {"en": "Your bid in Gold", "ko": "입찰 금액"}[lang]
    assert page.inner_text(".choices .amount-field label") == label
    assert page.get_attribute(field, "aria-label") == label
    button = page.locator(".choices .amount-field button.action")
    page.fill(field, str(low + 3))
    page.wait_for_function(
        "n => document.querySelector('.choices .amount-field button.action')"
        ".textContent.includes(String(n))",
        arg=low + 3,
    )
    logged = len(page.query_selector_all(".log li"))
    button.click()
    page.wait_for_function(
        f"() => document.querySelectorAll('.log li').length > {logged}"
        f" && [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes"
        f"('{NAME[lang]}') && li.textContent.includes('{low + 3}'))"
    )
    assert page.errors == []
    page.context.close()
