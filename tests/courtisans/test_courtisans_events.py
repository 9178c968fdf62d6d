"""Structured events: every event has a declared kind, data made of ids, and its text is made
from kind + data by events.EVENTS (never written in the rules)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from courtly.agents.random_agent import RandomAgent
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.render import action_text, event_fields, event_text
from courtly.core.replay import replay
from courtly.games.courtisans import GAME
from courtly.games.courtisans.events import EVENTS

# A kind-string or id: no spaces, so never an English sentence.
_WORD = re.compile(r"[A-Za-z0-9_-]+")


def _ids_only(value: Any) -> bool:
    if isinstance(value, bool | int | float):
        return True
    if isinstance(value, str):
        return _WORD.fullmatch(value) is not None
    if isinstance(value, list):
        return all(_ids_only(v) for v in value)
    return False


def _events(num_players: int, seed: int, options: dict[str, str]) -> list[Any]:
    result = play_match(
        GAME, [RandomAgent() for _ in range(num_players)], seed, options, keep_record=True
    )
    assert result.record is not None
    return [
        e
        for _state, events in replay(GAME, GameRecord.from_json(result.record.to_json()))
        for e in events
    ]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("spy_memory", ["remember", "forget"])
def test_every_event_is_declared_with_id_data_and_its_text(
    num_players: int, spy_memory: str
) -> None:
    kinds = set()
    for seed in range(2):
        for event in _events(num_players, seed, {"spy_memory": spy_memory}):
            assert event.kind in EVENTS.kinds, event.kind
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", event.kind)
            data = dict(event.data)
            assert json.loads(json.dumps(data)) == data
            assert all(_ids_only(v) for v in data.values()), data
            assert event_fields(EVENTS, event.kind) <= set(data)
            assert "{" not in event_text(GAME, event)
            for name, value in data.items():
                if name == "seat" or name.endswith("_seat"):
                    assert 0 <= value < num_players
            kinds.add(event.kind)
    assert {"play-table", "play-domain", "draw", "turn", "status", "game-over"} <= kinds
    assert ("spy-identity" in kinds) == (spy_memory == "remember")


def test_event_text_numbers_seats_from_one() -> None:
    assert event_text(
        GAME, EVENTS.event("play-domain", {"seat": 0, "card": 16, "owner_seat": 1})
    ) == ("seat 1 plays Toad noble in seat 2's domain")
    assert event_text(
        GAME,
        EVENTS.event(
            "eliminate-spy-domain", {"seat": 2, "row": "domain", "position": 3, "owner_seat": 0}
        ),
    ) == ("seat 3 eliminates a face-down spy in seat 1's domain")
    assert event_text(GAME, EVENTS.event("game-over", {"scores": [4.0, -1.0], "winners": [0]})) == (
        "Final scores: seat 1: 4, seat 2: -1. Won by seat 1"
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_private_event_names_its_seat(lang: str) -> None:
    """A seat's private events name it, never "you": the end of the game shows every event
    to everyone (core.events.events_for), and "you draw..." then spoke of another seat."""
    names = ["Ada", "Bob"]
    drawn = EVENTS.event("draw-secret", {"seat": 1, "cards": [16, 3]}, frozenset({1}))
    spy = EVENTS.event("spy-identity", {"seat": 1, "card": 5, "owner_seat": 0}, frozenset({1}))
    for event in (drawn, spy):
        text = event_text(GAME, event, lang, names)
        assert "Bob" in text, text
        assert not re.search(r"\b(you|your)\b|내 ", text), text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_sentence_writes_a_number_the_board_does_not_show(lang: str) -> None:
    """A card is named as its face shows it (family and role), never by its id, and a kill
    by where the card lay, never by its position number: no board writes either."""
    numbered = re.compile(r"#\d")
    state = GAME.new_game(3, seed=7)
    rng = __import__("random").Random(7)
    while not state.is_terminal:
        view = state.observation(state.current_player)
        for action in state.legal_actions():
            words = action_text(GAME, action, lang, (), view)
            assert not numbered.search(words), words
        for event in state.apply(rng.choice(state.legal_actions()), player=state.current_player):
            assert not numbered.search(event_text(GAME, event, lang)), event
