"""The Kingdoms position and the card movements every rule shares.

Everything is plain lists of ints so cloning is a handful of list copies. This module holds the
fields and the primitive moves (drawing with the reshuffle, outcasting, Glory placement with its
triggers, lifting a Population for re-arrangement); the rules are in ``rules/`` and the kernel
hooks that reach them are wired in ``game.py``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    PH_ACTION,
    PH_DUEL,
    PH_OVER,
    PHASE_NAMES,
    T_CONSORT_OFFER,
    T_CONSPIRACY,
    T_FIT,
    T_SEDITION,
    Task,
)
from courtly.games.kingdoms.data import GLORY_TO_END, HAND_SIZE, SUIT, VALUE


class KingdomsState(State):
    """The fields of a position and its primitive changes. The rules' hooks
    (``legal_action_ids``, ``_apply``, the views, the JSON body) are wired by the subclass in
    ``game.py``, which is the class every position really has."""

    __slots__ = (
        "_legal",
        "army",
        "aside",
        "court",
        "deck",
        "discard",
        "draws_left",
        "duel",
        "entered",
        "game",
        "glory",
        "hand",
        "jester",
        "known",
        "limbo",
        "num_players",
        "options",
        "peasant",
        "peek",
        "phase",
        "rng",
        "rows",
        "sabotage",
        "stack",
        "treaty",
        "turn",
        "turns",
        "used",
    )

    def __init__(
        self,
        game: Game,
        options: Mapping[str, Any],
        rng: Rng,
        copy_of: KingdomsState | None = None,
    ) -> None:
        """An empty position, or a copy of ``copy_of`` sharing nothing mutable: what
        :meth:`clone` makes, field by field with no call in between (the search's hot path;
        compiled, a class cannot be made with ``__new__`` and filled in)."""
        if copy_of is None:
            self.game = game
            self.num_players = 2
            self.options = options
            self.rng = rng
            self.deck: list[int] = []  # the top is the end of the list
            self.discard: list[int] = []
            # face-up cards in flight (Polity, Battle, Refugee under Endow)
            self.aside: list[int] = []
            self.hand: list[list[int]] = [[], []]
            self.peasant: list[list[int]] = [[], []]
            self.glory: list[list[int]] = [[], []]
            self.court: list[list[int]] = [[-1, -1, -1], [-1, -1, -1]]
            self.jester = [-1, -1]
            self.treaty = [-1, -1]  # treaty[p]: the Treaty card lying on p's Jester space
            self.rows: list[list[list[int]]] = [[[], [], []], [[], [], []]]
            self.army: list[list[int]] = [[], []]
            self.limbo: list[list[int]] = [[], []]
            self.duel = [-1, -1]
            self.known = [0, 0]  # bitmask: cards in p's hand the opponent has seen
            self.peek = [-1, -1]  # Divine: the Draw pile's top card p has looked at
            self.stack: list[Task] = []
            self.phase = PH_DUEL
            self.entered = False
            self.turn = 0
            self.turns = 0
            self.used = 0
            self.draws_left = 0
            self.sabotage = False
            self._legal: list[int] | None = None  # legal ids found by ``advance``, until next move
            return
        other = copy_of
        self.game = other.game
        self.num_players = 2
        self.options = other.options
        self.rng = other.rng.copy()
        self.deck = other.deck[:]
        self.discard = other.discard[:]
        self.aside = other.aside[:]
        self.hand = [other.hand[0][:], other.hand[1][:]]
        self.peasant = [other.peasant[0][:], other.peasant[1][:]]
        self.glory = [other.glory[0][:], other.glory[1][:]]
        self.court = [other.court[0][:], other.court[1][:]]
        self.jester = other.jester[:]
        self.treaty = other.treaty[:]
        r0, r1 = other.rows
        self.rows = [[r0[0][:], r0[1][:], r0[2][:]], [r1[0][:], r1[1][:], r1[2][:]]]
        self.army = [other.army[0][:], other.army[1][:]]
        self.limbo = [other.limbo[0][:], other.limbo[1][:]]
        self.duel = other.duel[:]
        self.known = other.known[:]
        self.peek = other.peek[:]
        self.stack = other.stack[:]
        self.phase = other.phase
        self.entered = other.entered
        self.turn = other.turn
        self.turns = other.turns
        self.used = other.used
        self.draws_left = other.draws_left
        self.sabotage = other.sabotage
        self._legal = other._legal

    # --- kernel hooks -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase == PH_OVER:
            return None
        if self.stack:
            return self.stack[-1][1]
        if self.phase == PH_DUEL:
            return 0 if self.duel[0] < 0 else 1
        return self.turn

    @property
    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def scores(self) -> list[float]:
        return [float(sum(VALUE[c] for c in g)) for g in self.glory]

    @abstractmethod
    def clone(self) -> KingdomsState:
        """An independent copy (written out in game.py, on the search's hot path)."""

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def public_scores(self) -> list[float]:
        # Glory is face up ("the other Kingdom can view and count your Glory tally at any
        # time"), so the running score is public.
        return self.scores()

    # --- shared card movements ------------------------------------------------------------

    def subjects(self, p: int) -> list[int]:
        """p's face-up Subjects, all rows."""
        r = self.rows[p]
        return r[0] + r[1] + r[2]

    def remove_subject(self, p: int, card: int) -> None:
        for row in self.rows[p]:
            if card in row:
                row.remove(card)
                return

    def occupancy(self, p: int, slot: int) -> int:
        n = len(self.rows[p][slot])
        if slot == C.regnant_slot(self.court[p]):
            n += len(self.army[p])
        return n

    def free_space(self, p: int, slot: int) -> int:
        return self.free_by_slot(p)[slot]

    def free_by_slot(self, p: int) -> tuple[int, int, int]:
        """Free Subject spaces beside Jack, Queen and King (0 where the slot is empty)."""
        jack, queen, king = self.court[p]
        rows = self.rows[p]
        armies = len(self.army[p])
        free_k = free_q = free_j = 0
        if king >= 0:
            free_k = (4 if (queen >= 0 or jack >= 0) else 3) - len(rows[2]) - armies
            armies = 0
        if queen >= 0:
            free_q = 3 - len(rows[1]) - armies
            armies = 0
        if jack >= 0:
            free_j = (3 if (queen < 0 and king < 0) else 2) - len(rows[0]) - armies
        return free_j, free_q, free_k

    def total_free(self, p: int) -> int:
        return sum(self.free_by_slot(p))

    def has_space(self, p: int) -> bool:
        free_j, free_q, free_k = self.free_by_slot(p)
        return free_j > 0 or free_q > 0 or free_k > 0

    def to_hand(self, p: int, card: int, seen_by_opponent: bool) -> None:
        self.hand[p].append(card)
        if seen_by_opponent:
            self.known[p] |= 1 << card

    def from_hand(self, p: int, card: int) -> None:
        self.hand[p].remove(card)
        self.known[p] &= ~(1 << card)

    def reveal_hand(self, p: int) -> None:
        known = self.known[p]
        for card in self.hand[p]:
            known |= 1 << card
        if known != self.known[p]:
            self.known[p] = known
            self.reveal()  # the opponent sees cards of p's hand it did not know

    def refill_deck(self) -> None:
        """C2.4: an empty Draw pile is at once rebuilt from the Discard and both Peasant piles."""
        if self.deck:
            return
        pool = self.discard + self.peasant[0] + self.peasant[1]
        if not pool:
            return
        self.discard = []
        self.peasant = [[], []]
        pool.sort()
        self.rng.shuffle(pool)
        self.deck = pool
        self.peek = [-1, -1]

    def pop_deck(self) -> int:
        """The Draw pile's top card, or -1 when no card is left anywhere to draw."""
        self.refill_deck()
        if not self.deck:
            return -1
        card = self.deck.pop()
        # Every card leaving the Draw pile is seen: by the seat that draws it, or by both.
        self.reveal()
        self.peek = [-1, -1]
        self.refill_deck()
        return card

    def can_draw_deck(self) -> bool:
        return bool(self.deck or self.discard or self.peasant[0] or self.peasant[1])

    def draw_to_hand(self, p: int) -> int:
        card = self.pop_deck()
        if card >= 0:
            self.hand[p].append(card)
        return card

    def outcast(self, p: int, card: int) -> None:
        """Move p's face-up Subject onto p's Peasant pile."""
        self.remove_subject(p, card)
        self.peasant[p].append(card)

    def glory_value_total(self, p: int) -> int:
        return sum(VALUE[c] for c in self.glory[p])

    def to_phase(self, phase: int) -> None:
        """Leave the current phase; the next one starts when no decision is pending."""
        self.phase = phase
        self.entered = False

    def mulligan(self, p: int) -> None:
        """Show the hand, shuffle it back into the Draw pile and draw seven new cards (R2)."""
        self.deck.extend(self.hand[p])
        self.hand[p] = []
        self.known[p] = 0
        self.deck.sort()
        self.rng.shuffle(self.deck)
        self.peek = [-1, -1]
        for _ in range(HAND_SIZE):
            self.draw_to_hand(p)

    def duel_pending(self, p: int) -> bool:
        """``p`` still has to choose a duel card in a duel that has begun (C3.3: by then a hand
        without a Subject has been mulliganed, so ``p`` holds one)."""
        return self.phase == PH_DUEL and self.entered and self.duel[p] < 0

    def end_game(self) -> None:
        self.phase = PH_OVER
        self.stack.clear()

    def to_glory(self, p: int, card: int, consort_may_follow: bool = True) -> None:
        """Place a card into p's Glory and queue what that triggers (C6.1, C6.2, C9.9).

        Triggers resolve Sedition first, then Conspiracy, then the Consort ability.
        """
        self.glory[p].append(card)
        if len(self.glory[p]) >= GLORY_TO_END:
            self.end_game()
            return
        in_action = self.phase == PH_ACTION and self.turn == p
        stack = self.stack
        if in_action and consort_may_follow and C.consort_slot(self.court[p]) >= 0:
            stack.append((T_CONSORT_OFFER, p, 0, 0))
        if in_action and not (C.court_suits_mask(self.court[p]) >> SUIT[card]) & 1:
            stack.append((T_CONSPIRACY, p, 0, 0))
        o = 1 - p
        if SUIT[card] == C.regnant_suit(self.court[o]) and (
            self.hand[o] or self.subjects(o) or self.army[o]
        ):
            stack.append((T_SEDITION, o, 0, 0))

    def lift_population(self, p: int, allow_peasant: bool = True) -> None:
        """Take p's whole Population up to be placed again, card by card (C4.5).

        Face-up cards come first in card order, then Army cards in their order.
        """
        lifted = sorted(self.limbo[p] + self.subjects(p))
        lifted = [c for c in lifted if c < ARMY_FLAG]
        armies = [c for c in self.limbo[p] if c >= ARMY_FLAG] + [
            c + ARMY_FLAG for c in self.army[p]
        ]
        self.rows[p] = [[], [], []]
        self.army[p] = []
        self.limbo[p] = lifted + armies
        if self.limbo[p] and not any(t[0] == T_FIT and t[1] == p for t in self.stack):
            self.stack.append((T_FIT, p, int(allow_peasant), 0))

    def arrangement_valid(self, p: int) -> bool:
        court = self.court[p]
        reg = C.regnant_slot(court)
        if self.army[p] and reg < 0:
            return False
        for s in range(3):
            if court[s] < 0:
                if self.rows[p][s]:
                    return False
            elif self.occupancy(p, s) > C.capacity(court, s):
                return False
        return True

    def court_changed(self, p: int) -> None:
        """After p's court changed without a Royal Discard: re-place only if something no
        longer fits (ruling R6)."""
        if not self.arrangement_valid(p):
            self.lift_population(p)

    def royal_discard(self, p: int, slot: int) -> None:
        """p's court member goes to the Discard pile; p may re-arrange its Population (C4.5)."""
        card = self.court[p][slot]
        self.court[p][slot] = -1
        self.discard.append(card)
        self.lift_population(p)
