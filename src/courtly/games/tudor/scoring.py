"""Prestige: Scoring Cards, the Order of the Garter and the winner's tie-break chain."""

from __future__ import annotations

from courtly.games.tudor.data import (
    AMBASSADOR_POINTS,
    CROWDED,
    CROWDED_POINTS,
    DIPLOMATIC,
    ESSENTIALS,
    ESSENTIALS_VALUES,
    FLEXIBLE,
    FOCUSED,
    MAX_SET,
    SET_POINTS,
)
from courtly.games.tudor.state import TudorState


def focused_points(tokens: list[int]) -> int:
    """Politically Focused: sets of one type; 7 make a full set, the extra starts a new one."""
    return sum((n // MAX_SET) * SET_POINTS[MAX_SET] + SET_POINTS[n % MAX_SET] for n in tokens)


def flexible_points(tokens: list[int]) -> int:
    """Politically Flexible: sets of different types, as many sets as you can make."""
    most = max(tokens) if tokens else 0
    return sum(SET_POINTS[sum(1 for n in tokens if n > j)] for j in range(most))


def essentials_points(tokens: list[int]) -> int:
    return sum(n * v for n, v in zip(tokens, ESSENTIALS_VALUES, strict=True))


def game_end_points(st: TudorState, p: int) -> int:
    tokens = st.ctok[p]
    total = 0
    for card in st.setup.scoring:
        if card == FOCUSED:
            total += focused_points(tokens)
        elif card == FLEXIBLE:
            total += flexible_points(tokens)
        elif card == ESSENTIALS:
            total += essentials_points(tokens)
        elif card == DIPLOMATIC:
            total += AMBASSADOR_POINTS * st.amb[p]
    return total


def garter_totals(st: TudorState) -> list[int]:
    """Influence + Intrigue (+ Opportunity) Tokens + Court Cards still held (not Court Tokens)."""
    return [markers_held(st, p) + sum(st.hand[p]) for p in range(st.num_players)]


def markers_held(st: TudorState, p: int) -> int:
    return st.infl[p] + st.intr[p] + st.oppt[p]


def garter_points(totals: list[int], table: tuple[int, ...]) -> list[int]:
    """Tied players all score their rank's points and the next rank is skipped."""
    return [table[sum(1 for u in totals if u > t)] for t in totals]


def crowded_winner(st: TudorState, col: int) -> int:
    """Most Courtiers in the column (Office holder included); a tie goes to the tied player
    with the highest figure there (the Office counts highest); -1 if nobody."""
    b = st.b
    counts = [0] * st.num_players
    highest = [0] * st.num_players
    holder = st.office[col]
    if holder >= 0:
        counts[holder] += 1
        highest[holder] = b.heights[col] + 1
    for s in range(b.size):
        q = st.occ[s]
        if q >= 0 and b.col_of[s] == col:
            counts[q] += 1
            highest[q] = max(highest[q], b.row_of[s])
    best = max(counts)
    if best == 0:
        return -1
    tied = [q for q in range(st.num_players) if counts[q] == best]
    return max(tied, key=lambda q: highest[q])


def end_of_round(st: TudorState) -> None:
    """End of Round Prestige: Crowded Court, once per Green card (the last Round too)."""
    for card in st.setup.scoring:
        if card == CROWDED:
            for col in range(st.b.columns):
                q = crowded_winner(st, col)
                if q >= 0:
                    st.prestige[q] += CROWDED_POINTS


def end_of_game(st: TudorState) -> None:
    n = st.num_players
    for p in range(n):
        st.prestige[p] += game_end_points(st, p)
    table = st.b.layout.garter_points
    for p, pts in enumerate(garter_points(garter_totals(st), table)):
        st.prestige[p] += pts


def tie_break_key(st: TudorState, p: int) -> tuple[int, int, int, int]:
    return (st.prestige[p], sum(st.hand[p]), markers_held(st, p), len(st.rings[p]))


def winners(st: TudorState) -> list[int]:
    keys = [tie_break_key(st, p) for p in range(st.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
