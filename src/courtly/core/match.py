"""Playing one whole game between agents, deterministically from a seed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import CourtlyError
from courtly.core.events import Event
from courtly.core.records import GameRecord, new_record, result_of
from courtly.core.seat import Agent, SeatView
from courtly.core.seeds import seat_rng
from courtly.core.state import Game, State

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
    """Play a game to its end with one agent per seat. Agents see only :class:`SeatView`s."""
    state = game.new_game(len(agents), seed=seed, options=options)
    rngs = [seat_rng(seed, seat) for seat in range(len(agents))]
    record = new_record(state, [a.name for a in agents], seed) if keep_record else None
    decisions = 0
    while True:
        player = state.current_player
        if player is None:
            break
        if decisions >= MAX_DECISIONS:
            raise CourtlyError(
                f"{game.name} game with seed {seed} did not end in {MAX_DECISIONS} decisions"
            )
        view = SeatView(state, player)
        action = agents[player].act(view, rngs[player])
        view.expire()
        if on_events is None and view.offered(action):
            # One of the very actions the view offered in this position: the checks of ``play``
            # are already done. Nobody reads the events (a record keeps only actions and
            # fingerprints): none are made.
            state.step(action.id)
        elif on_events is None:
            state.play(action, player=player)
        else:
            events = state.apply(action, player=player)
            on_events(state, events)
        if record is not None:
            record.actions.append(action.to_json())
            record.fingerprints.append(state.fingerprint())
        decisions += 1
    if record is not None:
        record.result = result_of(state)
    return MatchResult(state, record, decisions)
