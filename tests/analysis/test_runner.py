"""The parallel runner: the same totals on any number of workers, clear refusals, streaming."""

from __future__ import annotations

import sys
import tracemalloc
from dataclasses import fields
from functools import partial

import pytest
from highcards import HighCards
from typer.testing import CliRunner

from courtly.analysis.runner import RAY_INSTALL_HINT, Runner, usable_cpus
from courtly.analysis.simulate import SimulationSummary, simulate
from courtly.analysis.stats import ExactSum, mean_interval
from courtly.cli.main import app
from courtly.core import registry
from courtly.core.errors import CourtlyError


def _square_all(offset: int, batch: list[int]) -> list[int]:
    if 13 in batch:
        raise ValueError("thirteen")
    return [offset + i * i for i in batch]


def test_pool_gives_every_batch_once_lazily_and_raises_a_worker_error() -> None:
    if usable_cpus() < 2:
        pytest.skip("needs two CPUs")
    runner = Runner("local", 2)
    got = sorted(x for part in runner.map(partial(_square_all, 1), range(12), 5) for x in part)
    assert got == [1 + i * i for i in range(12)]
    with pytest.raises(ValueError, match="thirteen"):
        for _ in runner.map(partial(_square_all, 0), range(40), 3):
            pass


@pytest.mark.parametrize(
    ("runner", "message"),
    [
        (Runner("local", 0), "at least 1, not 0"),
        (Runner("local", -3), "at least 1, not -3"),
        (Runner("local", usable_cpus() + 1), "this machine can use"),
        (Runner("spark", 1), "no backend called 'spark'"),
        (Runner("local", 1, "auto"), "--address names a Ray cluster"),
    ],
)
def test_settings_that_cannot_run_are_refused(runner: Runner, message: str) -> None:
    with pytest.raises(CourtlyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        runner.check()


@pytest.mark.parametrize("workers", ["0", "-1", str(usable_cpus() + 1)])
def test_bad_worker_counts_are_one_line_and_exit_2(workers: str) -> None:
    for command in (
        ["simulate", "courtisans", "-p", "2", "-n", "2"],
        ["tournament", "courtisans", "-a", "random,random", "-g", "2"],
        ["ladder", "courtisans", "-a", "random,greedy", "-g", "2"],
        ["selftest", "courtisans", "-p", "2", "-n", "1"],
    ):
        result = CliRunner().invoke(app, [*command, "--workers", workers])
        assert result.exit_code == 2, (command, result.output)
        assert "--workers" in result.output and "Traceback" not in result.output


def test_ray_backend_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    result = CliRunner().invoke(
        app, ["simulate", "courtisans", "-p", "2", "-n", "2", "--backend", "ray"]
    )
    assert result.exit_code == 2
    assert "pip install -e '.[cluster]'" in result.output
    assert RAY_INSTALL_HINT.split(":")[0] in result.output


def test_exact_sums_do_not_depend_on_the_order_of_their_terms() -> None:
    values = [1 / 3, 2.0, 0.1, -7.0, 1 / 7, 0.2, 5.0, 1 / 3]
    forward, backward = ExactSum(), ExactSum()
    for v in values:
        forward.add(v)
    for v in reversed(values):
        backward.add(v)
    assert forward.total == backward.total and forward.interval() == backward.interval()
    mean, low, high = mean_interval(values)
    assert forward.interval() == pytest.approx((mean, low, high))


def test_results_are_the_same_on_one_or_two_workers() -> None:
    if usable_cpus() < 2:
        pytest.skip("needs two CPUs")
    one = simulate("courtisans", ["random"] * 3, 40, seed=5, workers=1).to_json()
    two = simulate("courtisans", ["random"] * 3, 40, seed=5, workers=2).to_json()
    for data in (one, two):
        data.pop("decisions_per_second")
    assert one == two


def test_a_simulation_summary_keeps_no_per_game_list() -> None:
    summary = simulate("courtisans", ["random"] * 2, 60, seed=1)
    assert summary.games == 60
    for f in fields(SimulationSummary):
        value = getattr(summary, f.name)
        if isinstance(value, list):
            # Only per-seat totals, names and the few kept error messages.
            assert len(value) <= 2, f.name


def _peak_bytes(games: int) -> int:
    tracemalloc.start()
    try:
        simulate("high-cards", ["random"] * 2, games, seed=2)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_number_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # The kernel's toy game (in this process only): thousands of games in a second.
    monkeypatch.setitem(registry._loaded, "high-cards", HighCards())
    _peak_bytes(20)  # the first run fills caches (imports, action spaces): not measured
    small, large = _peak_bytes(100), _peak_bytes(3000)
    # Thirty times the games: a per-game list of outcomes would add several hundred kB.
    assert large < small + 40_000, (small, large)
