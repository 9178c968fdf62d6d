"""The Kingdoms game object and its positions: identity, options, and the wiring of the kernel's
hooks to the modules that answer them (no rules here)."""

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
from courtly.games.kingdoms import (
    evaluation,
    invariants,
    knowledge,
    scoring,
    serialize,
    setup,
    view,
)
from courtly.games.kingdoms.actions import TEXTS_OF_ACTIONS, build_action_space
from courtly.games.kingdoms.codes import PH_OVER
from courtly.games.kingdoms.events import EVENTS
from courtly.games.kingdoms.options import OPTIONS
from courtly.games.kingdoms.rules import dispatch
from courtly.games.kingdoms.state import KingdomsState
from courtly.games.kingdoms.statistics import EVENT_COUNTS, report_statistics
from courtly.games.kingdoms.tensor import write_observation
from courtly.games.kingdoms.words import TEXTS


class KingdomsPosition(KingdomsState):
    """A Kingdoms position with the kernel's hooks wired to the rules, views and JSON."""

    __slots__ = ()

    def legal_action_ids(self) -> list[int]:
        if self.phase == PH_OVER:
            return []
        if self._legal is not None:
            return self._legal[:]
        stack = self.stack
        if stack:
            top = stack[-1]
            return dispatch.TASK_LEGAL[top[0]](self, top)
        return dispatch.PHASE_LEGAL[self.phase](self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        self._play(action_id, events, True)

    def step_to_score(self, action_id: int) -> None:
        # The greedy policy's candidates: their next legal ids are never asked for.
        self._play(action_id, None, False)

    def _play(self, action_id: int, events: list[Event] | None, keep_legal: bool) -> None:
        self._legal = None
        stack = self.stack
        if stack:
            top = stack.pop()
            dispatch.TASK_APPLY[top[0]](self, top, action_id, events)
        else:
            dispatch.PHASE_APPLY[self.phase](self, action_id, events)
        dispatch.advance(self, events, keep_legal)

    def clone(self) -> KingdomsPosition:
        return KingdomsPosition(self.game, self.options, self.rng, self)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return knowledge.observe(self, viewer)

    def _resample(self, player: int, rng: Rng) -> KingdomsState:
        return knowledge.resample(self, player, rng)

    def _resample_public(self, rng: Rng) -> KingdomsState:
        return knowledge.resample(self, None, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return serialize.body_to_json(self)

    def check_invariants(self) -> None:
        invariants.check_invariants(self)

    def score_breakdown(self) -> dict[str, Any]:
        return scoring.score_breakdown(self)


class KingdomsGame(Game):
    name = "kingdoms"
    title = TEXTS.text("game.title", ENGLISH)
    min_players = 2
    max_players = 2
    summary = TEXTS.text("game.summary", ENGLISH)
    options = OPTIONS
    domain = TEXTS
    event_kinds = EVENTS
    action_texts = TEXTS_OF_ACTIONS
    # Measured so that each level beats the one below in 100 games (docs/bots.md); a medium
    # of 150 iterations is needed: one won only 58% against an easy of 30.
    level_budgets = LevelBudgets(easy=5, medium=150, hard=600, scale=8.0)

    def max_game_length(self, options: Mapping[str, Any]) -> int:
        """No short proof: four times the longest of 100 random games (3430 decisions in the
        default 200 turns), per turn of the ``turn_limit``."""
        return 70 * int(options["turn_limit"])

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = KingdomsPosition(self, options, Rng(seed))
        setup.deal(state)
        dispatch.advance(state, None)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = KingdomsPosition(self, options, rng)
        serialize.load_body(state, data)
        # A hand-written position may name a phase that has not started (phase_started false)
        # with nothing pending: start it now, as play would have, so its checks (the seven-card
        # rule, the duel's mulligans...) hold before anyone acts. Engine positions never rest
        # there, so this changes nothing for them.
        if not state.stack and not state.entered and state.phase != PH_OVER:
            invariants.check_cards(state)
            dispatch.settle(state, None)
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

    report_event_counts = EVENT_COUNTS

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, KingdomsState)
        return report_statistics(state)

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, KingdomsState)
        return evaluation.heuristic(state, player)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        assert isinstance(state, KingdomsState)
        return evaluation.greedy_choices(state, legal, player)

    def greedy_afters(
        self, state: State, legal: list[int], player: int, afters: list[State]
    ) -> list[int]:
        assert isinstance(state, KingdomsState)
        return evaluation.greedy_choices(state, legal, player, afters)
