"""``courtly tournament`` through typer, on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from duel_cli import duel_cli_app
from typer.testing import CliRunner

import courtly
from courtly.cli.tournament import register
from courtly.core.errors import UnknownGameError


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    return duel_cli_app(register, monkeypatch)


def test_json_output_is_one_object_with_the_documented_keys(app: typer.Typer) -> None:
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "duel",
            "--players",
            "2",
            "--agents",
            "ismcts:iterations=10,c=1,random",
            "--games",
            "4",
            "--seed",
            "2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
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
    assert data["agents"] == ["ismcts:iterations=10,c=1", "random"]
    assert data["games"] == 4


def test_table_output_names_every_agent(app: typer.Typer) -> None:
    result = CliRunner().invoke(
        app, ["tournament", "duel", "--agents", "random,greedy", "--games", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "random" in result.stdout and "greedy" in result.stdout and "Elo" in result.stdout
    assert "not a multiple" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "no-such-game", "--agents", "random,random"],
        ["tournament", "duel", "--agents", "random,random,random"],
        ["tournament", "duel", "--agents", "random,wizard"],
        ["tournament", "duel", "--agents", "random,random", "--option", "speed=fast"],
    ],
)
def test_errors_are_one_clear_line_and_exit_code_2(app: typer.Typer, args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "error" in result.output
    assert "Traceback" not in result.output


def test_unknown_game_is_a_courtly_error() -> None:
    with pytest.raises(UnknownGameError):
        courtly.load("no-such-game")


def test_results_file_resumes_and_a_foreign_file_is_a_clear_error(
    app: typer.Typer, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    base = ["tournament", "duel", "--agents", "random,greedy", "--json", "--results", str(path)]
    first = CliRunner().invoke(app, [*base, "--games", "2"])
    assert first.exit_code == 0, first.output
    longer = CliRunner().invoke(app, [*base, "--games", "4"])
    assert longer.exit_code == 0, longer.output
    assert json.loads(longer.stdout.strip().splitlines()[-1])["games"] == 4
    assert len(path.read_text().splitlines()) == 1 + 4
    other = CliRunner().invoke(app, [*base, "--games", "4", "--seed", "9"])
    assert other.exit_code == 1  # the command was right, the file is not (docs/cli.md)
    assert "another tournament" in other.output and "Traceback" not in other.output
