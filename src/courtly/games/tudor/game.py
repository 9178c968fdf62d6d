"""The Tudor game object the kernel registers: identity, options, and the wiring of the modules
(the rules, views, JSON form and invariants behind the state's kernel hooks)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.budgets import LevelBudgets
from courtly.core.i18n import ENGLISH
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.core.tensor import TensorWriter
from courtly.games.tudor import evaluation, invariants, knowledge, scoring, serialize, setup, view
from courtly.games.tudor.actions import ACTION_TEXTS, build_action_space
from courtly.games.tudor.events import EVENTS
from courtly.games.tudor.options import OPTIONS
from courtly.games.tudor.rules import dispatch
from courtly.games.tudor.state import Hooks, TudorState
from courtly.games.tudor.statistics import report_statistics
from courtly.games.tudor.tensor import write_observation
from courtly.games.tudor.words import TEXTS

HOOKS = Hooks(
    legal_action_ids=dispatch.legal_action_ids,
    apply=dispatch.apply,
    observe=knowledge.observe,
    resample=knowledge.resample,
    body_to_json=serialize.body_to_json,
    check_invariants=invariants.check_invariants,
    winners=scoring.winners,
    score_breakdown=scoring.score_breakdown,
)


class TudorGame(Game):
    name = "tudor"
    title = TEXTS.text("game.title", ENGLISH)
    min_players = 2
    max_players = 4
    options = OPTIONS
    summary = TEXTS.text("game.summary", ENGLISH)
    domain = TEXTS
    event_kinds = EVENTS
    action_texts = ACTION_TEXTS
    # Measured so that each level beats the one below in 100 games (docs/bots.md).
    level_budgets = LevelBudgets(easy=30, medium=200, hard=1000, scale=2.0)

    def max_game_length(self, options: Mapping[str, Any]) -> int:
        """No short proof: four times the longest of 100 random games at each player count
        (510 decisions)."""
        return 2100

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = TudorState(self, HOOKS, num_players, options, Rng(seed))
        setup.deal(state)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = TudorState(self, HOOKS, num_players, options, rng)
        serialize.load_body(state, data)
        return state

    def write_observation_tensor(
        self, observation: Mapping[str, Any], writer: TensorWriter
    ) -> None:
        write_observation(observation, writer)

    def render(self, observation: Mapping[str, Any]) -> Any:
        return view.render(observation)

    def explain(self, observation: Mapping[str, Any]) -> str:
        return view.explain(observation)

    def heuristic(self, state: State, player: int) -> float:
        return evaluation.heuristic(state, player)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        best = evaluation.greedy_choices(state, legal)
        return super().greedy_choices(state, legal, player) if best is None else best

    def search_evaluations(self, state: State) -> list[float]:
        return evaluation.search_evaluations(state)

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, TudorState)
        return report_statistics(state)
