"""A For the King (and me) position: its fields and the primitive changes the rules make.

Clause numbers (S = setup, P1 = Share Influence, P2 = Gain Esteem, E = end, I = information)
refer to docs/games/for_the_king.md. This is data: the rules are in ``rules/``, and
``game.FtkPosition`` wires the kernel's hooks to the modules that implement them.
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import insort
from collections.abc import Mapping
from typing import Any, Final

from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    DECK,
    HAND_BASE,
    OVER,
    PHASE_NAMES,
    PLACE,
    UP,
)
from courtly.games.for_the_king.data import (
    CARD_KIND,
    CARD_LETTER,
    CARD_OFFICE,
    CARD_VALUE,
    GOLD_OF,
    NUM_CARDS,
    NUM_OFFICES,
    PRIMARY_START,
)
from courtly.games.for_the_king.options import Parameters

# (seat, at least, at most, first batch since, spent then, won then): see ``limits``.
GoldLimit = tuple[int, int, int, int, int, int]


def added(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added to the one at ``index`` (a position's rarely changed
    fields are tuples its copies share)."""
    items = list(values)
    items[index] += amount
    return tuple(items)


# ``standing``: per seat, STANDING_STRIDE ints: the sum of the hand's Government values per
# office, then its best letter per office (0 = A; NO_LETTER when it has none of that colour).
STANDING_STRIDE: Final = 2 * NUM_OFFICES
NO_LETTER: Final = 99

_FIELDS: Final = (
    "game",
    "num_players",
    "options",
    "params",
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
    "standing",
)


