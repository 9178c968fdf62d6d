"""A quick evaluation for greedy play: Prestige now plus what held things will likely score.

Only what ``player`` knows is used for themselves; opponents are valued from public counts
(their hidden items are re-sampled anyway in the worlds this is evaluated on).
"""

from __future__ import annotations

from courtly.core.state import State
from courtly.games.tudor.codes import M_DRAFT
from courtly.games.tudor.scoring import game_end_points
from courtly.games.tudor.state import TudorState

OFFICE_VALUE = 3.0
RING_VALUE = 1.5
CARD_VALUE = 0.6
MARKER_VALUE = 0.8
HEIGHT_VALUE = 0.35


def _value(st: TudorState, p: int, height: int) -> float:
    v = float(st.prestige[p])
    if not st.is_terminal:
        v += game_end_points(st, p)
        v += OFFICE_VALUE * st.office.count(p)
        v += RING_VALUE * len(st.rings[p])
        v += CARD_VALUE * sum(st.hand[p])
        v += MARKER_VALUE * (st.infl[p] + st.intr[p])
        v += HEIGHT_VALUE * height
    return v


def heuristic(state: State, player: int) -> float:
    return heuristics(state)[player]


def heuristics(state: State) -> list[float]:
    """Every seat's value less the best other seat's, each seat's value computed once."""
    assert isinstance(state, TudorState)
    # The Courtiers' heights of every seat in one pass over the board (the greedy policy asks
    # for this for every candidate move of every modelled opponent).
    heights = [0] * state.num_players
    row = state.b.row_of
    for s, q in enumerate(state.occ):
        if q >= 0:
            heights[q] += row[s]
    values = [_value(state, p, heights[p]) for p in range(state.num_players)]
    return [
        values[p] - max(v for q, v in enumerate(values) if q != p) for p in range(state.num_players)
    ]


def greedy_choices(state: State, legal: list[int]) -> list[int] | None:
    """The candidates the heuristic cannot tell apart without playing them, or None (the
    caller plays them out). A pick of the starting Ring draft only moves the draft along (the
    Rings reach fingers and hands later), so every pick scores the same for every seat."""
    assert isinstance(state, TudorState)
    return legal[:] if state.mode == M_DRAFT else None
