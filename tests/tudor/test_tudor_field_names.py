"""Tudor's decision fields are named as their JSON names are (issue 37 §1), so a reader of the
state JSON finds the field in the code and the other way round."""

from __future__ import annotations

from courtly.core.rng import Rng
from courtly.games.tudor import GAME
from courtly.games.tudor.board import BOARDS

# JSON keys of the body's "decision" section that the state holds under the same name.
SAME_NAMES = ("turn_player", "figure_chamber", "lord_actions_left", "movement", "aux")
# The names ``aux`` is read and written by, for what it holds in a decision (one value in JSON).
AUX_NAMES = ("chosen", "refund_colours", "counter")


def test_decision_fields_carry_their_json_names() -> None:
    rng = Rng(37)
    for players in (2, 4):
        state = GAME.new_game(players, seed=players)
        while not state.is_terminal:
            decision = state.to_json()["decision"]
            for name in SAME_NAMES:
                value = getattr(state, name)
                assert (list(value) if name == "movement" else value) == decision[name], name
            for name in AUX_NAMES:
                assert getattr(state, name) == decision["aux"], name
            legal = state.legal_action_ids()
            state.step(legal[rng.below(len(legal))])
        assert state.board is BOARDS[players]  # type: ignore[attr-defined]
