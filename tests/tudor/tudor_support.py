"""Helpers for building exact Tudor positions in tests (every change keeps the invariants)."""

from __future__ import annotations

from typing import Any

from courtly.core.events import Event
from courtly.games.tudor import GAME
from courtly.games.tudor.codes import (
    FIG_NONE,
    M_TURN,
)
from courtly.games.tudor.data import FACTION_INDEX, FINGERS
from courtly.games.tudor.state import TudorState


def new(n: int = 3, seed: int = 1, **options: Any) -> TudorState:
    st = GAME.new_game(n, seed=seed, options=options)
    assert isinstance(st, TudorState)
    return st


def turn_state(n: int = 3, seed: int = 1, **options: Any) -> TudorState:
    """Round 1, Phase 4, seat 0 to play, no figure placed anywhere, no Rings, no cards."""
    st = new(n, seed, **options)
    st.round = 1
    st.mode = M_TURN
    st.turn_player = st.cur = 0
    st.fig = FIG_NONE
    st.drafted = []
    st.to_place = [0] * n
    st.check_invariants()
    return st


def sp(st: TudorState, label: str) -> int:
    col, row = (int(x) for x in label.split("-"))
    return st.board.space(col - 1, row)


def put_token(st: TudorState, label: str, faction: str | None) -> None:
    """Set the Court Token on a space, trading with the bag (None: the space is left empty)."""
    s = sp(st, label)
    old = st.tok[s]
    if old >= 0:
        st.bag.insert(0, old)
    st.tok[s] = -1
    if faction is not None:
        f = FACTION_INDEX[faction]
        st.bag.remove(f)
        st.tok[s] = f


def put_marker(st: TudorState, label: str, marker: int) -> None:
    """Set a space's marker (0 none, 1 Influence, 2 Intrigue), trading with the box."""
    s = sp(st, label)
    old = st.mark[s]
    if old:
        st.removed_marks[old] += 1
    st.mark[s] = 0
    if marker:
        if st.removed_marks[marker] == 0:
            for t in range(st.board.size):  # borrow one from an unused space far away
                if st.mark[t] == marker and t != s:
                    st.mark[t] = 0
                    break
        else:
            st.removed_marks[marker] -= 1
        st.mark[s] = marker


def clear_markers(st: TudorState) -> None:
    for s in range(st.board.size):
        if st.mark[s]:
            st.removed_marks[st.mark[s]] += 1
            st.mark[s] = 0


def give_cards(st: TudorState, p: int, **cards: int) -> None:
    for name, k in cards.items():
        f = FACTION_INDEX[name]
        st.supply[f] -= k
        st.hand[p][f] += k


def give_tokens(st: TudorState, p: int, **tokens: int) -> None:
    for name, k in tokens.items():
        f = FACTION_INDEX[name]
        for _ in range(k):
            st.bag.remove(f)
        st.ctok[p][f] += k


def give_ring(st: TudorState, p: int, finger: str, faction: str) -> None:
    f = FACTION_INDEX[faction]
    st.stand[f] -= 1
    st.rings[p].append(FINGERS.index(finger) * 8 + f)
    st.rings[p].sort()


def place(st: TudorState, p: int, label: str) -> None:
    """A Courtier from supply onto a space; as if it had arrived, the space has no token."""
    s = sp(st, label)
    st.csup[p] -= 1
    st.occ[s] = p
    if st.tok[s] >= 0:
        st.bag.insert(0, st.tok[s])
        st.tok[s] = -1
    if st.mark[s]:
        st.removed_marks[st.mark[s]] += 1
        st.mark[s] = 0


def seat_chair(st: TudorState, ch: int, p: int) -> None:
    row = st.chairs[ch]
    row[row.index(-1)] = p
    st.csup[p] -= 1


def office(st: TudorState, p: int, col: int) -> None:
    st.csup[p] -= 1
    st.office[col - 1] = p


def play(st: TudorState, kind: str, **args: Any) -> list[Event]:
    events = st.apply({"kind": kind, **args})
    st.check_invariants()
    return events


def legal(st: TudorState) -> list[dict[str, Any]]:
    return [a.to_json() for a in st.legal_actions()]


def kinds(st: TudorState) -> set[str]:
    return {a.kind for a in st.legal_actions()}


def has(st: TudorState, kind: str, **args: Any) -> bool:
    return {"kind": kind, **args} in legal(st)


def hand(st: TudorState, p: int) -> dict[str, int]:
    return {name: st.hand[p][f] for name, f in FACTION_INDEX.items() if st.hand[p][f]}


def tokens(st: TudorState, p: int) -> dict[str, int]:
    return {name: st.ctok[p][f] for name, f in FACTION_INDEX.items() if st.ctok[p][f]}


def markers_to(st: TudorState, p: int, influence: int = 0, intrigue: int = 0) -> None:
    """Move round tokens from the board (or the box) behind ``p``'s screen."""
    for kind, k in ((1, influence), (2, intrigue)):
        for _ in range(k):
            on_board = [s for s in range(st.board.size) if st.mark[s] == kind]
            if on_board:
                st.mark[on_board[0]] = 0
            else:
                st.removed_marks[kind] -= 1
            if kind == 1:
                st.infl[p] += 1
            else:
                st.intr[p] += 1


def ring_exchange_begun() -> TudorState:
    """T10.8's example: Yellow (seat 1) has begun Exploiting Connections, handing over its
    brown Ring (little finger); Blue (seat 2) wears a yellow Ring on its fourth finger."""
    st = turn_state(3, scenario=4)
    give_ring(st, 0, "little", "brown")
    give_ring(st, 1, "ring", "yellow")
    markers_to(st, 0, influence=1, intrigue=1)
    play(st, "scenario", side="left")
    play(st, "hand_ring", finger="little", ring="brown")
    return st
