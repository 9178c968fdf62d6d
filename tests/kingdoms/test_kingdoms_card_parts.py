"""Kingdoms' sentences carry their cards (courtly.core.pieces): a message's ``parts`` say which
words name which card, in English and Korean (where a particle follows a card's words), so the
browser draws each card from its id and never reads the words; the terminal's sentence is the
same text, plain."""

from __future__ import annotations

from typing import Any

from courtly.core.render import action_json, event_json, event_text
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.events import EVENTS

# A seat whose name is a card's code and another whose name is a card's English name: words
# alike are not the card.
NAMES = ["QH", "Nine of Clubs"]


def cards_of(parts: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(p["card"], p["text"]) for p in parts if "card" in p]


def test_an_events_cards_are_its_parts_in_both_languages() -> None:
    event = EVENTS.event("treaty-broken", {"seat": 0, "card": "9C", "treaty": "QH"})
    english = event_json(GAME, event, "en", NAMES)
    # English names a card as the board draws it (Q♥), never by its code: the seat named
    # "QH" is the only QH in the sentence.
    assert english["text"] == "QH breaks the Treaty Q♥ with 9♣"
    assert english["parts"] == [
        {"text": "QH breaks the Treaty "},
        {"text": "Q♥", "card": "QH"},
        {"text": " with "},
        {"text": "9♣", "card": "9C"},
    ]
    korean = event_json(GAME, event, "ko", NAMES)
    # The particles after each card (로, 을) are text, chosen by the card's Korean words.
    assert korean["parts"] == [
        {"text": "QH가 "},
        {"text": "클럽 9", "card": "9C"},
        {"text": "로 조약 "},
        {"text": "하트 퀸", "card": "QH"},
        {"text": "을 깹니다"},
    ]
    for words in (english, korean):
        assert "".join(p["text"] for p in words["parts"]) == words["text"]
    # The terminal writes the same sentence.
    assert event_text(GAME, event, "ko", NAMES) == korean["text"]


def test_a_list_of_cards_is_one_part_each_and_no_cards_no_parts() -> None:
    shown = event_json(GAME, EVENTS.event("duel-cards-shown", {"cards": ["9C", "X2"]}), "ko")
    assert cards_of(shown["parts"]) == [("9C", "클럽 9"), ("X2", "조커 2")]
    none = event_json(GAME, EVENTS.event("duel-cards-shown", {"cards": []}), "en")
    assert "parts" not in none and none["text"] == "The duel cards are (no cards)"
    # A sentence naming no card has only its text.
    turn = EVENTS.event("turn-begins", {"seat": 1, "turn": 2})
    assert "parts" not in event_json(GAME, turn, "en", NAMES)


def test_a_choice_naming_a_card_has_its_parts() -> None:
    state = GAME.new_game(2, seed=3)
    named = [a for a in state.legal_actions() if a.arg("card") is not None]
    assert named, "the opening duel offers cards"
    for lang in ("en", "ko"):
        choice = action_json(GAME, named[0], lang, NAMES)
        ((code, words),) = cards_of(choice["parts"])
        assert code == named[0].arg("card") and words in choice["text"]
        assert "".join(p["text"] for p in choice["parts"]) == choice["text"]
