"""The Courtisans position: its fields (citing the clauses) and primitive changes.

A turn is up to four small decisions: three "play card X to zone Y" (one card per area: the
Queen's table, the player's own domain, one opponent's domain; C3.2), each followed, when the
card is an Assassin with something to kill, by "eliminate the card at position P" or "spare"
(C5.3). Cards are ints (see data.py); each zone is a list in placement order, so the position of
a card is a public handle that never names a face-down spy. This module holds the fields only:
the rules are in ``rules/``, what a seat may know in knowledge.py, the JSON body in serialize.py,
the checks in invariants.py, and ``game.py`` wires the kernel's hooks to them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.courtisans.codes import (
    ABOVE,
    BELOW,
    FIRST_DOMAIN,
    NO_SEAT,
    NO_ZONE,
    PHASE_ELIMINATE,
    PHASE_OVER,
    PHASE_PLAY,
)
from courtly.games.courtisans.data import SPY_CARDS, SPY_INDEX
from courtly.games.courtisans.options import Parameters


class CourtisansState(State):
    """The fields of a position and what reading them takes. The rules' hooks
    (``legal_action_ids``, ``_apply``, the scores, the views, the JSON body) are wired by the
    subclass in ``game.py``, which is the class every position really has."""

    __slots__ = (
        "above",
        "below",
        "blue",
        "current",
        "deck",
        "domains",
        "eliminated",
        "first_player",
        "game",
        "hands",
        "num_players",
        "options",
        "params",
        "pending",
        "removed",
        "rng",
        "spy_player",
        "unused_missions",
        "used",
        "white",
    )

    # The deck is shuffled face down: its order is unknowable, so it is kept sorted and each
    # draw takes a uniformly random card with the state's generator (RULINGS R12).
    deck: list[int]
    removed: list[int]  # set aside unseen at setup (C2.1), kept sorted
    hands: list[list[int]]  # kept sorted
    above: list[int]  # the Queen's table, in placement order (spies sit in the Queen's column)
    below: list[int]
    domains: list[list[int]]
    eliminated: list[int]  # removed from the game by assassins, in order
    spy_player: list[int]  # per spy (SPY_INDEX): the seat that played it, or NO_SEAT
    white: list[int]  # per seat, its white Secret Mission (index into MISSIONS)
    blue: list[int]
    unused_missions: list[int]  # back in the box unseen, sorted
    first_player: int
    current: int  # the seat to decide, NO_SEAT once the game is over
    used: int  # AREA_* bits used this turn
    pending: int  # zone of an Assassin awaiting its kill decision, or NO_ZONE
    params: Parameters  # the options, read once

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, Any],
        rng: Rng,
        copy_of: CourtisansState | None = None,
    ) -> None:
        """An empty position, or a copy of ``copy_of`` sharing nothing mutable: what
        :meth:`clone` makes, field by field with no call in between (the search's hot path;
        compiled, a class cannot be made with ``__new__`` and filled in)."""
        if copy_of is not None:
            other = copy_of
            self.game = other.game
            self.num_players = other.num_players
            self.options = other.options
            self.rng = other.rng.copy()
            self.params = other.params
            self.deck = other.deck[:]
            self.removed = other.removed[:]
            self.hands = [h[:] for h in other.hands]
            self.above = other.above[:]
            self.below = other.below[:]
            self.domains = [d[:] for d in other.domains]
            self.eliminated = other.eliminated[:]
            self.spy_player = other.spy_player[:]
            self.white = other.white[:]
            self.blue = other.blue[:]
            self.unused_missions = other.unused_missions[:]
            self.first_player = other.first_player
            self.current = other.current
            self.used = other.used
            self.pending = other.pending
            return
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.params = Parameters.from_options(options, num_players)
        self.deck = []
        self.removed = []
        self.hands = [[] for _ in range(num_players)]
        self.above = []
        self.below = []
        self.domains = [[] for _ in range(num_players)]
        self.eliminated = []
        self.spy_player = [NO_SEAT] * len(SPY_CARDS)
        self.white = [0] * num_players
        self.blue = [0] * num_players
        self.unused_missions = []
        self.first_player = 0
        self.current = 0
        self.used = 0
        self.pending = NO_ZONE

    # --- reading the position ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.current == NO_SEAT else self.current

    @property
    def is_terminal(self) -> bool:
        return self.current == NO_SEAT

    def zone_cards(self, zone: int) -> list[int]:
        if zone == ABOVE:
            return self.above
        if zone == BELOW:
            return self.below
        return self.domains[zone - FIRST_DOMAIN]

    def knows_spy(self, seat: int, card: int) -> bool:
        """Whether ``seat`` knows which card the face-down spy ``card`` is (RULINGS: the player
        who played it remembers it, unless the ``spy_memory`` option says otherwise)."""
        # The seat first: most spies are another's, and then the option is not read.
        return self.spy_player[SPY_INDEX[card]] == seat and self.params.remember_spies

    def phase_name(self) -> str:
        if self.current == NO_SEAT:
            return PHASE_OVER
        return PHASE_ELIMINATE if self.pending >= 0 else PHASE_PLAY

    @abstractmethod
    def clone(self) -> CourtisansState:
        """An independent copy (written out in game.py, on the search's hot path)."""
