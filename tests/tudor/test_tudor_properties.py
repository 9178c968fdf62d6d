"""Property tests: scoring tables and random play keep every count right."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.core.rng import Rng
from courtly.games.tudor import GAME
from courtly.games.tudor.scoring import flexible_points, focused_points, garter_points

counts = st.lists(st.integers(min_value=0, max_value=20), min_size=7, max_size=7)


@given(counts)
def test_focused_is_per_type_and_grows(tokens: list[int]) -> None:
    total = focused_points(tokens)
    assert total == sum(focused_points([n, 0, 0, 0, 0, 0, 0]) for n in tokens)
    for f in range(7):
        more = list(tokens)
        more[f] += 1
        assert focused_points(more) > total


@given(counts)
def test_flexible_matches_greedy_set_building(tokens: list[int]) -> None:
    left = list(tokens)
    expected = 0
    while any(left):
        size = sum(1 for n in left if n)
        expected += size * (size + 1) // 2
        left = [max(0, n - 1) for n in left]
    assert flexible_points(tokens) == expected


@given(st.lists(st.integers(min_value=0, max_value=12), min_size=2, max_size=4))
def test_garter_ties_share_and_order_is_kept(totals: list[int]) -> None:
    table = {2: (5, 0), 3: (5, 2, 0), 4: (5, 3, 1, 0)}[len(totals)]
    points = garter_points(totals, table)
    for i, a in enumerate(totals):
        for j, b in enumerate(totals):
            if a == b:
                assert points[i] == points[j]
            if a > b:
                assert points[i] >= points[j]
    assert max(points) == 5


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=10**6))
def test_random_playouts_keep_invariants(n: int, seed: int) -> None:
    state = GAME.new_game(n, seed=seed, options={"setup": "random"})
    rng = Rng(seed)
    while not state.is_terminal:
        ids = state.legal_action_ids()
        assert ids
        state.step(ids[rng.below(len(ids))])
        state.check_invariants()
    assert state.winners()
