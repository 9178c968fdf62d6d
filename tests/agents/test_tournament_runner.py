"""The tournament runner: seat rotation, seeds, win rates with shared ties, the Elo fit."""

from __future__ import annotations

import json
import math

import pytest
from agents_toy_duel import DUEL

from courtly.analysis.tournament import (
    GameOutcome,
    block_seed,
    fit_elo,
    pairwise_results,
    run_tournament,
    seating,
    summarize,
    tournament_tasks,
)
from courtly.core.errors import CourtlyError


def outcome(
    specs: tuple[str, ...], rewards: tuple[float, ...], scores: tuple[float, ...]
) -> GameOutcome:
    n = len(specs)
    return GameOutcome(0, 1, specs, scores, rewards, (1,) * n, (0.0,) * n, (0.0,) * n)


def test_every_entry_sits_in_every_seat_once_per_block() -> None:
    for players in (2, 3, 4):
        seen: list[set[int]] = [set() for _ in range(players)]
        for game_index in range(players):
            order = seating(players, game_index)
            assert sorted(order) == list(range(players))
            for seat, entry in enumerate(order):
                seen[entry].add(seat)
        assert all(s == set(range(players)) for s in seen)


def test_a_block_shares_one_deal_and_blocks_differ() -> None:
    tasks = tournament_tasks(DUEL, 2, ["random", "greedy"], 6, seed=3, options=None)
    assert [t.seed for t in tasks[0:2]] == [block_seed(3, 0)] * 2
    assert len({t.seed for t in tasks}) == 3
    assert [t.seat_specs for t in tasks[:2]] == [("random", "greedy"), ("greedy", "random")]


def test_wrong_agent_count_bad_spec_and_no_games_are_refused_before_playing() -> None:
    with pytest.raises(CourtlyError):
        tournament_tasks(DUEL, 2, ["random"], 4, seed=1, options=None)
    with pytest.raises(CourtlyError):
        tournament_tasks(DUEL, 2, ["random", "nobody"], 4, seed=1, options=None)
    with pytest.raises(CourtlyError):
        tournament_tasks(DUEL, 2, ["random", "random"], 0, seed=1, options=None)
    with pytest.raises(CourtlyError):
        tournament_tasks(DUEL, 3, ["random"] * 3, 3, seed=1, options=None)


def test_shared_victory_counts_as_a_share_and_a_draw() -> None:
    games = [
        outcome(("a", "b"), (0.5, 0.5), (3.0, 3.0)),
        outcome(("b", "a"), (1.0, 0.0), (4.0, 1.0)),
    ]
    result = summarize("duel", 2, ["a", "b"], 1, games)
    assert result.stats["a"].win_rate == pytest.approx(0.25)
    assert result.stats["b"].win_rate == pytest.approx(0.75)
    assert result.stats["a"].mean_score == pytest.approx(2.0)
    assert pairwise_results(games) == {("a", "b"): 0.5, ("b", "a"): 1.5}


def test_multiplayer_pairs_compare_victory_then_score_and_skip_same_agent() -> None:
    game = outcome(("h", "g", "g", "g"), (1.0, 0.0, 0.0, 0.0), (9.0, 5.0, 7.0, 5.0))
    wins = pairwise_results([game])
    assert wins[("h", "g")] == 3.0 and wins[("g", "h")] == 0.0
    result = summarize("x", 4, ["h", "g", "g", "g"], 1, [game])
    assert result.stats["g"].games == 3
    assert result.stats["h"].win_rate == 1.0


def test_elo_fit_matches_the_bradley_terry_odds() -> None:
    # 300 wins to 100 (plus the virtual draw): odds 300.5/100.5 -> 400*log10 of that apart.
    elo = fit_elo(["a", "b"], {("a", "b"): 300.0, ("b", "a"): 100.0})
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(300.5 / 100.5), abs=0.01)
    assert elo["a"] + elo["b"] == pytest.approx(0.0, abs=1e-6)


def test_elo_fit_is_finite_for_a_clean_sweep_and_orders_a_chain() -> None:
    wins = {("a", "b"): 50.0, ("b", "a"): 0.0, ("b", "c"): 40.0, ("c", "b"): 10.0}
    elo = fit_elo(["a", "b", "c"], wins)
    assert all(math.isfinite(v) for v in elo.values())
    assert elo["a"] > elo["b"] > elo["c"]


def test_run_tournament_reports_everything_and_repeats_exactly() -> None:
    progress: list[tuple[int, int]] = []
    result = run_tournament(
        DUEL,
        2,
        ["ismcts:iterations=40", "random"],
        8,
        seed=5,
        progress=lambda d, t: progress.append((d, t)),
    )
    assert progress[-1] == (8, 8) and len(progress) == 8
    data = result.to_json()
    assert set(data) == {
        "game",
        "players",
        "games",
        "agents",
        "win_rate",
        "ci95",
        "mean_score",
        "elo",
    }
    assert data["games"] == 8 and data["agents"] == ["ismcts:iterations=40", "random"]
    total = sum(data["win_rate"].values())
    assert total == pytest.approx(1.0)  # two seats, one victory per game (shared ones split)
    for name, (low, high) in data["ci95"].items():
        assert low <= data["win_rate"][name] <= high
    assert json.loads(json.dumps(data)) == data
    again = run_tournament(DUEL, 2, ["ismcts:iterations=40", "random"], 8, seed=5)
    assert again.to_json() == data
    assert result.stats["random"].decisions > 0


def test_worker_processes_give_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    from courtly.core import registry

    # Workers load the game by name; they are forked, so they see this patched registry.
    monkeypatch.setattr(registry, "load_game", lambda name: DUEL)
    agents = ["ismcts:iterations=20", "greedy"]
    alone = run_tournament(DUEL, 2, agents, 6, seed=9)
    pooled = run_tournament(DUEL, 2, agents, 6, seed=9, workers=2)
    assert pooled.to_json() == alone.to_json()
