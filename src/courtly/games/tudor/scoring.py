"""Prestige: Scoring Cards, the Order of the Garter and the winner's tie-break chain."""

from __future__ import annotations

from typing import Any, Final

from courtly.games.tudor.codes import M_OVER
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

# The Scoring Cards' points are asked for every seat of every position the greedy policy and
# the search weigh (a third of Tudor's search): plain loops, not ``sum`` over a generator.


def focused_points(tokens: list[int]) -> int:
    """Politically Focused: sets of one type; 7 make a full set, the extra starts a new one."""
    total = 0
    for n in tokens:
        total += (n // MAX_SET) * SET_POINTS[MAX_SET] + SET_POINTS[n % MAX_SET]
    return total


def flexible_points(tokens: list[int]) -> int:
    """Politically Flexible: sets of different types, as many sets as you can make."""
    most = max(tokens) if tokens else 0
    total = 0
    for j in range(most):
        size = 0
        for n in tokens:
            if n > j:
                size += 1
        total += SET_POINTS[size]
    return total


def essentials_points(tokens: list[int]) -> int:
    total = 0
    for n, v in zip(tokens, ESSENTIALS_VALUES, strict=True):
        total += n * v
    return total


def card_end_points(st: TudorState, p: int, card: int) -> int:
    """What Scoring Card ``card`` gives seat ``p`` at game end (0 for the in-play cards)."""
    if card == FOCUSED:
        return focused_points(st.ctok[p])
    if card == FLEXIBLE:
        return flexible_points(st.ctok[p])
    if card == ESSENTIALS:
        return essentials_points(st.ctok[p])
    if card == DIPLOMATIC:
        return AMBASSADOR_POINTS * st.amb[p]
    return 0


def game_end_points(st: TudorState, p: int) -> int:
    total = 0
    for card in st.params.scoring:
        total += card_end_points(st, p, card)
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
    b = st.board
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
    for card in st.params.scoring:
        if card == CROWDED:
            for col in range(st.board.columns):
                q = crowded_winner(st, col)
                if q >= 0:
                    st.prestige[q] += CROWDED_POINTS


def end_of_game(st: TudorState) -> None:
    n = st.num_players
    for p in range(n):
        st.prestige[p] += game_end_points(st, p)
    table = st.board.layout.garter_points
    for p, pts in enumerate(garter_points(garter_totals(st), table)):
        st.prestige[p] += pts


def tie_break_key(st: TudorState, p: int) -> tuple[int, int, int, int]:
    return (st.prestige[p], sum(st.hand[p]), markers_held(st, p), len(st.rings[p]))


def winners(st: TudorState) -> list[int]:
    keys = [tie_break_key(st, p) for p in range(st.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


# Score breakdown ids: a category per end-game Scoring Card, and the tie-breaks in order.
CARD_CATEGORY: Final = {FOCUSED: "focused", FLEXIBLE: "flexible", ESSENTIALS: "essentials"}
CARD_CATEGORY[DIPLOMATIC] = "ambassadors"
TIE_BREAKS: Final = ("court_cards", "round_tokens", "rings")


def decided_by(st: TudorState) -> str | None:
    """The tie-break that settled the win (None: Prestige alone; "shared" if all tied)."""
    keys = [tie_break_key(st, p) for p in range(st.num_players)]
    level: list[tuple[int, ...]] = [k[:1] for k in keys]
    if level.count(max(level)) == 1:
        return None
    for depth, name in enumerate(TIE_BREAKS, start=2):
        level = [k[:depth] for k in keys]
        if level.count(max(level)) == 1:
            return name
    return "shared"


def score_breakdown(st: TudorState) -> dict[str, Any]:
    """Prestige per seat by where it came from: ``in_play`` (during the Rounds: Crowded Court,
    The Quest For Power), each end-game Scoring Card in play, and the Order of the Garter."""
    cards = [card for card in st.params.scoring if card in CARD_CATEGORY]
    categories = ["in_play", *(CARD_CATEGORY[card] for card in cards), "garter"]
    over = st.mode == M_OVER
    garter = garter_points(garter_totals(st), st.board.layout.garter_points)
    seats = []
    for p in range(st.num_players):
        entry = dict.fromkeys(categories, 0)
        if over:
            for card in cards:
                entry[CARD_CATEGORY[card]] += card_end_points(st, p, card)
            entry["garter"] = garter[p]
        entry["in_play"] = st.prestige[p] - sum(entry.values())
        entry["total"] = st.prestige[p]
        seats.append(entry)
    return {
        "categories": categories,
        "seats": seats,
        "decided_by": decided_by(st) if over else None,
        "end": "last_round" if over else None,
    }
