"""The For the King (and me) game object and its positions: identity, options, and the wiring
of the kernel's hooks to the modules that answer them (no rules here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core.actions import Action, ActionSpace, ChoiceGrid
from courtly.core.budgets import LevelBudgets
from courtly.core.events import Event
from courtly.core.i18n import ENGLISH
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.core.tensor import TensorWriter
from courtly.games.for_the_king import (
    evaluation,
    invariants,
    knowledge,
    scoring,
    serialize,
    setup,
    view,
)
from courtly.games.for_the_king.actions import ACTION_TEXTS, build_action_space
from courtly.games.for_the_king.codes import OVER
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.options import OPTIONS
from courtly.games.for_the_king.rules.dispatch import advance, apply_choice, legal_ids
from courtly.games.for_the_king.state import FtkState
from courtly.games.for_the_king.statistics import report_statistics
from courtly.games.for_the_king.tensor import write_observation
from courtly.games.for_the_king.words import TEXTS


class FtkPosition(FtkState):
    """A For the King position with the kernel's hooks wired to the rules, views and JSON."""

    __slots__ = ()

    def legal_action_ids(self) -> list[int]:
        return legal_ids(self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        phase = self.phase
        apply_choice(self, phase, action_id, events)
        advance(self, phase, events)

    def clone(self) -> FtkPosition:
        return FtkPosition(self.game, self.num_players, self.options, self.rng, self)

    def scores(self) -> list[float]:
        return [float(v) for v in scoring.victory_points(self)]

    def public_scores(self) -> list[float] | None:
        """Hidden until the end: the points count the hands (I7: shown at the end)."""
        return self.scores() if self.phase == OVER else None

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.phase == OVER else []

    def score_breakdown(self) -> dict[str, Any]:
        return scoring.score_breakdown(self)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return knowledge.observe(self, viewer)

    def _resample(self, player: int, rng: Rng) -> FtkState:
        return knowledge.resample(self, player, rng)

    def _resample_public(self, rng: Rng) -> FtkState:
        return knowledge.resample(self, None, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return serialize.body_to_json(self)

    def check_invariants(self) -> None:
        invariants.check_invariants(self)


class ForTheKing(Game):
    name = "for-the-king"
    title = TEXTS.text("game.title", ENGLISH)
    min_players = 2
    max_players = 5
    summary = TEXTS.text("game.summary", ENGLISH)
    options = OPTIONS
    domain = TEXTS
    event_kinds = EVENTS
    action_texts = ACTION_TEXTS
    # Measured so that each level beats the one below in 100 games (docs/bots.md).
    level_budgets = LevelBudgets(easy=5, medium=200, hard=800, scale=5.0)

    def max_game_length(self, options: Mapping[str, Any]) -> int:
        """No short proof: four times the longest of 100 random games at each player count
        (684 decisions)."""
        return 2800

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = FtkPosition(self, num_players, options, Rng(seed))
        setup.deal(state)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = FtkPosition(self, num_players, options, rng)
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

    def choice_grid(
        self, observation: Mapping[str, Any], legal: Sequence[Action], lang: str = ENGLISH
    ) -> ChoiceGrid | None:
        return view.choice_grid(observation, legal, lang)

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, FtkState)
        return evaluation.heuristic(state, player)

    def search_evaluation(self, state: State, player: int) -> float:
        """The heuristic with the Duties softened by the cards still to come."""
        assert isinstance(state, FtkState)
        return evaluation.heuristic(state, player, evaluation.soft_margin)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        assert isinstance(state, FtkState)
        return evaluation.greedy_choices(state, legal, player)

    def greedy_afters(
        self, state: State, legal: list[int], player: int, afters: list[State]
    ) -> list[int]:
        assert isinstance(state, FtkState)
        return evaluation.greedy_choices(state, legal, player, afters)

    def search_evaluations(self, state: State) -> list[float]:
        assert isinstance(state, FtkState)
        return evaluation.search_evaluations(state)

    def candidate_actions(self, state: State, legal: list[int]) -> list[int]:
        """The actions a search weighs (the ISMCTS agent asks for them when a game has them)."""
        assert isinstance(state, FtkState)
        return evaluation.candidate_actions(state, legal)

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, FtkState)
        return report_statistics(state)
