"""The level table is the one the saved ladders measured, and those ladders show every level
beating the one below it: re-tuning a level without measuring it again fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from courtly.agents.levels import level_spec
from courtly.analysis.ladder import run_ladder, step_agents, step_results_path
from courtly.analysis.results_file import FORMAT, saved_tournament_key, tournament_key
from courtly.core.registry import game_names, load_game

MEASUREMENTS = Path(__file__).resolve().parents[2] / "measurements"
GAMES_A_STEP = 100
SEED = 1


def hard_by_budget(game: str) -> str:
    """``hard`` with its iteration budget and no time cap in practice. The cap (one second)
    only guards a slow machine, where it cuts the search short; a ladder played on a busy
    machine would measure that machine. By budget, it measures ``hard`` as a quiet machine
    plays it, wherever it is played."""
    budget = re.search(r"iterations=(\d+)", level_spec(game, "hard"))
    assert budget is not None
    return f"hard:iterations={budget[1]},seconds=60"


def ladder_agents(game: str) -> list[str]:
    return ["random", "easy", "medium", hard_by_budget(game)]


# Saved ladders still to be played with today's levels, by game (empty: every ladder is).
# When a level changes, its game's ladder no longer matches and this test fails: mark the game
# here, move the old folder away and play the ladder again (half an hour to an hour on a quiet
# machine, less with the compiled build; the results are the same anywhere), then drop the mark:
#   courtly ladder GAME --agents random,easy,medium,hard:iterations=N,seconds=60 --games 100 \
#       --seed 1 --workers 2 --results measurements/ladder-GAME-2p
# (N: the game's hard budget in courtly/agents/levels.py.)
REMEASURE: dict[str, str] = {}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=REMEASURE[n]))
        if n in REMEASURE
        else n
        for n in game_names()
    ],
)
def test_saved_ladder_measured_todays_levels_and_shows_each_level_beating_the_one_below(
    name: str,
) -> None:
    game = load_game(name)
    directory = MEASUREMENTS / f"ladder-{name}-2p"
    agents = ladder_agents(name)
    options = game.resolve_options(None)
    for index in range(len(agents) - 1):
        entry = step_agents(agents[index + 1], agents[index], 2)
        path = step_results_path(directory, index, entry[0], entry[1])
        # Checked before the ladder runs, which would otherwise play any missing game.
        lines = path.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
        assert header["format"] == FORMAT
        saved = saved_tournament_key(header["tournament"])
        assert saved == tournament_key(name, 2, entry, SEED, options), path.name
        assert len(lines) - 1 >= GAMES_A_STEP, path.name
    result = run_ladder(game, 2, agents, GAMES_A_STEP, seed=SEED, results_dir=directory)
    assert [step.verdict for step in result.steps] == ["shown"] * (len(agents) - 1)
    assert result.ordered
