"""Simulation results pinned per game: a faster simulation path must play the same games.

The figures were first taken from the code before the simulation path stopped building unread
observations and event texts (commit d650cf8), and taken again when bots everywhere came to be
seeded by one rule, a generator per decision (``seeds.decision_rng``) instead of a stream per
seat: random games' totals (``simulate``), the report's statistics of one game (its event counts
included), and the fingerprints of a random and a greedy game's record (every position, and the
bots' decisions)."""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

import pytest

from courtly.agents import make_agent
from courtly.analysis.simulate import play_one, prepare_job, simulate
from courtly.core.match import play_match
from courtly.core.registry import load_game


class Pinned(NamedTuple):
    players: int
    games: int
    mean_decisions: float
    mean_scores: list[float]
    win_rates: list[float]
    statistics: str  # hash of the report statistics of game 0
    random_record: str  # hash of a random game's fingerprints, seed 3
    greedy_record: str  # hash of a greedy game's fingerprints, seed 4


# fmt: off
PINNED = {
    "courtisans": Pinned(5, 8, 101.125, [3.125, 2.875, 2.0, 2.5, 1.0],
                         [0.375, 0.4375, 0.125, 0.0, 0.0625],
                         "4384b1fc1a7e3f6e", "eee3661a92f874ab", "dc5445ab07532f83"),
    "tudor": Pinned(4, 4, 415.5, [4.75, 5.0, 4.5, 3.0],
                    [0.41666666666666663, 0.16666666666666666, 0.3333333333333333,
                     0.08333333333333333],
                    "66b63baeea337af6", "99d94925a12ed9d6", "5e8c462243b1c1e6"),
    "for-the-king": Pinned(5, 3, 642.6666666666666, [0.0] * 5, [0.20000000000000004] * 5,
                           "0a8b5e03863597fa", "8ac35f9f674dc219", "a9c4e1422fb66af3"),
    "kingdoms": Pinned(2, 2, 3357.0, [32.5, 13.0], [0.5, 0.5],
                       "ee9cd09f4c89e4c1", "549a39c02fe68ad4", "ad7d40b154e5da8f"),
}
# fmt: on


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _record_hash(name: str, agent: str, players: int, seed: int) -> str:
    game = load_game(name)
    result = play_match(game, [make_agent(agent, game)] * players, seed=seed, keep_record=True)
    assert result.record is not None
    return _hash("".join(result.record.fingerprints))


@pytest.mark.parametrize("name", sorted(PINNED))
def test_simulate_totals_are_pinned(name: str) -> None:
    pinned = PINNED[name]
    summary = simulate(name, ["random"] * pinned.players, pinned.games, seed=1).to_json()
    assert summary["errors"] == 0
    assert summary["mean_decisions"] == pinned.mean_decisions
    assert summary["mean_score_by_seat"] == pinned.mean_scores
    assert summary["win_rate_by_seat"] == pinned.win_rates


@pytest.mark.parametrize("name", sorted(PINNED))
def test_report_statistics_and_records_are_pinned(name: str) -> None:
    pinned = PINNED[name]
    job = prepare_job(name, ["random"] * pinned.players, 1, None, statistics=True)
    outcome = play_one(job, 0)
    assert outcome.error is None
    assert _hash(json.dumps(outcome.statistics, sort_keys=True)) == pinned.statistics
    assert _record_hash(name, "random", pinned.players, 3) == pinned.random_record
    assert _record_hash(name, "greedy", pinned.players, 4) == pinned.greedy_record
