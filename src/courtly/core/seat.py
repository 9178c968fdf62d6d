"""What an agent is given: a seat's view of the game, never the game state itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, Protocol

from courtly.core.actions import Action
from courtly.core.rng import Rng
from courtly.core.state import Game, State


def _moved_on(*_: object) -> NoReturn:
    raise RuntimeError("a seat's view was used after the game moved on from its decision")


class SeatView:
    """The observation and legal choices of one seat, and a sampler of worlds consistent with
    them. The true state is kept out of reach: only ``sample_world`` touches it, and it hands out
    ``resample``d copies whose hidden parts are re-drawn.

    The observation is made when it is first read: most agents never read it (a random one, the
    searches, which see the game through ``sample_world``), and it cost more than half of a
    random game's time. A view is therefore good only while its state stands still: whoever
    moves the state on calls :meth:`expire` first (``play_match`` does), after which the view
    refuses to read it, or makes the view with ``observe_now`` (a front whose views may outlive
    the position, like ``Table.seat_view``)."""

    __slots__ = (
        "_observation",
        "_observe",
        "_offered",
        "_sampler",
        "game",
        "legal_actions",
        "num_players",
        "player",
    )

    def __init__(self, state: State, player: int, observe_now: bool = False) -> None:
        self.game: Game = state.game
        self.player = state.check_seat(player)
        self.num_players = state.num_players
        self.legal_actions: list[Action] = state.legal_actions()
        # The agent's list is its own to change; what was offered is kept apart.
        self._offered = tuple(self.legal_actions)
        # Closures over this seat, not the state: nothing here hands the state out, nor another
        # seat's observation.
        observe, resample = state.observation, state.resample
        self._observe: Callable[[], dict[str, Any]] = lambda: observe(player)
        self._sampler: Callable[[Rng], State] = lambda rng: resample(player, rng)
        self._observation: dict[str, Any] | None = (
            state.observation(player) if observe_now else None
        )

    @property
    def observation(self) -> dict[str, Any]:
        """JSON-able: what this seat may know (``State.observation``), made on the first read."""
        observation = self._observation
        if observation is None:
            observation = self._observation = self._observe()
        return observation

    def sample_world(self, rng: Rng) -> State:
        """A complete state drawn from the worlds this seat cannot tell apart from the real one."""
        return self._sampler(rng)

    def offered(self, action: Action) -> bool:
        """Whether ``action`` is one of the very objects this view offered (then it is legal in
        the view's position; an equal action built elsewhere, from JSON say, answers False)."""
        # A plain loop: any() over a generator costs three times as much, on every decision.
        for offered in self._offered:  # noqa: SIM110
            if offered is action:
                return True
        return False

    def expire(self) -> None:
        """Called before the state moves on: the view keeps an observation already read, and
        refuses to read the state again (a later position is not what this seat was shown)."""
        self._observe = _moved_on
        self._sampler = _moved_on


class PublicView:
    """What a spectator has of the game: its observation (``observation(None)``), whose turn it
    is, and a sampler of worlds consistent with the public view alone (``State.resample`` with
    None: every card no spectator saw re-drawn, each seat's own hand too). Like a
    :class:`SeatView`, it keeps the true state out of reach; unlike one, it offers no legal
    actions, which would tell what the seat to act holds."""

    __slots__ = ("_observe", "_sampler", "game", "num_players", "to_act")

    def __init__(self, state: State) -> None:
        self.game: Game = state.game
        self.num_players = state.num_players
        self.to_act: int | None = state.current_player
        observe, resample = state.observation, state.resample
        self._observe: Callable[[], dict[str, Any]] = lambda: observe(None)
        self._sampler: Callable[[Rng], State] = lambda rng: resample(None, rng)

    @property
    def observation(self) -> dict[str, Any]:
        """JSON-able: what a spectator may know now."""
        return self._observe()

    def sample_world(self, rng: Rng) -> State:
        """A complete state drawn from the worlds a spectator cannot tell from the real one."""
        return self._sampler(rng)

    def expire(self) -> None:
        """Called before the state moves on (see :meth:`SeatView.expire`)."""
        self._observe = _moved_on
        self._sampler = _moved_on


class Agent(Protocol):
    """A player. ``act`` sees only a :class:`SeatView` and its own seeded generator."""

    name: str

    def act(self, view: SeatView, rng: Rng) -> Action: ...
