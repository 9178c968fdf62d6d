"""Setup by player count and the starting Ring draft (docs/games/tudor.md T1)."""

from __future__ import annotations

import pytest
from tudor_support import kinds, new, play

from courtly.core.errors import IllegalActionError
from courtly.games.tudor.codes import (
    M_ASSIGN,
    M_PLACE_RING,
)


@pytest.mark.parametrize(
    ("n", "spaces", "columns", "chairs", "bench", "rings", "tokens"),
    [(2, 28, 4, 3, 2, 2, 126), (3, 36, 6, 4, 3, 2, 140), (4, 36, 6, 5, 4, 3, 140)],
)
def test_t1_1_board_and_components_by_player_count(
    n: int, spaces: int, columns: int, chairs: int, bench: int, rings: int, tokens: int
) -> None:
    """T1.1-T1.3: board side, chairs, bench limit, Rings in the Stand, Court Tokens in play."""
    st = new(n)
    assert st.board.size == spaces and st.board.columns == columns
    assert all(len(row) == chairs for row in st.chairs)
    assert st.board.layout.bench_limit == bench
    assert st.stand == [rings] * 7
    # One Court Token and one Influence/Intrigue Token on every space.
    assert all(t >= 0 for t in st.tok) and all(m in (1, 2) for m in st.mark)
    assert len(st.bag) + spaces == tokens
    half = spaces // 2
    assert st.mark.count(1) == half and st.mark.count(2) == half
    assert st.supply == [10] * 7 and st.csup == [14] * n


def test_t1_1_three_four_player_columns() -> None:
    assert new(4).board.heights == (5, 6, 7, 7, 6, 5)
    assert new(2).board.heights == (7, 7, 7, 7)


def test_t1_4_snake_draft_free_fingers_and_matching_cards() -> None:
    """T1.4: draft 1-2-3-3-2-1, two Rings on different fingers, then their two Court Cards."""
    st = new(3)
    order = []
    colours = ["red", "blue", "green", "green", "yellow", "red"]
    for colour in colours:
        order.append(st.cur)
        play(st, "draft", ring=colour)
    assert order == [0, 1, 2, 2, 1, 0]
    assert st.mode == M_PLACE_RING and st.cur == 0
    assert kinds(st) == {"finger"}  # no rearranging at setup: just free fingers
    play(st, "finger", finger="ring")
    with pytest.raises(IllegalActionError):
        play(st, "finger", finger="ring")  # one Ring per finger
    play(st, "finger", finger="little")
    for p in (1, 2):
        assert st.cur == p
        play(st, "finger", finger="thumb")
        play(st, "finger", finger="index")
    assert st.mode == M_ASSIGN and st.round == 1
    assert st.hand[0][2] == 2  # two red Rings: two red cards
    assert st.hand[2][1] == 2 and st.hand[1][0] == 1 and st.hand[1][3] == 1
    assert st.stand[1] == 0  # both green Rings taken (2 per colour with 3 players)


def test_t1_4_draft_only_available_rings() -> None:
    st = new(2)
    play(st, "draft", ring="red")
    play(st, "draft", ring="red")
    with pytest.raises(IllegalActionError):
        play(st, "draft", ring="red")  # 2 per colour in a 2-player game


@pytest.mark.parametrize(("n", "rounds"), [(2, 5), (3, 4), (4, 4)])
def test_t1_5_rounds_from_the_scenario_card(n: int, rounds: int) -> None:
    assert new(n).rounds == rounds
