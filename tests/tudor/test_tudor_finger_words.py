"""A finger is named as people name it: "Put the Ring on your index finger", not "on your
index" (the replay's log read "…: Put the Ring on the index")."""

from __future__ import annotations

import courtly
from courtly.core.render import action_text

GAME = courtly.load("tudor")


def test_every_finger_choice_names_a_finger() -> None:
    space = GAME.new_game(2, seed=0).action_space
    fingers = [a for a in space.actions if a.kind == "finger"]
    assert len(fingers) == 5
    texts = [action_text(GAME, a, "en") for a in fingers]
    assert texts[0].endswith("thumb"), texts
    assert all(t.endswith(" finger") for t in texts[1:]), texts
    assert any(t.endswith("index finger") for t in texts), texts
