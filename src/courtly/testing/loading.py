"""Loaded positions play on (issue 21 §2): the games' property tests of ``from_json``.

Each game mutates the JSON of reachable positions its own way; what must then hold is the
same for every game: the result is refused with ``InvalidStateError`` (a readable message,
no other exception), or it is a position that plays to the end under the conformance checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.errors import InvalidStateError
from courtly.core.match import MAX_DECISIONS
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.testing.conformance import ConformanceFailure, check_step


def play_out(state: State, rng: Rng, *, checked: int = 10, every: int = 0) -> int:
    """Play ``state`` to the end by random legal moves; return the number of decisions.

    The full checks (``check_step``) run at the first ``checked`` positions, at every
    ``every``-th one after (0: never) and at the end; the game's invariants at every other
    position. The full checks cost hundreds of times a move, so a test of many positions
    spends them where a loaded position differs most from a played one: near its start."""
    varied: dict[int, bool] = {}
    for step in range(MAX_DECISIONS + 1):
        if step < checked or (every and step % every == 0) or state.is_terminal:
            check_step(state, rng, varied)
        else:
            state.check_invariants()
        if state.is_terminal:
            if not state.winners():
                raise ConformanceFailure("a finished game must have winners")
            return step
        legal = state.legal_action_ids()
        if not legal:
            raise ConformanceFailure(f"no legal action in a live position, step {step}")
        state.apply(legal[rng.below(len(legal))], player=state.current_player)
    raise ConformanceFailure(f"a loaded position did not end within {MAX_DECISIONS} decisions")


def refused_or_plays_out(
    game: Game, data: Mapping[str, Any] | str, rng: Rng, *, checked: int = 10, every: int = 0
) -> bool:
    """Load ``data``: False if it is refused (with a message), True once it has played to the
    end under the checks (``play_out``). Any other exception escapes: a test failure."""
    try:
        state = game.from_json(data)
    except InvalidStateError as exc:
        if not str(exc):
            raise ConformanceFailure("a refusal must say why") from None
        return False
    play_out(state, rng, checked=checked, every=every)
    return True
