"""Simulation results pinned per game: a faster simulation path must play the same games.

The figures were taken from the code before the simulation path stopped building unread
observations and event texts (commit d650cf8): random games' totals (``simulate``), the report's
statistics of one game (its event counts included), and the fingerprints of a random and a
greedy game's record (every position, and the bots' decisions)."""

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
    "courtisans": Pinned(5, 8, 101.625, [3.875, 8.375, 7.625, 4.0, 2.75],
                         [0.0, 0.5625, 0.3125, 0.125, 0.0],
                         "982c8906766f5fb4", "69ac6378b732f745", "2c47471df6178090"),
    "tudor": Pinned(4, 4, 399.0, [5.25, 3.25, 4.0, 4.25],
                    [0.20833333333333331, 0.125, 0.3333333333333333, 0.3333333333333333],
                    "04130123f88d98a8", "b88bdb6b3165ebf4", "f2c23aa04fcca609"),
    "for-the-king": Pinned(5, 3, 656.0, [0.0] * 5, [0.20000000000000004] * 5,
                           "0a8b5e03863597fa", "83a5ccbdbc6a3054", "287ca35f05115d5e"),
    "kingdoms": Pinned(2, 2, 1713.5, [55.5, 14.5], [1.0, 0.0],
                       "73288b6da43123e6", "9329cfec9ea73370", "85d6c9d6031850a7"),
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
