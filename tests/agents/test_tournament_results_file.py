"""Tournament results files: every game saved as it ends, resumed and extended exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agents_toy_duel import DUEL

from courtly.analysis import tournament as tournament_module
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.tournament import GameOutcome, GameTask, run_tournament
from courtly.core.errors import CourtlyError
from courtly.core.registry import load_game

AGENTS = ["random", "greedy"]


def results_file(path: Path, seed: int = 5) -> ResultsFile:
    return ResultsFile(path, tournament_key("duel", 2, AGENTS, seed, DUEL.resolve_options(None)))


def game_keys(outcomes: list[GameOutcome]) -> list[tuple[object, ...]]:
    # Thinking times differ from run to run; what the games were and how they ended may not.
    return [(o.index, o.seed, o.seat_specs, o.scores, o.rewards) for o in outcomes]


def count_played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    played: list[int] = []
    real = tournament_module.play_task

    def counting(task: GameTask, game: object = None) -> GameOutcome:
        played.append(task.index)
        return real(task, DUEL)

    monkeypatch.setattr(tournament_module, "play_task", counting)
    return played


def test_each_game_is_saved_and_a_rerun_plays_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "duel.jsonl"
    first = run_tournament(DUEL, 2, AGENTS, 4, seed=5, results=results_file(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 4
    assert json.loads(lines[0])["tournament"]["agents"] == AGENTS
    played = count_played(monkeypatch)
    again = run_tournament(DUEL, 2, AGENTS, 4, seed=5, results=results_file(path))
    assert played == []
    assert game_keys(again.outcomes) == game_keys(first.outcomes)
    assert again.to_json() == first.to_json()


def test_a_longer_run_plays_only_the_missing_games_and_matches_a_fresh_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "duel.jsonl"
    run_tournament(DUEL, 2, AGENTS, 4, seed=5, results=results_file(path))
    fresh = run_tournament(DUEL, 2, AGENTS, 8, seed=5)
    played = count_played(monkeypatch)
    progress: list[int] = []
    resumed = run_tournament(
        DUEL,
        2,
        AGENTS,
        8,
        seed=5,
        results=results_file(path),
        progress=lambda done, total: progress.append(done),
    )
    assert sorted(played) == [4, 5, 6, 7]
    assert progress[0] == 4 and progress[-1] == 8
    assert game_keys(resumed.outcomes) == game_keys(fresh.outcomes)
    # A shorter run of the same tournament uses the first games only.
    short = run_tournament(DUEL, 2, AGENTS, 2, seed=5, results=results_file(path))
    assert game_keys(short.outcomes) == game_keys(fresh.outcomes[:2])


def test_a_game_cut_short_by_a_kill_is_dropped_and_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "duel.jsonl"
    run_tournament(DUEL, 2, AGENTS, 4, seed=5, results=results_file(path))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:25])  # the last write half done
    played = count_played(monkeypatch)
    run_tournament(DUEL, 2, AGENTS, 4, seed=5, results=results_file(path))
    assert played == [3]
    assert [json.loads(line)["index"] for line in path.read_text().splitlines()[1:]] == [0, 1, 2, 3]


def test_another_tournaments_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "duel.jsonl"
    run_tournament(DUEL, 2, AGENTS, 2, seed=5, results=results_file(path))
    before = path.read_bytes()
    with pytest.raises(CourtlyError, match="another tournament"):
        run_tournament(DUEL, 2, AGENTS, 2, seed=6, results=results_file(path, seed=6))
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: [*lines[:1], "not json\n", *lines[1:]], "line 2: not a JSON object"),
        (lambda lines: ["{}\n", *lines[1:]], "not a courtly tournament results file"),
        (
            lambda lines: [lines[0], lines[1].replace('"random"', '"greedy"', 1), *lines[2:]],
            "dealt or seated differently",
        ),
        (lambda lines: [lines[0], '{"index": 0}\n', *lines[2:]], "line 2: not a game outcome"),
    ],
)
def test_a_damaged_file_is_a_clear_error(tmp_path: Path, damage: object, message: str) -> None:
    path = tmp_path / "duel.jsonl"
    run_tournament(DUEL, 2, AGENTS, 2, seed=5, results=results_file(path))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(damage(lines)))  # type: ignore[operator]
    with pytest.raises(CourtlyError, match=message):
        run_tournament(DUEL, 2, AGENTS, 2, seed=5, results=results_file(path))


def test_a_level_is_recorded_as_the_search_it_stands_for() -> None:
    key = tournament_key(
        "courtisans", 2, ["hard", "hard:iterations=500,seconds=60", "greedy"], 1, {}
    )
    assert key["agents"] == ["hard", "hard:iterations=500,seconds=60", "greedy"]
    hard, tuned, greedy = key["searches"]
    assert hard.startswith("ismcts:iterations=1000,seconds=1.0,")
    assert tuned.startswith("ismcts:iterations=500,seconds=60,")
    assert greedy == "greedy"


def test_a_file_written_before_a_later_option_is_the_same_tournament(tmp_path: Path) -> None:
    """Tudor's ``bonus_turns`` and ``lord_placement`` came after files were written: a file that
    does not name them was played at their legacy values, which English games still have, so it
    resumes; a file that differs in an option that decides its games does not."""
    tudor = load_game("tudor")
    options = tudor.resolve_options(None)
    key = tournament_key("tudor", 2, ["random", "random"], 3, options)
    older = {
        **key,
        "options": {
            k: v for k, v in key["options"].items() if k not in ("bonus_turns", "lord_placement")
        },
    }
    path = tmp_path / "games.jsonl"
    path.write_text(
        json.dumps({"format": "courtly-tournament-games/1", "tournament": older}) + "\n"
    )
    assert ResultsFile(path, key).load([]) == {}
    other = {**older, "options": {**older["options"], "variant": "opportunity"}}
    path.write_text(
        json.dumps({"format": "courtly-tournament-games/1", "tournament": other}) + "\n"
    )
    with pytest.raises(CourtlyError):
        ResultsFile(path, key).load([])
