"""The Tudor game object and its positions: identity, options, and the wiring of the kernel's
hooks to the modules that answer them (no rules here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core.actions import Action, ActionSpace, ChoiceGrid
from courtly.core.budgets import LevelBudgets
from courtly.core.events import Event
from courtly.core.i18n import ENGLISH
from courtly.core.rng import Rng
from courtly.core.state import Game, State, best_after
from courtly.core.tensor import TensorWriter
from courtly.games.tudor import evaluation, invariants, knowledge, scoring, serialize, setup, view
from courtly.games.tudor.actions import ACTION_TEXTS, build_action_space
from courtly.games.tudor.codes import M_OVER
from courtly.games.tudor.events import EVENTS
from courtly.games.tudor.options import OPTIONS
from courtly.games.tudor.rules import dispatch
from courtly.games.tudor.state import TudorState
from courtly.games.tudor.statistics import report_statistics
from courtly.games.tudor.tensor import write_observation
from courtly.games.tudor.words import TEXTS


class TudorPosition(TudorState):
    """A Tudor position with the kernel's hooks wired to the rules, views and JSON."""

    __slots__ = ()

    def legal_action_ids(self) -> list[int]:
        return dispatch.legal_action_ids(self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        dispatch.apply(self, action_id, events)

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.mode == M_OVER else []

    def clone(self) -> TudorPosition:
        return TudorPosition(self.game, self.num_players, self.options, self.rng, self)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return knowledge.observe(self, viewer)

    def _resample(self, player: int, rng: Rng) -> TudorState:
        return knowledge.resample(self, player, rng)

    def _resample_public(self, rng: Rng) -> TudorState:
        return knowledge.resample(self, None, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return serialize.body_to_json(self)

    def check_invariants(self) -> None:
        invariants.check_invariants(self)

    def score_breakdown(self) -> dict[str, Any]:
        return scoring.score_breakdown(self)


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
        state = TudorPosition(self, num_players, options, Rng(seed))
        setup.deal(state)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = TudorPosition(self, num_players, options, rng)
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

    def rules(self, observation: Mapping[str, Any]) -> str:
        return view.rules(observation)

    def choice_grid(
        self, observation: Mapping[str, Any], legal: Sequence[Action], lang: str = ENGLISH
    ) -> ChoiceGrid | None:
        return view.choice_grid(observation, legal, lang)

    def heuristic(self, state: State, player: int) -> float:
        return evaluation.heuristic(state, player)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        best = evaluation.greedy_choices(state, legal)
        return super().greedy_choices(state, legal, player) if best is None else best

    def greedy_afters(
        self, state: State, legal: list[int], player: int, afters: list[State]
    ) -> list[int]:
        """The copies played while weighing the candidates go to the search, which plays on
        from them instead of stepping the chosen id again (a tenth of a search's time). A pick
        of the Ring draft, or a finger for a drafted Ring, is not played to be weighed
        (``evaluation.greedy_choices``), so there ``afters`` stays empty."""
        best = evaluation.greedy_choices(state, legal)
        if best is not None:
            return best
        return best_after(state, legal, lambda after: evaluation.heuristic(after, player), afters)

    def search_evaluations(self, state: State) -> list[float]:
        return evaluation.search_evaluations(state)

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, TudorState)
        return report_statistics(state)
