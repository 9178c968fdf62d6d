"""The command line, end to end, on the kernel's toy game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from highcards import HighCards
from typer.testing import CliRunner

from courtly.cli.main import app
from courtly.core.build import build_name

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs"


def documented_simulate_keys() -> set[str]:
    """The keys docs/cli.md lists for ``courtly simulate --json``."""
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    listed = re.search(r"`--json` prints one object with the keys `([^`]*)`", text)
    assert listed is not None, "docs/cli.md no longer lists simulate's JSON keys"
    return {key.strip() for key in listed.group(1).split(",")}


def test_simulate_json_has_the_documented_keys(registered_toy: HighCards) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "high-cards",
            "--players",
            "3",
            "--games",
            "20",
            "--agents",
            "random",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Every key it prints is documented, and every documented key printed (the agents were
    # printed but not documented).
    assert set(data) == documented_simulate_keys()
    assert data["agents"] == ["random", "random", "random"]
    assert data["games"] == 20 and data["errors"] == 0
    assert abs(sum(data["win_rate_by_seat"]) - 1.0) < 1e-9
    assert all(
        lo <= rate <= hi
        for rate, (lo, hi) in zip(data["win_rate_by_seat"], data["ci95_by_seat"], strict=True)
    )


def test_simulate_is_deterministic_and_saves_records(
    registered_toy: HighCards, tmp_path: Path
) -> None:
    args = ["simulate", "high-cards", "-p", "2", "-n", "5", "--seed", "3", "--json"]
    first = json.loads(runner.invoke(app, [*args, "--save-dir", str(tmp_path)]).stdout)
    second = json.loads(runner.invoke(app, args).stdout)
    assert first["mean_score_by_seat"] == second["mean_score_by_seat"]
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 5
    replayed = runner.invoke(app, ["replay", str(saved[0]), "--as", "1"])
    assert replayed.exit_code == 0, replayed.output
    assert "plays" in replayed.stdout


def test_bad_input_gives_clear_errors(registered_toy: HighCards) -> None:
    cases = [
        (["simulate", "nope", "-p", "2"], "no game called 'nope'"),
        (["simulate", "high-cards", "-p", "7"], "2 to 3 players"),
        (["simulate", "high-cards", "-p", "2", "-o", "bonus=9"], "allowed: 0, 1"),
        (["simulate", "high-cards", "-p", "2", "-o", "bonus"], "name=value"),
        (
            ["simulate", "high-cards", "-p", "2", "--agents", "a,b,c"],
            "3 agents named for 2 players",
        ),
        (["simulate", "high-cards", "-p", "2", "--agents", "wizard"], "no agent called 'wizard'"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
    # The command was right but the file is not: exit code 1.
    result = runner.invoke(app, ["replay", "/nonexistent/file.json"])
    assert result.exit_code == 1 and "cannot read" in result.output, result.output


def test_selftest_passes_on_a_correct_game(registered_toy: HighCards) -> None:
    result = runner.invoke(app, ["selftest", "high-cards", "--games", "5"])
    assert result.exit_code == 0, result.output
    assert "2 players" in result.output and "3 players" in result.output


def test_bench_json(registered_toy: HighCards) -> None:
    result = runner.invoke(app, ["bench", "high-cards", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["high-cards"]
    for key in (
        "decisions_per_second",
        "games_per_second",
        "clones_per_second",
        "resamples_per_second",
    ):
        assert data[key] > 0
    assert data["build"] == build_name()


def test_bench_says_which_build_it_measures(registered_toy: HighCards) -> None:
    result = runner.invoke(app, ["bench", "high-cards", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert f"{build_name()} build" in result.output


def test_play_with_bots_and_bad_input(registered_toy: HighCards, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    # Nonsense and out-of-range answers are asked again; then always the first choice.
    answers = "banana\n99\n" + "1\n" * 20
    result = runner.invoke(
        app,
        [
            "play",
            "high-cards",
            "--seat",
            "human",
            "--seat",
            "random",
            "--seed",
            "1",
            "--save",
            str(record),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "is not a choice here" in result.output
    assert "Winner: seat" in result.output
    assert json.loads(record.read_text())["result"] is not None


def test_hot_seat_shows_privacy_screen(registered_toy: HighCards) -> None:
    answers = "\n1\n" * 20
    result = runner.invoke(
        app, ["play", "high-cards", "--seat", "human", "--seat", "human", "-s", "2"], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "Pass the terminal to seat 1" in result.output


def test_play_stops_cleanly_when_input_ends(registered_toy: HighCards) -> None:
    result = runner.invoke(app, ["play", "high-cards", "--seed", "1"], input="")
    assert result.exit_code == 1
    assert "Game stopped" in result.output
