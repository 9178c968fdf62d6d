"""A tiny hidden-information game that exercises the kernel without any real game.

"High Cards": a deck of cards 0..9; each seat holds two hidden cards and on its turn plays
one face up to its own pile, then draws if the deck has cards. The game ends when every
hand is empty; the score is the sum of a seat's pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.errors import InvalidStateError
from courtly.core.events import Event, EventKinds
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State

CARDS = 10
# English only: a plug-in without a catalogue reads so in every language.
EVENTS = EventKinds(
    {"play": "{seat} plays {card}", "draw": "you draw {card}", "draws": "{seat} draws"}
)


class HighCardsState(State):
    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any], rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.piles: list[list[int]] = [[] for _ in range(num_players)]
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.turn

    @property
    def is_terminal(self) -> bool:
        return not any(self.hands)

    def legal_action_ids(self) -> list[int]:
        return [] if self.is_terminal else sorted(self.hands[self.turn])

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        player = self.turn
        self.hands[player].remove(action_id)
        self.piles[player].append(action_id)
        if events is not None:
            events.append(EVENTS.event("play", {"seat": player, "card": action_id}))
        if self.deck:
            card = self.deck.pop()
            self.hands[player].append(card)
            self.reveal()  # the drawing seat sees a card of the hidden deck
            if events is not None:
                events.append(EVENTS.event("draw", {"card": card}, frozenset({player})))
                events.append(EVENTS.event("draws", {"seat": player}))
        for _ in range(self.num_players):
            self.turn = (self.turn + 1) % self.num_players
            if self.hands[self.turn]:
                break

    def scores(self) -> list[float]:
        return [float(sum(p)) for p in self.piles]

    def clone(self) -> HighCardsState:
        other = type(self)(self.game, self.num_players, self.options, self.rng.copy())
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.piles = [p[:] for p in self.piles]
        other.turn = self.turn
        return other

    def phase_name(self) -> str:
        return "over" if self.is_terminal else "play"

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "turn": self.turn,
            "piles": [p[:] for p in self.piles],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
        }
        if viewer is not None:
            obs["hand"] = sorted(self.hands[viewer])
        return obs

    def _resample(self, player: int, rng: Rng) -> HighCardsState:
        world = self.clone()
        known = set(self.hands[player]) | {c for p in self.piles for c in p}
        unknown = sorted(set(range(CARDS)) - known)
        rng.shuffle(unknown)
        for seat in range(self.num_players):
            if seat != player:
                n = len(self.hands[seat])
                world.hands[seat] = sorted(unknown[:n])
                del unknown[:n]
        world.deck = unknown
        world.rng = Rng(rng.next_u64())
        return world

    def _body_to_json(self) -> dict[str, Any]:
        return {"deck": self.deck, "hands": self.hands, "piles": self.piles, "turn": self.turn}

    def check_invariants(self) -> None:
        cards = self.deck + [c for h in self.hands for c in h] + [c for p in self.piles for c in p]
        if sorted(cards) != list(range(CARDS)):
            raise InvalidStateError("every card must be somewhere exactly once")


class HighCards(Game):
    name = "high-cards"
    title = "High Cards (kernel test game)"
    min_players = 2
    max_players = 3
    options = (Option("bonus", 0, "unused test option", choices=(0, 1)),)
    event_kinds = EVENTS

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return ActionSpace(("play", (("card", c),)) for c in range(CARDS))

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        rng = Rng(seed)
        state = HighCardsState(self, num_players, options, rng)
        deck = list(range(CARDS))
        rng.shuffle(deck)
        for seat in range(num_players):
            state.hands[seat] = sorted(deck[-2:])
            del deck[-2:]
        state.deck = deck
        return state

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = HighCardsState(self, num_players, options, rng)
        state.deck = [int(c) for c in data["deck"]]
        state.hands = [[int(c) for c in h] for h in data["hands"]]
        state.piles = [[int(c) for c in p] for p in data["piles"]]
        state.turn = int(data["turn"])
        if len(state.hands) != num_players or len(state.piles) != num_players:
            raise InvalidStateError("one hand and one pile per player")
        return state
