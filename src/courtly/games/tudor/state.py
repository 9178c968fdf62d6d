"""The Tudor position: plain lists of ints, so cloning is cheap.

This module is data: the fields, their copying, and the small queries every rule module needs.
It imports no rule module and calls no rule: the rules live in ``rules/``, and ``game.py``'s
``TudorPosition`` answers the kernel's hooks (legal actions, playing one, views, JSON,
invariants, winners) by calling them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, Final

from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.tudor.board import BOARDS
from courtly.games.tudor.codes import ACT_NONE, FIG_NONE, M_DRAFT, M_OVER, MODE_NAMES
from courtly.games.tudor.data import (
    ENHANCEMENT_MASKS,
    INFLUENCE_TOKENS,
    INTRIGUE_TOKENS,
    OPPORTUNITY_TOKENS,
)
from courtly.games.tudor.options import Parameters

# Whether this module runs compiled (an extension module's file is not a .py): the copy, and
# the few sums the rules make at every turn, take the faster way of each build (compiled,
# ``sum`` of a list is the builtin called through Python's generic call, a thousand machine
# instructions, where a loop is a few dozen; interpreted, the builtin is three times faster
# than a loop).
COMPILED: Final = not __file__.endswith((".py", ".pyc"))


class TudorState(State):
    __slots__ = (
        "act",
        "acted",
        "amb",
        "aux",
        "bag",
        "bench",
        "board",
        "bonus_used",
        "chairs",
        "csup",
        "ctok",
        "cur",
        "draft_pos",
        "drafted",
        "fig",
        "figure_chamber",
        "game",
        "hand",
        "infl",
        "intr",
        "lord_acted",
        "lord_actions_left",
        "lords",
        "mark",
        "mode",
        "moved_from",
        "movement",
        "num_players",
        "occ",
        "office",
        "oppt",
        "options",
        "params",
        "pend",
        "pend_rearrange",
        "prestige",
        "removed_marks",
        "removed_tok",
        "rings",
        "rng",
        "round",
        "rounds",
        "scen_used",
        "spent",
        "stand",
        "start",
        "supply",
        "take_kind",
        "to_place",
        "todo",
        "tok",
        "turn_player",
        "xs",
    )

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, Any],
        rng: Rng,
        copy_of: TudorState | None = None,
    ) -> None:
        """A position before setup, or a copy of ``copy_of`` sharing nothing mutable: what
        :meth:`clone` makes, field by field with no call in between (the search's hot path;
        compiled, a class cannot be made with ``__new__`` and filled in). Nested lists are
        copied by ``map(list.copy, ...)`` interpreted, where a comprehension costs a frame
        more, and by a comprehension compiled, where it is a native loop and ``map`` went
        through Python's generic calls (a lookup of ``list.copy``, the map object, a call per
        row, the unpacking: half of a compiled copy's work)."""
        if copy_of is None:
            n = num_players
            self.game = game
            self.num_players = n
            self.options = options
            self.rng = rng
            self.params = Parameters.from_options(options, n)
            b = self.board = BOARDS[n]  # the Throne Room for this player count (T1)
            s = b.size
            self.tok = [-1] * s
            self.mark = [0] * s
            self.occ = [-1] * s
            self.office = [-1] * b.columns
            self.bag: list[int] = []
            self.supply = [0] * 7
            self.stand = [0] * 7
            self.hand = [[0] * 7 for _ in range(n)]
            self.ctok = [[0] * 7 for _ in range(n)]
            self.spent = [[0] * 7 for _ in range(n)]
            self.infl = [0] * n
            self.intr = [0] * n
            self.oppt = [0] * n  # Opportunity Tokens (variant)
            self.amb = [0] * n  # Ambassadors on Diplomatic Service
            self.removed_tok = [0] * 7
            self.removed_marks = [0] * 4
            self.rings: list[list[int]] = [[] for _ in range(n)]  # finger * 8 + faction, sorted
            self.csup = [0] * n
            self.bench: list[list[int]] = [[], [], []]
            chairs = b.layout.chairs_per_table
            self.chairs = [[-1] * chairs for _ in range(3)]
            self.acted = [[0] * chairs for _ in range(3)]
            self.lords = [-1] * n
            self.lord_acted = [0] * n
            self.prestige = [0] * n
            self.round = 1
            self.rounds = 1
            self.start = 0
            self.mode = M_DRAFT
            self.cur = 0
            # the seat whose Phase 4 turn it is (T5.1); ``cur``, the seat to decide, may be
            # another while a card or Ring decision interrupts the turn
            self.turn_player = 0
            self.to_place = [0] * n
            self.fig = FIG_NONE
            self.figure_chamber = -1  # chamber of the figure activated this turn (T5.2-T5.3), or -1
            # the activated Lord's chamber actions still to perform (T5.3), a bit per action of
            # CHAMBER_ACTIONS[figure_chamber]; 3, none done yet, also allows G or H (T7)
            self.lord_actions_left = 0
            self.bonus_used = [0] * n
            self.act = ACT_NONE
            # the movement under way (T6.7: finished before another begins), indexed by MV_*:
            # kind, space reached (-1: none yet), spaces left, spaces moved, seat, any direction
            self.movement = [0, -1, 0, 0, 0, 0]
            self.xs: list[int] = []  # scratch: new Rings of Action B, cards paid for Action E
            self.scen_used = 0  # v15: Scenario actions used this turn (bit per side)
            self.moved_from: list[int] = []
            self.take_kind = 0
            self.aux = -1  # see ``chosen``, ``refund_colours`` and ``counter``
            self.pend: list[int] = []
            self.pend_rearrange = 0
            self.todo: list[tuple[int, ...]] = []
            self.draft_pos = 0
            self.drafted: list[int] = []  # seat * 8 + faction, during the starting Ring draft
            return
        other = copy_of
        self.game = other.game
        self.num_players = other.num_players
        self.options = other.options
        self.rng = other.rng.copy()
        self.params = other.params
        self.board = other.board
        self.tok = other.tok[:]
        self.mark = other.mark[:]
        self.occ = other.occ[:]
        self.office = other.office[:]
        self.bag = other.bag[:]
        self.supply = other.supply[:]
        self.stand = other.stand[:]
        if COMPILED:
            self.hand = [row[:] for row in other.hand]
            self.ctok = [row[:] for row in other.ctok]
            self.spent = [row[:] for row in other.spent]
            self.rings = [row[:] for row in other.rings]
            self.bench = [row[:] for row in other.bench]
            self.chairs = [row[:] for row in other.chairs]
            self.acted = [row[:] for row in other.acted]
        else:
            self.hand = [*map(list.copy, other.hand)]
            self.ctok = [*map(list.copy, other.ctok)]
            self.spent = [*map(list.copy, other.spent)]
            self.rings = [*map(list.copy, other.rings)]
            self.bench = [*map(list.copy, other.bench)]
            self.chairs = [*map(list.copy, other.chairs)]
            self.acted = [*map(list.copy, other.acted)]
        self.infl = other.infl[:]
        self.intr = other.intr[:]
        self.oppt = other.oppt[:]
        self.amb = other.amb[:]
        self.removed_tok = other.removed_tok[:]
        self.removed_marks = other.removed_marks[:]
        self.csup = other.csup[:]
        self.lords = other.lords[:]
        self.lord_acted = other.lord_acted[:]
        self.prestige = other.prestige[:]
        self.round = other.round
        self.rounds = other.rounds
        self.start = other.start
        self.mode = other.mode
        self.cur = other.cur
        self.turn_player = other.turn_player
        self.to_place = other.to_place[:]
        self.fig = other.fig
        self.figure_chamber = other.figure_chamber
        self.lord_actions_left = other.lord_actions_left
        self.bonus_used = other.bonus_used[:]
        self.act = other.act
        self.movement = other.movement[:]
        self.xs = other.xs[:]
        self.scen_used = other.scen_used
        self.moved_from = other.moved_from[:]
        self.take_kind = other.take_kind
        self.aux = other.aux
        self.pend = other.pend[:]
        self.pend_rearrange = other.pend_rearrange
        self.todo = other.todo[:]
        self.draft_pos = other.draft_pos
        self.drafted = other.drafted[:]

    # --- kernel hooks that read the fields (the rest: ``TudorPosition`` in game.py) -------

    @property
    def current_player(self) -> int | None:
        return None if self.mode == M_OVER else self.cur

    @property
    def is_terminal(self) -> bool:
        return self.mode == M_OVER

    def scores(self) -> list[float]:
        return [float(x) for x in self.prestige]

    @abstractmethod
    def clone(self) -> TudorState:
        """An independent copy (written out in game.py, on the search's hot path)."""

    def phase_name(self) -> str:
        return MODE_NAMES[self.mode]

    def public_scores(self) -> list[float] | None:
        """The Prestige Track is in the open all game (the end-game scoring adds to it last)."""
        return self.scores()

    # --- ``aux``: one value carried from a step of a decision to the next ----------------
    # It is the JSON's ``decision.aux``; what it holds depends on the decision, so the rules
    # read and write it by the name of what it holds there.

    @property
    def chosen(self) -> int:
        """What an earlier step of this decision chose, for the next one (-1: nothing): a Ring
        code, finger * 8 + faction (Action B, T7.2; a Ring exchange, T8.3, T10); a chair,
        chamber * 8 + index (Persistent Courtiers, Rise And Fall, T10); a Throne Room space or a
        received token (Persistent Courtiers' swap, the Immediate choice, T10); the faction of
        the first card or Court Token (Action D, T7.4; the Bonus move, T9.1); a disgraced
        holder's seat (T8.3). Below -1: the step of a Ring exchange or chair choice under way
        (``RETURN_FOR_EXCHANGE``, ``RING_SWAP_OWN``, ``RING_SWAP_OTHER``, ``CHAIR_FOR_SWITCH``)."""
        return self.aux

    @chosen.setter
    def chosen(self, value: int) -> None:
        self.aux = value

    @property
    def refund_colours(self) -> int:
        """A bit per faction: the colours of the cards discarded for an enhanced Action E, one
        of which comes back after 3 or more spaces (T16)."""
        return self.aux

    @refund_colours.setter
    def refund_colours(self, value: int) -> None:
        self.aux = value

    @property
    def counter(self) -> int:
        """A count carried between decisions: the cards still owed for the spaces a movement
        passed (T6.5, T7.3, T7.5), or the seats asked so far in the novice option's Ring
        rearranging before Round 2 (T16)."""
        return self.aux

    @counter.setter
    def counter(self, value: int) -> None:
        self.aux = value

    # --- small queries shared by the rule modules ---------------------------------------

    def ring_colours(self, p: int) -> int:
        """Bit mask of the ring colours on ``p``'s hand."""
        m = 0
        for code in self.rings[p]:
            m |= 1 << (code & 7)
        return m

    def finger_mask(self, p: int) -> int:
        m = 0
        for code in self.rings[p]:
            m |= 1 << (code >> 3)
        return m

    def enhanced(self, p: int, letter: int) -> bool:
        need = ENHANCEMENT_MASKS[letter]
        if not need or not self.params.enhancements:
            return False
        if self.round == 1 and p in self.params.novice_seats:
            return False
        return self.finger_mask(p) & need == need

    def has_figure(self, p: int) -> bool:
        """Whether ``p`` still has a Lord or Courtier to activate this round."""
        if self.lords[p] >= 0 and not self.lord_acted[p]:
            return True
        for ch in range(3):
            row = self.chairs[ch]
            acted = self.acted[ch]
            for i in range(len(row)):
                if row[i] == p and not acted[i]:
                    return True
        return False

    def marker_totals(self) -> list[int]:
        """Influence, Intrigue and Opportunity Tokens in this game, indexed by marker type."""
        removed = self.board.layout.markers_removed_per_type
        infl = INFLUENCE_TOKENS - removed
        intr = INTRIGUE_TOKENS - removed
        opp = 0
        if self.params.opportunity:
            infl -= OPPORTUNITY_TOKENS // 2
            intr -= OPPORTUNITY_TOKENS // 2
            opp = OPPORTUNITY_TOKENS
        return [0, infl, intr, opp]

    def draw_token(self) -> int:
        """The next Court Token from the bag (-1 once the bag is empty), face up: a draw shows
        every seat a token none could know (``State.reveal``)."""
        if not self.bag:
            return -1
        self.reveal()
        return self.bag.pop()
