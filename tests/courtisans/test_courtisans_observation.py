"""The observation envelope and its JSON Schema, and the terminal screens at 80 columns."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from courtly.core.rng import Rng
from courtly.core.state import OBSERVATION_ENVELOPE
from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import FAMILIES
from courtly.games.courtisans.state import CourtisansState

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "courtisans.observation.json").read_text()
)
VALIDATOR = Draft202012Validator(SCHEMA)


def random_positions(
    num_players: int, seed: int, options: dict[str, str]
) -> Iterator[CourtisansState]:
    """A copy of every position of a random game, start and end included."""
    state = GAME.new_game(num_players, seed=seed, options=options)
    assert isinstance(state, CourtisansState)
    rng = Rng(seed)
    yield state.clone()
    while not state.is_terminal:
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        yield state.clone()


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("spy_memory", ["remember", "forget"])
def test_every_observation_matches_the_schema(num_players: int, spy_memory: str) -> None:
    phases = set()
    for state in random_positions(num_players, num_players, {"spy_memory": spy_memory}):
        for viewer in [None, *range(num_players)]:
            obs = state.observation(viewer)
            errors = sorted(VALIDATOR.iter_errors(obs), key=str)
            assert not errors, (viewer, errors[0])
            assert list(obs)[: len(OBSERVATION_ENVELOPE)] == list(OBSERVATION_ENVELOPE)
            assert obs["viewer"] == viewer and obs["to_act"] == state.current_player
        phases.add(state.phase_name())
    assert phases == {"play", "eliminate", "over"}


def test_the_game_sections_do_not_repeat_the_envelope(cz: object) -> None:
    obs = GAME.new_game(3, seed=1).observation(1)
    for duplicate in ("seat", "you", "current_player", "decision"):
        assert duplicate not in obs
    assert set(obs["turn"]) == {"areas_used", "pending_kill"}


def test_running_scores_are_public_and_final_scores_replace_them(cz: object) -> None:
    """R11: the envelope's scores are the face-up estimate during play, the result at the end."""
    for state in random_positions(2, 9, {}):
        obs = state.observation(None)
        assert obs["scores"] == state.scores() == state.public_scores()


def _screen(state: CourtisansState, viewer: int | None) -> list[str]:
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render(state.observation(viewer)))
    return console.export_text().splitlines()


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_screens_fit_80_columns_with_every_name_whole(num_players: int) -> None:
    positions = list(random_positions(num_players, 40 + num_players, {}))
    for state in (positions[len(positions) // 2], positions[-2], positions[-1]):
        for viewer in (0, None):
            lines = _screen(state, viewer)
            assert all(len(line) <= 80 for line in lines)
            text = "\n".join(lines)
            assert "…" not in text
            obs = state.observation(viewer)
            names = [*FAMILIES, "score"]
            # The rows of face-down cards are drawn only when they hold some.
            if any(c.get("face_down") for row in obs["queen_table"].values() for c in row):
                names.append("Queen's column")
            if any("family" not in c for domain in obs["domains"] for c in domain):
                names.append("face down")
            for name in names:
                assert name in text
            for seat in range(1, num_players + 1):
                assert ("you" if seat - 1 == viewer else f"seat {seat}") in text


def test_an_early_screen_fits_24_lines() -> None:
    """The first turns of a 3-player game (the README's) fit a 24-line terminal."""
    positions = list(random_positions(3, 3, {}))
    assert len(_screen(positions[6], 0)) <= 24


@pytest.mark.parametrize("phase", ["play", "eliminate", "over"])
def test_explain_gives_the_rules_of_each_decision(phase: str) -> None:
    state = next(s for s in random_positions(3, 5, {}) if s.phase_name() == phase)
    help_text = GAME.explain(state.observation(state.current_player or 0))
    words = {
        "play": "play CARD",
        "eliminate": "The assassin was placed",
        "over": "game is over",
    }
    assert words[phase] in help_text and "Legend" in help_text
