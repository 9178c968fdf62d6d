"""The end-of-game scoreboard: every game's score_breakdown drawn the same way, in 80
columns, with figures rounded for people."""

from __future__ import annotations

from typing import Any

import pytest
from highcards import HighCards
from rich.console import Console

from courtly.agents import make_agent
from courtly.cli.scoreboard import figure, scoreboard, seat_label, winners_line
from courtly.core.match import play_match
from courtly.core.registry import game_names, load_game
from courtly.core.state import State


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (5.55e-17, "0"),
        (-5.55e-17, "0"),
        (12.0, "12"),
        (-3, "\u22123"),  # a true minus, as the designer's tables write one
        (-2.5, "\u22122.5"),
        (2.5, "2.5"),
        (1 / 3, "0.33"),
        (None, "-"),
    ],
)
def test_figures_are_rounded_for_people(value: Any, shown: str) -> None:
    assert figure(value) == shown


def drawn(renderable: Any) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def finished(game_name: str, players: int) -> State:
    game = load_game(game_name)
    agents = [make_agent("random", game) for _ in range(players)]
    return play_match(game, agents, 7).state


@pytest.mark.parametrize("game_name", game_names())
def test_every_game_ends_with_a_scoreboard_in_80_columns(game_name: str) -> None:
    game = load_game(game_name)
    state = finished(game_name, game.max_players)
    names = [
        f"ismcts:iterations=1000,seconds=1.0,c=0.7 number {p}" for p in range(game.max_players)
    ]
    text = drawn(scoreboard(state, names))
    assert max(len(line) for line in text.splitlines()) <= 80
    breakdown = state.score_breakdown()
    for seat in range(game.max_players):
        assert f"seat {seat + 1}" in text
        assert figure(breakdown["seats"][seat]["total"]) in text
    assert "won" in text


def test_the_breakdown_shows_categories_tie_break_and_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    toy = HighCards()
    agents = [make_agent("random", toy), make_agent("random", toy)]
    state = play_match(toy, agents, 3).state
    breakdown = {
        "categories": ["missions", "most_gold"],
        "seats": [
            {"missions": 4, "most_gold": 0.1 + 0.2, "total": 4.3},
            {"missions": 4.3, "most_gold": 5.55e-17, "total": 4.3},
        ],
        "decided_by": "most-gold",
        "end": "turn_limit",
    }
    monkeypatch.setattr(type(state), "score_breakdown", lambda self: breakdown)
    text = drawn(scoreboard(state, ["ann", "bob"]))
    assert "missions" in text and "most gold" in text and " total " in text
    assert "0.3" in text and "e-17" not in text
    assert "Tie broken by: most gold." in text and "The game ended: turn limit." in text
    assert "seat 1 (ann)" in text and "seat 2 (bob)" in text
    assert winners_line(state, ["ann", "bob"]).startswith("Winner")
    # "shared": no tie-break settled it (Tudor's and For the King's word): said as such.
    breakdown["decided_by"] = "shared"
    text = drawn(scoreboard(state, ["ann", "bob"]))
    assert "A shared victory" in text and "Tie broken by" not in text


def test_a_seat_nobody_is_named_for_is_said_once() -> None:
    """A record that names no seats gives them their labels as names: "seat 2", never
    "seat 2 (seat 2)"; a named holder is said beside the seat."""
    assert seat_label(1, "seat 2") == "seat 2"
    assert seat_label(1, "") == "seat 2"
    assert seat_label(1, "random") == "seat 2 (random moves)"
    assert seat_label(0, "Ada") == "seat 1 (Ada)"
