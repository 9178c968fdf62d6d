"""``courtly tournament`` and ``courtly ladder`` write their figures as the other designer outputs
do (a true minus sign, U+2212), and every command that plays many games deals the same games
without ``--seed``: one default seed."""

from __future__ import annotations

import json
import re

import pytest
import typer
from typer.testing import CliRunner

from courtly.analysis.report.labels import number
from courtly.analysis.runner import DEFAULT_SEED
from courtly.cli.main import app

runner = CliRunner()
# Greedy against random in Courtisans: random's mean score and Elo come out negative.
TOURNAMENT = ["tournament", "courtisans", "-a", "greedy,random", "-g", "4"]


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_tournament_writes_a_true_minus(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    data = json.loads(_run(*TOURNAMENT, "--json"))
    assert min(data["mean_score"].values()) < 0 and min(data["elo"].values()) < 0
    out = _run("--lang", lang, *TOURNAMENT)
    for name, elo in data["elo"].items():
        row = next(line for line in out.splitlines() if f" {name} " in line)
        assert number(data["mean_score"][name], 2) in row, row
        assert number(elo, 0, signed=True) in row, row
    assert "\u2212" in out
    assert not re.search(r"(?<![\w.])-\d", out), out  # no ASCII minus before a figure


def test_the_ladder_writes_a_true_minus_and_a_plain_zero() -> None:
    ladder = ["ladder", "courtisans", "-a", "greedy,random", "-g", "4"]
    data = json.loads(_run(*ladder, "--json"))
    assert data["elo"]["random"] < 0
    out = _run(*ladder)
    elo = {line.split()[1]: line.split()[3] for line in out.splitlines() if line.count("│") == 3}
    assert elo == {"greedy": "0", "random": number(data["elo"]["random"], 0, signed=True)}, out
    assert elo["random"].startswith("\u2212")  # and the first agent is the scale's 0, not +0
    assert not re.search(r"(?<![\w.])-\d", out), out


def _seed_defaults() -> dict[str, object]:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    defaults = {}
    for name in ("simulate", "selftest", "report", "tournament", "ladder", "review"):
        command = commands[name]
        (seed,) = (p for p in command.params if p.name == "seed")
        defaults[name] = seed.default
    return defaults


def test_every_command_that_plays_many_games_has_the_same_default_seed() -> None:
    assert _seed_defaults() == dict.fromkeys(_seed_defaults(), DEFAULT_SEED)


def test_without_a_seed_the_tournament_plays_the_default_seed_s_games() -> None:
    assert _run(*TOURNAMENT, "--json") == _run(*TOURNAMENT, "--seed", str(DEFAULT_SEED), "--json")
    assert f"(seed {DEFAULT_SEED})" in _run(*TOURNAMENT)
