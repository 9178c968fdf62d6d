"""Ratings (courtly.analysis.ratings): OpenSkill's update for two to five seats with shared
places, its determinism and direction, the places a finished game's result gives, and the
bots' shipped ratings and their label in the lobby's words."""

from __future__ import annotations

import pytest

from courtly.agents.levels import LEVELS
from courtly.agents.random_agent import RandomAgent
from courtly.analysis.ratings import (
    NEW,
    Rating,
    bot_rating,
    bot_ratings,
    placings,
    placings_of,
    rate,
    rated_level_label,
)
from courtly.analysis.ratings.model import ELO_PER_MU
from courtly.core.match import play_match
from courtly.core.records import result_of
from courtly.core.registry import game_names, load_game

# What the lobby offers as bot levels besides the searches (src/courtly/web/static/js/lobby.js).
LOBBY_LEVELS = ("random", "greedy", *LEVELS)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_place_ends_above_the_next_and_the_winner_rises(seats: int) -> None:
    after = rate([NEW] * seats, list(range(1, seats + 1)))
    mus = [r.mu for r in after]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == seats
    assert after[0].mu > NEW.mu and after[0].display > NEW.display
    assert after[-1].mu < NEW.mu and after[-1].display < NEW.display
    assert all(r.sigma < NEW.sigma for r in after)  # a game played makes every rating surer


@pytest.mark.parametrize(
    "places", [[1, 1], [1, 1, 3], [1, 2, 2], [2, 1, 2, 4], [1, 1, 3, 3, 5], [1, 1, 1, 1, 1]]
)
def test_seats_sharing_a_place_move_alike(places: list[int]) -> None:
    after = rate([NEW] * len(places), places)
    for i, place in enumerate(places):
        for j, other in enumerate(places):
            if place == other:
                assert after[i] == after[j]
            elif place < other:
                assert after[i].mu > after[j].mu
    if len(set(places)) == 1:
        assert all(r.mu == pytest.approx(NEW.mu) for r in after)


def test_an_upset_moves_ratings_further_than_the_expected_result() -> None:
    strong, weak = Rating(mu=30.0, sigma=3.0), Rating(mu=20.0, sigma=3.0)
    expected = rate([strong, weak], [1, 2])
    upset = rate([strong, weak], [2, 1])
    assert upset[1].mu - weak.mu > expected[0].mu - strong.mu > 0
    assert upset[0].mu < strong.mu


def test_the_same_game_gives_the_same_ratings_to_the_last_digit() -> None:
    ratings = [NEW, Rating(27.5, 6.0), Rating(21.0, 4.0), Rating(25.0, 2.0)]
    first = rate(ratings, [2, 1, 4, 2])
    assert rate(ratings, [2, 1, 4, 2]) == first
    # OpenSkill's Plackett-Luce with this module's settings: a new pair's first game.
    winner, loser = rate([NEW, NEW], [1, 2])
    assert (winner.display, loser.display) == (1576, 1424)
    assert winner.mu == pytest.approx(27.635389, abs=1e-6)
    assert winner.sigma == pytest.approx(8.065901, abs=1e-6)


def test_a_bots_rating_stays_as_calibrated() -> None:
    hard = bot_rating("tudor", "hard", 2)
    assert hard is not None
    person, bot = rate([NEW, hard], [1, 2], fixed=[False, True])
    assert bot == hard
    assert person.mu > NEW.mu


def test_a_new_player_shows_1500_and_400_points_are_ten_to_one() -> None:
    assert NEW.display == 1500
    assert NEW.provisional
    assert Rating(NEW.mu + 400 / ELO_PER_MU, 1.0).display == 1900
    assert not Rating(NEW.mu, 1.0).provisional


@pytest.mark.parametrize(
    ("ratings", "places", "fixed"),
    [([NEW], [1], []), ([NEW] * 6, [1] * 6, []), ([NEW] * 3, [1, 2], []), ([NEW] * 2, [0, 1], [])],
)
def test_a_game_that_cannot_be_rated_is_refused(
    ratings: list[Rating], places: list[int], fixed: list[bool]
) -> None:
    with pytest.raises(ValueError):
        rate(ratings, places, fixed)


def test_places_winners_first_then_by_score() -> None:
    # A tie-break decided the win: the seat level on points with the winner is second.
    assert placings([10, 12, 12, 3], [2]) == [3, 2, 1, 4]
    # A shared victory: both first; equal scores below share a place (competition ranks).
    assert placings([12, 12, 5, 5, 7], [0, 1]) == [1, 1, 4, 4, 3]
    assert placings_of({"scores": [1.0, 15.0], "winners": [1]}) == [2, 1]
    with pytest.raises(ValueError):
        placings([1, 2], [])
    with pytest.raises(ValueError):
        placings_of({"scores": [1, 2]})


@pytest.mark.parametrize("game_name", game_names())
def test_a_finished_games_result_places_its_winners_first(game_name: str) -> None:
    game = load_game(game_name)
    players = game.min_players
    match = play_match(game, [RandomAgent() for _ in range(players)], seed=3)
    result = result_of(match.state)
    places = placings_of(result)
    assert {seat for seat, place in enumerate(places) if place == 1} == set(result["winners"])
    assert len(rate([NEW] * players, places)) == players


def _counts(game_name: str) -> range:
    game = load_game(game_name)
    return range(game.min_players, game.max_players + 1)


@pytest.mark.parametrize("game_name", game_names())
def test_every_level_has_a_rating_at_every_player_count(game_name: str) -> None:
    for players in _counts(game_name):
        ratings = bot_ratings(game_name, players)
        assert set(ratings) == set(LOBBY_LEVELS), players
        assert ratings["random"] == 1000  # the anchor at every count (docs/ratings.md)
        for level in LOBBY_LEVELS:
            rating = bot_rating(game_name, level, players)
            assert rating is not None and rating.display == ratings[level]
        # Only the named level is rated: another budget plays at a strength nobody measured.
        assert bot_rating(game_name, "hard:iterations=5", players) is None
    assert bot_ratings(game_name, 6) == {} and bot_rating(game_name, "hard", 6) is None


@pytest.mark.parametrize("game_name", game_names())
def test_at_two_seats_the_levels_are_in_order_of_strength(game_name: str) -> None:
    # 100 games a ladder step tell the order (docs/bots.md); the other counts' games are fewer.
    ratings = bot_ratings(game_name, 2)
    order = [ratings[level] for level in ("random", *LEVELS)]
    assert order == sorted(order) and len(set(order)) == len(order)


def test_each_player_count_has_its_own_ratings() -> None:
    # Calibrated from games at that count: a level's edge at four seats is not its edge in a duel.
    two, four = bot_ratings("tudor", 2), bot_ratings("tudor", 4)
    assert two["hard"] != four["hard"]
    assert bot_rating("tudor", "hard", 4) != bot_rating("tudor", "hard", 2)


def test_the_lobby_label_puts_the_count_s_rating_beside_the_level() -> None:
    for players in (2, 4):
        hard = bot_ratings("tudor", players)["hard"]
        assert rated_level_label("tudor", "hard", players, "en") == f"hard · about {hard:,}"
        assert rated_level_label("tudor", "hard", players, "ko") == f"어려움 · 약 {hard:,}점"
    # A spec or a count with no calibration reads as its level's name alone.
    assert rated_level_label("tudor", "hard:iterations=5", 2, "en") == "hard"
    assert rated_level_label("kingdoms", "hard", 3, "en") == "hard"
