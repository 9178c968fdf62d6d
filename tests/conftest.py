"""Hypothesis profiles for the whole suite.

The README's test command (which CI runs) uses ``deterministic``: every property test draws
the same examples on every run, so a red run is reproducible and a green one stays green
until the code changes. Exploration with fresh random examples is a separate, deliberate
act: ``pytest --hypothesis-profile fuzz`` (repeat it, or loop it, to search longer); a
failure there prints the example and a ``@reproduce_failure`` blob, and the fix comes with
a scenario test that pins it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, print_blob=True)
settings.load_profile("deterministic")


# --- tiers ------------------------------------------------------------------------------------
# The fast tier (`pytest -m "not slow"`) is what a developer runs after each change; the whole
# suite (the README's command, CI) adds the slow tier: every test that starts a real server or
# browser, and the long random-game runs. Listed here, in one place, rather than as decorators
# over a dozen files; a test that becomes slow is added here (`--durations=30` shows them).
SLOW_FOLDERS = ("tests/web/", "tests/server/", "tests/analysis/test_ray_backend.py")
SLOW_TESTS = (
    "tests/agents/test_evaluation_shortcuts.py::",
    "tests/agents/test_ladder.py::",
    "tests/analysis/test_interrupt.py::",
    "tests/cli/test_cli_review.py::test_ctrl_c_keeps_what_is_judged_and_the_same_command_goes_on",
    "tests/analysis/test_report.py::",
    "tests/cli/test_cli_korean.py::test_the_many_game_commands_report_in_korean",
    "tests/cli/test_cli_play_hard.py::",
    "tests/cli/test_cli_screen.py::test_every_game_at_its_most_players_fits_80_by_24",
    "tests/cli/test_cli_robustness.py::test_command_line_mistakes_are_one_line_with_exit_code_2",
    "tests/courtisans/test_courtisans_observation.py::test_every_observation_matches_the_schema",
    "tests/for_the_king/test_for_the_king_conformance.py::test_conformance",
    "tests/for_the_king/test_for_the_king_king_cards.py::test_apply_plays_to_the_end_under",
    "tests/for_the_king/test_for_the_king_loading.py::test_a_mutated_state_is_refused",
    "tests/for_the_king/test_for_the_king_observation.py::",
    "tests/interop/test_openspiel.py::test_openspiel_random_simulation",
    "tests/kingdoms/test_kingdoms_conformance.py::",
    "tests/kingdoms/test_kingdoms_observation.py::",
    "tests/tudor/test_tudor_information.py::test_conformance_small",
    "tests/tudor/test_tudor_views.py::test_observations_of_every_seat_and_the_spectator",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(str(config.rootpath))
    for item in items:
        node = Path(str(item.path)).relative_to(root).as_posix() + "::" + item.name
        if node.startswith(SLOW_FOLDERS) or node.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)
