"""A quick evaluation for greedy play: Prestige now plus what held things will likely score.

Only what ``player`` knows is used for themselves; opponents are valued from public counts
(their hidden items are re-sampled anyway in the worlds this is evaluated on).
"""

from __future__ import annotations

import math
from typing import Final

from courtly.core.state import State
from courtly.games.tudor.codes import M_DRAFT, M_PLACE_RING
from courtly.games.tudor.scoring import game_end_points
from courtly.games.tudor.state import TudorState

OFFICE_VALUE: Final = 3.0
RING_VALUE: Final = 1.5
CARD_VALUE: Final = 0.6
MARKER_VALUE: Final = 0.8
HEIGHT_VALUE: Final = 0.35


def heuristic(state: State, player: int) -> float:
    values = _values(state)
    best_other = -math.inf
    for q in range(len(values)):
        if q != player and values[q] > best_other:
            best_other = values[q]
    return values[player] - best_other


def search_evaluations(state: State) -> list[float]:
    """Every seat's value less the best other seat's, each seat's value computed once."""
    values = _values(state)
    n = len(values)
    # The best other seat is the best seat, except for the best seat itself (the first of
    # equal values; another one of them is then its best other, with the same value).
    top = 0
    for p in range(1, n):
        if values[p] > values[top]:
            top = p
    # The best of the others, the first of equal ones, as ``max`` finds it (a loop: compiled,
    # a generator is an object and a call per value).
    runner_up = -math.inf
    first = True
    for q in range(n):
        if q != top and (first or values[q] > runner_up):
            runner_up = values[q]
            first = False
    best = values[top]
    return [values[p] - (runner_up if p == top else best) for p in range(n)]


def _values(state: State) -> list[float]:
    """Each seat's Prestige now plus what it holds, weighed (the greedy policy asks for this
    for every candidate move of every modelled opponent, and the search for every leaf).

    Written for the compiled build: index loops (``zip`` and ``sum`` were Python calls and
    iterators), and each count made a float before it is weighed (a float times an int went
    through Python's generic multiplication). The same floats, added in the same order."""
    assert isinstance(state, TudorState)
    prestige = state.prestige
    if state.is_terminal:
        return [float(v) for v in prestige]
    n = state.num_players
    # The Courtiers' heights and the Offices of every seat in one pass over the board.
    heights = [0] * n
    occ = state.occ
    row_of = state.board.row_of
    for s in range(len(occ)):
        q = occ[s]
        if q >= 0:
            heights[q] += row_of[s]
    offices = [0] * n
    for q in state.office:
        if q >= 0:
            offices[q] += 1
    hand = state.hand
    rings = state.rings
    infl = state.infl
    intr = state.intr
    values = []
    for p in range(n):
        cards = 0
        for c in hand[p]:
            cards += c
        v = float(prestige[p])
        v += float(game_end_points(state, p))
        v += OFFICE_VALUE * float(offices[p])
        v += RING_VALUE * float(len(rings[p]))
        v += CARD_VALUE * float(cards)
        v += MARKER_VALUE * float(infl[p] + intr[p])
        v += HEIGHT_VALUE * float(heights[p])
        values.append(v)
    return values


def greedy_choices(state: State, legal: list[int]) -> list[int] | None:
    """The candidates the heuristic cannot tell apart without playing them, or None (the
    caller plays them out). A pick of the starting Ring draft only moves the draft along (the
    Rings reach fingers and hands later), so every pick scores the same for every seat. So
    does a finger for a drafted Ring during setup (round 0): the choices there are fingers
    only (no Ring is on a hand yet, so no rearranging), the heuristic counts a seat's Rings
    but never reads their fingers, and nothing before the next decision does either (the next
    seat's placing, or Court Cards dealt by the Rings' colours and Phase 1 or 3 begun). Those
    placings were a third of the greedy decisions of a search from the opening."""
    assert isinstance(state, TudorState)
    mode = state.mode
    if mode == M_DRAFT or (mode == M_PLACE_RING and state.round == 0):
        return legal[:]
    return None
