"""Scoring Cards and setups (docs/games/tudor.md T11.5-T11.8, options)."""

from __future__ import annotations

import pytest
from tudor_support import (
    clear_markers,
    give_cards,
    give_tokens,
    has,
    new,
    place,
    play,
    put_marker,
    put_token,
    turn_state,
)

from courtly.core.errors import OptionError
from courtly.games.tudor import GAME
from courtly.games.tudor.codes import (
    M_TURN,
)
from courtly.games.tudor.data import FACTION_INDEX
from courtly.games.tudor.scoring import crowded_winner, essentials_points, flexible_points


def test_t11_6_flexible_example_75() -> None:
    """2 sets of 7 + a set of 5 + 4 single tokens = 28 + 28 + 15 + 4 = 75."""
    assert flexible_points([7, 3, 3, 3, 3, 2, 2]) == 75
    assert flexible_points([1, 0, 0, 0, 0, 0, 0]) == 1
    assert flexible_points([1, 1, 1, 1, 1, 1, 1]) == 28


def test_t11_5_essentials_values_and_setup_removal() -> None:
    assert essentials_points([1, 1, 1, 1, 1, 1, 1]) == 3 + 3 + 2 + 2 + 1 + 1 - 3
    st = new(4, scoring="2,4")
    assert (
        st.removed_tok[FACTION_INDEX["blue"]] == 4 and st.removed_tok[FACTION_INDEX["green"]] == 4
    )
    assert st.removed_tok[FACTION_INDEX["red"]] == 0


def test_t11_5_essentials_purple_cannot_pay_move_courtier() -> None:
    st = turn_state(3, scoring="2,4")
    place(st, 0, "3-3")
    give_tokens(st, 0, purple=3, red=1)
    assert not has(st, "bonus_move")
    give_tokens(st, 0, grey=1)
    play(st, "bonus_move")
    assert not has(st, "spend", token="purple")


def test_t11_7_crowded_court_majority_and_ties() -> None:
    """T11.7: most Courtiers in a column (Office counts); a tie goes to the highest figure."""
    st = turn_state(3, scoring="1,5")
    place(st, 0, "2-1")
    place(st, 0, "2-2")
    place(st, 1, "2-3")
    st.csup[1] -= 1
    st.office[1] = 1
    assert crowded_winner(st, 1) == 1  # 2 each; seat 1 holds the Office, the highest figure
    place(st, 2, "3-1")
    place(st, 1, "3-4")
    assert crowded_winner(st, 2) == 1
    assert crowded_winner(st, 0) == -1
    st.turn_player = st.cur = 2
    st.fig = 3
    play(st, "end_turn")
    assert st.prestige == [0, 12, 0]  # scored at the end of the round


def test_t11_8_diplomatic_service_ambassador() -> None:
    st = turn_state(3, scoring="1,6")
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    put_marker(st, "3-2", 1)
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    play(st, "select", space="3-1")
    play(st, "advance")
    assert has(st, "ambassador") and has(st, "keep_token")
    supply = st.csup[0]
    play(st, "ambassador")
    assert st.amb[0] == 1 and st.csup[0] == supply - 1 and st.infl[0] == 0
    assert st.mode == M_TURN
    st.round = st.rounds
    st.fig = 3
    st.acted = [[1] * len(r) for r in st.acted]
    for p in (0, 1, 2):
        assert st.cur == p
        play(st, "end_turn")
    assert st.is_terminal
    assert st.prestige[0] >= 6 + 1  # 6 for the Ambassador, 1 for the red token


def test_setups_recommended_and_named_combinations() -> None:
    assert new(3).params.scoring == (1, 4) and new(3).params.scenario == 1
    assert new(3, edition="v15").params.scenario == 2  # v15's first game uses Blue 2
    st = new(3, setup="head-of-the-snake")
    assert st.params.scoring == (2, 5) and st.params.scenario == 2
    assert new(3, setup="combination-4").params.scoring == (1, 6)
    assert new(3, setup="combination-4").rounds == 5
    assert new(2, scoring="4,5", scenario=5).params.scoring == (4, 5)
    assert new(2, scoring="4,5", scenario=5).rounds == 6


def test_random_setup_draws_one_of_each_colour() -> None:
    seen = set()
    for seed in range(30):
        st = new(3, seed=seed, setup="random")
        red, green = st.params.scoring
        assert red in (1, 2, 3) and green in (4, 5, 6)
        seen.add(st.params.scenario)
        again = GAME.from_json(st.to_json())
        assert again.to_json() == st.to_json()
    assert seen == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("bad", ["1", "1,1", "0,4", "1,7", "a,b"])
def test_bad_scoring_option_refused(bad: str) -> None:
    with pytest.raises(OptionError):
        GAME.new_game(3, seed=1, options={"scoring": bad})


def test_two_red_cards_score_both() -> None:
    st = turn_state(2, scoring="1,3")
    give_tokens(st, 0, red=2)
    from courtly.games.tudor.scoring import game_end_points

    assert game_end_points(st, 0) == 3 + 1 + 1  # Focused 3, Flexible two sets of 1


def test_random_setup_keeps_an_explicit_scenario() -> None:
    scorings = set()
    for seed in range(12):
        st = new(3, seed=seed, setup="random", scenario=5)
        assert st.params.scenario == 5 and st.rounds == 5
        scorings.add(st.params.scoring)
    assert len(scorings) > 1


def test_t11_7_crowded_court_in_the_last_round_is_an_option() -> None:
    for option, expected in ((True, 6), (False, 0)):
        st = turn_state(2, scoring="1,5", last_round_scoring=option)
        place(st, 0, "2-1")
        st.round = st.rounds
        st.turn_player = st.cur = 1
        st.fig = 3
        play(st, "end_turn")
        assert st.is_terminal
        assert st.prestige == [expected + 5, 5]  # both tie for the Garter: 5 each
