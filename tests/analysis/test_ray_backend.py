"""The Ray backend on a local Ray with 2 CPUs gives exactly the local backend's results.

One test function, so that one Ray session serves every check (starting Ray takes seconds);
CI installs Ray (`.[cluster]` in .ci/run), so it runs there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import courtly
from courtly.analysis.report import plan_report, run_report
from courtly.analysis.runner import Runner, keep_ray_on_loopback
from courtly.analysis.simulate import simulate
from courtly.analysis.tournament import run_tournament
from courtly.testing.conformance import run_conformance

keep_ray_on_loopback()  # before Ray is imported: this test's Ray listens on 127.0.0.1 only
ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def ray_runner() -> Iterator[Runner]:
    for attempt in (1, 2):
        try:
            ray.init(
                num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False
            )
            break
        except Exception:
            # Ray gives its node 30 s to register: a machine busy with other work can miss it.
            ray.shutdown()
            if attempt == 2:
                raise
    yield Runner("ray", 2)
    ray.shutdown()


def _same(a: dict[str, object], b: dict[str, object]) -> None:
    a.pop("decisions_per_second", None)
    b.pop("decisions_per_second", None)
    assert a == b


def test_ray_gives_the_local_results(ray_runner: Runner, tmp_path: Path) -> None:
    local = Runner("local", 1)
    args = ("courtisans", ["random"] * 4, 70)
    _same(
        simulate(*args, seed=3, runner=ray_runner).to_json(),
        simulate(*args, seed=3, runner=local).to_json(),
    )

    game = courtly.load("courtisans")
    on_ray = run_tournament(game, 2, ["greedy", "random"], 6, seed=2, runner=ray_runner)
    here = run_tournament(game, 2, ["greedy", "random"], 6, seed=2, runner=local)
    assert [(o.index, o.scores, o.rewards) for o in on_ray.outcomes] == [
        (o.index, o.scores, o.rewards) for o in here.outcomes
    ]

    checked = run_conformance(game, 2, 3, seed=1, runner=ray_runner)
    assert checked.ok and checked.games == 3
    assert checked.decisions == run_conformance(game, 2, 3, seed=1).decisions

    pages: list[bytes | list[str]] = []
    for name, runner in (("ray", ray_runner), ("local", local)):
        plan = plan_report("courtisans", ["random"] * 3, 40, 5, None, None, tmp_path / name)
        run_report(plan, runner)
        pages.append((tmp_path / name / "figures" / "win-rate.svg").read_bytes())
        pages.append(
            sorted((tmp_path / name / "games.csv").read_text(encoding="utf-8").splitlines())
        )
    assert pages[0] == pages[2] and pages[1] == pages[3]
