"""The Courtisans position and its rules: whose turn, what may be played, what a play does.

A turn is up to four small decisions: three "play card X to zone Y" (one card per area: the
Queen's table, the player's own domain, one opponent's domain; C3.2), each followed, when the
card is an Assassin with something to kill, by "eliminate the card at position P" or "spare"
(C5.3). Cards are ints (see data.py); each zone is a list in placement order, so the position of
a card is a public handle that never names a face-down spy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core.errors import InvalidStateError
from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import State
from courtly.games.courtisans.action_table import (
    ABOVE,
    ALL_AREAS,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    BELOW,
    FIRST_DOMAIN,
    ROW_DOMAIN,
    ROW_NAMES,
    kill_base,
    spare_id,
    zone_count,
    zone_text,
)
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    FAMILIES,
    HAND_SIZE,
    IS_ASSASSIN,
    IS_GUARD,
    IS_SPY,
    MAX_ROW_CARDS,
    NUM_CARDS,
    NUM_MISSIONS,
    REMOVED_AT_SETUP,
    SPY_CARDS,
    SPY_INDEX,
    STATUS_NAMES,
    WHITE_MISSIONS,
    card_name,
)
from courtly.games.courtisans.knowledge import observe, resample_for
from courtly.games.courtisans.scoring import domain_points, family_statuses, final_scores
from courtly.games.courtisans.serialize import body_to_json

if TYPE_CHECKING:
    from courtly.games.courtisans.game import CourtisansGame

NO_SEAT = -1
_ALL_CARDS = list(range(NUM_CARDS))


def _accounting_problem(every: list[int]) -> str:
    """Why ``every`` (all cards in all zones) is not each card exactly once."""
    for card in every:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < NUM_CARDS:
            return f"{card!r} is not a card (0..{NUM_CARDS - 1})"
    for card in _ALL_CARDS:
        count = every.count(card)
        if count != 1:
            return f"card {card} ({card_name(card)}) appears {count} times (must be exactly once)"
    raise AssertionError("unreachable: the cards were all there")


class CourtisansState(State):
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
        "pending",
        "remember_spies",
        "removed",
        "rng",
        "spy_player",
        "unused_missions",
        "used",
        "white",
    )

    game: CourtisansGame
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
    pending: int  # zone of an Assassin awaiting its kill decision, or -1
    remember_spies: bool

    def __init__(
        self, game: CourtisansGame, num_players: int, options: Mapping[str, Any], rng: Rng
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.remember_spies = options.get("spy_memory", "remember") == "remember"
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
        self.pending = -1

    # --- turn structure -----------------------------------------------------------------

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
        return self.remember_spies and self.spy_player[SPY_INDEX[card]] == seat

    def legal_action_ids(self) -> list[int]:
        seat = self.current
        if seat == NO_SEAT:
            return []
        if self.pending >= 0:
            return self._kill_ids()
        zones = self.game.open_zones(self.num_players, seat, self.used)
        width = FIRST_DOMAIN + self.num_players
        return [card * width + zone for card in self.hands[seat] for zone in zones]

    def kill_targets(self) -> list[tuple[int, int]]:
        """(row, index) of every card the pending Assassin may eliminate: any other card of
        its area that is not a Guard (C5.3, C5.4). Both rows of the Queen's table count."""
        zone = self.pending
        rows: tuple[tuple[int, list[int]], ...]
        if zone < FIRST_DOMAIN:
            rows = ((ABOVE, self.above), (BELOW, self.below))
        else:
            rows = ((ROW_DOMAIN, self.domains[zone - FIRST_DOMAIN]),)
        targets = []
        for row, cards in rows:
            # The Assassin is the card just placed: the last one of its zone.
            last = len(cards) - 1 if row in (zone, ROW_DOMAIN) else -1
            for index, card in enumerate(cards):
                if index != last and not IS_GUARD[card]:
                    targets.append((row, index))
        return targets

    def _kill_ids(self) -> list[int]:
        base = kill_base(self.num_players)
        ids = [base + row * MAX_ROW_CARDS + index for row, index in self.kill_targets()]
        ids.append(spare_id(self.num_players))
        return ids

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        n = self.num_players
        base = kill_base(n)
        if action_id < base:
            card, zone = divmod(action_id, zone_count(n))
            self._play(card, zone, events)
            if IS_ASSASSIN[card]:
                self.pending = zone
                if len(self.kill_targets()) > 0:
                    return
                self.pending = -1
        elif action_id == spare_id(n):
            if events is not None:
                events.append(
                    Event("spare", f"seat {self.current} uses no kill", {"seat": self.current})
                )
            self.pending = -1
        else:
            row, index = divmod(action_id - base, MAX_ROW_CARDS)
            self._eliminate(row, index, events)
        if self.used == ALL_AREAS:
            self._end_turn(events)

    def _play(self, card: int, zone: int, events: list[Event] | None) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        self.zone_cards(zone).append(card)
        if zone < FIRST_DOMAIN:
            self.used |= AREA_QUEEN
        elif zone - FIRST_DOMAIN == seat:
            self.used |= AREA_OWN
        else:
            self.used |= AREA_OPPONENT
        if IS_SPY[card]:
            self.spy_player[SPY_INDEX[card]] = seat
        if events is None:
            return
        where = zone_text(zone)
        data: dict[str, Any] = {"seat": seat, "place": ROW_NAMES[min(zone, ROW_DOMAIN)]}
        if zone >= FIRST_DOMAIN:
            data["owner"] = zone - FIRST_DOMAIN
        if IS_SPY[card]:
            column = " (in the Queen's column)" if zone < FIRST_DOMAIN else ""
            events.append(Event("play", f"seat {seat} plays a spy face down {where}{column}", data))
            if self.remember_spies:
                events.append(
                    Event(
                        "play-secret",
                        f"your face-down spy {where} is the {card_name(card)} #{card}",
                        {**data, "card": card},
                        frozenset({seat}),
                    )
                )
        else:
            events.append(
                Event(
                    "play",
                    f"seat {seat} plays {card_name(card)} #{card} {where}",
                    {**data, "card": card},
                )
            )

    def _eliminate(self, row: int, index: int, events: list[Event] | None) -> None:
        if row == ROW_DOMAIN:
            cards = self.domains[self.pending - FIRST_DOMAIN]
        else:
            cards = self.above if row == ABOVE else self.below
        card = cards.pop(index)
        self.eliminated.append(card)
        if events is not None:
            where = "in that domain" if row == ROW_DOMAIN else f"{ROW_NAMES[row]} the Queen's table"
            data: dict[str, Any] = {
                "seat": self.current,
                "row": ROW_NAMES[row],
                "position": index + 1,
            }
            if IS_SPY[card]:
                # C5.3: an eliminated spy is neither looked at nor revealed.
                text = f"seat {self.current} eliminates a face-down spy (#{index + 1} {where})"
            else:
                data["card"] = card
                name = f"{card_name(card)} #{card}"
                text = f"seat {self.current} eliminates {name} (#{index + 1} {where})"
            events.append(Event("eliminate", text, data))
        self.pending = -1

    def _end_turn(self, events: list[Event] | None) -> None:
        """C3.3: draw 3 (none if the deck is empty: that was this player's last turn), then the
        next seat clockwise that still holds cards plays; nobody holding cards ends the game."""
        seat = self.current
        deck = self.deck
        if deck:
            below = self.rng.below
            drawn = [deck.pop(below(len(deck))) for _ in range(min(HAND_SIZE, len(deck)))]
            hand = self.hands[seat]
            hand.extend(drawn)
            hand.sort()
            if events is not None:
                events.append(
                    Event(
                        "draw",
                        f"seat {seat} draws {len(drawn)} cards",
                        {"seat": seat, "count": len(drawn)},
                    )
                )
                names = ", ".join(f"{card_name(c)} #{c}" for c in sorted(drawn))
                events.append(
                    Event(
                        "draw-secret",
                        f"you draw {names}",
                        {"seat": seat, "cards": sorted(drawn)},
                        frozenset({seat}),
                    )
                )
        self.used = 0
        n = self.num_players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.hands[nxt]:
                self.current = nxt
                if events is not None:
                    events.append(Event("turn", f"seat {nxt} to play", {"seat": nxt}))
                return
        self.current = NO_SEAT
        if events is not None:
            self._game_end_events(events)

    def _game_end_events(self, events: list[Event]) -> None:
        spies = [
            c
            for c in (*self.above, *self.below, *(c for d in self.domains for c in d))
            if IS_SPY[c]
        ]
        if spies:
            names = ", ".join(f"{card_name(c)} #{c}" for c in spies)
            events.append(Event("reveal", f"the spies are revealed: {names}", {"cards": spies}))
        statuses = family_statuses(self.above, self.below)
        text = "; ".join(f"{FAMILIES[f]} {STATUS_NAMES[s]}" for f, s in enumerate(statuses))
        events.append(Event("status", f"family status: {text}", {"status": statuses}))
        scores = self.scores()
        events.append(
            Event(
                "game-over",
                f"final scores {[int(s) for s in scores]}; winner(s): seat(s) {self.winners()}",
                {
                    "scores": scores,
                    "winners": self.winners(),
                    "missions": [[self.white[p], self.blue[p]] for p in range(self.num_players)],
                },
            )
        )

    # --- scores ---------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Final scores once over (C6). Before that, a public running estimate: face-up cards
        only, the current family status, and no Secret Missions (they are secret)."""
        if self.current == NO_SEAT:
            missions = [(self.white[p], self.blue[p]) for p in range(self.num_players)]
            return [float(s) for s in final_scores(self.domains, self.above, self.below, missions)]
        statuses = self.public_statuses()
        return [
            float(domain_points((c for c in d if not IS_SPY[c]), statuses)) for d in self.domains
        ]

    def public_statuses(self) -> list[int]:
        """Family status from the face-up cards at the Queen's table (all cards once over)."""
        if self.current == NO_SEAT:
            return family_statuses(self.above, self.below)
        return family_statuses(
            (c for c in self.above if not IS_SPY[c]), (c for c in self.below if not IS_SPY[c])
        )

    # --- copies -----------------------------------------------------------------------------

    def clone(self) -> CourtisansState:
        other = CourtisansState.__new__(CourtisansState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.remember_spies = self.remember_spies
        other.deck = self.deck[:]
        other.removed = self.removed[:]
        other.hands = [h[:] for h in self.hands]
        other.above = self.above[:]
        other.below = self.below[:]
        other.domains = [d[:] for d in self.domains]
        other.eliminated = self.eliminated[:]
        other.spy_player = self.spy_player[:]
        other.white = self.white[:]
        other.blue = self.blue[:]
        other.unused_missions = self.unused_missions[:]
        other.first_player = self.first_player
        other.current = self.current
        other.used = self.used
        other.pending = self.pending
        return other

    # --- hidden information and JSON (knowledge.py, serialize.py) ------------------------------

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return observe(self, viewer)

    def phase_name(self) -> str:
        return "over" if self.is_terminal else "eliminate" if self.pending >= 0 else "play"

    def _resample(self, player: int, rng: Rng) -> CourtisansState:
        return resample_for(self, player, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return body_to_json(self)

    def check_invariants(self) -> None:
        problem = self.find_problem()
        if problem:
            raise InvalidStateError(f"impossible Courtisans position: {problem}")

    def find_problem(self) -> str | None:
        """The first reason this position cannot occur, or None."""
        n = self.num_players
        every = [
            c
            for zone in (
                self.deck,
                self.removed,
                self.above,
                self.below,
                self.eliminated,
                *self.hands,
                *self.domains,
            )
            for c in zone
        ]
        if sorted(every) != _ALL_CARDS:
            return _accounting_problem(every)
        if len(self.removed) != REMOVED_AT_SETUP[n]:
            return f"{n} players set aside {REMOVED_AT_SETUP[n]} cards, not {len(self.removed)}"
        if len(self.deck) % HAND_SIZE:
            return "the deck size must be a multiple of 3"
        if self.removed != sorted(self.removed) or self.deck != sorted(self.deck):
            return "the deck and the removed cards are kept sorted (their order is unknowable)"
        for zone in (self.above, self.below, *self.domains):
            if len(zone) > MAX_ROW_CARDS:
                return f"no row or domain can hold more than {MAX_ROW_CARDS} cards"
        played = {c for z in (self.above, self.below, self.eliminated, *self.domains) for c in z}
        for card, seat in zip(SPY_CARDS, self.spy_player, strict=True):
            if (card in played) != (0 <= seat < n):
                return f"spy {card} needs a playing seat exactly when it has been played"
        problem = self._turn_problem()
        if problem:
            return problem
        return self._mission_problem()

    def _turn_problem(self) -> str | None:
        n = self.num_players
        if not 0 <= self.first_player < n:
            return "first_player is not a seat"
        if self.current == NO_SEAT:
            if self.deck or any(self.hands) or self.used or self.pending != -1:
                return "the game is over only when the deck and every hand are empty"
            return None
        if not 0 <= self.current < n:
            return "current_player is not a seat"
        plays = bin(self.used).count("1")
        if self.used & ~ALL_AREAS:
            return "areas_used holds an unknown area"
        if len(self.hands[self.current]) != HAND_SIZE - plays:
            return "the current player must hold 3 cards minus those played this turn"
        for seat, hand in enumerate(self.hands):
            if seat != self.current and len(hand) not in (0, HAND_SIZE):
                return "a player who is not playing holds 0 or 3 cards"
            if seat != self.current and self.deck and not hand:
                return "while the deck lasts, every player holds 3 cards between turns"
            if hand != sorted(hand):
                return "hands are kept sorted"
        if self.pending == -1:
            if self.used == ALL_AREAS:
                return "a turn with all three areas played is over"
            return None
        if not 0 <= self.pending < zone_count(n):
            return "pending_kill names no zone"
        zone = self.zone_cards(self.pending)
        if not zone or not IS_ASSASSIN[zone[-1]]:
            return "a pending kill needs the assassin just placed as the last card of its zone"
        area = (
            AREA_QUEEN
            if self.pending < FIRST_DOMAIN
            else (AREA_OWN if self.pending - FIRST_DOMAIN == self.current else AREA_OPPONENT)
        )
        if not self.used & area:
            return "a pending kill belongs to an area played this turn"
        if not self.kill_targets():
            return "a pending kill needs something to eliminate"
        return None

    def _mission_problem(self) -> str | None:
        for seat in range(self.num_players):
            if self.white[seat] not in WHITE_MISSIONS or self.blue[seat] not in BLUE_MISSIONS:
                return f"seat {seat} needs one white and one blue Secret Mission"
        every = sorted([*self.white, *self.blue, *self.unused_missions])
        if every != list(range(NUM_MISSIONS)):
            return "the 20 Secret Missions must each be dealt or unused exactly once"
        if self.unused_missions != sorted(self.unused_missions):
            return "unused missions are kept sorted"
        return None
