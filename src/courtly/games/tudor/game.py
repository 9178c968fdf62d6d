"""The Tudor game object the kernel registers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.tudor import phases, serial
from courtly.games.tudor.actions import build_space
from courtly.games.tudor.board import BOARDS
from courtly.games.tudor.config import OPTIONS
from courtly.games.tudor.evaluation import heuristic


class TudorGame(Game):
    name = "tudor"
    title = "Tudor"
    min_players = 2
    max_players = 4
    options = OPTIONS
    summary = (
        "Jan Kirschner's Tudor: send Courtiers through the Audience Chambers into the Throne "
        "Room, take Court Offices and Privilege Rings, and collect the most Prestige."
    )

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_space(BOARDS[num_players])

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return phases.new_state(self, num_players, seed, options)

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        return serial.from_json(self, data, num_players, options, rng)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from courtly.games.tudor.view import render

        return render(observation)

    def heuristic(self, state: State, player: int) -> float:
        return heuristic(state, player)

    def report_statistics(self, state: State) -> dict[str, float | str]:
        from courtly.games.tudor.statistics import report_statistics

        return report_statistics(state)  # type: ignore[arg-type]  # a TudorState
