"""The Kingdoms game object: options, action space, new games and the greedy heuristic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State

# The rules modules register their handlers on import.
from courtly.games.kingdoms import (  # noqa: F401
    abilities,
    action_phase,
    ascendancy,
    chamberlain,
    contests,
    glory,
    population,
    turn,
)
from courtly.games.kingdoms.data import DEFAULT_TURN_LIMIT, NUM_CARDS, VALUE
from courtly.games.kingdoms.space import K_SELECT, build_space
from courtly.games.kingdoms.state import KingdomsState
from courtly.games.kingdoms.tasks import (
    T_HARVEST,
    T_HONOUR_TAKE,
    T_INVADE,
    T_INVENTION_TAKE,
    T_INVESTMENT_TAKE,
    T_ORACLE,
    T_PLEDGE,
    T_REAP_TAKE,
)

# Follow-ups whose choice puts a card into the deciding player's Glory: a one-step lookahead
# would otherwise only see the cost paid to start them (an outcast) and never begin one.
GLORY_FOLLOW_UPS = frozenset(
    {
        T_HARVEST,
        T_HONOUR_TAKE,
        T_INVADE,
        T_INVENTION_TAKE,
        T_INVESTMENT_TAKE,
        T_ORACLE,
        T_PLEDGE,
        T_REAP_TAKE,
    }
)


def _pending_glory(state: KingdomsState, player: int) -> float:
    """The best Glory value a pending follow-up of ``player`` is about to bring."""
    if not state.stack:
        return 0.0
    kind, owner = state.stack[-1][0], state.stack[-1][1]
    if owner != player or kind not in GLORY_FOLLOW_UPS:
        return 0.0
    best = 0
    for aid in state.legal_action_ids():
        card = aid - K_SELECT
        if 0 <= card < NUM_CARDS:
            best = max(best, VALUE[card])
    return float(best)


def _parse_turn_limit(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("the turn limit must be at least 1")
    return value


class KingdomsGame(Game):
    name = "kingdoms"
    title = "Kingdoms"
    min_players = 2
    max_players = 2
    summary = (
        "Two kingdoms of playing cards: crown Jacks, Queens and Kings, settle Subjects and "
        "outcast them into Glory; first to 10 Glory cards ends the game, highest total wins."
    )
    options = (
        Option(
            "turn_limit",
            DEFAULT_TURN_LIMIT,
            "turns (both players counted) after which the game ends and is scored",
            parse=_parse_turn_limit,
            allowed="an integer >= 1",
        ),
        Option(
            "battle",
            True,
            "Battle actions with Army cards (DATA.md's reconstruction of the lost rules)",
            choices=(True, False),
        ),
        Option(
            "scandal_glory",
            "opponent",
            "whose Glory a Scandal puts the Subject into (the rulebook says the opponent's)",
            choices=("opponent", "own"),
        ),
        Option(
            "battle_ties",
            "defender",
            "who wins a Battle of equal strength",
            choices=("defender", "attacker"),
        ),
    )

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_space()

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from courtly.games.kingdoms.turn import deal

        state = KingdomsState(self, options, Rng(seed))
        deal(state)
        state.advance(None)
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        from courtly.games.kingdoms.serial import fill_from_json

        state = KingdomsState(self, options, rng)
        fill_from_json(state, data)
        return state

    def render(self, observation: Mapping[str, Any]) -> Any:
        from courtly.games.kingdoms.view import render

        return render(observation)

    def report_statistics(self, state: State) -> dict[str, float | str]:
        from courtly.games.kingdoms.statistics import report_statistics

        assert isinstance(state, KingdomsState)
        return report_statistics(state)

    def heuristic(self, state: State, player: int) -> float:
        """Glory total difference, plus a little for material that can become Glory."""
        assert isinstance(state, KingdomsState)
        scores = state.scores()
        if state.is_terminal:
            diff = scores[player] - scores[1 - player]
            return 1000.0 * ((diff > 0) - (diff < 0)) + diff
        value = scores[player] - scores[1 - player] + _pending_glory(state, player)
        for q, sign in ((player, 1.0), (1 - player, -1.0)):
            pop = sum(VALUE[c] for c in state.subjects(q))
            court = sum(1 for c in state.court[q] if c >= 0)
            value += sign * (0.25 * pop + 0.5 * court + 0.2 * len(state.hand[q]))
        return value
