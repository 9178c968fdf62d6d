"""The courtly games as PettingZoo AEC environments: ``env("tudor", players=3)``.

Agents are ``seat_0`` .. ``seat_{n-1}``; the agent selected is always the seat to decide.
Each observation is ``{"observation": the seat's observation_tensor (float32), "action_mask":
int8 over our whole action space}``; the mask is all zeros for a seat that is not to act (as
PettingZoo's classic games do). Rewards come at the end: our ``rewards`` (1 shared among the
winners). ``render_mode="ansi"`` gives the spectator's view drawn by the game's own renderer.
An action that is not legal now is refused with our ``IllegalActionError`` (what ``State.apply``
and the OpenSpiel adapter raise), and nothing changes.
Seeding: ``reset(seed=s)`` deals the game of seed ``s``, the one ``new_game(n, seed=s)``, a
record and ``courtly simulate`` deal; a reset without a seed takes the next seed of the
sequence ``Rng(s)`` draws (docs/interop.md). ``game_seed`` is the seed of the game being
played, ``core`` our state (the true position: never an agent's observation). ``state()`` is
PettingZoo's default, not implemented: we have no vector of the whole position to give.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from courtly.core.actions import plain_int
from courtly.core.errors import IllegalActionError
from courtly.core.registry import load_game
from courtly.core.rng import Rng, fresh_seed
from courtly.core.state import State, check_seed
from courtly.core.tensor import layout_size

RENDER_WIDTH = 100


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class CourtlyAECEnv(AECEnv):  # type: ignore[misc]
    """One courtly game at a player count and options, as an AEC environment."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = load_game(game)
        players = self.game.check_players(players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.num_players = players
        self.options = self.game.resolve_options(options)
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"courtly_{game.replace('-', '_')}_v0",
        }
        self.possible_agents = [agent_name(s) for s in range(players)]
        actions = self.game.action_space_size(players, self.options)
        size = layout_size(self.game.observation_tensor_layout(players, self.options))
        box = spaces.Box(low=-numpy.inf, high=numpy.inf, shape=(size,), dtype=numpy.float32)
        mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=numpy.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        # The seeds of the resets without one: the sequence the last seeded reset started.
        self._seeds: Rng | None = None
        #: The seed of the game being played: ``new_game(players, seed=game_seed)`` deals it.
        self.game_seed: int | None = None
        #: Our state, the true position (every hand in it): read it, never hand it to an agent.
        #: Not PettingZoo's ``state()``, which is a method (left to PettingZoo's default).
        self.core: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _dealt(self) -> State:
        if self.core is None:
            raise RuntimeError("call reset() before using the environment")
        return self.core

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the game of ``seed`` (any integer, numpy's too), or without one the next seed
        of the sequence that the last seeded reset started (a fresh one at first)."""
        if seed is not None:
            dealt = check_seed(seed)
            self._seeds = Rng(dealt)
        elif self._seeds is None:
            dealt = fresh_seed()
            self._seeds = Rng(dealt)
        else:
            dealt = self._seeds.next_u64()
        self.core = self.game.new_game(self.num_players, dealt, self.options)
        self.game_seed = dealt
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._dealt().current_player
        if seat is not None:
            self.agent_selection = agent_name(seat)

    def observe(self, agent: str) -> dict[str, numpy.ndarray[Any, Any]]:
        state = self._dealt()
        seat = self.possible_agents.index(agent)
        mask = numpy.zeros(self.action_spaces[agent].n, dtype=numpy.int8)
        if state.current_player == seat:
            mask[state.legal_action_ids()] = 1
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._dealt()
        choice = plain_int(action)  # an id, numpy's integers too
        if choice is None:
            raise IllegalActionError.keyed("error.api.action", value=action)
        if choice not in state.legal_action_ids():
            # Refused as ``State.apply`` refuses it (naming the legal choices), before anything
            # changes; ``play`` raises here since the id is not legal.
            state.play(choice)
        self._cumulative_rewards[agent] = 0.0
        state.step(choice)
        if state.is_terminal:
            for seat, reward in enumerate(state.rewards()):
                self.rewards[agent_name(seat)] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        console = Console(file=io.StringIO(), width=RENDER_WIDTH, color_system=None)
        console.print(self.game.render(self._dealt().observation(None)))
        text: str = console.file.getvalue()  # type: ignore[attr-defined]
        return text

    def close(self) -> None:
        self.core = None


def raw_env(
    game: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> CourtlyAECEnv:
    """The environment without PettingZoo's checking wrappers."""
    return CourtlyAECEnv(game, players, options, render_mode)


def env(
    game: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The environment of ``game`` at ``players`` seats, wrapped like PettingZoo's classic games
    (an illegal or out-of-range action is an error, calls must come in order)."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game, players, options, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)
