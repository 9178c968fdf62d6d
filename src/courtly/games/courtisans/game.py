"""The Courtisans game object: options, action space, setup, loading, rendering, heuristic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from courtly.core.actions import ActionSpace
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.courtisans.action_table import (
    ABOVE,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    BELOW,
    FIRST_DOMAIN,
    build_action_space,
)
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_CARDS,
    REMOVED_AT_SETUP,
    WHITE_MISSIONS,
)
from courtly.games.courtisans.heuristic import estimate, evaluate
from courtly.games.courtisans.serialize import load_body
from courtly.games.courtisans.state import CourtisansState
from courtly.games.courtisans.statistics import report_statistics
from courtly.games.courtisans.view import render

SPY_MEMORY = Option(
    "spy_memory",
    "remember",
    "whether the player who played a face-down spy knows which card it is (remember) "
    "or is treated as not knowing it, like everyone else (forget); see RULINGS R1",
    choices=("remember", "forget"),
)


def _open_zones(num_players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per seat and per "areas used" bits, the zones still open this turn (C3.2)."""
    table = []
    for seat in range(num_players):
        per_used = []
        for used in range(8):
            zones: list[int] = []
            if not used & AREA_QUEEN:
                zones += [ABOVE, BELOW]
            for owner in range(num_players):
                area = AREA_OWN if owner == seat else AREA_OPPONENT
                if not used & area:
                    zones.append(FIRST_DOMAIN + owner)
            per_used.append(tuple(zones))
        table.append(tuple(per_used))
    return tuple(table)


class CourtisansGame(Game):
    name: ClassVar[str] = "courtisans"
    title: ClassVar[str] = "Courtisans"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[Option, ...]] = (SPY_MEMORY,)
    summary: ClassVar[str] = (
        "Play three courtiers a turn: one at the Queen's table (above or below) to make a family "
        "esteemed or fallen, one in your domain and one in an opponent's. Nobles count double, "
        "spies hide face down, assassins eliminate, guards are safe; secret missions score 3."
    )

    def __init__(self) -> None:
        super().__init__()
        self._zones = {n: _open_zones(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}

    def report_statistics(self, state: State) -> dict[str, float | str]:
        assert isinstance(state, CourtisansState)
        return report_statistics(state)

    def open_zones(self, num_players: int, seat: int, used: int) -> tuple[int, ...]:
        return self._zones[num_players][seat][used]

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space(num_players)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> CourtisansState:
        rng = Rng(seed)
        state = CourtisansState(self, num_players, options, rng)
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        # C2.1: set aside cards unseen; C2.2: deal 3 to each; C2.3: the rest is the deck.
        removed = REMOVED_AT_SETUP[num_players]
        state.removed = sorted(deck[:removed])
        del deck[:removed]
        for hand in state.hands:
            hand.extend(deck[-HAND_SIZE:])
            del deck[-HAND_SIZE:]
            hand.sort()
        state.deck = sorted(deck)
        # C2.4: one white and one blue Secret Mission each; the others stay unseen in the box.
        whites = list(WHITE_MISSIONS)
        blues = list(BLUE_MISSIONS)
        rng.shuffle(whites)
        rng.shuffle(blues)
        state.white = whites[:num_players]
        state.blue = blues[:num_players]
        state.unused_missions = sorted(whites[num_players:] + blues[num_players:])
        # C2.5: a random first player.
        state.first_player = state.current = rng.below(num_players)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> CourtisansState:
        state = CourtisansState(self, num_players, options, rng)
        load_body(state, data)
        return state

    def render(self, observation: Mapping[str, Any]) -> Any:
        return render(observation)

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, CourtisansState)
        return evaluate(state, player)

    def search_evaluation(self, state: State, player: int) -> float:
        assert isinstance(state, CourtisansState)
        return estimate(state, player)
