"""A private event that tells a seat what a public event hid from the others (the card it drew,
the card it played face down) comes right after that public event in the seat's log: it must
read as the detail of that move, never as a second move ("Ada plays a duel card face down",
then "Ada plays 9♦ face down" read as two cards played)."""

from __future__ import annotations

import itertools
import random

import pytest

from courtly.core.events import Event
from courtly.core.registry import load_game
from courtly.core.render import event_text

NAMES = ["Ada", "Bob", "Cyd"]

# Each game's public moves that hide a card, and the private event telling their seat which.
TWINS = {
    "courtisans": {
        ("draw", "draw-secret"),
        ("play-spy-table", "spy-identity"),
        ("play-spy-domain", "spy-identity"),
    },
    "for-the-king": {("discard", "discard-card")},
    "kingdoms": {
        ("duel-card-played", "duel-card-chosen"),
        ("draw-deck", "draw-deck-seen"),
        ("army-placed", "army-placed-seen"),
        ("army-kept", "army-kept-seen"),
    },
}


def _twins(game_name: str, seed: int) -> list[tuple[Event, Event]]:
    """Each public move of a random game that hid a card, with the private event after it."""
    game = load_game(game_name)
    state = game.new_game(2, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_terminal and len(events) < 4000:
        events += state.apply(rng.choice(state.legal_actions()))
    return [
        (shown, hidden)
        for shown, hidden in itertools.pairwise(events)
        if (shown.kind, hidden.kind) in TWINS[game_name]
    ]


@pytest.mark.parametrize("game_name", sorted(TWINS))
def test_a_private_detail_does_not_read_as_a_second_move(game_name: str) -> None:
    game = load_game(game_name)
    pairs = [pair for seed in range(4) for pair in _twins(game_name, seed)]
    assert {(shown.kind, hidden.kind) for shown, hidden in pairs} == TWINS[game_name]
    for shown, hidden in pairs:
        assert hidden.audience == frozenset({shown.data["seat"]}) and shown.audience is None
        name = NAMES[shown.data["seat"]]
        public = event_text(game, shown, "en", NAMES)
        detail = event_text(game, hidden, "en", NAMES)
        # English: the move is "Ada plays…", its detail is about the card ("Ada's…", "The…").
        assert not detail.startswith(f"{name} "), (public, detail)
        # Korean ends a sentence on its verb: the detail must not end on the move's.
        public_ko = event_text(game, shown, "ko", NAMES)
        detail_ko = event_text(game, hidden, "ko", NAMES)
        assert public_ko.split()[-1] != detail_ko.split()[-1], (public_ko, detail_ko)
