"""What an agent is given: a seat's view of the game, never the game state itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from courtly.core.actions import Action
from courtly.core.rng import Rng
from courtly.core.state import Game, State


class SeatView:
    """The observation and legal choices of one seat, and a sampler of worlds consistent with
    them. The true state is kept out of reach: only ``sample_world`` touches it, and it hands out
    ``resample``d copies whose hidden parts are re-drawn."""

    __slots__ = ("_sampler", "game", "legal_actions", "num_players", "observation", "player")

    def __init__(self, state: State, player: int) -> None:
        self.game: Game = state.game
        self.player = player
        self.num_players = state.num_players
        self.observation: dict[str, Any] = state.observation(player)
        self.legal_actions: list[Action] = state.legal_actions()
        resample = state.resample
        self._sampler: Callable[[Rng], State] = lambda rng: resample(player, rng)

    def sample_world(self, rng: Rng) -> State:
        """A complete state drawn from the worlds this seat cannot tell apart from the real one."""
        return self._sampler(rng)


class Agent(Protocol):
    """A player. ``act`` sees only a :class:`SeatView` and its own seeded generator."""

    name: str

    def act(self, view: SeatView, rng: Rng) -> Action: ...
