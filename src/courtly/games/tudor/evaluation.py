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
    for q, v in enumerate(values):
        if q != player and v > best_other:
            best_other = v
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
    runner_up = max(v for q, v in enumerate(values) if q != top)
    return [values[p] - (runner_up if p == top else values[top]) for p in range(n)]


def _values(state: State) -> list[float]:
    """Each seat's Prestige now plus what it holds, weighed (the greedy policy asks for this
    for every candidate move of every modelled opponent, and the search for every leaf)."""
    assert isinstance(state, TudorState)
    if state.is_terminal:
        return [float(v) for v in state.prestige]
    n = state.num_players
    # The Courtiers' heights of every seat in one pass over the board.
    heights = [0] * n
    for q, r in zip(state.occ, state.board.row_of, strict=True):
        if q >= 0:
            heights[q] += r
    office = state.office
    values = []
    for p in range(n):
        v = float(state.prestige[p])
        v += game_end_points(state, p)
        v += OFFICE_VALUE * office.count(p)
        v += RING_VALUE * len(state.rings[p])
        v += CARD_VALUE * sum(state.hand[p])
        v += MARKER_VALUE * (state.infl[p] + state.intr[p])
        v += HEIGHT_VALUE * heights[p]
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
