"""When the game's own flow shows a seat something (``State.reveal``), beyond the cards that
leave the Draw pile or are shown (marked where they move).

Ruling R22 plays every decision that has a single answer. Whether a menu holds one answer can
depend on cards the other seat cannot see (the Numbers in a hand, say), so the flow itself then
tells that seat something: a menu played for its seat shows the card it chose, and a menu that
waits shows that there was more than one answer. A menu whose size follows from what both see
(a hand's size, the Army's size, the rows) tells nothing by waiting.
"""

from __future__ import annotations

from typing import Final

from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms.codes import (
    PH_ACTION,
    PH_DUEL,
    PH_INAUG,
    PH_POP,
    T_BATTLE_DEFEND,
    T_CULTIVATE,
    T_EPIPHANY,
    T_EPIPHANY_CARD,
    T_FORCED_PICK,
    T_POLITY_LEAD,
    T_POLITY_RESPOND,
    T_POP_CARD,
    T_SEDITION,
    T_TREASURER,
    USED_PLACED,
)
from courtly.games.kingdoms.data import NUM_CARDS
from courtly.games.kingdoms.state import KingdomsState

# Menus whose size follows from cards hidden from the other seat (the Numbers or Royals in a
# hand): whether they wait or are played, the other seat learns something.
SIZE_HIDDEN_PHASES: Final = frozenset({PH_DUEL, PH_INAUG})
SIZE_HIDDEN_TASKS: Final = frozenset(
    {T_POP_CARD, T_FORCED_PICK, T_POLITY_LEAD, T_POLITY_RESPOND, T_EPIPHANY, T_EPIPHANY_CARD}
)
# Menus of a public size that name hidden cards (a hand, the Army): played for their seat, they
# show the card chosen.
CARD_TASKS: Final = SIZE_HIDDEN_TASKS | {T_SEDITION, T_TREASURER, T_CULTIVATE, T_BATTLE_DEFEND}
# The two open menus (Action, Population) have choices of both kinds: they tell nothing while
# two of their choices are there whatever the hidden cards.


def menu_shows(s: KingdomsState, ids: list[int]) -> bool:
    """Whether weighing the menu ``ids`` of the decision at hand (to play it when it holds a
    single answer) tells the other seat something. Asked at every decision, so cheap."""
    stack = s.stack
    if stack:
        kind = stack[-1][0]
        return kind in SIZE_HIDDEN_TASKS or (len(ids) == 1 and kind in CARD_TASKS)
    phase = s.phase
    if phase in (PH_ACTION, PH_POP):
        return not _two_surely_offered(s, ids)
    return phase in SIZE_HIDDEN_PHASES


def _two_surely_offered(s: KingdomsState, ids: list[int]) -> bool:
    """Whether two choices of an Action or Population menu are there whatever the hand holds
    (one naming an Army card counts: the Army's size is public). Read from the end, where
    both menus list their open choices (Done, the abilities, the Army cards)."""
    p = s.turn
    hand = s.hand[p]
    population = s.phase == PH_POP
    count = 0
    for aid in reversed(ids):
        if aid < A.ROW:  # names a card: sure unless it is in the hand
            sure = aid % NUM_CARDS not in hand
        elif not population:
            sure = True
        elif aid == A.DONE:
            # Done is withheld while the hand holds a Number, unless a card was placed
            # already or no space is left.
            sure = bool(s.used & USED_PLACED) or not s.has_space(p)
        else:  # the rows and the Army are offered only while the hand holds a Number
            sure = not (aid < A.ROW + 3 or aid == A.ARMY)
        if sure:
            count += 1
            if count == 2:
                return True
    return False
