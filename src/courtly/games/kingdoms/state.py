"""The Kingdoms position and the card movements every rule shares.

Everything is plain lists of ints so cloning is a handful of list copies. The rules themselves
live in the topic modules (turn, population, action_phase, ascendancy, chamberlain, contests,
abilities, glory); this module dispatches to them and holds the primitive moves (drawing with
the reshuffle, outcasting, Glory placement with its triggers, lifting a Population for
re-arrangement).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import State
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.data import (
    GLORY_TO_END,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.tasks import (
    PH_ACTION,
    PH_DUEL,
    PH_OVER,
    T_CONSORT_OFFER,
    T_CONSPIRACY,
    T_FIT,
    T_SEDITION,
)

if TYPE_CHECKING:
    from courtly.games.kingdoms.game import KingdomsGame

Task = tuple[int, int, int, int]
ARMY_FLAG = 64  # marks a lifted card that was a face-down Army card

LegalFn = Callable[["KingdomsState", Task], list[int]]
ApplyFn = Callable[["KingdomsState", Task, int, "list[Event] | None"], None]
PhaseLegalFn = Callable[["KingdomsState"], list[int]]
PhaseApplyFn = Callable[["KingdomsState", int, "list[Event] | None"], None]
EntryFn = Callable[["KingdomsState", "list[Event] | None"], None]

# Filled by the rules modules when game.py imports them: task kind or phase -> handler.
TASK_LEGAL: dict[int, LegalFn] = {}
TASK_APPLY: dict[int, ApplyFn] = {}
PHASE_LEGAL: dict[int, PhaseLegalFn] = {}
PHASE_APPLY: dict[int, PhaseApplyFn] = {}
PHASE_ENTRY: dict[int, EntryFn] = {}


class KingdomsState(State):
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

    def __init__(self, game: KingdomsGame, options: dict[str, Any], rng: Rng) -> None:
        self.game = game
        self.num_players = 2
        self.options = options
        self.rng = rng
        self.deck: list[int] = []  # the top is the end of the list
        self.discard: list[int] = []
        self.aside: list[int] = []  # face-up cards in flight (Polity, Battle, Refugee under Endow)
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

    def legal_action_ids(self) -> list[int]:
        if self.phase == PH_OVER:
            return []
        if self._legal is not None:
            return self._legal[:]
        stack = self.stack
        if stack:
            top = stack[-1]
            return TASK_LEGAL[top[0]](self, top)
        return PHASE_LEGAL[self.phase](self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        self._legal = None
        stack = self.stack
        if stack:
            top = stack.pop()
            TASK_APPLY[top[0]](self, top, action_id, events)
        else:
            PHASE_APPLY[self.phase](self, action_id, events)
        self.advance(events)

    def advance(self, events: list[Event] | None) -> None:
        """Settle the phases, then play every decision that has a single possible answer
        (ruling R22), until a real choice or the end of the game."""
        self.settle(events)
        while self.phase != PH_OVER:
            ids = self.legal_action_ids()
            if len(ids) != 1:
                self._legal = ids
                return
            stack = self.stack
            if stack:
                top = stack.pop()
                TASK_APPLY[top[0]](self, top, ids[0], events)
            else:
                PHASE_APPLY[self.phase](self, ids[0], events)
            self.settle(events)

    def settle(self, events: list[Event] | None) -> None:
        """Run phase entries until someone has a decision to make."""
        while self.phase != PH_OVER and not self.stack and not self.entered:
            self.entered = True
            PHASE_ENTRY[self.phase](self, events)

    def scores(self) -> list[float]:
        return [float(sum(VALUE[c] for c in g)) for g in self.glory]

    def clone(self) -> KingdomsState:
        new = KingdomsState.__new__(KingdomsState)
        new.game = self.game
        new.num_players = 2
        new.options = self.options
        new.rng = Rng(self.rng.state)
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.aside = self.aside[:]
        new.hand = [self.hand[0][:], self.hand[1][:]]
        new.peasant = [self.peasant[0][:], self.peasant[1][:]]
        new.glory = [self.glory[0][:], self.glory[1][:]]
        new.court = [self.court[0][:], self.court[1][:]]
        new.jester = self.jester[:]
        new.treaty = self.treaty[:]
        r0, r1 = self.rows
        new.rows = [[r0[0][:], r0[1][:], r0[2][:]], [r1[0][:], r1[1][:], r1[2][:]]]
        new.army = [self.army[0][:], self.army[1][:]]
        new.limbo = [self.limbo[0][:], self.limbo[1][:]]
        new.duel = self.duel[:]
        new.known = self.known[:]
        new.peek = self.peek[:]
        new.stack = self.stack[:]
        new.phase = self.phase
        new.entered = self.entered
        new.turn = self.turn
        new.turns = self.turns
        new.used = self.used
        new.draws_left = self.draws_left
        new.sabotage = self.sabotage
        new._legal = self._legal
        return new

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        from courtly.games.kingdoms.info import observation

        return observation(self, viewer)

    def phase_name(self) -> str:
        from courtly.games.kingdoms.tasks import PHASE_NAMES

        return PHASE_NAMES[self.phase]

    def _resample(self, player: int, rng: Rng) -> KingdomsState:
        from courtly.games.kingdoms.info import resample

        return resample(self, player, rng)

    def _body_to_json(self) -> dict[str, Any]:
        from courtly.games.kingdoms.serial import body_to_json

        return body_to_json(self)

    def check_invariants(self) -> None:
        from courtly.games.kingdoms.serial import check_invariants

        check_invariants(self)

    def winners(self) -> list[int]:
        # Ruling R21: equal Glory totals share the victory.
        return super().winners()

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
        for card in self.hand[p]:
            self.known[p] |= 1 << card

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
