"""Setup, the starting Ring draft, and the phases around the turns (1-3 and 5), game end."""

from __future__ import annotations

from courtly.games.tudor import scoring
from courtly.games.tudor.codes import (
    ACT_NONE,
    ACT_NOVICE,
    FIG_NONE,
    M_ASSIGN,
    M_LORD,
    M_OVER,
    M_PLACE_RING,
    M_TURN,
    M_VICTIM,
)
from courtly.games.tudor.data import (
    LORDS_PER_CHAMBER,
    SCENARIO_CARDS,
)
from courtly.games.tudor.state import TudorState

# --- starting Ring draft ----------------------------------------------------------------


def draft_seat(st: TudorState) -> int:
    """Snake order: clockwise from the start player, then back; the start player picks last."""
    n = st.num_players
    i = st.draft_pos
    k = i if i < n else 2 * n - 1 - i
    return (st.start + k) % n


def draft(st: TudorState, f: int) -> None:
    st.stand[f] -= 1
    st.drafted.append(st.cur * 8 + f)
    st.draft_pos += 1
    if st.draft_pos < 2 * st.num_players:
        st.cur = draft_seat(st)
        return
    start_finger_choice(st, st.start)


def start_finger_choice(st: TudorState, p: int) -> None:
    st.pend = sorted(code & 7 for code in st.drafted if code >> 3 == p)
    st.drafted = [code for code in st.drafted if code >> 3 != p]
    st.pend_rearrange = 0
    st.cur = p
    st.mode = M_PLACE_RING


def setup_rings_placed(st: TudorState) -> None:
    """After one player's two Rings are on fingers: next player, or deal the Court Cards."""
    if st.drafted:
        start_finger_choice(st, (st.cur + 1) % st.num_players)
        return
    for p in range(st.num_players):
        for code in st.rings[p]:
            f = code & 7
            st.supply[f] -= 1
            st.hand[p][f] += 1
    st.round = 1
    begin_round(st)


# --- Phase 1: Chamber Assignment -------------------------------------------------------------


def courtiers_this_round(st: TudorState) -> int:
    card = SCENARIO_CARDS[st.params.scenario]
    return card.first_round_courtiers if st.round == 1 else card.later_round_courtiers


def begin_round(st: TudorState) -> None:
    if st.params.novice and st.round == 2 and st.act != ACT_NOVICE:
        # Novice option: the enhancements start now, so everyone may rearrange first.
        st.act = ACT_NOVICE
        st.counter = 0
        novice_next(st)
        return
    st.act = ACT_NONE
    k = courtiers_this_round(st)
    st.to_place = [k] * st.num_players
    st.cur = st.start
    if k:
        st.mode = M_ASSIGN
    else:
        chamber_entry(st)


def novice_next(st: TudorState) -> None:
    """The next new player (from the start player) who may rearrange their Rings, or Phase 1.

    ``counter`` counts the players asked so far (Ring placing does not use it)."""
    n = st.num_players
    while st.counter < n:
        q = (st.start + st.counter) % n
        st.counter += 1
        if st.rings[q] and q in st.params.novice_seats:
            st.mode = M_VICTIM
            st.cur = q
            return
    st.counter = -1
    begin_round(st)


def assigned(st: TudorState) -> None:
    """One placement done (or forgone): the next player clockwise who still places."""
    n = st.num_players
    for i in range(1, n + 1):
        q = (st.cur + i) % n
        if st.to_place[q] > 0:
            st.cur = q
            return
    chamber_entry(st)


def bench_room(st: TudorState, ch: int) -> bool:
    return len(st.bench[ch]) < st.board.layout.bench_limit


# --- Phase 2: Chamber Entry ----------------------------------------------------------------


def seat_courtier(st: TudorState, ch: int, p: int) -> None:
    """Top-most empty chair; if none, everyone moves up and the top one goes home."""
    row = st.chairs[ch]
    for i in range(len(row)):
        if row[i] < 0:
            row[i] = p
            return
    st.csup[row[0]] += 1
    del row[0]
    row.append(p)
    acted = st.acted[ch]
    del acted[0]
    acted.append(0)


def chamber_entry(st: TudorState) -> None:
    for ch in range(3):
        for p in st.bench[ch]:
            seat_courtier(st, ch, p)
        st.bench[ch] = []
    st.cur = st.start
    st.mode = M_LORD


# --- Phase 3: Lord Placement ---------------------------------------------------------------


def lord_room(st: TudorState, ch: int) -> bool:
    return st.lords.count(ch) < LORDS_PER_CHAMBER


def lord_placed(st: TudorState) -> None:
    nxt = (st.cur + 1) % st.num_players
    if nxt != st.start:
        st.cur = nxt
        return
    for ch in range(3):
        if ch not in st.lords:
            # No Lord: these Courtiers go behind their chairs and take no action.
            acted = st.acted[ch]
            row = st.chairs[ch]
            for i in range(len(row)):
                if row[i] >= 0:
                    acted[i] = 1
    begin_actions(st)


# --- Phase 4 bookkeeping ---------------------------------------------------------------------


def any_figures(st: TudorState) -> bool:
    return any(st.has_figure(p) for p in range(st.num_players))


def begin_actions(st: TudorState) -> None:
    st.turn_player = st.start
    st.fig = FIG_NONE
    st.lord_actions_left = 0
    if not any_figures(st):
        end_round(st)
        return
    st.mode = M_TURN
    st.cur = st.turn_player


def end_turn(st: TudorState) -> None:
    st.turn_player = (st.turn_player + 1) % st.num_players
    st.scen_used = 0
    st.fig = FIG_NONE
    st.lord_actions_left = 0
    st.figure_chamber = -1
    if st.turn_player == st.start and not any_figures(st):
        end_round(st)
        return
    st.mode = M_TURN
    st.cur = st.turn_player


# --- Phase 5 and game end --------------------------------------------------------------------


def end_round(st: TudorState) -> None:
    n = st.num_players
    st.lords = [-1] * n
    st.lord_acted = [0] * n
    for ch in range(3):
        st.acted[ch] = [0] * len(st.acted[ch])
    if st.round < st.rounds or st.params.last_round_scoring:
        scoring.end_of_round(st)
    for p in range(n):
        spent = st.spent[p]
        for f in range(7):
            st.removed_tok[f] += spent[f]
            spent[f] = 0
    st.bonus_used = [0] * n
    if st.round >= st.rounds:
        scoring.end_of_game(st)
        st.mode = M_OVER
        st.cur = -1
        return
    st.round += 1
    st.start = (st.start + 1) % n
    begin_round(st)
