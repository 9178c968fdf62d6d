"""The Courtisans game object: identity, options, and the wiring of the modules that hold the
action space, the opening, loading, the terminal view and the bots' evaluations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.core.actions import Action, ActionSpace, ChoiceGrid
from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.core.tensor import TensorWriter
from courtly.games.courtisans import evaluation, setup, view
from courtly.games.courtisans.actions import ACTION_TEXTS, build_action_space
from courtly.games.courtisans.data import MAX_PLAYERS, MIN_PLAYERS
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.options import OPTIONS
from courtly.games.courtisans.serialize import load_body
from courtly.games.courtisans.state import CourtisansState
from courtly.games.courtisans.statistics import report_statistics
from courtly.games.courtisans.tensor import write_observation
from courtly.games.courtisans.words import TEXTS


class CourtisansGame(Game):
    name: ClassVar[str] = "courtisans"
    title: ClassVar[str] = TEXTS.text("game.title", ENGLISH)
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    summary: ClassVar[str] = TEXTS.text("game.summary", ENGLISH)
    domain = TEXTS
    event_kinds = EVENTS
    action_texts = ACTION_TEXTS

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, CourtisansState)
        return report_statistics(state)

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> CourtisansState:
        return setup.new_state(self, num_players, seed, options)

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> CourtisansState:
        state = CourtisansState(self, num_players, options, rng)
        load_body(state, data)
        return state

    def render(self, observation: Mapping[str, Any]) -> Any:
        return view.render(observation)

    def choice_grid(
        self, observation: Mapping[str, Any], legal: Sequence[Action], lang: str = ENGLISH
    ) -> ChoiceGrid | None:
        return view.choice_grid(observation, legal, lang)

    def explain(self, observation: Mapping[str, Any]) -> str:
        return view.explain(observation)

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, CourtisansState)
        return evaluation.heuristic(state, player)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        assert isinstance(state, CourtisansState)
        best = evaluation.greedy_choices(state, legal, player)
        return super().greedy_choices(state, legal, player) if best is None else best

    def search_evaluation(self, state: State, player: int) -> float:
        assert isinstance(state, CourtisansState)
        return evaluation.search_evaluation(state, player)

    def write_observation_tensor(
        self, observation: Mapping[str, Any], writer: TensorWriter
    ) -> None:
        write_observation(observation, writer)
