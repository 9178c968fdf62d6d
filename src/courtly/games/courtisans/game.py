"""The Courtisans game object and its positions: identity, options, and the wiring of the
kernel's hooks to the modules that answer them (no rules here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.core.actions import Action, ActionSpace, ChoiceGrid
from courtly.core.budgets import LevelBudgets
from courtly.core.events import Event
from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.core.tensor import TensorWriter
from courtly.games.courtisans import (
    evaluation,
    invariants,
    knowledge,
    scoring,
    serialize,
    setup,
    view,
)
from courtly.games.courtisans.actions import ACTION_TEXTS, build_action_space
from courtly.games.courtisans.data import MAX_PLAYERS, MIN_PLAYERS
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.options import OPTIONS
from courtly.games.courtisans.rules.dispatch import advance, apply_choice, legal_ids
from courtly.games.courtisans.state import CourtisansState
from courtly.games.courtisans.statistics import report_statistics
from courtly.games.courtisans.tensor import write_observation
from courtly.games.courtisans.words import TEXTS


class CourtisansPosition(CourtisansState):
    """A Courtisans position with the kernel's hooks wired to the rules, views and JSON."""

    __slots__ = ()

    # These two hooks are the search's hot path: the dispatch's chains are called directly.

    def legal_action_ids(self) -> list[int]:
        return legal_ids(self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        apply_choice(self, action_id, events)
        advance(self, events)

    def clone(self) -> CourtisansPosition:
        return CourtisansPosition(self.game, self.num_players, self.options, self.rng, self)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def public_scores(self) -> list[float] | None:
        return scoring.scores(self)

    def score_breakdown(self) -> dict[str, Any]:
        return scoring.score_breakdown(self)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return knowledge.observe(self, viewer)

    def _resample(self, player: int, rng: Rng) -> CourtisansState:
        return knowledge.resample(self, player, rng)

    def _resample_public(self, rng: Rng) -> CourtisansState:
        return knowledge.resample(self, None, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return serialize.body_to_json(self)

    def check_invariants(self) -> None:
        invariants.check_invariants(self)


class CourtisansGame(Game):
    name: ClassVar[str] = "courtisans"
    title: ClassVar[str] = TEXTS.text("game.title", ENGLISH)
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    summary: ClassVar[str] = TEXTS.text("game.summary", ENGLISH)
    # Each mission dealt is completed or not (statistics.py): its mean is a rate.
    report_rates: ClassVar[frozenset[str]] = frozenset({"missions completed"})
    domain = TEXTS
    event_kinds = EVENTS
    action_texts = ACTION_TEXTS
    # Measured so that each level beats the one below in 100 games (docs/bots.md). Luck weighs
    # most here, so the levels need the widest spacing: a medium of 200 iterations won only 57%
    # against an easy of 40, a hard of 1000 only 54% against a medium of 200 (69% against 20).
    level_budgets = LevelBudgets(easy=3, medium=20, hard=1000, scale=3.0)

    def max_game_length(self, options: Mapping[str, Any]) -> int:
        """Exact: every card is played at most once (90), and each of the 12 Assassins asks
        for at most one kill decision."""
        return 90 + 12

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, CourtisansState)
        return report_statistics(state)

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> CourtisansState:
        state = CourtisansPosition(self, num_players, options, Rng(seed))
        setup.deal(state)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> CourtisansState:
        state = CourtisansPosition(self, num_players, options, rng)
        serialize.load_body(state, data)
        return state

    def render(self, observation: Mapping[str, Any]) -> Any:
        return view.render(observation)

    def choice_grid(
        self, observation: Mapping[str, Any], legal: Sequence[Action], lang: str = ENGLISH
    ) -> ChoiceGrid | None:
        return view.choice_grid(observation, legal, lang)

    def explain(self, observation: Mapping[str, Any]) -> str:
        return view.explain(observation)

    def rules(self, observation: Mapping[str, Any]) -> str:
        return view.rules(observation)

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
