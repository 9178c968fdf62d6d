"""One path for a game in progress: ``play_match`` plays the game a ``Table`` plays, a table
rebuilt from its record mid-game lets its bots choose what they would have chosen had it never
stopped, and the server's bot worker chooses as both do."""

from __future__ import annotations

import pytest

from courtly.agents import make_agent
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.seat import Agent
from courtly.core.seeds import DecisionSeeds, decision_rng
from courtly.core.table import Table
from courtly.server import bots

SPECS = ("random", "greedy")


def _agents(name: str, players: int) -> list[Agent]:
    game = load_game(name)
    return [make_agent(SPECS[seat % 2], game) for seat in range(players)]


def _table_game(name: str, players: int, seed: int, stop_at: int | None = None) -> GameRecord:
    """A game played on a Table by its bots, rebuilt from its record at ``stop_at`` actions as a
    resumed game is (``Table.from_record``), then played to its end."""
    game, agents = load_game(name), _agents(name, players)
    table = Table(game, players, seed=seed, seats=[agent.name for agent in agents])
    while (seat := table.state.current_player) is not None:
        if len(table.record.actions) == stop_at:
            table = Table.from_record(game, GameRecord.from_json(table.record.dumps()))
        table.act(seat, table.seq, table.choose(seat, agents[seat]))
    return table.record


@pytest.mark.parametrize(("name", "players"), [("courtisans", 3), ("tudor", 2)])
def test_play_match_plays_the_game_a_table_plays(name: str, players: int) -> None:
    played = play_match(load_game(name), _agents(name, players), 11, keep_record=True)
    assert played.record is not None
    assert played.record.to_json() == _table_game(name, players, 11).to_json()


@pytest.mark.parametrize(("name", "players"), [("courtisans", 3), ("tudor", 2)])
def test_a_table_resumed_from_its_record_plays_on_as_if_never_stopped(
    name: str, players: int
) -> None:
    straight = _table_game(name, players, 5)
    for stop_at in (1, len(straight.actions) // 3, len(straight.actions) // 2):
        assert _table_game(name, players, 5, stop_at).to_json() == straight.to_json(), stop_at


def test_the_servers_bot_worker_chooses_what_play_match_chose() -> None:
    game = load_game("courtisans")
    played = play_match(game, _agents("courtisans", 4), 8, keep_record=True).record
    assert played is not None
    for ply in (0, 7, 30, len(played.actions) - 1):
        so_far = played.first(ply)
        seat = Table.from_record(game, so_far).state.current_player
        assert seat is not None
        chosen = bots.decide(f"table-{ply}", so_far.to_json(), seat, SPECS[seat % 2])
        assert chosen == played.actions[ply], ply


def test_a_games_decision_seeds_are_the_one_rule() -> None:
    seeds = DecisionSeeds(2**63 + 12345, 5)
    for seat in range(5):
        for ply in (0, 1, 99, 5000):
            assert seeds.rng(seat, ply).state == decision_rng(2**63 + 12345, seat, ply).state
    # A generator per decision: each seat's decisions, and each seat at one ply, differ.
    assert len({decision_rng(7, seat, ply).state for seat in range(4) for ply in range(50)}) == 200
