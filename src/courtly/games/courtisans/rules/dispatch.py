"""One explicit dispatch: which rule answers each phase, and what follows a decision.

A position is in one phase (``CourtisansState.phase_name``): a card to play (C3.2), an
Assassin's kill to decide (C5.3), or the game over, which offers nothing. :func:`legal_ids`
lists a phase's choices, :func:`apply_choice` plays one, then :func:`advance` ends the turn
once it is complete. Each is a chain of tests on the phase, not a table of functions (as For
the King's): compiled, a rule is then called directly, where a call through a table looked the
table up in the module's dictionary, the phase's name in the table, and went through Python's
calling convention, twice a decision (a random playout measured a quarter slower).
"""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.courtisans.codes import ALL_AREAS, NO_SEAT, spare_id

# The rules by name, not through their modules: interpreted, a module's attribute is one more
# lookup a call, and these are called at every decision.
from courtly.games.courtisans.rules.assassins import eliminate_apply, kill_legal, spare_apply
from courtly.games.courtisans.rules.placing import play_apply, play_legal
from courtly.games.courtisans.rules.turn import end_turn
from courtly.games.courtisans.state import CourtisansState


def legal_ids(state: CourtisansState) -> list[int]:
    """The phase's choices: none once the game is over, the kill's while an Assassin waits
    for it (``pending``, C5.3), else the cards to play (C3.2)."""
    if state.current == NO_SEAT:
        return []
    if state.pending >= 0:
        return kill_legal(state)
    return play_legal(state)


def apply_choice(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    """The rule that plays a choice of the phase (the decision alone: what follows is
    :func:`advance`). In the kill's phase the one id that is no target's spares them all."""
    if state.pending < 0:
        play_apply(state, action_id, events)
    elif action_id == spare_id(state.num_players):
        spare_apply(state, action_id, events)
    else:
        eliminate_apply(state, action_id, events)


def advance(state: CourtisansState, events: list[Event] | None) -> None:
    """After a decision: once the turn's three areas are used and no Assassin's kill is
    pending, the turn ends (C3.3): the draw, then the next seat or the end of the game."""
    if state.used == ALL_AREAS and state.pending < 0:
        end_turn(state, events)
