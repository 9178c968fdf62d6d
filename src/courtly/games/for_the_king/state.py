"""The rules: a For the King (and me) position and how each decision changes it.

Clause numbers (S = setup, P1 = Share Influence, P2 = Gain Esteem, E = end) refer to
docs/games/for_the_king.md. Steps that everyone can see are forced (a card that can only go
to one area, a middle with one kind of card left, a Gold-card payment of the whole hand) are
played automatically; choices forced only by a hidden hand are still asked for.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import State
from courtly.games.for_the_king import actions as A
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    BID,
    DECK,
    FAVOR,
    HAND_BASE,
    HELD,
    KING,
    MIDDLE,
    OVER,
    PAY_CARDS,
    PAY_GOLD,
    PHASE_NAMES,
    PICK,
    PLACE,
    REVEALED,
    UP,
)
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_CODE,
    CARD_KIND,
    DUTY_MAX,
    DUTY_MIN,
    GOLD,
    GOLD_KIND_BASE,
    GOLD_OF,
    GOLD_VALUES,
    GOV,
    MAX_BID,
    NUM_OFFICES,
    OFFICES,
    card_name,
    king_effect,
    offices_in_play,
)

if TYPE_CHECKING:
    from courtly.core.state import Game

_FIELDS = (
    "game",
    "num_players",
    "options",
    "rng",
    "phase",
    "cur",
    "loc",
    "hands",
    "deck",
    "favor",
    "middle",
    "up",
    "held",
    "advisor",
    "n_own",
    "n_mid",
    "n_fav",
    "picker",
    "first",
    "revealed",
    "high",
    "high_bidder",
    "out",
    "excluded",
    "due",
    "paid",
    "batch",
    "king_left",
    "king_first",
    "primary",
    "batches",
    "arrive",
    "placer",
    "favor_placed",
    "spent",
    "won",
    "limits",
    "gold",
    "affordable",
    "offices",
)


class FtkState(State):
    __slots__ = _FIELDS

    game: Game
    phase: int
    cur: int  # the seat to decide (-1 once over)
    loc: list[int]  # location code per card (codes.py)
    hands: list[list[int]]  # personal deck / hand per seat, sorted card ids
    deck: list[int]  # top card last
    favor: list[int]  # top card last (kept sorted until it is shuffled at P2.1)
    middle: list[int]
    up: list[int]  # face-up discard pile, in order
    held: int  # the card the Advisor drew (-1: none)
    advisor: int
    n_own: int
    n_mid: int
    n_fav: int
    picker: int
    first: int  # first player of the Gain Esteem round
    revealed: int
    high: int
    high_bidder: int
    out: int  # bitmask: passed or excluded from this auction
    excluded: int  # bitmask: failed to pay for this card (P2.8)
    due: int
    paid: int
    batch: int  # the face-down batch being discarded into (-1: none yet)
    king_left: int
    king_first: int
    primary: list[int]  # Primary Duty value per office (0: office not in play)
    batches: list[tuple[int, int]]  # face-down discards: (owner, bitmask of seats who saw them)
    arrive: list[int]  # per card in a hand or batch: -1 if it arrived hidden, else the batch
    # count when it publicly entered that hand
    placer: list[int]  # per Favor-deck card: the Advisor who put it there (-1 otherwise)
    favor_placed: list[int]
    spent: list[int]  # Gold value paid, per seat
    won: list[int]  # value of the Gold cards won at auction, per seat
    # What the table learnt about a hand's Gold at some moment (a failed payment, P2.9):
    # (seat, at least, at most, first batch since, spent then, won then). The Gold held
    # then = Gold now + spent since - won since + Gold in that seat's batches since.
    limits: list[tuple[int, int, int, int, int, int]]
    gold: list[int]  # Gold value in hand, per seat
    affordable: bool
    offices: tuple[int, ...]

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def blank(cls, game: Game, num_players: int, options: Mapping[str, Any], rng: Rng) -> FtkState:
        from courtly.games.for_the_king.data import NUM_CARDS, PRIMARY_START

        s = cls.__new__(cls)
        s.game = game
        s.num_players = num_players
        s.options = options
        s.rng = rng
        s.phase = PLACE
        s.cur = 0
        s.loc = [DECK] * NUM_CARDS
        s.hands = [[] for _ in range(num_players)]
        s.deck = []
        s.favor = []
        s.middle = []
        s.up = []
        s.held = -1
        s.advisor = 0
        s.n_own = s.n_mid = s.n_fav = 0
        s.picker = -1
        s.first = 0
        s.revealed = -1
        s.high = 0
        s.high_bidder = -1
        s.out = 0
        s.excluded = 0
        s.due = 0
        s.paid = 0
        s.batch = -1
        s.king_left = 0
        s.king_first = -1
        s.offices = offices_in_play(num_players)
        s.primary = [PRIMARY_START if o in s.offices else 0 for o in range(NUM_OFFICES)]
        s.batches = []
        s.arrive = [-1] * NUM_CARDS
        s.placer = [-1] * NUM_CARDS
        s.favor_placed = [0] * num_players
        s.spent = [0] * num_players
        s.won = [0] * num_players
        s.limits = []
        s.gold = [0] * num_players
        s.affordable = options.get("bids", "any") == "affordable"
        return s

    def clone(self) -> FtkState:
        s = FtkState.__new__(FtkState)
        s.game = self.game
        s.num_players = self.num_players
        s.options = self.options
        s.rng = Rng(self.rng.state)
        s.phase = self.phase
        s.cur = self.cur
        s.loc = self.loc[:]
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.favor = self.favor[:]
        s.middle = self.middle[:]
        s.up = self.up[:]
        s.held = self.held
        s.advisor = self.advisor
        s.n_own = self.n_own
        s.n_mid = self.n_mid
        s.n_fav = self.n_fav
        s.picker = self.picker
        s.first = self.first
        s.revealed = self.revealed
        s.high = self.high
        s.high_bidder = self.high_bidder
        s.out = self.out
        s.excluded = self.excluded
        s.due = self.due
        s.paid = self.paid
        s.batch = self.batch
        s.king_left = self.king_left
        s.king_first = self.king_first
        s.primary = self.primary[:]
        s.batches = self.batches[:]
        s.arrive = self.arrive[:]
        s.placer = self.placer[:]
        s.favor_placed = self.favor_placed[:]
        s.spent = self.spent[:]
        s.won = self.won[:]
        s.limits = self.limits[:]
        s.gold = self.gold[:]
        s.affordable = self.affordable
        s.offices = self.offices
        return s

    # --- turn structure ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_action_ids(self) -> list[int]:
        phase = self.phase
        if phase == BID:
            ids = [A.PASS]
            ids.extend(
                range(
                    A.BID_BASE + self.high,
                    A.BID_BASE + (self.affordable_top() if self.affordable else MAX_BID),
                )
            )
            return ids
        if phase == PLACE:
            ids = []
            if not self.n_own:
                ids.append(A.PLACE_OWN)
            if self.n_mid < self.num_players - 1:
                ids.append(A.PLACE_MIDDLE)
            if not self.n_fav:
                ids.append(A.PLACE_FAVOR)
            return ids
        if phase == PICK:
            return sorted({A.TAKE_BASE + CARD_KIND[c] for c in self.middle})
        if phase == PAY_GOLD:
            return sorted({A.PAY_BASE + GOLD_OF[c] - 1 for c in self.hands[self.cur] if GOLD_OF[c]})
        if phase == PAY_CARDS:
            return sorted({A.DISCARD_BASE + CARD_KIND[c] for c in self.hands[self.cur]})
        if phase == KING:
            _code, _text, delta, _count = king_effect(self.revealed)
            ids = []
            if delta >= 0:
                ids.extend(A.RAISE_BASE + o for o in self.offices if o != self.king_first)
            if delta <= 0:
                ids.extend(A.LOWER_BASE + o for o in self.offices if o != self.king_first)
            return ids
        return []

    def affordable_top(self) -> int:
        """The highest bid the bidder could pay, or the smallest raise if that is higher
        (option ``bids=affordable``, and the bids a search considers: RULINGS P2.3)."""
        cur = self.cur
        can = len(self.hands[cur]) if CARD_CATEGORY[self.revealed] == GOLD else self.gold[cur]
        high = self.high
        top = can if can > high else high + 1
        return MAX_BID if top > MAX_BID else top

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == BID:
            if action_id == A.PASS:
                self._pass(events)
            else:
                self._bid(action_id - A.BID_BASE + 1, events)
        elif phase == PLACE:
            self._place(action_id - A.PLACE_OWN, events)
            self._next_draw(events)
        elif phase == PICK:
            self._take(self.picker, action_id - A.TAKE_BASE, events)
            self.picker = (self.picker + 1) % self.num_players
            self._next_pick(events)
        elif phase == PAY_GOLD:
            self._pay_gold(action_id - A.PAY_BASE + 1, events)
            self._continue_gold_payment(events)
        elif phase == PAY_CARDS:
            self._discard_kind(action_id - A.DISCARD_BASE, events)
            self._continue_card_payment(events)
        elif phase == KING:
            if action_id >= A.LOWER_BASE:
                self._king_change(action_id - A.LOWER_BASE, -1, events)
            else:
                self._king_change(action_id - A.RAISE_BASE, 1, events)

    # --- card movements -----------------------------------------------------------------------

    def _to_hand(self, seat: int, card: int, public: bool) -> None:
        insort(self.hands[seat], card)
        self.loc[card] = HAND_BASE + seat
        self.arrive[card] = len(self.batches) if public else -1
        self.gold[seat] += GOLD_OF[card]

    def _from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.gold[seat] -= GOLD_OF[card]

    def _copy_in_hand(self, seat: int, kind: int, hidden: bool) -> int:
        """The copy of ``kind`` in ``seat``'s hand that moves when one leaves it (RULINGS I).

        Copies look alike at the table, but the engine names each one, and an observer knows
        which copies arrived in view. A face-down move (``hidden``) takes a copy that arrived
        hidden, a face-up payment one that arrived in view, when there is one: otherwise a
        later face-up payment of the other copy would show what went face down."""
        fallback = -1
        for c in self.hands[seat]:
            if CARD_KIND[c] == kind:
                if (self.arrive[c] < 0) == hidden:
                    return c
                if fallback < 0:
                    fallback = c
        return fallback

    def _discard_up(self, card: int) -> None:
        self.loc[card] = UP
        self.arrive[card] = -1
        self.up.append(card)

    # --- P1: Share Influence --------------------------------------------------------------------

    def start_turn(self, events: list[Event] | None) -> None:
        """P1.1: a new Advisor turn (the Advisor is already set)."""
        self.phase = PLACE
        self.n_own = self.n_mid = self.n_fav = 0
        self.cur = self.advisor
        self._next_draw(events)

    def _next_draw(self, events: list[Event] | None) -> None:
        """P1.1-P1.3: draw the next card, placing it at once when only one area is open."""
        n = self.num_players
        while True:
            full = self.n_own and self.n_fav and self.n_mid == n - 1
            if full or not self.deck:
                self._start_picks(events)
                return
            card = self.deck.pop()
            self.loc[card] = HELD
            self.held = card
            if events is not None:
                events.append(
                    Event(
                        "draw",
                        f"you drew {card_name(card)}",
                        {"seat": self.advisor, "card": CARD_CODE[card]},
                        frozenset({self.advisor}),
                    )
                )
            open_areas = (not self.n_own) + (self.n_mid < n - 1) + (not self.n_fav)
            if open_areas > 1:
                self.cur = self.advisor
                return
            area = 0 if not self.n_own else (1 if self.n_mid < n - 1 else 2)
            self._place(area, events)

    def _place(self, area: int, events: list[Event] | None) -> None:
        card = self.held
        self.held = -1
        a = self.advisor
        if area == 0:
            self._to_hand(a, card, public=False)
            self.n_own = 1
        elif area == 1:
            self.middle.append(card)
            self.loc[card] = MIDDLE
            self.n_mid += 1
        else:
            insort(self.favor, card)
            self.loc[card] = FAVOR
            self.placer[card] = a
            self.favor_placed[a] += 1
            self.n_fav = 1
        if events is not None:
            if area == 1:
                events.append(
                    Event(
                        "place",
                        f"seat {a} placed {card_name(card)} face up in the middle",
                        {"seat": a, "area": "middle", "card": CARD_CODE[card]},
                    )
                )
            else:
                where = "their personal deck" if area == 0 else "the Favor deck"
                name = "own" if area == 0 else "favor"
                events.append(
                    Event(
                        "place",
                        f"seat {a} placed a card face down on {where}",
                        {"seat": a, "area": name},
                    )
                )

    def _start_picks(self, events: list[Event] | None) -> None:
        self.phase = PICK
        self.picker = (self.advisor + 1) % self.num_players
        self._next_pick(events)

    def _next_pick(self, events: list[Event] | None) -> None:
        """P1.4: opponents clockwise from the Advisor's left each take a middle card."""
        while self.picker != self.advisor and self.middle:
            kinds = {CARD_KIND[c] for c in self.middle}
            if len(kinds) > 1:
                self.cur = self.picker
                return
            self._take(self.picker, kinds.pop(), events)
            self.picker = (self.picker + 1) % self.num_players
        self._end_turn(events)

    def _take(self, seat: int, kind: int, events: list[Event] | None) -> None:
        card = min(c for c in self.middle if CARD_KIND[c] == kind)
        self.middle.remove(card)
        self._to_hand(seat, card, public=True)
        if events is not None:
            events.append(
                Event(
                    "take",
                    f"seat {seat} took {card_name(card)} from the middle",
                    {"seat": seat, "card": CARD_CODE[card]},
                )
            )

    def _end_turn(self, events: list[Event] | None) -> None:
        """P1.5: the deck passes left; once it is empty the Gain Esteem phase begins."""
        self.picker = -1
        if self.deck:
            self.advisor = (self.advisor + 1) % self.num_players
            self.start_turn(events)
            return
        self.rng.shuffle(self.favor)
        self.first = (self.advisor + 1) % self.num_players
        if events is not None:
            events.append(
                Event(
                    "phase",
                    "the Favor deck is shuffled: the Gain Esteem phase begins",
                    {"first_player": self.first},
                )
            )
        self._start_round(events)

    # --- P2: Gain Esteem ---------------------------------------------------------------------

    def _start_round(self, events: list[Event] | None) -> None:
        if not self.favor:
            self.phase = OVER
            self.cur = -1
            self.revealed = -1
            if events is not None:
                from courtly.games.for_the_king.scoring import final_text

                events.append(Event("end", final_text(self), {"winners": self.winners()}))
            return
        card = self.favor.pop()
        self.placer[card] = -1
        self.loc[card] = REVEALED
        self.revealed = card
        self.phase = BID
        self.high = 0
        self.high_bidder = -1
        self.excluded = 0
        self.out = 0
        self.cur = self.first
        if events is not None:
            events.append(
                Event(
                    "reveal",
                    f"seat {self.first} revealed {card_name(card)}",
                    {"seat": self.first, "card": CARD_CODE[card]},
                )
            )

    def _bid(self, amount: int, events: list[Event] | None) -> None:
        self.high = amount
        self.high_bidder = self.cur
        if events is not None:
            events.append(
                Event("bid", f"seat {self.cur} bids {amount}", {"seat": self.cur, "amount": amount})
            )
        self._next_bidder(events)

    def _pass(self, events: list[Event] | None) -> None:
        self.out |= 1 << self.cur
        if events is not None:
            events.append(Event("pass", f"seat {self.cur} passes", {"seat": self.cur}))
        self._next_bidder(events)

    def _next_bidder(self, events: list[Event] | None) -> None:
        """P2.3-P2.5: the auction ends when one bidder is left, or nobody bid."""
        n = self.num_players
        active = ((1 << n) - 1) & ~self.out
        if not active:
            self._discard_revealed(events)
            return
        if not active & (active - 1):
            if self.high:
                self._win(self.high_bidder, events)
                return
            self.cur = active.bit_length() - 1
            return
        seat = self.cur
        while True:
            seat = seat + 1 if seat + 1 < n else 0
            if active >> seat & 1:
                self.cur = seat
                return

    def _discard_revealed(self, events: list[Event] | None) -> None:
        card = self.revealed
        self.revealed = -1
        self._discard_up(card)
        if events is not None:
            events.append(
                Event(
                    "unwanted",
                    f"nobody bid: {card_name(card)} is discarded",
                    {"card": CARD_CODE[card]},
                )
            )
        self._end_round(events)

    def _end_round(self, events: list[Event] | None) -> None:
        self.first = (self.first + 1) % self.num_players
        self._start_round(events)

    def _win(self, winner: int, events: list[Event] | None) -> None:
        """P2.6-P2.8: the winner pays, or loses a random card and the others bid again."""
        card = self.revealed
        gold_card = CARD_CATEGORY[card] == GOLD
        can = len(self.hands[winner]) if gold_card else self.gold[winner]
        if events is not None:
            events.append(
                Event(
                    "win",
                    f"seat {winner} wins {card_name(card)} for {self.high}",
                    {"seat": winner, "amount": self.high, "card": CARD_CODE[card]},
                )
            )
        if can < self.high:
            self._penalty(winner, events)
            return
        self.cur = winner
        self.due = self.high
        self.paid = 0
        if gold_card:
            self.phase = PAY_CARDS
            self.batch = -1
            self._continue_card_payment(events)
        else:
            self.phase = PAY_GOLD
            self._continue_gold_payment(events)

    def _learn_gold(self, seat: int, low: int, high: int) -> None:
        self.limits.append((seat, low, high, len(self.batches), self.spent[seat], self.won[seat]))

    def _penalty(self, loser: int, events: list[Event] | None) -> None:
        n = self.num_players
        if CARD_CATEGORY[self.revealed] != GOLD:
            self._learn_gold(loser, 0, self.high - 1)
        left = (loser + 1) % n
        hand = self.hands[loser]
        if hand:
            card = self._copy_in_hand(
                loser, CARD_KIND[hand[self.rng.below(len(hand))]], hidden=True
            )
            self._from_hand(loser, card)
            self.loc[card] = BATCH_BASE + len(self.batches)
            self.batches.append((loser, (1 << loser) | (1 << left)))
            if events is not None:
                events.append(
                    Event(
                        "penalty-card",
                        f"the card drawn was {card_name(card)}",
                        {"card": CARD_CODE[card]},
                        frozenset({loser, left}),
                    )
                )
        if events is not None:
            events.append(
                Event(
                    "penalty",
                    f"seat {loser} cannot pay: seat {left} discards a random "
                    f"card of theirs face down, and the others bid again",
                    {"seat": loser, "drawn_by": left, "card_drawn": bool(hand)},
                )
            )
        self.excluded |= 1 << loser
        self.out = self.excluded
        self.high = 0
        self.high_bidder = -1
        self.phase = BID
        active = ((1 << n) - 1) & ~self.out
        if not active:
            self._discard_revealed(events)
            return
        seat = self.first
        while not active >> seat & 1:
            seat = (seat + 1) % n
        self.cur = seat

    def _continue_gold_payment(self, events: list[Event] | None) -> None:
        # Even a forced choice is asked for: skipping it would tell the table which Gold
        # values the payer holds.
        if self.paid >= self.due:
            self._receive(events)

    def _pay_gold(self, value: int, events: list[Event] | None) -> None:
        seat = self.cur
        best = self._copy_in_hand(seat, GOLD_KIND_BASE + GOLD_VALUES.index(value), hidden=False)
        self._from_hand(seat, best)
        self._discard_up(best)
        self.spent[seat] += value
        self.paid += value
        if events is not None:
            events.append(
                Event(
                    "pay",
                    f"seat {seat} pays a Gold {value}",
                    {"seat": seat, "card": CARD_CODE[best]},
                )
            )

    def _continue_card_payment(self, events: list[Event] | None) -> None:
        # Only a payment of the whole hand (public: everyone sees its size) is made at once.
        hand = self.hands[self.cur]
        if len(hand) == self.due - self.paid:
            while hand:
                self._discard_kind(CARD_KIND[hand[0]], events)
        if self.paid >= self.due:
            self._receive(events)

    def _discard_kind(self, kind: int, events: list[Event] | None) -> None:
        seat = self.cur
        card = self._copy_in_hand(seat, kind, hidden=True)
        self._from_hand(seat, card)
        if self.batch < 0:
            self.batch = len(self.batches)
            self.batches.append((seat, 1 << seat))
        self.loc[card] = BATCH_BASE + self.batch
        self.paid += 1
        if events is not None:
            events.append(
                Event("discard", f"seat {seat} discards a card face down", {"seat": seat})
            )
            events.append(
                Event(
                    "discard-card",
                    f"you discarded {card_name(card)}",
                    {"card": CARD_CODE[card]},
                    frozenset({seat}),
                )
            )

    def _receive(self, events: list[Event] | None) -> None:
        card = self.revealed
        seat = self.cur
        self.batch = -1
        if CARD_CATEGORY[card] == GOV or CARD_CATEGORY[card] == GOLD:
            self.won[seat] += GOLD_OF[card]
            self.revealed = -1
            self._to_hand(seat, card, public=True)
            self._end_round(events)
            return
        self.phase = KING
        self.king_left = king_effect(card)[3]
        self.king_first = -1

    def _king_change(self, office: int, delta: int, events: list[Event] | None) -> None:
        """P2.7: a King card moves Primary values by 1, within 1..6, then is discarded."""
        value = self.primary[office] + delta
        self.primary[office] = min(DUTY_MAX, max(DUTY_MIN, value))
        self.king_left -= 1
        self.king_first = office
        if events is not None:
            word = "raises" if delta > 0 else "lowers"
            events.append(
                Event(
                    "king",
                    f"seat {self.cur} {word} {OFFICES[office]} to {self.primary[office]}",
                    {"seat": self.cur, "office": OFFICES[office], "value": self.primary[office]},
                )
            )
        if not self.king_left:
            card = self.revealed
            self.revealed = -1
            self.king_first = -1
            self._discard_up(card)
            self._end_round(events)

    # --- results --------------------------------------------------------------------------------

    def batch_gold(self) -> list[int]:
        """The Gold value in each face-down batch."""
        out = [0] * len(self.batches)
        for c, where in enumerate(self.loc):
            if where >= BATCH_BASE:
                out[where - BATCH_BASE] += GOLD_OF[c]
        return out

    def gold_then(
        self, limit: tuple[int, int, int, int, int, int], batch_gold: list[int] | None = None
    ) -> int:
        """The Gold a seat held when ``limit`` was learnt (see ``limits``)."""
        seat, _low, _high, since, spent, won = limit
        gold = self.gold[seat] + self.spent[seat] - spent - self.won[seat] + won
        in_batches = self.batch_gold() if batch_gold is None else batch_gold
        batches = self.batches
        for b in range(since, len(batches)):
            if batches[b][0] == seat:
                gold += in_batches[b]
        return gold

    def scores(self) -> list[float]:
        from courtly.games.for_the_king.scoring import victory_points

        return [float(v) for v in victory_points(self)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        from courtly.games.for_the_king.scoring import winners

        return winners(self)

    # --- information ----------------------------------------------------------------------------

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        from courtly.games.for_the_king.knowledge import observe

        return observe(self, -1 if viewer is None else viewer)

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def _resample(self, player: int, rng: Rng) -> FtkState:
        from courtly.games.for_the_king.knowledge import resample

        return resample(self, player, rng)

    def _body_to_json(self) -> dict[str, Any]:
        from courtly.games.for_the_king.serialize import body_to_json

        return body_to_json(self)

    def check_invariants(self) -> None:
        from courtly.games.for_the_king.invariants import check

        check(self)
