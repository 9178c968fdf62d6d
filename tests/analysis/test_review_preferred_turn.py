"""A review's preferred move is one turn the seat could plan at that decision: its own moves,
legal one after another from the turn's first choice, nothing shown before the last. The
search's line ran on over the other seats' modelled moves into the next turn of the worlds it
imagined: a Courtisans review preferred, as a turn's third card, one from the next hand."""

from __future__ import annotations

import pytest
from turn_lines import assert_one_turn

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings, review_record
from courtly.analysis.review.engine import seat_turns
from courtly.core.match import play_match

FEW = ReviewSettings(iterations=60, seconds=None, seed=2)
GAMES = [("courtisans", 2), ("courtisans", 4), ("tudor", 2), ("for-the-king", 3), ("kingdoms", 2)]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_preferred_move_is_one_turn_of_the_seats_own_moves(name: str, players: int) -> None:
    game = courtly.load(name)
    agents = [make_agent("greedy", game) for _ in range(players)]
    record = play_match(game, agents, seed=11, keep_record=True).record
    assert record is not None
    turns = {t.step: t for t in seat_turns(game, record, 0)}
    review = review_record(game, record, 0, FEW)
    for decision in review.decisions:
        first = turns[decision.step].chosen[0]
        assert_one_turn(first.state, 0, decision.preferred)
        assert 1 <= len(decision.preferred) <= decision.parts
