"""Ladders (``courtly ladder``): steps between neighbours, verdicts, one anchored Elo scale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from agents_toy_duel import DUEL
from duel_cli import duel_cli_app
from typer.testing import CliRunner

from courtly.analysis import tournament as tournament_module
from courtly.analysis.ladder import (
    LadderStep,
    check_ladder,
    run_ladder,
    step_agents,
    step_results_path,
)
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.tournament import run_tournament
from courtly.cli.ladder import register
from courtly.core.errors import CourtlyError

STRONG = "ismcts:iterations=300"


def step(low: float, high: float, players: int = 2) -> LadderStep:
    return LadderStep("up", "down", 100, (low + high) / 2, (low, high), 1.0 / players)


def test_a_step_is_shown_only_when_the_whole_interval_is_above_a_seats_share() -> None:
    assert step(0.51, 0.70).verdict == "shown"
    assert step(0.45, 0.70).verdict == "not shown"
    assert step(0.30, 0.49).verdict == "reversed"
    assert step(0.50, 0.70).verdict == "not shown"
    # With four players a seat's share is a quarter: 30-45% beats three opponents.
    assert step(0.30, 0.45, players=4).verdict == "shown"
    assert step(0.20, 0.45, players=4).verdict == "not shown"


def test_each_step_seats_the_upper_agent_against_the_lower_in_every_other_seat() -> None:
    assert step_agents("hard", "medium", 2) == ["hard", "medium"]
    assert step_agents("hard", "greedy", 4) == ["hard", "greedy", "greedy", "greedy"]
    assert check_ladder(DUEL, 2, ["random", "easy", "hard"], 4, 1, None) == [
        ["easy", "random"],
        ["hard", "easy"],
    ]


@pytest.mark.parametrize(
    ("agents", "players", "games", "message"),
    [
        (["hard"], 2, 4, "at least two agents"),
        (["random", "easy", "random"], 2, 4, "named twice"),
        (["random", "nosuchbot"], 2, 4, "nosuchbot"),
        (["random", "easy"], 3, 4, "player"),
        (["random", "easy"], 2, 0, "at least one game"),
    ],
)
def test_a_bad_ladder_is_refused_before_any_game_is_played(
    agents: list[str], players: int, games: int, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(tournament_module, "play_task", no_games)
    with pytest.raises(CourtlyError, match=message):
        run_ladder(DUEL, players, agents, games)


def test_a_ladder_is_its_steps_tournaments_and_its_elo_starts_at_the_bottom_rung() -> None:
    seen: list[tuple[int, int]] = []
    result = run_ladder(
        DUEL, 2, ["random", STRONG], 60, seed=3, progress=lambda d, t: seen.append((d, t))
    )
    (only,) = result.steps
    alone = run_tournament(DUEL, 2, [STRONG, "random"], 60, seed=3)
    assert only.upper == STRONG and only.lower == "random"
    assert only.games == 60
    assert only.win_rate == alone.stats[STRONG].win_rate
    assert only.ci95 == alone.stats[STRONG].ci95
    assert only.verdict == "shown" and result.ordered
    assert result.elo["random"] == 0.0
    assert result.elo[STRONG] == pytest.approx(alone.elo[STRONG] - alone.elo["random"])
    assert result.elo[STRONG] > 100
    assert seen[-1] == (60, 60)


def test_progress_counts_the_games_of_every_step_on_one_bar() -> None:
    seen: list[tuple[int, int]] = []
    result = run_ladder(
        DUEL, 2, ["random", "greedy", "easy"], 4, seed=2, progress=lambda d, t: seen.append((d, t))
    )
    assert len(result.steps) == 2
    assert [d for d, _ in seen] == list(range(1, 9))
    assert {t for _, t in seen} == {8}
    assert set(result.elo) == {"random", "greedy", "easy"}


def test_each_step_is_saved_as_a_tournament_results_file_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    agents = ["random", "greedy", "ismcts:iterations=20,c=1"]
    first = run_ladder(DUEL, 2, agents, 4, seed=5, results_dir=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [
        "step1-greedy-vs-random.jsonl",
        "step2-ismcts-iterations-20-c-1-vs-greedy.jsonl",
    ]
    assert step_results_path(tmp_path, 1, agents[2], agents[1]) == files[1]
    # Long specs are cut to a name the file system accepts, distinct for distinct steps.
    long_a = "ismcts:" + ",".join(f"p{i}={i}" for i in range(60))
    long_b = long_a + ",q=1"
    name_a = step_results_path(tmp_path, 0, long_a, "random").name
    name_b = step_results_path(tmp_path, 0, long_b, "random").name
    assert len(name_a) < 120 and len(name_b) < 120 and name_a != name_b
    # A step's file is the file `courtly tournament` with that step's agents writes and reads.
    step_two = [agents[2], agents[1]]
    key = tournament_key("duel", 2, step_two, 5, DUEL.resolve_options(None))
    from_file = run_tournament(DUEL, 2, step_two, 4, seed=5, results=ResultsFile(files[1], key))
    assert from_file.stats[agents[2]].wins == pytest.approx(first.steps[1].win_rate * 4)

    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a saved game was played again")

    monkeypatch.setattr(tournament_module, "play_task", no_games)
    again = run_ladder(DUEL, 2, agents, 4, seed=5, results_dir=tmp_path)
    assert again == first


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    return duel_cli_app(register, monkeypatch)


def test_ladder_json_is_one_object_with_steps_verdicts_and_elo(app: typer.Typer) -> None:
    args = ["ladder", "duel", "-a", "random,ismcts:iterations=10,c=1", "-g", "4", "-s", "2"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(data) == {"game", "players", "agents", "seed", "steps", "elo", "ordered"}
    assert data["agents"] == ["random", "ismcts:iterations=10,c=1"]
    (only,) = data["steps"]
    assert set(only) == {"upper", "lower", "games", "win_rate", "ci95", "verdict"}
    assert only["games"] == 4 and only["upper"] == "ismcts:iterations=10,c=1"
    assert data["elo"]["random"] == 0.0


def test_ladder_tables_name_each_step_and_its_verdict(app: typer.Typer) -> None:
    result = CliRunner().invoke(app, ["ladder", "duel", "-a", "random,greedy", "-g", "4"])
    assert result.exit_code == 0, result.output
    assert "greedy vs random" in result.stdout
    assert "Elo" in result.stdout
    assert any(v in result.stdout for v in ("shown", "not shown", "reversed"))


def test_a_bad_ladder_exits_with_a_message_and_no_traceback(app: typer.Typer) -> None:
    result = CliRunner().invoke(app, ["ladder", "duel", "-a", "random", "-g", "4"])
    assert result.exit_code == 2
    assert "at least two agents" in result.output
    assert "Traceback" not in result.output
