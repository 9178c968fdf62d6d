"""``courtly review``: the real command judges a finished record's seat, fits 80 columns in
English and Korean, refuses an unfinished game, and Ctrl-C keeps what is judged for the same
command to go on from (the result then the same as a review never stopped)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_support import COURTLY
from rich.cells import cell_len

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings, review_record
from courtly.analysis.review.calibration import fitted_iterations, load_calibration
from courtly.analysis.runner import usable_cpus
from courtly.cli.review import side_file
from courtly.cli.review_spectator import spectator_side_file
from courtly.core.match import play_match
from courtly.core.records import GameRecord

INTERRUPTED = 130


def _record(tmp_path: Path, name: str = "tudor", players: int = 2) -> Path:
    game = courtly.load(name)
    agents = [make_agent("greedy", game) for _ in range(players)]
    record = play_match(game, agents, seed=7, keep_record=True).record
    assert record is not None
    path = tmp_path / f"{name}.json"
    record.save(path)
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    return subprocess.run(
        [COURTLY, *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )


def test_the_review_fits_80_columns_in_english_and_korean(tmp_path: Path) -> None:
    record = _record(tmp_path)
    for lang, accuracy in (("en", "Accuracy"), ("ko", "정확도")):
        done = _run("--lang", lang, "review", str(record), "--as", "1", "--iterations", "20")
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert any(accuracy in line for line in lines)
        assert max(cell_len(line) for line in lines) <= 80
        assert "review." not in done.stdout and "cli." not in done.stdout  # no bare keys
        side_file(record, 0).unlink()


def test_a_reviewed_kill_names_the_card_the_seat_saw(tmp_path: Path) -> None:
    """Each move reads as its seat saw the position: Courtisans' kills (seat 1 made two in
    this game) name the card killed, never the position it lay at."""
    record = _record(tmp_path, "courtisans", 2)
    env = {**os.environ, "COLUMNS": "400", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    command = [COURTLY, "review", str(record), "--as", "1", "--iterations", "10"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "eliminate the " in done.stdout
    assert "eliminate card #" not in done.stdout
    # The seats' domains are said by seat, not by the spec that played them ("greedy's").
    assert "seat 2's domain" in done.stdout and "greedy's" not in done.stdout
    assert "seat 1 (greedy)" in done.stdout


def test_an_unfinished_game_is_not_reviewed(tmp_path: Path) -> None:
    path = _record(tmp_path)
    unfinished = tmp_path / "unfinished.json"
    GameRecord.load(path).first(10).save(unfinished)
    done = _run("review", str(unfinished), "--as", "1", "--iterations", "5")
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and "finished" in done.stderr
    assert not side_file(unfinished, 0).exists()


def _judged(side: Path) -> int:
    try:
        return len(json.loads(side.read_text(encoding="utf-8"))["decisions"])
    except (OSError, ValueError):
        return 0


def test_ctrl_c_keeps_what_is_judged_and_the_same_command_goes_on(tmp_path: Path) -> None:
    record = _record(tmp_path)
    side = side_file(record, 1)
    # Enough of a search that the turns left after the first outlast the signal's way even
    # on the compiled build (at 300 a CI run's review once finished first).
    args = ["review", str(record), "--as", "2", "--iterations", "1200"]
    process = subprocess.Popen(
        [COURTLY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while _judged(side) < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert process.poll() is None, "the review ended before it could be interrupted"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == INTERRUPTED, (out, err)
    assert "Traceback" not in err and "interrupted" in err
    kept = _judged(side)
    assert kept >= 1
    again = _run(*args)
    assert again.returncode == 0, again.stderr
    assert f"Going on from {kept} decision" in again.stderr
    game = courtly.load("tudor")
    whole = review_record(
        game, GameRecord.load(record), 1, ReviewSettings(iterations=1200, seconds=None)
    )
    assert kept < len(whole.decisions)
    stored = json.loads(side.read_text(encoding="utf-8"))["decisions"]
    assert stored == [d.to_json() for d in whole.decisions]


@pytest.mark.skipif(usable_cpus() < 2, reason="the workers need two CPUs")
def test_many_records_on_two_workers_give_the_reviews_of_one_process(tmp_path: Path) -> None:
    first = _record(tmp_path, "courtisans", 2)
    second = tmp_path / "second.json"
    game = courtly.load("kingdoms")
    agents = [make_agent("greedy", game) for _ in range(2)]
    made = play_match(game, agents, seed=9, keep_record=True).record
    assert made is not None
    made.save(second)
    done = _run("review", str(first), str(second), "--as", "1", "--iterations", "20", "-w", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Accuracy") == 2
    settings = ReviewSettings(iterations=20, seconds=None)
    for path, name in ((first, "courtisans"), (second, "kingdoms")):
        alone = review_record(courtly.load(name), GameRecord.load(path), 0, settings)
        stored = json.loads(side_file(path, 0).read_text(encoding="utf-8"))["decisions"]
        assert stored == [d.to_json() for d in alone.decisions]


def test_the_spectators_series_fits_80_columns_in_english_and_korean(tmp_path: Path) -> None:
    """``--as spectator``: every seat's chance at each judged turn from the public view, and a
    line per seat drawing it, kept beside the record like a seat's review."""
    record = _record(tmp_path, "courtisans", 5)
    for lang, heading, word in (
        ("en", "public view", "spectator"),
        ("ko", "공개 정보", "관전자"),
    ):
        done = _run("--lang", lang, "review", str(record), "--as", word, "--iterations", "5")
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert any(heading in line for line in lines)
        assert (
            sum(1 for line in lines if line.strip() and set(line.strip()) <= set("▁▂▃▄▅▆▇█")) == 5
        )
        assert max(cell_len(line) for line in lines) <= 80
        assert "review." not in done.stdout and "cli." not in done.stdout  # no bare keys
        side = spectator_side_file(record)
        points = json.loads(side.read_text(encoding="utf-8"))["points"]
        assert points and all(len(p["chances"]) == 5 for p in points)
        side.unlink()