class FtkState(State):
    """The fields of a position; the class every position really has is ``game.FtkPosition``,
    which adds the hooks."""

    __slots__ = _FIELDS

    game: Game
    params: Parameters  # the options and the Offices in play, read once
    phase: int
    cur: int  # the seat to decide (-1 once over)
    loc: list[int]  # location code per card (codes.py)
    hands: list[list[int]]  # personal deck / hand per seat, sorted card ids
    deck: list[int]  # top card last
    favor: list[int]  # top card last (kept sorted until it is shuffled at P2.1)
    middle: list[int]
    up: tuple[int, ...]  # face-up discard pile, in order
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
    primary: tuple[int, ...]  # Primary Duty value per office (0: office not in play)
    batches: tuple[tuple[int, int], ...]  # face-down discards: (owner, bitmask of who saw them)
    arrive: list[int]  # per card in a hand or batch: -1 if it arrived hidden, else the batch
    # count when it publicly entered that hand
    # Per Favor-deck card: the Advisor who put it there (-1 otherwise). A list, unlike the other
    # rarely changed fields: it changes at every turn's Favor placement and every auction, and a
    # new tuple of 108 then cost as much as the copies it saved.
    placer: list[int]
    favor_placed: tuple[int, ...]
    spent: tuple[int, ...]  # Gold value paid, per seat
    won: tuple[int, ...]  # value of the Gold cards won at auction, per seat
    # What the table learnt about a hand's Gold at some moment (a failed payment, P2.9):
    # (seat, at least, at most, first batch since, spent then, won then). The Gold held
    # then = Gold now + spent since - won since + Gold in that seat's batches since.
    limits: tuple[GoldLimit, ...]
    gold: list[int]  # Gold value in hand, per seat
    # What the Duties are scored from, kept up to date as hands change (each scored candidate
    # of the greedy policy and each search leaf read it instead of going through the hands):
    # see STANDING_STRIDE. Derived from ``hands`` like ``gold``, so in no JSON form.
    standing: list[int]

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, Any],
        rng: Rng,
        copy_of: FtkState | None = None,
    ) -> None:
        """A blank position (every card in the deck, nothing placed), or a copy of
        ``copy_of`` that shares nothing mutable with it."""
        if copy_of is not None:
            other = copy_of
            s = self
            s.game = other.game
            s.num_players = other.num_players
            s.options = other.options
            s.params = other.params
            s.rng = other.rng.copy()
            s.phase = other.phase
            s.cur = other.cur
            s.loc = other.loc[:]
            # map, not a comprehension: interpreted, that costs a frame more per copy.
            s.hands = [*map(list.copy, other.hands)]
            s.deck = other.deck[:]
            s.favor = other.favor[:]
            s.middle = other.middle[:]
            s.up = other.up
            s.held = other.held
            s.advisor = other.advisor
            s.n_own = other.n_own
            s.n_mid = other.n_mid
            s.n_fav = other.n_fav
            s.picker = other.picker
            s.first = other.first
            s.revealed = other.revealed
            s.high = other.high
            s.high_bidder = other.high_bidder
            s.out = other.out
            s.excluded = other.excluded
            s.due = other.due
            s.paid = other.paid
            s.batch = other.batch
            s.king_left = other.king_left
            s.king_first = other.king_first
            # Tuples, shared: they change rarely, so a move that changes one makes a new one.
            s.primary = other.primary
            s.batches = other.batches
            s.arrive = other.arrive[:]
            s.placer = other.placer[:]
            s.favor_placed = other.favor_placed
            s.spent = other.spent
            s.won = other.won
            s.limits = other.limits
            s.gold = other.gold[:]
            s.standing = other.standing[:]
            return
        s = self
        s.game = game
        s.num_players = num_players
        s.options = options
        params = s.params = Parameters.from_options(options, num_players)
        s.rng = rng
        s.phase = PLACE
        s.cur = 0
        s.loc = [DECK] * NUM_CARDS
        s.hands = [[] for _ in range(num_players)]
        s.deck = []
        s.favor = []
        s.middle = []
        s.up = ()
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
        s.primary = tuple(PRIMARY_START if o in params.offices else 0 for o in range(NUM_OFFICES))
        s.batches = ()
        s.arrive = [-1] * NUM_CARDS
        s.placer = [-1] * NUM_CARDS
        s.favor_placed = (0,) * num_players
        s.spent = (0,) * num_players
        s.won = (0,) * num_players
        s.limits = ()
        s.gold = [0] * num_players
        s.standing = ([0] * NUM_OFFICES + [NO_LETTER] * NUM_OFFICES) * num_players

    @abstractmethod
    def clone(self) -> FtkState:
        """An independent copy (written out in game.py, on the search's hot path)."""

    # --- primitive changes ----------------------------------------------------------------

    def to_hand(self, seat: int, card: int, public: bool) -> None:
        insort(self.hands[seat], card)
        self.loc[card] = HAND_BASE + seat
        self.arrive[card] = len(self.batches) if public else -1
        self.gold[seat] += GOLD_OF[card]
        office = CARD_OFFICE[card]
        if office >= 0:
            i = seat * STANDING_STRIDE + office
            standing = self.standing
            standing[i] += CARD_VALUE[card]
            if CARD_LETTER[card] < standing[i + NUM_OFFICES]:
                standing[i + NUM_OFFICES] = CARD_LETTER[card]

    def from_hand(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.gold[seat] -= GOLD_OF[card]
        office = CARD_OFFICE[card]
        if office >= 0:
            i = seat * STANDING_STRIDE + office
            standing = self.standing
            standing[i] -= CARD_VALUE[card]
            if CARD_LETTER[card] == standing[i + NUM_OFFICES]:
                best = NO_LETTER
                for c in hand:
                    if CARD_OFFICE[c] == office and CARD_LETTER[c] < best:
                        best = CARD_LETTER[c]
                standing[i + NUM_OFFICES] = best

    def set_hand(self, seat: int, cards: list[int]) -> None:
        """``seat``'s hand is ``cards`` (sorted): its Gold and ``standing`` follow (locations
        and arrivals are the caller's)."""
        self.hands[seat] = cards
        gold = 0
        base = seat * STANDING_STRIDE
        standing = self.standing
        for o in range(NUM_OFFICES):
            standing[base + o] = 0
            standing[base + NUM_OFFICES + o] = NO_LETTER
        for c in cards:
            gold += GOLD_OF[c]
            office = CARD_OFFICE[c]
            if office >= 0:
                standing[base + office] += CARD_VALUE[c]
                if CARD_LETTER[c] < standing[base + NUM_OFFICES + office]:
                    standing[base + NUM_OFFICES + office] = CARD_LETTER[c]
        self.gold[seat] = gold

    def copy_in_hand(self, seat: int, kind: int, hidden: bool) -> int:
        """The copy of ``kind`` in ``seat``'s hand that moves when one leaves it (RULINGS FK-22).

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

    def discard_up(self, card: int) -> None:
        self.loc[card] = UP
        self.arrive[card] = -1
        self.up = (*self.up, card)

    def learn_gold(self, seat: int, low: int, high: int) -> None:
        """Keep what the table learnt about ``seat``'s Gold now (I5, ``limits``)."""
        limit = (seat, low, high, len(self.batches), self.spent[seat], self.won[seat])
        self.limits = (*self.limits, limit)

    def add_batch(self, owner: int, seen: int) -> int:
        """A new face-down batch of ``owner``'s, seen by the seats in ``seen``; its number."""
        self.batches = (*self.batches, (owner, seen))
        return len(self.batches) - 1

    def batch_gold(self) -> list[int]:
        """The Gold value in each face-down batch."""
        out = [0] * len(self.batches)
        for c, where in enumerate(self.loc):
            if where >= BATCH_BASE:
                out[where - BATCH_BASE] += GOLD_OF[c]
        return out

    def gold_then(self, limit: GoldLimit, batch_gold: list[int] | None = None) -> int:
        """The Gold a seat held when ``limit`` was learnt (see ``limits``)."""
        seat, _low, _high, since, spent, won = limit
        gold = self.gold[seat] + self.spent[seat] - spent - self.won[seat] + won
        in_batches = self.batch_gold() if batch_gold is None else batch_gold
        batches = self.batches
        for b in range(since, len(batches)):
            if batches[b][0] == seat:
                gold += in_batches[b]
        return gold

    # --- small accessors the kernel asks for ---------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]
