"""The bots' quick evaluation of a position (greedy play and search cut-offs)."""

from __future__ import annotations

from typing import Final

from courtly.core.state import State, best_after
from courtly.games.kingdoms.codes import (
    K_SELECT,
    PH_OVER,
    T_HARVEST,
    T_HONOUR_TAKE,
    T_INVADE,
    T_INVENTION_TAKE,
    T_INVESTMENT_TAKE,
    T_ORACLE,
    T_PLEDGE,
    T_REAP_TAKE,
)
from courtly.games.kingdoms.data import NUM_CARDS, VALUE
from courtly.games.kingdoms.state import KingdomsState

# Follow-ups whose choice puts a card into the deciding player's Glory: a one-step lookahead
# would otherwise only see the cost paid to start them (an outcast) and never begin one.
GLORY_FOLLOW_UPS: Final = frozenset(
    {
        T_HARVEST,
        T_HONOUR_TAKE,
        T_INVADE,
        T_INVENTION_TAKE,
        T_INVESTMENT_TAKE,
        T_ORACLE,
        T_PLEDGE,
        T_REAP_TAKE,
    }
)


def _pending_glory(state: KingdomsState, player: int) -> float:
    """The best Glory value a pending follow-up of ``player`` is about to bring."""
    if not state.stack:
        return 0.0
    kind, owner = state.stack[-1][0], state.stack[-1][1]
    if owner != player or kind not in GLORY_FOLLOW_UPS:
        return 0.0
    best = 0
    for aid in state.legal_action_ids():
        card = aid - K_SELECT
        if 0 <= card < NUM_CARDS:
            best = max(best, VALUE[card])
    return float(best)


def heuristic(state: KingdomsState, player: int) -> float:
    """Glory total difference, plus a little for material that can become Glory.

    Called for every candidate move of every greedy rollout step: the sums are written out
    (the same arithmetic as ``scores()`` and ``subjects()``, without the lists they build)."""
    glory = state.glory
    diff = float(_value(glory[player])) - float(_value(glory[1 - player]))
    if state.phase == PH_OVER:
        return 1000.0 * ((diff > 0) - (diff < 0)) + diff
    value = diff + _pending_glory(state, player)
    for q, sign in ((player, 1.0), (1 - player, -1.0)):
        r0, r1, r2 = state.rows[q]
        pop = _value(r0) + _value(r1) + _value(r2)
        court = 3 - state.court[q].count(-1)
        value += sign * (0.25 * pop + 0.5 * court + 0.2 * len(state.hand[q]))
    return value


def _value(cards: list[int]) -> int:
    """The summed values of ``cards``: a loop, which beats ``sum`` of a list built for it both
    interpreted (no comprehension's frame) and compiled (no list)."""
    total = 0
    for c in cards:
        total += VALUE[c]
    return total


def greedy_choices(
    state: KingdomsState, legal: list[int], player: int, afters: list[State] | None = None
) -> list[int]:
    """``Game.greedy_choices`` (the candidates the heuristic rates best, in ``legal``'s order)
    calling :func:`heuristic` itself, without the game's checked wrapper per candidate."""

    def score(after: State) -> float:
        assert isinstance(after, KingdomsState)
        return heuristic(after, player)

    return best_after(state, legal, score, afters)
