"""A tiny hidden-information card game, so the bots are tested apart from the real games.

Duel: cards 1..9; each of two players is dealt 3 face down, 3 stay undealt and unseen. Three
tricks: the leader plays a card face up, then decides (a second decision in a row) whether
to raise the trick's stake from 1 to 2; the follower plays a card; the higher card takes
the stake and leads the next trick. Most points wins; equal points share the victory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import Game, State

CARDS = tuple(range(1, 10))
HAND = 3
TRICKS = 3
RAISE = len(CARDS)
HOLD = len(CARDS) + 1
LEAD, STAKE, FOLLOW, OVER = "lead", "stake", "follow", "over"


class DuelState(State):
    # The kernel's own attributes (game, num_players, options, rng) are State's: named here
    # again, they would hide the compiled build's fields from its compiled code.
    __slots__ = (
        "hands",
        "leader",
        "phase",
        "played",
        "points",
        "stake",
        "table",
        "undealt",
    )

    def __init__(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.num_players = 2
        self.options: Mapping[str, Any] = {}
        self.rng = rng
        self.hands: list[list[int]] = [[], []]
        self.undealt: list[int] = []
        self.played: list[int] = []
        self.points = [0, 0]
        self.leader = 0
        self.phase = LEAD
        self.table = 0
        self.stake = 1

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.leader if self.phase in (LEAD, STAKE) else 1 - self.leader

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self) -> list[int]:
        player = self.current_player
        if player is None:
            return []
        if self.phase == STAKE:
            return [RAISE, HOLD]
        return sorted(card - 1 for card in self.hands[player])

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        player = self.current_player
        assert player is not None
        if self.phase == STAKE:
            self.stake = 2 if action_id == RAISE else 1
            self.phase = FOLLOW
            return
        card = action_id + 1
        self.hands[player].remove(card)
        self.played.append(card)
        if self.phase == LEAD:
            self.table = card
            self.phase = STAKE
            return
        winner = self.leader if self.table > card else player
        self.points[winner] += self.stake
        self.leader = winner
        self.table = 0
        self.stake = 1
        self.phase = OVER if len(self.played) == 2 * TRICKS else LEAD

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def clone(self) -> DuelState:
        other = DuelState(self.game, self.rng.copy())
        other.hands = [list(h) for h in self.hands]
        other.undealt = list(self.undealt)
        other.played = list(self.played)
        other.points = list(self.points)
        other.leader = self.leader
        other.phase = self.phase
        other.table = self.table
        other.stake = self.stake
        return other

    def phase_name(self) -> str:
        return "over" if self.is_terminal else "play"

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand_sizes": [len(h) for h in self.hands],
            "played": list(self.played),
            "points": list(self.points),
            "leader": self.leader,
            "round_phase": self.phase,
            "table": self.table,
            "stake": self.stake,
        }
        if viewer is not None:
            out["hand"] = sorted(self.hands[viewer])
        return out

    def _resample(self, player: int, rng: Rng) -> DuelState:
        other = self.clone()
        pool = sorted(set(CARDS) - set(self.hands[player]) - set(self.played))
        rng.shuffle(pool)
        size = len(self.hands[1 - player])
        other.hands[1 - player] = pool[:size]
        other.undealt = pool[size:]
        other.rng = Rng(rng.next_u64())
        return other

    def _body_to_json(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "undealt": list(self.undealt),
            "played": list(self.played),
            "points": list(self.points),
            "leader": self.leader,
            "phase": self.phase,
            "table": self.table,
            "stake": self.stake,
        }


class DuelGame(Game):
    name = "duel"
    title = "Duel"
    min_players = 2
    max_players = 2
    summary = "a toy hidden-hand trick game for testing bots"

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        specs: list[tuple[str, list[tuple[str, Any]]]] = [
            ("play", [("card", card)]) for card in CARDS
        ]
        specs.append(("raise", []))
        specs.append(("hold", []))
        return ActionSpace(specs)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> DuelState:
        state = DuelState(self, Rng(seed))
        deck = list(CARDS)
        state.rng.shuffle(deck)
        state.hands = [sorted(deck[:HAND]), sorted(deck[HAND : 2 * HAND])]
        state.undealt = deck[2 * HAND :]
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> DuelState:
        state = DuelState(self, rng)
        state.hands = [list(h) for h in data["hands"]]
        state.undealt = list(data["undealt"])
        state.played = list(data["played"])
        state.points = list(data["points"])
        state.leader = int(data["leader"])
        state.phase = str(data["phase"])
        state.table = int(data["table"])
        state.stake = int(data["stake"])
        return state

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, DuelState)
        return float(state.points[player] - state.points[1 - player]) + 0.1 * (
            sum(state.hands[player]) - sum(state.hands[1 - player])
        )


DUEL = DuelGame()
