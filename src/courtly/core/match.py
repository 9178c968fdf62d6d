"""Playing one whole game between agents, deterministically from a seed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import CourtlyError
from courtly.core.events import Event
from courtly.core.records import GameRecord
from courtly.core.seat import Agent
from courtly.core.state import Game, State
from courtly.core.table import Table

# A safety net: no rulebook game here comes near it, so reaching it means a rules bug.
MAX_DECISIONS = 100_000


@dataclass
class MatchResult:
    state: State
    record: GameRecord | None
    decisions: int

    @property
    def scores(self) -> list[float]:
        return self.state.scores()

    @property
    def winners(self) -> list[int]:
        return self.state.winners()


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
    keep_record: bool = False,
    on_events: Callable[[State, list[Event]], None] | None = None,
) -> MatchResult:
    """Play a game to its end with one agent per seat, on a :class:`Table` as every front
    plays: agents see only their seat's view and decide with the table's generators
    (``Table.choose``), so a game played here is the game a table plays with the same seed and
    agents. Events are made only for ``on_events``, fingerprints only for ``keep_record``."""
    names = [agent.name for agent in agents]
    table = Table(game, len(agents), seed=seed, options=options, seats=names, record=keep_record)
    state = table.state
    watched = on_events is not None
    decisions = 0
    while (player := state.current_player) is not None:
        if decisions >= MAX_DECISIONS:
            raise CourtlyError(
                f"{game.name} game with seed {seed} did not end in {MAX_DECISIONS} decisions"
            )
        events = table.play(player, table.choose(player, agents[player]), watched)
        if on_events is not None:
            on_events(state, events)
        decisions += 1
    return MatchResult(state, table.record if keep_record else None, decisions)
