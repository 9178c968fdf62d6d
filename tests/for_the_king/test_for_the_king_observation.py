"""Observations of every seat and the spectator match docs/schemas/for_the_king.observation.json;
the terminal screens fit 80 columns; ``?`` explains every phase."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from courtly.core.rng import Rng
from courtly.core.state import OBSERVATION_ENVELOPE
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import PHASE_NAMES

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "for_the_king.observation.json").read_text(
        encoding="utf-8"
    )
)
VALIDATOR = Draft202012Validator(SCHEMA)


def _views(n: int, options: dict[str, str], seed: int) -> list[dict[str, object]]:
    """Observations of every viewer along one random game, sampled every few steps."""
    rng = Rng(seed)
    state = GAME.new_game(n, seed=seed, options=options)
    views = []
    step = 0
    while True:
        if step % 7 == 0 or state.is_terminal or state.phase_name() == "king-gained":
            views += [state.observation(v) for v in [None, *range(n)]]
        if state.is_terminal:
            return views
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        step += 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"king_cards": "apply"}])
def test_observations_match_the_schema(n: int, options: dict[str, str]) -> None:
    phases = set()
    for view in _views(n, options, seed=n):
        errors = sorted(VALIDATOR.iter_errors(view), key=str)
        assert not errors, errors[0]
        assert list(view)[: len(OBSERVATION_ENVELOPE)] == list(OBSERVATION_ENVELOPE)
        phases.add(view["phase"])
    assert {"place", "bid", "over"} <= phases


def test_scores_are_public_only_at_the_end() -> None:
    views = _views(2, {}, seed=1)
    assert all(v["scores"] is None for v in views if v["phase"] != "over")
    final = [v for v in views if v["phase"] == "over"]
    assert final and all(isinstance(v["scores"], list) for v in final)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_screens_fit_80_columns_without_cutting_names(n: int) -> None:
    for view in _views(n, {"king_cards": "apply"}, seed=10 + n)[:: n + 1]:
        console = Console(width=80, record=True, color_system=None)
        console.print(GAME.render(view))
        text = console.export_text()
        assert "…" not in text
        assert all(console.measure(line).maximum <= 80 for line in text.splitlines())


def test_explain_says_what_each_phase_and_action_means() -> None:
    for phase in PHASE_NAMES:
        assert GAME.explain({"phase": phase})
    assert "bid" in GAME.explain({"phase": "bid"}) and "pass" in GAME.explain({"phase": "bid"})
