"""A calibration run (benchmarks/calibrate_review.py) keeps each game's positions as the game
finishes (``fit.collect``'s ``kept`` and ``keep``, the script's ``SampleLog``), so a long run
stopped part way goes on where it stopped and gives the positions of a run never stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from benchmark_scripts import calibrate_review

import courtly
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.fit import Sample, collect

SCRIPT = calibrate_review()
SampleLog = SCRIPT.SampleLog

SMALL = ReviewSettings(iterations=10, seconds=None, seed=0)
RUN = {"game": "kingdoms", "players": [2], "positions": 2, "iterations": 10, "seed": 0}
GAMES = 4


class _Stop(Exception):
    """Stands for Ctrl-C after a number of games."""


def _run(log: Any, stop_after: int | None = None) -> tuple[list[Sample], list[int]]:
    """The samples of the run and the games it played (not read back from ``log``, a
    ``SampleLog`` or None), as the script runs it."""
    played: list[int] = []

    def progress(done: int, total: int) -> None:
        played.append(done - 1)
        if stop_after is not None and len(played) == stop_after:
            raise _Stop

    game = courtly.load("kingdoms")
    kept = log.kept if log is not None else None
    keep = log.keep if log is not None else None
    samples = collect(game, [2], GAMES, 2, SMALL, 0, progress, kept=kept, keep=keep)
    return samples, played


def test_a_stopped_run_goes_on_where_it_stopped_with_the_same_samples(tmp_path: Path) -> None:
    whole, played = _run(None)
    assert played == list(range(GAMES))
    assert whole == collect(courtly.load("kingdoms"), [2], GAMES, 2, SMALL, 0)  # nothing kept
    path = tmp_path / "kingdoms-2.json.part"
    with pytest.raises(_Stop):
        _run(SampleLog(path, RUN), stop_after=2)
    resumed, played = _run(SampleLog(path, RUN))
    assert played == [2, 3], "the games kept are not played again"
    assert resumed == whole


def test_a_game_cut_short_in_the_log_is_played_again(tmp_path: Path) -> None:
    whole, _ = _run(None)
    path = tmp_path / "kingdoms-2.json.part"
    with pytest.raises(_Stop):
        _run(SampleLog(path, RUN), stop_after=3)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 20], encoding="utf-8")  # stopped while writing game 2
    log = SampleLog(path, RUN)
    assert sorted(log.kept) == [0, 1]
    resumed, played = _run(log)
    assert played == [2, 3]
    assert resumed == whole
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["game"] for line in lines[1:]] == list(range(GAMES))


def test_a_log_of_other_settings_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "kingdoms-2.json.part"
    with pytest.raises(_Stop):
        _run(SampleLog(path, RUN), stop_after=1)
    before = path.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="other settings"):
        SampleLog(path, {**RUN, "iterations": 200})
    assert path.read_text(encoding="utf-8") == before


def test_positions_kept_compressed_read_back_the_same(tmp_path: Path) -> None:
    samples, _ = _run(None)
    for name in ("run.json", "run.json.gz"):
        path = tmp_path / name
        SCRIPT.write_samples(path, samples)
        assert [Sample(**s) for s in SCRIPT.read_samples(path)] == samples
    packed = tmp_path / "run.json.gz"
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip's magic number
    assert packed.stat().st_size < (tmp_path / "run.json").stat().st_size
    first = packed.read_bytes()
    SCRIPT.write_samples(packed, samples)
    assert packed.read_bytes() == first  # the same bytes every time (no timestamp)


def test_runs_holding_the_same_games_are_not_fitted_together(tmp_path: Path) -> None:
    """A file given twice, or a shorter run beside the longer one that continues it, would count
    its games' positions twice: the refit refuses, naming both files, and writes nothing."""
    samples, _ = _run(None)
    shorter = [s for s in samples if s.game_index < 2]
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    assert SCRIPT.shared_games(paths, [samples, [*samples]]) is not None
    said = SCRIPT.shared_games(paths, [shorter, samples])
    assert said is not None and "a.json" in said and "b.json" in said and " 2 of " in said
    apart = [Sample(**{**s.to_json(), "game_index": s.game_index + GAMES}) for s in samples]
    assert SCRIPT.shared_games(paths, [samples, apart]) is None
