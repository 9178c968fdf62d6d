"""The Tudor position: plain lists of ints, so cloning is cheap.

This module holds the data and the small queries every rule module needs; the rules live in
``rules/``. The kernel's hooks (legal actions, playing one, views, JSON, invariants, winners)
are answered by the functions ``game.py`` wires into :class:`Hooks`, so that this module
imports no rule module and the package has no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.tudor.board import BOARDS
from courtly.games.tudor.codes import ACT_NONE, FIG_NONE, M_DRAFT, M_OVER, MODE_NAMES
from courtly.games.tudor.data import ENHANCEMENT_MASKS
from courtly.games.tudor.options import Setup


@dataclass(frozen=True, slots=True)
class Hooks:
    """The functions behind the kernel's hooks, chosen in ``game.py``."""

    legal_ids: Callable[[TudorState], list[int]]
    apply: Callable[[TudorState, int, list[Event] | None], None]
    observe: Callable[[TudorState, int | None], dict[str, Any]]
    resample: Callable[[TudorState, int, Rng], TudorState]
    body_to_json: Callable[[TudorState], dict[str, Any]]
    check: Callable[[TudorState], None]
    winners: Callable[[TudorState], list[int]]
    breakdown: Callable[[TudorState], dict[str, Any]]


class TudorState(State):
    __slots__ = (
        "act",
        "acted",
        "amb",
        "b",
        "bag",
        "bench",
        "bonus_used",
        "chairs",
        "csup",
        "ctok",
        "cur",
        "draft_pos",
        "drafted",
        "fch",
        "fig",
        "game",
        "hand",
        "hooks",
        "infl",
        "intr",
        "lmask",
        "lord_acted",
        "lords",
        "mark",
        "mode",
        "moved_from",
        "mv",
        "num_players",
        "occ",
        "office",
        "oppt",
        "options",
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
        "setup",
        "spent",
        "stand",
        "start",
        "supply",
        "take_kind",
        "tmp",
        "to_place",
        "todo",
        "tok",
        "tp",
        "xs",
    )

    def __init__(
        self,
        game: Game,
        hooks: Hooks,
        num_players: int,
        options: Mapping[str, Any],
        rng: Rng,
        copy_of: TudorState | None = None,
    ) -> None:
        """A position before setup, or a copy of ``copy_of`` sharing nothing mutable: what
        :meth:`clone` makes, field by field with no call in between (the search's hot path;
        compiled, a class cannot be made with ``__new__`` and filled in). Nested lists are
        copied by ``map(list.copy, ...)``: interpreted, a comprehension costs a frame more."""
        if copy_of is None:
            n = num_players
            self.game = game
            self.hooks = hooks
            self.num_players = n
            self.options = options
            self.rng = rng
            self.setup = Setup.from_options(options, n)
            b = self.b = BOARDS[n]
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
            self.tp = 0
            self.to_place = [0] * n
            self.fig = FIG_NONE
            self.fch = -1
            self.lmask = 0
            self.bonus_used = [0] * n
            self.act = ACT_NONE
            self.mv = [0, -1, 0, 0, 0, 0]
            self.xs: list[int] = []  # scratch: new Rings of Action B, cards paid for Action E
            self.scen_used = 0  # v15: Scenario actions used this turn (bit per side)
            self.moved_from: list[int] = []
            self.take_kind = 0
            self.tmp = -1
            self.pend: list[int] = []
            self.pend_rearrange = 0
            self.todo: list[tuple[int, ...]] = []
            self.draft_pos = 0
            self.drafted: list[int] = []  # seat * 8 + faction, during the starting Ring draft
            return
        other = copy_of
        self.game = other.game
        self.hooks = other.hooks
        self.num_players = other.num_players
        self.options = other.options
        self.rng = other.rng.copy()
        self.setup = other.setup
        self.b = other.b
        self.tok = other.tok[:]
        self.mark = other.mark[:]
        self.occ = other.occ[:]
        self.office = other.office[:]
        self.bag = other.bag[:]
        self.supply = other.supply[:]
        self.stand = other.stand[:]
        self.hand = [*map(list.copy, other.hand)]
        self.ctok = [*map(list.copy, other.ctok)]
        self.spent = [*map(list.copy, other.spent)]
        self.infl = other.infl[:]
        self.intr = other.intr[:]
        self.oppt = other.oppt[:]
        self.amb = other.amb[:]
        self.removed_tok = other.removed_tok[:]
        self.removed_marks = other.removed_marks[:]
        self.rings = [*map(list.copy, other.rings)]
        self.csup = other.csup[:]
        self.bench = [*map(list.copy, other.bench)]
        self.chairs = [*map(list.copy, other.chairs)]
        self.acted = [*map(list.copy, other.acted)]
        self.lords = other.lords[:]
        self.lord_acted = other.lord_acted[:]
        self.prestige = other.prestige[:]
        self.round = other.round
        self.rounds = other.rounds
        self.start = other.start
        self.mode = other.mode
        self.cur = other.cur
        self.tp = other.tp
        self.to_place = other.to_place[:]
        self.fig = other.fig
        self.fch = other.fch
        self.lmask = other.lmask
        self.bonus_used = other.bonus_used[:]
        self.act = other.act
        self.mv = other.mv[:]
        self.xs = other.xs[:]
        self.scen_used = other.scen_used
        self.moved_from = other.moved_from[:]
        self.take_kind = other.take_kind
        self.tmp = other.tmp
        self.pend = other.pend[:]
        self.pend_rearrange = other.pend_rearrange
        self.todo = other.todo[:]
        self.draft_pos = other.draft_pos
        self.drafted = other.drafted[:]

    # --- kernel hooks -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.mode == M_OVER else self.cur

    @property
    def is_terminal(self) -> bool:
        return self.mode == M_OVER

    def legal_action_ids(self) -> list[int]:
        return self.hooks.legal_ids(self)

    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        self.hooks.apply(self, action_id, events)

    def scores(self) -> list[float]:
        return [float(x) for x in self.prestige]

    def winners(self) -> list[int]:
        return self.hooks.winners(self) if self.mode == M_OVER else []

    def clone(self) -> TudorState:
        return TudorState(self.game, self.hooks, self.num_players, self.options, self.rng, self)

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        return self.hooks.observe(self, viewer)

    def phase_name(self) -> str:
        return MODE_NAMES[self.mode]

    def score_breakdown(self) -> dict[str, Any]:
        return self.hooks.breakdown(self)

    def public_scores(self) -> list[float] | None:
        """The Prestige Track is in the open all game (the end-game scoring adds to it last)."""
        return self.scores()

    def _resample(self, player: int, rng: Rng) -> TudorState:
        return self.hooks.resample(self, player, rng)

    def _body_to_json(self) -> dict[str, Any]:
        return self.hooks.body_to_json(self)

    def check_invariants(self) -> None:
        self.hooks.check(self)

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
        if not need or not self.setup.enhancements:
            return False
        if self.round == 1 and p in self.setup.novice_seats:
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

    def draw_token(self) -> int:
        """The next Court Token from the bag (-1 once the bag is empty), face up: a draw shows
        every seat a token none could know (``State.reveal``)."""
        if not self.bag:
            return -1
        self.reveal()
        return self.bag.pop()
