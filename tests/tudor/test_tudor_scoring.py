"""Prestige (docs/games/tudor.md T11)."""

from __future__ import annotations

import pytest
from tudor_support import give_cards, give_tokens, turn_state

from courtly.games.tudor.codes import (
    M_OVER,
)
from courtly.games.tudor.scoring import focused_points, garter_points, winners


@pytest.mark.parametrize(
    ("count", "points"),
    [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28), (8, 29), (14, 56)],
)
def test_t11_1_politically_focused_table(count: int, points: int) -> None:
    """T11.1: 1 token = 1, 7 = 28, 8 = 28 + 1 = 29 (the rulebook's example)."""
    assert focused_points([count, 0, 0, 0, 0, 0, 0]) == points


def test_t11_1_focused_scores_each_type_separately() -> None:
    assert focused_points([2, 3, 0, 0, 0, 0, 1]) == 3 + 6 + 1


@pytest.mark.parametrize(
    ("totals", "table", "expected"),
    [
        ([4, 3, 2, 1], (5, 3, 1, 0), [5, 3, 1, 0]),
        ([4, 4, 2, 1], (5, 3, 1, 0), [5, 5, 1, 0]),  # tie for first: next rank not scored
        ([4, 2, 2, 1], (5, 3, 1, 0), [5, 3, 3, 0]),
        ([3, 3, 3, 3], (5, 3, 1, 0), [5, 5, 5, 5]),
        ([1, 5, 1], (5, 2, 0), [2, 5, 2]),
        ([2, 2], (5, 0), [5, 5]),
        ([2, 1], (5, 0), [5, 0]),
    ],
)
def test_t11_3_order_of_the_garter(
    totals: list[int], table: tuple[int, ...], expected: list[int]
) -> None:
    """T11.3: ranks by Influence + Intrigue + Court Cards; ties take the full rank points."""
    assert garter_points(totals, table) == expected


def test_t11_3_garter_counts_markers_and_cards_not_tokens_at_game_end() -> None:
    st = turn_state(3)
    give_cards(st, 0, red=2)
    st.infl[1] = 1
    st.mark[0] = 0
    give_tokens(st, 2, blue=7, red=1)
    st.mode = 5
    st.round = st.rounds
    st.fig = 3
    st.turn_player = st.cur = 2
    st.start = 0
    st.apply({"kind": "end_turn"})
    assert st.mode == M_OVER
    # Seat 0: Garter 5. Seat 1: Garter 2. Seat 2: tokens 28 + 1 = 29, Garter 0.
    assert st.prestige == [5, 2, 29]
    assert winners(st) == [2]


def test_t11_4_tie_break_chain() -> None:
    """T11.4: Prestige, then Court Cards, then Influence/Intrigue, then Rings, else shared."""
    st = turn_state(3)
    st.mode = M_OVER
    st.prestige = [10, 10, 9]
    give_cards(st, 0, red=1)
    give_cards(st, 1, red=1)
    assert winners(st) == [0, 1]
    st.infl[1] = 1
    st.removed_marks[1] -= 1 if st.removed_marks[1] else 0
    assert winners(st) == [1]
    st.infl[0] = 1
    assert winners(st) == [0, 1]
    st.rings[0] = [0]
    assert winners(st) == [0]


def test_score_breakdown_by_scoring_card_garter_and_prestige_in_play() -> None:
    """The breakdown (docs/kernel.md): Prestige gained during the Rounds (here The Quest For
    Power, 4), each end-game Scoring Card in play (Politically Focused) and the Garter, then
    the tie-break that decided (T11.4) and why the game ended."""
    st = turn_state(3, scoring="1,4")
    st.prestige[1] = 4  # an Office taken under The Quest For Power
    give_tokens(st, 1, red=2)
    give_tokens(st, 2, blue=1)
    give_cards(st, 0, green=2)
    give_cards(st, 1, green=1)
    before = st.score_breakdown()
    assert before["end"] is None and before["decided_by"] is None
    assert before["categories"] == ["in_play", "focused", "garter"]
    assert [s["in_play"] for s in before["seats"]] == [0, 4, 0]
    st.round = st.rounds
    for q in range(3):
        st.lords[q] = -1
    st.turn_player = st.cur = 2
    st.start = 0
    st.apply({"kind": "end_turn"})
    assert st.mode == M_OVER
    out = st.score_breakdown()
    # Garter (3 players: 5/2/0) by cards + round tokens: seat 0 has 2, seat 1 has 1, seat 2 none.
    assert out["seats"] == [
        {"in_play": 0, "focused": 0, "garter": 5, "total": 5},
        {"in_play": 4, "focused": 3, "garter": 2, "total": 9},
        {"in_play": 0, "focused": 1, "garter": 0, "total": 1},
    ]
    assert out["decided_by"] is None and out["end"] == "last_round"


@pytest.mark.parametrize(
    ("cards", "markers", "rings", "decided"),
    [
        ((1, 0), (0, 0), (0, 0), "court_cards"),
        ((1, 1), (1, 0), (0, 0), "round_tokens"),
        ((1, 1), (1, 1), (1, 0), "rings"),
        ((1, 1), (1, 1), (1, 1), "shared"),
    ],
)
def test_score_breakdown_names_the_tie_break_that_decided(
    cards: tuple[int, int], markers: tuple[int, int], rings: tuple[int, int], decided: str
) -> None:
    st = turn_state(2)
    st.mode = M_OVER
    st.prestige = [10, 10]
    for p in range(2):
        if cards[p]:
            give_cards(st, p, red=cards[p])
        st.infl[p] = markers[p]
        st.rings[p] = list(range(rings[p]))
    assert st.score_breakdown()["decided_by"] == decided
    st.prestige = [11, 10]
    assert st.score_breakdown()["decided_by"] is None
