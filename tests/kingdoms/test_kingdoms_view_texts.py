"""What a player reads of Kingdoms in the terminal (and the browser's log): cards named as the
board draws them, never by their codes; the ``?`` help left to the panel to wrap; the turn
marker on the right seat; counts with their nouns in the singular or plural; a long Discard
pile counted."""

from __future__ import annotations

import io
import re
from typing import Any

from kingdoms_helpers import build, fits_the_terminal, new_game
from rich.console import Console

from courtly.core.events import Event, events_for
from courtly.core.i18n import LANGUAGES, using
from courtly.core.render import event_text
from courtly.core.rng import Rng
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.codes import PHASE_NAMES, TASK_NAMES
from courtly.games.kingdoms.events import EVENTS
from courtly.games.kingdoms.view import explain
from courtly.games.kingdoms.words import TEXTS

# A card's code as the JSON writes it ("9D", "10H", "QS", "X2"), standing alone in a text.
CODE = re.compile(r"(?<![\w♠♥♣♦])(?:10|[2-9AJQK])[SHCD](?!\w)|(?<!\w)X[12](?!\w)")


def _screen(view: Any, lang: str = "en", height: int | None = None) -> list[str]:
    """The view as the terminal draws it at 80 columns (``height``: the lines left to it)."""
    console = Console(width=80, record=True, file=io.StringIO(), legacy_windows=False)
    with using(lang):
        console.print(GAME.render(view), height=height)
    return console.export_text().splitlines()


def _line(lines: list[str], label: str) -> str:
    """The line starting with ``label``, its runs of spaces (the table's columns) as one."""
    (found,) = [line for line in lines if line.startswith(label)]
    return " ".join(found.split())


# --- 1. cards by name, not by code -----------------------------------------------------------


def test_the_log_names_cards_as_the_board_draws_them() -> None:
    def said(kind: str, lang: str, **data: Any) -> str:
        return event_text(GAME, EVENTS.event(kind, data), lang)

    assert said("duel-card-chosen", "en", seat=0, card="9D") == (
        "seat 1's face-down duel card is 9♦"
    )
    assert said("jester", "en", seat=0, card="X2") == "seat 1 places Jk2 as their Court Jester"
    assert said("treasurer-card", "en", seat=1, card="QS") == (
        "Treasurer: the card seat 2 gives is Q♠"
    )
    assert said("duel-cards-shown", "en", cards=["10H", "AC"]) == "The duel cards are 10♥, A♣"
    # Korean keeps its words, particles chosen by them.
    assert said("duel-card-chosen", "ko", seat=0, card="9D") == (
        "1번 자리의 뒷면 결투 카드는 다이아몬드 9입니다"
    )
    assert said("jester", "ko", seat=0, card="X2") == "1번 자리가 조커 2를 광대로 놓습니다"


def test_a_whole_games_log_names_no_card_by_its_code() -> None:
    state = new_game(2, seed=4)
    rng = Rng(4)
    events: list[Event] = []
    while not state.is_terminal and len(events) < 3000:
        ids = state.legal_action_ids()
        events += state.apply(ids[rng.below(len(ids))])
    # What each seat and a spectator are shown: no more than before, each card by its name.
    for viewer in (0, 1, None):
        for event in events_for(events, viewer):
            for lang in LANGUAGES:
                text = event_text(GAME, event, lang)
                assert not CODE.search(text), text


def _moving(card: str) -> Any:
    return build(
        phase="discard",
        seats=({"court": {"king": "KS"}, "rows": {"king": [card]}}, {"court": {"king": "KD"}}),
        stack=[["move_dest", 0, card, 0]],
    )


def test_the_pending_line_names_its_card() -> None:
    view = _moving("3C").observation(0)
    assert view["decision"]["a"] == "3C"  # the observation keeps its codes
    assert _line(_screen(view), "Pending") == "Pending where the Subject goes 3♣"
    assert _line(_screen(view, "ko"), "진행 중") == "진행 중 옮길 곳 클럽 3"
    ace = _moving("AC").observation(None)
    assert _line(_screen(ace, "ko"), "진행 중") == "진행 중 옮길 곳 클럽 에이스"
    assert "AC" not in "\n".join(_screen(ace))


def test_the_pending_line_leaves_out_the_engines_numbers() -> None:
    # A number in the decision (a slot, a declaration, a round's code) means nothing to a
    # player: the line names the decision and its cards only.
    view = _moving("3C").observation(0)
    view["decision"] = {**view["decision"], "b": 7}
    assert _line(_screen(view), "Pending") == "Pending where the Subject goes 3♣"


# --- 2. the help, wrapped by the panel alone ------------------------------------------------


