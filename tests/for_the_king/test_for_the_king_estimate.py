"""The search's estimate of the final Duty points (estimate.py): E1-E3 softened by the cards
still to come, exact once an office has nothing left to come."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.data import SECONDARY_VALUE
from courtly.games.for_the_king.evaluation import _margin, expected_points, heuristic, soft_margin
from courtly.games.for_the_king.scoring import victory_points
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]


def auction(make: Make, n: int, hands: list[list[str]], to_come: list[str]) -> FtkState:
    """A Gold card up for auction, with ``to_come`` still in the Favor deck."""
    return make(n, hands=hands, revealed="gold1-01", favor=to_come)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_with_nothing_left_to_come_the_estimate_is_the_final_scoring(players: int) -> None:
    for seed in range(4):
        state = GAME.new_game(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            state.step(legal[rng.below(len(legal))])
        assert isinstance(state, FtkState)
        assert expected_points(state) == [float(v) for v in victory_points(state)]
        assert soft_margin(state, 0) == _margin(state, 0)


def test_settled_offices_score_exactly_ties_to_the_letter_closest_to_a(make: Make) -> None:
    # Nothing of military is left to come: seat 1's A wins the 4-4 tie (E1), seat 0 is second.
    state = auction(make, 3, [["military-I"], ["military-A", "military-B"], ["military-C"]], [])
    assert expected_points(state) == [SECONDARY_VALUE, 3.0, 0.0]


def test_a_lead_with_cards_still_to_come_is_worth_part_of_the_primary(make: Make) -> None:
    # Seat 0 leads diplomacy by 2 (4 against 2) while diplomacy cards are still to come.
    def points(to_come: list[str]) -> list[float]:
        return expected_points(auction(make, 2, [["diplomacy-I"], ["diplomacy-A"]], to_come))

    few = points(["diplomacy-B"])
    many = points(["diplomacy-B", "diplomacy-C", "diplomacy-G", "diplomacy-H"])
    assert 1.5 < few[0] < 3.0 and 1.5 < many[0] < few[0]
    # Only diplomacy can be taken (no other colour is held or to come): its 3 points in all.
    assert sum(few) == pytest.approx(3.0)
    # An office nobody holds yet but with a card to come is an even chance for each.
    shared = points(["diplomacy-B", "architecture-A"])
    assert shared[0] - few[0] == pytest.approx(1.5) and shared[1] - few[1] == pytest.approx(1.5)


def test_the_secondary_goes_to_the_runner_up_in_expectation(make: Make) -> None:
    state = auction(
        make, 3, [["military-I", "military-H"], ["military-G"], ["military-A"]], ["military-B"]
    )
    first, second, third = expected_points(state)
    assert first > second > third
    # Military alone is at stake: its Primary and its Secondary.
    assert first + second + third == pytest.approx(3.0 + SECONDARY_VALUE)


def test_the_search_evaluation_uses_the_estimate_and_greedy_does_not(make: Make) -> None:
    state = auction(make, 2, [["diplomacy-I"], ["diplomacy-A"]], ["diplomacy-B"])
    assert GAME.heuristic(state, 0) == heuristic(state, 0)
    assert GAME.search_evaluation(state, 0) == heuristic(state, 0, soft_margin)
    assert GAME.search_evaluation(state, 0) < GAME.heuristic(state, 0)
