"""One explicit dispatch: which rule answers each phase, and what follows a decision.

A position is in one phase (``CourtisansState.phase_name``): a card to play (C3.2), an
Assassin's kill to decide (C5.3), or the game over, which offers nothing. A phase's menu is
``PHASE_LEGAL``, a choice of it is played by ``PHASE_APPLY``, then :func:`advance` ends the turn
once it is complete. The tables are written here, where they are read, indexed by the phase ids
of ``codes``.
"""

from __future__ import annotations

from collections.abc import Callable

from courtly.core.events import Event
from courtly.games.courtisans.actions import ACTION_KINDS
from courtly.games.courtisans.codes import ALL_AREAS, PHASE_ELIMINATE, PHASE_PLAY
from courtly.games.courtisans.rules import assassins, placing, turn
from courtly.games.courtisans.state import CourtisansState

LegalFn = Callable[[CourtisansState], list[int]]
ApplyFn = Callable[[CourtisansState, int, "list[Event] | None"], None]

# The kill decision's two kinds of action (an id's kind: ``actions.ACTION_KINDS``) -> its rule.
KILL_APPLY: dict[str, ApplyFn] = {
    "eliminate": assassins.eliminate_apply,
    "spare": assassins.spare_apply,
}


def kill_apply(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    KILL_APPLY[ACTION_KINDS[state.num_players][action_id]](state, action_id, events)


# Phase -> its menu, and the rule that plays a choice of it.
PHASE_LEGAL: dict[str, LegalFn] = {
    PHASE_PLAY: placing.play_legal,
    PHASE_ELIMINATE: assassins.kill_legal,
}
PHASE_APPLY: dict[str, ApplyFn] = {
    PHASE_PLAY: placing.play_apply,
    PHASE_ELIMINATE: kill_apply,
}


def advance(state: CourtisansState, events: list[Event] | None) -> None:
    """After a decision: once the turn's three areas are used and no Assassin's kill is
    pending, the turn ends (C3.3): the draw, then the next seat or the end of the game."""
    if state.used == ALL_AREAS and state.pending < 0:
        turn.end_turn(state, events)