def test_the_help_has_no_line_breaks_of_its_own_and_fits_the_panel() -> None:
    """The help was broken at 78 columns and the terminal's panel broke it again at 76,
    leaving a word or two alone on a line; the browser showed the hard breaks too."""
    for lang in LANGUAGES:
        goal = TEXTS.text("explain.goal", lang)
        for name in (*PHASE_NAMES, *TASK_NAMES):
            text = TEXTS.lookup(f"explain.task.{name}", lang) or TEXTS.lookup(
                f"explain.phase.{name}", lang
            )
            if text is None:
                continue
            view = {"decision": {"name": name}}
            with using(lang):
                help_text = explain(view)
            # The catalogue's lines (a paragraph, a line per choice), then the goal: no more.
            assert help_text.splitlines() == [*text.splitlines(), goal], (lang, name)
            assert fits_the_terminal(help_text), (lang, name)


def test_the_game_over_help_is_one_paragraph() -> None:
    glory = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    view = build(phase="over", seats=({"court": {"king": "KS"}}, {"glory": glory})).observation(0)
    for lang in LANGUAGES:
        with using(lang):
            text = GAME.explain(view)
        assert "\n" not in text and fits_the_terminal(text)


# --- 3. the turn marker ----------------------------------------------------------------------


def _marked(lines: list[str]) -> str:
    """The panel title carrying the turn mark: "Seat 2 (you) ◀ turn"."""
    (title,) = [part for line in lines for part in line.split("╮") if "◀" in part]
    return title.strip("╭─ ")


def test_the_duel_marks_the_seat_playing_its_card() -> None:
    state = new_game(2, seed=4)
    assert state.observation(0)["phase"] == "duel" and state.current_player == 0
    assert _marked(_screen(state.observation(0))) == "Seat 1 (you) ◀ turn"
    state.apply(state.legal_actions()[0])
    # The hot-seat duel's second card: seat 2 decides, and its panel carries the mark.
    assert state.current_player == 1 and state.observation(1)["turn"] == 0
    assert _marked(_screen(state.observation(1))) == "Seat 2 (you) ◀ turn"
    assert _marked(_screen(state.observation(None))) == "Seat 2 ◀ turn"


def test_after_the_duel_the_mark_stays_with_the_turn_not_a_responder() -> None:
    # The opponent gives a card to the Treasurer: seat 2 decides during seat 1's turn.
    s = build(
        seats=({"court": {"king": "KS"}}, {"hand": ["5H"], "court": {"king": "KD"}}),
        stack=[["treasurer", 1, 0, 0]],
    )
    view = s.observation(1)
    assert view["to_act"] == 1
    assert _marked(_screen(view)) == "Seat 1 ◀ turn"


# --- 4. counts and their nouns ---------------------------------------------------------------


def test_english_counts_take_the_singular_or_the_plural() -> None:
    english = TEXTS.messages("en")
    # A count before its noun says it with the formatter's {n:one|other}, never a bare plural.
    counted = re.compile(r"\{(n|hand|turns|shown)\} (cards?|turns?)\b")
    bare = sorted(key for key, text in english.items() if counted.search(text))
    assert not bare, bare
    s = build(seats=({"court": {"king": "KS"}}, {"hand": ["5H"], "court": {"king": "KD"}}))
    hand = _line(_screen(s.observation(0)), "│ Hand")
    assert "1 card " in hand and "1 cards" not in hand
    assert TEXTS.text("view.cards", "en", n=2) == "2 cards"
    limit = EVENTS.event("turn-limit", {"turns": 1})
    assert event_text(GAME, limit, "en").startswith("The turn limit (1 turn) is reached")
    assert TEXTS.text("view.header.over", "en", end="x", turns=1, scores="y").endswith(
        "after 1 turn. Glory: y"
    )


# --- 5. a long Discard pile ------------------------------------------------------------------

PILE = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2H", "3H", "4H", "5H", "6H"]


def _discarding(cards: list[str]) -> Any:
    return build(
        seats=({"court": {"king": "KS"}}, {"court": {"king": "KD"}}), discard=cards
    ).observation(0)


def test_a_long_discard_pile_is_counted_and_its_last_cards_shown() -> None:
    view = _discarding(PILE)
    assert _line(_screen(view), "Discard") == (
        "Discard 14 cards, last 8: … 8♠ 9♠ 10♠ 2♥ 3♥ 4♥ 5♥ 6♥"
    )
    assert _line(_screen(view, "ko"), "버린 더미") == (
        "버린 더미 14장 중 마지막 8장: … 8♠ 9♠ 10♠ 2♥ 3♥ 4♥ 5♥ 6♥"
    )
    # Eight or fewer: all of them, as before.
    eight = _line(_screen(_discarding(PILE[:8])), "Discard")
    assert eight == "Discard 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"


def test_a_short_screen_counts_the_pile_on_the_draw_piles_line() -> None:
    view = _discarding(PILE)
    for lang, label, said in (
        ("en", "Draw pile", "Discard 14 cards: … 2♥ 3♥ 4♥ 5♥ 6♥"),
        ("ko", "뽑기 더미", "버린 더미 14장: … 2♥ 3♥ 4♥ 5♥ 6♥"),
    ):
        lines = _screen(view, lang, height=12)  # a line short of the whole table's 13
        assert len(lines) <= 12, "\n".join(lines)
        assert said in _line(lines, label), lang
