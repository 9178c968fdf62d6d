"""The observation envelope and schema, the terminal screens (80 columns, no cut names), the
``?`` help and the game-over screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
from kingdoms_helpers import build, fits_the_terminal
from rich.console import Console

from courtly.core.i18n import using
from courtly.core.rng import Rng
from courtly.core.state import OBSERVATION_ENVELOPE
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.words import TEXTS

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "kingdoms.observation.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def _random_views(games: int, seed: int) -> list[dict[str, Any]]:
    views = []
    for g in range(games):
        state = GAME.new_game(2, seed=seed + g, options={"turn_limit": 60 + 40 * g})
        rng = Rng(seed + g)
        step = 0
        while True:
            if step % 7 == 0 or state.is_terminal:
                views += [state.observation(v) for v in (0, 1, None)]
            if state.is_terminal:
                break
            ids = state.legal_action_ids()
            state.step(ids[rng.below(len(ids))])
            step += 1
    return views


def test_observations_of_every_seat_and_the_spectator_match_the_schema() -> None:
    VALIDATOR.check_schema(SCHEMA)
    for view in _random_views(3, seed=40):
        assert tuple(view)[: len(OBSERVATION_ENVELOPE)] == OBSERVATION_ENVELOPE
        errors = sorted(VALIDATOR.iter_errors(view), key=str)
        assert not errors, errors[0]


def test_public_scores_are_the_glory_totals() -> None:
    s = build(seats=({"glory": ["10S", "AS"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}))
    for viewer in (0, 1, None):
        assert s.observation(viewer)["scores"] == [11.0, 0.0]


def _lines(renderable: Any) -> list[str]:
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def test_screens_fit_80_columns_without_cutting_names() -> None:
    for view in _random_views(2, seed=7):
        lines = _lines(GAME.render(view))
        assert all(len(line) <= 80 for line in lines)
        # No name cut short: the one "…" is the long Discard pile's count of left-out cards.
        left_out = TEXTS.text("view.discard_more", "en", n=len(view["discard"]), shown=8)
        assert not any("…" in line.replace(left_out, "") for line in lines)
        # Usable in a 24-line terminal, with room left for the list of choices below.
        assert len(lines) <= 20, "\n".join(lines)
        # The help's lines are the panel's to wrap (courtly.cli.play): drawn there, it fits.
        assert fits_the_terminal(GAME.explain(view))


def test_explain_describes_the_decision_at_hand() -> None:
    s = build(seats=({"hand": ["5S"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}))
    text = GAME.explain(s.observation(0))
    assert "Action Phase" in text and "done" in text
    s = build(
        phase="action",
        seats=({"court": {"king": "KS"}, "glory": ["5S"]}, {"court": {"king": "KD"}}),
        stack=[["conspiracy", 0, 0, 0]],
    )
    assert "Conspiracy" in GAME.explain(s.observation(0))


def test_explain_is_made_in_the_language_of_each_reader_in_turn() -> None:
    # A decision's help is made once per decision and language: asked in Korean after
    # English (and back), each reader still gets their own words.
    view = build(seats=({"hand": ["5S"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}))
    observation = view.observation(0)
    english = GAME.explain(observation)
    with using("ko"):
        korean = GAME.explain(observation)
    assert re.search("[\uac00-\ud7a3]", korean) and english.isascii()
    assert GAME.explain(observation) == english


def test_game_over_screen_says_who_reached_ten_glory_cards() -> None:
    glory = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    s = build(phase="over", seats=({"court": {"king": "KS"}}, {"glory": glory}))
    view = s.public_observation()
    assert view["end"] == {"reason": "ten_glory_cards", "seat": 1}
    text = "\n".join(_lines(GAME.render(view)))
    assert "seat 2 reached ten Glory cards" in text
    assert "seat 2 reached ten Glory cards" in GAME.explain(view)


def test_game_over_screen_says_the_turn_limit_ended_it() -> None:
    s = build(
        phase="end_turn",
        seats=({"glory": ["10S"], "court": {"king": "KS"}}, {"court": {"king": "KH"}}),
        options={"turn_limit": 5},
        turns=4,
        phase_started=False,
    )
    view = s.public_observation()
    assert view["end"] == {"reason": "turn_limit", "seat": None}
    assert "turn limit was reached" in "\n".join(_lines(GAME.render(view)))