def test_a_viewer_that_is_neither_a_seat_nor_the_spectator_is_refused(tmp_path: Path) -> None:
    record = _record(tmp_path)
    done = _run("review", str(record), "--as", "everyone", "--iterations", "5")
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1 and "spectator" in done.stderr


def test_with_no_budget_the_review_searches_the_calibrated_iterations_the_same_each_time(
    tmp_path: Path,
) -> None:
    """No ``--seconds`` nor ``--iterations``: each search runs the iterations the game's
    curves were fitted at (the chances are the calibrated ones), so two runs, here or on
    another machine, print and keep the same review, and the spectator's series likewise."""
    record = _record(tmp_path, "kingdoms", 2)
    fitted = fitted_iterations("kingdoms")
    assert fitted is not None
    first = _run("review", str(record), "--as", "1")
    assert first.returncode == 0, first.stderr
    assert f"{fitted} search iterations per decision" in " ".join(first.stdout.split())
    side = side_file(record, 0)
    kept = json.loads(side.read_text(encoding="utf-8"))
    assert kept["settings"] == {"iterations": fitted, "seconds": None, "seed": 0}
    side.unlink()
    again = _run("review", str(record), "--as", "1")
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout
    assert json.loads(side.read_text(encoding="utf-8")) == kept
    spectator = _run("review", str(record), "--as", "spectator")
    assert spectator.returncode == 0, spectator.stderr
    series = json.loads(spectator_side_file(record).read_text(encoding="utf-8"))
    assert series["settings"] == kept["settings"]


def test_a_side_file_of_another_curve_is_started_afresh(tmp_path: Path) -> None:
    # A review half made by an older courtly, whose calibration curve differed, is not taken
    # up: its chances would be the old curve's beside the new one's.
    record = _record(tmp_path)
    assert _run("review", str(record), "--as", "1", "--iterations", "20").returncode == 0
    side = side_file(record, 0)
    kept = json.loads(side.read_text(encoding="utf-8"))
    assert kept["calibration"] == load_calibration("tudor", 2).digest()
    older = {**kept, "calibration": "an older curve"}
    older["decisions"] = [{**d, "before": 0.5, "after": 0.5} for d in kept["decisions"]]
    side.write_text(json.dumps(older), encoding="utf-8")
    again = _run("review", str(record), "--as", "1", "--iterations", "20")
    assert again.returncode == 0 and "Going on from" not in again.stderr
    assert json.loads(side.read_text(encoding="utf-8")) == kept
