"""The observation envelope and its JSON Schema, and the terminal views (issues 28, 21 §6)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from courtly.core.i18n import using
from courtly.core.rng import Rng
from courtly.core.state import OBSERVATION_ENVELOPE, State
from courtly.games.tudor import GAME
from courtly.games.tudor.codes import MODE_NAMES
from courtly.games.tudor.words import TEXTS

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "tudor.observation.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
HANGUL = re.compile("[\uac00-\ud7a3]")
GAMES = [
    (2, {}),
    (3, {"scenario": 3, "variant": "opportunity"}),
    (4, {"scenario": 2, "scoring": "3,6"}),
    (3, {"edition": "v15", "scenario": 5}),
    (2, {"scenario": 4, "novice": "all"}),
]


def positions(players: int, options: dict[str, Any], every: int = 7) -> Iterator[State]:
    """Every ``every``-th position of a random game, and its end."""
    state = GAME.new_game(players, seed=players * 13 + len(options), options=options)
    rng = Rng(players)
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            yield state
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
        step += 1
    yield state


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_observations_of_every_seat_and_the_spectator_match_the_schema(
    players: int, options: dict[str, Any]
) -> None:
    for state in positions(players, options):
        for viewer in [None, *range(players)]:
            obs = state.observation(viewer)
            errors = sorted(VALIDATOR.iter_errors(obs), key=str)
            assert not errors, (state.phase_name(), viewer, errors[0].message, errors[0].path)
            assert list(obs)[: len(OBSERVATION_ENVELOPE)] == list(OBSERVATION_ENVELOPE)
            assert ("behind_screen" in obs) == (viewer is not None)
            assert ("revealed" in obs) == state.is_terminal
            # Prestige is on the public track the whole game.
            assert obs["scores"] == state.scores()


def test_schema_refuses_what_a_tudor_observation_never_holds() -> None:
    state = GAME.new_game(2, seed=1)
    obs = state.observation(0)
    assert VALIDATOR.is_valid(obs)
    for bad in ({**obs, "you": {}}, {**obs, "seat": 0}, {**obs, "bag": []}):
        assert not VALIDATOR.is_valid(bad)
    decision = {**obs["decision"], "player": 0}
    assert not VALIDATOR.is_valid({**obs, "decision": decision})


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_screens_fit_80_columns_and_24_lines_without_cutting_names(
    players: int, options: dict[str, Any]
) -> None:
    for state in positions(players, options, every=23):
        for viewer in (None, 0):
            console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
            console.print(GAME.render(state.observation(viewer)))
            lines = console.export_text().splitlines()
            assert max(len(line) for line in lines) <= 80
            assert not any("…" in line for line in lines)
            assert len(lines) <= 24, "\n".join(lines)
            # The view is drawn where no key works too (replay --as, a review): it names no
            # key; ``courtly play`` names its own, ``?`` with them.
            assert not any("(?" in line for line in lines), "\n".join(lines)


def fits_the_terminal(help_text: str) -> bool:
    """The help as the terminal's ``?`` prints it (``courtly.cli.play``: a panel of plain
    text) fits 80 columns, Korean letters counted as two cells."""
    console = Console(width=80, record=True, file=io.StringIO(), legacy_windows=False)
    console.print(Panel(Text(help_text), expand=False))
    lines = console.export_text().splitlines()
    return len(lines) > 3 and all(cell_len(line) <= 80 for line in lines)


def test_explain_covers_every_decision_and_gives_the_legend() -> None:
    helped = {mode for mode in MODE_NAMES if TEXTS.has(f"explain.{mode}")}
    assert helped == set(MODE_NAMES) - {"resume"}
    state = GAME.new_game(3, seed=2)
    text = GAME.explain(state.observation(0))
    assert text.startswith("Setup: draft two starting Privilege Rings")
    assert "◆ Influence" in text and "Lord Chancellor" in text
    # Two paragraphs with no breaks of their own: the browser wraps them to its width (hard
    # breaks at 78 columns made ragged lines on a phone), the terminal's panel to 80 columns.
    assert text.count("\n") == 2 and "\n\n" in text
    assert fits_the_terminal(text)


def test_explain_is_made_in_the_language_of_each_reader_in_turn() -> None:
    # The help is made once per phase and language: asked in Korean after English (and back),
    # each reader still gets their own words.
    observation = GAME.new_game(3, seed=2).observation(0)
    english = GAME.explain(observation)
    with using("ko"):
        korean = GAME.explain(observation)
    assert HANGUL.search(korean) and not HANGUL.search(english)
    assert korean.count("\n") == 2 and fits_the_terminal(korean)
    assert GAME.explain(observation) == english


def test_a_movement_with_one_move_left_says_move() -> None:
    assert "(A: 1 move left, 0 made)" in TEXTS.text("view.movement", "en", kind="A", left=1, made=0)
    assert "(A: 2 moves left" in TEXTS.text("view.movement", "en", kind="A", left=2, made=0)


def test_the_rules_of_a_phase_leave_out_the_terminals_legend() -> None:
    # The browser's "Rules of this phase" (Game.rules) has no use for P1-P4, BL GN RD...
    observation = GAME.new_game(3, seed=2).observation(0)
    for lang in ("en", "ko"):
        with using(lang):
            rules, help_text = GAME.rules(observation), GAME.explain(observation)
        assert help_text.startswith(rules) and len(help_text) > len(rules) + 100
        assert "P1-P4" in help_text and "P1-P4" not in rules and "BL GN" not in rules
